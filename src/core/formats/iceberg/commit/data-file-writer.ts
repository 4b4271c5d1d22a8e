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
import { normalizeRow, type Row } from './row-values.ts';

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
   * field ids ({@link arrowFieldOf}), the file is encoded by arrow-rs (about 5x faster); else hyparquet-writer.
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
  const normalized = rows.map((r, i) => normalizeRow(r, fields, i));
  const arrowFields = opts.wasm ? fields.map(arrowFieldOf) : [];
  if (opts.wasm && arrowFields.every((f) => f !== undefined)) return writeWithWasm(opts.wasm, normalized, fields, arrowFields as Field[], opts);
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
 * parquet-wasm path: columns go into Arrow buffers (with metrics gathered in the same pass), then one
 * Arrow IPC hop into wasm and arrow-rs encodes them. Values are exact: 64-bit and decimal values are
 * written from bigints into BigInt64Array / 128-bit two's complement words, never through doubles.
 */
function writeWithWasm(pw: ParquetWasm, rows: readonly Record<string, unknown>[], fields: readonly NestedField[], arrowFields: Field[], opts: ParquetWriteOptions): WrittenParquet {
  const truncate = opts.boundTruncate ?? DEFAULT_BOUND_TRUNCATE;
  const metrics: Omit<FileMetrics, 'columnSizes'> = {
    valueCounts: new Map(), nullValueCounts: new Map(), nanValueCounts: new Map(), lowerBounds: new Map(), upperBounds: new Map(),
  };
  const children = fields.map((f, k) => {
    const values = rows.map((r) => r[f.name]);
    const { data, acc } = arrowColumn(arrowFields[k], f.type as PrimitiveType, values);
    addMetrics(metrics, f.id, f.type as PrimitiveType, acc, truncate);
    return data;
  });
  const schema = new Schema(arrowFields);
  const batch = new RecordBatch(schema, makeData({ type: new Struct(arrowFields), length: rows.length, nullCount: 0, children }));
  let bytes: Uint8Array;
  try {
    let props = new pw.WriterPropertiesBuilder().setCompression(pw.Compression[opts.codec ?? 'SNAPPY']).setCreatedBy('lakescope (parquet-wasm)');
    if (opts.rowGroupSize) props = props.setMaxRowGroupSize(opts.rowGroupSize);
    if (opts.keyValueMetadata && Object.keys(opts.keyValueMetadata).length) props = props.setKeyValueMetadata(new Map(Object.entries(opts.keyValueMetadata)));
    bytes = pw.writeParquet(pw.Table.fromIPCStream(tableToIPC(new Table([batch]), 'stream')), props.build());
  } catch (e) {
    throw toLakeError(e, 'iceberg write: cannot encode parquet (parquet-wasm)', {}, 'Internal');
  }
  const { columnSizes, splitOffsets } = footerFacts(bytes);
  return { bytes, recordCount: BigInt(rows.length), metrics: { ...metrics, columnSizes }, splitOffsets };
}

