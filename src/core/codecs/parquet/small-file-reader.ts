/**
 * Small Parquet files → Arrow without parquet-wasm. For a file of a few rows the fixed cost of
 * parquet-wasm (copying the file into wasm memory, arrow-rs reader set-up, an Arrow IPC stream written
 * in wasm and parsed again by apache-arrow) is most of the read: profiled over 1,000 one-row files, wasm
 * + IPC were ~60% of the CPU of reading them from memory. hyparquet decodes such a file's columns
 * straight into JavaScript arrays, which become Arrow buffers here with no IPC round trip.
 *
 * Only flat (non-repeated, childless) top-level columns of types whose Arrow form is unambiguous are
 * handled; anything else — and any file carrying an `ARROW:schema` (arrow-rs would restore the writer's
 * Arrow types from it) — makes {@link readSmallParquetRowGroup} answer `undefined`, and the caller
 * decodes with parquet-wasm as before. The Arrow types are those parquet-wasm (arrow-rs) gives the same
 * columns: Bool, Int32, Int64, Float32/64, Date32 (day), Timestamp in the file's unit, Utf8 for
 * STRING/UTF8 byte arrays, Binary for bare ones, FixedSizeBinary; fields carry `PARQUET:field_id`.
 *
 * The file is in memory, so each column chunk is decoded by hyparquet's column reader directly
 * (`readColumn`, what `parquetRead` calls per chunk) — without `parquetRead`'s query plan, fetch
 * coalescing and promise per column, which over one-row files cost more than the decoding.
 */
import { Binary, Bool, Data, DataType, DateDay, Field, FixedSizeBinary, Float32, Float64, Int32, Int64, type RecordBatch, TimeUnit, Timestamp, Utf8 } from 'apache-arrow';
import { batchFromColumns } from '../../arrow/columns.ts';
import { parquetSchema, type DecodedArray, type FileMetaData, type SchemaElement } from 'hyparquet';
import { readColumn } from 'hyparquet/src/column.js';
import { DEFAULT_PARSERS } from 'hyparquet/src/convert.js';
import { getTreePath } from 'hyparquet/src/schema.js';
import { boundedCompressors as compressors } from './bounded-compressors.ts';
import { toLakeError, type LakeErrorContext } from '../../errors.ts';
import { parquetFields, PARQUET_FIELD_ID_KEY, type ParquetField } from './schema.ts';

/** Files up to this size may take the small-file path (about where hyparquet stops being cheaper). */
export const SMALL_PARQUET_MAX_BYTES = 64 * 1024;

/** Parsers that keep the stored values (no Date objects, no string decoding): the Arrow buffers take them as they are. */
const RAW_PARSERS = {
  ...DEFAULT_PARSERS,
  timestampFromMilliseconds: (v: bigint) => v,
  timestampFromMicroseconds: (v: bigint) => v,
  timestampFromNanoseconds: (v: bigint) => v,
  dateFromDays: (days: number) => days,
  stringFromBytes: (b: Uint8Array) => b,
  uuidFromBytes: (b: Uint8Array) => b,
};

/** The Arrow type of a flat column, or undefined when this path does not decode it. */
export function smallFileArrowType(f: ParquetField): DataType | undefined {
  if (f.children.length > 0 || f.repetition === 'REPEATED') return undefined;
  const lt = f.logicalType; const ct = f.convertedType;
  switch (f.physicalType) {
    case 'BOOLEAN': return !lt && !ct ? new Bool() : undefined;
    case 'INT32':
      if (lt?.type === 'DATE' || (!lt && ct === 'DATE')) return new DateDay();
      if ((!lt && (!ct || ct === 'INT_32')) || (lt?.type === 'INTEGER' && lt.bitWidth === 32 && lt.isSigned && (!ct || ct === 'INT_32'))) return new Int32();
      return undefined;
    case 'INT64':
      if ((!lt && (!ct || ct === 'INT_64')) || (lt?.type === 'INTEGER' && lt.bitWidth === 64 && lt.isSigned && (!ct || ct === 'INT_64'))) return new Int64();
      if (lt?.type === 'TIMESTAMP') {
        const unit = { MILLIS: TimeUnit.MILLISECOND, MICROS: TimeUnit.MICROSECOND, NANOS: TimeUnit.NANOSECOND }[lt.unit];
        return unit === undefined ? undefined : new Timestamp(unit, lt.isAdjustedToUTC ? '+00:00' : null);
      }
      if (!lt && ct === 'TIMESTAMP_MILLIS') return new Timestamp(TimeUnit.MILLISECOND, '+00:00');
      if (!lt && ct === 'TIMESTAMP_MICROS') return new Timestamp(TimeUnit.MICROSECOND, '+00:00');
      return undefined;
    case 'FLOAT': return !lt && !ct ? new Float32() : undefined;
    case 'DOUBLE': return !lt && !ct ? new Float64() : undefined;
    case 'BYTE_ARRAY':
      if (lt?.type === 'STRING' || (!lt && ct === 'UTF8')) return new Utf8();
      return !lt && !ct ? new Binary() : undefined;
    case 'FIXED_LEN_BYTE_ARRAY':
      return f.typeLength !== undefined && ((!lt && !ct) || lt?.type === 'UUID') ? new FixedSizeBinary(f.typeLength) : undefined;
    default: return undefined;
  }
}

