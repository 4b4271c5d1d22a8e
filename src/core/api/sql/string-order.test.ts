/**
 * Strings in SQL order by code point, as Spark's UTF-8 binary order (UTF8String.binaryCompare) — not by JS's
 * UTF-16 code units, which put a supplementary character (U+1F600 '😀') below U+E000–U+FFFF (full-width 'Ａ'
 * U+FF21). Checked on both executors for comparisons (as a filter and as a value), BETWEEN, ORDER BY, MIN/MAX,
 * GREATEST/LEAST, a window's ORDER BY, a set operation's ORDER BY and the scan's pushed filter (each string in
 * its own file, so a pruned file would show); the expected order is UTF-8 bytes compared in the test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { runSql } from './run-sql.ts';
import { codePointKey, compareSqlStrings, stringOfKey } from './string-order.ts';
import type { SqlTableDto } from './sql-contract.ts';

const utf8 = new TextEncoder();
/** Spark's order: the strings' UTF-8 bytes, unsigned. */
function byUtf8(a: string, b: string): number {
  const x = utf8.encode(a); const y = utf8.encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/** A seeded generator (mulberry32), so a failure repeats. */
function random(seed: number): () => number {
  let a = seed;
  return () => { a = (a + 0x6d2b79f5) | 0; let t = Math.imul(a ^ (a >>> 15), 1 | a); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}
/** Strings of 0–4 characters from ASCII, U+E000–U+FFFD and the supplementary planes (surrogate pairs). */
function randomString(next: () => number): string {
  const pick = [() => 0x61 + Math.floor(next() * 3), () => 0xe000 + Math.floor(next() * 0x1ffd), () => 0xff21, () => 0x10000 + Math.floor(next() * 0xfffff), () => 0x1f600];
  let s = '';
  for (let n = Math.floor(next() * 5); n > 0; n--) s += String.fromCodePoint(pick[Math.floor(next() * pick.length)]!());
  return s;
}

describe('code-point order of strings', () => {
  it('orders by UTF-8 bytes, and the order key orders so in UTF-16 and turns back', () => {
    const next = random(16);
    for (let i = 0; i < 3000; i++) {
      const a = randomString(next); const b = randomString(next);
      const want = Math.sign(byUtf8(a, b));
      expect(Math.sign(compareSqlStrings(a, b))).toBe(want);
      const ka = codePointKey(a); const kb = codePointKey(b);
      expect(ka < kb ? -1 : ka > kb ? 1 : 0).toBe(want);
      expect(stringOfKey(ka)).toBe(a);
    }
    expect(codePointKey('plain text')).toBe('plain text'); // the fast path: nothing at or above U+D800
  });
});

const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
const VALUES = ['z', 'Ａ', '😀', 'a', '\ue000x', '😀b'];
let storage: MemoryStorage;
beforeAll(async () => {
  installNodeParquetWasm();
  storage = new MemoryStorage('sql string order');
  const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
  await createTable(storage, { location: 'memory://strorder/t', formatVersion: 2, schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 's', 'string')] } });
  // One file per row: a file the pushed filter prunes by its bounds is a row the answer loses.
  for (const [i, s] of [...VALUES, null].entries()) await appendRows(storage, [{ id: BigInt(i + 1), s }]);
});

const EXECUTORS = ['columnar', 'squirreling'] as const;
async function rows(query: string, executor: 'columnar' | 'squirreling' | 'auto'): Promise<unknown[][]> {
  const r = await runSql(storage, { query, tables: TABLES }, { executor });
  if (executor !== 'auto') expect(r.executor?.name).toBe(executor);
  return r.rows.map((row) => row.map((v) => (v === null ? null : typeof v === 'bigint' ? Number(v) : v)));
}
const sorted = [...VALUES].sort(byUtf8);

