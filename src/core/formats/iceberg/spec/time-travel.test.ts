import { describe, expect, it } from 'vitest';
import { noteText } from '../../../messages/note.ts';
import { isLakeError } from '../../../errors.ts';
import { parseTableMetadata } from './table-metadata.ts';
import { resolveSnapshot } from './time-travel.ts';

const snap = (id: number, ts: number, parent?: number) => ({ 'snapshot-id': id, 'parent-snapshot-id': parent, 'timestamp-ms': ts, 'sequence-number': id, summary: { operation: 'append' }, 'manifest-list': `s3://b/t/metadata/snap-${id}.avro` });
const meta = (extra: Record<string, unknown> = {}) => parseTableMetadata({
  'format-version': 2, 'table-uuid': 'u', location: 's3://b/t', 'last-sequence-number': 3, 'last-updated-ms': 1, 'last-column-id': 1,
  schemas: [{ type: 'struct', 'schema-id': 0, fields: [{ id: 1, name: 'a', required: false, type: 'int' }] }], 'current-schema-id': 0,
  'partition-specs': [{ 'spec-id': 0, fields: [] }], 'default-spec-id': 0, 'last-partition-id': 999, 'sort-orders': [{ 'order-id': 0, fields: [] }], 'default-sort-order-id': 0,
  snapshots: [snap(1, 1000), snap(2, 2000, 1), snap(3, 3000, 1)], 'current-snapshot-id': 3,
  // Snapshot 3 was rolled back to from 2: lineage says 1 → 3, the log says 1, 2, 3.
  'snapshot-log': [{ 'snapshot-id': 1, 'timestamp-ms': 1000 }, { 'snapshot-id': 2, 'timestamp-ms': 2000 }, { 'snapshot-id': 3, 'timestamp-ms': 3000 }],
  refs: { main: { 'snapshot-id': 3, type: 'branch' }, '2': { 'snapshot-id': 1, type: 'tag' }, nightly: { 'snapshot-id': 2, type: 'tag' } },
  ...extra,
});
const fails = (f: () => unknown, code: string, re: RegExp) => {
  let e: unknown;
  try { f(); } catch (x) { e = x; }
  expect(isLakeError(e, code as never), String(re)).toBe(true);
  expect((e as Error).message).toMatch(re);
};

describe('time travel', () => {
  it('by timestamp uses the snapshot log (the last entry at or before the time)', () => {
    const m = meta();
    expect(resolveSnapshot(m, { asOfTimestampMs: 2500 }).snapshot.snapshotId).toBe(2n);
    expect(resolveSnapshot(m, { asOfTimestampMs: 2000 }).snapshot.snapshotId).toBe(2n);
    expect(resolveSnapshot(m, { asOfTimestampMs: 9999 }).snapshot.snapshotId).toBe(3n);
    fails(() => resolveSnapshot(m, { asOfTimestampMs: 999 }), 'NotFound', /no snapshot was current at 1970-01-01T00:00:00.999Z/);
    fails(() => resolveSnapshot(meta({ 'snapshot-log': [] }), { asOfTimestampMs: 2500 }), 'NotFound', /has no snapshot-log/);
  });
  it('by id, by ref, and an id wins over a tag of the same name (with a note)', () => {
    const m = meta();
    expect(resolveSnapshot(m, { snapshotId: 1n }).snapshot.snapshotId).toBe(1n);
    expect(resolveSnapshot(m, { ref: 'nightly' })).toMatchObject({ via: 'tag "nightly"' });
    expect(resolveSnapshot(m, { version: 'nightly' }).snapshot.snapshotId).toBe(2n);
    const amb = resolveSnapshot(m, { version: '2' });
    expect(amb.snapshot.snapshotId).toBe(2n);
    expect(noteText(amb.note!)).toBe('"2" is both a snapshot id and a tag name; the snapshot id wins (as in Spark)');
    expect(resolveSnapshot(m, { current: true }).snapshot.snapshotId).toBe(3n);
    fails(() => resolveSnapshot(m, { version: 'nope' }), 'NotFound', /no snapshot id or branch\/tag "nope"/);
    fails(() => resolveSnapshot(m, { snapshotId: 42n }), 'NotFound', /no snapshot 42/);
    fails(() => resolveSnapshot(meta({ snapshots: [], 'current-snapshot-id': null, refs: {}, 'snapshot-log': [] }), { current: true }), 'NotFound', /no current snapshot/);
  });
});
