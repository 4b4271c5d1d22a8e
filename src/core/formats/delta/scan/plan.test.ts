/**
 * Partition values of every primitive type from their string form (PROTOCOL.md "Partition Value
 * Serialization"), and file skipping by partition values and statistics with the reason recorded.
 */
import { parquetWriteBuffer } from 'hyparquet-writer';
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { openDeltaTable } from '../index.ts';
import { addAction, metaDataAction, readRows, syntheticTable } from '../test-support.test-helper.ts';

beforeAll(() => installNodeParquetWasm());

const protocol = { protocol: { minReaderVersion: 3, minWriterVersion: 7, readerFeatures: ['timestampNtz'], writerFeatures: ['timestampNtz'] } };

const PARTITIONS: [string, string, string | null, unknown][] = [
  // name, type, serialized value, canonical value read back
  ['p_string', 'string', 'a b/c', 'a b/c'],
  ['p_byte', 'byte', '-1', -1],
  ['p_short', 'short', '300', 300],
  ['p_int', 'integer', '70000', 70000],
  ['p_long', 'long', '9007199254740993', '9007199254740993'],
  ['p_float', 'float', '1.5', 1.5],
  ['p_double', 'double', '-2.25', -2.25],
  ['p_decimal', 'decimal(5,2)', '12.3', '12.30'],
  ['p_bool', 'boolean', 'true', true],
  ['p_date', 'date', '2024-02-29', '2024-02-29'],
  ['p_ts', 'timestamp', '2024-01-02 03:04:05.123456', '2024-01-02T03:04:05.123456Z'],
  ['p_ts_iso', 'timestamp', '2024-01-02T03:04:05.5Z', '2024-01-02T03:04:05.500000Z'],
  ['p_ntz', 'timestamp_ntz', '2024-01-02 03:04:05', '2024-01-02T03:04:05.000000Z'],
  ['p_binary', 'binary', '\u0001\u0002\u00ff', '0102ff'],
];

function file(values: number[]): Uint8Array {
  return new Uint8Array(parquetWriteBuffer({ columnData: [{ name: 'x', data: Int32Array.from(values), type: 'INT32' }] }));
}

describe('partition values of every primitive type', () => {
  it('are parsed from their strings; empty and null are null partitions', async () => {
    const f = file([7]);
    const values = Object.fromEntries(PARTITIONS.map(([n, , v]) => [n, v]));
    const nulls = Object.fromEntries(PARTITIONS.map(([n], i) => [n, i % 2 ? null : '']));
    const table = await openDeltaTable(await syntheticTable([{
      actions: [
        protocol,
        metaDataAction([{ name: 'x', type: 'integer' }, ...PARTITIONS.map(([name, type]) => ({ name, type }))], PARTITIONS.map(([n]) => n)),
        addAction('a.parquet', f.length, { partitionValues: values }),
        addAction('b.parquet', f.length, { partitionValues: nulls }),
      ],
      files: { 'a.parquet': f, 'b.parquet': f },
    }]));
    const rows = await readRows(table);
    expect(rows).toContainEqual({ x: 7, ...Object.fromEntries(PARTITIONS.map(([n, , , c]) => [n, c])) });
    expect(rows).toContainEqual({ x: 7, ...Object.fromEntries(PARTITIONS.map(([n]) => [n, null])) });
    const plan = await table.plan({ filter: "p_date = '2024-02-29' and p_long = 9007199254740993" });
    expect(plan.files.map((f) => f.path)).toEqual(['a.parquet']);
    expect(plan.skipped).toEqual([expect.objectContaining({ step: 'partition', path: 'b.parquet', reason: expect.stringMatching(/^partition values: /) })]);
  });
});

describe('file skipping by statistics', () => {
  const stats = (n: number, min: unknown, max: unknown, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ numRecords: n, minValues: min, maxValues: max, nullCount: { x: 0, t: 0 }, ...extra });

  // Microsecond timestamps (hyparquet-writer's TIMESTAMP type is milliseconds, so the schema is explicit).
  const schema = [
    { name: 'root', num_children: 2 },
    { name: 'x', type: 'INT32' as const, repetition_type: 'REQUIRED' as const },
    { name: 't', type: 'INT64' as const, converted_type: 'TIMESTAMP_MICROS' as const, repetition_type: 'REQUIRED' as const },
  ];
  async function table() {
    const a = new Uint8Array(parquetWriteBuffer({ schema, columnData: [
      { name: 'x', data: Int32Array.from([1, 2, 3]) },
      { name: 't', data: BigInt64Array.from([1_704_067_200_123_456n, 1_704_067_200_000_000n, 1_704_067_200_000_001n]) },
    ] }));
    const b = new Uint8Array(parquetWriteBuffer({ schema, columnData: [
      { name: 'x', data: Int32Array.from([10, 20]) },
      { name: 't', data: BigInt64Array.from([1_800_000_000_000_000n, 1_800_000_000_000_000n]) },
    ] }));
    return openDeltaTable(await syntheticTable([{
      actions: [
        { protocol: { minReaderVersion: 1, minWriterVersion: 2 } },
        metaDataAction([{ name: 'x', type: 'integer' }, { name: 't', type: 'timestamp' }]),
        // Timestamp statistics are truncated to milliseconds (PROTOCOL.md footnote): a's max is .123 for .123456.
        addAction('a.parquet', a.length, { stats: stats(3, { x: 1, t: '2024-01-01T00:00:00.000Z' }, { x: 3, t: '2024-01-01T00:00:00.123Z' }) }),
        addAction('b.parquet', b.length, { stats: stats(2, { x: 10, t: '2027-01-15T08:00:00.000Z' }, { x: 20, t: '2027-01-15T08:00:00.000Z' }) }),
      ],
      files: { 'a.parquet': a, 'b.parquet': b },
    }]));
  }

  it('skips files whose min/max exclude the filter, saying why, and keeps the residual filter exact', async () => {
    const t = await table();
    const plan = await t.plan({ filter: 'x > 5' });
    expect(plan.files.map((x) => x.path)).toEqual(['b.parquet']);
    expect(plan.skipped).toEqual([expect.objectContaining({ step: 'file-stats', kind: 'data-file', path: 'a.parquet', reason: expect.stringMatching(/^file statistics: /) })]);
    expect(plan.counts.files).toEqual({ total: 2, planned: 1, skippedByPartition: 0, skippedByStats: 1 });
    // The common model's view of the plan (table-format.ts PlannedFileDto).
    const all = await t.plan({});
    expect(all.files.map((x) => [x.path, x.records, Number(x.bytes) > 0, x.deletes.length, x.task])).toEqual([['a.parquet', '3', true, 0, 0], ['b.parquet', '2', true, 0, 1]]);
    const rows = await readRows(t, { filter: 'x > 10' } as never);
    expect(rows.map((r) => r.x)).toEqual([20]);
    const onlyT = await readRows(t, { filter: 'x > 10', columns: ['t'] } as never);
    expect(onlyT).toEqual([{ t: '2027-01-15T08:00:00.000000Z' }]);
  });

  it('widens millisecond-truncated timestamp maxima: a row at .123456 is not skipped by t > .123400', async () => {
    const t = await table();
    const plan = await t.plan({ filter: "t > '2024-01-01T00:00:00.123400Z'" });
    expect(plan.files.map((x) => x.path).sort()).toEqual(['a.parquet', 'b.parquet']);
    const batches = [];
    for (const task of plan.tasks) for await (const b of t.read(task)) batches.push(b);
    expect(batches.reduce((n, b) => n + b.numRows, 0)).toBe(3);
  });
});
