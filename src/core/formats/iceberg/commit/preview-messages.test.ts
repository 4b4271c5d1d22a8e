/**
 * Iceberg write previews and results in the reader's language (issue 20): the descriptions of ref operations,
 * cherry-pick, expire, delete, overwrite, schema and spec changes, orphan files and manifest rewrites, their
 * warnings and notes, and the warnings after the commit point carry catalog messages whose English is exactly the
 * text (the CLI prints that) and whose zh-CN rendering is Chinese with the same data.
 */
import { describe, expect, it } from 'vitest';
import type { ChangePreview, ChangeResult } from '../../../commit/change-preview.ts';
import type { LakeErrorRef } from '../../../errors.ts';
import { FaultStorage } from '../../../io/fault-storage.ts';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { errorText } from '../../../messages/message-parts.ts';
import { zh } from '../../../messages/zh.ts';
import { events, EVENTS_SCHEMA } from '../../../../testing/iceberg-writer-fixtures.ts';
import { appendRows } from './append.ts';
import { createTable } from './create-table.ts';
import { prepareDeleteWhere } from './delete-rows.ts';
import { prepareExpireSnapshots } from './expire-snapshots.ts';
import { prepareDeleteOrphanFiles } from './orphan-files.ts';
import { prepareOverwrite } from './overwrite.ts';
import { preparePartitionUpdate } from './partition-evolution.ts';
import { prepareBranch, prepareFastForward, prepareRemoveRef, prepareRollbackTo, prepareSetCurrentSnapshot, prepareTag } from './ref-operations.ts';
import { prepareRewriteManifests } from './rewrite-manifests.ts';
import { prepareSchemaUpdate } from './schema-evolution.ts';
import { loadTableState } from './table-state.ts';

const HAN = /[\u4e00-\u9fff]/;

/** Every text of a preview with its message: [English text, message]. */
function texts(v: ChangePreview): [string, LakeErrorRef | undefined][] {
  return [
    [v.description, v.descriptionMessage],
    ...v.warnings.map((w, i): [string, LakeErrorRef | undefined] => [w, v.warningMessages?.[i]]),
    ...[...v.writes, ...v.deletes].filter((f) => f.note).map((f): [string, LakeErrorRef | undefined] => [f.note!, f.noteMessage]),
  ];
}

/** Each text has a message rendering exactly it in English, and Chinese in zh-CN. */
function expectTranslated(pairs: [string, LakeErrorRef | undefined][]): void {
  for (const [text, message] of pairs) {
    expect(message, text).toBeDefined();
    expect(errorText(message!), text).toBe(text);
    expect(errorText(message!, zh), text).toMatch(HAN);
  }
}

const resultTexts = (r: ChangeResult): [string, LakeErrorRef | undefined][] => r.warnings.map((w, i) => [w, r.warningMessages?.[i]]);

/** A v2 table with three appends (snapshots a ← b ← c); returns their ids. */
async function table(storage = new MemoryStorage('iceberg preview messages')) {
  await createTable(storage, { location: 'mem://t', schema: EVENTS_SCHEMA, properties: { 'write.delete.mode': 'merge-on-read' } });
  for (const from of [0, 10, 20]) await appendRows(storage, events(from, 10));
  const meta = (await loadTableState(storage)).metadata;
  const [a, b, c] = meta.snapshots.map((s) => s.snapshotId);
  return { storage, a: a!, b: b!, c: c! };
}

