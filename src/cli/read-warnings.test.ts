/**
 * Damage a read steps over as the format's own reader does (a torn Hudi log block, skipped as Hudi skips it)
 * is never silent: `scan` and `sql` print it to stderr after their rows (stdout stays the rows, which are the
 * expected ones), the row cursor's pages and a query's result carry it for the Data and Query tabs.
 */
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalRowsText } from '../core/arrow/index.ts';
import { RowCursor } from '../core/api/row-cursor.ts';
import { runSql } from '../core/api/sql/run-sql.ts';
import { openHudiTable } from '../core/formats/hudi/index.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../testing/fixtures.ts';
import { runMain } from './run-main.test-support.ts';

if (!FIXTURES_PRESENT) console.warn(`read-warnings.test: ${FIXTURES_SKIP_REASON}`);
const NAME = 'hudi/mor_v6_trips_8i1u_avro_log';
let dir = '';
let key = '';
let offset = 0;

beforeAll(() => {
  installNodeParquetWasm();
  if (!FIXTURES_PRESENT) return;
  dir = mkdtempSync(join(tmpdir(), 'read-warnings-'));
  cpSync(listFixtures('hudi').find((f) => f.name === NAME)!.root, dir, { recursive: true });
  key = `city=san_francisco/${readdirSync(join(dir, 'city=san_francisco')).find((n) => n.includes('.log.'))!}`;
  const whole = readFileSync(join(dir, key));
  offset = whole.length;
  appendFileSync(join(dir, key), whole.subarray(0, 700)); // a second block cut off mid-write
});
afterAll(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

describe.skipIf(!FIXTURES_PRESENT)('read warnings reach the reader', () => {
  const expected = () => listFixtures('hudi').find((f) => f.name === NAME)!.expected.versions.at(-1)!;
  const warning = () => `lakescope: warning: hudi log: ${key}: corrupt block at offset ${offset}`;

  it('scan prints the expected rows and, on stderr, the skipped block naming file and offset', async () => {
    const r = await runMain(['scan', dir, '--format', 'canonical']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(`${canonicalRowsText(expected().rows!)}\n`);
    expect(r.err).toContain(warning());
    // A clean read prints no warning.
    const clean = await runMain(['scan', listFixtures('hudi').find((f) => f.name === NAME)!.root, '--format', 'canonical']);
    expect(clean.err).toBe('');
  });

  it('sql prints it too, after the result', async () => {
    const r = await runMain(['sql', dir, 'SELECT count(*) AS n FROM t', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual([{ n: expected().rowCount }]);
    expect(r.err).toContain(warning());
  });

  it('row pages and query results carry it with its message (the tabs show them: ui/data/read-warnings.test.tsx)', async () => {
    const table = await openHudiTable(new FsStorage(dir, { readOnly: true }));
    const cursor = await RowCursor.open(table);
    const page = await cursor.page(0, 100);
    expect(page.rows).toHaveLength(expected().rowCount);
    expect(page.readWarnings).toHaveLength(1);
    expect(page.readWarnings![0]).toContain(`corrupt block at offset ${offset}`);
    expect(page.readWarningMessages).toHaveLength(1);
    const result = await runSql(new FsStorage(dir, { readOnly: true }), { query: 'SELECT * FROM t', tables: [{ name: 't', root: '', format: 'hudi' }] });
    expect(result.rows).toHaveLength(expected().rowCount);
    expect(result.readWarnings).toEqual(page.readWarnings);
  });
});
