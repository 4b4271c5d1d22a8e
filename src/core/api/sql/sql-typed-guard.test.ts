/**
 * Exact or refused (issue 16): a decimal, date or timestamp value used where neither executor compares or
 * computes it as a value — under COALESCE/CASE, in an IN subquery, a scalar subquery, a set operation of
 * two scales, decimal division, a decimal result past 38 digits — is LakeError Unsupported at its place,
 * never an answer from text or doubles. The typed uses next to them (decimal + - * included) still answer,
 * from rows this test writes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { runSql } from './run-sql.ts';
import type { SqlTableDto } from './sql-contract.ts';

const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
// p: decimal(38,2), q: decimal(38,6). As text '9.50' > '10.00' and '10.50' <> '10.500000'; as doubles a
// 38-digit p * 2 rounds.
const ROWS = [
  { id: 1n, p: 1000n, q: 10_500_000n, day: 20_000 },
  { id: 2n, p: 950n, q: 9_500_000n, day: 20_001 },
  { id: 3n, p: 99_999_999_999_999_999_999_999_999_999_999_999_99n, q: 1n, day: 20_002 },
  { id: 4n, p: null, q: null, day: null },
];

let storage: MemoryStorage;
beforeAll(async () => {
  installNodeParquetWasm();
  storage = new MemoryStorage('sql typed guard');
  const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
  await createTable(storage, {
    location: 'memory://guard/t', formatVersion: 2,
    schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 'p', 'decimal(38,2)'), f(3, 'q', 'decimal(38,6)'), f(4, 'day', 'date')] },
  });
  await appendRows(storage, ROWS);
});

/** Each query and the text of the expression the refusal must point at. */
const REFUSED: [string, string][] = [
  // COALESCE/GREATEST/LEAST of one type are typed (below), of two scales Spark's wider decimal (OVERFLOW); of a date and a decimal nothing.
  ['SELECT id FROM t WHERE LEAST(day, p) > 9.6', 'day'],
  ['SELECT id FROM t WHERE CASE p WHEN 9.5 THEN 1 END = 1', 'p'],
  ['SELECT id FROM t WHERE p IN (SELECT q FROM t)', 'p IN (SELECT q FROM t)'],
  ['SELECT id FROM t WHERE id IN (SELECT p FROM t)', 'id IN (SELECT p FROM t)'],
  ['SELECT id FROM t WHERE (SELECT MAX(p) FROM t) > 9.6', '(SELECT MAX(p) FROM t)'],
  // A set operation of two scales inside a query whose first arm's name is the table's decimal(38,2) column p:
  // the outer `p` would read the wider decimal(38,6) as p's type.
  ['SELECT p FROM (SELECT p FROM t UNION SELECT q FROM t) x ORDER BY p', 'SELECT p FROM t UNION SELECT q FROM t'],
  ['SELECT id FROM t WHERE p > day', 'p > day'],
];
/** Decimal arithmetic is Spark's (exact-numeric.ts); a result past its type's 38 digits is an error (row 3). */
const OVERFLOW: [string, string][] = [
  ['SELECT p * 100 AS x FROM t', 'p'],
  // decimal(38,2) - decimal(38,6) is decimal(38,6): row 3's 35 integer digits do not fit beside 6 decimals.
  ['SELECT id, p - q AS x FROM t', 'p'],
  ['WITH c AS (SELECT p AS v FROM t) SELECT v / 2 AS y FROM c', 'v'],
  // Two scales meet in Spark's wider decimal, decimal(38,6) (widerDecimalType, bounded to 38 digits): row 3's p
  // has 35 integer digits, which do not fit beside 6 decimals — a cast overflow in ANSI mode (old: refused).
  ['SELECT id FROM t WHERE COALESCE(p, q) > 9.6', 'p'],
  ['SELECT id FROM t WHERE CASE WHEN id > 0 THEN p ELSE q END > 9.6', 'p'],
  ['SELECT id FROM t WHERE GREATEST(p, q) > 9.6', 'p'],
  // … as do a set operation's arms (WidenSetOperationTypes; old: refused).
  ['SELECT p FROM t UNION SELECT q FROM t ORDER BY p', 'p FROM t UNION'],
];

