/**
 * Arrow record batches as column vectors of SQL engine values, for the columnar executor
 * (fast-aggregate.ts): one plain array per column per batch, holding exactly the values
 * {@link sqlRowsOf} puts in its row objects (canonical row form; 64-bit integers beyond 2^53 as bigint),
 * but without a row object or a per-cell accessor call for the common types. Dictionary-encoded
 * columns decode each dictionary entry once.
 */
import { DataType, Type, type Data, type RecordBatch } from 'apache-arrow';
import { sqlAccessor } from './sql-values.ts';
import { utf8Decode } from '../../util/bytes.ts';

/** One batch as columns: `cols[name][i]` is row i's value (null where Arrow has none). */
export interface ColumnBatch {
  readonly length: number;
  readonly cols: Readonly<Record<string, readonly unknown[]>>;
}

const TWO_53 = 2 ** 53;

/** Values of one Arrow column (a single Data chunk) as engine values (`nanos`: a nanosecond timestamp column). */
export function columnValues(data: Data, type: DataType, nanos = false): unknown[] {
  if (nanos) return generic(data, type, true);
  const n = data.length;
  const out: unknown[] = new Array(n);
  const valid = data.nullCount > 0 ? (i: number) => data.getValid(i) : undefined;
  switch (type.typeId) {
    case Type.Int: {
      const values = data.values as Int32Array | BigInt64Array | Uint32Array | BigUint64Array | Int16Array | Int8Array;
      if (values instanceof BigInt64Array || values instanceof BigUint64Array) {
        for (let i = 0; i < n; i++) {
          if (valid && !valid(i)) { out[i] = null; continue; }
          const v = values[i]!;
          // canonicalInteger: a number below 2^53 in magnitude, else text; sqlRowsOf turns that text into a bigint.
          out[i] = v < TWO_53_N && v > -TWO_53_N ? Number(v) : v;
        }
      } else {
        for (let i = 0; i < n; i++) out[i] = valid && !valid(i) ? null : (values as Int32Array)[i]!;
      }
      return out;
    }
    case Type.Float: {
      const precision = (type as unknown as { precision: number }).precision;
      if (precision !== 2) break;
      const values = data.values as Float64Array;
      for (let i = 0; i < n; i++) {
        if (valid && !valid(i)) { out[i] = null; continue; }
        const v = values[i]!;
        // As sqlAccessor reads it: -0 → 0 (canonicalFloat64), NaN and ±Infinity kept as numbers (sqlFloat).
        out[i] = v === 0 ? 0 : v;
      }
      return out;
    }
    case Type.Utf8: case Type.LargeUtf8: {
      const offsets = data.valueOffsets as Int32Array | BigInt64Array;
      const bytes = data.values as Uint8Array;
      const big = offsets instanceof BigInt64Array;
      for (let i = 0; i < n; i++) {
        if (valid && !valid(i)) { out[i] = null; continue; }
        const a = big ? Number(offsets[i]!) : (offsets as Int32Array)[i]!;
        const b = big ? Number(offsets[i + 1]!) : (offsets as Int32Array)[i + 1]!;
        out[i] = shortAscii(bytes, a, b) ?? utf8Decode(bytes.subarray(a, b));
      }
      return out;
    }
    case Type.Dictionary: {
      const dict = data.dictionary;
      if (!dict || dict.data.length !== 1) break;
      const dictType = (type as unknown as { dictionary: DataType }).dictionary;
      const decoded = columnValues(dict.data[0]!, dictType);
      const indices = data.values as Int32Array | BigInt64Array;
      for (let i = 0; i < n; i++) {
        if (valid && !valid(i)) { out[i] = null; continue; }
        const v = decoded[Number(indices[i]!)];
        if (v === undefined) return generic(data, type);
        out[i] = v;
      }
      return out;
    }
    default: break;
  }
  return generic(data, type);
}

const TWO_53_N = BigInt(TWO_53);

/** Any other type through the canonical accessor, as sqlRowsOf reads it. */
function generic(data: Data, type: DataType, nanos = false): unknown[] {
  const read = sqlAccessor(type, nanos);
  const int = DataType.isInt(type) || type.typeId === Type.Int;
  const out: unknown[] = new Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const v = read(data, i);
    out[i] = int && typeof v === 'string' ? BigInt(v) : v;
  }
  return out;
}

/** A short all-ASCII string decoded without TextDecoder (the common case of keys and codes); undefined otherwise. */
function shortAscii(bytes: Uint8Array, a: number, b: number): string | undefined {
  if (b - a > 32) return undefined;
  let s = '';
  for (let k = a; k < b; k++) {
    const c = bytes[k]!;
    if (c >= 0x80) return undefined;
    s += String.fromCharCode(c);
  }
  return s;
}

/** The columns `names` of a batch (a column the batch lacks is all null, as in sqlRowsOf; `nanos`: the nanosecond timestamp columns). */
export function columnBatchOf(batch: RecordBatch, names: readonly string[], nanos?: ReadonlySet<string>): ColumnBatch {
  const cols: Record<string, unknown[]> = {};
  for (const name of names) {
    const k = batch.schema.fields.findIndex((f) => f.name === name);
    cols[name] = k < 0 ? new Array<unknown>(batch.numRows).fill(null) : columnValues(batch.data.children[k]!, batch.schema.fields[k]!.type, nanos?.has(name) ?? false);
  }
  return { length: batch.numRows, cols };
}

/** Row objects (change log, metadata tables) as one column batch. */
export function columnBatchOfRows(rows: readonly Record<string, unknown>[], names: readonly string[]): ColumnBatch {
  const cols: Record<string, unknown[]> = {};
  for (const name of names) cols[name] = rows.map((r) => r[name]);
  return { length: rows.length, cols };
}
