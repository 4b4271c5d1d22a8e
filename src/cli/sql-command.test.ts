/** `lakescope sql` in process: one table as `t` and by its folder name, a warehouse by paths, canonical rows as `scan` prints them, EXPLAIN. */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../testing/fixtures.ts';
import { nanosFixture } from '../core/api/sql/nanos-fixture.test-support.ts';
import { runMain } from './run-main.test-support.ts';

beforeAll(() => installNodeParquetWasm());


describe.skipIf(!FIXTURES_PRESENT)('lakescope sql', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  for (const format of ['iceberg', 'paimon', 'delta', 'hudi'] as const) {
    it(`${format}: SELECT * FROM t --format canonical prints what scan --format canonical prints`, async () => {
      const fx = listFixtures(format)[0]!;
      const scan = await runMain(['scan', fx.root, '--format', 'canonical']);
      const sql = await runMain(['sql', fx.root, 'SELECT * FROM t', '--format', 'canonical']);
      expect(sql.err).toBe('');
      expect(sql.code).toBe(0);
      expect(sql.out).toBe(scan.out);
    });
  }

  it('a nanosecond timestamp: --format canonical floors it to microseconds as scan does; json prints all nine digits', async () => {
    // paimon/append_complex_data f4 is TIMESTAMP(9); exact values from fixtures/expected (its notes).
    const { fixture, rows } = nanosFixture();
    const scan = await runMain(['scan', fixture.root, '--format', 'canonical']);
    const sql = await runMain(['sql', fixture.root, 'SELECT * FROM t', '--format', 'canonical']);
    expect(sql.err).toBe('');
    expect(sql.out).toBe(scan.out);
    const json = await runMain(['sql', fixture.root, 'SELECT f6, f4 FROM t ORDER BY f6', '--format', 'json']);
    expect(json.err).toBe('');
    const sorted = [...rows].sort((a, b) => (a.f6 === null ? -1 : b.f6 === null ? 1 : a.f6 < b.f6 ? -1 : 1));
    expect(JSON.parse(json.out)).toEqual(sorted.map((r) => ({ f6: r.f6, f4: r.f4 })));
    // Rows a microsecond cannot tell apart stay two rows; canonical prints both at the microsecond.
    const dad = rows.find((r) => r.f4?.endsWith('123456Z'))!.f4!;
    const pair = await runMain(['sql', fixture.root, `SELECT DISTINCT f4 FROM t WHERE f4 >= '${dad.slice(0, 26)}' AND f4 < '${dad.slice(0, 23)}124'`, '--format', 'canonical']);
    expect(JSON.parse(pair.out)).toEqual([{ f4: `${dad.slice(0, 26)}Z` }, { f4: `${dad.slice(0, 26)}Z` }]);
  });

  it('names one table by its folder name too, and prints a table for people by default', async () => {
    const fx = listFixtures('iceberg').find((f) => f.name === 'iceberg/v1_spark_partitioned_hour_identity')!;
    const r = await runMain(['sql', fx.root, 'SELECT count(*) AS n FROM v1_spark_partitioned_hour_identity WHERE action = \'view\'']);
    expect(r.code).toBe(0);
    const views = (fx.expected.versions.at(-1)!.rows as { action: string }[]).filter((x) => x.action === 'view').length;
    expect(r.out).toMatch(new RegExp(`^n\\s*\\n[─ ]+\\n${views}\\s*\\n\\(1 row\\)`));
  });

  it('two output columns of one name: json keys them n and n_2 (no column lost), csv and table print both as n', async () => {
    const fx = listFixtures('iceberg').find((f) => f.name === 'iceberg/v1_spark_partitioned_hour_identity')!;
    const all = fx.expected.versions.at(-1)!.rows as { action: string }[];
    const views = all.filter((x) => x.action === 'view').length;
    const query = 'SELECT count(*) AS n, count(*) FILTER (WHERE action = \'view\') AS n FROM t';
    const json = await runMain(['sql', fx.root, query, '--format', 'json']);
    expect(json.err).toBe('');
    expect(JSON.parse(json.out)).toEqual([{ n: all.length, n_2: views }]);
    const csv = await runMain(['sql', fx.root, query, '--format', 'csv']);
    expect(csv.out.trim().split('\n')).toEqual(['n,n', `${all.length},${views}`]);
    const table = await runMain(['sql', fx.root, query]);
    expect(table.out).toMatch(new RegExp(`^\\s*n\\s+n\\s*\\n[─ ]+\\n\\s*${all.length}\\s+${views}\\s*\\n`));
  });

  it('over a warehouse: tables by quoted path; json output; EXPLAIN prints each table\'s pruning', async () => {
    const r = await runMain(['sql', FIXTURES_DIR, 'SELECT count(*) AS n FROM "paimon/pk_mor_pk_table_scan_and_read_mor"', '--format', 'json']);
    expect(r.err).toBe('');
    const fx = listFixtures('paimon').find((f) => f.name === 'paimon/pk_mor_pk_table_scan_and_read_mor')!;
    expect(JSON.parse(r.out)).toEqual([{ n: fx.expected.versions.find((v) => v.id === fx.expected.current)!.rowCount }]);
    const e = await runMain(['sql', FIXTURES_DIR, `EXPLAIN SELECT * FROM "iceberg/v1_spark_partitioned_hour_identity" WHERE action = 'click'`]);
    expect(e.code).toBe(0);
    expect(e.out).toMatch(/pushed filter: action = 'click'/);
    expect(e.out).toMatch(/total bytes to fetch: [\d,]+/);
  });

  it('a query error exits 1 pointing at the place; a missing query is a usage error', async () => {
    const fx = listFixtures('iceberg')[0]!;
    const r = await runMain(['sql', fx.root, 'SELECT nope FROM t']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/line 1, column 8\n\s+SELECT nope FROM t\n\s+\^\^\^\^/);
    expect((await runMain(['sql', fx.root])).code).toBe(2);
  });
});
