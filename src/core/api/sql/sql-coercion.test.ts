/**
 * Implicit casts and decimal result types that gave a different answer from Spark without an error (issue 16,
 * exactness): a string compared with a number, a string literal against a DECIMAL, CAST to FLOAT, and the
 * types of SUM and AVG of a decimal. We follow Spark 4 in ANSI mode (its default), as the rest of the SQL
 * does (README, "Exact numbers"). Each expected value is worked out here from Spark's rules, cited at the
 * case, on both executors (`auto` runs the columnar one, `squirreling` forces the fallback).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { runSql } from './run-sql.ts';
import type { SqlTableDto } from './sql-contract.ts';

const TWO_53 = 2n ** 53n;
const TEN_18 = 10n ** 18n;
/** 1 + 2^-24 (a tie between the floats 1 and 1 + 2^-23) plus 10^-32: as a decimal(38,32), unscaled. */
const ABOVE_TIE = 100000005960464477539062500000001n;
/** 2^60 + 2^36 + 1: just above the tie between the floats 2^60 and 2^60 + 2^37. */
const LONG_ABOVE_TIE = 2n ** 60n + 2n ** 36n + 1n;
const SIX_E37 = 6n * 10n ** 37n;

// s: string; n: int; d38: decimal(38,18); q: decimal(38,32); g: long; w: decimal(10,2); e: decimal(20,10); big: decimal(38,0).
const ROWS = [
  { id: 1n, s: '7', n: 7, d38: TEN_18 / 10n, q: ABOVE_TIE, g: LONG_ABOVE_TIE, w: 100n, e: 3333333333n, big: SIX_E37 },
  { id: 2n, s: ' 8 ', n: 8, d38: (TWO_53 + 1n) * TEN_18, q: null, g: null, w: 0n, e: null, big: SIX_E37 },
  { id: 3n, s: '9007199254740993', n: null, d38: null, q: null, g: null, w: 0n, e: null, big: null },
  { id: 4n, s: null, n: 9, d38: null, q: null, g: null, w: null, e: null, big: null },
  { id: 5n, s: '-0', n: 0, d38: null, q: null, g: null, w: null, e: null, big: null },
];
/**
 * Text that does not cast to a number: any comparison with a number reaching it is an error (ANSI). The old
 * loose comparison answered silently: '1e1' = 10 and '' = 0 were true, '7.5' = 7 false.
 */
const BAD_ROWS = [{ id: 1n, s: '7.5' }, { id: 2n, s: 'abc' }, { id: 3n, s: '1e1' }, { id: 4n, s: '' }];

const storages = new Map<string, MemoryStorage>();
beforeAll(async () => {
  installNodeParquetWasm();
  const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
  const t = new MemoryStorage('sql coercion');
  await createTable(t, {
    location: 'memory://coercion/t', formatVersion: 2,
    schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 's', 'string'), f(3, 'n', 'int'), f(4, 'd38', 'decimal(38,18)'), f(5, 'q', 'decimal(38,32)'), f(6, 'g', 'long'), f(7, 'w', 'decimal(10,2)'), f(8, 'e', 'decimal(20,10)'), f(9, 'big', 'decimal(38,0)')] },
  });
  await appendRows(t, ROWS.slice(0, 3));
  await appendRows(t, ROWS.slice(3));
  storages.set('t', t);
  const bad = new MemoryStorage('sql coercion, malformed text');
  await createTable(bad, { location: 'memory://coercion/bad', formatVersion: 2, schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 's', 'string')] } });
  await appendRows(bad, BAD_ROWS);
  storages.set('bad', bad);
});

const EXECUTORS = ['auto', 'squirreling'] as const;
type Executor = (typeof EXECUTORS)[number];
const run = (query: string, executor: Executor) => {
  const table = /\bFROM (\w+)/.exec(query)![1]!;
  const tables: SqlTableDto[] = [{ name: table, root: '', format: 'iceberg' }];
  return runSql(storages.get(table)!, { query, tables }, { executor });
};

async function expectRows(query: string, want: unknown[][]): Promise<void> {
  for (const executor of EXECUTORS) expect((await run(query, executor)).rows, `${executor}: ${query}`).toEqual(want);
}

async function expectError(query: string, code: 'DataInvalid' | 'Unsupported', at: string, executors: readonly Executor[] = EXECUTORS): Promise<void> {
  const column = query.indexOf(at) + 1;
  for (const executor of executors) {
    await expect(run(query, executor), `${executor}: ${query}`).rejects.toMatchObject({ code, message: expect.stringContaining(`line 1, column ${column}`) });
  }
}

