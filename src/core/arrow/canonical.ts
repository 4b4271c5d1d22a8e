/**
 * Arrow → the canonical row form of fixtures/expected/README.md: one plain JSON-able object per row,
 * keys in the given column order, integers as numbers below 2^53 (else strings), float32 as the
 * shortest round-trip decimal, decimals/dates/timestamps/binary as strings, structs as objects, lists
 * as arrays, maps as arrays of {key, value}. Also the sorted text and its SHA-256.
 *
 * Values are read from the raw Arrow buffers, not through `Vector.get`, because `get` converts
 * timestamps and 64-bit dates to lossy millisecond numbers. Arrow JS layout conventions relied on:
 * fixed-width `values` and `valueOffsets` are already sliced to the Data (index i is element i),
 * while validity and boolean bits are addressed at `data.offset + i`.
 */
import { DataType, Type, type Data, type RecordBatch, type Table, type Vector } from 'apache-arrow';
import { toHex, utf8Decode, utf8Encode } from '../util/bytes.ts';
import {
  canonicalDate, canonicalDecimal, canonicalFloat32, canonicalFloat64, canonicalInteger, canonicalTimeMicros,
  canonicalTimestampMicros, canonicalTimestampNanos, float16ToNumber, nanosPerUnit, toMicros,
} from './canonical-values.ts';
import { internalError, messageError } from '../message-error.ts';

/** A row in canonical form. */
export type CanonicalRow = Record<string, unknown>;

/** Reads the canonical value at index `i` of a Data of the type it was compiled for. */
type Accessor = (data: Data, i: number) => unknown;

const accessors = new WeakMap<DataType, Accessor>();
/** Accessors of leaf types by what {@link compile} reads of them: every batch of a scan brings new type objects. */
const leafAccessors = new Map<string, Accessor>();

/** The canonical accessor for an Arrow type (cached per type object, and per leaf type's parameters). */
export function canonicalAccessor(type: DataType): Accessor {
  let a = accessors.get(type);
  if (!a) {
    const key = leafKey(type);
    a = key === undefined ? undefined : leafAccessors.get(key);
    if (!a) {
      const inner = compile(type);
      a = (data, i) => (data.getValid(i) ? inner(data, i) : null);
      if (key !== undefined) leafAccessors.set(key, a);
    }
    accessors.set(type, a);
  }
  return a;
}

/** The parameters {@link compile} reads of a leaf type, as a key; undefined for nested types (and dictionaries). */
function leafKey(type: DataType): string | undefined {
  if (type.children?.length || type.typeId === Type.Dictionary) return undefined;
  const t = type as unknown as { unit?: number; precision?: number; byteWidth?: number; scale?: number; bitWidth?: number };
  return `${type.typeId}:${t.unit}:${t.precision}:${t.byteWidth}:${t.scale}:${t.bitWidth}`;
}

function unsupported(type: DataType): never {
  throw messageError('Unsupported', 'error.arrow.noCanonical', { type: String(type) });
}

function compile(type: DataType): Accessor {
  switch (type.typeId) {
    case Type.Null: return () => null;
    case Type.Bool: return (d, i) => ((d.values as Uint8Array)[(d.offset + i) >> 3]! & (1 << ((d.offset + i) & 7))) !== 0;
    case Type.Int: return (d, i) => canonicalInteger((d.values as Int32Array | BigInt64Array)[i]!);
    case Type.Float: {
      const precision = (type as unknown as { precision: number }).precision; // 0 half, 1 single, 2 double
      if (precision === 0) return (d, i) => canonicalFloat64(float16ToNumber((d.values as Uint16Array)[i]!));
      if (precision === 1) return (d, i) => canonicalFloat32((d.values as Float32Array)[i]!);
      return (d, i) => canonicalFloat64((d.values as Float64Array)[i]!);
    }
    case Type.Utf8: return (d, i) => utf8Decode(bytesAt(d, i));
    case Type.LargeUtf8: return (d, i) => utf8Decode(bytesAt(d, i));
    case Type.Binary: return (d, i) => toHex(bytesAt(d, i));
    case Type.LargeBinary: return (d, i) => toHex(bytesAt(d, i));
    case Type.FixedSizeBinary: {
      const w = (type as unknown as { byteWidth: number }).byteWidth;
      return (d, i) => toHex((d.values as Uint8Array).subarray(i * w, (i + 1) * w));
    }
    case Type.Decimal: {
      const { scale, bitWidth } = type as unknown as { scale: number; bitWidth: number };
      const words = bitWidth / 32;
      return (d, i) => canonicalDecimal(decimalAt(d.values as Uint32Array, i, words), scale);
    }
    case Type.Date: return (d, i) => canonicalDate(dateDays(d, i));
    case Type.Timestamp: {
      const unit = (type as unknown as { unit: number }).unit;
      return (d, i) => canonicalTimestampMicros(toMicros(BigInt((d.values as BigInt64Array)[i]!), unit));
    }
    case Type.Time: {
      const unit = (type as unknown as { unit: number }).unit;
      return (d, i) => canonicalTimeMicros(toMicros(BigInt((d.values as Int32Array | BigInt64Array)[i]!), unit));
    }
    case Type.Duration: return (d, i) => canonicalInteger((d.values as BigInt64Array)[i]!);
    case Type.Struct: return structAccessor(type);
    case Type.List: case Type.LargeList: return listAccessor(type, false);
    case Type.Map: return listAccessor(type, true);
    case Type.FixedSizeList: {
      const size = (type as unknown as { listSize: number }).listSize;
      const child = canonicalAccessor(type.children[0]!.type);
      return (d, i) => Array.from({ length: size }, (_, k) => child(d.children[0]!, i * size + k));
    }
    case Type.Dictionary: return dictionaryAccessor(type);
    default: return unsupported(type);
  }
}

