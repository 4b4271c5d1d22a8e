/**
 * Exact numbers on tables we have not seen (issue 16, exact-numeric.ts): 64-bit integers at and beyond
 * 2^53 up to ±2^63 and decimal(38,x) values of 16 to 38 digits, through CAST, literals, comparisons, IN,
 * arithmetic, unary minus and aggregates, on both executors (`auto` runs the columnar one, `squirreling`
 * forces the fallback). Each answer is worked out here from the written values with bigint arithmetic, or
 * must be a LakeError at the expression's line:column — never a double's rounding. Every case marked
 * "old:" gave that wrong answer without an error before exact-numeric.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { runSql } from './run-sql.ts';
import { type NumClass, arithmeticClass, exactArithmetic, exactNegate, intClass } from './exact-numeric.ts';
import type { SqlTableDto } from './sql-contract.ts';

const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
const TWO_53 = 2n ** 53n;
const MAX = 2n ** 63n - 1n;
const MIN = -(2n ** 63n);
const NINES_38 = 10n ** 38n - 1n;
const DIGITS_38 = 12345678901234567890123456789012345678n;

// big: long; d0: decimal(38,0); d2: decimal(38,2) (unscaled); n: int; x: double; g: long (AVG needs a double's rounding).
const ROWS = [
  { id: 1n, big: TWO_53 + 1n, d0: TWO_53 + 1n, d2: (TWO_53 + 1n) * 100n + 50n, n: 7, x: 1.0, g: 2n ** 56n },
  { id: 2n, big: TWO_53, d0: 12345n, d2: -250n, n: -3, x: 0.5, g: 2n ** 56n + 17n },
  { id: 3n, big: MAX, d0: NINES_38, d2: DIGITS_38, n: 2147483647, x: null, g: 2n ** 56n },
  { id: 4n, big: MIN, d0: -(TWO_53 + 1n), d2: -1n, n: null, x: 2.5, g: null },
  { id: 5n, big: 1n, d0: null, d2: null, n: 0, x: null, g: null },
];

let storage: MemoryStorage;
beforeAll(async () => {
  installNodeParquetWasm();
  storage = new MemoryStorage('sql exact numbers');
  const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
  await createTable(storage, {
    location: 'memory://exact/t', formatVersion: 2,
    schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 'big', 'long'), f(3, 'd0', 'decimal(38,0)'), f(4, 'd2', 'decimal(38,2)'), f(5, 'n', 'int'), f(6, 'x', 'double'), f(7, 'g', 'long')] },
  });
  await appendRows(storage, ROWS.slice(0, 3));
  await appendRows(storage, ROWS.slice(3));
});

const EXECUTORS = ['auto', 'squirreling'] as const;
/** A 64-bit result as the result rows hold it: a number while safe, else its exact decimal text. */
const int = (v: bigint): number | string => (v >= -(TWO_53 - 1n) && v <= TWO_53 - 1n ? Number(v) : v.toString());

async function expectRows(query: string, want: unknown[][], executors: readonly ('auto' | 'squirreling')[] = EXECUTORS): Promise<void> {
  for (const executor of executors) {
    const r = await runSql(storage, { query, tables: TABLES }, { executor });
    expect(r.rows, `${executor}: ${query}`).toEqual(want);
    if (executor === 'auto') expect(r.executor?.name, query).toBe('columnar');
  }
}

async function expectError(query: string, code: 'DataInvalid' | 'Unsupported', at: string, executors: readonly ('auto' | 'squirreling')[] = EXECUTORS): Promise<void> {
  const column = query.indexOf(at) + 1;
  for (const executor of executors) {
    await expect(runSql(storage, { query, tables: TABLES }, { executor }), `${executor}: ${query}`)
      .rejects.toMatchObject({ code, message: expect.stringContaining(`line 1, column ${column}`) });
  }
}

