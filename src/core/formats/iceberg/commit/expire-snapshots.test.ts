import { describe, expect, it } from 'vitest';
import { FaultStorage } from '../../../io/fault-storage.ts';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { parseJson, stringifyJson } from '../../../util/json.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { listFixtures, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../../testing/fixtures.ts';
import { checkIntegrity, events, EVENTS_SCHEMA, readRows, snapshotStorage, tempCopy } from '../../../../testing/iceberg-writer-fixtures.ts';
import { parseTableMetadata } from '../spec/table-metadata.ts';
import { errorText } from '../../../messages/message-parts.ts';
import { zh } from '../../../messages/zh.ts';
import { appendRows } from './append.ts';
import { createTable } from './create-table.ts';
import { planExpiry, prepareExpireSnapshots } from './expire-snapshots.ts';
import { findOrphanFiles, prepareDeleteOrphanFiles } from './orphan-files.ts';
import { prepareBranch, prepareTag } from './ref-operations.ts';
import { loadTableState } from './table-state.ts';

const DAY = 86_400_000;

/** main: 1 ← 2 ← 3 ← 4 ← 5 (one per day); branch b: 2 ← 6; tag old → 1; snapshot 7 on no line. */
function meta(refs: Record<string, unknown>, props: Record<string, string> = {}) {
  const now = 10 * DAY;
  const snap = (id: number, parent: number | undefined, day: number) => ({
    'snapshot-id': id, ...(parent ? { 'parent-snapshot-id': parent } : {}), 'sequence-number': id, 'timestamp-ms': day * DAY, 'manifest-list': `s3://b/t/metadata/snap-${id}.avro`, summary: { operation: 'append' },
  });
  return parseTableMetadata(parseJson(stringifyJson({
    'format-version': 2, 'table-uuid': '9c12d441-03fe-4693-9a96-a0705ddf69c1', location: 's3://b/t', 'last-sequence-number': 7, 'last-updated-ms': now, 'last-column-id': 1,
    schemas: [{ type: 'struct', 'schema-id': 0, fields: [{ id: 1, name: 'x', required: false, type: 'int' }] }], 'current-schema-id': 0,
    'partition-specs': [{ 'spec-id': 0, fields: [] }], 'default-spec-id': 0, 'last-partition-id': 999, 'sort-orders': [{ 'order-id': 0, fields: [] }], 'default-sort-order-id': 0,
    properties: props, 'current-snapshot-id': 5,
    snapshots: [snap(1, undefined, 1), snap(2, 1, 2), snap(3, 2, 3), snap(4, 3, 4), snap(5, 4, 5), snap(6, 2, 6), snap(7, undefined, 9)],
    refs: { main: { 'snapshot-id': 5, type: 'branch' }, ...refs },
  })), 't');
}
const ids = (xs: readonly bigint[]) => xs.map(Number).sort((a, b) => a - b);

describe('planExpiry (retention)', () => {
  const now = 10 * DAY;
  it('keeps each branch\'s young ancestors or at least min-snapshots-to-keep, tagged snapshots, and young strays', () => {
    const m = meta({ b: { 'snapshot-id': 6, type: 'branch' }, old: { 'snapshot-id': 1, type: 'tag' } });
    // older than day 4.5: main keeps 5 (young) and stops at 4; b keeps 6 and stops at 2; tag keeps 1; 7 is young
    expect(ids(planExpiry(m, { now, olderThanMs: 4.5 * DAY }).expire)).toEqual([2, 3, 4]);
    expect(ids(planExpiry(m, { now, olderThanMs: 4.5 * DAY, retainLast: 3 }).expire)).toEqual([]);
    expect(ids(planExpiry(m, { now, olderThanMs: 9.5 * DAY }).expire)).toEqual([2, 3, 4, 7]);
  });

  it('honours ref retention: min-snapshots-to-keep, max-snapshot-age-ms and max-ref-age-ms', () => {
    const m = meta({
      b: { 'snapshot-id': 6, type: 'branch', 'min-snapshots-to-keep': 3 },
      old: { 'snapshot-id': 1, type: 'tag', 'max-ref-age-ms': 2 * DAY },
    }, { 'history.expire.max-snapshot-age-ms': String(1 * DAY) });
    const p = planExpiry(m, { now });
    expect(p.removeRefs).toEqual(['old']); // its snapshot is 9 days old
    expect(ids(p.expire)).toEqual([3, 4]); // main keeps 5 (min 1); b keeps 6, 2, 1 (min 3); 7 is exactly 1 day old
  });

  it('expires exactly the given ids, refusing a ref head', () => {
    const m = meta({ old: { 'snapshot-id': 1, type: 'tag' } });
    expect(ids(planExpiry(m, { now, snapshotIds: [3n] }).expire)).toEqual([3]);
    expect(() => planExpiry(m, { now, snapshotIds: [1n] })).toThrow(/still the head of old/);
    expect(() => planExpiry(m, { now, snapshotIds: [99n] })).toThrow(/does not exist/);
  });
});

