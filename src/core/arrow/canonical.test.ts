import { createHash } from 'node:crypto';
import {
  Binary, Bool, DateDay, Dictionary, IntervalDayTime, Decimal, Field, Float32, Int32, Int64, List, makeData, makeVector, Map_, Struct, TimestampNanosecond,
  TimeUnit, Timestamp, Utf8, vectorFromArray, type Data, type DataType,
} from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { isLakeError } from '../errors.ts';
import { canonicalRows, canonicalRowsText, rowsSha256, sortCanonicalRows } from './canonical.ts';
import { batchFromColumns } from './columns.ts';

const col = (name: string, type: DataType, values: unknown[]) => ({ field: new Field(name, type, true), data: vectorFromArray(values, type).data[0]! });

function batch(cols: { field: Field; data: Data }[]) {
  return batchFromColumns(cols.map((c) => c.field), cols.map((c) => c.data), cols[0]!.data.length);
}

describe('canonicalRows', () => {
  it('applies every scalar rule and keeps nulls', () => {
    const decimalType = new Decimal(2, 10, 128);
    // -500 and 999 as 128-bit two's complement little-endian words; a null in the middle.
    const words = new Uint32Array([0xfffffe0c, 0xffffffff, 0xffffffff, 0xffffffff, 0, 0, 0, 0, 999, 0, 0, 0]);
    const decimals = makeData({ type: decimalType, length: 3, nullCount: 1, nullBitmap: new Uint8Array([0b101]), data: words });
    const ts = new Timestamp(TimeUnit.NANOSECOND, 'UTC');
    const b = batch([
      col('i', new Int32(), [1, null, -3]),
      col('l', new Int64(), [5276958600260276572n, 42n, -9007199254740993n]),
      col('f', new Float32(), [1.8, 0.1, null]),
      { field: new Field('d', decimalType), data: decimals },
      col('day', new DateDay(), [new Date(Date.UTC(2022, 0, 1)), null, new Date(Date.UTC(1969, 11, 31))]),
      { field: new Field('ts', ts), data: makeData({ type: ts, length: 3, data: new BigInt64Array([-1n, 1230422400000123456n, 0n]) }) },
      col('s', new Utf8(), ['héllo', '', null]),
      col('bin', new Binary(), [new Uint8Array([0, 255, 16]), null, new Uint8Array()]),
      col('ok', new Bool(), [true, false, null]),
    ]);
    expect(canonicalRows(b)).toEqual([
      { i: 1, l: '5276958600260276572', f: 1.8, d: '-5.00', day: '2022-01-01', ts: '1969-12-31T23:59:59.999999Z', s: 'héllo', bin: '00ff10', ok: true },
      { i: null, l: 42, f: 0.1, d: null, day: null, ts: '2008-12-28T00:00:00.000123Z', s: '', bin: null, ok: false },
      { i: -3, l: '-9007199254740993', f: null, d: '9.99', day: '1969-12-31', ts: '1970-01-01T00:00:00.000000Z', s: null, bin: '', ok: null },
    ]);
  });

  it('structs as objects, lists as arrays, maps as arrays of {key, value}', () => {
    const struct = new Struct([new Field('a', new Int32()), new Field('b', new Utf8())]);
    const list = new List(new Field('item', new Int64(), true));
    const map = new Map_(new Field('entries', new Struct<any>([new Field('key', new Utf8(), false), new Field('value', new Int32(), true)]), false));
    const b = batch([
      col('st', struct, [{ a: 1, b: 'x' }, null, { a: null, b: 'z' }]),
      col('li', list, [[1n, 2n], [], null]),
      col('mp', map, [new Map([['k', 1], ['j', null]]), null, new Map()]),
    ]);
    expect(canonicalRows(b)).toEqual([
      { st: { a: 1, b: 'x' }, li: [1, 2], mp: [{ key: 'k', value: 1 }, { key: 'j', value: null }] },
      { st: null, li: [], mp: null },
      { st: { a: null, b: 'z' }, li: null, mp: [] },
    ]);
  });

  it('uses the requested column order and reads sliced batches at their offset', () => {
    const b = batch([col('a', new Int32(), [1, 2, 3, 4]), col('b', new Bool(), [true, false, true, false]), col('c', new Utf8(), ['w', 'x', 'y', 'z'])]);
    const sliced = b.slice(1, 3);
    expect(canonicalRows(sliced, { columns: ['c', 'a', 'b'] })).toEqual([{ c: 'x', a: 2, b: false }, { c: 'y', a: 3, b: true }]);
    expect(Object.keys(canonicalRows(sliced, { columns: ['c', 'a'] })[0]!)).toEqual(['c', 'a']);
    expect(() => canonicalRows(b, { columns: ['nope'] })).toThrow(/column nope/);
  });

  it('timestamps with a time zone and without are formatted alike', () => {
    const b = batch([col('t', new TimestampNanosecond(), [new Date(Date.UTC(2020, 0, 1, 8))])]);
    expect(canonicalRows(b)).toEqual([{ t: '2020-01-01T08:00:00.000000Z' }]);
  });

  it('option nanos keeps a timestamp column to the nanosecond (nine digits), plain and dictionary-encoded', () => {
    const ns = new Timestamp(TimeUnit.NANOSECOND, 'UTC');
    const us = new Timestamp(TimeUnit.MICROSECOND);
    const values = new BigInt64Array([-1n, 1230422400000123456n, -2240521239998998999n]);
    const dict = new Dictionary(ns, new Int32());
    const dictionary = makeVector(makeData({ type: ns, length: 3, data: values }));
    const b = batch([
      { field: new Field('n', ns), data: makeData({ type: ns, length: 3, data: values }) },
      { field: new Field('u', us), data: makeData({ type: us, length: 3, data: new BigInt64Array([-1n, 0n, 1n]) }) },
      { field: new Field('dn', dict, true), data: makeData({ type: dict, length: 3, nullCount: 1, nullBitmap: new Uint8Array([0b011]), data: new Int32Array([2, 1, 0]), dictionary }) },
    ]);
    expect(canonicalRows(b, { nanos: new Set(['n', 'u', 'dn']) })).toEqual([
      { n: '1969-12-31T23:59:59.999999999Z', u: '1969-12-31T23:59:59.999999000Z', dn: '1899-01-01T00:59:20.001001001Z' },
      { n: '2008-12-28T00:00:00.000123456Z', u: '1970-01-01T00:00:00.000000000Z', dn: '2008-12-28T00:00:00.000123456Z' },
      { n: '1899-01-01T00:59:20.001001001Z', u: '1970-01-01T00:00:00.000001000Z', dn: null },
    ]);
    // Without it: the canonical microseconds, floored.
    expect(canonicalRows(b, { columns: ['n'] })[2]).toEqual({ n: '1899-01-01T00:59:20.001001Z' });
  });
});

