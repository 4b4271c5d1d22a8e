/**
 * Writing one Parquet data file from rows, with the column metrics manifests carry (spec "Manifests":
 * `value_counts`, `null_value_counts`, `nan_value_counts`, `lower_bounds`, `upper_bounds` in Appendix D
 * binary form, `column_sizes`, `split_offsets`), so that scan planning can prune the file.
 *
 * Metrics are computed from the values themselves (not from Parquet statistics) for every primitive column
 * reachable through structs only; string and binary bounds are truncated to 16 (Java's default metrics
 * mode `truncate(16)`), the upper one incremented so it still bounds the values. Columns inside lists or
 * maps get no metrics, which is allowed ("optional") and costs only pruning.
 */
import { type Data, Field, makeData, RecordBatch, Schema, Struct, Table, tableToIPC } from 'apache-arrow';
import { parquetMetadata } from 'hyparquet';
import { ByteWriter, parquetWrite } from 'hyparquet-writer';
import type { ParquetWasm } from '../../../codecs/parquet/wasm-init.ts';
import { LakeError, toLakeError } from '../../../errors.ts';
import { compareValues } from '../../../expr/compare.ts';
import type { Value } from '../../../expr/types.ts';
import type { IcebergType, NestedField, PrimitiveType } from '../spec/types.ts';
import {
  DEFAULT_BOUND_TRUNCATE, encodeBinaryValue, truncateLowerBinary, truncateLowerString, truncateUpperBinary, truncateUpperString,
} from '../spec/write-single-value.ts';
import { arrowFieldOf, parquetSchemaOf } from './parquet-schema.ts';
import { normalizePrimitive, normalizeRow, type Row } from './row-values.ts';
import { internalError, messageError } from '../../../message-error.ts';

export interface FileMetrics {
  readonly columnSizes: Map<number, bigint>;
  readonly valueCounts: Map<number, bigint>;
  readonly nullValueCounts: Map<number, bigint>;
  readonly nanValueCounts: Map<number, bigint>;
  readonly lowerBounds: Map<number, Uint8Array>;
  readonly upperBounds: Map<number, Uint8Array>;
}

export interface WrittenParquet {
  readonly bytes: Uint8Array;
  readonly recordCount: bigint;
  readonly metrics: FileMetrics;
  /** Byte offsets of the row groups (spec: `split_offsets`, ascending). */
  readonly splitOffsets: readonly bigint[];
}

/** Page compression. hyparquet-writer (the fallback) has only SNAPPY and UNCOMPRESSED: others become SNAPPY there. */
export type ParquetCodec = 'SNAPPY' | 'UNCOMPRESSED' | 'ZSTD' | 'GZIP' | 'BROTLI' | 'LZ4_RAW';

export interface ParquetWriteOptions {
  /** Default 'SNAPPY' (what this writer always wrote; Java's default since Iceberg 1.4 is zstd). */
  readonly codec?: ParquetCodec;
  /** Rows per row group (default: arrow-rs's 1,048,576 with parquet-wasm, 100,000 with hyparquet-writer). */
  readonly rowGroupSize?: number;
  /**
   * An instantiated parquet-wasm: when given and every column is a top-level primitive it can write with
   * field ids ({@link arrowFieldOf}), the file is encoded by arrow-rs (faster); else hyparquet-writer.
   */
  readonly wasm?: ParquetWasm;
  readonly boundTruncate?: number;
  /** Extra key-value metadata (e.g. `iceberg.schema`, which Java writers add and some readers use). */
  readonly keyValueMetadata?: Readonly<Record<string, string>>;
}

/**
 * Writes `rows` (objects keyed by the names of `fields`) as one Parquet file whose schema carries the
 * field ids. Throws DataInvalid for rows that do not fit the fields (naming row and column) and
 * Unsupported for column types this writer cannot encode (variant, geometry, geography, unknown).
 */
