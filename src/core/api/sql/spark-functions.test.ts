/**
 * Spark 4's string functions and ROUND (spark-strings.ts, spark-round.ts, spark-functions.ts), unit by unit
 * against the examples of Spark's function reference (spark.apache.org/docs/latest/api/sql) and by hand from
 * UTF8String's rules, then through runSql on the columnar executor and on the squirreling fallback (a
 * self-join sends a query there). Before: LENGTH('😀a') 3, SUBSTRING by UTF-16 units, POSITION's arguments
 * swapped, TRIM of tabs, REPLACE of '' between every character, ROUND(-2.5) -2 and ROUND(1.005, 2) 1.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { isLakeError } from '../../errors.ts';
import { runSql } from './run-sql.ts';
import { sparkRound } from './spark-round.ts';
import { sparkInstr, sparkLeft, sparkLength, sparkLocate, sparkReplace, sparkRight, sparkSubstring, sparkTrim } from './spark-strings.ts';
import type { SqlTableDto } from './sql-contract.ts';

describe('Spark string functions', () => {
  it('answer the reference examples', () => {
    expect(sparkSubstring('Spark SQL', 5)).toBe('k SQL');
    expect(sparkSubstring('Spark SQL', -3)).toBe('SQL');
    expect(sparkSubstring('Spark SQL', 5, 1)).toBe('k');
    expect(sparkLeft('Spark SQL', 3)).toBe('Spa');
    expect(sparkRight('Spark SQL', 3)).toBe('SQL');
    expect(sparkInstr('SparkSQL', 'SQL')).toBe(6);
    expect(sparkLocate('bar', 'foobarbar')).toBe(4);
    expect(sparkLocate('bar', 'foobarbar', 5)).toBe(7);
    expect(sparkLength('Spark SQL ')).toBe(10);
    expect(sparkTrim('    SparkSQL   ')).toBe('SparkSQL');
    expect(sparkReplace('ABCabc', 'abc', 'DEF')).toBe('ABCDEF');
  });

  it('count characters as code points', () => {
    expect(sparkLength('😀a')).toBe(2);
    expect(sparkSubstring('😀abc', 2, 2)).toBe('ab');
    expect(sparkSubstring('a😀b', -2)).toBe('😀b');
    expect(sparkLeft('😀abc', 2)).toBe('😀a');
    expect(sparkRight('ab😀', 1)).toBe('😀');
    expect(sparkInstr('😀abc', 'b')).toBe(3);
    expect(sparkLocate('b', '😀b😀b', 3)).toBe(4);
  });

  it('follow UTF8String at the edges', () => {
    expect(sparkSubstring('Spark', 0, 2)).toBe('Sp'); // pos 0 starts at the first character, len counted from it
    expect(sparkSubstring('Spark', -9, 7)).toBe('Spa'); // from 4 before the start, 7 long: the 3 that overlap
    expect(sparkSubstring('Spark', 2, -1)).toBe('');
    expect(sparkLeft('Spark', 0)).toBe('');
    expect(sparkRight('Spark', 9)).toBe('Spark');
    expect(sparkLocate('a', 'banana', 0)).toBe(0);
    expect(sparkLocate('', 'abc', 2)).toBe(1);
    expect(sparkTrim('\t x \u3000')).toBe('\t x \u3000'); // spaces only
    expect(sparkReplace('abc', '', 'x')).toBe('abc');
  });
});

describe('Spark ROUND', () => {
  it('rounds half away from zero on the decimal a double spells', () => {
    expect(sparkRound(2.5, 0)).toBe(3);
    expect(sparkRound(-2.5, 0)).toBe(-3);
    expect(sparkRound(-0.5, 0)).toBe(-1);
    expect(sparkRound(1.005, 2)).toBe(1.01);
    expect(sparkRound(2.675, 2)).toBe(2.68);
    expect(sparkRound(123.456, -1)).toBe(120);
    expect(sparkRound(1e-7, 3)).toBe(0);
    expect(sparkRound(1.5e21, 0)).toBe(1.5e21);
    expect(sparkRound(Number.NaN, 0)).toBeNaN();
  });

  it('keeps integers exact, rounding them only at a negative scale', () => {
    expect(sparkRound(9007199254740993n, 0)).toBe(9007199254740993n);
    expect(sparkRound(9007199254740995n, -1)).toBe(9007199254741000n);
    expect(sparkRound(-25n, -1)).toBe(-30n);
    expect(sparkRound(25, -1)).toBe(30);
  });
});

const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
let storage: MemoryStorage;
beforeAll(async () => {
  installNodeParquetWasm();
  storage = new MemoryStorage('sql spark functions');
  const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
  await createTable(storage, { location: 'memory://sparkfn/t', formatVersion: 2, schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 's', 'string'), f(3, 'x', 'double')] } });
  await appendRows(storage, [
    { id: 1n, s: '😀abc', x: -2.5 },
    { id: 2n, s: '\tpad ', x: 1.005 },
    { id: 3n, s: null, x: null },
  ]);
});

async function both(select: string): Promise<unknown[][]> {
  const fast = await runSql(storage, { query: `SELECT ${select} FROM t ORDER BY id`, tables: TABLES }, { executor: 'columnar' });
  const slow = await runSql(storage, { query: `SELECT ${select.replace(/\b(s|x|id)\b/g, 't.$1')} FROM t JOIN t u ON t.id = u.id ORDER BY t.id`, tables: TABLES });
  expect(slow.executor?.name).toBe('squirreling');
  const rows = (r: typeof fast) => r.rows.map((row) => row.map((v) => (v === null ? null : String(v))));
  expect(rows(slow)).toEqual(rows(fast));
  return rows(fast);
}

describe('Spark functions in SQL, on both executors', () => {
  it('string functions over a column', async () => {
    expect(await both("length(s), substring(s, 2, 2), right(s, 2), instr(s, 'b'), position('a', s), trim(s), replace(s, '', '-')")).toEqual([
      ['4', 'ab', 'bc', '3', '2', '😀abc', '😀abc'],
      ['5', 'pa', 'd ', '0', '3', '\tpad', '\tpad '],
      [null, null, null, null, null, null, null],
    ]);
  });

  it('ROUND of a double and of a 64-bit integer', async () => {
    expect(await both('round(x), round(x, 2), round(id * 25, -1)')).toEqual([['-3', '-2.5', '30'], ['1', '1.01', '50'], [null, null, '80']]);
  });

  it('FLOOR/CEIL a BIGINT of a double or the 64-bit value itself; LN and LOG10 of a value ≤ 0 NULL', async () => {
    expect(await both('floor(x), ceil(x), floor(id * 9007199254740993), ln(x), log10(id * 10)')).toEqual([
      ['-3', '-2', '9007199254740993', null, '1'],
      ['1', '2', '18014398509481986', String(Math.log(1.005)), String(Math.log10(20))],
      [null, null, '27021597764222979', null, String(Math.log10(30))],
    ]);
  });

  it('an argument of the wrong kind is an error at the call', async () => {
    const query = 'SELECT substring(s, 1.5) FROM t';
    const e = await runSql(storage, { query, tables: TABLES }).then(() => undefined, (x: unknown) => x);
    expect(isLakeError(e, 'DataInvalid')).toBe(true);
    expect((e as { context: { column: number } }).context.column).toBe(query.indexOf('substring') + 1);
  });
});