describe('a string compared with a number (Spark 4 ANSI: AnsiTypeCoercion.findWiderTypeForString)', () => {
  // STRING with an integral type → both cast to BIGINT; with DECIMAL, DOUBLE or FLOAT → DOUBLE. The cast trims
  // blanks (UTF8String.toLong) and fails on anything but an integer for BIGINT (CAST_INVALID_INPUT under ANSI).
  it('casts a string column to BIGINT against an integer: exact, not a double', async () => {
    // '9007199254740993' is the BIGINT 2^53+1, not 2^53 (old: the loose comparison read it as the double 2^53).
    await expectRows('SELECT id FROM t WHERE s = 9007199254740992', []);
    await expectRows('SELECT id FROM t WHERE s > 9007199254740992 ORDER BY id', [[3]]);
    // ' 8 ' is 8 (blanks trimmed), '-0' is 0.
    await expectRows('SELECT id FROM t WHERE s = n ORDER BY id', [[1], [2], [5]]);
    await expectRows('SELECT id FROM t WHERE s < 8 ORDER BY id', [[1], [5]]);
  });

  it('IN casts a string and numbers to their common type (InConversion): BIGINT with integers', async () => {
    await expectRows('SELECT id FROM t WHERE s IN (7, 9007199254740992) ORDER BY id', [[1]]);
    // An INT column among string literals: all BIGINT, so '7' matches 7 (old: no match, '7' is not 7).
    await expectRows("SELECT id FROM t WHERE n IN ('7', 9) ORDER BY id", [[1], [4]]);
    await expectRows("SELECT id FROM t WHERE n = '7'", [[1]]);
  });

  it('a string that does not cast is an error at the string, not NULL or false', async () => {
    // '7.5', '1e1' and '' are no BIGINT (old: [[3]] for `s = 10`, silently).
    await expectError('SELECT id FROM bad WHERE s = 10', 'DataInvalid', 's = 10');
    await expectError('SELECT id FROM bad WHERE id = 3 AND s = 10', 'DataInvalid', 's = 10');
    // 'abc' is no DOUBLE.
    await expectError('SELECT id FROM bad WHERE s < 10.5', 'DataInvalid', 's < 10.5');
    await expectError("SELECT id FROM t WHERE n IN ('7.0', 9)", 'DataInvalid', "'7.0'");
  });
});

describe('a string in arithmetic with a number is cast the same way (AnsiStringPromotionTypeCoercion, every BinaryOperator)', () => {
  it('to BIGINT with an integer, to DOUBLE with a decimal; malformed text is an error', async () => {
    // ' 8 ' + 1 is the BIGINT 9; ' 8 ' + 1.5 the DOUBLE 9.5.
    await expectRows('SELECT s + 1 AS a, s + 1.5 AS b, n - s AS c FROM t WHERE id = 2', [[9, 9.5, 0]]);
    // old: 8.5 (JavaScript's + of the number '7.5'); Spark casts '7.5' to BIGINT and fails (CAST_INVALID_INPUT).
    await expectError("SELECT '7.5' + 1 AS a FROM t WHERE id = 1", 'DataInvalid', "'7.5'");
    await expectError('SELECT s * 2 AS a FROM bad', 'DataInvalid', 's * 2');
  });
});

describe('a string literal against a DECIMAL is compared as DOUBLE (findWiderTypeForString: FractionalType → DOUBLE)', () => {
  it('both sides are cast to DOUBLE', async () => {
    // 0.100000000000000000 and '0.1000000000000000001' are the same double (old: exact, not equal).
    await expectRows("SELECT id FROM t WHERE d38 = '0.1000000000000000001'", [[1]]);
    // decimal 9007199254740993 and '9007199254740992' are both the double 2^53 (old: exact, not equal).
    await expectRows("SELECT id FROM t WHERE d38 = '9007199254740992'", [[2]]);
    await expectRows("SELECT id FROM t WHERE d38 > '9007199254740992'", []);
    await expectRows("SELECT id FROM t WHERE d38 IN ('9007199254740992', 1) ORDER BY id", [[2]]);
    await expectError("SELECT id FROM t WHERE d38 = 'abc'", 'DataInvalid', "'abc'");
  });
});

