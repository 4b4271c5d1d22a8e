/**
 * Typed columns of the fixtures (issue 16): every decimal, date and timestamp column of every fixture's
 * current version, on both executors — MIN/MAX, ORDER BY, a comparison with a literal written in another
 * form than the canonical text (decimal without trailing zeros, timestamp with a space and no fraction),
 * and the exact SUM of decimals. The answers come from fixtures/expected rows, not from the engine.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures, type FixtureFormat } from '../../../testing/fixtures.ts';
import { openTable } from '../open-table.ts';
import { runSql } from './run-sql.ts';
import { canonicalSqlValue } from './sql-values.ts';

type Kind = 'decimal' | 'date' | 'timestamp';
const KINDS: [Kind, RegExp][] = [['decimal', /^-?\d+\.\d+$/], ['timestamp', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/], ['date', /^\d{4}-\d\d-\d\d$/]];

/** The column's kind when every non-null value has the canonical form of one (fixtures/expected/README.md). */
function kindOf(values: readonly unknown[]): Kind | undefined {
  const s = values.filter((v) => v !== null);
  if (s.length === 0 || !s.every((v) => typeof v === 'string')) return undefined;
  return KINDS.find(([, re]) => s.every((v) => re.test(v as string)))?.[0];
}

/** Decimal text as an unscaled bigint (a column's values share one scale). */
const unscaled = (v: string) => BigInt(v.replace('.', ''));
/** Order of two canonical values of a kind: decimals by value; dates and timestamps are fixed-width text. */
const order = (k: Kind) => (a: string, b: string) => (k === 'decimal' ? (unscaled(a) < unscaled(b) ? -1 : unscaled(a) > unscaled(b) ? 1 : 0) : a < b ? -1 : a > b ? 1 : 0);

/** The same value as a literal in another form than the canonical text. */
function literal(k: Kind, v: string): string {
  if (k === 'decimal') return v.replace(/0+$/, '').replace(/\.$/, '');
  if (k === 'date') return `'${v} 00:00:00'`;
  const frac = v.slice(20, 26);
  return `'${v.slice(0, 10)} ${v.slice(11, 19)}${frac === '000000' ? '' : `.${frac.replace(/0+$/, '')}`}'`;
}

beforeAll(() => installNodeParquetWasm());

describe.skipIf(!FIXTURES_PRESENT)('typed columns of the fixtures, answers from fixtures/expected', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  const storage = new FsStorage(FIXTURES_DIR, { readOnly: true });
  for (const format of ['iceberg', 'paimon', 'delta', 'hudi'] as FixtureFormat[]) {
    for (const f of listFixtures(format)) {
      const current = f.expected.versions.find((v) => v.id === f.expected.current);
      const rows = current?.rows as Record<string, unknown>[] | undefined;
      if (!rows || rows.length === 0) continue;
      const typed = f.expected.columns.map((c) => ({ c, k: kindOf(rows.map((r) => r[c] ?? null)) })).filter((x): x is { c: string; k: Kind } => x.k !== undefined);
      if (typed.length === 0) continue;
      it(`${f.name}: ${typed.map((x) => `${x.c} (${x.k})`).join(', ')}`, async () => {
        const tables = [{ name: 't', root: `${f.root.slice(FIXTURES_DIR.length + 1)}/`, format }];
        // Expected rows truncate sub-microsecond digits: a nanosecond column's literal comparisons have no answer there.
        const schema = (await (await openTable(storage, tables[0]!.root, format)).schemas()).find((x) => x.isCurrent);
        const nanos = new Set(schema?.columns.filter((x) => /\(9\)|_ns|nanos/i.test(x.type)).map((x) => x.name));
        for (const { c, k } of typed) {
          const q = `"${c}"`;
          const values = rows.map((r) => r[c]).filter((v): v is string => typeof v === 'string').sort(order(k));
          const pivot = values[Math.floor(values.length / 2)]!;
          const above = values.filter((v) => order(k)(v, pivot) > 0).length;
          const equal = values.filter((v) => order(k)(v, pivot) === 0).length;
          for (const executor of ['columnar', 'squirreling'] as const) {
            const run = async (query: string) => (await runSql(storage, { query, tables }, { executor })).rows;
            const where = `${f.name} ${c} ${executor}`;
            // A nanosecond column's values keep nine digits in SQL; the expected rows floor them to microseconds.
            const us = (rows: readonly (readonly unknown[])[]) => (nanos.has(c) ? rows.map((r) => r.map(canonicalSqlValue)) : rows);
            expect(us(await run(`SELECT min(${q}) AS lo, max(${q}) AS hi FROM t`)), where).toEqual([[values[0], values[values.length - 1]]]);
            expect(us(await run(`SELECT ${q} FROM t WHERE ${q} IS NOT NULL ORDER BY ${q} DESC`)).map((r) => r[0]), where).toEqual([...values].reverse());
            if (!nanos.has(c)) expect(await run(`SELECT count(*) AS n FROM t WHERE ${q} > ${literal(k, pivot)}`), `${where} > ${literal(k, pivot)}`).toEqual([[above]]);
            if (!nanos.has(c)) expect(await run(`SELECT count(*) AS n FROM t WHERE ${q} = ${literal(k, pivot)}`), `${where} = ${literal(k, pivot)}`).toEqual([[equal]]);
            if (k === 'decimal') {
              const scale = pivot.length - pivot.indexOf('.') - 1;
              const sum = values.reduce((a, v) => a + unscaled(v), 0n);
              const neg = sum < 0n;
              const digits = (neg ? -sum : sum).toString().padStart(scale + 1, '0');
              const magnitude = values.reduce((a, v) => a + (unscaled(v) < 0n ? -unscaled(v) : unscaled(v)), 0n);
              const sumQuery = `SELECT sum(${q}) AS s FROM t`;
              // squirreling adds doubles: past 2^53 in magnitude the fallback refuses instead of rounding.
              if (executor === 'squirreling' && magnitude >= 2n ** 53n) await expect(run(sumQuery), where).rejects.toMatchObject({ code: 'Unsupported' });
              else expect(await run(sumQuery), where).toEqual([[`${neg ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`]]);
            }
          }
        }
      }, 60_000);
    }
  }
});
