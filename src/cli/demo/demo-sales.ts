/**
 * The `sales` namespace of the demo warehouse, written by Lakescope's own Iceberg writer:
 * - sales/orders: v2, day(order_ts) partitions; nightly appends (with a few late rows for earlier days),
 *   a delete by filter as position deletes, an overwrite of one day, a compaction, a tag and a branch;
 * - sales/customers: v2, unpartitioned; appends, schema evolution (add, rename, promote int → long) and
 *   equality deletes (erasure requests by customer_id).
 */
import {
  appendRows, createTable, deleteByKeys, prepareBranch, prepareCompaction, prepareDeleteWhere, prepareOverwrite,
  prepareSchemaUpdate, prepareTag, loadTableState,
} from '../../core/formats/iceberg/commit/index.ts';
import { batchRows } from '../../core/formats/iceberg/commit/arrow-rows.ts';
import { openIcebergTable } from '../../core/formats/iceberg/index.ts';
import { currentSchema } from '../../core/formats/iceberg/spec/table-metadata.ts';
import type { Storage } from '../../core/io/storage.ts';
import { commitAt, customer, days, order, sortBy } from './demo-data.ts';
import { Rng, type DemoClock } from './demo-runtime.ts';

/** What a table builder gets: where to write, the location to record, and the demo clock. */
export interface DemoTableContext {
  readonly storage: Storage;
  readonly location: string;
  readonly clock: DemoClock;
}

const ORDERS_SCHEMA = {
  type: 'struct', fields: [
    { id: 1, name: 'order_id', required: true, type: 'long' },
    { id: 2, name: 'customer_id', required: true, type: 'long' },
    { id: 3, name: 'order_ts', required: true, type: 'timestamptz' },
    { id: 4, name: 'product', required: true, type: 'string' },
    { id: 5, name: 'quantity', required: true, type: 'int' },
    { id: 6, name: 'amount', required: true, type: 'decimal(10,2)' },
    { id: 7, name: 'status', required: false, type: 'string' },
  ],
};

/** Nightly loads: [commit time, first day, last day, late rows for the day before `first`]. */
const ORDER_LOADS: readonly [string, string, string, number][] = [
  ['2025-03-03T06:10:00Z', '2025-03-01', '2025-03-02', 0],
  ['2025-03-05T06:10:00Z', '2025-03-03', '2025-03-04', 4],
  ['2025-03-08T06:10:00Z', '2025-03-05', '2025-03-07', 3],
  ['2025-03-11T06:10:00Z', '2025-03-08', '2025-03-10', 5],
  ['2025-03-15T06:10:00Z', '2025-03-11', '2025-03-14', 4],
  ['2025-03-19T06:10:00Z', '2025-03-15', '2025-03-18', 3],
  ['2025-03-23T06:10:00Z', '2025-03-19', '2025-03-22', 6],
  ['2025-03-27T06:10:00Z', '2025-03-23', '2025-03-26', 4],
  ['2025-03-31T23:20:00Z', '2025-03-27', '2025-03-31', 2],
];
const ORDERS_PER_DAY = 44;
const TEST_PRODUCT = 'TEST-SKU (load test)';