export function writeParquet(rows: readonly Row[], fields: readonly NestedField[], opts: ParquetWriteOptions = {}): WrittenParquet {
  const arrowFields = opts.wasm ? fields.map(arrowFieldOf) : [];
  if (opts.wasm && arrowFields.every((f) => f !== undefined)) return writeWithWasm(opts.wasm, rows, fields, arrowFields as Field[], opts);
  const normalized = rows.map((r, i) => normalizeRow(r, fields, i));
  const schema = parquetSchemaOf(fields);
  const writer = new ByteWriter();
  try {
    parquetWrite({
      writer,
      schema,
      columnData: fields.map((f) => ({ name: f.name, data: normalized.map((r) => r[f.name]) })),
      codec: opts.codec === 'UNCOMPRESSED' ? 'UNCOMPRESSED' : 'SNAPPY',
      statistics: true,
      rowGroupSize: opts.rowGroupSize ?? 100_000,
      createdBy: CREATED_BY,
      // Never an empty list: hyparquet-writer encodes it with an element type arrow-rs (parquet-wasm) rejects.
      kvMetadata: opts.keyValueMetadata && Object.keys(opts.keyValueMetadata).length ? Object.entries(opts.keyValueMetadata).map(([key, value]) => ({ key, value })) : undefined,
    });
  } catch (e) {
    throw toLakeError(e, 'iceberg write: cannot encode parquet', {}, 'DataInvalid');
  }
  const bytes = writer.getBytes().slice();
  const metrics = valueMetrics(normalized, fields, opts.boundTruncate ?? DEFAULT_BOUND_TRUNCATE);
  const { columnSizes, splitOffsets } = footerFacts(bytes);
  return { bytes, recordCount: BigInt(rows.length), metrics: { ...metrics, columnSizes }, splitOffsets };
}

const CREATED_BY = 'lakescope (hyparquet-writer)';

/**
 * parquet-wasm path: each column is normalized (row-values.ts rules) straight into an array, its metrics
 * are gathered, its Arrow buffers filled; then one Arrow IPC hop into wasm and arrow-rs encodes it. Values
 * are exact: 64-bit and decimal values go from bigints into BigInt64Array words, never through doubles.
 */
function writeWithWasm(pw: ParquetWasm, rows: readonly Row[], fields: readonly NestedField[], arrowFields: Field[], opts: ParquetWriteOptions): WrittenParquet {
  const truncate = opts.boundTruncate ?? DEFAULT_BOUND_TRUNCATE;
  const metrics: Omit<FileMetrics, 'columnSizes'> = {
    valueCounts: new Map(), nullValueCounts: new Map(), nanValueCounts: new Map(), lowerBounds: new Map(), upperBounds: new Map(),
  };
  const plainColumns: string[] = [];
  const children = fields.map((f, k) => {
    const t = f.type as PrimitiveType;
    const values = columnValues(rows, f, t);
    addMetrics(metrics, f.id, t, columnAcc(t, values), truncate);
    if (!dictionaryPays(t, values)) plainColumns.push(f.name);
    return arrowColumn(arrowFields[k], t, values);
  });
  const batch = new RecordBatch(new Schema(arrowFields), makeData({ type: new Struct(arrowFields), length: rows.length, nullCount: 0, children }));
  let bytes: Uint8Array;
  try {
    let props = new pw.WriterPropertiesBuilder().setCompression(pw.Compression[opts.codec ?? 'SNAPPY']).setCreatedBy('lakescope (parquet-wasm)');
    if (opts.rowGroupSize) props = props.setMaxRowGroupSize(opts.rowGroupSize);
    for (const c of plainColumns) props = props.setColumnDictionaryEnabled(c, false);
    if (opts.keyValueMetadata && Object.keys(opts.keyValueMetadata).length) props = props.setKeyValueMetadata(new Map(Object.entries(opts.keyValueMetadata)));
    bytes = pw.writeParquet(pw.Table.fromIPCStream(tableToIPC(new Table([batch]), 'stream')), props.build());
  } catch (e) {
    throw toLakeError(e, 'iceberg write: cannot encode parquet (parquet-wasm)', {}, 'Internal');
  }
  const { columnSizes, splitOffsets } = footerFacts(bytes);
  return { bytes, recordCount: BigInt(rows.length), metrics: { ...metrics, columnSizes }, splitOffsets };
}

/**
 * One column's values in the internal representation (null for null). Errors are those of normalizeRow,
 * naming row and column; the path string is only built for the failing value.
 */
function columnValues(rows: readonly Row[], f: NestedField, t: PrimitiveType): unknown[] {
  const out = new Array<unknown>(rows.length);
  const accept = alreadyInternal(t);
  for (let i = 0; i < rows.length; i++) {
    const v = rows[i][f.name];
    if (v === null || v === undefined) {
      if (f.required) throw messageError('DataInvalid', 'error.iceberg.write.rowRequired', { row: i, column: f.name }, { column: `row ${i}: ${f.name}` });
      out[i] = null;
      continue;
    }
    if (accept(v)) { out[i] = v; continue; }
    try {
      out[i] = normalizePrimitive(t, v, f.name);
    } catch {
      out[i] = normalizePrimitive(t, v, `row ${i}: ${f.name}`); // throws again, now naming the row
    }
    const n = out[i];
    if (typeof n === 'bigint' && t.kind !== 'decimal' && (n < MIN64 || n > MAX64)) {
      throw messageError('DataInvalid', 'error.iceberg.write.range', { row: i, column: f.name, value: String(n), type: t.kind }, { column: `row ${i}: ${f.name}` });
    }
  }
  return out;
}

