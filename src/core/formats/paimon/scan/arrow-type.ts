/**
 * Paimon types as Arrow types, chosen to match what Paimon's Parquet writer stores (paimon-format
 * `ParquetSchemaConverter`) so that most columns pass through without conversion: TIMESTAMP(p ≤ 3)
 * is INT64 millis, p ≤ 6 INT64 micros, p > 6 INT96 (→ Arrow nanoseconds); TIME is INT32 millis;
 * DECIMAL is read as Decimal128; TIMESTAMP WITH LOCAL TIME ZONE is UTC-adjusted.
 *
 * Also: reading internal predicate values out of Arrow data (raw buffers — `Vector.get` would turn
 * timestamps into lossy milliseconds), and adapting the physical layout the Parquet reader produced to
 * these Arrow types (type changes by schema evolution are Paimon's casts, schema-evolution-cast.ts).
 */
import {
  Binary, Bool, Data, DateDay, Decimal, Field, Float32, Float64, Int16, Int32, Int64, Int8, List, Map_, Struct, TimeMillisecond,
  Timestamp, TimeUnit, Type, Utf8, type DataType as ArrowType,
} from 'apache-arrow';
import { LakeError } from '../../../errors.ts';
import type { Value } from '../../../expr/index.ts';
import { utf8Decode } from '../../../util/bytes.ts';
import type { DataField, DataType } from '../spec/data-type.ts';
import { messageError } from '../../../message-error.ts';

/** The Arrow type of a Paimon type. */
export function arrowType(t: DataType): ArrowType {
  switch (t.root) {
    case 'BOOLEAN': return new Bool();
    case 'TINYINT': return new Int8();
    case 'SMALLINT': return new Int16();
    case 'INT': return new Int32();
    case 'BIGINT': return new Int64();
    case 'FLOAT': return new Float32();
    case 'DOUBLE': return new Float64();
    case 'DECIMAL': return new Decimal(t.scale ?? 0, t.precision ?? 10, 128);
    case 'CHAR': case 'VARCHAR': return new Utf8();
    case 'BINARY': case 'VARBINARY': case 'BLOB': case 'VARIANT': return new Binary();
    case 'DATE': return new DateDay();
    case 'TIME': return new TimeMillisecond();
    case 'TIMESTAMP': case 'TIMESTAMP_LTZ': {
      const p = t.precision ?? 6;
      const unit = p <= 3 ? TimeUnit.MILLISECOND : p <= 6 ? TimeUnit.MICROSECOND : TimeUnit.NANOSECOND;
      return new Timestamp(unit, t.root === 'TIMESTAMP_LTZ' ? 'UTC' : null);
    }
    case 'ARRAY': return new List(new Field('element', arrowType(t.element), t.element.nullable));
    case 'MULTISET': return mapType(t.element, { root: 'INT', nullable: false });
    case 'MAP': return mapType(t.key, t.value);
    case 'ROW': return new Struct(t.fields.map(arrowField));
  }
}

function mapType(key: DataType, value: DataType): ArrowType {
  const entries = new Struct([new Field('key', arrowType(key), false), new Field('value', arrowType(value), true)]);
  return new Map_(new Field('entries', entries, false) as never);
}

/** The Arrow field of a Paimon field (name, type, nullability, `PARQUET:field_id`). */
export function arrowField(f: DataField): Field {
  return new Field(f.name, arrowType(f.type), f.type.nullable, new Map([['PARQUET:field_id', String(f.id)]]));
}

/** True when two Arrow types store values identically (time zones and decimal precision aside). */
export function sameLayout(a: ArrowType, b: ArrowType): boolean {
  if (a.typeId !== b.typeId) return false;
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  switch (a.typeId) {
    case Type.Int: return x.bitWidth === y.bitWidth && x.isSigned === y.isSigned;
    case Type.Float: return x.precision === y.precision;
    case Type.Decimal: return x.bitWidth === y.bitWidth && x.scale === y.scale;
    case Type.Date: case Type.Time: case Type.Timestamp: return x.unit === y.unit && (a.typeId !== Type.Time || x.bitWidth === y.bitWidth);
    case Type.FixedSizeBinary: return x.byteWidth === y.byteWidth;
    default: return true;
  }
}

