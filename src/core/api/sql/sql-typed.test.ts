/**
 * Typed columns in SQL (issue 16): decimals, dates, timestamps and longs compare, order, group and sum by
 * value on both executors, never as their canonical text. Answers come from the rows the test writes
 * (unscaled bigints, epoch micros), not from the engine.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { appendRows, createTable } from '../../formats/iceberg/commit/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { runSql } from './run-sql.ts';
import type { SqlTableDto } from './sql-contract.ts';

const TABLES: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
/** Epoch micros of an ISO text with up to 6 fraction digits (Date.parse keeps milliseconds only). */
const US = (iso: string) => { const frac = /\.(\d+)Z$/.exec(iso)?.[1] ?? ''; return BigInt(Date.parse(iso.replace(/\.\d+Z$/, 'Z'))) * 1000n + BigInt(frac.padEnd(6, '0') || '0'); };
const DAY = (iso: string) => Date.parse(iso) / 86_400_000;

type Row = { id: bigint; p: bigint | null; q: bigint | null; ts: bigint | null; tz: bigint | null; day: number | null; big: bigint | null };
// p: decimal(38,2), q: decimal(38,6) — different scales; negative, large, nulls.
const ROWS: Row[] = [
  { id: 1n, p: 1000n, q: 10_500_000n, ts: US('2025-03-01T00:00:00Z'), tz: US('2025-03-01T00:00:00Z'), day: DAY('2025-01-05'), big: 9223372036854775000n },
  { id: 2n, p: 950n, q: -9_500_000n, ts: US('2025-03-01T00:00:00.5Z'), tz: US('2025-02-28T23:59:59.999999Z'), day: DAY('2025-01-10'), big: 9223372036854775001n },
  { id: 3n, p: -1000n, q: 123_456_789_012_345_678_901_234_567n, ts: US('2025-02-28T23:00:00Z'), tz: US('2025-03-01T08:00:00Z'), day: DAY('2025-01-11'), big: -9223372036854775000n },
  { id: 4n, p: -950n, q: 1n, ts: US('2025-03-02T00:00:00Z'), tz: US('2025-03-01T00:00:00.000001Z'), day: DAY('2024-12-31'), big: 9007199254740993n },
  { id: 5n, p: 1050n, q: 10_000_000n, ts: null, tz: null, day: null, big: null },
  { id: 6n, p: null, q: null, ts: US('2025-03-01T00:00:00.000001Z'), tz: US('2025-03-01T00:00:00Z'), day: DAY('2025-01-05'), big: 1n },
  { id: 7n, p: 99_999_999_999_999_999_999_999_999_999_999_999_99n, q: -10_500_000n, ts: US('2024-12-31T23:59:59.999999Z'), tz: US('2025-03-01T07:59:59Z'), day: DAY('2025-01-06'), big: 2n },
  { id: 8n, p: 1050n, q: 10_500_000n, ts: US('2025-03-01T12:00:00Z'), tz: US('2025-03-02T00:00:00Z'), day: DAY('2025-01-10'), big: 3n },
];

async function table(): Promise<MemoryStorage> {
  const storage = new MemoryStorage('sql typed');
  const f = (id: number, name: string, type: string, required = false) => ({ id, name, required, type });
  await createTable(storage, {
    location: 'memory://typed/t', formatVersion: 2,
    schema: { type: 'struct', fields: [f(1, 'id', 'long', true), f(2, 'p', 'decimal(38,2)'), f(3, 'q', 'decimal(38,6)'), f(4, 'ts', 'timestamp'), f(5, 'tz', 'timestamptz'), f(6, 'day', 'date'), f(7, 'big', 'long')] },
  });
  await appendRows(storage, ROWS.slice(0, 4));
  await appendRows(storage, ROWS.slice(4));
  return storage;
}

const ids = (pred: (r: Row) => boolean | undefined) => ROWS.filter((r) => pred(r)).map((r) => Number(r.id)).sort((a, b) => a - b);
const dec = (u: bigint, s: number) => { const neg = u < 0n; const t = (neg ? -u : u).toString().padStart(s + 1, '0'); return `${neg ? '-' : ''}${t.slice(0, -s)}.${t.slice(-s)}`; };
const tsText = (us: bigint) => `${new Date(Number(us / 1000n)).toISOString().slice(0, 19)}.${(us % 1_000_000n).toString().padStart(6, '0')}Z`;

let storage: MemoryStorage;
beforeAll(async () => { installNodeParquetWasm(); storage = await table(); });

const EXECUTORS = ['columnar', 'squirreling'] as const;
async function both(query: string) {
  const out = [];
  for (const executor of EXECUTORS) out.push(await runSql(storage, { query, tables: TABLES }, { executor }));
  return out;
}
async function idsOf(where: string): Promise<number[][]> {
  return (await both(`SELECT id FROM t WHERE ${where} ORDER BY id`)).map((r) => r.rows.map((x) => Number(x[0])));
}

