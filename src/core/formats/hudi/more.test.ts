/**
 * The 13 tables of fixtures/hudi-more (written by Hudi's Spark writer for hudi-rs's tests; see its
 * SOURCES.md). What each must read is stated here as facts transcribed from the `.sql` history beside it
 * (and, where they assert it, hudi-rs's `table_read_tests.rs`): the number of rows of every version and
 * the rows of the latest one, by a few identifying columns. Snapshot semantics throughout: MOR tables are
 * read with their logs merged (hudi-rs's MOR assertions on the timebasedkeygen table read base files
 * only, which is why that test lists TXN-002 and the old TXN-003 and we do not).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordBatch } from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows } from '../../arrow/index.ts';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR } from '../../../testing/fixtures.ts';
import { noteText } from '../../messages/note.ts';
import { openHudiTable, type HudiTable } from './index.ts';

const MORE = join(FIXTURES_DIR, 'hudi-more');
const PRESENT = existsSync(MORE);

beforeAll(() => installNodeParquetWasm());

async function rowsOf(table: HudiTable, version: string): Promise<Record<string, unknown>[]> {
  const plan = await table.plan({ version });
  const batches: RecordBatch[] = [];
  for (const task of plan.tasks) for await (const b of table.read(task)) batches.push(b);
  return canonicalRows(batches, { columns: plan.columns });
}

const pick = (rows: Record<string, unknown>[], cols: string[]) => rows.map((r) => cols.map((c) => r[c])).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

interface Case {
  readonly name: string;
  readonly counts: number[];
  readonly cols: string[];
  readonly latest: unknown[][];
  readonly operations?: string[];
}

// The "sample table" script: 3 rows, then Alice updated (isActive false) and Diana inserted.
const SAMPLE_COLS = ['id', 'name', 'isActive', 'byteField', 'shortField'];
const sample = (parts: [number, number][]): unknown[][] => [
  [1, 'Alice', false, ...parts[0]!], [2, 'Bob', false, ...parts[1]!], [3, 'Carol', true, ...parts[2]!], [4, 'Diana', true, ...parts[3]!],
];
const TXN = ['txn_id', 'txn_type', 'txn_ts', 'amount'];
// txns_*_meta scripts: 8 inserts; update TXN-001; delete TXN-002; update, then delete TXN-005; update TXN-007;
// +TXN-009/010 (eu); insert overwrite eu with TXN-011/012; +TXN-013/014; +TXN-015/016; (MOR: compaction);
// clustering; +TXN-017/018.
const TXNS_META_LATEST = [
  ['TXN-001', 'reversal', 1700100000001, '1250.00'], ['TXN-003', 'transfer', 1700000000003, '5000.00'],
  ['TXN-007', 'debit', 1700300000007, '8900.00'], ['TXN-008', 'debit', 1700000000008, '320.25'],
  ['TXN-011', 'debit', 1700500000011, '999.99'], ['TXN-012', 'debit', 1700500000012, '350.00'],
  ['TXN-013', 'debit', 1700600000013, '750.00'], ['TXN-014', 'debit', 1700600000014, '125.50'],
  ['TXN-015', 'debit', 1700700000015, '4500.00'], ['TXN-016', 'debit', 1700700000016, '88.00'],
  ['TXN-017', 'debit', 1700800000017, '199.99'], ['TXN-018', 'debit', 1700800000018, '55.00'],
];

const CASES: Case[] = [
  { name: 'cow_v6_complexkeygen_hivestyle', counts: [3, 4], cols: SAMPLE_COLS, latest: sample([[10, 300], [20, 100], [10, 300], [30, 100]]) },
  { name: 'cow_v8_complexkeygen_hivestyle', counts: [3, 4], cols: SAMPLE_COLS, latest: sample([[10, 300], [20, 100], [10, 300], [30, 100]]) },
  { name: 'cow_v8_simplekeygen_hivestyle_no_metafields', counts: [4], cols: SAMPLE_COLS, latest: sample([[10, 300], [20, 100], [10, 200], [30, 500]]) },
  { name: 'mor_parquet_v6_complexkeygen_hivestyle', counts: [3, 4], cols: SAMPLE_COLS, latest: sample([[10, 300], [20, 100], [10, 300], [30, 100]]) },
  { name: 'mor_parquet_v6_nonpartitioned', counts: [3, 4], cols: SAMPLE_COLS, latest: sample([[1, 300], [0, 100], [1, 200], [1, 500]]) },
  { name: 'mor_parquet_v6_simplekeygen_nonhivestyle', counts: [3, 4], cols: SAMPLE_COLS, latest: sample([[10, 300], [20, 100], [10, 200], [30, 500]]) },
  {
    // INSERT 4; INSERT TXN-001 again (an insert: a second row, not an upsert) + TXN-005, TXN-006; UPDATE TXN-003; DELETE TXN-004.
    name: 'cow_v9_timebasedkeygen_epochmillis', counts: [4, 7, 7, 6], cols: ['txn_id', 'txn_type', 'txn_ts'],
    latest: [['TXN-001', 'debit', 1700000000001], ['TXN-001', 'reversal', 1700100000001], ['TXN-002', 'debit', 1700000000002],
      ['TXN-003', 'debit', 1700200000003], ['TXN-005', 'debit', 1700100000005], ['TXN-006', 'transfer', 1700100000006]],
  },
  {
    // INSERT 4; INSERT TXN-001 again + TXN-005; UPDATE TXN-003 (amount 500); DELETE TXN-002; (compaction: not on the timeline); INSERT TXN-006.
    name: 'mor_avro_v9_timebasedkeygen_nonhivestyle', counts: [4, 6, 6, 5, 6], cols: TXN,
    latest: [['TXN-001', 'debit', 1700000000001, '1250.00'], ['TXN-001', 'reversal', 1700100000001, '1250.00'],
      ['TXN-003', 'debit', 1700200000003, '500.00'], ['TXN-004', 'transfer', 1700000000004, '5000.00'],
      ['TXN-005', 'debit', 1700100000005, '8900.00'], ['TXN-006', 'debit', 1700300000006, '320.25']],
  },
  {
    // INSERT 6; INSERT 2 more; INSERT OVERWRITE TABLE with TXN-101..103 (hudi-rs asserts these three).
    name: 'cow_v9_txns_simple_overwrite', counts: [6, 8, 3], cols: ['txn_id', 'txn_type', 'txn_ts'],
    operations: ['commit', 'commit', 'replacecommit'],
    latest: [['TXN-101', 'debit', 1700500000001], ['TXN-102', 'debit', 1700500000002], ['TXN-103', 'debit', 1700500000003]],
  },
  {
    name: 'cow_v9_txns_complex_meta', counts: [8, 8, 7, 7, 6, 6, 8, 6, 8, 10, 10, 12], cols: TXN, latest: TXNS_META_LATEST,
    operations: ['commit', 'commit', 'commit', 'commit', 'commit', 'commit', 'commit', 'replacecommit', 'commit', 'commit', 'replacecommit', 'commit'],
  },
  {
    name: 'mor_avro_v9_txns_simple_meta', counts: [8, 8, 7, 7, 6, 6, 8, 6, 8, 10, 10, 10, 12], cols: TXN, latest: TXNS_META_LATEST,
    operations: ['deltacommit', 'deltacommit', 'deltacommit', 'deltacommit', 'deltacommit', 'deltacommit', 'deltacommit', 'replacecommit', 'deltacommit', 'deltacommit', 'commit', 'replacecommit', 'deltacommit'],
  },
  {
    // 8 trips inserted; riders A, C and D deleted (a delete block in the log).
    name: 'trips_mor_avro_v6_trips_8i3d', counts: [8, 5], cols: ['rider', 'city'],
    latest: [['rider-E', 'san_francisco'], ['rider-F', 'sao_paulo'], ['rider-G', 'sao_paulo'], ['rider-I', 'chennai'], ['rider-J', 'chennai']],
  },
];

describe.skipIf(!PRESENT)('hudi-more: the 13 tables of hudi-rs read as their .sql history says', () => {
  if (!PRESENT) it.skip(`no ${MORE}`, () => {});
  for (const c of CASES) {
    it(`${c.name}: ${c.counts.length} versions with ${c.counts.join('/')} rows; latest rows as written`, async () => {
      const table = await openHudiTable(new FsStorage(join(MORE, c.name), { readOnly: true }));
      const versions = await table.versions();
      if (c.operations) expect(versions.map((v) => v.operation)).toEqual(c.operations);
      const counts: number[] = [];
      for (const v of versions) counts.push((await rowsOf(table, v.id)).length);
      expect(counts).toEqual(c.counts);
      expect(pick(await rowsOf(table, versions.at(-1)!.id), c.cols)).toEqual(pick(c.latest.map((r) => Object.fromEntries(c.cols.map((k, i) => [k, r[i]]))), c.cols));
      expect(table.readWarnings).toEqual([]);
    });
  }

  it('cow_v6_empty: a table with no commit has its create schema, no versions and reads no rows', async () => {
    const table = await openHudiTable(new FsStorage(join(MORE, 'cow_v6_empty'), { readOnly: true }));
    expect(await table.versions()).toEqual([]);
    expect(table.columnNames()).toEqual(['id', 'name', 'isActive']);
    const plan = await table.plan();
    expect(plan.tasks).toEqual([]);
  });

  it('tables with the metadata table enabled say in the plan that partitions were listed instead', async () => {
    const table = await openHudiTable(new FsStorage(join(MORE, 'mor_avro_v9_txns_simple_meta'), { readOnly: true }));
    const plan = await table.plan();
    expect(plan.notes.map((n) => noteText(n)).join(' ')).toContain('metadata table\'s files partition is enabled but is HFile-based');
  });

  it('cow_v9_timebasedkeygen_epochmillis: ts_millis turns from long to string; each version names its schema; no field ids', async () => {
    const table = await openHudiTable(new FsStorage(join(MORE, 'cow_v9_timebasedkeygen_epochmillis'), { readOnly: true }));
    const schemas = await table.schemas();
    const ts = (id: string) => schemas.find((s) => s.schemaId === id)!.columns.find((c) => c.name === 'ts_millis')!.type;
    expect(schemas.map((s) => [s.schemaId, s.isCurrent])).toEqual([['20260403183936750', false], ['20260403183944067', true]]);
    expect([ts('20260403183936750'), ts('20260403183944067')]).toEqual(['long', 'string']);
    expect((await table.versions()).map((v) => [v.id, v.schemaId])).toEqual([
      ['20260403183936750', '20260403183936750'], ['20260403183941275', '20260403183936750'],
      ['20260403183944067', '20260403183944067'], ['20260403183945963', '20260403183944067'],
    ]);
    // Avro has no field ids: columns and partition sources carry none.
    for (const s of schemas) for (const c of s.columns) expect(c).not.toHaveProperty('id');
    expect((await table.partitionSpecs())[0]!.fields.map((f) => [f.sourceIds, f.sourceNames])).toEqual([[[], ['ts_millis']]]);
  });
});
