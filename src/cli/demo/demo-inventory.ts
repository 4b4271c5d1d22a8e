/**
 * The `inventory` namespace of the demo warehouse: inventory/stock, an Apache Paimon primary-key table written
 * by Lakescope's own Paimon writer (core/formats/paimon/commit) — partitioned by warehouse, primary key
 * (warehouse, sku), two fixed buckets, merge engine deduplicate:
 * a first stock count, daily upserts (each a level-0 file per touched bucket, sequence numbers growing), a
 * DELETE of discontinued SKUs (-D records, not a rewrite), a full compaction that merges every bucket into one
 * top-level file (a COMPACT snapshot; the deletes are applied and dropped), then more upserts and a delete,
 * so the LSM view shows level-0 files on top of the compacted level.
 */
import { PaimonTable } from '../../core/formats/paimon/index.ts';
import { commitAt, days, instantIn } from './demo-data.ts';
import { Rng } from './demo-runtime.ts';
import type { DemoTableContext } from './demo-sales.ts';

const WAREHOUSES = ['berlin', 'lyon'] as const;
const SKUS = 40;
const sku = (n: number): string => `SKU-${String(n).padStart(4, '0')}`;

type Stock = { warehouse: string; sku: string; on_hand: number; reserved: number; updated_at: bigint };

function stock(rng: Rng, warehouse: string, n: number, day: string): Stock {
  const onHand = rng.int(0, 400);
  return { warehouse, sku: sku(n), on_hand: onHand, reserved: Math.min(onHand, rng.int(0, 40)), updated_at: instantIn(rng, day) };
}

export async function buildStock({ storage, clock }: DemoTableContext): Promise<void> {
  const rng = new Rng(0x570c);
  const table = await commitAt(clock, '2025-03-02T06:00:00Z', () => PaimonTable.create(storage, {
    columns: [
      { name: 'warehouse', type: 'STRING' }, { name: 'sku', type: 'STRING' },
      { name: 'on_hand', type: 'INT' }, { name: 'reserved', type: 'INT' }, { name: 'updated_at', type: 'TIMESTAMP(6)' },
    ],
    partitionKeys: ['warehouse'], primaryKeys: ['warehouse', 'sku'], buckets: 2, nowMs: clock.now(),
  }));
  const upsert = (when: string, rows: Stock[]) => commitAt(clock, when, () => table.writeRows('upsert', rows, { nowMs: clock.now() }));
  const changes = (day: string, n: number) => Array.from({ length: n }, () => stock(rng, rng.pick(WAREHOUSES), rng.int(1, SKUS), day));
  // The first count: every SKU in every warehouse.
  await upsert('2025-03-03T07:00:00Z', WAREHOUSES.flatMap((w) => Array.from({ length: SKUS }, (_, i) => stock(rng, w, i + 1, '2025-03-03'))));
  // Daily movements: a few SKUs change; the newest record of a key wins when read (deduplicate merge engine).
  for (const day of days('2025-03-04', '2025-03-07')) await upsert(`${day}T22:00:00Z`, changes(day, 14));
  // Discontinued SKUs leave both warehouses: DELETE (-D) records in new level-0 files.
  await commitAt(clock, '2025-03-08T09:00:00Z', () => table.writeRows('delete',
    WAREHOUSES.flatMap((warehouse) => [37, 38, 39, 40].map((n) => ({ warehouse, sku: sku(n) }))), { nowMs: clock.now() }));
  await upsert('2025-03-09T22:00:00Z', changes('2025-03-09', 14).filter((r) => Number(r.sku.slice(4)) < 37));
  // Full compaction: each bucket's files merge into one file at the top level; the -D records are applied.
  await commitAt(clock, '2025-03-10T02:00:00Z', () => table.compact({ strategy: 'full' }, { nowMs: clock.now() }));
  await upsert('2025-03-11T22:00:00Z', changes('2025-03-11', 10).filter((r) => Number(r.sku.slice(4)) < 37));
  await commitAt(clock, '2025-03-12T09:00:00Z', () => table.writeRows('delete', [{ warehouse: 'lyon', sku: sku(36) }], { nowMs: clock.now() }));
}