const MIN64 = -(2n ** 63n);
const MAX64 = 2n ** 63n - 1n;

/**
 * A check for values already in the internal representation, which normalizePrimitive would return as
 * they are (what compaction hands over); anything else goes through normalizePrimitive. 64-bit kinds are
 * range-checked here because a BigInt64Array would silently wrap an out-of-range bigint.
 */
function alreadyInternal(t: PrimitiveType): (v: unknown) => boolean {
  switch (t.kind) {
    case 'string': return (v) => typeof v === 'string';
    case 'double': return (v) => typeof v === 'number';
    case 'boolean': return (v) => typeof v === 'boolean';
    case 'int': return (v) => typeof v === 'number' && (v | 0) === v && !Object.is(v, -0);
    case 'long': case 'time': case 'timestamp': case 'timestamptz': case 'timestamp_ns': case 'timestamptz_ns':
      return (v) => typeof v === 'bigint' && v >= MIN64 && v <= MAX64;
    default: return () => false;
  }
}

/** Up to this many rows the dictionary decision counts distinct values exactly; above, arrow-rs decides. */
const DICTIONARY_EXACT_ROWS = 20_000;

/**
 * False when a dictionary would not make a small file's column smaller (mostly distinct values: ids,
 * timestamps). arrow-rs dictionary-encodes every column until the dictionary page reaches 1 MiB, which a
 * 5,000-row file never does: its unique columns came out about 25% larger than hyparquet-writer's, which
 * samples the same way. Large files keep arrow-rs's own fallback to PLAIN.
 */
export function dictionaryPays(t: PrimitiveType, values: readonly unknown[]): boolean {
  if (values.length > DICTIONARY_EXACT_ROWS || t.kind === 'boolean' || t.kind === 'binary' || t.kind === 'fixed') return true;
  const distinct = new Set<unknown>();
  let nonNull = 0; let chars = 0;
  for (const v of values) {
    if (v === null) continue;
    nonNull++;
    distinct.add(v);
    if (typeof v === 'string') chars += v.length;
  }
  if (nonNull === 0) return true;
  const width = t.kind === 'string' ? 4 + chars / nonNull : t.kind === 'int' || t.kind === 'date' || t.kind === 'float' ? 4 : t.kind === 'decimal' ? 16 : 8;
  const dictBytes = distinct.size * width + nonNull * Math.ceil(Math.log2(distinct.size + 1)) / 8;
  return dictBytes < nonNull * width;
}

/** Value/null/NaN counts and min/max of a column, in the order of compareValues (spec Appendix D bounds). */
function columnAcc(t: PrimitiveType, values: readonly unknown[]): Acc {
  const acc: Acc = { values: values.length, nulls: 0, nans: 0 };
  let lo: unknown; let hi: unknown; let surrogates = false;
  const strings = t.kind === 'string';
  const bytes = t.kind === 'binary' || t.kind === 'fixed';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null) { acc.nulls++; continue; }
    if (typeof v === 'number' && v !== v) { acc.nans++; continue; }
    if (strings && !surrogates) surrogates = SURROGATE.test(v as string);
    if (lo === undefined) { lo = v; hi = v; }
    else if (bytes) {
      if (compareValues(v as Value, lo as Value) < 0) lo = v; else if (compareValues(v as Value, hi as Value) > 0) hi = v;
    } else {
      // Native `<`: exact for numbers and bigints; for strings exact unless surrogates are involved (checked below).
      if ((v as number) < (lo as number)) lo = v; else if ((v as number) > (hi as number)) hi = v;
      else if (v === 0) { if (Object.is(v, -0) && Object.is(lo, 0)) lo = v; else if (Object.is(v, 0) && Object.is(hi, -0)) hi = v; } // -0 sorts before +0
    }
  }
  if (surrogates) {
    // UTF-16 unit order differs from code point order only around surrogates: redo with compareValues.
    lo = hi = undefined;
    for (const v of values) {
      if (v === null) continue;
      if (lo === undefined || compareValues(v as Value, lo as Value) < 0) lo = v;
      if (hi === undefined || compareValues(v as Value, hi as Value) > 0) hi = v;
    }
  }
  if (lo !== undefined) { acc.lower = lo as Value; acc.upper = hi as Value; }
  return acc;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** One column's Arrow data (validity bitmap only when there are nulls). */
