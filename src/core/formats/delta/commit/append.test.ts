import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { utf8Decode } from '../../../util/bytes.ts';
import { parseJson } from '../../../util/json.ts';
import { readRows } from '../test-support.test-helper.ts';
import { DeltaTable } from '../table.ts';
import { appendRows } from './append.ts';
import { createDeltaTable } from './create-table.ts';

beforeAll(() => installNodeParquetWasm());

const sortRows = <T>(rows: T[]): T[] => rows.map((r) => [JSON.stringify(r), r] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, r]) => r);

const COLUMNS = [
  { name: 'id', type: 'long', nullable: false }, { name: 'name', type: 'string' }, { name: 'amount', type: 'decimal(10,2)' },
  { name: 'day', type: 'date' }, { name: 'at', type: 'timestamp' }, { name: 'ok', type: 'boolean' }, { name: 'score', type: 'double' },
];

async function lines(storage: MemoryStorage, version: number): Promise<Record<string, Record<string, unknown>>[]> {
  const text = utf8Decode(await storage.read(`_delta_log/${String(version).padStart(20, '0')}.json`));
  return text.split('\n').map((l) => parseJson(l) as Record<string, Record<string, unknown>>);
}

describe('delta create + append', () => {
  it('writes a table our reader reads back exactly, with stats and string partition values', async () => {
    const storage = new MemoryStorage('delta-append');
    await createDeltaTable(storage, { columns: COLUMNS, partitionColumns: ['day'], name: 't' });
    const table = await DeltaTable.open(storage);
    const rows = [
      { id: 1n, name: 'a', amount: '1.50', day: '2024-01-01', at: '2024-01-01T10:00:00.123456Z', ok: true, score: 1.5 },
      { id: 9007199254740993n, name: null, amount: null, day: '2024-01-02', at: null, ok: false, score: -2 },
      { id: 3, name: 'c/d=e', amount: '-0.01', day: null, at: '1969-12-31T23:59:59.999999Z', ok: null, score: null },
    ];
    const r = await appendRows(table, rows);
    expect(r.version).toBe(1n);
    expect(r.files).toHaveLength(3);
    await table.reload();
    const got = sortRows(await readRows(table));
    expect(got).toEqual(sortRows([
      { id: 1, name: 'a', amount: '1.50', day: '2024-01-01', at: '2024-01-01T10:00:00.123456Z', ok: true, score: 1.5 },
      { id: 3, name: 'c/d=e', amount: '-0.01', day: null, at: '1969-12-31T23:59:59.999999Z', ok: null, score: null },
      { id: '9007199254740993', name: null, amount: null, day: '2024-01-02', at: null, ok: false, score: -2 },
    ]));
    const v0 = await lines(storage, 0);
    expect(v0[0]!.commitInfo!.engineInfo).toBe('Lakescope');
    expect(v0[1]!.protocol).toEqual({ minReaderVersion: 1, minWriterVersion: 2 });
    const v1 = await lines(storage, 1);
    expect(v1[0]!.commitInfo!.operation).toBe('WRITE');
    const adds = v1.slice(1).map((l) => l.add!);
    const nullPart = adds.find((a) => (a.partitionValues as Record<string, unknown>).day === null)!;
    expect(nullPart.path).toMatch(/^day=__HIVE_DEFAULT_PARTITION__\/part-/);
    const stats = parseJson(nullPart.stats as string) as Record<string, Record<string, unknown>>;
    expect(stats.numRecords).toBe(1);
    expect(stats.minValues).toEqual({ id: 3, name: 'c/d=e', at: '1969-12-31T23:59:59.999Z' });
    expect(stats.nullCount).toEqual({ id: 0, name: 0, amount: 0, at: 0, ok: 1, score: 1 });
    // Skipping by those stats: id = 1 reads one file.
    const plan = await table.plan({ filter: 'id = 1' });
    expect(plan.tasks).toHaveLength(1);
  });

  it('refuses to create over an existing table', async () => {
    const storage = new MemoryStorage('delta-exists');
    await createDeltaTable(storage, { columns: COLUMNS });
    await expect(createDeltaTable(storage, { columns: COLUMNS })).rejects.toMatchObject({ code: 'Conflict' });
  });

  it('enables deletion vectors as reader 3 / writer 7 features', async () => {
    const storage = new MemoryStorage('delta-dv');
    await createDeltaTable(storage, { columns: COLUMNS, configuration: { 'delta.enableDeletionVectors': 'true' } });
    const t = await DeltaTable.open(storage);
    expect(t.snapshot.protocol).toEqual({ minReaderVersion: 3, minWriterVersion: 7, readerFeatures: ['deletionVectors'], writerFeatures: ['deletionVectors'] });
  });
});