/** Bytes of a variable-width value (32- or 64-bit offsets). */
function bytesAt(d: Data, i: number): Uint8Array {
  const o = d.valueOffsets as Int32Array | BigInt64Array;
  return (d.values as Uint8Array).subarray(Number(o[i]!), Number(o[i + 1]!));
}

/** A two's-complement little-endian integer of `words` 32-bit words (Arrow decimals). */
function decimalAt(values: Uint32Array, i: number, words: number): bigint {
  let v = 0n;
  for (let w = words - 1; w >= 0; w--) v = (v << 32n) | BigInt(values[i * words + w]!);
  return BigInt.asIntN(words * 32, v);
}

/** Days since the epoch of a Date32 (days) or Date64 (milliseconds, floored to the day). */
function dateDays(d: Data, i: number): number {
  const values = d.values as Int32Array | BigInt64Array;
  if ((d.type as unknown as { unit: number }).unit === 0) return Number(values[i]!);
  const ms = values instanceof BigInt64Array ? Number(values[i]!) : values[2 * i]! + values[2 * i + 1]! * 2 ** 32;
  return Math.floor(ms / 86_400_000);
}

function structAccessor(type: DataType): Accessor {
  const names = type.children.map((f) => f.name);
  const children = type.children.map((f) => canonicalAccessor(f.type));
  return (d, i) => {
    const out: Record<string, unknown> = {};
    for (let k = 0; k < names.length; k++) out[names[k]!] = children[k]!(d.children[k]!, i);
    return out;
  };
}

/** Lists → arrays; maps (a list of key/value structs) → arrays of {key, value} in file order. */
function listAccessor(type: DataType, isMap: boolean): Accessor {
  const entryType = type.children[0]!.type;
  const item = isMap ? undefined : canonicalAccessor(entryType);
  const key = isMap ? canonicalAccessor(entryType.children[0]!.type) : undefined;
  const value = isMap ? canonicalAccessor(entryType.children[1]!.type) : undefined;
  return (d, i) => {
    const o = d.valueOffsets as Int32Array | BigInt64Array;
    const child = d.children[0]!;
    const out: unknown[] = [];
    for (let k = Number(o[i]!); k < Number(o[i + 1]!); k++) {
      out.push(isMap ? { key: key!(child.children[0]!, k), value: value!(child.children[1]!, k) } : item!(child, k));
    }
    return out;
  };
}

function dictionaryAccessor(type: DataType): Accessor {
  const value = canonicalAccessor((type as unknown as { dictionary: DataType }).dictionary);
  return (d, i) => {
    const index = Number((d.values as Int32Array | BigInt64Array)[i]!);
    return valueInVector(d.dictionary!, index, value);
  };
}

function valueInVector(v: Vector, index: number, read: Accessor): unknown {
  let at = index;
  for (const chunk of v.data) {
    if (at < chunk.length) return read(chunk, at);
    at -= chunk.length;
  }
  throw messageError('DataInvalid', 'error.arrow.dictionaryIndex', { index });
}

/** Input accepted by {@link canonicalRows}. */
export type ArrowRows = Table | RecordBatch | Iterable<RecordBatch>;

function batchesOf(input: ArrowRows): Iterable<RecordBatch> {
  return 'batches' in input ? input.batches : 'numCols' in input && 'data' in input ? [input as RecordBatch] : input as Iterable<RecordBatch>;
}

/**
 * Canonical rows of Arrow data. Must hold: one object per row in input order; keys are `columns`
 * (default: the batch's column names) in that order; a requested column missing from a batch throws
 * LakeError Internal; a type with no canonical form (unions, intervals, views) throws Unsupported.
 */