describe('CAST to FLOAT rounds once, to the nearest float (Java (float) of a BigDecimal or long; Float.parseFloat)', () => {
  it('a decimal, a BIGINT and text just above a tie go to the float above it', async () => {
    // Rounded to a double first, 1 + 2^-24 + 10^-32 is 1 + 2^-24, a tie that goes to 1 (even); the value is nearer 1 + 2^-23.
    for (const executor of EXECUTORS) {
      const [[q, g, text]] = (await run("SELECT CAST(q AS FLOAT) AS a, CAST(g AS FLOAT) AS b, CAST('1.00000005960464477539062500000001' AS FLOAT) AS c FROM t WHERE id = 1", executor)).rows as number[][];
      expect(Math.fround(q!), executor).toBe(1 + 2 ** -23);
      expect(Math.fround(g!), executor).toBe(2 ** 60 + 2 ** 37);
      expect(Math.fround(text!), executor).toBe(1 + 2 ** -23);
    }
  });
});

describe('SUM and AVG of a decimal have Spark\'s result types', () => {
  it('AVG(decimal(10,2)) is decimal(14,6), so AVG * AVG is decimal(29,12) (DecimalPrecision: p1+p2+1, s1+s2)', async () => {
    // AVG(w) = 1.00/3 → 0.333333; 0.333333² = 0.111110888889 exactly at scale 12 (old: typed decimal(38,6), cut to 0.111111).
    await expectRows('SELECT AVG(w) * AVG(w) AS a FROM t', [['0.111110888889']]);
  });

  it('SUM(decimal(20,10)) is decimal(30,10), so SUM * SUM is decimal(38,6) after adjustPrecisionScale', async () => {
    // (30,10) × (30,10) → (61,20); 41 integer digits leave max(38 − 41, min(20, 6)) = 6 fraction digits:
    // 0.3333333333² = 0.11111111108888888889 → 0.111111 (old: typed (20,10) × (20,10) → (41,20) → scale 17).
    await expectRows('SELECT SUM(e) * SUM(e) AS a FROM t', [['0.111111']]);
  });

  it('a SUM past DECIMAL(min(38, p+10), s) is an error (ANSI), not a 39-digit decimal', async () => {
    // 6e37 + 6e37 = 1.2e38 has 39 digits; SUM(decimal(38,0)) is decimal(38,0) (old: '120000…0' silently).
    await expectError('SELECT SUM(big) AS s FROM t', 'DataInvalid', 'SUM(big)', ['auto']);
    // The fallback's sum is exact only below 2^53 and refuses past it (Unsupported) — an error either way.
    await expectError('SELECT SUM(big) AS s FROM t', 'Unsupported', 'SUM(big)', ['squirreling']);
    await expectError('SELECT AVG(big) AS s FROM t', 'DataInvalid', 'AVG(big)', ['auto']);
  });
});