describe('typed values the executors would answer inexactly are refused', () => {
  for (const [query, at] of REFUSED) {
    for (const executor of ['auto', 'squirreling'] as const) {
      it(`${executor}: ${query}`, async () => {
        const column = query.lastIndexOf(at) + 1;
        await expect(runSql(storage, { query, tables: TABLES }, { executor }))
          .rejects.toMatchObject({ code: 'Unsupported', message: expect.stringContaining(`line 1, column ${column}`) });
      });
    }
  }
  for (const [query, at] of OVERFLOW) {
    for (const executor of ['auto', 'squirreling'] as const) {
      it(`${executor}: ${query} overflows`, async () => {
        const column = query.lastIndexOf(at) + 1;
        await expect(runSql(storage, { query, tables: TABLES }, { executor }))
          .rejects.toMatchObject({ code: 'DataInvalid', message: expect.stringContaining(`line 1, column ${column}`) });
      });
    }
  }

  it('decimal + - * / % and unary minus are scaled bigints with Spark\'s result type and rounding, on both executors', async () => {
    const dec = (u: bigint | null, scale: number) => {
      if (u === null) return null;
      const t = (u < 0n ? -u : u).toString().padStart(scale + 1, '0');
      return `${u < 0n ? '-' : ''}${t.slice(0, -scale)}.${t.slice(-scale)}`;
    };
    const each = (f: (r: typeof ROWS[number]) => string | null) => ROWS.map((r) => [Number(r.id), f(r)]);
    // HALF_UP (away from zero) dropping `n` decimals.
    const halfUp = (u: bigint, n: number) => { const d = 10n ** BigInt(n); const q = u / d; const r = u % d; return 2n * (r < 0n ? -r : r) >= d ? q + (u < 0n ? -1n : 1n) : q; };
    const cases: [string, (string | number | null)[][]][] = [
      // decimal(38,2) * decimal(1,0): scale 2; the 37-digit p doubled needs 38 digits, still exact.
      ['SELECT id, p * 2 AS x FROM t ORDER BY id', each((r) => dec(r.p === null ? null : r.p * 2n, 2))],
      ['SELECT id, p + 1 AS x FROM t ORDER BY id', each((r) => dec(r.p === null ? null : r.p + 100n, 2))],
      // decimal(38,2) - decimal(38,6): scale max(2, 6) = 6.
      // (Row 3's 35 integer digits do not fit beside 6 fraction digits: refused below.)
      ['SELECT id, p - q AS x FROM t WHERE id <> 3 ORDER BY id', each((r) => dec(r.p === null || r.q === null ? null : r.p * 10_000n - r.q, 6)).filter(([id]) => id !== 3)],
      // decimal(38,2) * decimal(38,6): (77,8), past 38 digits → (38,6), HALF_UP (row 3 rounds up to …000.000000).
      ['SELECT id, p * q AS x FROM t ORDER BY id', each((r) => dec(r.p === null || r.q === null ? null : halfUp(r.p * r.q, 2), 6))],
      // decimal(38,2) / decimal(1,0): (38,6); 10.00 / 3 = 3.333333, 9.50 / 3 = 3.166667 (row 3 overflows: above).
      ['SELECT id, p / 3 AS x FROM t WHERE id <> 3 ORDER BY id', [[1, '3.333333'], [2, '3.166667'], [4, null]]],
      // decimal(38,2) % decimal(38,6): scale 6, the dividend's sign; 10.00 % 10.5 = 10, 9.50 % 9.5 = 0.
      ['SELECT id, p % q AS x FROM t WHERE id <> 3 ORDER BY id', [[1, '10.000000'], [2, '0.000000'], [4, null]]],
      ['SELECT id, -p AS x FROM t ORDER BY id', each((r) => dec(r.p === null ? null : -r.p, 2))],
      // A decimal literal is decimal(2,1): scale 2 + 1 = 3.
      ['SELECT id, p * 1.5 AS x FROM t WHERE id <> 3 ORDER BY id', each((r) => dec(r.p === null ? null : r.p * 15n, 3)).filter(([id]) => id !== 3)],
      ['WITH c AS (SELECT id, p AS v FROM t) SELECT id, v * 2 AS y FROM c ORDER BY id', each((r) => dec(r.p === null ? null : r.p * 2n, 2))],
      // Typed as decimal, the result compares by value (as text '19.00' > '100.00' would be true).
      ['SELECT id, p * 2 AS x FROM t WHERE p * 2 > 100.00 ORDER BY id', each((r) => dec(r.p === null ? null : r.p * 2n, 2)).filter(([id]) => id === 3)],
      ['SELECT id, p AS x FROM t WHERE p * 1 > 9.6 ORDER BY id', each((r) => dec(r.p, 2)).filter(([id]) => id === 1 || id === 3)],
    ];
    for (const [query, want] of cases) {
      for (const executor of ['auto', 'squirreling'] as const) {
        const r = await runSql(storage, { query, tables: TABLES }, { executor });
        expect(r.rows, `${executor}: ${query}`).toEqual(want);
      }
    }
    // SUM(p * q): exact on the columnar executor (of decimal(38,6) products); the fallback's double sum would round, so it refuses.
    const sum = ROWS.reduce((a, r) => (r.p === null || r.q === null ? a : a + halfUp(r.p * r.q, 2)), 0n);
    expect((await runSql(storage, { query: 'SELECT SUM(p * q) AS x FROM t', tables: TABLES }, { executor: 'columnar' })).rows).toEqual([[dec(sum, 6)]]);
    await expect(runSql(storage, { query: 'SELECT SUM(p * q) AS x FROM t', tables: TABLES }, { executor: 'squirreling' }))
      .rejects.toMatchObject({ code: 'Unsupported', message: expect.stringContaining('line 1, column 8') });
  });

  it('COALESCE, GREATEST, LEAST and a searched CASE over one typed type give a value of it, compared and ordered by value', async () => {
    const day = (d: number | null) => (d === null ? null : new Date(d * 86_400_000).toISOString().slice(0, 10));
    const text = (u: bigint) => { const t = (u < 0n ? -u : u).toString().padStart(3, '0'); return `${u < 0n ? '-' : ''}${t.slice(0, -2)}.${t.slice(-2)}`; };
    const cases: [string, unknown[][]][] = [
      // The constant is the column's type: 0 of a decimal(38,2) is '0.00'.
      ['SELECT id, COALESCE(p, 0) AS c FROM t ORDER BY id', ROWS.map((r) => [Number(r.id), text(r.p ?? 0n)])],
      // As text '0.00' > '9.6' would be false but '10.00' > '9.6' too; by value 10.00 and the 37-digit p pass.
      ['SELECT id FROM t WHERE COALESCE(p, 0) > 9.6 ORDER BY id', ROWS.filter((r) => (r.p ?? 0n) > 960n).map((r) => [Number(r.id)])],
      // As text GREATEST('10.00', '9.60') is '9.60'.
      ['SELECT id, GREATEST(p, 9.6) AS g FROM t ORDER BY id', ROWS.map((r) => [Number(r.id), text(r.p !== null && r.p > 960n ? r.p : 960n)])],
      ['SELECT id, LEAST(p, 9.6, NULL) AS g FROM t ORDER BY id', ROWS.map((r) => [Number(r.id), text(r.p !== null && r.p < 960n ? r.p : 960n)])],
      ['SELECT id, LEAST(day, \'2024-10-05\') AS d FROM t ORDER BY id', ROWS.map((r) => [Number(r.id), day(r.day === null ? 20_001 : Math.min(r.day, 20_001))])],
      // A searched CASE of one type: '0.00' at the column's scale, compared by value.
      ['SELECT id, CASE WHEN id > 1 THEN p ELSE 0 END AS c FROM t ORDER BY id', ROWS.map((r) => [Number(r.id), r.id > 1n ? (r.p === null ? null : text(r.p)) : '0.00'])],
      ['SELECT id FROM t WHERE CASE WHEN id > 1 THEN p ELSE 0 END > 9.6 ORDER BY id', ROWS.filter((r) => r.id > 1n && r.p !== null && r.p > 960n).map((r) => [Number(r.id)])],
      // Two scales: decimal(38,6), Spark's wider decimal (row 3 overflows it: OVERFLOW above).
      ['SELECT id, COALESCE(p, q) AS c FROM t WHERE id <> 3 ORDER BY id', [[1, '10.000000'], [2, '9.500000'], [4, null]]],
      ['SELECT id FROM t ORDER BY COALESCE(p, -1000) DESC, id', [...ROWS].sort((a, b) => { const x = a.p ?? -100_000n; const y = b.p ?? -100_000n; return x > y ? -1 : x < y ? 1 : Number(a.id - b.id); }).map((r) => [Number(r.id)])],
    ];
    for (const [query, want] of cases) {
      for (const executor of ['auto', 'squirreling'] as const) {
        expect((await runSql(storage, { query, tables: TABLES }, { executor })).rows, `${executor}: ${query}`).toEqual(want);
      }
    }
  });

  it('a decimal meeting a DOUBLE is a DOUBLE, as Spark\'s DecimalPrecision casts it, never compared or passed on as text', async () => {
    const p3 = Number('99999999999999999999999999999999999.99'); // 1e35: the DOUBLE Spark casts row 3's p to
    const cases: [string, unknown[][]][] = [
      // old: '10.00', '9.50', '99999999999999999999999999999999999.99', '0.50' — the double constant read as a decimal(38,2).
      ['SELECT id, COALESCE(p, 0.5e0) AS c FROM t ORDER BY id', [[1, 10], [2, 9.5], [3, p3], [4, 0.5]]],
      // old: [] — compared exactly as decimals, 1e35 is not 99999999999999999999999999999999999.99.
      ['SELECT id FROM t WHERE p = 1e35', [[3]]],
      ['SELECT id FROM t WHERE p > 9.6e0 ORDER BY id', [[1], [3]]],
      ['SELECT id, p * 1e0 AS x FROM t WHERE p < 1e3 ORDER BY id', [[1, 10], [2, 9.5]]],
      // A decimal literal keeps the comparison exact (DECIMAL with DECIMAL).
      ['SELECT id FROM t WHERE p = 99999999999999999999999999999999999.99', [[3]]],
      ['SELECT id FROM t WHERE p = 100000000000000000000000000000000000.00', []],
    ];
    for (const [query, want] of cases) {
      for (const executor of ['auto', 'squirreling'] as const) {
        expect((await runSql(storage, { query, tables: TABLES }, { executor })).rows, `${executor}: ${query}`).toEqual(want);
      }
    }
  });

  it('typed values compared, ordered, grouped, cast or shifted directly still answer by value', async () => {
    const ids = async (query: string, executor: 'auto' | 'squirreling') =>
      (await runSql(storage, { query, tables: TABLES }, { executor })).rows.map((r) => Number(r[0]));
    for (const executor of ['auto', 'squirreling'] as const) {
      const byValue = ROWS.filter((r) => r.p !== null && r.p > 960n).map((r) => Number(r.id));
      expect(await ids('SELECT id FROM t WHERE p > 9.6 ORDER BY id', executor), executor).toEqual(byValue);
      expect(await ids('SELECT id FROM t WHERE p IS NOT NULL ORDER BY p', executor), executor).toEqual([2, 1, 3]);
      expect(await ids("SELECT id FROM t WHERE day + INTERVAL 1 DAY > '2024-10-04' ORDER BY id", executor), executor)
        .toEqual(ROWS.filter((r) => r.day !== null && r.day + 1 > 20_000).map((r) => Number(r.id)));
      expect(await ids('SELECT id FROM (SELECT id, p FROM t UNION ALL SELECT id, p FROM t) u WHERE p IS NOT NULL ORDER BY p, id', executor), executor).toEqual([2, 2, 1, 1, 3, 3]);
      expect(await ids('SELECT id FROM t WHERE CASE WHEN p > 9.6 THEN 1 ELSE 0 END = 1 ORDER BY id', executor), executor).toEqual(byValue);
    }
  });
});
