/**
 * Tables over plain HTTP without a listing (a static server in the test: no directory listings, 404 for
 * folders): every Iceberg fixture by its root (version hint) where it has one and by the URL of its
 * newest metadata file, and every Paimon fixture (LATEST/EARLIEST hints and snapshot probes), open and
 * read their expected rows at every version through the CLI (`scan --format canonical`); their versions
 * enumerate as the expected files list them (core/api). Delta Lake and Hudi tables are named.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalRowsText } from '../core/arrow/index.ts';
import { openTableAt, splitTableRef } from '../core/api/open-location.ts';
import { LakeError } from '../core/errors.ts';
import { HttpStorage } from '../core/io/index.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, type Fixture, listFixtures } from '../testing/fixtures.ts';
import { type StaticServer, startStaticServer } from '../testing/static-http-server.ts';
import { runMain } from './run-main.test-support.ts';


let server: StaticServer;
beforeAll(async () => { if (FIXTURES_PRESENT) server = await startStaticServer(FIXTURES_DIR); });
afterAll(async () => { await server?.close(); });

const urlOf = (root: string) => `${server.url}/${relative(FIXTURES_DIR, root).split('/').map(encodeURIComponent).join('/')}`;

/** The newest metadata file of an Iceberg fixture (`vN.metadata.json` or `NNNNN-uuid.metadata.json`). */
function newestMetadataFile(root: string): string {
  const names = readdirSync(join(root, 'metadata')).filter((n) => n.endsWith('.metadata.json'));
  const version = (n: string) => Number(/^v?(\d+)/.exec(n)![1]);
  return names.sort((a, b) => version(a) - version(b)).at(-1)!;
}

/** Every version read through the CLI equals the expected rows; the versions enumerate as expected. */
async function expectEveryVersion(fx: Fixture, ref: string): Promise<void> {
  const { root, metadataPath } = splitTableRef(ref);
  const table = await openTableAt(new HttpStorage({ baseUrl: root }), { metadataPath });
  expect((await table.versions()).map((v) => v.id)).toEqual(fx.expected.versions.map((v) => v.id));
  for (const v of fx.expected.versions) {
    const r = await runMain(['scan', ref, '--version', v.id, '--format', 'canonical']);
    expect(r.err, `${ref} @ ${v.id}`).toBe('');
    expect(r.code).toBe(0);
    expect(r.out, `${ref} @ ${v.id}`).toBe(`${canonicalRowsText(v.rows!)}\n`);
  }
}

describe.skipIf(!FIXTURES_PRESENT)('tables over plain HTTP without a listing', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('the server lists nothing: a folder is 404', async () => {
    expect((await fetch(`${server.url}/iceberg/`)).status).toBe(404);
    expect((await fetch(`${server.url}/paimon/append_complex_data/snapshot/`)).status).toBe(404);
  });

  for (const fx of listFixtures('iceberg')) {
    const hinted = existsSync(join(fx.root, 'metadata', 'version-hint.text'));
    if (hinted) it(`${fx.name} by its root (version hint), every version`, async () => expectEveryVersion(fx, urlOf(fx.root)));
    it(`${fx.name} by the URL of its newest metadata file, every version`, async () => {
      await expectEveryVersion(fx, `${urlOf(fx.root)}/metadata/${newestMetadataFile(fx.root)}`);
    });
    if (!hinted) {
      it(`${fx.name} by its root, without a hint: the error says to give a metadata file`, async () => {
        const r = await runMain(['info', urlOf(fx.root)]);
        expect(r.code).toBe(1);
        expect(r.err).toMatch(/NotFound: table: no table found at .*cannot be listed \(plain HTTP\).*give the URL of one of its metadata files/);
      });
    }
  }

  for (const fx of listFixtures('paimon')) {
    it(`${fx.name}, every version (snapshots probed from EARLIEST to LATEST)`, async () => expectEveryVersion(fx, urlOf(fx.root)));
  }

  it('a Hadoop-style Iceberg table whose hint is missing opens by probing v1, v2, …', async () => {
    // Serve a fixture's metadata through a storage that hides version-hint.text (a table copied without it).
    const fx = listFixtures('iceberg').find((f) => f.name === 'iceberg/v2_spark_position_deletes')!;
    const inner = new HttpStorage({ baseUrl: urlOf(fx.root) });
    const hidden = (key: string) => key === 'metadata/version-hint.text';
    const storage = Object.assign(Object.create(inner) as HttpStorage, {
      head: (key: string, o?: { signal?: AbortSignal }) => (hidden(key) ? Promise.reject(new LakeError('NotFound', `http: head '${key}': not found`)) : inner.head(key, o)),
      read: (key: string, o?: object) => (hidden(key) ? Promise.reject(new LakeError('NotFound', `http: read '${key}': not found`)) : inner.read(key, o)),
    });
    const table = await openTableAt(storage);
    expect(table.format).toBe('iceberg');
    expect((await table.versions()).map((v) => v.id)).toEqual(fx.expected.versions.map((v) => v.id));
  });

  // Hudi keeps its timeline as a folder listing (or in its metadata table, not read yet): without a
  // listing the table cannot be opened, and the error says why.
  it('hudi fixtures over HTTP are refused: the timeline needs a listing', async () => {
    for (const name of readdirSync(join(FIXTURES_DIR, 'hudi'))) {
      const r = await runMain(['info', urlOf(join(FIXTURES_DIR, 'hudi', name))]);
      expect(r.code, name).toBe(1);
      expect(r.err, name).toMatch(/Unsupported: hudi timeline: .*list/);
    }
  });
});
