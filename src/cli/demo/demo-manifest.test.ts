/**
 * public/demo is the warehouse the generator writes (byte for byte), index.json lists it, and every demo
 * table opens with our reader and shows in its history what the README promises — at every version.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openIcebergTable, type IcebergTable } from '../../core/formats/iceberg/index.ts';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { readTableRows } from '../../testing/iceberg-writer-fixtures.ts';
import { buildDemoTables, buildManifest, DEMO_DELTA_TABLES, DEMO_DIR, DEMO_PAIMON_TABLES, DEMO_TABLES, README } from './generate-demo.ts';

const open = (table: string) => openIcebergTable(new FsStorage(join(DEMO_DIR, table), { readOnly: true }));
type Row = Record<string, unknown>;
const num = (s: string | undefined) => Number(s ?? 0);

describe('public/demo', () => {
  it('has an index.json that lists exactly the files beside it, with their sizes', () => {
    const committed = JSON.parse(readFileSync(join(DEMO_DIR, 'index.json'), 'utf8'));
    expect(committed).toEqual(buildManifest(DEMO_DIR)); // stale? run: npx tsx src/cli/demo/generate-demo.ts
    expect(committed.files.length).toBeGreaterThan(100);
  });

  it('is exactly what the generator writes now (same keys, same bytes): regenerate with npx tsx src/cli/demo/generate-demo.ts', async () => {
    const fresh = await buildDemoTables();
    const onDisk = buildManifest(DEMO_DIR).files.map((f) => f.key);
    expect(onDisk).toEqual(['README.txt', ...[...fresh.keys()]].sort());
    expect(readFileSync(join(DEMO_DIR, 'README.txt'), 'utf8')).toBe(README);
    const differing = [...fresh].filter(([key, bytes]) => !Buffer.from(bytes).equals(readFileSync(join(DEMO_DIR, key)))).map(([k]) => k);
    expect(differing).toEqual([]);
  });

  it('holds the four Iceberg tables, the Delta one and the Paimon one, and stays small', () => {
    const files = buildManifest(DEMO_DIR).files;
    for (const t of Object.keys(DEMO_TABLES)) expect(files.some((f) => f.key.startsWith(`${t}/metadata/`) && f.key.endsWith('.metadata.json')), t).toBe(true);
    for (const t of Object.keys(DEMO_DELTA_TABLES)) expect(files.some((f) => f.key.startsWith(`${t}/_delta_log/`)), t).toBe(true);
    for (const t of Object.keys(DEMO_PAIMON_TABLES)) expect(files.some((f) => f.key === `${t}/snapshot/LATEST`), t).toBe(true);
    // About 1 MiB for the four Iceberg tables, about 125 KiB for the Delta one (logistics/shipments) and about
    // 190 KiB for the Paimon one (inventory/stock), about 180 KiB for the three story tables (story/*). The sandbox copies all of it into the browser's storage.
    expect(files.reduce((n, f) => n + f.size, 0)).toBeLessThan(1.5 * 1024 * 1024);
  });
});

/** Live rows of every snapshot (branches included), by snapshot id. */
async function rowsByVersion(table: IcebergTable): Promise<Map<string, Row[]>> {
  const out = new Map<string, Row[]>();
  for (const v of await table.versions()) out.set(v.id, await readTableRows(table, v.id) as Row[]);
  return out;
}

describe.each(Object.keys(DEMO_TABLES))('demo table %s', (name) => {
  it('opens with our reader, recording the /demo/ location it is re-rooted from, and every version reads', async () => {
    const table = await open(name);
    expect(table.metadata.location).toBe(`/demo/${name}`);
    expect(table.relocatedFrom).toBe(`/demo/${name}`);
    const versions = await table.versions();
    expect(versions.length).toBeGreaterThanOrEqual(7);
    const rows = await rowsByVersion(table);
    for (const v of versions) {
      const n = rows.get(v.id)!.length;
      const total = num(v.summary['total-records']);
      if (num(v.summary['total-equality-deletes']) === 0) {
        // Position deletes and deletion vectors each remove exactly one row (no dangling ones are kept).
        expect(n, `${name} @ ${v.id} (${v.operation})`).toBe(total - num(v.summary['total-position-deletes']));
      } else {
        expect(n).toBeLessThan(total);
      }
    }
    const current = rows.get(versions.find((v) => v.isCurrent)!.id)!;
    expect(current.length).toBeGreaterThan(500);
    // The README's heading line for the table states its live row count.
    const heading = README.split('\n').findIndex((l) => l.startsWith(`${name} — `));
    expect(README.split('\n').slice(heading, heading + 2).join(' ')).toContain(current.length.toLocaleString('en-US'));
  });
});

