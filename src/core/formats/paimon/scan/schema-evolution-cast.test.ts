/**
 * Schema evolution with type changes on real Paimon tables: a fixture copy whose newest snapshot is
 * re-committed against a schema with changed column types (ALTER TABLE … MODIFY COLUMN), so that the
 * old data files are read through Paimon's casts. Expected rows are derived here from the fixture's
 * expected rows by the rule each cast follows (cited in spec/cast.ts), written independently of it.
 */
import { Decimal, Field, Int32, List, Map_, Struct, Utf8, vectorFromArray, type Data, type RecordBatch } from 'apache-arrow';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canonicalAccessor, canonicalRows, canonicalRowsText, type CanonicalRow } from '../../../arrow/index.ts';
import { isLakeError } from '../../../errors.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../../testing/fixtures.ts';
import { copyOf, fixture, removeCopies } from '../commit/fixture-copies.test-support.ts';
import { openPaimonTable } from '../index.ts';
import { parseDataType } from '../spec/data-type.ts';
import { addTextFile, evolve, evolvedCopy } from './evolve-fixture.test-support.ts';
import { evolveColumn } from './schema-evolution-cast.ts';

beforeAll(() => installNodeParquetWasm());
afterEach(removeCopies);

type Row = CanonicalRow;

async function read(root: string, filter?: string): Promise<{ rows: Row[]; skippedFiles: number }> {
  const table = await openPaimonTable(new FsStorage(root, { readOnly: true }));
  const plan = await table.plan({ filter });
  const batches: RecordBatch[] = [];
  for (const t of plan.tasks) for await (const b of table.read(t)) batches.push(b);
  return { rows: canonicalRows(batches, { columns: plan.columns }), skippedFiles: plan.counts.files?.skipped ?? 0 };
}

const text = (rows: readonly Row[]) => canonicalRowsText(rows);
const current = (name: string): Row[] => {
  const e = fixture(name).expected;
  return e.versions.find((v) => v.id === e.current)!.rows as Row[];
};
const mapColumn = (rows: readonly Row[], column: string, f: (v: never) => unknown): Row[] =>
  rows.map((r) => ({ ...r, [column]: r[column] === null ? null : f(r[column] as never) }));

// ---- independent helpers for the expected values ------------------------------------------------

/** A decimal text (with optional exponent) as unscaled digits and scale. */
function decimalOf(s: string): { unscaled: bigint; scale: number } {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(s)!;
  return { unscaled: BigInt(`${m[1]}${m[2]}${m[3] ?? ''}` || '0'), scale: (m[3] ?? '').length - Number(m[4] ?? 0) };
}
/** Rounds half away from zero to `scale` digits; null when more than `precision` digits remain (canonical text). */
function roundHalfUp(s: string, precision: number, scale: number): string | null {
  const { unscaled, scale: from } = decimalOf(s);
  const neg = unscaled < 0n;
  let a = neg ? -unscaled : unscaled;
  if (scale >= from) a *= 10n ** BigInt(scale - from);
  else {
    const d = 10n ** BigInt(from - scale);
    a = a / d + ((a % d) * 2n >= d ? 1n : 0n);
  }
  if (a.toString().length > precision) return null;
  const digits = a.toString().padStart(scale + 1, '0');
  const out = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return neg && a !== 0n ? `-${out}` : out;
}
/** The micros of a canonical timestamp `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
const microsOf = (iso: string) => BigInt(Date.parse(`${iso.slice(0, 19)}Z`)) * 1000n + BigInt(iso.slice(20, 26));
const floorDiv = (a: bigint, b: bigint) => (a % b !== 0n && a < 0n ? a / b - 1n : a / b);
/** Canonical text of epoch milliseconds. */
const canonicalMillis = (ms: bigint) => `${new Date(Number(ms)).toISOString().slice(0, 23)}000Z`;
const dayText = (days: number) => new Date(days * 86_400_000).toISOString().slice(0, 10);
/** The shortest decimal that round-trips in float32 (the canonical form of FLOAT). */
function float32Text(x: number): number {
  const f = Math.fround(x);
  for (let p = 1; p <= 9; p++) if (Math.fround(Number(f.toPrecision(p))) === f) return Number(f.toPrecision(p));
  return f;
}

