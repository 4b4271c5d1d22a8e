/**
 * The demo's Paimon table, inventory/stock, as committed in public/demo: written by Lakescope's Paimon writer,
 * it reads with our reader at every snapshot, its timeline holds APPEND and COMPACT snapshots, its LSM view
 * shows level-0 files above the compacted level, and the warehouse scan finds it beside the other tables.
 */
import type { RecordBatch } from 'apache-arrow';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanWarehouse } from '../../core/api/scan-warehouse.ts';
import { canonicalRows } from '../../core/arrow/index.ts';
import { PaimonTable } from '../../core/formats/paimon/index.ts';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { DEMO_DIR, DEMO_PAIMON_TABLES, README } from './generate-demo.ts';

beforeAll(() => installNodeParquetWasm());
const open = () => PaimonTable.open(new FsStorage(join(DEMO_DIR, 'inventory/stock'), { readOnly: true }));

async function rows(table: PaimonTable, version: string): Promise<Record<string, unknown>[]> {
  const plan = await table.planScan({ version });
  const batches: RecordBatch[] = [];
  for (const t of plan.tasks) for await (const b of table.read(t)) batches.push(b);
  return canonicalRows(batches, { columns: plan.columns });
}

describe('demo table inventory/stock (Apache Paimon, primary key)', () => {
  it('has APPEND snapshots, one COMPACT, deletes that remove keys, and reads at every snapshot', async () => {
    const table = await open();
    const ids = Array.from({ length: 10 }, (_, i) => BigInt(i + 1));
    const kinds = await Promise.all(ids.map(async (id) => (await table.meta.snapshot(id)).commitKind));
    expect(kinds).toEqual(['APPEND', 'APPEND', 'APPEND', 'APPEND', 'APPEND', 'APPEND', 'APPEND', 'COMPACT', 'APPEND', 'APPEND']);
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(String(id), (await rows(table, String(id))).length);
    expect(counts.get('1')).toBe(80); // the first count: 40 SKUs × 2 warehouses
    expect(counts.get('6')).toBe(72); // four discontinued SKUs deleted in both warehouses
    expect(counts.get('8')).toBe(counts.get('7')); // compaction changes no row
    expect(counts.get('10')).toBe(71);
    const keys = (await rows(table, '10')).map((r) => `${String(r.warehouse)}/${String(r.sku)}`);
    expect(new Set(keys).size).toBe(keys.length); // one row per key: the newest record wins
    const heading = README.split('\n').findIndex((l) => l.startsWith('inventory/stock — '));
    expect(README.split('\n').slice(heading, heading + 2).join(' ')).toContain(`${counts.get('10')} rows`);
    expect(Object.keys(DEMO_PAIMON_TABLES)).toEqual(['inventory/stock']);
  });

  it('shows level-0 files above the compacted top level in the LSM view', async () => {
    const table = await open();
    const levels = (await table.lsmView()).buckets.flatMap((b) => b.levels.filter((l) => l.files.length > 0).map((l) => l.level));
    expect(levels).toContain(0);
    expect(levels).toContain(5);
    const compacted = (await table.lsmView({ version: '8' })).buckets;
    expect(compacted.every((b) => b.levels.every((l) => l.files.length === 0 || l.level === 5))).toBe(true);
  });

  it('is found by the warehouse scan as a paimon table', async () => {
    const scan = JSON.stringify(await scanWarehouse(new FsStorage(DEMO_DIR, { readOnly: true })));
    expect(scan).toContain('stock');
    expect(scan).toContain('paimon');
  });
});