/**
 * The named top-level columns of row group `rowGroup` as one batch (columns in the order given, names
 * absent from the file skipped), or `undefined` when the file or a column is outside this path's types.
 * Must hold: the values are those parquet-wasm decodes for the same columns, in the same Arrow types;
 * corrupt input → LakeError DataInvalid `parquet: …` with the context given.
 */
export function readSmallParquetRowGroup(bytes: Uint8Array, metadata: FileMetaData, rowGroup: number, columns: readonly string[],
  context: LakeErrorContext = {}, fields: readonly ParquetField[] = parquetFields(metadata)): RecordBatch | undefined {
  if (metadata.key_value_metadata?.some((kv) => kv.key === 'ARROW:schema')) return undefined;
  const picked: { field: ParquetField; type: DataType }[] = [];
  for (const name of columns) {
    const field = fields.find((f) => f.name === name);
    if (!field) continue;
    const type = smallFileArrowType(field);
    if (!type) return undefined;
    picked.push({ field, type });
  }
  try {
    const group = metadata.row_groups[rowGroup];
    if (!group) throw new Error(`no row group ${rowGroup} (the file has ${metadata.row_groups.length})`);
    const rows = Number(group.num_rows);
    const tree = picked.length > 0 && rows > 0 ? parquetSchema(metadata) : undefined;
    const children = picked.map(({ field, type }) => columnData(type, tree ? chunkValues(bytes, group, tree, field.name, rows) : []));
    const arrowFields = picked.map(({ field }, i) => new Field(field.name, children[i]!.type, field.repetition !== 'REQUIRED',
      field.fieldId === undefined ? undefined : new Map([[PARQUET_FIELD_ID_KEY, String(field.fieldId)]])));
    return batchFromColumns(arrowFields, children, rows);
  } catch (e) {
    throw toLakeError(e, `parquet: cannot decode row group ${rowGroup}`, { ...context, rowGroup }, 'DataInvalid');
  }
}

type RowGroup = FileMetaData['row_groups'][number];

/** The `rows` values of top-level column `name` in row group `group`, decoded from its column chunk in `bytes`. */
function chunkValues(bytes: Uint8Array, group: RowGroup, tree: ReturnType<typeof parquetSchema>, name: string, rows: number): ArrayLike<unknown> {
  const chunk = group.columns.find((c) => c.meta_data?.path_in_schema.length === 1 && c.meta_data.path_in_schema[0] === name);
  const meta = chunk?.meta_data;
  if (!chunk || !meta) throw new Error(`column ${name} has no column chunk`);
  if (chunk.file_path) throw new Error(`column ${name} is in another file (${chunk.file_path}), which is not supported`);
  // Where hyparquet's planner starts a chunk: its dictionary page, else its first data page.
  const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
  const length = Number(meta.total_compressed_size);
  if (!(start >= 0 && length >= 0 && start + length <= bytes.byteLength)) {
    throw new Error(`column ${name}: chunk [${start}, ${start + length}) outside the file of ${bytes.byteLength} bytes`);
  }
  const schemaPath = getTreePath(tree, meta.path_in_schema);
  const decoder = {
    pathInSchema: meta.path_in_schema, type: meta.type, element: storedElement(schemaPath[schemaPath.length - 1]!.element), schemaPath,
    codec: meta.codec, parsers: RAW_PARSERS as never, compressors, utf8: false,
  };
  const reader = { view: new DataView(bytes.buffer, bytes.byteOffset + start, length), offset: 0 };
  const { data } = readColumn(reader, { groupStart: 0, selectStart: 0, selectEnd: rows, groupRows: rows }, decoder);
  const values = data.length === 1 ? data[0]! : concatValues(data);
  if (values.length < rows) throw new Error(`column ${name} decoded ${values.length} of ${rows} rows`);
  return values.length === rows ? values : values.slice(0, rows);
}