describe('COALESCE, GREATEST, LEAST and CASE mixing strings with numbers (ANSI findWiderCommonType → findWiderTypeForString)', () => {
  // Spark 4 ANSI ("Type coercion: least common type resolution", used by coalesce, greatest, least and CASE):
  // a STRING with an integral type is BIGINT, with a fractional type DOUBLE; the strings are cast (ANSI Cast:
  // blanks trimmed, malformed text CAST_INVALID_INPUT). Old: the string's text was kept, so results ordered as text.
  it('COALESCE(s, 0) is a BIGINT: ordered as a number, exact past 2^53', async () => {
    // NULL → 0, '-0' → 0, '7', ' 8 ' → 8, '9007199254740993' → 2^53+1, a BIGINT past 2^53 given as its decimal text (old: '-0', '0', '7', ' 8 ', '9007…' as text: ' 8 ' first).
    await expectRows('SELECT id, COALESCE(s, 0) AS c FROM t ORDER BY c, id', [[4, 0], [5, 0], [1, 7], [2, 8], [3, '9007199254740993']]);
    await expectRows('SELECT id FROM t WHERE COALESCE(s, n) > 7 ORDER BY id', [[2], [3], [4]]);
  });

  it('GREATEST and LEAST of a string and numbers compare numbers (BIGINT with an INT, DOUBLE with a decimal)', async () => {
    // GREATEST(' 8 ', 10) is 10 (as text ' 8 ' > '10'); LEAST('7', 10) is 7; GREATEST(' 8 ', 1.5) the DOUBLE 8.0.
    await expectRows('SELECT GREATEST(s, 10) AS g, LEAST(s, 10) AS l, GREATEST(s, 1.5) AS d FROM t WHERE id = 2', [[10, 8, 8]]);
    await expectRows('SELECT GREATEST(s, 10) AS g, LEAST(s, 10) AS l FROM t WHERE id = 1', [[10, 7]]);
  });

  it('CASE results of a string and an integer are BIGINTs', async () => {
    // 7 < 10 as numbers ('10' < '7' as text).
    await expectRows('SELECT id, CASE WHEN id = 1 THEN s ELSE 10 END AS c FROM t WHERE id < 3 ORDER BY c, id', [[1, 7], [2, 10]]);
  });

  it('a string, an integer, then a DECIMAL are Spark\'s wider DECIMAL: the strings cast to it, ordered as numbers', async () => {
    // Folded strings first: STRING + INT → BIGINT, BIGINT (decimal(20,0)) + DECIMAL(2,1) → DECIMAL(21,1)
    // (AnsiTypeCoercion.findWiderCommonType, DecimalPrecision.widerDecimalType); each string is cast straight to it
    // (old: the text kept, so ' 8 ' ordered first and '9007199254740993' before '9' as text).
    await expectRows('SELECT id, COALESCE(s, 1, 2.5) AS c FROM t ORDER BY c, id', [[5, '0.0'], [4, '1.0'], [1, '7.0'], [2, '8.0'], [3, '9007199254740993.0']]);
    await expectRows('SELECT id FROM t WHERE COALESCE(s, 1, 2.5) > 7.5 ORDER BY id', [[2], [3]]);
    await expectRows('SELECT GREATEST(s, 1, 2.5) AS g, LEAST(s, 10, 2.5) AS l FROM t WHERE id = 2', [['8.0', '2.5']]);
    await expectRows('SELECT id, CASE WHEN id = 1 THEN s WHEN id = 2 THEN 10 ELSE 2.5 END AS c FROM t WHERE id < 4 ORDER BY c DESC', [[2, '10.0'], [1, '7.0'], [3, '2.5']]);
    // The cast to DECIMAL reads a fraction ('7.5', which a BIGINT would refuse) and rounds half up to the scale.
    await expectRows('SELECT COALESCE(s, 1, 2.5) AS c FROM bad WHERE id = 1', [['7.5']]);
    await expectRows("SELECT COALESCE('7.55', 1, 2.5) AS a, COALESCE('-7.55', n, 2.5) AS b FROM t WHERE id = 1", [['7.6', '-7.6']]);
    await expectError('SELECT COALESCE(s, 1, 2.5) AS c FROM bad WHERE id = 2', 'DataInvalid', 's, 1, 2.5)');
  });

  it('a string that does not cast is an error at the string', async () => {
    await expectError('SELECT COALESCE(s, 0) AS c FROM bad', 'DataInvalid', 's, 0)');
    await expectError('SELECT GREATEST(s, 0.5) AS c FROM bad WHERE id = 2', 'DataInvalid', 's, 0.5)');
  });
});

describe('a set operation of a string and a number column (ANSI WidenSetOperationTypes → findWiderTypeForString)', () => {
  // Each output column is the arms' common type: STRING with an integral type BIGINT, with a fractional one DOUBLE;
  // the string arm is cast (ANSI Cast: malformed text CAST_INVALID_INPUT). Old: squirreling's mix of text and numbers.
  it('a string and an INT column are BIGINTs, ordered and deduplicated as numbers', async () => {
    // s: '7', ' 8 ', '9007199254740993', NULL, '-0'; n: 7, 8, NULL, 9, 0 → UNION: NULL, 0, 7, 8, 9, 2^53+1.
    await expectRows('SELECT s AS v FROM t UNION SELECT n FROM t ORDER BY v', [[null], [0], [7], [8], [9], ['9007199254740993']]);
    await expectRows('SELECT n AS v FROM t WHERE id < 3 INTERSECT SELECT s FROM t ORDER BY v', [[7], [8]]);
  });

  it('a string and a DECIMAL column are DOUBLEs; malformed text is an error', async () => {
    await expectRows('SELECT s AS v FROM t WHERE id = 2 UNION ALL SELECT w FROM t WHERE id = 1 ORDER BY v', [[1], [8]]);
    await expectError('SELECT s AS v FROM bad UNION ALL SELECT id FROM bad', 'DataInvalid', 's AS v');
  });

  it('a string, an INT, then a DECIMAL column are Spark\'s wider DECIMAL, the strings cast straight to it', async () => {
    // Strings first: STRING + INT → BIGINT = decimal(20,0), with w's decimal(10,2) → DECIMAL(22,2) (old: refused, Unsupported).
    // s: '7', ' 8 ', '9007199254740993', NULL, '-0'; n: 7, 8, NULL, 9, 0; w: 1.00, 0.00, 0.00, NULL, NULL.
    await expectRows('SELECT s AS v FROM t UNION SELECT n FROM t UNION SELECT w FROM t ORDER BY v', [[null], ['0.00'], ['1.00'], ['7.00'], ['8.00'], ['9.00'], ['9007199254740993.00']]);
    await expectRows('SELECT v FROM (SELECT s AS v FROM t UNION ALL SELECT n FROM t UNION ALL SELECT w FROM t) q WHERE v > 7.5 ORDER BY v DESC', [['9007199254740993.00'], ['9.00'], ['8.00'], ['8.00']]);
    // A DECIMAL before the INT: STRING + DECIMAL is a DOUBLE, and so is the column.
    await expectRows('SELECT s AS v FROM t WHERE id = 2 UNION ALL SELECT w FROM t WHERE id = 1 UNION ALL SELECT n FROM t WHERE id = 1 ORDER BY v', [[1], [7], [8]]);
  });
});