describe('exact numbers in SQL', () => {
  it('CAST to BIGINT/INTEGER truncates toward zero exactly (Spark), and out of range is an error', async () => {
    await expectRows('SELECT id, CAST(d0 AS BIGINT) AS c FROM t WHERE id IN (1, 2, 4) ORDER BY id', [[1, int(TWO_53 + 1n)], [2, 12345], [4, int(-(TWO_53 + 1n))]]);
    // 9007199254740993.50 → 9007199254740993; -2.50 → -2; -0.01 → 0.
    await expectRows('SELECT id, CAST(d2 AS BIGINT) AS c FROM t WHERE id IN (1, 2, 4) ORDER BY id', [[1, int(TWO_53 + 1n)], [2, -2], [4, 0]]);
    await expectRows('SELECT id, CAST(d2 AS INTEGER) AS c FROM t WHERE id IN (2, 4) ORDER BY id', [[2, -2], [4, 0]]);
    await expectRows('SELECT CAST(n AS BIGINT) + 1 AS m FROM t WHERE id = 3', [[2147483648]]);
    await expectRows('SELECT CAST(x AS BIGINT) AS c FROM t WHERE id IN (2, 4) ORDER BY id', [[0], [2]]);
    // old: 9007199254740992 (Number() of the decimal) — INTEGER is 32-bit, so out of range.
    await expectError('SELECT CAST(d0 AS INTEGER) AS c FROM t WHERE id = 1', 'DataInvalid', 'CAST(d0');
    await expectError('SELECT CAST(d0 AS BIGINT) AS c FROM t WHERE id = 3', 'DataInvalid', 'CAST(d0');
    await expectError('SELECT CAST(big AS INTEGER) AS c FROM t WHERE id = 1', 'DataInvalid', 'CAST(big');
    await expectRows('SELECT CAST(big AS INTEGER) AS c FROM t WHERE id = 5', [[1]]);
  });

  it('integer literals beyond 2^53 compare, match IN and print as written', async () => {
    // (table-refs.ts already wrote these as bigint literals for squirreling; the fraction and `big + 0` were wrong.)
    await expectRows('SELECT id FROM t WHERE big = 9007199254740993', [[1]]);
    await expectRows('SELECT id FROM t WHERE big IN (9007199254740993, 5) ORDER BY id', [[1]]);
    await expectRows('SELECT id FROM t WHERE big <> 9007199254740993 AND big > 2 ORDER BY id', [[2], [3]]);
    await expectRows('SELECT id FROM t WHERE big > 9007199254740992.5 ORDER BY id', [[1], [3]]);
    // old: [[4], [5]] — 9007199254740992.5 parsed to the double 9007199254740992.
    await expectRows('SELECT id FROM t WHERE big < 9007199254740992.5 ORDER BY id', [[2], [4], [5]]);
    await expectRows('SELECT id FROM t WHERE big + 0 = 9007199254740993', [[1]]);
    await expectRows('SELECT id FROM t WHERE big >= 9223372036854775807', [[3]]);
    await expectRows('SELECT id FROM t WHERE big = -9223372036854775808', [[4]]);
    await expectRows('SELECT 9007199254740993 AS x FROM t WHERE id = 1', [[int(TWO_53 + 1n)]]);
  });

  it('integer arithmetic is exact to ±2^63, an overflow is an error', async () => {
    const b = TWO_53 + 1n;
    // old: 9007199254740992, 0 … — Number() of each side.
    await expectRows('SELECT big + 1 AS a, big - 9007199254740992 AS s, big * 2 AS m, big % 10 AS r, -big AS neg FROM t WHERE id = 1',
      [[int(b + 1n), int(b - TWO_53), int(b * 2n), int(b % 10n), int(-b)]]);
    await expectRows('SELECT big + n AS a FROM t WHERE id = 1', [[int(b + 7n)]]);
    await expectRows('SELECT -big AS neg, big - 1 AS m FROM t WHERE id = 3', [[int(-MAX), int(MAX - 1n)]]);
    // An integer with a decimal literal is a decimal (decimal(20,0) + decimal(1,1)).
    await expectRows('SELECT big + 0.5 AS a FROM t WHERE id = 1', [[`${b}.5`]]);
    // With a fraction of a double the answer is the double one (SQL: bigint + double is double).
    await expectRows('SELECT big + x AS a FROM t WHERE id = 2', [[Number(TWO_53) + 0.5]]);
    await expectError('SELECT big + 1 AS a FROM t WHERE id = 3', 'DataInvalid', 'big + 1');
    await expectError('SELECT big * big AS a FROM t WHERE id = 1', 'DataInvalid', 'big * big');
    await expectError('SELECT -big AS a FROM t WHERE id = 4', 'DataInvalid', '-big');
    // BIGINT + DOUBLE is a DOUBLE: Spark casts big to DOUBLE first (ImplicitTypeCasts), so 2^53+1 becomes 2^53
    // (round half to even) and 2^53 + 1.0 rounds back to 2^53. (old: refused as ambiguous.)
    await expectRows('SELECT big + x AS a FROM t WHERE id = 1', [[2 ** 53]]);
  });

  it('decimal(38,x) arithmetic with integers is exact', async () => {
    const b = TWO_53 + 1n;
    // d2 - big: 9007199254740993.50 - 9007199254740993.
    await expectRows('SELECT d0 + 1 AS a, d0 * big AS m, d2 - big AS s FROM t WHERE id = 1', [[`${b + 1n}`, `${b * b}`, '0.50']]);
    // 38 nines + 1 has 39 digits, more than decimal(38,0) holds: an error (Spark ANSI), not rounded.
    await expectError('SELECT d0 + 1 AS a FROM t WHERE id = 3', 'DataInvalid', 'd0 + 1');
  });

  it('decimal / and % give Spark\'s type and value to the last digit (HALF_UP), an overflow is an error', async () => {
    // d2 / 3: decimal(38,2) / decimal(1,0) → scale max(6, 2+1+1) = 6, precision 42 → adjusted to (38,6).
    // 9007199254740993.50 / 3 = 3002399751580331.1666… ; -2.50 / 3 ; -0.01 / 3.
    await expectRows('SELECT id, d2 / 3 AS q FROM t WHERE id IN (1, 2, 4) ORDER BY id',
      [[1, '3002399751580331.166667'], [2, '-0.833333'], [4, '-0.003333']]);
    await expectRows('SELECT d2 / 2 AS q FROM t WHERE id = 2', [['-1.250000']]);
    // 123456789012345678901234567890123456.78 / 3 needs 35 integer digits + 6 decimals: past decimal(38,6).
    await expectError('SELECT d2 / 3 AS q FROM t WHERE id = 3', 'DataInvalid', 'd2 / 3');
    // decimal(38,0) / decimal(38,2): scale 39, precision 79 → (38,6): 12345 / -2.50; (2^53+1) / (2^53+1.5) rounds up to 1.
    await expectRows('SELECT id, d0 / d2 AS q FROM t WHERE id IN (1, 2) ORDER BY id', [[1, '1.000000'], [2, '-4938.000000']]);
    // Division by zero is Spark ANSI's DIVIDE_BY_ZERO (DivModLike with failOnError), an error — not NULL.
    await expectError('SELECT d2 / 0 AS q FROM t WHERE id = 1', 'DataInvalid', 'd2 / 0');
    await expectError('SELECT d2 % 0 AS r FROM t WHERE id = 1', 'DataInvalid', 'd2 % 0');
    // %: the sign of the dividend, scale max(s1, s2), exact. 2^53+1 is a multiple of 3; so is 1234567890…123456.
    await expectRows('SELECT id, d2 % 3 AS r FROM t WHERE id <= 4 ORDER BY id', [[1, '0.50'], [2, '-2.50'], [3, '0.78'], [4, '-0.01']]);
    // A product past 38 digits of precision keeps its integer digits and rounds the scale to 6 (8 before):
    // decimal(38,0) * decimal(8,8) → (47,8) → (38,6); 12345 × 0.12345678 = 1524.07394910.
    await expectRows('SELECT d0 * 0.12345678 AS m FROM t WHERE id = 2', [['1524.073949']]);
  });

  it('decimal / and * round twice as Spark does: 38 digits first, then the result scale (HALF_UP)', () => {
    const out: NumClass = { kind: 'decimal', precision: 38, scale: 6 };
    const l: NumClass = { kind: 'decimal', precision: 38, scale: 38 };
    const r: NumClass = { kind: 'decimal', precision: 8, scale: 8 };
    const at = { expr: 'x' };
    // x / 2 = 0.000000 4 (31 nines) 5: BigDecimal.divide(_, 38, HALF_UP) gives 0.0000005, then 0.000001 at scale 6
    // (one rounding straight to 6 digits would give 0.000000).
    expect(exactArithmetic('/', `0.000000${'9'.repeat(32)}`, 2, l, { kind: 'int', precision: 1 }, out, at, undefined)).toBe('0.000001');
    // x × 0.00000005 = 0.0000000 4 (37 nines) 5, 39 significant digits: MathContext(38, HALF_UP) gives 0.00000005,
    // then 0.0000001 at scale 7 (straight to 7 digits: 0.0000000).
    expect(exactArithmetic('*', `0.${'9'.repeat(38)}`, '0.00000005', l, r, { kind: 'decimal', precision: 38, scale: 7 }, at, undefined)).toBe('0.0000001');
    // Halves go away from zero, on both sides.
    expect(exactArithmetic('/', '-0.0000025', '1', l, { kind: 'int', precision: 1 }, out, at, undefined)).toBe('-0.000003');
    expect(exactArithmetic('/', '0.0000025', '-1', l, { kind: 'int', precision: 1 }, out, at, undefined)).toBe('-0.000003');
    expect(exactArithmetic('/', '0.0000024999', '1', l, { kind: 'int', precision: 1 }, out, at, undefined)).toBe('0.000002');
    // The result types of Spark's DecimalPrecision (allowPrecisionLoss): / % + * of decimal(38,2) and decimal(10,0).
    const d = (precision: number, scale: number): NumClass => ({ kind: 'decimal', precision, scale });
    expect(arithmeticClass('/', d(38, 2), d(10, 0))).toEqual(d(38, 6));
    expect(arithmeticClass('/', d(10, 2), d(5, 3))).toEqual(d(19, 8));
    expect(arithmeticClass('%', d(38, 2), d(10, 0))).toEqual(d(12, 2));
    expect(arithmeticClass('+', d(38, 18), d(38, 18))).toEqual(d(38, 17));
    expect(arithmeticClass('*', d(38, 10), d(38, 10))).toEqual(d(38, 6));
  });

  it('TINYINT and SMALLINT arithmetic overflows at its width; with an INT literal it is an INT (Spark ANSI)', () => {
    const at = { expr: 'x' };
    const tiny = intClass(8);
    const small = intClass(16);
    const one = { kind: 'int', precision: 1, bits: 32 } as const;
    // ByteExactNumeric / ShortExactNumeric: 127 + 127 of two TINYINTs overflows; 32767 * 2 of two SMALLINTs too.
    expect(() => exactArithmetic('+', 127, 127, tiny, tiny, arithmeticClass('+', tiny, tiny), at, undefined)).toThrow(/out of range for TINYINT/);
    expect(() => exactArithmetic('*', 32767, 2, small, small, arithmeticClass('*', small, small), at, undefined)).toThrow(/out of range for SMALLINT/);
    expect(() => exactNegate(-128, tiny, at, undefined)).toThrow(/out of range for TINYINT/);
    // TINYINT + 1 (an INT literal) is an INT: 128.
    expect(exactArithmetic('+', 127, 1, tiny, one, arithmeticClass('+', tiny, one), at, undefined)).toBe(128);
    expect(arithmeticClass('+', tiny, one)).toEqual(intClass(32));
  });

  it('metadata and change-log integers (snapshot ids past 2^53) are exact in arithmetic too', async () => {
    for (const executor of EXECUTORS) {
      const r = await runSql(storage, { query: 'SELECT snapshot_id AS s, snapshot_id - 1 AS p, snapshot_id % 1000 AS m FROM "t$snapshots"', tables: TABLES }, { executor });
      expect(r.rows.length, executor).toBe(2);
      expect(r.rows.some((x) => BigInt(x[0] as string) > TWO_53), 'a snapshot id past 2^53').toBe(true);
      for (const [s, p, m] of r.rows) {
        expect(BigInt(p as string | number), executor).toBe(BigInt(s as string) - 1n);
        expect(BigInt(m as number), executor).toBe(BigInt(s as string) % 1000n);
      }
    }
  });

  it('aggregates of 64-bit values: exact or refused', async () => {
    // SUM: exact on the columnar executor; the fallback's double sum would round, so it refuses.
    await expectRows('SELECT SUM(big) AS s FROM t WHERE id IN (1, 2)', [[int(2n * TWO_53 + 1n)]], ['auto']);
    await expectError('SELECT SUM(big) AS s FROM t WHERE id IN (1, 2)', 'Unsupported', 'SUM(big)', ['squirreling']);
    // Past 64 bits a SUM of longs is an error (Trino, Spark ANSI), not a wider number; the fallback refuses it anyway.
    await expectError('SELECT SUM(big) AS s FROM t WHERE id IN (1, 3)', 'DataInvalid', 'SUM(big)', ['auto']);
    await expectError('SELECT SUM(big) AS s FROM t WHERE id IN (1, 3)', 'Unsupported', 'SUM(big)', ['squirreling']);
    // AVG of longs is a double: the one nearest (2^56 + 2^56+17 + 2^56) / 3 = 2^56 + 5.67 is 2^56
    // (old: 2^56 + 16, the double of the rounded sum divided); the fallback refuses.
    await expectRows('SELECT AVG(g) AS a FROM t', [[2 ** 56]], ['auto']);
    await expectError('SELECT AVG(g) AS a FROM t', 'Unsupported', 'AVG(g)', ['squirreling']);
    await expectRows('SELECT MIN(big) AS lo, MAX(big) AS hi, COUNT(DISTINCT big) AS n FROM t', [[int(MIN), int(MAX), 5]]);
    await expectRows('SELECT big, count(*) AS c FROM t GROUP BY big ORDER BY big', [MIN, 1n, TWO_53, TWO_53 + 1n, MAX].map((v) => [int(v), 1]));
    await expectRows('SELECT id FROM t ORDER BY big DESC', [[3], [1], [2], [5], [4]]);
  });
});