export async function buildOrders({ storage, location, clock }: DemoTableContext): Promise<void> {
  const rng = new Rng(0x0de5);
  let nextId = 100_001;
  const dayRows = (day: string, n: number) => Array.from({ length: n }, () => order(rng, nextId++, day, 750));
  await commitAt(clock, '2025-03-01T09:00:00Z', () => createTable(storage, {
    location, schema: ORDERS_SCHEMA, formatVersion: 2,
    partitionSpec: { fields: [{ name: 'order_day', transform: 'day', 'source-id': 3 }] },
    properties: { 'write.delete.mode': 'merge-on-read', 'write.update.mode': 'merge-on-read', owner: 'demo' },
  }));
  const load = async ([at, first, last, late]: readonly [string, string, string, number], extra: Record<string, unknown>[] = []) => {
    const prev = new Date(Date.parse(`${first}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const rows = [...days(first, last).flatMap((d) => dayRows(d, ORDERS_PER_DAY + rng.int(-8, 8))), ...(late ? dayRows(prev, late) : []), ...extra];
    clock.at(at);
    await appendRows(storage, sortBy(rows, 'order_ts'), { now: clock.now });
  };
  // Load tests leaked a few fake orders into two loads; they are deleted below (merge-on-read: position deletes).
  const fake = (day: string, n: number) => dayRows(day, n).map((r) => ({ ...r, product: TEST_PRODUCT, customer_id: 1n }));
  for (const [i, l] of ORDER_LOADS.slice(0, 4).entries()) await load(l, i === 2 ? fake('2025-03-06', 3) : i === 3 ? fake('2025-03-09', 4) : []);
  await commitAt(clock, '2025-03-12T14:30:00Z', async () => (await prepareDeleteWhere(storage, `product = '${TEST_PRODUCT}'`, { mode: 'merge-on-read' })).apply());
  await load(ORDER_LOADS[4]);
  // 10 March is restated from the order system: same orders, corrected statuses, cancelled ones gone.
  const restated = (await readDay(storage, '2025-03-10')).filter(() => rng.chance(0.9)).map((r) => ({ ...r, status: r.status === 'placed' ? 'paid' : r.status }));
  await commitAt(clock, '2025-03-17T10:05:00Z', async () => (await prepareOverwrite(storage, "order_ts >= '2025-03-10T00:00:00Z' and order_ts < '2025-03-11T00:00:00Z'", restated)).apply());
  for (const l of ORDER_LOADS.slice(5, 8)) await load(l);
  // Late rows left days with two or three small files, and deletes on others: compaction tidies both.
  await commitAt(clock, '2025-03-28T02:00:00Z', async () => (await prepareCompaction(storage, { targetFileSizeBytes: 256 * 1024, minInputFiles: 2 })).apply());
  await load(ORDER_LOADS[8]);
  const monthEnd = (await loadTableState(storage)).metadata.currentSnapshotId!;
  await commitAt(clock, '2025-04-01T08:00:00Z', async () => (await prepareTag(storage, 'month-end', monthEnd)).apply());
  await commitAt(clock, '2025-04-01T09:30:00Z', async () => (await prepareBranch(storage, 'audit', monthEnd)).apply());
  // The auditors book their corrections on their own branch; main does not see them.
  const corrections = dayRows('2025-03-31', 3).map((r) => ({ ...r, status: 'audit-adjustment', quantity: 1, amount: -(r.amount as bigint) / BigInt(r.quantity as number) }));
  clock.at('2025-04-01T11:45:00Z');
  await appendRows(storage, corrections, { branch: 'audit', now: clock.now });
  await load(['2025-04-02T06:10:00Z', '2025-04-01', '2025-04-01', 0]);
}

/** The live rows of one day of orders in the writer's row form, read back with our own reader. */
async function readDay(storage: Storage, day: string): Promise<Record<string, unknown>[]> {
  const table = await openIcebergTable(storage);
  const plan = await table.planScan({ filter: `order_ts >= '${day}T00:00:00Z' and order_ts < '${day}T23:59:59.999999Z'` });
  const fields = currentSchema(table.metadata).fields;
  const rows: Record<string, unknown>[] = [];
  for (const task of plan.tasks) for await (const b of table.read(task)) rows.push(...batchRows(b, fields));
  return sortBy(rows.filter((r) => new Date(Number((r.order_ts as bigint) / 1000n)).toISOString().startsWith(day)), 'order_id');
}

const CUSTOMERS_SCHEMA = {
  type: 'struct', fields: [
    { id: 1, name: 'customer_id', required: true, type: 'long' },
    { id: 2, name: 'name', required: true, type: 'string' },
    { id: 3, name: 'email', required: false, type: 'string' },
    { id: 4, name: 'country', required: false, type: 'string' },
    { id: 5, name: 'signup_date', required: false, type: 'date' },
    { id: 6, name: 'loyalty_points', required: false, type: 'int' },
  ],
};

export async function buildCustomers({ storage, location, clock }: DemoTableContext): Promise<void> {
  const rng = new Rng(0xc057);
  let nextId = 1;
  const batch = (n: number, signupFrom: string, signupTo: string, extra: (r: Record<string, unknown>) => Record<string, unknown> = (r) => r) => {
    const span = days(signupFrom, signupTo);
    return Array.from({ length: n }, () => extra(customer(rng, nextId++, rng.pick(span))));
  };
  const append = (at: string, rows: Record<string, unknown>[]) => { clock.at(at); return appendRows(storage, rows, { now: clock.now, maxRowsPerFile: 100 }); };
  await commitAt(clock, '2025-03-01T08:00:00Z', () => createTable(storage, { location, schema: CUSTOMERS_SCHEMA, formatVersion: 2, properties: { owner: 'demo' } }));
  await append('2025-03-01T08:30:00Z', batch(300, '2023-01-01', '2025-02-28'));
  await append('2025-03-06T08:30:00Z', batch(200, '2025-03-01', '2025-03-05'));
  const tiers = ['bronze', 'silver', 'gold'];
  await commitAt(clock, '2025-03-09T16:00:00Z', async () => (await prepareSchemaUpdate(storage, [{ op: 'add-column', name: 'tier', type: 'string' }])).apply());
  await append('2025-03-10T08:30:00Z', batch(150, '2025-03-06', '2025-03-09', (r) => ({ ...r, tier: rng.pick(tiers) })));
  await commitAt(clock, '2025-03-13T11:00:00Z', async () => (await prepareSchemaUpdate(storage, [{ op: 'rename-column', name: 'email', newName: 'email_address' }])).apply());
  await commitAt(clock, '2025-03-16T11:00:00Z', async () => (await prepareSchemaUpdate(storage, [{ op: 'promote-column', name: 'loyalty_points', type: 'long' }])).apply());
  // After the promotion, points beyond the int range are possible: partners import lifetime totals.
  await append('2025-03-18T08:30:00Z', batch(100, '2025-03-10', '2025-03-17', (r) => {
    const { email, ...rest } = r;
    return { ...rest, email_address: email, tier: rng.pick(tiers), loyalty_points: BigInt(r.loyalty_points as number) * (rng.chance(0.1) ? 1_000_000n : 1n) };
  }));
  const erase = (at: string, ids: number[]) => { clock.at(at); return deleteByKeys(storage, ['customer_id'], ids.map((id) => ({ customer_id: BigInt(id) })), { now: clock.now }); };
  const picks = (n: number, hi: number) => [...new Set(Array.from({ length: n }, () => rng.int(1, hi)))].sort((a, b) => a - b);
  await erase('2025-03-20T17:00:00Z', picks(25, 650));
  await append('2025-03-24T08:30:00Z', batch(50, '2025-03-18', '2025-03-23', (r) => {
    const { email, ...rest } = r;
    return { ...rest, email_address: email, tier: rng.pick(tiers), loyalty_points: BigInt(r.loyalty_points as number) };
  }));
  await erase('2025-03-27T17:00:00Z', picks(10, 750));
}
