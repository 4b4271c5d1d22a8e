/**
 * What the writes bar shows before a preview, in the reader's language (issue 20): every capability of an Iceberg,
 * a Delta and a Paimon table carries its description as a catalog message whose English is exactly the description
 * (the CLI prints that) and whose zh-CN rendering is Chinese; a disabled one's reason too (Delta's append-only
 * refusal). And the over-budget warning a rewrite past the browser's budget gets first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../io/memory-storage.ts';
import { errorText } from '../messages/message-parts.ts';
import { zh } from '../messages/zh.ts';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { events, EVENTS_SCHEMA } from '../../testing/iceberg-writer-fixtures.ts';
import { appendRows as icebergAppend } from '../formats/iceberg/commit/append.ts';
import { createTable as createIceberg } from '../formats/iceberg/commit/create-table.ts';
import { openIcebergTable } from '../formats/iceberg/table.ts';
import { createDeltaTable } from '../formats/delta/commit/create-table.ts';
import { appendRows as deltaAppend } from '../formats/delta/commit/append.ts';
import { DeltaTable } from '../formats/delta/table.ts';
import { PaimonTable } from '../formats/paimon/table.ts';
import { sqlEngine, withRewriteBudget } from './engine-sql.ts';
import type { PreparedChange, WriteCapability } from './write-action.ts';
import { textRef, warned } from './preview-text.ts';

beforeAll(() => installNodeParquetWasm());
const temps: string[] = [];
afterEach(() => { for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true }); });

const HAN = /[\u4e00-\u9fff]/;

/** Each capability's description (and reason, when disabled) has a message rendering exactly it, Chinese in zh-CN. */
function expectTranslated(caps: readonly WriteCapability[]): void {
  expect(caps.length).toBeGreaterThan(0);
  for (const c of caps) {
    expect(c.descriptionMessage, `${c.kind}: ${c.description}`).toBeDefined();
    expect(errorText(c.descriptionMessage!), c.kind).toBe(c.description);
    expect(errorText(c.descriptionMessage!, zh), c.kind).toMatch(HAN);
    if (c.reason === undefined) continue;
    expect(c.reasonMessage, `${c.kind}: ${c.reason}`).toBeDefined();
    expect(errorText(c.reasonMessage!), c.kind).toBe(c.reason);
    expect(errorText(c.reasonMessage!, zh), c.kind).toMatch(HAN);
  }
}

describe('write capabilities carry their messages', () => {
  it('iceberg: rollback (and set-current) on an older snapshot, tag, branch, expire, compact, rewrite-manifests', async () => {
    const storage = new MemoryStorage('caps iceberg');
    await createIceberg(storage, { location: 'mem://t', schema: EVENTS_SCHEMA });
    await icebergAppend(storage, events(0, 3));
    await icebergAppend(storage, events(3, 3));
    const table = await openIcebergTable(storage);
    const [first] = (await table.versions()).map((v) => v.id);
    const caps = await table.capabilities(first);
    expect(caps.find((c) => c.kind === 'rollback')!.description).toBe('Move main back to this snapshot, one of its ancestors (a new metadata file; no data is rewritten or deleted).');
    expect(errorText(caps.find((c) => c.kind === 'tag')!.descriptionMessage!, zh)).toBe('给这个 snapshot 打一个标签（旧 snapshot 过期时，打了标签的会保留）。');
    expectTranslated(caps);
  });

  it('delta: RESTORE, no refs, OPTIMIZE, VACUUM, no expire, append/delete/update — and an append-only table\'s refusals', async () => {
    const storage = new MemoryStorage('caps delta');
    await createDeltaTable(storage, { columns: [{ name: 'id', type: 'long' }], configuration: { 'delta.appendOnly': 'true' } });
    const t = await DeltaTable.open(storage);
    await deltaAppend(t, [{ id: 1 }]);
    await deltaAppend(t, [{ id: 2 }]);
    const caps = await (await DeltaTable.open(storage)).capabilities('1');
    expect(caps.find((c) => c.kind === 'delete')).toMatchObject({ available: false });
    expectTranslated(caps);
  });

  it('paimon: rollbacks, tag, delete tag, row writes, compact, expire, not yet offered', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'caps-paimon-'));
    temps.push(dir);
    const table = await PaimonTable.create(new FsStorage(dir), { columns: [{ name: 'k', type: 'INT' }, { name: 'v', type: 'STRING' }], primaryKeys: ['k'], buckets: 1 });
    await table.writeRows('upsert', [{ k: 1, v: 'a' }]);
    await table.createTag('gold', { version: '1' });
    await table.writeRows('upsert', [{ k: 2, v: 'b' }]);
    const caps = await table.capabilities('1');
    expect(caps.find((c) => c.kind === 'remove-ref')!.description).toBe('Delete tag “gold”.');
    expectTranslated(caps);
  });
});

describe('the over-budget warning', () => {
  const prepared = (warnings: ReturnType<typeof warned>): PreparedChange => ({
    preview: { operation: 'compact', description: 'd', writes: [], deletes: [], before: {}, after: {}, ...warnings },
    noop: false, inputBytes: 3 * 1024 ** 3, apply: () => Promise.reject(new Error('not here')),
  });

  it('comes first, in English as before and in Chinese, the format\'s own warnings after it with their messages', () => {
    const own = textRef('note.write.iceberg.compactStays');
    const over = withRewriteBudget(prepared(warned([own])), 2 * 1024 ** 3, () => ({ ...sqlEngine(textRef('note.sql.engine.iceberg')), statements: ['CALL x;'], notes: [] }));
    expect(over.preview.warnings[0]).toBe("Not run here: it would read 3.0 GiB, more than this browser's budget of 2.0 GiB. Run it on a cluster with Spark SQL with the Iceberg runtime (below).");
    expect(over.preview.warningMessages).toHaveLength(2);
    expect(errorText(over.preview.warningMessages![0]!)).toBe(over.preview.warnings[0]);
    expect(errorText(over.preview.warningMessages![0]!, zh)).toBe('未在此处运行：它需要读取 3.0 GiB，超过了本浏览器 2.0 GiB 的预算。请在集群上使用启用 Iceberg 运行时的 Spark SQL 运行（见下方）。');
    expect(over.preview.warningMessages![1]).toEqual(own);
    const none = withRewriteBudget(prepared(warned([])), 1024, () => undefined);
    expect(none.preview.warnings).toEqual(["Not run here: it would read 3.0 GiB, more than this browser's budget of 1.0 KiB. Run it with an engine on a cluster."]);
    expect(errorText(none.preview.warningMessages![0]!, zh)).toMatch(HAN);
  });
});