/**
 * Numbers of different types as Spark 4 (ANSI mode, its default) types them, on both executors and through
 * the scan's pushed-down filter — each row in its own file, so a file pruned wrongly loses its row. Spark's
 * rules cited per case: AnsiTypeCoercion (findTightestCommonType: an integer with a DOUBLE or FLOAT is a
 * DOUBLE, FLOAT with DOUBLE a DOUBLE), DecimalPrecision (a DECIMAL with a DOUBLE or FLOAT: both DOUBLE),
 * InConversion / CaseWhenCoercion (every IN value and CASE/COALESCE result cast to the common type), the
 * parser's literal types (AstBuilder: `1` INT, `9007199254740993` BIGINT, `1.5` DECIMAL(2,1), `1e0` DOUBLE),
 * ANSI arithmetic (Add/Multiply/UnaryMinus/Abs of INT overflow at 32 bits: ARITHMETIC_OVERFLOW; DivModLike:
 * DIVIDE_BY_ZERO), Divide (integers cast to DOUBLE), Sum (of an integer BIGINT, of a FLOAT a DOUBLE of the
 * widened values). Every case marked "old:" answered that without an error before.
 */
describe('numbers of mixed types as Spark types them', () => {
  const F01 = Math.fround(0.1); // the float 0.1f as a double: 0.10000000149011612
  // big: long; i: int; f: float; x: double; d: decimal(38,20) (unscaled).
  const SPARK_ROWS = [
    { id: 1n, big: TWO_53 + 1n, i: 2147483647, f: 0.1, x: 2 ** 53, d: 10n ** 19n + 1n },
    { id: 2n, big: TWO_53, i: -2147483648, f: 2.5, x: 0.1, d: 25n * 10n ** 19n },
    { id: 3n, big: MIN, i: 7, f: null, x: null, d: null },
    { id: 4n, big: 5n, i: 0, f: 0.5, x: 0.5, d: 5n * 10n ** 19n },
  ];
  let spark: MemoryStorage;
  beforeAll(async () => {
    spark = new MemoryStorage('sql spark numbers');
    const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
    await createTable(spark, {
      location: 'memory://spark/t', formatVersion: 2,
      schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 'big', 'long'), f(3, 'i', 'int'), f(4, 'f', 'float'), f(5, 'x', 'double'), f(6, 'd', 'decimal(38,20)')] },
    });
    for (const row of SPARK_ROWS) await appendRows(spark, [row]);
  });
  const rows = async (query: string, want: unknown[][]) => {
    for (const executor of EXECUTORS) {
      const r = await runSql(spark, { query, tables: TABLES }, { executor });
      expect(r.rows, `${executor}: ${query}`).toEqual(want);
      if (executor === 'auto') expect(r.executor?.name, query).toBe('columnar');
    }
  };
  const fails = async (query: string, at: string) => {
    for (const executor of EXECUTORS) {
      await expect(runSql(spark, { query, tables: TABLES }, { executor }), `${executor}: ${query}`)
        .rejects.toMatchObject({ code: 'DataInvalid', message: expect.stringContaining(`line 1, column ${query.indexOf(at) + 1}`) });
    }
  };

  it('a BIGINT, INT or DECIMAL against a DOUBLE, FLOAT or exponent literal compares as doubles', async () => {
    // double(2^53+1) = 2^53 (half to even): Spark's `9007199254740993L = 9007199254740992e0` is true. old: [[2]].
    await rows('SELECT id FROM t WHERE big = 9007199254740992e0 ORDER BY id', [[1], [2]]);
    await rows('SELECT id FROM t WHERE big BETWEEN 9007199254740992e0 AND 9007199254740992e0 ORDER BY id', [[1], [2]]);
    // old: [[2], [3], [4]] — the exact 2^53+1 is above 2^53, its double is not.
    await rows('SELECT id FROM t WHERE big <= 9007199254740992e0 ORDER BY id', [[1], [2], [3], [4]]);
    await rows('SELECT id FROM t WHERE big < 9007199254740992e0 ORDER BY id', [[3], [4]]);
    // Column against column: big cast to DOUBLE. old: [].
    await rows('SELECT id FROM t WHERE big = x ORDER BY id', [[1]]);
    // A BIGINT literal against a DOUBLE column: the literal cast to DOUBLE. old: [].
    await rows('SELECT id FROM t WHERE x = 9007199254740993', [[1]]);
    // IN casts x and every value to their common type, DOUBLE here: 2^53+1 matches too. old: [[2], [4]].
    await rows('SELECT id FROM t WHERE big IN (9007199254740992e0, 5) ORDER BY id', [[1], [2], [4]]);
    // An integer or decimal literal keeps the comparison exact (INT/BIGINT/DECIMAL common types).
    await rows('SELECT id FROM t WHERE big = 9007199254740992 ORDER BY id', [[2]]);
    await rows('SELECT id FROM t WHERE i = 7e0', [[3]]);
    // DECIMAL(38,20) 0.10000000000000000001 as a DOUBLE is 0.1. old: [].
    await rows('SELECT id FROM t WHERE d = 0.1e0', [[1]]);
    await rows('SELECT id FROM t WHERE d <= 0.1e0', [[1]]);
    await rows('SELECT id FROM t WHERE d = x ORDER BY id', [[4]]);
    // A FLOAT is widened: 0.1f is 0.10000000149011612, not 0.1 — against a DECIMAL or DOUBLE literal alike. old: [[1]], [[1]], [[2], [4]].
    await rows('SELECT id FROM t WHERE f = 0.1e0', []);
    await rows('SELECT id FROM t WHERE f = 0.1', []);
    await rows('SELECT id FROM t WHERE f > 0.1 ORDER BY id', [[1], [2], [4]]);
    await rows('SELECT id FROM t WHERE f <= 0.1', []);
    await rows('SELECT id FROM t WHERE f = 2.5', [[2]]);
    await rows('SELECT id FROM t WHERE f IN (0.5, 2.5) ORDER BY id', [[2], [4]]);
  });

  it('the pushed-down filter prunes only files the comparison as doubles rules out', async () => {
    const scan = async (query: string) => (await runSql(spark, { query, tables: TABLES }, { executor: 'auto' })).scans[0]!;
    // 2^53 and 2^53+1 (files 1 and 2) are kept: the range pushed is (prev double, next double) around 2^53, exclusive.
    let s = await scan('SELECT id FROM t WHERE big = 9007199254740992e0');
    expect([s.filesPlanned, s.filesSkipped, s.filter]).toEqual([2, 2, expect.stringContaining('big')]);
    // A FLOAT against 0.1: the float bound at or below 0.1 is pushed (the float 0.1 itself is above 0.1 as a double).
    s = await scan('SELECT id FROM t WHERE f > 0.1');
    expect([s.filesPlanned, s.filesSkipped]).toEqual([3, 1]);
    // An exact integer literal is pushed exactly, as before.
    s = await scan('SELECT id FROM t WHERE big = 9007199254740992');
    expect([s.filesPlanned, s.filesSkipped]).toEqual([1, 3]);
    // A DOUBLE column against a number literal is pushed on both executors (on the fallback `x > 0.3` is the
    // typed comparison, NaN being above every value, and pushdown.ts reads it): files 2 (0.1) and 3 (NULL) are
    // skipped — the NaN side of the pushed `x > 0.3 OR isNaN(x)` by nan_value_counts = 0.
    for (const executor of EXECUTORS) {
      const r = await runSql(spark, { query: 'SELECT id FROM t WHERE x > 0.3 ORDER BY id', tables: TABLES }, { executor });
      expect([r.rows, r.scans[0]!.filesSkipped], executor).toEqual([[[1], [4]], 2]);
    }
  });

  it('INT arithmetic is INT: an overflow of 32 bits is an error, as are ABS and unary minus of the smallest value', async () => {
    // old: 2147483648, 4611686014132420609, 2147483648, 2147483648.
    await fails('SELECT i + 1 AS a FROM t WHERE id = 1', 'i + 1');
    await fails('SELECT i * i AS a FROM t WHERE id = 1', 'i * i');
    await fails('SELECT -i AS a FROM t WHERE id = 2', '-i');
    await fails('SELECT ABS(i) AS a FROM t WHERE id = 2', 'ABS(i)');
    // An INT literal is an INT too: 2147483647 + 1 overflows in Spark.
    await fails('SELECT 2147483647 + 1 AS a FROM t WHERE id = 1', '2147483647 + 1');
    await fails('SELECT ABS(big) AS a FROM t WHERE id = 3', 'ABS(big)');
    // INT op BIGINT is a BIGINT; the INT widened first cannot overflow 32 bits.
    await rows('SELECT i * i AS a, i + big AS b, CAST(i AS BIGINT) + 1 AS c, ABS(-i) AS g FROM t WHERE id = 3', [[49, int(MIN + 7n), 8, 7]]);
    await rows('SELECT CAST(i AS BIGINT) + 1 AS c FROM t WHERE id = 1', [[2147483648]]);
    // ABS keeps a BIGINT's digits past 2^53, MOD is exact `%` (old: 9007199254740992, 9007199254740992, 2 — Number() of each).
    await rows('SELECT ABS(big) AS a, ABS(-big) AS b, MOD(big, 10) AS m FROM t WHERE id = 1', [[int(TWO_53 + 1n), int(TWO_53 + 1n), 3]]);
    // SUM of an INT is a BIGINT: 2147483647 + 7 does not overflow.
    await rows('SELECT SUM(i) AS s FROM t WHERE id IN (1, 3)', [[2147483654]]);
  });

  it('a simple CASE compares its operand with each WHEN as `=` does; CAST of malformed text is an error (ANSI), not NULL or truncated', async () => {
    // CaseKeyWhen is `big = 9007199254740992e0` per WHEN: as doubles. old: 'n' for id 1.
    await rows("SELECT id, CASE big WHEN 9007199254740992e0 THEN 'y' ELSE 'n' END AS c FROM t ORDER BY id", [[1, 'y'], [2, 'y'], [3, 'n'], [4, 'n']]);
    // A decimal literal is exact there too (the parser's double of 9007199254740992.0000001 is 2^53).
    await rows("SELECT id, CASE big WHEN 9007199254740992.0000001 THEN 'near' WHEN 9007199254740993 THEN 'y' ELSE 'n' END AS c FROM t WHERE id IN (1, 2) ORDER BY id", [[1, 'y'], [2, 'n']]);
    // Spark ANSI: '1.5', '1e1' and 'abc' cannot be cast to an integral type, 'abc' to any number (CAST_INVALID_INPUT).
    // old: 1, 10, NULL, NULL.
    await fails("SELECT CAST('1.5' AS INT) AS c FROM t WHERE id = 1", "CAST('1.5'");
    await fails("SELECT CAST('1e1' AS BIGINT) AS c FROM t WHERE id = 1", "CAST('1e1'");
    await fails("SELECT CAST('abc' AS BIGINT) AS c FROM t WHERE id = 1", "CAST('abc'");
    await fails("SELECT CAST('abc' AS DOUBLE) AS c FROM t WHERE id = 1", "CAST('abc'");
    // A string literal against a number is cast as Spark ANSI casts it: to BIGINT against an integer, to DOUBLE
    // against a DOUBLE/FLOAT; malformed text fails (old: no rows, JavaScript's loose == of '1.5' and 7).
    await rows("SELECT id FROM t WHERE big = '9007199254740993'", [[1]]);
    await rows("SELECT id FROM t WHERE x = '0.5'", [[4]]);
    await fails("SELECT id FROM t WHERE i = '7.5'", "'7.5'");
    await fails("SELECT id FROM t WHERE x = 'abc'", "'abc'");
    // Well-formed text casts; a decimal column's value truncates (Decimal.toLong), as before.
    await rows("SELECT CAST(' 12 ' AS BIGINT) AS a, CAST('2.5e0' AS DOUBLE) AS b, CAST(d AS BIGINT) AS c, CAST(d AS INT) AS e FROM t WHERE id = 2", [[12, 2.5, 2, 2]]);
  });

  it('COALESCE, GREATEST and CASE of integers and decimals are Spark\'s wider decimal', async () => {
    // INT with DECIMAL(2,1): DECIMAL(11,1) (an INT is DECIMAL(10,0), findWiderTypeForDecimal). old: 7, 2.5.
    await rows('SELECT COALESCE(i, 1.5) AS c, GREATEST(i, 2.5) AS g FROM t WHERE id = 3', [['7.0', '7.0']]);
    // DECIMAL(38,20) with INT: scale 20, 18 integer digits. old: refused (a decimal under CASE of two types).
    await rows('SELECT id, CASE WHEN id = 1 THEN d ELSE i END AS c FROM t WHERE id IN (1, 3) ORDER BY id', [[1, '0.10000000000000000001'], [3, '7.00000000000000000000']]);
    // The INT -2147483648 has 10 integer digits: it fits (18), compared by value.
    await rows('SELECT id FROM t WHERE CASE WHEN id = 1 THEN d ELSE i END < 0', [[2]]);
  });

  it('/ of integers is a DOUBLE; / and % by zero are DIVIDE_BY_ZERO errors, not NULL', async () => {
    await rows('SELECT i / 2 AS q FROM t WHERE id = 3', [[3.5]]);
    // old: NULL for each, 'NaN' for MOD.
    await fails('SELECT big / 0 AS q FROM t WHERE id = 4', 'big / 0');
    await fails('SELECT i % 0 AS q FROM t WHERE id = 4', 'i % 0');
    await fails('SELECT x / 0 AS q FROM t WHERE id = 4', 'x / 0');
    await fails('SELECT MOD(big, 0) AS q FROM t WHERE id = 4', 'MOD(big, 0)');
  });

  it('with a DOUBLE or FLOAT the result is a DOUBLE of the widened values; FLOAT op FLOAT a FLOAT', async () => {
    // BIGINT + DOUBLE: double(2^53+1) + 2^53 = 2^54.
    await rows('SELECT big + x AS a FROM t WHERE id = 1', [[2 ** 54]]);
    // FLOAT + INT is a DOUBLE of the float's value (old: 1.1); FLOAT + FLOAT a FLOAT (0.2f, shown as 0.2).
    await rows('SELECT f + 1 AS a, f + f AS b, f * 1e0 AS c FROM t WHERE id = 1', [[F01 + 1, 0.2, F01]]);
    // SUM/AVG of a FLOAT add the widened values in scan order (old: 3.1 and 1.0333333333333334).
    await rows('SELECT SUM(f) AS s, AVG(f) AS a FROM t', [[(F01 + 2.5) + 0.5, ((F01 + 2.5) + 0.5) / 3]]);
    // CAST AS FLOAT is 32-bit (old: true); a FLOAT cast to DOUBLE is its value.
    await rows('SELECT CAST(0.1 AS FLOAT) = 0.1 AS e, CAST(f AS DOUBLE) AS w, CAST(f AS STRING) AS s FROM t WHERE id = 1', [[false, F01, '0.1']]);
    // COALESCE, GREATEST and CASE of a BIGINT and a DOUBLE are DOUBLEs (old: '9007199254740993' each).
    await rows('SELECT COALESCE(big, 1e0) AS c, GREATEST(big, x) AS g, CASE WHEN id = 1 THEN big ELSE 0e0 END AS w FROM t WHERE id = 1', [[2 ** 53, 2 ** 53, 2 ** 53]]);
    await rows('SELECT COALESCE(d, 0.5e0) AS c FROM t ORDER BY id', [[0.1], [2.5], [0.5], [0.5]]);
    await rows('SELECT id FROM t WHERE COALESCE(big, 0e0) = 9007199254740992e0 ORDER BY id', [[1], [2]]);
  });
});