function arrowColumn(field: Field, t: PrimitiveType, values: readonly unknown[]): Data {
  const n = values.length;
  const validity = new Uint8Array((n + 7) >> 3);
  let nulls = 0;
  for (let i = 0; i < n; i++) {
    if (values[i] === null) nulls++;
    else validity[i >> 3] |= 1 << (i & 7);
  }
  const base = { type: field.type, length: n, nullCount: nulls, nullBitmap: nulls ? validity : undefined };
  const make = (extra: object) => makeData({ ...base, ...extra } as never) as Data;
  switch (t.kind) {
    case 'boolean': {
      const bits = new Uint8Array((n + 7) >> 3);
      for (let i = 0; i < n; i++) if (values[i] === true) bits[i >> 3] |= 1 << (i & 7);
      return make({ data: bits });
    }
    case 'int': case 'date': return make({ data: fill(new Int32Array(n), values, 0) });
    case 'float': return make({ data: fill(new Float32Array(n), values, 0) });
    case 'double': return make({ data: fill(new Float64Array(n), values, 0) });
    case 'long': case 'time': case 'timestamp': case 'timestamptz': case 'timestamp_ns': case 'timestamptz_ns':
      return make({ data: fill(new BigInt64Array(n), values, 0n) });
    case 'decimal': {
      // Decimal128: two little-endian 64-bit words per value, two's complement (precision ≤ 38 fits).
      const a = new BigInt64Array(2 * n);
      for (let i = 0; i < n; i++) {
        const v = values[i] as bigint | null;
        if (v !== null) { a[2 * i] = BigInt.asIntN(64, v); a[2 * i + 1] = BigInt.asIntN(64, v >> 64n); }
      }
      return make({ data: new Uint32Array(a.buffer) });
    }
    case 'fixed': {
      const a = new Uint8Array(n * t.length);
      for (let i = 0; i < n; i++) if (values[i] !== null) a.set(values[i] as Uint8Array, i * t.length);
      return make({ data: a });
    }
    case 'string': case 'binary': {
      const offsets = new Int32Array(n + 1);
      let buf = new Uint8Array(Math.max(64, n * 16)); let end = 0;
      const room = (k: number) => { if (end + k > buf.length) { const b = new Uint8Array(Math.max(buf.length * 2, end + k)); b.set(buf.subarray(0, end)); buf = b; } };
      for (let i = 0; i < n; i++) {
        const v = values[i];
        if (typeof v === 'string') {
          room(v.length * 3);
          // ASCII byte by byte: for short strings cheaper than encodeInto, which needs a view per call.
          let j = 0;
          for (; j < v.length; j++) { const c = v.charCodeAt(j); if (c >= 0x80) break; buf[end + j] = c; }
          end += j < v.length ? UTF8.encodeInto(v, buf.subarray(end)).written : j;
        }
        else if (v !== null) { room((v as Uint8Array).length); buf.set(v as Uint8Array, end); end += (v as Uint8Array).length; }
        if (end > 0x7fffffff) throw messageError('Unsupported', 'error.iceberg.write.tooLarge', { column: field.name }, { column: field.name });
        offsets[i + 1] = end;
      }
      return make({ valueOffsets: offsets, data: buf.subarray(0, end) });
    }
    default:
      throw internalError(`iceberg write: no Arrow column for ${t.kind}`, { column: field.name });
  }
}

const UTF8 = new TextEncoder();

function fill<A extends { [i: number]: T }, T>(a: A, values: readonly unknown[], zero: T): A {
  for (let i = 0; i < values.length; i++) { const v = values[i]; a[i] = v === null ? zero : v as T; }
  return a;
}

export function addMetrics(m: Omit<FileMetrics, 'columnSizes'>, id: number, t: PrimitiveType, acc: Acc, truncate: number): void {
  m.valueCounts.set(id, BigInt(acc.values));
  m.nullValueCounts.set(id, BigInt(acc.nulls));
  if (t.kind === 'float' || t.kind === 'double') m.nanValueCounts.set(id, BigInt(acc.nans));
  const [lo, hi] = bounds(t, acc, truncate);
  if (lo) m.lowerBounds.set(id, lo);
  if (hi) m.upperBounds.set(id, hi);
}

