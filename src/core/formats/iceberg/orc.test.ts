/**
 * Iceberg tables with ORC data and delete files (fixtures/iceberg-orc, written by Hive/Impala): they read
 * the rows Impala's own query tests state (apache/impala b21595276c, testdata/workloads/functional-query/
 * queries/QueryTest/iceberg-v2-read-position-deletes-orc.test, iceberg-orc-field-id.test,
 * iceberg-migrated-tables.test), and a filtered read of an ORC table fetches only the stripes that can match.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordBatch } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { canonicalRows } from '../../arrow/canonical.ts';
import { readOrcTail } from '../../codecs/orc/index.ts';
import { CountingStorage } from '../../io/counting-storage.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { bytesSource } from '../../util/byte-source.ts';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { FIXTURES_DIR } from '../../../testing/fixtures.ts';
import { appendDataFiles, createTable } from './commit/index.ts';
import { openIcebergTable } from './index.ts';

const ROOT = join(FIXTURES_DIR, 'iceberg-orc');
const PRESENT = existsSync(ROOT);
if (!PRESENT) console.warn(`iceberg ORC test skipped: ${ROOT} not found`);

async function rows(name: string, opts: { version?: string; filter?: string } = {}): Promise<Record<string, unknown>[]> {
  const table = await openIcebergTable(new FsStorage(join(ROOT, name), { readOnly: true }));
  const plan = await table.planScan({ version: opts.version, filter: opts.filter });
  const batches: RecordBatch[] = [];
  for (const task of plan.tasks) for await (const b of table.read(task)) batches.push(b);
  return canonicalRows(batches, { columns: plan.columns }) as Record<string, unknown>[];
}

const pairs = (rs: Record<string, unknown>[]): string[] => rs.map((r) => `${r.i},${r.s}`);

describe.skipIf(!PRESENT)('iceberg: ORC tables read the rows Impala states', () => {
  it('iceberg_v2_no_deletes_orc: 1,x 2,y 3,z; where i = 2 → 1 row', async () => {
    expect(pairs(await rows('iceberg_v2_no_deletes_orc'))).toEqual(['1,x', '2,y', '3,z']);
    expect(pairs(await rows('iceberg_v2_no_deletes_orc', { filter: 'i = 2' }))).toEqual(['2,y']);
  });

  it('iceberg_v2_positional_delete_all_rows_orc before the delete (4807054508647143162): 3 rows', async () => {
    expect((await rows('iceberg_v2_positional_delete_all_rows_orc', { version: '4807054508647143162' })).length).toBe(3);
  });

  // Its position-delete file names the data file as hdfs://localhost:20500/test-warehouse/… while the
  // manifest says /test-warehouse/…: matched after normalising the path (iceberg/scan/delete-index.ts).
  it('iceberg_v2_positional_delete_all_rows_orc now: no rows (every row deleted by an ORC position-delete file)', async () => {
    expect(await rows('iceberg_v2_positional_delete_all_rows_orc')).toEqual([]);
  });

  it('iceberg_v2_positional_not_all_data_files_have_delete_files_orc: 7, 9 and 6 rows at its versions', async () => {
    const name = 'iceberg_v2_positional_not_all_data_files_have_delete_files_orc';
    expect((await rows(name, { version: '8476486151350891395' })).length).toBe(7);
    expect((await rows(name, { version: '5003445199566617082' })).length).toBe(9);
    expect(pairs(await rows(name)).sort()).toEqual(['1,a', '2,b', '3,c', '4,d', '5,X', '6,f']);
    expect((await rows(name, { filter: 'i < 4' })).length).toBe(3);
  });

  it('complextypestbl_iceberg_orc: ids 1..8 (nested lists, maps and structs by iceberg.id); where id > 3 → 4..8', async () => {
    const all = await rows('complextypestbl_iceberg_orc');
    expect(all.map((r) => r.id).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const one = all.find((r) => r.id === 1)!;
    expect(one.int_array).toEqual([1, 2, 3]);
    expect(one.int_array_array).toEqual([[1, 2], [3, 4]]);
    expect(one.int_map).toEqual([{ key: 'k1', value: 1 }, { key: 'k2', value: 100 }]);
    expect((await rows('complextypestbl_iceberg_orc', { filter: 'id > 3' })).map((r) => r.id).sort()).toEqual([4, 5, 6, 7, 8]);
  });

  it('iceberg_alltypes_part_orc: 1,true,1,11,1.1,2.222,123.321,2022-02-22,impala and the same with i = 2', async () => {
    const rs = await rows('iceberg_alltypes_part_orc');
    expect(rs.map((r) => [r.i, r.p_bool, r.p_int, r.p_bigint, r.p_float, r.p_double, r.p_decimal, r.p_date, r.p_string])).toEqual([
      [1, true, 1, 11, 1.1, 2.222, '123.321', '2022-02-22', 'impala'],
      [2, true, 1, 11, 1.1, 2.222, '123.321', '2022-02-22', 'impala'],
    ]);
    expect((await rows('iceberg_alltypes_part_orc', { filter: 'i = 1' })).map((r) => r.i)).toEqual([1]);
  });
});

describe.skipIf(!existsSync(join(FIXTURES_DIR, 'orc')))('iceberg: a filtered read of an ORC data file fetches only the stripes that can match', () => {
  it('385 stripes, a filter one stripe can match: the tail and that stripe are read, nothing else', async () => {
    const orc = new Uint8Array(readFileSync(join(FIXTURES_DIR, 'orc', 'demo-11-zlib.orc')));
    const tail = await readOrcTail(bytesSource(orc));
    const mem = new MemoryStorage();
    const fields = tail.schema!.children.map((c, i) => ({ id: i + 1, name: c.name, required: false, type: c.kindName === 'int' ? 'int' : 'string' }));
    await createTable(mem, { location: 'mem://t', schema: { type: 'struct', fields } as never, formatVersion: 2 });
    await mem.write('data/demo.orc', orc);
    await appendDataFiles(mem, [{
      content: 'data', filePath: 'mem://t/data/demo.orc', fileFormat: 'orc', specId: 0, partition: [],
      recordCount: BigInt(tail.footer.numberOfRows), fileSizeInBytes: BigInt(orc.length),
    }]);
    const counting = new CountingStorage(mem);
    const table = await openIcebergTable(counting);
    const plan = await table.planScan({ filter: '_col0 = 1000000', columns: ['_col0', '_col1'] });
    expect(plan.tasks.length).toBe(1);
    counting.bytesRead = 0;
    const log = counting.log.length;
    const batches: RecordBatch[] = [];
    for (const task of plan.tasks) for await (const b of table.read(task)) batches.push(b);
    const out = canonicalRows(batches, { columns: plan.columns }) as Record<string, unknown>[];
    expect(out.map((r) => r._col0)).toEqual([1_000_000]);
    const dataReads = counting.log.slice(log).filter((c) => c.key === 'data/demo.orc');
    const kept = tail.footer.stripes.find((s, i) => (tail.stripeStatistics[i]![1]!.int!.min! <= 1_000_000n && tail.stripeStatistics[i]![1]!.int!.max! >= 1_000_000n))!;
    // One tail read, one stripe read (data + footer, no index).
    expect(dataReads.length).toBe(2);
    expect(dataReads[1]!.range).toEqual({ offset: kept.offset + kept.indexLength, length: kept.dataLength + kept.footerLength });
    // The tail read runs to the end of the file (it asks one byte past the recorded size, so that a file
    // with bytes appended is noticed: util/byte-source.ts readRangeChecked).
    const tailRange = dataReads[0]!.range as { offset: number; length: number };
    expect(tailRange.offset + tailRange.length).toBeGreaterThanOrEqual(orc.length);
    expect(counting.bytesRead).toBe(orc.length - tailRange.offset + kept.dataLength + kept.footerLength);
  });
});