describe('a DIV b: Spark\'s integral division (IntegralDivide), a BIGINT truncated toward zero', () => {
  // Old: not parsed (squirreling: `Expected FROM after "DIV"`).
  it('of integers: truncated toward zero, exact past 2^53, with the precedence of * and /', async () => {
    // 7 DIV 2 = 3, -3 DIV 2 = -1 (toward zero, not -2); NULL stays NULL.
    await expectRows('SELECT id, n DIV 2 AS a, n div -2 AS b FROM t WHERE id < 5 ORDER BY id', [[1, 3, -3], [2, -1, 1], [3, 1073741823, -1073741823], [4, null, null]]);
    await expectRows('SELECT big DIV 3 AS a, big DIV big AS b FROM t WHERE id < 4 ORDER BY id', [[int((TWO_53 + 1n) / 3n), 1], [int(TWO_53 / 3n), 1], [int(MAX / 3n), 1]]);
    // DIV binds like * and / (n + (7 DIV 2)), and it is a BIGINT in comparisons and ORDER BY.
    await expectRows('SELECT n + 7 DIV 2 AS a, (n + 7) DIV 2 AS b FROM t WHERE id = 1', [[10, 7]]);
    await expectRows('SELECT id FROM t WHERE n DIV 2 = 3', [[1]]);
    await expectRows('SELECT id FROM t WHERE id < 4 ORDER BY big DIV 1000 DESC, id', [[3], [1], [2]]);
  });

  it('of decimals: the exact quotient truncated (BigDecimal.divideToIntegralValue), as a BIGINT', async () => {
    // d2: 9007199254740993.50, -2.50, 1234…56.78 (38 digits); -2.50 DIV 0.3 = -8 (-8.33…).
    await expectRows('SELECT d2 DIV 2 AS a, d2 DIV 0.3 AS b, n DIV 2.5 AS c FROM t WHERE id < 3 ORDER BY id', [[int(((TWO_53 + 1n) * 100n + 50n) / 200n), int(((TWO_53 + 1n) * 100n + 50n) / 30n), 2], [-1, -8, -1]]);
    await expectRows('SELECT d0 DIV 12345 AS a FROM t WHERE id = 2', [[1]]);
  });

  it('by zero, or past 64 bits, is an error at its place (Spark ANSI: DIVIDE_BY_ZERO, ARITHMETIC_OVERFLOW)', async () => {
    await expectError('SELECT 1 DIV n AS a FROM t WHERE id = 5', 'DataInvalid', '1 DIV n');
    await expectError('SELECT d2 DIV 0.0 AS a FROM t WHERE id = 1', 'DataInvalid', 'd2 DIV 0.0');
    await expectError('SELECT big DIV -1 AS a FROM t WHERE id = 4', 'DataInvalid', 'big DIV -1');
    await expectError('SELECT d2 DIV 1 AS a FROM t WHERE id = 3', 'DataInvalid', 'd2 DIV 1');
    const e = await runSql(storage, { query: 'SELECT 1 DIV n AS a FROM t WHERE id = 5', tables: TABLES }).catch((x: unknown) => x);
    expect(String((e as Error).message)).toContain('1 DIV n: division by zero');
  });

  it('of a DOUBLE or a string is refused (Unsupported), and a column named div is still a name', async () => {
    await expectError('SELECT x DIV 2 AS a FROM t', 'Unsupported', 'x DIV 2');
    await expectError("SELECT '7' DIV 2 AS a FROM t", 'Unsupported', "'7' DIV 2");
    // `n div` is n AS div.
    for (const executor of EXECUTORS) {
      const r = await runSql(storage, { query: 'SELECT n div FROM t WHERE id = 1', tables: TABLES }, { executor });
      expect([r.columns.map((c) => c.name), r.rows], executor).toEqual([['div'], [[7]]]);
    }
  });
});
