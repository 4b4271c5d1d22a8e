/**
 * Paimon write previews in the reader's language (issue 20): compaction's description and its "level N" notes,
 * expire's description (with why it stops where it does), row writes, tags and both rollbacks carry catalog
 * messages whose English is exactly the preview's text (the CLI prints that) and whose zh-CN rendering is Chinese.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChangePreview } from '../../../commit/change-preview.ts';
import type { LakeErrorRef } from '../../../errors.ts';
import { errorText } from '../../../messages/message-parts.ts';
import { zh } from '../../../messages/zh.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { PaimonTable } from '../table.ts';

beforeAll(() => installNodeParquetWasm());
const temps: string[] = [];
afterEach(() => { for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true }); });

const HAN = /[\u4e00-\u9fff]/;

/** Every text of the preview with its message: [English text, message]. */
function texts(v: ChangePreview): [string, LakeErrorRef | undefined][] {
  return [
    [v.description, v.descriptionMessage],
    ...v.warnings.map((w, i): [string, LakeErrorRef | undefined] => [w, v.warningMessages?.[i]]),
    ...[...v.writes, ...v.deletes].filter((f) => f.note).map((f): [string, LakeErrorRef | undefined] => [f.note!, f.noteMessage]),
  ];
}

function expectTranslated(v: ChangePreview): void {
  for (const [text, message] of texts(v)) {
    expect(message, text).toBeDefined();
    expect(errorText(message!), text).toBe(text);
    expect(errorText(message!, zh), text).toMatch(HAN);
  }
}

async function written(): Promise<PaimonTable> {
  const dir = mkdtempSync(join(tmpdir(), 'paimon-messages-'));
  temps.push(dir);
  const table = await PaimonTable.create(new FsStorage(dir), { columns: [{ name: 'k', type: 'INT' }, { name: 'v', type: 'STRING' }], primaryKeys: ['k'], buckets: 2 });
  await table.writeRows('upsert', [{ k: 1, v: 'a' }, { k: 2, v: 'b' }, { k: 3, v: 'c' }]);
  await table.writeRows('upsert', [{ k: 2, v: 'B' }, { k: 4, v: 'd' }]);
  return table;
}

describe('paimon write previews carry their messages', () => {
  it('compaction: description and the level notes of merged and new files; nothing to compact', async () => {
    const table = await written();
    const p = (await table.prepare({ kind: 'compact', strategy: 'full' })).preview;
    expect(p.description).toMatch(/^Full compaction: 2 bucket\(s\), \d+ file\(s\) merged into 2 as snapshot 3 \(commit kind COMPACT\)\. Rows do not change\.$/);
    expect(p.deletes[0]!.note).toBe('level 0; removed from the table (the file stays until expiration)');
    expect(errorText(p.deletes[0]!.noteMessage!, zh)).toBe('level 0；从表中移除（文件保留到过期清理为止）');
    expectTranslated(p);
    const bucket = (await table.prepare({ kind: 'compact', strategy: 'full', bucket: 0 })).preview;
    expect(bucket.description).toMatch(/^Full compaction bucket 0: 1 bucket\(s\)/);
    expect(errorText(bucket.descriptionMessage!, zh)).toMatch(/^全量合并（bucket 0）：/);
    // The unpartitioned table's one partition (empty path) is not named: the preview said 'in (unpartitioned)', English in zh-CN.
    const whole = (await table.prepare({ kind: 'compact', strategy: 'full', partitions: [{ partition: '' }] } as never)).preview;
    expect(whole.description).toMatch(/^Full compaction: 2 bucket\(s\)/);
    expect(errorText(whole.descriptionMessage!, zh)).not.toContain('unpartitioned');
    await (await table.prepare({ kind: 'compact', strategy: 'full' })).apply();
    const none = (await table.prepare({ kind: 'compact', strategy: 'full' })).preview;
    expect(none.description).toBe('Nothing to compact: every bucket is already one file at the top level with nothing to drop.');
    expectTranslated(none);
  });

  it('expire: with snapshots to expire and with none (the reason in the reader\'s language too)', async () => {
    const table = await written();
    const p = (await table.prepare({ kind: 'expire', retainLast: 1, olderThanMs: Date.now() + 60_000 })).preview;
    expect(p.description).toMatch(/^Expire snapshots 1–1 \(1\); the oldest kept is 2 \(keeps the newest 1 snapshot\(s\) \(snapshot\.num-retained\.min\)\)\. \d+ file\(s\)/);
    expect(errorText(p.descriptionMessage!, zh)).toContain('保留最新的 1 个 snapshot');
    expectTranslated(p);
    const none = (await table.prepare({ kind: 'expire', retainLast: 5 })).preview;
    expect(none.description).toMatch(/^No snapshot expires \(nothing to expire: /);
    expectTranslated(none);
  });

  it('row writes, tags and rollbacks', async () => {
    const table = await written();
    expectTranslated((await table.prepare({ kind: 'upsert', rows: [{ k: 9, v: 'z' }] })).preview);
    const del = (await table.prepare({ kind: 'delete', rows: [{ k: 1 }] })).preview;
    expect(del.warnings).toEqual(['Deleted rows stay in older snapshots (time travel) until those expire; compaction drops the DELETE records.']);
    expectTranslated(del);
    const tag = await table.prepare({ kind: 'tag', name: 'keep', snapshotId: '1' });
    expect(tag.preview.writes[0]!.note).toBe('snapshot 1 JSON + tagCreateTime');
    expectTranslated(tag.preview);
    const tagged = await tag.apply();
    expect(tagged.undo!.label).toBe('Undo: delete tag "keep"');
    expect(errorText(tagged.undo!.labelMessage!)).toBe(tagged.undo!.label);
    expect(errorText(tagged.undo!.labelMessage!, zh)).toBe('撤销：删除标签“keep”');
    expectTranslated((await table.prepare({ kind: 'remove-ref', name: 'keep', refType: 'tag' })).preview);
    expectTranslated((await table.prepare({ kind: 'rollback', snapshotId: '1' })).preview);
    const destructive = (await table.prepare({ kind: 'rollback-destructive', snapshotId: '1' })).preview;
    expect(destructive.description).toBe('Destructive rollback to snapshot 1: LATEST moves back, then 1 later snapshot(s), 0 later tag(s) and every file only they used are DELETED for good.');
    expectTranslated(destructive);
  });
});