/** One column's Arrow data from normalized values, with its value/null/NaN counts and min/max. */
function arrowColumn(field: Field, t: PrimitiveType, values: readonly unknown[]): { data: Data; acc: Acc } {
  const n = values.length;
  let nulls = 0;
  for (let i = 0; i < n; i++) if (values[i] === null || values[i] === undefined) nulls++;
  const acc: Acc = { values: n, nulls, nans: 0 };
  const validity = new Uint8Array((n + 7) >> 3);
  // Integers and bigints order with `<`; floats (-0 before +0), strings (code points) and bytes need compareValues.
  const plain = t.kind !== 'float' && t.kind !== 'double' && t.kind !== 'string' && t.kind !== 'binary' && t.kind !== 'fixed';
  const seen = (v: Value) => {
    if (acc.lower === undefined) { acc.lower = v; acc.upper = v; return; }
    if (plain ? v < acc.lower : compareValues(v, acc.lower) < 0) acc.lower = v;
    else if (plain ? v > acc.upper! : compareValues(v, acc.upper!) > 0) acc.upper = v;
  };
  const each = (put: (i: number, v: never) => void) => {
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (v === null || v === undefined) continue;
      validity[i >> 3] |= 1 << (i & 7);
      put(i, v as never);
      if (typeof v === 'number' && Number.isNaN(v)) acc.nans++;
      else seen(v as Value);
    }
  };
  // The bitmap is filled by `each` before makeData reads it.
  const base = { type: field.type, length: n, nullCount: nulls, nullBitmap: nulls ? validity : undefined };
  let data: Data;
  switch (t.kind) {
    case 'boolean': {
      const bits = new Uint8Array((n + 7) >> 3);
      each((i, v: boolean) => { if (v) bits[i >> 3] |= 1 << (i & 7); });
      data = makeData({ ...base, data: bits } as never);
      break;
    }
    case 'int': case 'date': { const a = new Int32Array(n); each((i, v: number) => { a[i] = v; }); data = makeData({ ...base, data: a } as never); break; }
    case 'float': { const a = new Float32Array(n); each((i, v: number) => { a[i] = v; }); data = makeData({ ...base, data: a } as never); break; }
    case 'double': { const a = new Float64Array(n); each((i, v: number) => { a[i] = v; }); data = makeData({ ...base, data: a } as never); break; }
    case 'long': case 'time': case 'timestamp': case 'timestamptz': case 'timestamp_ns': case 'timestamptz_ns': {
      const a = new BigInt64Array(n); each((i, v: bigint) => { a[i] = v; }); data = makeData({ ...base, data: a } as never); break;
    }
    case 'decimal': {
      // Decimal128: two little-endian 64-bit words per value, two's complement (precision ≤ 38 fits).
      const a = new BigInt64Array(2 * n);
      each((i, v: bigint) => { a[2 * i] = BigInt.asIntN(64, v); a[2 * i + 1] = BigInt.asIntN(64, v >> 64n); });
      data = makeData({ ...base, data: new Uint32Array(a.buffer) } as never);
      break;
    }
    case 'fixed': {
      const a = new Uint8Array(n * t.length); each((i, v: Uint8Array) => { a.set(v, i * t.length); }); data = makeData({ ...base, data: a } as never); break;
    }
    case 'string': case 'binary': {
      const offsets = new Int32Array(n + 1);
      let buf = new Uint8Array(Math.max(64, n * 16)); let end = 0;
      const enc = new TextEncoder();
      const room = (k: number) => { if (end + k > buf.length) { const b = new Uint8Array(Math.max(buf.length * 2, end + k)); b.set(buf.subarray(0, end)); buf = b; } };
      for (let i = 0; i < n; i++) {
        const v = values[i];
        if (v !== null && v !== undefined) {
          if (typeof v === 'string') { room(v.length * 3); end += enc.encodeInto(v, buf.subarray(end)).written; } else { room((v as Uint8Array).length); buf.set(v as Uint8Array, end); end += (v as Uint8Array).length; }
          if (end > 0x7fffffff) throw new LakeError('Unsupported', `iceberg write: column ${field.name} holds over 2 GiB in one file`, { column: field.name });
        }
        offsets[i + 1] = end;
      }
      each(() => undefined);
      data = makeData({ ...base, valueOffsets: offsets, data: buf.subarray(0, end) } as never);
      break;
    }
    default:
      throw new LakeError('Internal', `iceberg write: no Arrow column for ${t.kind}`, { column: field.name });
  }
  return { data, acc };
}

function addMetrics(m: Omit<FileMetrics, 'columnSizes'>, id: number, t: PrimitiveType, acc: Acc, truncate: number): void {
  m.valueCounts.set(id, BigInt(acc.values));
  m.nullValueCounts.set(id, BigInt(acc.nulls));
  if (t.kind === 'float' || t.kind === 'double') m.nanValueCounts.set(id, BigInt(acc.nans));
  const [lo, hi] = bounds(t, acc, truncate);
  if (lo) m.lowerBounds.set(id, lo);
  if (hi) m.upperBounds.set(id, hi);
}

/** Column sizes by field id and row group offsets, read back from the footer just written. */
function footerFacts(bytes: Uint8Array): { columnSizes: Map<number, bigint>; splitOffsets: bigint[] } {
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

interface Acc { values: number; nulls: number; nans: number; lower?: Value; upper?: Value }

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

function bounds(t: PrimitiveType, acc: Acc, n: number): [Uint8Array | undefined, Uint8Array | undefined] {
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
    throw new LakeError('Internal', `iceberg write: cannot encode bounds of ${t.kind}`, {}, { cause: e });
  }
}