/** Column sizes by field id and row group offsets, read back from the footer just written. */
export function footerFacts(bytes: Uint8Array): { columnSizes: Map<number, bigint>; splitOffsets: bigint[] } {
  const meta = parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const idByPath = new Map<string, number>();
  const walk = (start: number, path: string[]): number => {
    const el = meta.schema[start];
    const p = start === 0 ? [] : [...path, el.name];
    if (start > 0 && el.field_id !== undefined && !el.num_children) idByPath.set(p.join('.'), el.field_id);
    let i = start + 1;
    for (let c = 0; c < (el.num_children ?? 0); c++) i = walk(i, p);
    return i;
  };
  walk(0, []);
  const columnSizes = new Map<number, bigint>();
  const splitOffsets: bigint[] = [];
  for (const rg of meta.row_groups) {
    const first = rg.columns[0]?.meta_data;
    if (first) splitOffsets.push(first.dictionary_page_offset ?? first.data_page_offset);
    for (const c of rg.columns) {
      const id = c.meta_data ? idByPath.get(c.meta_data.path_in_schema.join('.')) : undefined;
      if (id !== undefined) columnSizes.set(id, (columnSizes.get(id) ?? 0n) + c.meta_data!.total_compressed_size);
    }
  }
  return { columnSizes, splitOffsets };
}

export interface Acc { values: number; nulls: number; nans: number; lower?: Value; upper?: Value }

/** Value/null/NaN counts and bounds for primitive columns reachable through structs only. */
function valueMetrics(rows: readonly Record<string, unknown>[], fields: readonly NestedField[], truncate: number): Omit<FileMetrics, 'columnSizes'> {
  const leaves: { id: number; path: string[]; type: PrimitiveType }[] = [];
  const collect = (fs: readonly NestedField[], path: string[]) => {
    for (const f of fs) {
      if (f.type.kind === 'struct') collect(f.type.fields, [...path, f.name]);
      else if (!isContainer(f.type)) leaves.push({ id: f.id, path: [...path, f.name], type: f.type as PrimitiveType });
    }
  };
  collect(fields, []);
  const valueCounts = new Map<number, bigint>(); const nullValueCounts = new Map<number, bigint>();
  const nanValueCounts = new Map<number, bigint>(); const lowerBounds = new Map<number, Uint8Array>(); const upperBounds = new Map<number, Uint8Array>();
  for (const leaf of leaves) {
    const acc: Acc = { values: 0, nulls: 0, nans: 0 };
    for (const r of rows) {
      let v: unknown = r;
      for (const p of leaf.path) v = v === null || v === undefined ? v : (v as Record<string, unknown>)[p];
      acc.values++;
      if (v === null || v === undefined) { acc.nulls++; continue; }
      if (typeof v === 'number' && Number.isNaN(v)) { acc.nans++; continue; }
      const val = v as Value;
      if (acc.lower === undefined || compareValues(val, acc.lower) < 0) acc.lower = val;
      if (acc.upper === undefined || compareValues(val, acc.upper) > 0) acc.upper = val;
    }
    valueCounts.set(leaf.id, BigInt(acc.values));
    nullValueCounts.set(leaf.id, BigInt(acc.nulls));
    if (leaf.type.kind === 'float' || leaf.type.kind === 'double') nanValueCounts.set(leaf.id, BigInt(acc.nans));
    const [lo, hi] = bounds(leaf.type, acc, truncate);
    if (lo) lowerBounds.set(leaf.id, lo);
    if (hi) upperBounds.set(leaf.id, hi);
  }
  return { valueCounts, nullValueCounts, nanValueCounts, lowerBounds, upperBounds };
}

function isContainer(t: IcebergType): boolean {
  return t.kind === 'list' || t.kind === 'map' || t.kind === 'struct';
}

export function bounds(t: PrimitiveType, acc: Acc, n: number): [Uint8Array | undefined, Uint8Array | undefined] {
  if (acc.lower === undefined || acc.upper === undefined) return [undefined, undefined];
  // -0.0 must precede +0.0 in bounds (spec "Manifests", IEEE 754 totalOrder): compareValues already orders them so.
  if (t.kind === 'string') {
    const hi = truncateUpperString(acc.upper as string, n);
    return [encodeBinaryValue(t, truncateLowerString(acc.lower as string, n)), hi === undefined ? undefined : encodeBinaryValue(t, hi)];
  }
  if (t.kind === 'binary') {
    return [truncateLowerBinary(acc.lower as Uint8Array, n), truncateUpperBinary(acc.upper as Uint8Array, n)];
  }
  try {
    return [encodeBinaryValue(t, acc.lower), encodeBinaryValue(t, acc.upper)];
  } catch (e) {
    throw internalError(`iceberg write: cannot encode bounds of ${t.kind}`, {}, { cause: e });
  }
}