/**
 * Data of `target` type from file data: the same buffers re-typed when the layouts agree (or for nested
 * types, kept as the file wrote them), else a value-by-value widening cast (INT → BIGINT, FLOAT →
 * DOUBLE, integer → DOUBLE, timestamp unit changes, decimal scale-up). Anything else → Unsupported.
 */
export function castData(d: Data, target: ArrowType, column: string): Data {
  if (isNested(target) || isNested(d.type)) return d;
  if (sameLayout(d.type, target)) return d.type === target ? d : d.clone(target);
  const values = valueReader(d.type, column);
  const n = d.length;
  const validity = d.nullCount > 0 ? copyValidity(d) : undefined;
  const out = writerFor(target, column, d.type);
  const buffer = out.alloc(n);
  for (let i = 0; i < n; i++) if (d.getValid(i)) out.set(buffer, i, values(d, i));
  return new Data(target, 0, n, d.nullCount, [undefined, buffer, validity, undefined] as never);
}

function isNested(t: ArrowType): boolean {
  return t.typeId === Type.List || t.typeId === Type.Map || t.typeId === Type.Struct || t.typeId === Type.LargeList || t.typeId === Type.FixedSizeList;
}

function copyValidity(d: Data): Uint8Array {
  const out = new Uint8Array((d.length + 7) >> 3);
  for (let i = 0; i < d.length; i++) if (d.getValid(i)) out[i >> 3]! |= 1 << (i & 7);
  return out;
}

/** Numeric view of a primitive column for casting: number for narrow ints/floats, bigint for 64-bit and decimals (scaled to their own scale). */
function valueReader(t: ArrowType, column: string): (d: Data, i: number) => number | bigint {
  switch (t.typeId) {
    case Type.Int: case Type.Float: case Type.Date: case Type.Time: return (d, i) => (d.values as Int32Array | BigInt64Array | Float64Array)[i]!;
    case Type.Timestamp: return (d, i) => (d.values as BigInt64Array)[i]!;
    case Type.Decimal: return (d, i) => decimalAt(d.values as Uint32Array, i, (t as Decimal).bitWidth / 32);
    default: throw cannotCast(column, t, undefined);
  }
}

interface Writer {
  alloc(n: number): ArrayLike<unknown> & { [i: number]: unknown };
  set(buffer: ArrayLike<unknown> & { [i: number]: unknown }, i: number, v: number | bigint): void;
}

function writerFor(target: ArrowType, column: string, from: ArrowType): Writer {
  const fromScale = from.typeId === Type.Decimal ? (from as Decimal).scale : 0;
  switch (target.typeId) {
    case Type.Int: {
      const t = target as Int64;
      if (t.bitWidth === 64) return { alloc: (n) => new BigInt64Array(n), set: (b, i, v) => { b[i] = BigInt(v); } };
      const Ctor = t.bitWidth === 8 ? Int8Array : t.bitWidth === 16 ? Int16Array : Int32Array;
      return { alloc: (n) => new Ctor(n), set: (b, i, v) => { b[i] = Number(v); } };
    }
    case Type.Float: {
      const single = (target as Float32).precision === 1;
      const toNumber = (v: number | bigint) => (typeof v === 'bigint' && fromScale > 0 ? Number(v) / 10 ** fromScale : Number(v));
      return { alloc: (n) => (single ? new Float32Array(n) : new Float64Array(n)), set: (b, i, v) => { b[i] = toNumber(v); } };
    }
    case Type.Timestamp: {
      if (from.typeId !== Type.Timestamp) throw cannotCast(column, from, target);
      const shift = BigInt(10 ** (3 * ((target as Timestamp).unit - (from as Timestamp).unit)));
      const up = (target as Timestamp).unit >= (from as Timestamp).unit;
      return {
        alloc: (n) => new BigInt64Array(n),
        set: (b, i, v) => { b[i] = up ? BigInt(v) * shift : floorDiv(BigInt(v), BigInt(10 ** (3 * ((from as Timestamp).unit - (target as Timestamp).unit)))); },
      };
    }
    case Type.Date: {
      // Date64 (ms) → Date32 (days).
      if (from.typeId !== Type.Date) throw cannotCast(column, from, target);
      return { alloc: (n) => new Int32Array(n), set: (b, i, v) => { b[i] = typeof v === 'bigint' ? Number(floorDiv(v, 86_400_000n)) : Math.floor(Number(v) / 86_400_000); } };
    }
    case Type.Time: {
      // Any time unit → milliseconds of the day (Paimon TIME is stored as INT32 millis).
      if (from.typeId !== Type.Time) throw cannotCast(column, from, target);
      const unit = (from as unknown as { unit: number }).unit;
      return { alloc: (n) => new Int32Array(n), set: (b, i, v) => { b[i] = Number(floorDiv(BigInt(v) * 1000n, BigInt(10 ** (3 * unit)))); } };
    }
    case Type.Decimal: {
      const t = target as Decimal;
      if (from.typeId === Type.Float) throw cannotCast(column, from, target);
      if (t.scale < fromScale) throw cannotCast(column, from, target);
      const factor = 10n ** BigInt(t.scale - fromScale);
      const words = t.bitWidth / 32;
      return {
        alloc: (n) => new Uint32Array(n * words),
        set: (b, i, v) => {
          let x = BigInt.asUintN(words * 32, BigInt(v) * factor);
          for (let w = 0; w < words; w++, x >>= 32n) b[i * words + w] = Number(x & 0xffffffffn);
        },
      };
    }
    default: throw cannotCast(column, from, target);
  }
}