describe('what each demo table shows', () => {
  let orders: IcebergTable; let customers: IcebergTable; let clicks: IcebergTable; let sessions: IcebergTable;
  beforeAll(async () => {
    [orders, customers, clicks, sessions] = await Promise.all(['sales/orders', 'sales/customers', 'events/clicks', 'events/sessions'].map(open));
  });

  it('sales/orders: append, delete (position deletes), overwrite, replace (compaction), tag month-end, branch audit with its own commit', async () => {
    const versions = await orders.versions();
    expect(new Set(versions.map((v) => v.operation))).toEqual(new Set(['append', 'delete', 'overwrite', 'replace']));
    expect(orders.metadata.formatVersion).toBe(2);
    expect((await orders.partitionSpecs()).map((s) => s.fields.map((f) => f.transform))).toEqual([['day']]);
    const byId = new Map(versions.map((v) => [v.id, v]));
    const tag = versions.find((v) => v.refs.some((r) => r.name === 'month-end' && r.type === 'tag'))!;
    const audit = versions.find((v) => v.refs.some((r) => r.name === 'audit' && r.type === 'branch'))!;
    const main = versions.find((v) => v.isCurrent)!;
    expect(audit.parentId).toBe(tag.id); // the branch's own commit sits on the tag
    expect(main.parentId).toBe(tag.id); // and main moved on past it separately
    expect(audit.operation).toBe('append');

    const del = versions.find((v) => v.operation === 'delete')!;
    const delPlan = await orders.planScan({ version: del.id });
    const masked = delPlan.tasks.filter((t) => t.deletes.some((d) => d.kind === 'position'));
    expect(masked.length).toBeGreaterThan(0);
    const [before, after] = [await readTableRows(orders, del.parentId!), await readTableRows(orders, del.id)] as Row[][];
    const gone = before.filter((r) => !after.some((a) => a.order_id === r.order_id));
    expect(gone.length).toBe(num(del.summary['added-position-deletes']));
    expect(gone.every((r) => String(r.product).startsWith('TEST-SKU'))).toBe(true);
    expect(after.some((r) => String(r.product).startsWith('TEST-SKU'))).toBe(false);

    const compaction = versions.find((v) => v.operation === 'replace')!;
    const [cBefore, cAfter] = [await orders.planScan({ version: compaction.parentId! }), await orders.planScan({ version: compaction.id })];
    expect(cAfter.tasks.length).toBeLessThan(cBefore.tasks.length);
    expect(cAfter.tasks.every((t) => t.deletes.length === 0)).toBe(true);
    expect(await readTableRows(orders, compaction.id)).toEqual(await readTableRows(orders, compaction.parentId!));

    const auditRows = await readTableRows(orders, 'audit') as Row[];
    expect(auditRows.filter((r) => r.status === 'audit-adjustment').length).toBe(3);
    expect((await readTableRows(orders) as Row[]).some((r) => r.status === 'audit-adjustment')).toBe(false);
    expect(byId.get(main.parentId!)).toBe(tag);
  });

  it('sales/customers: schema evolution by field id (add, rename, int → long) and equality deletes', async () => {
    const schemas = await customers.schemas();
    expect(schemas.length).toBeGreaterThanOrEqual(2);
    const col = (s: (typeof schemas)[number], id: number) => s.columns.find((c) => c.id === id);
    const [first, last] = [schemas[0], schemas[schemas.length - 1]];
    expect([col(first, 3)?.name, col(last, 3)?.name]).toEqual(['email', 'email_address']);
    expect([col(first, 6)?.type, col(last, 6)?.type]).toEqual(['int', 'long']);
    expect(col(first, 7)).toBeUndefined();
    expect(col(last, 7)?.name).toBe('tier');

    const versions = await customers.versions();
    const deletes = versions.filter((v) => v.operation === 'delete');
    expect(deletes.length).toBe(2);
    for (const d of deletes) {
      expect(num(d.summary['added-equality-delete-files'])).toBeGreaterThan(0);
      const plan = await customers.planScan({ version: d.id });
      expect(plan.tasks.some((t) => t.deletes.some((x) => x.kind === 'equality'))).toBe(true);
      const [before, after] = [await readTableRows(customers, d.parentId!), await readTableRows(customers, d.id)] as Row[][];
      const gone = before.filter((r) => !after.some((a) => a.customer_id === r.customer_id));
      expect(gone.length).toBeGreaterThan(0);
      expect(gone.length).toBeLessThanOrEqual(num(d.summary['added-equality-deletes']));
      expect(after.length).toBe(before.length - gone.length);
    }
    const rows = await readTableRows(customers) as Row[];
    expect(rows.some((r) => Number(r.loyalty_points) > 2 ** 31)).toBe(true); // only possible after the promotion
    expect(rows.filter((r) => r.tier === null).length).toBeGreaterThan(0); // written before tier existed
    expect(rows.every((r) => typeof r.email_address === 'string')).toBe(true); // old files read by field id
  });

  it('events/clicks: v3 deletion vectors from deletes by filter, and row lineage', async () => {
    expect(clicks.metadata.formatVersion).toBe(3);
    const versions = await clicks.versions();
    const deletes = versions.filter((v) => v.operation === 'delete');
    expect(deletes.length).toBe(2);
    for (const d of deletes) {
      const plan = await clicks.planScan({ version: d.id });
      const dvs = plan.tasks.flatMap((t) => t.deletes);
      expect(dvs.length).toBeGreaterThan(0);
      expect(dvs.every((x) => x.kind === 'deletion-vector' && x.format.toLowerCase() === 'puffin')).toBe(true);
      expect(plan.tasks.every((t) => t.deletes.length <= 1)).toBe(true); // at most one vector per data file
    }
    // The second delete merged into vectors of files the first had touched: same file, a new, larger vector.
    const dvOf = async (id: string) => new Map((await clicks.planScan({ version: id })).tasks.filter((t) => t.deletes.length).map((t) => [t.path, t.deletes[0]]));
    const [first, second] = [await dvOf(deletes[0].id), await dvOf(deletes[1].id)];
    const merged = [...second].filter(([path, dv]) => first.has(path) && first.get(path)!.key !== dv.key);
    expect(merged.length).toBeGreaterThan(0);
    expect(merged.every(([path, dv]) => dv.recordCount > first.get(path)!.recordCount)).toBe(true);
    const at = (id: string) => readTableRows(clicks, id) as Promise<Row[]>;
    const tester = (r: Row) => r.user_id === 42 || r.page === '/account';
    expect((await at(deletes[0].parentId!)).some((r) => r.is_bot === true)).toBe(true);
    expect((await at(deletes[0].id)).some((r) => r.is_bot === true)).toBe(false);
    expect((await at(deletes[1].parentId!)).some(tester)).toBe(true);
    expect((await at(deletes[1].id)).some(tester)).toBe(false);
    // Row lineage (spec "Row Lineage"): each snapshot's first-row-id continues the last, next-row-id is the sum.
    const snaps = clicks.metadata.snapshots;
    let next = 0n;
    for (const s of snaps) {
      expect(s.firstRowId).toBe(next);
      next += s.addedRows ?? 0n;
    }
    expect(clicks.metadata.nextRowId).toBe(next);
    const plan = await clicks.planScan({});
    expect(plan.tasks.every((t) => t.firstRowId !== undefined)).toBe(true);
  });

  it('events/sessions: partition evolution month → day and rewrite-manifests', async () => {
    const specs = await sessions.partitionSpecs();
    expect(specs.length).toBeGreaterThanOrEqual(2);
    expect(specs.map((s) => s.fields.map((f) => f.transform).join(','))).toEqual(['month', 'day']);
    const plan = await sessions.planScan({});
    expect(new Set(plan.tasks.map((t) => t.specId))).toEqual(new Set([0, 1]));
    const versions = await sessions.versions();
    const rewrite = versions.find((v) => v.operation === 'replace')!;
    const [before, after] = [await sessions.planScan({ version: rewrite.parentId! }), await sessions.planScan({ version: rewrite.id })];
    expect(after.counts.manifests.total).toBeLessThan(before.counts.manifests.total);
    expect(after.tasks.map((t) => t.path).sort()).toEqual(before.tasks.map((t) => t.path).sort());
    expect(await readTableRows(sessions, rewrite.id)).toEqual(await readTableRows(sessions, rewrite.parentId!));
  });
});