describe('iceberg write previews carry their messages', () => {
  it('ref operations: rollback, set-current (other line), tag and branch create/move, remove, fast-forward', async () => {
    const { storage, a, b, c } = await table();
    const rollback = (await prepareRollbackTo(storage, a)).preview;
    expect(rollback.description).toBe(`Roll main back from snapshot ${c} to its ancestor ${a}`);
    expect(errorText(rollback.descriptionMessage!, zh)).toBe(`把 main 从 snapshot ${c} 回滚到它的祖先 ${a}`);
    expectTranslated(texts(rollback));
    await (await prepareTag(storage, 'v1', b)).apply();
    const moveTag = (await prepareTag(storage, 'v1', c, {}, { replace: true })).preview;
    expect(moveTag.description).toBe(`Move tag v1 from ${b} to snapshot ${c}`);
    expectTranslated(texts(moveTag));
    expectTranslated(texts((await prepareTag(storage, 'v2', a)).preview));
    expectTranslated(texts((await prepareBranch(storage, 'dev', a)).preview));
    await (await prepareBranch(storage, 'dev', a)).apply();
    expectTranslated(texts((await prepareBranch(storage, 'dev', b, {}, { replace: true })).preview));
    const remove = (await prepareRemoveRef(storage, 'v1', { type: 'tag' })).preview;
    expect(remove.description).toBe(`Remove tag v1 (at snapshot ${b}); its snapshots stay until they expire`);
    expect(errorText(remove.descriptionMessage!, zh)).toBe(`删除标签 v1（指向 snapshot ${b}）；它的 snapshot 会保留到过期为止`);
    expectTranslated(texts((await prepareFastForward(storage, 'dev', 'main')).preview));
    // A snapshot on another line: roll main back to a, append there, then make c current again.
    await (await prepareRollbackTo(storage, a)).apply();
    await appendRows(storage, events(40, 2));
    const other = (await prepareSetCurrentSnapshot(storage, c)).preview;
    expect(other.warnings).toHaveLength(1);
    expectTranslated(texts(other));
  });

  it('expire, delete (position deletes), overwrite, schema and spec changes, orphan files, manifest rewrite', async () => {
    const { storage, b } = await table();
    const expire = await prepareExpireSnapshots(storage, { snapshotIds: [b], retainLast: 1 });
    expect(expire.preview.description).toMatch(/^Expire 1 of 3 snapshot\(s\); \d+ file\(s\) \(\d+ bytes known\) would then be unreachable$/);
    expectTranslated(texts(expire.preview));
    const del = (await prepareDeleteWhere(storage, 'id < 3')).preview;
    expect(del.description).toBe('Delete 3 row(s): 0 file(s) removed whole, 1 given position delete files');
    expect(errorText(del.descriptionMessage!, zh)).toBe('删除 3 行：整体移除 0 个文件，为 1 个文件添加 position delete 文件');
    expectTranslated(texts(del));
    expectTranslated(texts((await prepareDeleteWhere(storage, 'id < 3', { mode: 'copy-on-write' })).preview));
    expectTranslated(texts((await prepareOverwrite(storage, 'id = 1', [{ ...events(1, 1)[0] }])).preview));
    expectTranslated(texts((await prepareSchemaUpdate(storage, [{ op: 'add-column', name: 'extra', type: 'string' }])).preview));
    expectTranslated(texts((await preparePartitionUpdate(storage, [{ op: 'add-field', source: 'category', transform: 'identity' }])).preview));
    await storage.write('data/stray.parquet', new Uint8Array(4));
    const orphans = await prepareDeleteOrphanFiles(storage, { olderThanMs: 0 });
    expect(orphans.preview.warnings).toHaveLength(1); // too recent
    expectTranslated(texts(orphans.preview));
    const manifests = (await prepareRewriteManifests(storage)).preview;
    expect(manifests.description).toMatch(/^Merge 3 small manifest\(s\) in 1 group\(s\); 0 kept as they are$/);
    expectTranslated(texts(manifests));
  });

  it('after the commit point: a version hint that could not be written is a warning in the reader\'s language', async () => {
    const inner = new MemoryStorage('iceberg hint');
    const { a } = await table(inner);
    const faulty = new FaultStorage(inner, { rules: [{ match: (k) => k.endsWith('version-hint.text'), mode: 'fail' }] });
    const r = await (await prepareTag(faulty, 'x', a)).apply();
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatch(/^version-hint.text was not updated \(.*\); readers that list metadata\/ still find metadata\/v\d+\.metadata\.json$/);
    expectTranslated(resultTexts(r));
    expect(errorText(r.warningMessages![0]!, zh)).toMatch(/^version-hint.text 没有更新/);
  });
});
