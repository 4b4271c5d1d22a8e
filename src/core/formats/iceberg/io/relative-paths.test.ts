/**
 * Tables whose metadata holds relative paths (`location: "./my_table"`, manifest lists and data files
 * at `warehouse/db/my_table/…`, relative to the writer's working folder) read like the original: every
 * fixture copied and rewritten by our own codecs (testing/iceberg-rewrite.ts), every version.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordBatch } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows, canonicalRowsText } from '../../../arrow/canonical.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, latestIcebergMetadata, listFixtures } from '../../../../testing/fixtures.ts';
import { rewriteIcebergCopy } from '../../../../testing/iceberg-rewrite.ts';
import { openIcebergTable } from '../index.ts';
import { Relocation } from './relocation.ts';

const fixtures = listFixtures('iceberg');
const work = mkdtempSync(join(tmpdir(), 'lakescope-relative-'));
beforeAll(() => installNodeParquetWasm());
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Rewrites: the location becomes `location`, every other path `prefix/<path under the table>`. */
const LAYOUTS = [
  { name: 'relative location and paths under it', location: 'warehouse/db/my_table', prefix: 'warehouse/db/my_table', all: true },
  { name: 'location ./my_table, paths relative to the writer\'s working folder', location: './my_table', prefix: 'warehouse/db/my_table', all: true },
  { name: 'location ./t, paths under a working folder named data', location: './t', prefix: 'data/lake/t', all: false },
];

describe.skipIf(!FIXTURES_PRESENT)('iceberg tables with relative paths', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  LAYOUTS.forEach((layout, li) => {
    for (const fx of layout.all ? fixtures : fixtures.filter((f) => /position_deletes|deletion_vectors/.test(f.name))) {
      it(`${layout.name}: ${fx.name}, every version`, async () => {
        const location = String(latestIcebergMetadata(fx.root).location).replace(/\/+$/, '');
        const dest = join(work, `${li}-${fx.name.replace('/', '_')}`);
        await rewriteIcebergCopy(fx.root, dest, { path: (p) => (p === location ? layout.location : p.replace(location, layout.prefix)) });
        const table = await openIcebergTable(new FsStorage(dest, { readOnly: true }));
        expect(table.location).toBe(layout.location);
        for (const v of fx.expected.versions) {
          const plan = await table.planScan({ version: v.id });
          for (const t of plan.tasks) expect(t.key).toMatch(/^data\/[^/]+/);
          expect(t_keysUnderRoot(plan.tasks.map((t) => t.key), layout.prefix)).toBe(true);
          const batches: RecordBatch[] = [];
          for (const task of plan.tasks) for await (const b of table.read(task)) batches.push(b);
          expect(canonicalRowsText(canonicalRows(batches, { columns: plan.columns })), `version ${v.id}`).toBe(canonicalRowsText(v.rows!));
        }
      });
    }
  });
});

/** No planned key still carries the writer's working-folder prefix. */
function t_keysUnderRoot(keys: readonly string[], prefix: string): boolean {
  return keys.every((k) => !k.startsWith(`${prefix}/`));
}

describe('Relocation of relative paths', () => {
  it('re-roots by the relative location, else from the first table folder', () => {
    const r = new Relocation('./my_table');
    expect(r.toKey('./my_table/metadata/snap-1.avro')).toBe('metadata/snap-1.avro');
    expect(r.toKey('my_table/data/a=1/x.parquet')).toBe('data/a=1/x.parquet');
    expect(r.toKey('warehouse/db/my_table/metadata/snap-1.avro')).toBe('metadata/snap-1.avro');
    expect(r.toKey('data/x.parquet')).toBe('data/x.parquet');
    expect(r.toKey('db/t/x.parquet')).toBe('db/t/x.parquet');
  });
  it('offers shorter suffixes and learns the prefix that worked', () => {
    const r = new Relocation('./t');
    expect(r.toKey('data/lake/t/data/x.parquet')).toBe('data/lake/t/data/x.parquet');
    expect(r.alternatives('data/lake/t/data/x.parquet')).toEqual(['data/x.parquet']);
    r.learn('data/lake/t/data/x.parquet', 'data/x.parquet');
    expect(r.toKey('data/lake/t/metadata/v1.metadata.json')).toBe('metadata/v1.metadata.json');
    expect(r.alternatives('s3://b/t/data/x.parquet')).toEqual([]);
  });
});
