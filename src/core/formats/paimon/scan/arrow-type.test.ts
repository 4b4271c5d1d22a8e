/**
 * Arrow types of Paimon types, the widening casts schema evolution needs, and reading internal
 * predicate values from Arrow buffers (exact for 64-bit values and nanosecond timestamps).
 */
import { DateMillisecond, TimeMicrosecond, TimeMillisecond, Data, Float32, Int32, Int64, makeData, TimestampMillisecond, Timestamp, TimeUnit, Decimal, Utf8, DateDay, Type } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { canonicalAccessor } from '../../../arrow/index.ts';
import { parseAtomicType, parseDataType } from '../spec/data-type.ts';
import { arrowType, castData, internalValueReader, sameLayout } from './arrow-type.ts';

const all = (d: Data) => Array.from({ length: d.length }, (_, i) => canonicalAccessor(d.type)(d, i));

describe('paimon arrow types', () => {
  it('maps Paimon types to the Arrow types Paimon\'s Parquet files decode to', () => {
    expect(String(arrowType(parseAtomicType('TIMESTAMP(3)')))).toBe(String(new TimestampMillisecond()));
    expect((arrowType(parseAtomicType('TIMESTAMP(6)')) as Timestamp).unit).toBe(TimeUnit.MICROSECOND);
    expect((arrowType(parseAtomicType('TIMESTAMP(9) WITH LOCAL TIME ZONE')) as Timestamp)).toMatchObject({ unit: TimeUnit.NANOSECOND, timezone: 'UTC' });
    expect(arrowType(parseAtomicType('DECIMAL(23, 5)'))).toMatchObject({ scale: 5, precision: 23, bitWidth: 128 });
    expect(arrowType(parseAtomicType('DATE')).typeId).toBe(Type.Date);
    const nested = arrowType(parseDataType({ type: 'MAP<STRING, ARRAY<INT>>', key: 'STRING NOT NULL', value: { type: 'ARRAY<INT>', element: 'INT' } }));
    expect(nested.typeId).toBe(Type.Map);
    expect(sameLayout(new Timestamp(TimeUnit.NANOSECOND, null), new Timestamp(TimeUnit.NANOSECOND, 'UTC'))).toBe(true);
    expect(sameLayout(new Int32(), new Int64())).toBe(false);
  });

  it('widens INT to BIGINT, FLOAT to DOUBLE, timestamp units and decimal scales, keeping nulls', () => {
    const ints = makeData({ type: new Int32(), length: 3, nullCount: 1, nullBitmap: new Uint8Array([0b101]), data: new Int32Array([7, 0, -9]) });
    expect(all(castData(ints, new Int64(), 'c'))).toEqual([7, null, -9]);
    const floats = makeData({ type: new Float32(), length: 1, data: new Float32Array([1.5]) });
    expect(all(castData(floats, arrowType(parseAtomicType('DOUBLE')), 'c'))).toEqual([1.5]);
    const ms = makeData({ type: new TimestampMillisecond(), length: 1, data: new BigInt64Array([-1n]) });
    expect(all(castData(ms, new Timestamp(TimeUnit.MICROSECOND, null), 'c'))).toEqual(['1969-12-31T23:59:59.999000Z']);
    const dec = makeData({ type: new Decimal(2, 10, 128), length: 1, data: new Uint32Array([0xfffffff6, 0xffffffff, 0xffffffff, 0xffffffff]) });
    expect(all(castData(dec, new Decimal(4, 12, 128), 'c'))).toEqual(['-0.1000']);
    const micros = makeData({ type: new TimeMicrosecond(), length: 1, data: new BigInt64Array([3_600_123_456n]) });
    expect(all(castData(micros, new TimeMillisecond(), 'c'))).toEqual(['01:00:00.123000']);
    const dateMs = makeData({ type: new DateMillisecond(), length: 1, data: new BigInt64Array([-86_400_000n * 2n + 5n]) });
    expect(all(castData(dateMs, new DateDay(), 'c'))).toEqual(['1969-12-30']);
    expect(castData(ints, new Int32(), 'c').values).toBe(ints.values); // same layout: buffers re-used, not copied
  });

  it('refuses casts that would change values, naming the column', () => {
    const strings = makeData({ type: new Utf8(), length: 0, valueOffsets: new Int32Array([0]), data: new Uint8Array() });
    expect(() => castData(strings, new Int64(), 'name')).toThrow(/^paimon read: column 'name' was written as Utf8/);
    const dec = makeData({ type: new Decimal(4, 10, 128), length: 0, data: new Uint32Array() });
    expect(() => castData(dec, new Decimal(2, 10, 128), 'd')).toThrow(/cannot be read as/);
  });

  it('reads exact internal values for predicates', () => {
    const ns = makeData({ type: new Timestamp(TimeUnit.NANOSECOND, null), length: 1, data: new BigInt64Array([-1n]) });
    expect(internalValueReader(parseAtomicType('TIMESTAMP(9)'), ns.type)!(ns, 0)).toBe(-1n);
    expect(internalValueReader(parseAtomicType('TIMESTAMP(6)'), ns.type)!(ns, 0)).toBe(-1n); // floor to µs
    const days = makeData({ type: new DateDay(), length: 1, data: new Int32Array([-3]) });
    expect(internalValueReader(parseAtomicType('DATE'), days.type)!(days, 0)).toBe(-3);
    const big = makeData({ type: new Int64(), length: 1, data: new BigInt64Array([2n ** 62n]) });
    expect(internalValueReader(parseAtomicType('BIGINT'), big.type)!(big, 0)).toBe(2n ** 62n);
    expect(internalValueReader(parseDataType({ type: 'ARRAY<INT>', element: 'INT' }), big.type)).toBeUndefined();
  });
});