function cannotCast(column: string, from: ArrowType, to: ArrowType | undefined): LakeError {
  return messageError('Unsupported', 'error.paimon.cannotConvert', { column, from: String(from), ...(to ? { to: String(to) } : {}) }, { column });
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}

function decimalAt(values: Uint32Array, i: number, words: number): bigint {
  let v = 0n;
  for (let w = words - 1; w >= 0; w--) v = (v << 32n) | BigInt(values[i * words + w]!);
  return BigInt.asIntN(words * 32, v);
}

/**
 * A reader of internal predicate values (see spec/data-type.ts) from Arrow data of the Paimon type `t`
 * (as produced by {@link castData}); undefined for nested types, which predicates do not compare.
 */
export function internalValueReader(t: DataType, arrow: ArrowType): ((d: Data, i: number) => Value | null) | undefined {
  const read = ((): ((d: Data, i: number) => Value) | undefined => {
    switch (t.root) {
      case 'BOOLEAN': return (d, i) => ((d.values as Uint8Array)[(d.offset + i) >> 3]! & (1 << ((d.offset + i) & 7))) !== 0;
      case 'TINYINT': case 'SMALLINT': case 'INT': case 'DATE': case 'FLOAT': case 'DOUBLE':
        return (d, i) => Number((d.values as Int32Array)[i]!);
      case 'BIGINT': return (d, i) => BigInt((d.values as BigInt64Array)[i]!);
      case 'DECIMAL': return (d, i) => decimalAt(d.values as Uint32Array, i, 4);
      case 'CHAR': case 'VARCHAR': return (d, i) => utf8Decode(bytesAt(d, i));
      case 'BINARY': case 'VARBINARY': return (d, i) => bytesAt(d, i);
      case 'TIME': return (d, i) => BigInt((d.values as Int32Array)[i]!) * 1000n;
      case 'TIMESTAMP': case 'TIMESTAMP_LTZ': {
        // Arrow unit (0 s … 3 ns) → internal unit (µs, or ns for precision > 6).
        const unit = (arrow as Timestamp).unit;
        const target = (t.precision ?? 6) > 6 ? 3 : 2;
        return (d, i) => {
          const v = BigInt((d.values as BigInt64Array)[i]!);
          return unit <= target ? v * BigInt(10 ** (3 * (target - unit))) : floorDiv(v, BigInt(10 ** (3 * (unit - target))));
        };
      }
      default: return undefined;
    }
  })();
  return read && ((d, i) => (d.getValid(i) ? read(d, i) : null));
}

function bytesAt(d: Data, i: number): Uint8Array {
  const o = d.valueOffsets as Int32Array | BigInt64Array;
  return (d.values as Uint8Array).subarray(Number(o[i]!), Number(o[i + 1]!));
}
