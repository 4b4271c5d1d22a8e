/**
 * Nanosecond timestamps in SQL (issue 16): paimon/append_complex_data's f4 is TIMESTAMP(9) and has rows
 * that differ below the microsecond (…000123456 and …000123450). On both executors a comparison with a
 * nine-digit literal, ORDER BY, GROUP BY, DISTINCT and MIN/MAX see the exact value; a literal with more
 * than nine fraction digits is DataInvalid at its place. Expected answers come from fixtures/expected (its
 * rows and the exact values its notes list: nanos-fixture.test-support.ts), never from the engine.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../testing/fixtures.ts';
import { runSql } from './run-sql.ts';
import { nanosFixture, nanosOf, type NanosRow } from './nanos-fixture.test-support.ts';

beforeAll(() => installNodeParquetWasm());

const byNanos = (a: string, b: string) => { const x = nanosOf(a); const y = nanosOf(b); return x < y ? -1 : x > y ? 1 : 0; };
/** The literal of an exact value written as people do: a space, no zone, nine digits. */
const literal = (v: string) => `'${v.slice(0, 10)} ${v.slice(11, 29)}'`;

describe.skipIf(!FIXTURES_PRESENT)('nanosecond timestamps, answers from fixtures/expected', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  const storage = new FsStorage(FIXTURES_DIR, { readOnly: true });
  const tables = [{ name: 't', root: 'paimon/append_complex_data/', format: 'paimon' as const }];
  const { rows } = FIXTURES_PRESENT ? nanosFixture() : { rows: [] as NanosRow[] };
  const present = rows.filter((r): r is NanosRow & { f4: string } => r.f4 !== null);
  const values = [...new Set(present.map((r) => r.f4))].sort(byNanos);

  it('the fixture has values that differ only below the microsecond', () => {
    const micros = new Set(values.map((v) => v.slice(0, 26)));
    expect(micros.size).toBeLessThan(values.length);
  });

  for (const executor of ['columnar', 'squirreling'] as const) {
    const run = async (query: string) => (await runSql(storage, { query, tables }, { executor })).rows;

    it(`${executor}: = < > with a nine-digit literal select exactly the rows the exact values select`, async () => {
      for (const pivot of values) {
        const n = nanosOf(pivot);
        const f6s = (test: (x: bigint) => boolean) => present.filter((r) => test(nanosOf(r.f4))).map((r) => r.f6).sort();
        const got = async (op: string) => (await run(`SELECT f6 FROM t WHERE f4 ${op} ${literal(pivot)}`)).map((r) => r[0] as string).sort();
        expect(await got('='), `${executor} = ${pivot}`).toEqual(f6s((x) => x === n));
        expect(await got('<'), `${executor} < ${pivot}`).toEqual(f6s((x) => x < n));
        expect(await got('>='), `${executor} >= ${pivot}`).toEqual(f6s((x) => x >= n));
        expect(await got('<>'), `${executor} <> ${pivot}`).toEqual(f6s((x) => x !== n));
      }
      const list = values.slice(1, 3);
      expect((await run(`SELECT f6 FROM t WHERE f4 IN (${list.map(literal).join(', ')})`)).map((r) => r[0]).sort())
        .toEqual(present.filter((r) => list.includes(r.f4)).map((r) => r.f6).sort());
    });

    it(`${executor}: GROUP BY, DISTINCT, ORDER BY and MIN/MAX keep rows apart below the microsecond`, async () => {
      const counts = values.map((v) => [v, present.filter((r) => r.f4 === v).length]);
      expect(await run('SELECT f4, count(*) AS n FROM t WHERE f4 IS NOT NULL GROUP BY f4 ORDER BY f4')).toEqual(counts);
      expect((await run('SELECT DISTINCT f4 FROM t WHERE f4 IS NOT NULL')).map((r) => r[0] as string).sort(byNanos)).toEqual(values);
      expect(await run('SELECT count(DISTINCT f4) AS n FROM t')).toEqual([[values.length]]);
      const desc = [...present].sort((a, b) => byNanos(b.f4, a.f4) || (a.f6! < b.f6! ? -1 : 1)).map((r) => [r.f4, r.f6]);
      expect(await run('SELECT f4, f6 FROM t WHERE f4 IS NOT NULL ORDER BY f4 DESC, f6')).toEqual(desc);
      expect(await run('SELECT min(f4) AS lo, max(f4) AS hi FROM t')).toEqual([[values[0], values.at(-1)]]);
      // The two rows a microsecond cannot tell apart: MIN/MAX per f1 group picks the right one.
      const groups = [...new Set(present.map((r) => r.row.f1 as number))].sort();
      const perGroup = groups.map((g) => { const v = present.filter((r) => r.row.f1 === g).map((r) => r.f4).sort(byNanos); return [g, v[0], v.at(-1)]; });
      expect(await run('SELECT f1, min(f4) AS lo, max(f4) AS hi FROM t GROUP BY f1 ORDER BY f1')).toEqual(perGroup);
    });

    it(`${executor}: a literal with more than nine fraction digits is DataInvalid at its place`, async () => {
      const query = 'SELECT f6 FROM t WHERE f4 = \'2008-12-28 00:00:00.0001234560\'';
      await expect(run(query)).rejects.toMatchObject({ code: 'DataInvalid', message: expect.stringMatching(/more than 9 fraction digits[\s\S]*line 1, column 29/) });
    });
  }

  it('CHANGES BETWEEN keeps rows apart below the microsecond: SELECT DISTINCT over the change rows', async () => {
    // An append table: the change rows from version 1 to 3 are the rows of 3 that 1 lacks, all inserts.
    const { at } = nanosFixture();
    const before = at('1').map((r) => JSON.stringify(r.row));
    const inserted = at('3').filter((r) => { const k = before.indexOf(JSON.stringify(r.row)); if (k < 0) return true; before.splice(k, 1); return false; });
    const distinct = [...new Set(inserted.map((r) => r.f4))].sort((a, b) => (a === null ? -1 : b === null ? 1 : byNanos(a, b)));
    expect(new Set(distinct.map((v) => v?.slice(0, 26))).size).toBeLessThan(distinct.length);
    for (const executor of ['columnar', 'squirreling'] as const) {
      const r = await runSql(storage, { query: 'SELECT DISTINCT f4, _change_type FROM t CHANGES BETWEEN 1 AND 3 ORDER BY f4', tables }, { executor });
      expect(r.rows, executor).toEqual(distinct.map((v) => [v, 'insert']));
      const all = await runSql(storage, { query: 'SELECT DISTINCT * FROM t CHANGES BETWEEN 1 AND 3', tables }, { executor });
      expect(all.rows.length, executor).toBe(new Set(inserted.map((x) => JSON.stringify([x.f4, x.f6]))).size);
    }
  });

  it('squirreling: a join compares the exact values too; a scalar subquery is refused', async () => {
    const dad = values.find((v) => v.endsWith('123456Z'))!;
    const r = await runSql(storage, { query: `SELECT a.f6 FROM t a JOIN t b ON a.f4 = b.f4 WHERE b.f4 = ${literal(dad)}`, tables }, {});
    expect(r.executor?.name).toBe('squirreling');
    expect(r.rows).toEqual(present.filter((x) => x.f4 === dad).map((x) => [x.f6]));
    // A scalar subquery's value is untyped there: refused, not compared as text.
    await expect(runSql(storage, { query: 'SELECT f6 FROM t WHERE f4 = (SELECT max(f4) FROM t WHERE f1 = 20)', tables }, {})).rejects.toMatchObject({ code: 'Unsupported' });
  });
});