describe('expire snapshots on tables', () => {
  if (!FIXTURES_PRESENT) it.skip(`skipped: ${FIXTURES_SKIP_REASON}`, () => {});
  for (const fx of listFixtures('iceberg').filter((f) => f.expected.versions.length > 1)) {
    it(`${fx.name}: expiring all but the current snapshot keeps it readable; confirmed deletion removes exactly the unreachable files`, async () => {
      const { dir, cleanup } = await tempCopy(fx.root);
      try {
        const storage = new FsStorage(dir);
        const before = await snapshotStorage(storage);
        const op = await prepareExpireSnapshots(storage, { olderThanMs: Date.now() + DAY, retainLast: 1 });
        expect(op.plan.expire.length).toBe(fx.expected.versions.length - 1);
        const r = await op.apply({ deleteFiles: true });
        expect(r.deleted.map((f) => f.key).sort()).toEqual(op.preview.deletes.map((f) => f.key).sort());
        for (const f of r.deleted) expect(before.has(f.key)).toBe(true);
        const { state, referenced } = await checkIntegrity(storage);
        expect(state.metadata.snapshots.map((s) => String(s.snapshotId))).toEqual([fx.expected.current]);
        const current = fx.expected.versions.find((v) => v.id === fx.expected.current)!;
        expect(await readRows(storage)).toEqual(current.rows);
        // nothing still referenced was deleted, nothing unreachable is left among the deleted kinds
        for (const k of referenced) expect((await snapshotStorage(storage)).has(k) || k.startsWith('metadata/v') || k.includes('.metadata.json')).toBe(true);
        const orphans = await findOrphanFiles(storage);
        expect(orphans.orphans.filter((o) => o.kind !== 'metadata')).toEqual([]);
      } finally {
        await cleanup();
      }
    });
  }

  it('tagged and branch snapshots survive expiry and read exactly as before', async () => {
    const storage = new MemoryStorage();
    await createTable(storage, { location: 'mem://t', schema: EVENTS_SCHEMA, formatVersion: 2 });
    for (let i = 0; i < 4; i++) await appendRows(storage, events(i * 10, 10));
    const s = (await loadTableState(storage)).metadata.snapshots;
    await (await prepareTag(storage, 'first', s[0].snapshotId)).apply();
    await (await prepareBranch(storage, 'b', s[1].snapshotId)).apply();
    const tagRows = await readRows(storage, { version: 'first' });
    const branchRows = await readRows(storage, { version: 'b' });
    const mainRows = await readRows(storage);
    const op = await prepareExpireSnapshots(storage, { olderThanMs: Date.now() + DAY });
    expect(ids(op.plan.expire)).toEqual(ids([s[2].snapshotId]));
    await op.apply({ deleteFiles: true });
    expect(await readRows(storage, { version: 'first' })).toEqual(tagRows);
    expect(await readRows(storage, { version: 'b' })).toEqual(branchRows);
    expect(await readRows(storage)).toEqual(mainRows);
    await checkIntegrity(storage);
  });

  it('without confirmation nothing is deleted; the orphan report finds leftovers of failed commits', async () => {
    const inner = new MemoryStorage();
    await createTable(inner, { location: 'mem://t', schema: EVENTS_SCHEMA });
    await appendRows(inner, events(0, 5));
    await appendRows(inner, events(5, 5));
    const n = inner.size;
    const op = await prepareExpireSnapshots(inner, { olderThanMs: Date.now() + DAY });
    expect(op.preview.deletes.length).toBe(1); // the first manifest list; its manifest and data file stay reachable
    // The warning and the next metadata file's note carry their messages (issue 20): English as before, Chinese for zh-CN.
    expect(op.preview.warnings).toEqual(['expiry edits metadata only; the listed files are deleted only when confirmed separately (deleteFiles), and time travel to expired snapshots stops working']);
    expect(errorText(op.preview.warningMessages![0]!, zh)).toMatch(/^过期只修改元数据/);
    expect(op.preview.writes.map((w) => [w.note, errorText(w.noteMessage!, zh)])).toEqual([['written on apply', '应用时写入']]);
    const r = await op.apply();
    expect(r.deleted).toEqual([]);
    expect(inner.size).toBe(n + 1); // one new metadata file, nothing deleted
    // a commit whose metadata write keeps failing leaves its data file, manifest and lists behind (cleanup fails too)
    const fs = new FaultStorage(inner, { rules: [{ match: (k) => k.endsWith('.metadata.json'), mode: 'fail' }, { method: 'delete', mode: 'fail' }] });
    await expect(appendRows(fs, events(100, 3), { retry: { numRetries: 1, minWaitMs: 1, maxWaitMs: 1 } })).rejects.toThrow();
    const report = await findOrphanFiles(inner, { olderThanMs: Date.now() + 1000 });
    const kinds = report.orphans.map((o) => o.kind).sort();
    expect(kinds).toEqual(['data', 'manifest', 'manifest-list', 'manifest-list']); // one list per attempt
    const del = await prepareDeleteOrphanFiles(inner, { olderThanMs: Date.now() + 1000 });
    expect(del.preview.deletes.length).toBe(report.orphans.length);
    await del.apply();
    expect((await findOrphanFiles(inner, { olderThanMs: Date.now() + 1000 })).orphans).toEqual([]);
    expect((await readRows(inner)).length).toBe(10);
    // recent orphans are reported but not deletable by default
    await inner.write('data/stray.parquet', new Uint8Array([1]));
    const recent = await prepareDeleteOrphanFiles(inner);
    expect(recent.report.orphans.map((o) => o.key)).toEqual(['data/stray.parquet']);
    expect(recent.preview.deletes).toEqual([]);
  });
});
