/**
 * Saying what is at a place when no readable table is: nothing, a Delta Lake or Apache Hudi table (named),
 * or files that are no table — through core/api and the CLI, on the shared fixtures and a missing path.
 */
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTableAt, splitTableRef } from '../core/api/open-location.ts';
import { TABLE_READERS } from '../core/api/table-formats.ts';
import type { TableFormat } from '../core/formats/table-format.ts';
import { LakeError } from '../core/errors.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../testing/fixtures.ts';
import { main } from './main.ts';

/** Opening as a build that reads only `formats` (default: all this build reads). */
async function failure(root: string, formats?: readonly TableFormat[]): Promise<LakeError> {
  const e = await openTableAt(new FsStorage(root, { readOnly: true }), { display: root, formats }).then(() => undefined, (x: unknown) => x);
  expect(e).toBeInstanceOf(LakeError);
  return e as LakeError;
}

async function cli(argv: string[]): Promise<{ code: number; err: string }> {
  let err = '';
  const code = await main(argv, () => {}, (t) => { err += `${t}\n`; });
  return { code, err };
}

const tables = (format: string) => (FIXTURES_PRESENT ? readdirSync(join(FIXTURES_DIR, format)).map((n) => join(FIXTURES_DIR, format, n)) : []);

describe('what is at a place without a readable table', () => {
  it('a path that does not exist: nothing there', async () => {
    const missing = join(tmpdir(), 'no-such-lakescope-table');
    const e = await failure(missing);
    expect(e.code).toBe('NotFound');
    expect(e.message).toBe(`table: nothing at ${missing} (no such folder, or it is empty)`);
    const r = await cli(['info', missing]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`NotFound: table: nothing at ${missing}`);
  });

  // As a build with only the Iceberg and Paimon readers (Delta Lake and Hudi readers have landed since).
  const withoutReader = [TABLE_READERS.iceberg!, TABLE_READERS.paimon!];
  describe.skipIf(!FIXTURES_PRESENT)('tables of formats this build cannot read', () => {
    if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
    for (const [folder, title] of [['delta', 'Delta Lake'], ['hudi', 'Apache Hudi']] as const) {
      it(`every ${folder} fixture is named as a ${title} table`, async () => {
        const roots = tables(folder).filter((r) => !r.endsWith('dv-partitioned-with-checkpoint'));
        expect(roots.length).toBeGreaterThan(3);
        for (const root of roots) {
          const e = await failure(root, withoutReader);
          expect(e.code, root).toBe('Unsupported');
          expect(e.message).toMatch(new RegExp(`^table: ${root} is a ${title} table \\(found .+\\); this build cannot read ${title} tables yet$`));
        }
      });
    }
    it('a folder of files that is no table says so', async () => {
      const e = await failure(join(FIXTURES_DIR, 'expected'));
      expect(e.code).toBe('NotFound');
      expect(e.message).toMatch(/no table found at .*expected: it holds files, but no table metadata/);
    });
  });

  it('splits a metadata file reference into the table root and the file', () => {
    expect(splitTableRef('http://h:1/t/metadata/v3.metadata.json')).toEqual({ root: 'http://h:1/t/', metadataPath: 'metadata/v3.metadata.json' });
    expect(splitTableRef('/w/t/metadata/00002-ab-cd.metadata.json')).toEqual({ root: '/w/t/', metadataPath: 'metadata/00002-ab-cd.metadata.json' });
    expect(splitTableRef('metadata/v1.metadata.json.gz')).toEqual({ root: '', metadataPath: 'metadata/v1.metadata.json.gz' });
    expect(splitTableRef('s3://b/t')).toEqual({ root: 's3://b/t' });
    expect(splitTableRef('/w/t/data/x.parquet')).toEqual({ root: '/w/t/data/x.parquet' });
  });
});