describe('typed columns in SQL', () => {
  it('decimals compare by value, whatever the literal scale or sign', async () => {
    const cases: [string, (r: Row) => boolean | undefined][] = [
      ['p > 9.5', (r) => r.p !== null && r.p > 950n],
      ['p = 10.5', (r) => r.p === 1050n],
      ["p = '10.5'", (r) => r.p === 1050n],
      ['p = 10.500', (r) => r.p === 1050n],
      ['p < -9.5', (r) => r.p !== null && r.p < -950n],
      ['p BETWEEN -10 AND 10', (r) => r.p !== null && r.p >= -1000n && r.p <= 1000n],
      ['p IN (9.50, 10.5)', (r) => r.p === 950n || r.p === 1050n],
      ['q > 10.4999999', (r) => r.q !== null && r.q > 10_499_999n * 10n / 10n && r.q * 10n > 104_999_999n],
      ['p = q', (r) => r.p !== null && r.q !== null && r.p * 10_000n === r.q],
      ['q < 0.000001', (r) => r.q !== null && r.q < 1n],
      ['p > 0.1000000000000000055', (r) => r.p !== null && r.p > 10n],
    ];
    for (const [where, pred] of cases) for (const got of await idsOf(where)) expect(got, where).toEqual(ids(pred));
  });

  it('timestamps and dates compare as instants: fractions, zones, a date literal against a timestamp', async () => {
    const cases: [string, (r: Row) => boolean | undefined][] = [
      ["ts = '2025-03-01T00:00:00Z'", (r) => r.ts === US('2025-03-01T00:00:00Z')],
      ["ts > '2025-03-01 00:00:00'", (r) => r.ts !== null && r.ts > US('2025-03-01T00:00:00Z')],
      ["ts >= '2025-03-01'", (r) => r.ts !== null && r.ts >= US('2025-03-01T00:00:00Z')],
      ["ts < '2025-03-01'", (r) => r.ts !== null && r.ts < US('2025-03-01T00:00:00Z')],
      // A date against a timestamp is its midnight (as SQL casts it), not a text prefix.
      ["ts <= '2025-03-01'", (r) => r.ts !== null && r.ts <= US('2025-03-01T00:00:00Z')],
      ["ts = '2025-03-01'", (r) => r.ts === US('2025-03-01T00:00:00Z')],
      ["day >= '2025-01-06 00:00:00'", (r) => r.day !== null && r.day >= DAY('2025-01-06')],
      ["day = '2025-01-05T00:00:00Z'", (r) => r.day === DAY('2025-01-05')],
      ["tz = '2025-03-01 08:00:00+08:00'", (r) => r.tz === US('2025-03-01T00:00:00Z')],
      ["tz < '2025-03-01T16:00:00+08:00'", (r) => r.tz !== null && r.tz < US('2025-03-01T08:00:00Z')],
      ["day BETWEEN '2025-01-05' AND '2025-01-10'", (r) => r.day !== null && r.day >= DAY('2025-01-05') && r.day <= DAY('2025-01-10')],
      // A string meeting a DATE is cast to DATE, its time part dropped (Spark AnsiTypeCoercion.findWiderTypeForString;
      // Cast stringToDate): '2025-01-06T00:00:00.000001Z' is 2025-01-06, not a microsecond past its midnight.
      ["day < '2025-01-06T00:00:00.000001Z'", (r) => r.day !== null && r.day < DAY('2025-01-06')],
      ["day = '2025-01-06 23:59:59'", (r) => r.day === DAY('2025-01-06')],
      ['big > 9007199254740992', (r) => r.big !== null && r.big > 9007199254740992n],
    ];
    for (const [where, pred] of cases) for (const got of await idsOf(where)) expect(got, where).toEqual(ids(pred));
  });

  it('ORDER BY sorts decimals and timestamps by value, NULLS LAST as asked', async () => {
    const byP = [...ROWS].sort((a, b) => (a.p === null ? 1 : b.p === null ? -1 : a.p < b.p ? 1 : a.p > b.p ? -1 : Number(a.id - b.id))).map((r) => Number(r.id));
    for (const r of await both('SELECT id FROM t ORDER BY p DESC NULLS LAST, id')) expect(r.rows.map((x) => Number(x[0]))).toEqual(byP);
    const byTs = [...ROWS].sort((a, b) => (a.ts === null ? -1 : b.ts === null ? 1 : a.ts < b.ts ? -1 : 1)).map((r) => Number(r.id));
    for (const r of await both('SELECT id FROM t ORDER BY ts')) expect(r.rows.map((x) => Number(x[0]))).toEqual(byTs);
  });

  it('GROUP BY a decimal, MIN/MAX/SUM/AVG exact with the right scale', async () => {
    const vals = ROWS.map((r) => r.p).filter((p): p is bigint => p !== null);
    const groups = [...new Set(vals)].sort((a, b) => (a < b ? -1 : 1)).map((v) => [dec(v, 2), vals.filter((x) => x === v).length]);
    for (const r of await both('SELECT p, count(*) AS n FROM t WHERE p IS NOT NULL GROUP BY p ORDER BY p')) expect(r.rows).toEqual(groups);
    const small = ROWS.filter((r) => r.id !== 7n);
    const sp = small.map((r) => r.p).filter((p): p is bigint => p !== null);
    const sum = sp.reduce((a, b) => a + b, 0n);
    // AVG of decimal(38,2) has scale 6 (Spark: s + 4), rounded half away from zero.
    const avg = (sum * 10_000n * 2n + (sum < 0n ? -1n : 1n) * BigInt(sp.length)) / (2n * BigInt(sp.length));
    const tss = small.map((r) => r.ts).filter((x): x is bigint => x !== null);
    const expected = [dec(sp.reduce((a, b) => (b < a ? b : a)), 2), dec(sp.reduce((a, b) => (b > a ? b : a)), 2), dec(sum, 2), dec(avg, 6),
      tsText(tss.reduce((a, b) => (b < a ? b : a))), tsText(tss.reduce((a, b) => (b > a ? b : a)))];
    for (const r of await both('SELECT min(p) AS lo, max(p) AS hi, sum(p) AS s, avg(p) AS a, min(ts) AS t0, max(ts) AS t1 FROM t WHERE id <> 7')) expect(r.rows[0]).toEqual(expected);
  });

  it('the columnar executor sums longs and large decimals exactly; squirreling refuses what it would round', async () => {
    // (Row 2's 9223372036854775001 would take the sum past 64 bits: an error, checked below.)
    const big = ROWS.filter((r) => r.id !== 2n).map((r) => r.big).filter((x): x is bigint => x !== null).reduce((a, b) => a + b, 0n);
    const p = ROWS.map((r) => r.p).filter((x): x is bigint => x !== null).reduce((a, b) => a + b, 0n);
    const fast = await runSql(storage, { query: 'SELECT sum(big) FILTER (WHERE id <> 2) AS b, sum(p) AS s FROM t', tables: TABLES }, { executor: 'columnar' });
    expect(fast.rows[0]).toEqual([big.toString(), dec(p, 2)]);
    await expect(runSql(storage, { query: 'SELECT sum(big) AS b FROM t', tables: TABLES }, { executor: 'columnar' })).rejects.toMatchObject({ code: 'DataInvalid', message: expect.stringMatching(/out of range for BIGINT.*line 1, column 8/s) });
    for (const q of ['SELECT sum(big) AS b FROM t', 'SELECT sum(p) AS s FROM t', 'SELECT avg(p) AS s FROM t']) {
      await expect(runSql(storage, { query: q, tables: TABLES }, { executor: 'squirreling' }), q).rejects.toMatchObject({ code: 'Unsupported', message: expect.stringMatching(/(SUM|AVG)\((big|p)\).*line 1, column 8/s) });
    }
  });

  it('a join keeps typed comparisons and order exact on squirreling', async () => {
    const r = await runSql(storage, { query: "SELECT a.id FROM t AS a JOIN t AS b ON a.id = b.id WHERE a.p >= '9.5' AND b.ts >= '2025-03-01' ORDER BY a.p, a.id", tables: TABLES });
    expect(r.executor?.name).toBe('squirreling');
    const want = ROWS.filter((x) => x.p !== null && x.p >= 950n && x.ts !== null && x.ts >= US('2025-03-01T00:00:00Z'))
      .sort((a, b) => (a.p! < b.p! ? -1 : a.p! > b.p! ? 1 : Number(a.id - b.id))).map((x) => Number(x.id));
    expect(r.rows.map((x) => Number(x[0]))).toEqual(want);
  });

  it('window ORDER BY, ORDER BY over a set operation and a CTE alias keep the type on squirreling', async () => {
    const withP = ROWS.filter((r) => r.p !== null);
    const rank = new Map([...withP].sort((a, b) => (a.p! > b.p! ? -1 : a.p! < b.p! ? 1 : Number(a.id - b.id))).map((r, k) => [Number(r.id), k + 1]));
    const w = await runSql(storage, { query: 'SELECT id, row_number() OVER (ORDER BY p DESC, id) AS rn FROM t WHERE p IS NOT NULL ORDER BY id', tables: TABLES });
    expect(w.rows.map((x) => [Number(x[0]), x[1]])).toEqual(withP.map((r) => [Number(r.id), rank.get(Number(r.id))]));
    const byValue = withP.map((r) => r.p!).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((v) => dec(v, 2));
    const u = await runSql(storage, { query: 'SELECT p AS v FROM t WHERE id < 4 AND p IS NOT NULL UNION ALL SELECT p AS v FROM t WHERE id >= 4 AND p IS NOT NULL ORDER BY v', tables: TABLES });
    expect(u.rows.map((x) => x[0])).toEqual(byValue);
    const c = await runSql(storage, { query: 'WITH x AS (SELECT id, p AS price FROM t) SELECT id FROM x WHERE price > 9.5 ORDER BY price, id', tables: TABLES });
    expect(c.executor?.name).toBe('squirreling');
    expect(c.rows.map((x) => Number(x[0]))).toEqual(withP.filter((r) => r.p! > 950n).sort((a, b) => (a.p! < b.p! ? -1 : a.p! > b.p! ? 1 : Number(a.id - b.id))).map((r) => Number(r.id)));
  });

  it('a literal the typed column does not take is an error pointing at it, on both executors', async () => {
    for (const executor of EXECUTORS) {
      await expect(runSql(storage, { query: "SELECT id FROM t WHERE p = 'abc'", tables: TABLES }, { executor }), executor)
        // (A string against a DECIMAL is cast to DOUBLE, Spark ANSI: 'abc' is CAST_INVALID_INPUT at the literal.)
        .rejects.toMatchObject({ code: 'DataInvalid', context: { column: 28 } });
    }
  });
});

