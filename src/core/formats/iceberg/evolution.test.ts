/**
 * Reading features no fixture exercises, on small tables built in memory: type promotion, renamed and
 * dropped nested fields, initial defaults, identity partition values for columns absent from a file,
 * and every delete scope rule (global vs partition equality deletes, strict sequence numbers, position
 * deletes of other partitions, a DV superseding position deletes).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows, sortCanonicalRows } from '../../arrow/canonical.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { openIcebergTable, type IcebergTable } from './index.ts';
import type { Schema } from './spec/schema.ts';
import { parseTransform } from './spec/transform.ts';
import { buildTable } from './synthetic-table.test-helper.ts';

beforeAll(() => installNodeParquetWasm());

async function rows(t: IcebergTable, filter?: string, version?: string) {
  const out = [];
  for await (const b of t.scan({ filter, version })) out.push(...canonicalRows(b));
  return sortCanonicalRows(out);
}

const OLD: Schema = {
  schemaId: 0, identifierFieldIds: [], fields: [
    { id: 1, name: 'id', required: true, type: { kind: 'int' } },
    { id: 2, name: 'price', required: false, type: { kind: 'float' } },
    { id: 3, name: 'amount', required: false, type: { kind: 'decimal', precision: 5, scale: 2 } },
    { id: 4, name: 'info', required: false, type: { kind: 'struct', fields: [
      { id: 5, name: 'lat', required: false, type: { kind: 'double' } },
      { id: 6, name: 'lon', required: false, type: { kind: 'double' } },
    ] } },
    { id: 10, name: 'region', required: false, type: { kind: 'string' } },
  ],
};
const NEW: Schema = {
  schemaId: 1, identifierFieldIds: [1], fields: [
    { id: 1, name: 'id', required: true, type: { kind: 'long' } },
    { id: 2, name: 'price', required: false, type: { kind: 'double' } },
    { id: 3, name: 'amount', required: false, type: { kind: 'decimal', precision: 9, scale: 2 } },
    { id: 4, name: 'location', required: false, type: { kind: 'struct', fields: [
      { id: 5, name: 'latitude', required: false, type: { kind: 'double' } },
      { id: 8, name: 'alt', required: false, type: { kind: 'int' }, initialDefault: 100 },
    ] } },
    { id: 9, name: 'category', required: false, type: { kind: 'string' }, initialDefault: 'none' },
    { id: 10, name: 'region', required: false, type: { kind: 'string' } },
  ],
};

describe('schema evolution by field id', () => {
  it('promotes, renames, drops, defaults and fills identity partition values', async () => {
    const storage = await buildTable({
      formatVersion: 3, schemas: [OLD, NEW],
      specs: [{ specId: 0, fields: [{ sourceIds: [10], fieldId: 1000, name: 'region', transform: parseTransform('identity') }] }],
      snapshots: [
        // Written before the evolution and without the partition column (a migrated Hive file).
        { files: [{ name: 'old.parquet', content: 'data', specId: 0, partition: ['eu'], fields: OLD.fields.filter((f) => f.id !== 10),
          rows: [{ id: 1, price: 1.5, amount: 150n, info: { lat: 1, lon: 2 } }, { id: 2, price: null, amount: -1n, info: null }] }] },
        { files: [{ name: 'new.parquet', content: 'data', specId: 0, partition: ['us'],
          rows: [{ id: 3n, price: 0.1, amount: 123456789n, location: { latitude: 3, alt: 7 }, category: 'x', region: 'us' }] }] },
      ],
    });
    const t = await openIcebergTable(storage);
    expect(t.relocatedFrom).toBe('s3://warehouse/db/synthetic');
    expect(await rows(t)).toEqual([
      { id: 1, price: 1.5, amount: '1.50', location: { latitude: 1, alt: 100 }, category: 'none', region: 'eu' },
      { id: 2, price: null, amount: '-0.01', location: null, category: 'none', region: 'eu' },
      { id: 3, price: 0.1, amount: '1234567.89', location: { latitude: 3, alt: 7 }, category: 'x', region: 'us' },
    ]);
    // Filters see the same values: promoted bounds (4-byte ints for a long), defaults and partition values.
    expect((await rows(t, 'id = 2')).map((r) => r.id)).toEqual([2]);
    expect((await rows(t, "category = 'none'")).map((r) => r.id)).toEqual([1, 2]);
    expect((await rows(t, "region = 'eu' and location.latitude = 1")).map((r) => r.id)).toEqual([1]);
    expect((await rows(t, 'location.alt = 100')).map((r) => r.id)).toEqual([1]);
    const plan = await t.planScan({ filter: 'id > 2' });
    expect(plan.tasks.map((x) => x.path.split('/').pop())).toEqual(['new.parquet']);
    expect(plan.skipped[0].reason).toBe('column metrics: id > 2 but upper bound is 2');
  });
});

describe('delete scope rules', () => {
  const SCHEMA: Schema = { schemaId: 0, identifierFieldIds: [], fields: [
    { id: 1, name: 'id', required: true, type: { kind: 'int' } }, { id: 2, name: 'p', required: true, type: { kind: 'string' } },
  ] };
  const byP = { specId: 0, fields: [{ sourceIds: [2], fieldId: 1000, name: 'p', transform: parseTransform('identity') }] };
  const unpartitioned = { specId: 1, fields: [] };
  const data = (p: string) => [1, 2, 3, 4].map((id) => ({ id, p }));

  it('global vs partition equality deletes, strict sequence numbers, partition-scoped position deletes', async () => {
    const storage = await buildTable({
      formatVersion: 2, schemas: [SCHEMA], specs: [byP, unpartitioned],
      snapshots: [
        { files: [{ name: 'a.parquet', content: 'data', specId: 0, partition: ['a'], rows: data('a') }, { name: 'b.parquet', content: 'data', specId: 0, partition: ['b'], rows: data('b') }] },
        { files: [
          { name: 'eq-global.parquet', content: 'equality-deletes', specId: 1, partition: [], equalityIds: [1], rows: [{ id: 2, p: 'zz' }] },
          { name: 'eq-a.parquet', content: 'equality-deletes', specId: 0, partition: ['a'], equalityIds: [1], rows: [{ id: 3, p: 'a' }] },
          // Same data sequence number as the data files: an equality delete must not apply (strictly older only).
          { name: 'eq-old.parquet', content: 'equality-deletes', specId: 0, partition: ['a'], equalityIds: [1], rows: [{ id: 4, p: 'a' }], sequenceNumber: 1n },
          { name: 'pos-b.parquet', content: 'position-deletes', specId: 0, partition: ['b'], positions: [['b.parquet', 0]] },
          // Names b.parquet but sits in partition a: out of scope.
          { name: 'pos-a.parquet', content: 'position-deletes', specId: 0, partition: ['a'], positions: [['b.parquet', 3], ['a.parquet', 0]] },
        ] },
      ],
    });
    const t = await openIcebergTable(storage);
    expect((await rows(t)).map((r) => `${r.p}${r.id}`).sort()).toEqual(['a4', 'b3', 'b4']);
    expect((await rows(t, undefined, '1000')).length).toBe(8);
    const plan = await t.planScan({});
    expect(plan.counts.deleteFiles).toEqual({ total: 5, matched: 4, skipped: 0 });
  });

  it('a deletion vector supersedes position delete files for its data file (v3)', async () => {
    const storage = await buildTable({
      formatVersion: 3, schemas: [SCHEMA], specs: [byP],
      snapshots: [
        { files: [{ name: 'a.parquet', content: 'data', specId: 0, partition: ['a'], rows: data('a') }] },
        { files: [{ name: 'pos.parquet', content: 'position-deletes', specId: 0, partition: ['a'], positions: [['a.parquet', 0]] }] },
        { files: [{ name: 'dv.puffin', content: 'position-deletes', specId: 0, partition: ['a'], dv: { referencedDataFile: 'a.parquet', positions: [1, 2] } }] },
      ],
    });
    const t = await openIcebergTable(storage);
    expect((await rows(t, undefined, '1001')).map((r) => r.id)).toEqual([2, 3, 4]);
    // The DV (written by a writer that merged the old deletes would hold 0 too) replaces pos.parquet: 0 is back.
    expect((await rows(t)).map((r) => r.id)).toEqual([1, 4]);
    const plan = await t.planScan({});
    expect(plan.tasks[0].deletes.map((d) => d.kind)).toEqual(['deletion-vector']);
  });
});

describe('row group pruning (planning step 3)', () => {
  it('skips row groups whose statistics exclude the filter, reads the rest exactly', async () => {
    const schema: Schema = { schemaId: 0, identifierFieldIds: [], fields: [
      { id: 1, name: 'id', required: true, type: { kind: 'long' } }, { id: 2, name: 's', required: false, type: { kind: 'string' } },
      { id: 3, name: 'ts', required: false, type: { kind: 'timestamptz' } },
    ] };
    const rowsIn = Array.from({ length: 30 }, (_, i) => ({ id: BigInt(i), s: `k${String(i).padStart(2, '0')}`, ts: 1_600_000_000_000_000n + BigInt(i) * 1001n }));
    const storage = await buildTable({
      formatVersion: 2, schemas: [schema], specs: [{ specId: 0, fields: [] }],
      snapshots: [{ files: [{ name: 'rg.parquet', content: 'data', specId: 0, partition: [], rows: rowsIn, rowGroupSize: 10 }] }],
    });
    const t = await openIcebergTable(storage);
    const plan = await t.planScan({ filter: 'id >= 12 and id < 15' });
    expect(plan.tasks[0].rowGroups).toEqual([1]);
    expect(plan.counts.rowGroups).toEqual({ total: 3, skipped: 2 });
    expect(plan.skipped.map((s) => [s.step, s.rowGroup, s.reason])).toEqual([
      ['row-group', 0, 'id >= 12 but upper bound is 9'], ['row-group', 2, 'id < 15 but lower bound is 20'],
    ]);
    expect((await rows(t, 'id >= 12 and id < 15')).map((r) => r.id)).toEqual([12, 13, 14]);
    expect((await t.planScan({ filter: "s starts with 'k2'" })).tasks[0].rowGroups).toEqual([2]);
    // Timestamp statistics come back at millisecond precision: widened, so the boundary row is still read.
    const edge = '2020-09-13T12:26:40.010010Z';
    expect((await rows(t, `ts = '${edge}'`)).map((r) => r.id)).toEqual([10]);
    const none = await t.planScan({ filter: 'id > 100' });
    expect(none.tasks).toEqual([]);
  });
});
