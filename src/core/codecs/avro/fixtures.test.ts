/**
 * The Avro reader against every Avro file the real engines wrote in the shared fixtures: Iceberg
 * manifest lists and manifests (Spark, Java, Flink, pyiceberg, Athena; deflate and null codecs),
 * Paimon manifests and manifest lists (zstandard), Hudi v8/v9 timeline files. Record counts and
 * fields are checked against what the tables' own metadata says about them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures, latestIcebergMetadata } from '../../../testing/fixtures.ts';
import { parseJson } from '../../util/json.ts';
import { readAvroFile, iterateAvroRecords } from './index.ts';

if (!FIXTURES_PRESENT) console.warn(`avro fixtures test skipped: ${FIXTURES_SKIP_REASON}`);

type Rec = Record<string, unknown>;

const latestMetadata = (root: string): Rec => latestIcebergMetadata(root);

/** Maps an absolute path written by the engine onto the fixture folder (the table was moved). */
function local(root: string, location: string, path: string): string {
  expect(path.startsWith(location), `${path} is under ${location}`).toBe(true);
  return join(root, path.slice(location.length));
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]);
}

describe.skipIf(!FIXTURES_PRESENT)('avro: Iceberg manifest lists and manifests', () => {
  for (const fx of listFixtures('iceberg')) {
    it(fx.name, () => {
      const meta = latestMetadata(fx.root);
      const location = meta.location as string;
      const snapshots = meta.snapshots as Rec[];
      expect(snapshots.length).toBeGreaterThan(0);
      for (const snap of snapshots) {
        const listPath = local(fx.root, location, snap['manifest-list'] as string);
        const list = readAvroFile(readFileSync(listPath), { name: listPath });
        if (list.metadata['snapshot-id'] !== undefined) expect(list.metadata['snapshot-id']).toBe(String(snap['snapshot-id']));
        expect(typeof snap['snapshot-id']).toBe('bigint'); // 19-digit ids survive JSON parsing
        const totals = { records: 0n, dataFiles: 0, deleteFiles: 0, posDeletes: 0n, eqDeletes: 0n };
        for (const m of list.records as Rec[]) {
          const mPath = local(fx.root, location, m.manifest_path as string);
          expect(BigInt(statSync(mPath).size)).toBe(m.manifest_length);
          const manifest = readAvroFile(readFileSync(mPath), { name: mPath });
          // (Flink's manifests carry no `schema`/`partition-spec` metadata, only avro.schema: not checked here.)
          expect((manifest.schema as Rec).name).toBe('manifest_entry');
          const entries = manifest.records as Rec[];
          const byStatus = [0, 1, 2].map((s) => entries.filter((e) => e.status === s).length);
          // Iceberg spec, manifest list: the *_files_count fields are `int` (v1 Java names them *_data_files_count).
          const added = m.added_files_count ?? m.added_data_files_count;
          const existing = m.existing_files_count ?? m.existing_data_files_count;
          const deleted = m.deleted_files_count ?? m.deleted_data_files_count;
          if (added !== null && added !== undefined) expect(added).toBe(byStatus[1]);
          if (existing !== null && existing !== undefined) expect(existing).toBe(byStatus[0]);
          if (deleted !== null && deleted !== undefined) expect(deleted).toBe(byStatus[2]);
          for (const e of entries) {
            const df = e.data_file as Rec;
            expect(typeof df.record_count).toBe('bigint');
            expect(df.file_path).toMatch(/\.(parquet|puffin|avro|orc)$/);
            if (e.status === 2) continue;
            const content = (df.content ?? 0) as number;
            if (content === 0) { totals.records += df.record_count as bigint; totals.dataFiles++; }
            else totals.deleteFiles++;
            if (content === 1) totals.posDeletes += df.record_count as bigint;
            if (content === 2) totals.eqDeletes += df.record_count as bigint;
            expect(existsSync(local(fx.root, location, df.file_path as string)), String(df.file_path)).toBe(true);
          }
        }
        const summary = snap.summary as Record<string, string>;
        expect(String(totals.records)).toBe(summary['total-records']);
        expect(String(totals.dataFiles)).toBe(summary['total-data-files']);
        if (summary['total-delete-files'] !== undefined) expect(String(totals.deleteFiles)).toBe(summary['total-delete-files']);
        if (summary['total-position-deletes'] !== undefined) expect(String(totals.posDeletes)).toBe(summary['total-position-deletes']);
        if (summary['total-equality-deletes'] !== undefined) expect(String(totals.eqDeletes)).toBe(summary['total-equality-deletes']);
      }
    });
  }
});

describe.skipIf(!FIXTURES_PRESENT)('avro: Paimon manifest lists and manifests (zstandard)', () => {
  for (const fx of listFixtures('paimon')) {
    it(fx.name, () => {
      const snapDir = join(fx.root, 'snapshot');
      const snaps = readdirSync(snapDir).filter((f) => /^snapshot-\d+$/.test(f));
      expect(snaps.length).toBeGreaterThan(0);
      for (const s of snaps) {
        const snap = parseJson(readFileSync(join(snapDir, s), 'utf8')) as Rec;
        let delta = 0n;
        for (const key of ['baseManifestList', 'deltaManifestList']) {
          const listPath = join(fx.root, 'manifest', snap[key] as string);
          const list = readAvroFile(readFileSync(listPath), { name: listPath });
          expect(list.codec).toBe('zstandard');
          for (const m of list.records as Rec[]) {
            const mPath = join(fx.root, 'manifest', m._FILE_NAME as string);
            expect(BigInt(statSync(mPath).size)).toBe(m._FILE_SIZE);
            const entries = readAvroFile(readFileSync(mPath), { name: mPath }).records as Rec[];
            expect(BigInt(entries.filter((e) => e._KIND === 0).length)).toBe(m._NUM_ADDED_FILES);
            expect(BigInt(entries.filter((e) => e._KIND === 1).length)).toBe(m._NUM_DELETED_FILES);
            if (key === 'deltaManifestList') {
              for (const e of entries) delta += (e._KIND === 0 ? 1n : -1n) * ((e._FILE as Rec)._ROW_COUNT as bigint);
            }
          }
        }
        // Paimon: deltaRecordCount = rows of files added minus rows of files deleted by this snapshot.
        if (snap.deltaRecordCount !== undefined) expect(BigInt(snap.deltaRecordCount as number)).toBe(delta);
      }
    });
  }
});

describe.skipIf(!FIXTURES_PRESENT)('avro: every container file in the fixtures', () => {
  it('decodes every file that starts with the Avro magic, eagerly and streaming alike', () => {
    const files = walk(FIXTURES_DIR).filter((f) => {
      const b = readFileSync(f).subarray(0, 4);
      return b.length === 4 && b[0] === 0x4f && b[1] === 0x62 && b[2] === 0x6a && b[3] === 0x01;
    });
    expect(files.length).toBeGreaterThanOrEqual(100); // 34 Iceberg, 73 Paimon, 32 Hudi timeline files
    const codecs = new Set<string>();
    for (const f of files) {
      const bytes = readFileSync(f);
      const file = readAvroFile(bytes, { name: f });
      codecs.add(file.codec);
      expect([...iterateAvroRecords(bytes, { name: f })]).toEqual(file.records);
    }
    expect([...codecs].sort()).toEqual(['deflate', 'null', 'zstandard']);
  });
});