describe('canonical text and hash', () => {
  const rows = [{ b: 'é', a: 2 }, { b: 'a', a: 10 }, { b: 'Z', a: 1 }];
  it('sorts by JSON text in UTF-16 code-unit order, compact, keys as given', () => {
    expect(canonicalRowsText(rows)).toBe('[{"b":"Z","a":1},{"b":"a","a":10},{"b":"é","a":2}]');
    expect(sortCanonicalRows(rows).map((r) => r.b)).toEqual(['Z', 'a', 'é']);
  });
  it('rowsSha256 equals an independent SHA-256 of the same text', async () => {
    const expected = createHash('sha256').update(canonicalRowsText(rows), 'utf8').digest('hex');
    expect(await rowsSha256(rows)).toBe(expected);
    expect(await rowsSha256([])).toBe(createHash('sha256').update('[]').digest('hex'));
  });
});

describe('unsupported types', () => {
  it('an interval column has no canonical form: Unsupported, not a guess', () => {
    const type = new IntervalDayTime();
    const data = makeData({ type, length: 1, data: new Int32Array([1, 2]) });
    try {
      canonicalRows(batchFromColumns([new Field('iv', type)], [data], 1));
      expect.unreachable();
    } catch (e) {
      expect(isLakeError(e, 'Unsupported')).toBe(true);
      expect((e as Error).message).toMatch(/^arrow canonical: type/);
    }
  });
});