describe.each(EXECUTORS)('strings in code-point order (%s)', (executor) => {
  it('ORDER BY, ascending and descending', async () => {
    expect((await rows('SELECT s FROM t WHERE s IS NOT NULL ORDER BY s', executor)).flat()).toEqual(sorted);
    expect((await rows('SELECT s FROM t ORDER BY s DESC', executor)).flat()).toEqual([...[...sorted].reverse(), null]);
  });

  it('comparisons and BETWEEN, as a filter and as a value, pushed into the scan alike', async () => {
    expect((await rows("SELECT s FROM t WHERE s > 'Ａ' ORDER BY id", executor)).flat()).toEqual(['😀', '😀b']);
    expect((await rows("SELECT s FROM t WHERE s < '😀' AND s >= 'z' ORDER BY id", executor)).flat()).toEqual(['z', 'Ａ', '\ue000x']);
    expect((await rows("SELECT s FROM t WHERE s BETWEEN '\ue000' AND '😀' ORDER BY id", executor)).flat()).toEqual(['Ａ', '😀', '\ue000x']);
    expect(await rows("SELECT id, s <= 'Ａ', s > 'Ａ' OR id = 1 FROM t ORDER BY id", executor)).toEqual([
      [1, true, true], [2, true, false], [3, false, true], [4, true, false], [5, true, false], [6, false, true], [7, null, null],
    ]);
  });

  it('MIN and MAX, grouped and not', async () => {
    expect(await rows('SELECT min(s), max(s) FROM t', executor)).toEqual([['a', '😀b']]);
    expect(await rows("SELECT id < 4 AS low, max(s) AS m FROM t GROUP BY id < 4 ORDER BY m", executor)).toEqual([[true, '😀'], [false, '😀b']]);
  });

  it('GREATEST and LEAST', async () => {
    expect(await rows("SELECT greatest(s, 'Ａ'), least(s, 'Ａ') FROM t WHERE id <= 3 ORDER BY id", executor)).toEqual([['Ａ', 'z'], ['Ａ', 'Ａ'], ['😀', 'Ａ']]);
  });
});

describe('strings in code-point order on the fallback only', () => {
  it("a window's ORDER BY and a set operation's", async () => {
    expect(await rows('SELECT s, row_number() OVER (ORDER BY s) AS n FROM t WHERE s IS NOT NULL ORDER BY n', 'auto')).toEqual(sorted.map((s, i) => [s, i + 1]));
    expect((await rows('SELECT s FROM t WHERE id <= 3 UNION ALL SELECT s FROM t WHERE id > 3 AND s IS NOT NULL ORDER BY 1', 'auto')).flat()).toEqual(sorted);
    expect((await rows('SELECT s FROM t WHERE id <= 3 UNION SELECT s FROM t WHERE id > 3 AND s IS NOT NULL ORDER BY s DESC', 'auto')).flat()).toEqual([...sorted].reverse());
  });

  it('a join on a range of strings, ordered by both sides (one name, two tables)', async () => {
    const want = sorted.filter((a) => byUtf8(a, 'z') > 0).flatMap((a) => sorted.filter((b) => byUtf8(b, 'Ａ') >= 0 && byUtf8(a, b) < 0).map((b) => [a, b]));
    expect(want.length).toBeGreaterThan(2);
    expect(await rows("SELECT a.s, b.s FROM t a JOIN t b ON a.s < b.s WHERE b.s >= 'Ａ' AND a.s > 'z' ORDER BY a.s, b.s", 'auto')).toEqual(want);
  });
});

describe('seeded random strings on both executors', () => {
  it('sort, compare and pick the extremes as Spark does', async () => {
    const local = new MemoryStorage('sql string order random');
    const f = (id: number, name: string, type: string) => ({ id, name, required: false, type });
    await createTable(local, { location: 'memory://strorder/r', formatVersion: 2, schema: { type: 'struct', fields: [f(1, 'id', 'long'), f(2, 's', 'string')] } });
    const next = random(7);
    const values = Array.from({ length: 80 }, () => randomString(next));
    await appendRows(local, values.map((s, i) => ({ id: BigInt(i), s })));
    const pivot = values[0]!;
    const literal = `'${pivot}'`;
    const tables: SqlTableDto[] = [{ name: 'r', root: '', format: 'iceberg' }];
    for (const executor of EXECUTORS) {
      const q = async (query: string) => (await runSql(local, { query, tables }, { executor })).rows;
      expect((await q('SELECT s FROM r ORDER BY s, id')).flat()).toEqual([...values].sort(byUtf8));
      expect((await q(`SELECT id FROM r WHERE s < ${literal} ORDER BY id`)).flat().map(Number)).toEqual(values.flatMap((s, i) => (byUtf8(s, pivot) < 0 ? [i] : [])));
      const ordered = [...values].sort(byUtf8);
      expect(await q('SELECT min(s), max(s) FROM r')).toEqual([[ordered[0], ordered.at(-1)]]);
    }
  });
});
