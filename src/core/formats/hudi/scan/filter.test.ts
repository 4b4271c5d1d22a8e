/**
 * Filters on Hudi reads apply to merged rows: a base row replaced by a log update never matches on its
 * old values, and typed comparisons (decimal, timestamp, date) follow the column types.
 */
import type { RecordBatch } from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows, canonicalRowsText } from '../../../arrow/index.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { openHudiTable } from '../index.ts';

const mor = () => listFixtures('hudi').find((f) => f.name === 'hudi/mor_v9_txns_simple_nometa')!;
type Row = Record<string, unknown>;

beforeAll(() => installNodeParquetWasm());

async function scan(version: string, where: string): Promise<Row[]> {
  const table = await openHudiTable(new FsStorage(mor().root, { readOnly: true }));
  const plan = await table.plan({ version, filter: where });
  const batches: RecordBatch[] = [];
  for (const t of plan.tasks) for await (const b of table.read(t)) batches.push(b);
  return canonicalRows(batches, { columns: plan.columns });
}

describe.skipIf(!FIXTURES_PRESENT)('hudi filters', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  const V = '20260307135835748';
  const expected = () => mor().expected.versions.find((v) => v.id === V)!.rows as Row[];

  it('the old values of a row updated in a log never match', async () => {
    expect(await scan(V, "txn_id = 'TXN-001' AND txn_type = 'debit'")).toEqual([]);
    const rows = await scan(V, "txn_id = 'TXN-001'");
    expect(canonicalRowsText(rows)).toBe(canonicalRowsText(expected().filter((r) => r.txn_id === 'TXN-001')));
    expect(rows.map((r) => r.txn_type)).toEqual(['reversal']);
  });

  it('decimal, date and timestamp comparisons follow the column types', async () => {
    const rows = await scan(V, "amount >= 450.75 AND txn_date = '2024-01-15' AND txn_datetime < '2024-01-15T20:00:00Z'");
    const want = expected().filter((r) => Number(r.amount) >= 450.75 && r.txn_date === '2024-01-15' && String(r.txn_datetime) < '2024-01-15T20:00:00');
    expect(want.map((r) => r.txn_id)).toEqual(['TXN-001', 'TXN-004']);
    expect(canonicalRowsText(rows)).toBe(canonicalRowsText(want));
  });

  it('an unknown column is NotFound', async () => {
    await expect(scan(V, 'nope = 1')).rejects.toMatchObject({ code: 'NotFound' });
  });
});

describe.skipIf(!FIXTURES_PRESENT)('hudi partition pruning', () => {
  it('skips the file groups of partitions the filter excludes, with the reason, and reads the same rows', async () => {
    const table = await openHudiTable(new FsStorage(mor().root, { readOnly: true }));
    const plan = await table.planScan({ filter: "region = 'eu'" });
    expect(plan.tasks.map((t) => t.partition)).toEqual(['region=eu', 'region=eu']);
    expect(plan.skipped.filter((s) => s.step === 'partitions').map((s) => s.reason.split(':')[0])).toEqual(['partition region=apac', 'partition region=us', 'partition region=us']);
    const batches: RecordBatch[] = [];
    for (const t of plan.tasks) for await (const b of table.read(t)) batches.push(b);
    const latest = mor().expected.versions.at(-1)!.rows as Row[];
    expect(canonicalRowsText(canonicalRows(batches, { columns: plan.columns }))).toBe(canonicalRowsText(latest.filter((r) => r.region === 'eu')));
  });

  it('does not prune by paths a time-based key generator formats', async () => {
    const { FIXTURES_DIR } = await import('../../../../testing/fixtures.ts');
    const table = await openHudiTable(new FsStorage(`${FIXTURES_DIR}/hudi-more/cow_v9_timebasedkeygen_epochmillis`, { readOnly: true }));
    const plan = await table.plan({ filter: "ts_millis = '1705311000000'" });
    expect(plan.skipped.filter((s) => s.step === 'partitions')).toEqual([]);
    const batches: RecordBatch[] = [];
    for (const t of plan.tasks) for await (const b of table.read(t)) batches.push(b);
    expect(canonicalRows(batches, { columns: ['txn_id'] }).map((r) => r.txn_id)).toEqual(['TXN-001', 'TXN-001']);
  });
});
