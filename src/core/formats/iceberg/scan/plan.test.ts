/**
 * Planning against real fixtures through a counting storage: a filtered scan reads only the manifests
 * and data files that can match (exact request counts), and records why everything else was skipped.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CountingStorage } from '../../../io/counting-storage.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { canonicalRows } from '../../../arrow/canonical.ts';
import { openIcebergTable, type IcebergTable } from '../index.ts';

const fx = (part: string) => listFixtures('iceberg').find((f) => f.name.includes(part))!;
beforeAll(() => installNodeParquetWasm());

async function open(part: string): Promise<{ storage: CountingStorage; table: IcebergTable }> {
  const storage = new CountingStorage(new FsStorage(fx(part).root, { readOnly: true }));
  const table = await openIcebergTable(storage);
  storage.reset();
  return { storage, table };
}

async function rowsOf(table: IcebergTable, req: Parameters<IcebergTable['planScan']>[0]) {
  const plan = await table.planScan(req);
  const out = [];
  for (const t of plan.tasks) for await (const b of table.read(t)) out.push(...canonicalRows(b));
  return { plan, rows: out };
}

const readsOf = (s: CountingStorage) => s.log.filter((c) => c.method === 'read').map((c) => c.key);

describe.skipIf(!FIXTURES_PRESENT)('scan planning with a counting storage', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('opening reads the listing, the version hint and one metadata file', async () => {
    const storage = new CountingStorage(new FsStorage(fx('v1_spark').root, { readOnly: true }));
    await openIcebergTable(storage);
    expect(storage.counts).toEqual({ list: 1, head: 0, read: 2, write: 0, delete: 0 });
    expect(readsOf(storage)).toEqual(['metadata/version-hint.text', 'metadata/v2.metadata.json']);
  });

  it('identity partition filter: 1 manifest list + 1 manifest + the 6 matching files, nothing else', async () => {
    const { storage, table } = await open('v1_spark');
    const { plan, rows } = await rowsOf(table, { filter: "action = 'click'" });
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.action === 'click')).toBe(true);
    const reads = readsOf(storage);
    expect(reads.filter((k) => k.endsWith('.avro'))).toHaveLength(2);
    expect(reads.filter((k) => k.endsWith('.parquet'))).toHaveLength(6);
    expect(reads.filter((k) => k.endsWith('.parquet')).every((k) => k.includes('action=click/'))).toBe(true);
    // Each file is smaller than the footer read, so that one read serves planning and reading.
    expect(storage.counts).toEqual({ list: 0, head: 0, read: 8, write: 0, delete: 0 });
    expect(plan.counts.dataFiles).toEqual({ total: 20, matched: 6, skipped: 14 });
    expect(plan.skipped.filter((s) => s.step === 'manifest')).toHaveLength(14);
    expect(plan.skipped[0].reason).toMatch(/^partition \(event_time_hour=2020-01-01-(08|10), action=(view|download)\) cannot match the filter$/);
  });

  it('hour transform: a timestamp range is projected onto hour partitions', async () => {
    const { storage, table } = await open('v1_spark');
    const { plan, rows } = await rowsOf(table, { filter: "event_time >= '2020-01-01T10:00:00Z'" });
    expect(rows.map((r) => r.action)).toEqual(Array(6).fill('download'));
    expect(readsOf(storage).filter((k) => k.endsWith('.parquet'))).toHaveLength(6);
    expect(plan.counts.dataFiles.matched).toBe(6);
    // Skip reasons name hour partitions as people read them, not as the stored hours since 1970.
    expect(new Set(plan.skipped.map((s) => s.reason))).toEqual(new Set([
      'partition (event_time_hour=2020-01-01-08, action=view) cannot match the filter',
      'partition (event_time_hour=2020-01-01-09, action=click) cannot match the filter',
    ]));
    const none = await table.planScan({ filter: "event_time >= '2030-01-01T00:00:00Z'" });
    expect(none.skipped.map((s) => s.reason)).toEqual(['partition summary (event_time_hour in [2020-01-01-08, 2020-01-01-10]) cannot match the filter']);
  });

  it('a filter outside the partition summary skips the whole manifest (reads only the manifest list)', async () => {
    const { storage, table } = await open('v1_spark');
    const { plan, rows } = await rowsOf(table, { filter: "action = 'zzz'" });
    expect(rows).toEqual([]);
    expect(readsOf(storage)).toEqual([table.metadata.snapshots[0].manifestList!.replace(/^.*\/metadata\//, 'metadata/')]);
    expect(plan.skipped).toEqual([{ step: 'manifest-list', kind: 'manifest', path: expect.stringMatching(/-m0\.avro$/), reason: 'partition summary (action in [click, view]) cannot match the filter' }]);
  });

  it('column metrics skip files whose bounds exclude the value (non-partition column)', async () => {
    const { table } = await open('v1_spark');
    const { plan, rows } = await rowsOf(table, { filter: 'id = 5' });
    expect(rows).toHaveLength(1);
    expect(plan.counts.dataFiles).toEqual({ total: 20, matched: 1, skipped: 19 });
    expect(plan.skipped.every((s) => /^column metrics: id = 5 but (lower|upper) bound is \d+$/.test(s.reason))).toBe(true);
  });

  it('bucket transform: id = 4 reads only the id_bucket=2 file', async () => {
    const { storage, table } = await open('rename_column');
    const { rows } = await rowsOf(table, { filter: 'id = 4' });
    expect(rows).toEqual([{ id: 4, name: 'Thumper', event_date: '2022-01-02', price: '99999999.99', active: false }]);
    expect(readsOf(storage).filter((k) => k.endsWith('.parquet'))).toEqual([expect.stringContaining('id_bucket=2/')]);
  });

  it('a renamed partition source column filters by its new name; residual drops the other rows', async () => {
    const { table } = await open('rename_column');
    const { plan, rows } = await rowsOf(table, { filter: "event_date = '2022-01-01' and price < 0" });
    expect(rows.map((r) => r.id)).toEqual([2]);
    expect(plan.tasks).toHaveLength(1);
    expect(plan.tasks[0].residual).toBeDefined();
  });

  it('limit without a filter stops adding files once enough rows are planned', async () => {
    const { storage, table } = await open('v1_spark');
    const { plan, rows } = await rowsOf(table, { limit: 3 });
    expect(plan.tasks).toHaveLength(3);
    expect(rows).toHaveLength(3);
    expect(plan.skipped.filter((s) => s.step === 'limit')).toHaveLength(17);
    expect(readsOf(storage).filter((k) => k.endsWith('.parquet'))).toHaveLength(3);
  });

  it('deletes: a filter skips equality deletes whose metrics cannot match, and keeps the ones that can', async () => {
    const { table } = await open('v2_java');
    const all = await table.planScan({});
    expect(all.tasks.flatMap((t) => t.deletes.map((d) => d.kind)).sort()).toEqual(['equality', 'position']);
    const { plan, rows } = await rowsOf(table, { filter: "\"Breed Name\" = 'New Zealand'" });
    expect(rows.map((r) => r['Origin Country'])).toEqual(['New Zealand']);
    expect(plan.tasks.flatMap((t) => t.deletes.map((d) => d.kind))).toContain('equality');
  });

  it('deletes: an equality delete file is never skipped on metrics of columns that are not its equality columns', async () => {
    // The Java writer stores whole rows in its equality delete file, null outside the equality column
    // ("Breed Name"): "Lifespan is null in every row" of the delete file says nothing about which data rows it deletes.
    const { table } = await open('v2_java');
    const current = fx('v2_java').expected.versions.at(-1)!.rows as Record<string, unknown>[];
    const cases: [string, (r: Record<string, unknown>) => boolean][] = [
      ['Lifespan = 8', (r) => r.Lifespan === 8],
      ['"Ear Type" = \'Erect\'', (r) => r['Ear Type'] === 'Erect'],
      ['Lifespan >= 6', (r) => typeof r.Lifespan === 'number' && r.Lifespan >= 6],
      ['Lifespan = 8 or "Breed Name" = \'Dutch\'', (r) => r.Lifespan === 8 || r['Breed Name'] === 'Dutch'],
    ];
    for (const [filter, keep] of cases) {
      const { plan, rows } = await rowsOf(table, { filter });
      const key = (r: unknown) => JSON.stringify(r);
      expect(rows.map(key).sort(), filter).toEqual(current.filter(keep).map(key).sort());
      expect(plan.tasks.flatMap((t) => t.deletes.map((d) => d.kind)), filter).toContain('equality');
      expect(plan.skipped.filter((s) => s.kind !== 'data'), filter).toEqual([]);
    }
  });

  it('explainFiles lists read, applied and skipped files with reasons', async () => {
    const { table } = await open('v2_spark_position');
    const all = await table.explainFiles({ version: '469881615898633426' });
    expect(all.map((f) => [f.kind, f.status])).toEqual([['data', 'read'], ['position-deletes', 'applied']]);
    const v1 = (await open('v1_spark')).table;
    const some = await v1.explainFiles({ filter: "action = 'click'" });
    expect(some.filter((f) => f.status === 'read')).toHaveLength(6);
    expect(some.filter((f) => f.status === 'skipped').every((f) => f.key?.startsWith('data/event_time_hour=') && f.reason)).toBe(true);
  });

  it('v3 deletion vectors are attached only to the data files they reference', async () => {
    const { table } = await open('v3_');
    const plan = await table.planScan({});
    expect(plan.tasks.map((t) => t.deletes.map((d) => [d.kind, d.contentOffset]))).toEqual(
      plan.tasks.map((t) => (/0000[13]-[13]-/.test(t.path) ? [['deletion-vector', t.path.includes('00001-1-') ? 46n : 4n]] : [])));
  });
});