export function canonicalRows(input: ArrowRows, opts: { columns?: readonly string[]; nanos?: ReadonlySet<string> } = {}): CanonicalRow[] {
  const rows: CanonicalRow[] = [];
  for (const batch of batchesOf(input)) {
    const names = opts.columns ?? batch.schema.fields.map((f) => f.name);
    const cols = names.map((name) => {
      const k = batch.schema.fields.findIndex((f) => f.name === name);
      if (k < 0) throw internalError(`arrow canonical: column ${name} is not in the batch`, { column: name });
      const type = batch.schema.fields[k]!.type;
      return { name, data: batch.data.children[k]!, read: opts.nanos?.has(name) ? exactTimestampAccessor(type) : canonicalAccessor(type) };
    });
    for (let i = 0; i < batch.numRows; i++) {
      const row: CanonicalRow = {};
      for (const c of cols) row[c.name] = c.read(c.data, i);
      rows.push(row);
    }
  }
  return rows;
}

/**
 * The accessor of a column a caller keeps to the nanosecond (`canonicalRows` option `nanos`, SQL): a
 * timestamp as {@link canonicalTimestampNanos} of its exact stored value; a struct, list or map with a
 * nanosecond-stored timestamp inside, those timestamps likewise; any other type as canonical.
 */
export function exactTimestampAccessor(type: DataType): Accessor {
  if (type.typeId === Type.Dictionary) {
    const value = exactTimestampAccessor((type as unknown as { dictionary: DataType }).dictionary);
    return (d, i) => (d.getValid(i) ? valueInVector(d.dictionary!, Number((d.values as Int32Array | BigInt64Array)[i]!), value) : null);
  }
  if (type.typeId !== Type.Timestamp) return hasNanosecondLeaf(type) ? nestedExact(type) : canonicalAccessor(type);
  const per = nanosPerUnit((type as unknown as { unit: number }).unit);
  return (d, i) => (d.getValid(i) ? canonicalTimestampNanos(BigInt((d.values as BigInt64Array)[i]!) * per) : null);
}

/** Arrow's TimeUnit.NANOSECOND. */
const NANOSECOND = 3;

/** True when a nested type holds a timestamp stored in nanoseconds somewhere below it. */
function hasNanosecondLeaf(type: DataType): boolean {
  if (type.typeId === Type.Timestamp) return (type as unknown as { unit: number }).unit === NANOSECOND;
  return (type.children ?? []).some((f) => hasNanosecondLeaf(f.type));
}

/**
 * A struct, list or map as {@link canonicalAccessor} reads it, except that a timestamp stored in
 * nanoseconds anywhere inside keeps its nine fraction digits (the canonical form floors it to microseconds).
 */
function nestedExact(type: DataType): Accessor {
  const read = (t: DataType): Accessor => (hasNanosecondLeaf(t) ? nestedExact(t) : canonicalAccessor(t));
  let inner: Accessor;
  switch (type.typeId) {
    case Type.Timestamp: inner = (d, i) => canonicalTimestampNanos(BigInt((d.values as BigInt64Array)[i]!)); break;
    case Type.Struct: {
      const names = type.children.map((f) => f.name);
      const children = type.children.map((f) => read(f.type));
      inner = (d, i) => {
        const out: Record<string, unknown> = {};
        for (let k = 0; k < names.length; k++) out[names[k]!] = children[k]!(d.children[k]!, i);
        return out;
      };
      break;
    }
    case Type.List: case Type.LargeList: case Type.Map: {
      const entryType = type.children[0]!.type;
      const isMap = type.typeId === Type.Map;
      const item = isMap ? undefined : read(entryType);
      const key = isMap ? read(entryType.children[0]!.type) : undefined;
      const value = isMap ? read(entryType.children[1]!.type) : undefined;
      inner = (d, i) => {
        const o = d.valueOffsets as Int32Array | BigInt64Array;
        const child = d.children[0]!;
        const out: unknown[] = [];
        for (let k = Number(o[i]!); k < Number(o[i + 1]!); k++) out.push(isMap ? { key: key!(child.children[0]!, k), value: value!(child.children[1]!, k) } : item!(child, k));
        return out;
      };
      break;
    }
    case Type.FixedSizeList: {
      const size = (type as unknown as { listSize: number }).listSize;
      const child = read(type.children[0]!.type);
      inner = (d, i) => Array.from({ length: size }, (_, k) => child(d.children[0]!, i * size + k));
      break;
    }
    default: return canonicalAccessor(type);
  }
  return (d, i) => (d.getValid(i) ? inner(d, i) : null);
}

/** `"[" + rows.map(JSON.stringify).sort().join(",") + "]"` — the README's canonical text. */
export function canonicalRowsText(rows: readonly unknown[]): string {
  return `[${rows.map((r) => JSON.stringify(r)).sort().join(',')}]`;
}

/** Rows sorted by their JSON text (the order of the expected files' `rows`). */
export function sortCanonicalRows<T>(rows: readonly T[]): T[] {
  return rows.map((r) => [JSON.stringify(r), r] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map((x) => x[1]);
}

/** Lowercase hex SHA-256 of the UTF-8 bytes of {@link canonicalRowsText} (crypto.subtle). */
export async function rowsSha256(rows: readonly unknown[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', utf8Encode(canonicalRowsText(rows)) as Uint8Array<ArrayBuffer>);
  return toHex(new Uint8Array(digest));
}