/**
 * The column's schema element without its converted and logical type: hyparquet's `convert` then hands
 * the stored values over as they are (typed arrays stay typed arrays). For the types this path takes
 * ({@link smallFileArrowType}: no decimals, no unsigned integers, no INT96) the conversion with
 * RAW_PARSERS was the identity anyway, at a cost per column chunk visible in profiles of one-row files.
 */
function storedElement(e: SchemaElement): SchemaElement {
  return e.converted_type === undefined && e.logical_type === undefined ? e : { ...e, converted_type: undefined, logical_type: undefined };
}

/** Pages' values in one array. */
function concatValues(parts: readonly DecodedArray[]): unknown[] {
  const out: unknown[] = [];
  for (const p of parts) for (let i = 0; i < p.length; i++) out.push(p[i]);
  return out;
}

/** Arrow data of `type` from decoded values (null/undefined = null), built directly (makeData's visitor showed in profiles). */
function columnData(type: DataType, values: ArrayLike<unknown>): Data {
  const n = values.length;
  let nullCount = 0;
  let nullBitmap = NO_NULLS;
  for (let i = 0; i < n; i++) if (values[i] === null || values[i] === undefined) nullCount++;
  if (nullCount > 0) {
    nullBitmap = new Uint8Array((n + 7) >> 3);
    for (let i = 0; i < n; i++) if (values[i] !== null && values[i] !== undefined) nullBitmap[i >> 3]! |= 1 << (i & 7);
  }
  // Built by dataOf, not a closure made per column: the CLI runs through tsx, whose keep-names wrapper
  // costs a defineProperty per named closure made.
  if (type instanceof Utf8 || type instanceof Binary) {
    const offsets = new Int32Array(n + 1);
    let size = 0;
    for (let i = 0; i < n; i++) { size += (values[i] as Uint8Array | null)?.length ?? 0; offsets[i + 1] = size; }
    const bytes = new Uint8Array(size);
    for (let i = 0; i < n; i++) { const v = values[i] as Uint8Array | null; if (v) bytes.set(v, offsets[i]!); }
    return dataOf(type, n, nullCount, nullBitmap, offsets, bytes);
  }
  if (type instanceof FixedSizeBinary) {
    const bytes = new Uint8Array(n * type.byteWidth);
    for (let i = 0; i < n; i++) { const v = values[i] as Uint8Array | null; if (v) bytes.set(v.subarray(0, type.byteWidth), i * type.byteWidth); }
    return dataOf(type, n, nullCount, nullBitmap, undefined, bytes);
  }
  if (type instanceof Bool) {
    const bits = new Uint8Array((n + 7) >> 3);
    for (let i = 0; i < n; i++) if (values[i] === true) bits[i >> 3]! |= 1 << (i & 7);
    return dataOf(type, n, nullCount, nullBitmap, undefined, bits);
  }
  const out = type instanceof Int64 || type instanceof Timestamp ? new BigInt64Array(n)
    : type instanceof Float32 ? new Float32Array(n) : type instanceof Float64 ? new Float64Array(n) : new Int32Array(n);
  if (out instanceof BigInt64Array) for (let i = 0; i < n; i++) out[i] = values[i] == null ? 0n : BigInt(values[i] as bigint | number);
  else for (let i = 0; i < n; i++) out[i] = values[i] == null ? 0 : Number(values[i]);
  return dataOf(type, n, nullCount, nullBitmap, undefined, out);
}

/** A column's Data; buffers in Data's order: value offsets, values, validity (apache-arrow BufferType). */
function dataOf(type: DataType, n: number, nullCount: number, nullBitmap: Uint8Array, offsets: Int32Array | undefined, values: ArrayBufferView): Data {
  return new Data(type, 0, n, nullCount, [offsets, values, nullBitmap] as never);
}

/** The validity buffer of a column without nulls (what makeData gives it). */
const NO_NULLS = new Uint8Array(0);