describe('a set operation of integers and decimals is the wider DECIMAL (WidenSetOperationTypes → DecimalPrecision.widerDecimalType)', () => {
  // INT is decimal(10,0), BIGINT decimal(20,0); the column is decimal(max(p − s) + max(s), max(s)). Old: refused
  // (Unsupported); a widening that kept squirreling's ORDER BY ordered the decimal texts as text ('10.00' < '2.00').
  // n + 2: 9, 10, NULL, 11, 2 (INT); w: 1.00, 0.00, 0.00, NULL, NULL (decimal(10,2)) → decimal(12,2).
  const ASCENDING = [[null], ['0.00'], ['1.00'], ['2.00'], ['9.00'], ['10.00'], ['11.00']];
  it('orders by name and by ordinal as numbers, and deduplicates equal values of two types', async () => {
    await expectRows('SELECT n + 2 AS v FROM t UNION SELECT w FROM t ORDER BY v', ASCENDING);
    await expectRows('SELECT n + 2 AS v FROM t UNION SELECT w FROM t ORDER BY 1', ASCENDING);
    await expectRows('SELECT n + 2 AS v FROM t UNION SELECT w AS v FROM t ORDER BY v DESC', [...ASCENDING.slice(1)].reverse().concat([[null]]));
    // The first arm's column unaliased, at the top: ORDER BY by its name.
    await expectRows('SELECT n FROM t WHERE id < 3 UNION ALL SELECT w FROM t WHERE id = 1 ORDER BY n', [['1.00'], ['7.00'], ['8.00']]);
    await expectRows('SELECT w AS v FROM t WHERE id = 2 INTERSECT SELECT n FROM t ORDER BY 1', [['0.00']]);
  });

  it('a query or CTE around the set operation compares and orders the column as its DECIMAL', async () => {
    await expectRows('SELECT v FROM (SELECT n + 2 AS v FROM t UNION SELECT w FROM t) q WHERE v > 1.5 ORDER BY v', [['2.00'], ['9.00'], ['10.00'], ['11.00']]);
    await expectRows('WITH u AS (SELECT n + 2 AS v FROM t UNION ALL SELECT w FROM t) SELECT v FROM u WHERE v >= 10 ORDER BY v DESC', [['11.00'], ['10.00']]);
    await expectRows('WITH u AS (SELECT n + 2 AS v FROM t UNION ALL SELECT w FROM t) SELECT MAX(v) AS m, COUNT(*) AS c FROM u', [['11.00', 10]]);
  });

  it('a BIGINT with a decimal(20,10) is a decimal(30,10): exact past 2^53', async () => {
    // g = 2^60 + 2^36 + 1, whose neighbour 2^60 + 2^36 is the same double.
    await expectRows('SELECT g AS v FROM t WHERE id = 1 UNION ALL SELECT e FROM t WHERE id = 1 ORDER BY v DESC', [['1152921573326323713.0000000000'], ['0.3333333333']]);
    await expectRows('SELECT v FROM (SELECT g AS v FROM t UNION ALL SELECT e FROM t) q WHERE v = 1152921573326323712', []);
    await expectRows('SELECT v FROM (SELECT g AS v FROM t UNION ALL SELECT e FROM t) q WHERE v = 1152921573326323713', [['1152921573326323713.0000000000']]);
  });

  it('two decimals of different scales take the larger scale', async () => {
    // w + 9: decimal(11,2); e: decimal(20,10) → decimal(20,10).
    await expectRows('SELECT w + 9 AS v FROM t UNION SELECT e FROM t ORDER BY v', [[null], ['0.3333333333'], ['9.0000000000'], ['10.0000000000']]);
  });

  it('refuses it inside a query where the first arm\'s name is a table column of another type', async () => {
    // The outer `n` would be typed as the table's INT column n, and ordered as text.
    await expectError('SELECT n FROM (SELECT n FROM t UNION SELECT w FROM t) q ORDER BY n', 'Unsupported', 'SELECT n FROM t UNION');
  });
});
