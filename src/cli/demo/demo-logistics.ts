/**
 * The `logistics` namespace of the demo warehouse: logistics/shipments, a Delta Lake table written by
 * Lakescope's own Delta writer (core/formats/delta/commit) — partitioned by region, deletion vectors on:
 * five daily appends (versions 5 and 10 get classic checkpoints: delta.checkpointInterval is 5), a DELETE of
 * cancelled shipments as deletion vectors, an UPDATE, an OPTIMIZE that packs each region's small files and
 * applies the vectors, a bad load, a RESTORE that undoes it, and one more append.
 */
import { appendRows, createDeltaTable, prepareOptimize, prepareRestore, prepareRowChange } from '../../core/formats/delta/commit/index.ts';
import { openDeltaTable } from '../../core/formats/delta/index.ts';
import { commitAt, days, instantIn, sortBy } from './demo-data.ts';
import { Rng } from './demo-runtime.ts';
import type { DemoTableContext } from './demo-sales.ts';

const REGIONS = ['north', 'south'] as const;
const CARRIERS = ['Polar Freight', 'Dune Express', 'Harbor Lines', 'Sky Parcel'] as const;
const PER_DAY = 40;

type Shipment = Record<string, unknown> & { shipment_id: bigint; shipped_at: bigint };

function shipment(rng: Rng, id: number, day: string): Shipment {
  const status = rng.chance(0.08) ? 'cancelled' : rng.chance(0.1) ? 'delayed' : 'delivered';
  return {
    shipment_id: BigInt(id), shipped_at: instantIn(rng, day), region: rng.pick(REGIONS), carrier: rng.pick(CARRIERS),
    weight_kg: Math.round((0.5 + rng.next() * 40) * 10) / 10, status,
  };
}

export async function buildShipments({ storage, clock }: DemoTableContext): Promise<void> {
  const rng = new Rng(0x5417);
  let nextId = 500_001;
  await commitAt(clock, '2025-03-01T08:00:00Z', () => createDeltaTable(storage, {
    name: 'shipments', description: 'Parcels shipped per day, by region',
    columns: [
      { name: 'shipment_id', type: 'long', nullable: false }, { name: 'shipped_at', type: 'timestamp', nullable: false },
      { name: 'region', type: 'string', nullable: false }, { name: 'carrier', type: 'string' },
      { name: 'weight_kg', type: 'double' }, { name: 'status', type: 'string' },
    ],
    partitionColumns: ['region'],
    configuration: { 'delta.enableDeletionVectors': 'true', 'delta.checkpointInterval': '5' },
  }));
  const table = await openDeltaTable(storage);
  const load = async (when: string, day: string, n: number) => {
    const rows = sortBy(Array.from({ length: n }, () => shipment(rng, nextId++, day)), 'shipped_at');
    await commitAt(clock, when, () => appendRows(table, rows));
  };
  for (const day of days('2025-03-03', '2025-03-07')) await load(`${day}T23:30:00Z`, day, PER_DAY);
  await commitAt(clock, '2025-03-12T09:15:00Z', async () => (await prepareRowChange(table, { where: "status = 'cancelled'" })).apply());
  await commitAt(clock, '2025-03-14T10:00:00Z', async () => (await prepareRowChange(table, { where: "status = 'delayed' AND shipped_at < '2025-03-05T00:00:00Z'", set: { status: 'delivered' } })).apply());
  await commitAt(clock, '2025-03-18T02:00:00Z', async () => (await prepareOptimize(table)).apply());
  const good = table.snapshot.version;
  await load('2025-03-20T23:30:00Z', '2025-03-20', 3 * PER_DAY); // a bad load: three days' worth under one day
  await commitAt(clock, '2025-03-21T08:40:00Z', async () => (await prepareRestore(table, { version: good })).apply());
  await load('2025-03-21T23:30:00Z', '2025-03-21', PER_DAY);
}