describe('date texts as Spark 4 reads them (SparkDateTimeUtils.stringToDate / stringToTimestamp)', () => {
  // Month, day (and hour, minute, second) of one or two digits; a DATE text may be a year alone or a year and
  // month, and anything after a blank or `T` is dropped. Old: '2024-1-2' was "not a date value" (DataInvalid)
  // and `DATE '…'` was not parsed.
  const DAYS = (from: string, to: string) => ids((r) => r.day !== null && r.day >= DAY(from) && r.day <= DAY(to));
  it('compares a date column with one-digit months and days, in comparisons, IN and BETWEEN', async () => {
    for (const got of await idsOf("day = '2025-1-5'")) expect(got).toEqual(DAYS('2025-01-05', '2025-01-05'));
    for (const got of await idsOf("day BETWEEN '2025-1-6' AND '2025-1-10 23:00'")) expect(got).toEqual(DAYS('2025-01-06', '2025-01-10'));
    for (const got of await idsOf("day IN ('2024-12-31', '2025-1-11')")) expect(got).toEqual(ids((r) => r.day === DAY('2024-12-31') || r.day === DAY('2025-01-11')));
    // '2025' is 2025-01-01 and '2025-1' the same day (year and month alone).
    for (const got of await idsOf("day < '2025'")) expect(got).toEqual(DAYS('1970-01-01', '2024-12-31'));
    for (const got of await idsOf("day >= '2025-1'")) expect(got).toEqual(DAYS('2025-01-01', '2025-12-31'));
  });

  it('reads DATE literals, one-digit fields included, as dates', async () => {
    for (const got of await idsOf("day = DATE '2025-1-5'")) expect(got).toEqual(DAYS('2025-01-05', '2025-01-05'));
    for (const got of await idsOf("day > DATE '2025-01-10'")) expect(got).toEqual(DAYS('2025-01-11', '2025-12-31'));
    for (const r of await both("SELECT DATE '2024-2-28' + INTERVAL 1 DAY AS d FROM t WHERE id = 1")) expect(r.rows).toEqual([['2024-02-29']]);
  });

  it('compares a timestamp with a one-digit text as its instant', async () => {
    for (const got of await idsOf("ts >= '2025-3-1 0:0:0.5'")) expect(got).toEqual(ids((r) => r.ts !== null && r.ts >= US('2025-03-01T00:00:00.5Z')));
    for (const got of await idsOf("ts < '2025-3-1'")) expect(got).toEqual(ids((r) => r.ts !== null && r.ts < US('2025-03-01T00:00:00Z')));
  });

  it('refuses what Spark refuses: a month or day out of range, a day the month does not have', async () => {
    for (const executor of EXECUTORS) {
      for (const [query, at] of [["SELECT id FROM t WHERE day = '2025-2-29'", "'2025-2-29'"], ["SELECT id FROM t WHERE day = DATE '2025-13-1'", "'2025-13-1'"], ["SELECT id FROM t WHERE day = '2025-02-30'", "'2025-02-30'"]] as const) {
        await expect(runSql(storage, { query, tables: TABLES }, { executor }), `${executor}: ${query}`)
          .rejects.toMatchObject({ code: 'DataInvalid', message: expect.stringContaining(`line 1, column ${query.indexOf(at) + 1}`) });
      }
    }
  });
});