describe.skipIf(!FIXTURES_PRESENT)('paimon schema evolution: old files read in the new column types', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  const complex = 'append_complex_data';

  it('INT → BIGINT, DATE → TIMESTAMP(6), DECIMAL(23,5) → DECIMAL(25,7), BYTES → STRING', async () => {
    const root = evolvedCopy(complex, { f2: 'BIGINT', f3: 'TIMESTAMP(6)', f5: 'DECIMAL(25, 7)', f6: 'STRING' });
    let want = current(complex);
    want = mapColumn(want, 'f3', (d: string) => `${d}T00:00:00.000000Z`);
    want = mapColumn(want, 'f5', (s: string) => `${s}00`);
    want = mapColumn(want, 'f6', (hex: string) => Buffer.from(hex, 'hex').toString('utf8'));
    expect(text((await read(root)).rows)).toBe(text(want));
  });

  it('TIMESTAMP(9) → TIMESTAMP(3) floors to the millisecond; → TIMESTAMP(0) then cuts the millis toward zero', async () => {
    const ms = mapColumn(current(complex), 'f4', (iso: string) => canonicalMillis(floorDiv(microsOf(iso), 1000n)));
    expect(text((await read(evolvedCopy(complex, { f4: 'TIMESTAMP(3)' }))).rows)).toBe(text(ms));
    // DateTimeUtils.truncate: zeroLastDigits(millis, 3) = (millis / 1000) * 1000 with Java's truncating division.
    const s = mapColumn(current(complex), 'f4', (iso: string) => canonicalMillis((floorDiv(microsOf(iso), 1000n) / 1000n) * 1000n));
    const got = (await read(evolvedCopy(complex, { f4: 'TIMESTAMP(0)' }))).rows;
    expect(text(got)).toBe(text(s));
    expect(got.some((r) => r.f4 === '1899-01-01T00:59:21.000000Z')).toBe(true); // 00:59:20.001 before 1970 rounds up
  });

  it('DECIMAL(23,5) → DECIMAL(20,2) rounds HALF_UP; → DECIMAL(10,1) gives null where the digits do not fit', async () => {
    const cases: [number, number][] = [[20, 2], [10, 1]];
    for (const [p, s] of cases) {
      const want = mapColumn(current(complex), 'f5', (v: string) => roundHalfUp(v, p, s));
      expect(text((await read(evolvedCopy(complex, { f5: `DECIMAL(${p}, ${s})` }))).rows)).toBe(text(want));
    }
  });

  it('DECIMAL → DOUBLE and INT; INT, DATE, DECIMAL, TIMESTAMP(9) → STRING', async () => {
    const dbl = mapColumn(current(complex), 'f5', (v: string) => Number(v));
    expect(text((await read(evolvedCopy(complex, { f5: 'DOUBLE' }))).rows)).toBe(text(dbl));
    // DecimalUtils.castToIntegral rounds down, then (int) keeps the low 32 bits.
    const int = mapColumn(current(complex), 'f5', (v: string) => Number(BigInt.asIntN(32, BigInt(v.split('.')[0]!))));
    expect(text((await read(evolvedCopy(complex, { f5: 'INT' }))).rows)).toBe(text(int));

    const got = (await read(evolvedCopy(complex, { f2: 'STRING', f3: 'STRING', f4: 'STRING', f5: 'STRING' }))).rows;
    let want = mapColumn(current(complex), 'f2', (n: number) => String(n));
    want = mapColumn(want, 'f4', (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 26)}`);
    // TIMESTAMP(9) text keeps 9 fraction digits; the canonical rows hold 6 of them.
    const cut = got.map((r) => ({ ...r, f4: typeof r.f4 === 'string' ? (expect(r.f4).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{9}$/), r.f4.slice(0, 26)) : r.f4 }));
    expect(text(cut)).toBe(text(want));
  });

  it('DOUBLE → FLOAT, DECIMAL(10,2), STRING, INT on a primary-key table (cast before the merge)', async () => {
    const pk = 'pk_mor_pk_table_scan_and_read_mor';
    const expectations: [string, (x: number) => unknown][] = [
      ['FLOAT', float32Text],
      ['DECIMAL(10, 2)', (x) => x.toFixed(2)],
      ['STRING', (x) => (Number.isInteger(x) ? `${x}.0` : String(x))], // Double.toString for 10^-3 ≤ |x| < 10^7
      ['INT', (x) => Math.trunc(x)],
    ];
    for (const [type, f] of expectations) {
      const want = mapColumn(current(pk), 'f3', f);
      expect(text((await read(evolvedCopy(pk, { f3: type }))).rows), type).toBe(text(want));
    }
  });

  it('a table evolved before (renamed and dropped columns, deletion vectors): INT → BIGINT/STRING and STRING → VARCHAR(5)', async () => {
    const dv = 'pk_dv_schema_evolution_pk_table_with_alter_table';
    let want = mapColumn(current(dv), 'c', (n: number) => String(n));
    want = mapColumn(want, 'k', (s: string) => [...s].slice(0, 5).join(''));
    expect(text((await read(evolvedCopy(dv, { a: 'BIGINT', c: 'STRING', k: 'VARCHAR(5)' }))).rows)).toBe(text(want));
  });

  it('STRING → INT, DECIMAL, DATE from a data file the test writes; text Paimon cannot parse fails the read naming it', async () => {
    const texts = ['12', '-7.96', null, '0.25', '+3', '1e2', '-0.05'];
    const root = copyOf(complex);
    await addTextFile(root, 's', texts);
    const sOf = async () => (await read(root)).rows.filter((r) => r.f2 === null).map((r) => r.s);
    const sorted = (xs: unknown[]) => xs.map((x) => JSON.stringify(x)).sort();

    evolve(root, { s: 'DECIMAL(4, 1)' });
    expect(sorted(await sOf())).toEqual(sorted(texts.map((t) => (t === null ? null : roundHalfUp(t, 4, 1)))));
    evolve(root, { s: 'INT' });
    // BinaryStringUtils.toInt: digits before '.', the fraction dropped; an exponent is not a number.
    await expect(read(root)).rejects.toSatisfy((e: unknown) => isLakeError(e, 'DataInvalid') && /column 's'.*'1e2'/.test((e as Error).message)
      && /\.parquet$/.test(String((e as { context?: { file?: string } }).context?.file)));

    const root2 = copyOf(complex);
    const ints = ['12', '-7.9', null, '0.5', '+3'];
    await addTextFile(root2, 's', ints);
    evolve(root2, { s: 'INT' });
    const got = (await read(root2)).rows.filter((r) => r.f2 === null).map((r) => r.s);
    expect(sorted(got)).toEqual(sorted(ints.map((t) => (t === null ? null : Math.trunc(Number(t))))));

    const root3 = copyOf(complex);
    const dates = ['2024-07-05', '2024-7-5', '19909', '2024-02-29 23:59:59', null];
    await addTextFile(root3, 's', dates);
    evolve(root3, { s: 'DATE' });
    const gotDates = (await read(root3)).rows.filter((r) => r.f2 === null).map((r) => r.s);
    const wantDates = dates.map((t) => (t === null ? null : /^\d+$/.test(t) ? dayText(Number(t)) : dayText(Date.UTC(Number(t.slice(0, 4)), Number(t.split('-')[1]) - 1, Number(t.split('-')[2]!.slice(0, 2))) / 86_400_000)));
    expect(sorted(gotDates)).toEqual(sorted(wantDates));
  });

  it('a pair Paimon cannot cast is refused as Unsupported naming both types', async () => {
    const root = evolvedCopy(complex, { f3: 'INT' });
    await expect(read(root)).rejects.toSatisfy((e: unknown) => isLakeError(e, 'Unsupported') && /column 'f3'.*DATE as INT/.test((e as Error).message));
  });
});

describe.skipIf(!FIXTURES_PRESENT)('paimon schema evolution: filters on a cast column', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  const complex = 'append_complex_data';

  it('widened columns keep pruning on their converted stats and return exactly the matching rows', async () => {
    const ints = await read(evolvedCopy(complex, { f2: 'BIGINT' }), 'f2 = 0');
    expect(text(ints.rows)).toBe(text(current(complex).filter((r) => r.f2 === 0)));
    expect(ints.skippedFiles).toBeGreaterThan(0);
    const dates = await read(evolvedCopy(complex, { f3: 'TIMESTAMP(6)' }), "f3 >= '2024-01-01T00:00:00'");
    const want = mapColumn(current(complex).filter((r) => r.f3 !== null && (r.f3 as string) >= '2024-01-01'), 'f3', (d: string) => `${d}T00:00:00.000000Z`);
    expect(text(dates.rows)).toBe(text(want));
    expect(dates.skippedFiles).toBeGreaterThan(0);
  });

  it('casts that can make nulls or reorder values never skip a file on old stats', async () => {
    // DECIMAL(23,5) → DECIMAL(10,1): too-large values become null, so old null counts (0) must not prune `is null`.
    const nulls = await read(evolvedCopy(complex, { f5: 'DECIMAL(10, 1)' }), 'f5 is null');
    expect(text(nulls.rows)).toBe(text(mapColumn(current(complex), 'f5', (v: string) => roundHalfUp(v, 10, 1)).filter((r) => r.f5 === null)));
    expect(nulls.rows.length).toBeGreaterThan(current(complex).filter((r) => r.f5 === null).length);
    // INT → STRING: old int bounds say nothing about the text order.
    const strs = await read(evolvedCopy(complex, { f2: 'STRING' }), "f2 = '0'");
    expect(text(strs.rows)).toBe(text(mapColumn(current(complex).filter((r) => r.f2 === 0), 'f2', (n: number) => String(n))));
  });
});

describe('paimon schema evolution: nested columns (CastedArray, CastedMap, CastedRow)', () => {
  const values = (d: Data) => Array.from({ length: d.length }, (_, i) => canonicalAccessor(d.type)(d, i));
  const field = (id: number, name: string, type: unknown) => ({ id, name, type });

  it('ARRAY<INT> → ARRAY<BIGINT> and MAP<INT, DECIMAL(5,2)> → MAP<INT, STRING> cast every element', () => {
    const list = vectorFromArray([[1, 2], null, [-3]], new List(new Field('element', new Int32(), true))).data[0]!;
    const out = evolveColumn(list, parseDataType({ type: 'ARRAY<INT>', element: 'INT' }), parseDataType({ type: 'ARRAY<BIGINT>', element: 'BIGINT' }), 'a');
    expect(values(out)).toEqual([[1, 2], null, [-3]]);
    expect(String(out.type)).toContain('Int64');

    const from = parseDataType({ type: 'MAP<INT, DECIMAL(5, 2)>', key: 'INT NOT NULL', value: 'DECIMAL(5, 2)' });
    const to = parseDataType({ type: 'MAP<INT, STRING>', key: 'INT NOT NULL', value: 'STRING' });
    const same = evolveColumn(list, parseDataType({ type: 'ARRAY<INT>', element: 'INT' }), parseDataType({ type: 'ARRAY<INT NOT NULL>', element: 'INT NOT NULL' }), 'a');
    expect(same).toBe(list); // nullability alone: no cast, same buffers
    const kv = new Struct([new Field('key', new Int32(), false), new Field('value', new Decimal(2, 5, 128), true)]);
    const mapData = vectorFromArray([new Map([[1, new Uint32Array([1234, 0, 0, 0])]]), new Map([[2, null]])], new Map_(new Field('entries', kv, false) as never)).data[0]!;
    expect(values(evolveColumn(mapData, from, to, 'm'))).toEqual([[{ key: 1, value: '12.34' }], [{ key: 2, value: null }]]);
  });

  it('ROW: fields matched by id — renamed and reordered fields keep their values, added ones are null', () => {
    const struct = new Struct([new Field('x', new Int32(), true), new Field('y', new Utf8(), true)]);
    const data = vectorFromArray([{ x: 1, y: 'a' }, { x: 2, y: 'b' }], struct).data[0]!;
    const from = parseDataType({ type: 'ROW<x INT, y STRING>', fields: [field(1, 'x', 'INT'), field(2, 'y', 'STRING')] });
    const to = parseDataType({ type: 'ROW<...>', fields: [field(2, 'why', 'STRING'), field(1, 'x', 'BIGINT'), field(3, 'z', 'DOUBLE')] });
    expect(values(evolveColumn(data, from, to, 'r'))).toEqual([{ why: 'a', x: 1, z: null }, { why: 'b', x: 2, z: null }]);
  });
});
