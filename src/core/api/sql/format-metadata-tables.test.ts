/**
 * The formats' own metadata tables in SQL (issue 16): Delta `$log`, Paimon `$buckets`, Hudi `$file_groups`,
 * each served through LakeTable.inspect. Answers are computed here from the fixtures' own files on disk
 * (the `_delta_log` JSON commits, the Paimon snapshot file, the Hudi data files), not from the engine.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures, type Fixture } from '../../../testing/fixtures.ts';
import { describeTable, openTable } from '../open-table.ts';
import { runSql } from './run-sql.ts';

type Row = Record<string, unknown>;

const pathOf = (f: Fixture) => f.root.slice(FIXTURES_DIR.length + 1);
async function query(sql: string): Promise<Row[]> {
  const r = await runSql(new FsStorage(FIXTURES_DIR, { readOnly: true }), { query: sql });
  return r.rows.map((cells) => Object.fromEntries(r.columns.map((c, k) => [c.name, cells[k]])));
}
const sorted = (rows: readonly unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Every file under `dir` (relative paths). */
function walk(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}

describe.skipIf(!FIXTURES_PRESENT)('the formats\' own metadata tables, answers from the fixtures\' files', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('the table overview names each format\'s own metadata table for the Query tab\'s completion', async () => {
    const own = { delta: 'log', paimon: 'buckets', hudi: 'file_groups', iceberg: 'manifests' } as const;
    for (const format of ['delta', 'paimon', 'hudi', 'iceberg'] as const) {
      const f = listFixtures(format)[0]!;
      const storage = new FsStorage(FIXTURES_DIR, { readOnly: true });
      const overview = await describeTable(await openTable(storage, pathOf(f), format), pathOf(f), format);
      expect(overview.metadataTables, f.name).toEqual(expect.arrayContaining([own[format], 'snapshots', 'files']));
      for (const other of Object.values(own).filter((o) => o !== own[format])) expect(overview.metadataTables, f.name).not.toContain(other);
    }
  });

  it('Delta $log: one row per action of every commit file, with its version, type, path and size', async () => {
    for (const f of listFixtures('delta')) {
      const log = join(f.root, '_delta_log');
      const want = readdirSync(log).filter((n) => /^\d{20}\.json$/.test(n)).flatMap((n) => readFileSync(join(log, n), 'utf8').split('\n').filter((l) => l.trim()).map((l) => {
        const o = JSON.parse(l) as Record<string, { path?: string; size?: number; sizeInBytes?: number }>;
        const [type, a] = Object.entries(o)[0]!;
        return { version: Number(n.slice(0, 20)), action: type, path: a.path ?? null, size: a.size ?? a.sizeInBytes ?? null };
      }));
      const got = await query(`SELECT version, action, path, size FROM "${pathOf(f)}$log"`);
      expect(sorted(got.map((r) => ({ version: num(r.version), action: r.action, path: r.path, size: num(r.size) }))), f.name).toEqual(sorted(want));
      // The operation column is each commit's commitInfo.operation, on every row of the commit.
      const ops = await query(`SELECT DISTINCT version, operation FROM "${pathOf(f)}$log" WHERE action = 'commitInfo'`);
      for (const o of ops) expect(o.operation, `${f.name} v${String(o.version)}`).toBe(f.expected.versions.find((v) => v.id === String(o.version))?.operation ?? o.operation);
    }
  });

  it('Paimon $buckets: the record counts add up to the snapshot\'s totalRecordCount; every bucket is a bucket folder on disk', async () => {
    for (const f of listFixtures('paimon')) {
      const ids = readdirSync(join(f.root, 'snapshot')).filter((n) => /^snapshot-\d+$/.test(n)).map((n) => Number(n.slice(9)));
      const latest = JSON.parse(readFileSync(join(f.root, 'snapshot', `snapshot-${Math.max(...ids)}`), 'utf8')) as { totalRecordCount: number };
      const rows = await query(`SELECT partition, bucket, record_count, file_size_in_bytes, file_count, last_update_time FROM "${pathOf(f)}$buckets"`);
      expect(rows.length, f.name).toBeGreaterThan(0);
      expect(rows.reduce((s, r) => s + Number(r.record_count), 0), f.name).toBe(latest.totalRecordCount);
      const folders = new Set(walk(f.root).map((p) => /(?:^|\/)bucket-(\d+)\//.exec(p)?.[1]).filter((b) => b !== undefined).map(Number));
      for (const r of rows) {
        expect(folders.has(Number(r.bucket)), `${f.name} bucket ${String(r.bucket)}`).toBe(true);
        expect(String(r.partition)).toMatch(/^\{.*\}$/);
        expect(Number(r.file_count)).toBeGreaterThan(0);
        expect(Number(r.file_size_in_bytes)).toBeGreaterThan(0);
      }
    }
  });

  it('Hudi $file_groups: each group\'s base and log files exist with the sizes it adds up; without replaced groups, every file id on disk', async () => {
    for (const f of listFixtures('hudi')) {
      const rows = await query(`SELECT partition, file_id, base_file, log_files, log_file_count, latest_instant, size_in_bytes FROM "${pathOf(f)}$file_groups"`);
      expect(rows.length, f.name).toBeGreaterThan(0);
      for (const r of rows) {
        const dir = join(f.root, String(r.partition));
        const names = [...(r.base_file ? [String(r.base_file)] : []), ...String(r.log_files).split(', ').filter((x) => x)];
        expect(names.length, f.name).toBe((r.base_file ? 1 : 0) + Number(r.log_file_count));
        for (const n of names) {
          expect(existsSync(join(dir, n)), `${f.name} ${n}`).toBe(true);
          expect(n.replace(/^\./, '').startsWith(`${String(r.file_id)}_`)).toBe(true);
        }
        expect(Number(r.size_in_bytes)).toBe(names.reduce((s, n) => s + statSync(join(dir, n)).size, 0));
        expect(f.expected.versions.map((v) => v.id)).toContain(String(r.latest_instant).slice(0, 17));
      }
      const replaced = readdirSync(join(f.root, '.hoodie'), { recursive: true }).some((n) => String(n).endsWith('.replacecommit'));
      if (!replaced) {
        const onDisk = new Set(walk(f.root).filter((p) => !p.startsWith('.hoodie/')).map((p) => p.split('/').pop()!)
          .filter((n) => /\.(parquet|orc|hfile)$/.test(n) || /\.log\.\d+/.test(n)).map((n) => n.replace(/^\./, '').split('_')[0]!));
        expect(new Set(rows.map((r) => String(r.file_id))), f.name).toEqual(onDisk);
      }
    }
  });
});
