/**
 * Planning and reading on the fixtures: pruning with reasons, residual filters, projections, time
 * travel by timestamp/tag/id, level-0 skipping for deletion-vector tables, refused merge engines.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordBatch } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows, canonicalRowsText } from '../../../arrow/index.ts';
import { CountingStorage } from '../../../io/index.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, listFixtures } from '../../../../testing/fixtures.ts';
import { openPaimonTable, paimonFormat, type PaimonScanRequest, type PaimonTable } from '../index.ts';

const fx = (name: string) => listFixtures('paimon').find((f) => f.name === `paimon/${name}`)!;
const open = (name: string) => openPaimonTable(new FsStorage(fx(name).root, { readOnly: true }));
type Row = Record<string, unknown>;

async function rows(table: PaimonTable, req: PaimonScanRequest = {}): Promise<Row[]> {
  const plan = await table.plan(req);
  const batches: RecordBatch[] = [];
  for (const t of plan.tasks) for await (const b of table.read(t)) batches.push(b);
  return canonicalRows(batches, { columns: plan.columns });
}

const temps: string[] = [];
beforeAll(() => installNodeParquetWasm());
afterAll(() => { for (const d of temps) rmSync(d, { recursive: true, force: true }); });

describe.skipIf(!FIXTURES_PRESENT)('paimon plan and read', () => {
  it('prunes partitions by the filter and says why', async () => {
    const table = await open('append_complex_data');
    const plan = await table.planScan({ filter: 'f1 = 20' });
    expect(plan.tasks.every((t) => t.partitionPath === 'f1=20')).toBe(true);
    expect(plan.skipped.some((s) => s.step === 'file' && /partition f1=10/.test(s.reason))).toBe(true);
    const got = await rows(table, { filter: 'f1 = 20' });
    const all = fx('append_complex_data').expected.versions.at(-1)!.rows as Row[];
    expect(canonicalRowsText(got)).toBe(canonicalRowsText(all.filter((r) => r.f1 === 20)));
  });

  it('compares decimal literals exactly, in value stats and rows (no double on the way)', async () => {
    const table = await open('append_complex_data');
    const all = fx('append_complex_data').expected.versions.at(-1)!.rows as Row[];
    const cases: [string, (r: Row) => boolean][] = [
      ['f5 = 1728551410100.10010', (r) => r.f5 === '1728551410100.10010'],
      ['f5 = 1728551410100.100100001', () => false],
      ['f5 > 1728551410100.100099999', (r) => r.f5 !== null && Number(r.f5) > 1728551410100],
      ['f5 in (12.3, 1728551410100.1001, 0.000001)', (r) => r.f5 === '12.30000' || r.f5 === '1728551410100.10010'],
    ];
    for (const [filter, keep] of cases) {
      expect(canonicalRowsText(await rows(table, { filter })), filter).toBe(canonicalRowsText(all.filter(keep)));
    }
  });

  it('a filter on a non-key column never revives an older version of a key (merged before filtering, no value-stats pruning)', async () => {
    // Pruning a file on value stats is wrong for primary-key tables: the newer version of a key (or its
    // retraction) may sit in a file whose stats exclude the filter value, and dropping that file would
    // let the older, matching version win the merge.
    let checked = 0;
    for (const name of ['pk_mor_pk_table_scan_and_read_mor', 'pk_dv_partitioned_pk_09']) {
      const table = await open(name);
      const versions = fx(name).expected.versions;
      for (const [i, v] of versions.entries()) {
        const live = (v.rows ?? []) as Row[];
        const older = versions.slice(0, i).flatMap((o) => (o.rows ?? []) as Row[]);
        const stale = [...new Set(older.map((r) => r.f3))].filter((x) => typeof x === 'number' && !live.some((r) => r.f3 === x));
        for (const x of stale) {
          const req = { version: v.id, filter: `f3 = ${x}` };
          expect((await table.plan(req)).skipped.filter((s) => /value stats/.test(s.reason)), `${name}@${v.id} ${req.filter}`).toEqual([]);
          expect(await rows(table, req), `${name}@${v.id} ${req.filter}`).toEqual([]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('skips whole manifests by partition stats', async () => {
    const table = await open('pk_dv_partitioned_pk_09');
    const plan = await table.plan({ filter: 'f1 > 100' });
    expect(plan.tasks).toEqual([]);
    expect(plan.counts.manifests!.skipped).toBe(plan.counts.manifests!.total);
    expect(plan.skipped.every((s) => s.kind === 'manifest')).toBe(true);
  });

  it('applies residual filters on non-partition columns after merging', async () => {
    const table = await open('pk_mor_pk_table_scan_and_read_mor');
    const got = await rows(table, { filter: "f3 > 15 and f0 <> 'David'" });
    const all = fx('pk_mor_pk_table_scan_and_read_mor').expected.versions.at(-1)!.rows as Row[];
    expect(canonicalRowsText(got)).toBe(canonicalRowsText(all.filter((r) => (r.f3 as number) > 15 && r.f0 !== 'David')));
    expect(got.length).toBeGreaterThan(0);
  });

  it('prunes append files by value stats (decimal, date and timestamp bounds)', async () => {
    const table = await open('append_complex_data');
    const plan = await table.plan({ filter: "f3 >= '2024-01-01'" });
    expect(plan.skipped.some((s) => /value stats/.test(s.reason))).toBe(true);
    const all = fx('append_complex_data').expected.versions.at(-1)!.rows as Row[];
    expect(canonicalRowsText(await rows(table, { filter: "f3 >= '2024-01-01'" })))
      .toBe(canonicalRowsText(all.filter((r) => typeof r.f3 === 'string' && r.f3 >= '2024-01-01')));
  });

  it('projects columns in the requested order and refuses unknown ones', async () => {
    const table = await open('pk_dv_schema_evolution_pk_table_with_alter_table');
    const got = await rows(table, { columns: ['e', 'k'] });
    expect(Object.keys(got[0]!)).toEqual(['e', 'k']);
    await expect(table.plan({ columns: ['nope'] })).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('skips level 0 of deletion-vector tables with a reason, and not with mergeAllLevels', async () => {
    const table = await open('pk_dv_partitioned_pk_09');
    const plan = await table.plan({ version: '7' });
    expect(plan.skipped.filter((s) => /level 0/.test(s.reason)).map((s) => s.path)).toEqual(['data-0f3a001e-ce2f-4f01-bb47-08d9901cb76c-3.parquet']);
    expect(plan.counts.deletionVectors!.applied).toBe(3);
    const all = await table.plan({ version: '7', mergeAllLevels: true });
    expect(all.skipped).toEqual([]);
  });

  it('time travels by timestamp, by tag and by id; unknown versions are NotFound', async () => {
    const table = await open('pk_mor_pk_table_scan_and_read_mor');
    const v = fx('pk_mor_pk_table_scan_and_read_mor').expected.versions;
    expect(canonicalRowsText(await rows(table, { asOfTimestampMs: v[1]!.timestampMs + 1 }))).toBe(canonicalRowsText(v[1]!.rows!));
    expect((await table.plan({ asOfTimestampMs: v[1]!.timestampMs })).versionId).toBe('2');
    await expect(table.plan({ asOfTimestampMs: v[0]!.timestampMs - 1 })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(table.plan({ version: '42' })).rejects.toMatchObject({ code: 'NotFound', message: expect.stringMatching(/snapshots 1\.\.5/) });
    await expect(table.plan({ version: 'no-such-tag' })).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('limits a scan', async () => {
    const table = await open('pk_mor_pk_table_scan_and_read_mor');
    let n = 0;
    for await (const b of table.scan({ limit: 3 })) n += b.numRows;
    expect(n).toBe(3);
  });

  it('reads each immutable metadata file once per table object', async () => {
    const storage = new CountingStorage(new FsStorage(fx('pk_dv_partitioned_pk_09').root, { readOnly: true }));
    const table = await openPaimonTable(storage);
    await rows(table, { version: '8' });
    const first = storage.log.filter((c) => c.method === 'read' && /manifest\//.test(c.key ?? '')).length;
    await rows(table, { version: '8' });
    const second = storage.log.filter((c) => c.method === 'read' && /manifest\//.test(c.key ?? '')).length;
    expect(second).toBe(first);
  });

  it('refuses partial-update and aggregation tables with an explanation, reads first-row tables', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paimon-engine-'));
    temps.push(dir);
    cpSync(fx('pk_mor_pk_table_scan_and_read_mor').root, dir, { recursive: true });
    const schemaFile = join(dir, 'schema/schema-0');
    const original = readFileSync(schemaFile, 'utf8');
    for (const engine of ['partial-update', 'aggregation']) {
      writeFileSync(schemaFile, original.replace('"bucket" :', `"merge-engine" : "${engine}", "bucket" :`));
      const table = await openPaimonTable(new FsStorage(dir, { readOnly: true }));
      await expect(table.plan()).rejects.toMatchObject({ code: 'Unsupported', message: expect.stringContaining(`merge-engine '${engine}'`) });
      expect((await table.versions()).length).toBe(5); // inspection still works
    }
    writeFileSync(schemaFile, original.replace('"bucket" :', '"merge-engine" : "first-row", "bucket" :'));
    const firstRow = await openPaimonTable(new FsStorage(dir, { readOnly: true }));
    const plan = await firstRow.planScan({ version: '2' });
    expect(plan.tasks.every((t) => t.mode === 'first-row')).toBe(true);
    expect(plan.skipped.some((s) => /first-row/.test(s.reason))).toBe(true);
  });

  it('reads a branch by name (its own snapshots and schema; shared manifests and data) and shows it in refs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paimon-branch-'));
    temps.push(dir);
    cpSync(fx('pk_mor_pk_table_scan_and_read_mor').root, dir, { recursive: true });
    cpSync(join(dir, 'snapshot/snapshot-2'), join(dir, 'branch/branch-dev/snapshot/snapshot-2'));
    cpSync(join(dir, 'schema/schema-0'), join(dir, 'branch/branch-dev/schema/schema-0'));
    const table = await openPaimonTable(new FsStorage(dir, { readOnly: true }));
    expect(await table.branches()).toEqual([{ name: 'dev', latestSnapshotId: '2' }]);
    expect((await table.versions()).find((v) => v.id === '2')!.refs).toEqual([{ name: 'dev', type: 'branch' }]);
    const plan = await table.planScan({ version: 'dev' });
    expect(plan.tasks.every((t) => t.branch === 'dev')).toBe(true);
    expect(canonicalRowsText(await rows(table, { version: 'dev' }))).toBe(canonicalRowsText(fx('pk_mor_pk_table_scan_and_read_mor').expected.versions[1]!.rows!));
    const writable = await openPaimonTable(new FsStorage(dir));
    await expect(writable.createTag('t', { version: 'dev' })).rejects.toMatchObject({ code: 'Unsupported', message: expect.stringMatching(/is a branch/) });
  });

  it('detects Paimon tables', async () => {
    expect(await paimonFormat.detect(new FsStorage(fx('append_complex_data').root, { readOnly: true }))).toBe(true);
    expect(await paimonFormat.detect(new FsStorage(join(fx('append_complex_data').root, 'manifest'), { readOnly: true }))).toBe(false);
  });
});
