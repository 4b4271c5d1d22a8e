/**
 * The part of a Parquet footer that decoding a file needs, read straight from its Thrift compact bytes
 * (Parquet format, "Metadata": FileMetaData, SchemaElement, RowGroup, ColumnChunk, ColumnMetaData;
 * Thrift "Compact Protocol"): the schema, the row count, each row group's row count and column chunks
 * (type, encodings, path, codec, value count, sizes, page offsets) and the key/value metadata.
 * Column statistics, encoding stats, page-index, bloom-filter and size-statistics fields are skipped
 * without being decoded — a file read whole for its rows needs none of them.
 *
 * Why not hyparquet's `parquetMetadata`: it decodes every field into an object keyed `field_<id>`
 * and then converts statistics (Date objects for timestamps) — for a one-row file's 300-byte footer
 * ~27 µs, a tenth of the client's CPU per file in time travel over one-row files (issue 17). This
 * reader gives hyparquet's FileMetaData shape for the fields it decodes (read-footer.test.ts compares
 * them with hyparquet's on every fixture file), so hyparquet's column reader takes it as it is.
 *
 * Anything outside the common case — a union member or container type this reader does not know, a
 * GeoParquet `geo` key (hyparquet marks columns from it), bytes that do not decode — gives `undefined`,
 * and the caller parses with hyparquet, which also words the errors.
 */
import type { FileMetaData, LogicalType, SchemaElement } from 'hyparquet';
import { CompressionCodecs, ConvertedTypes, Encodings, FieldRepetitionTypes, ParquetTypes } from 'hyparquet/src/constants.js';

// Thrift compact protocol type ids.
const TRUE = 1; const FALSE = 2; const BYTE = 3; const I16 = 4; const I32 = 5; const I64 = 6; const DOUBLE = 7;
const BINARY = 8; const LIST = 9; const SET = 10; const MAP = 11; const STRUCT = 12;

/** Thrown inside the reader for anything it leaves to hyparquet; never escapes {@link readFooterForDecoding}. */
class NotHere extends Error {}

/** A cursor over the footer's bytes. */
class Reader {
  pos: number;
  constructor(readonly b: Uint8Array, pos: number, readonly end: number) { this.pos = pos; }

  byte(): number {
    if (this.pos >= this.end) throw new NotHere();
    return this.b[this.pos++]!;
  }

  varint(): number {
    let out = 0; let mul = 1;
    for (;;) {
      const x = this.byte();
      out += (x & 0x7f) * mul;
      if (!(x & 0x80)) return out;
      mul *= 128;
      if (mul > 2 ** 49) throw new NotHere(); // beyond 2^53: not a 32-bit field; 64-bit ones use bigVarint
    }
  }

  i32(): number { const z = this.varint(); return z % 2 === 0 ? z / 2 : -(z + 1) / 2; }

  i64(): bigint {
    const start = this.pos;
    let out = 0; let mul = 1;
    for (let i = 0; i < 7; i++) {
      const x = this.byte();
      out += (x & 0x7f) * mul;
      if (!(x & 0x80)) return BigInt(out % 2 === 0 ? out / 2 : -(out + 1) / 2);
      mul *= 128;
    }
    this.pos = start;
    let big = 0n; let shift = 0n;
    for (;;) {
      const x = this.byte();
      big |= BigInt(x & 0x7f) << shift;
      if (!(x & 0x80)) return (big >> 1n) ^ -(big & 1n);
      shift += 7n;
      if (shift > 70n) throw new NotHere();
    }
  }

  string(): string {
    const n = this.varint();
    if (this.pos + n > this.end) throw new NotHere();
    const start = this.pos;
    this.pos += n;
    // Names and keys are short ASCII almost always: skip TextDecoder's per-call cost for them.
    if (n <= 64) {
      let s = '';
      for (let i = start; i < start + n; i++) {
        const c = this.b[i]!;
        if (c >= 0x80) return decoder.decode(this.b.subarray(start, start + n));
        s += String.fromCharCode(c);
      }
      return s;
    }
    return decoder.decode(this.b.subarray(start, start + n));
  }

  /** A list header: element type and count. */
  list(): { type: number; size: number } {
    const h = this.byte();
    const size = h >> 4 === 15 ? this.varint() : h >> 4;
    return { type: h & 0x0f, size };
  }

  /** Type of the field whose header {@link next} read last. */
  type = 0;

  /**
   * Reads the header of the struct field after field `last` (0 for the first): returns its id and sets
   * {@link type}, or returns -1 at the struct's end. Loops, not callbacks, walk the structs: a callback per
   * struct made the call sites megamorphic and cost more than the decoding.
   */
  next(last: number): number {
    const h = this.byte();
    const type = h & 0x0f;
    if (type === 0) return -1;
    const delta = h >> 4;
    const id = delta ? last + delta : this.i32();
    this.type = type;
    return id;
  }

  /** Skips a value of `type` (in a struct: a boolean's value is its type). */
  skip(type: number, inList = false): void {
    switch (type) {
      case TRUE: case FALSE: if (inList) this.pos++; return;
      case BYTE: this.pos++; return;
      case I16: case I32: case I64: this.varintSkip(); return;
      case DOUBLE: this.pos += 8; return;
      case BINARY: { const n = this.varint(); this.pos += n; return; }
      case LIST: case SET: { const { type: t, size } = this.list(); for (let i = 0; i < size; i++) this.skip(t, true); return; }
      case STRUCT: for (let id = this.next(0); id >= 0; id = this.next(id)) this.skip(this.type); return;
      case MAP: {
        const n = this.varint();
        if (n === 0) return;
        const kv = this.byte();
        for (let i = 0; i < n; i++) { this.skip(kv >> 4, true); this.skip(kv & 0x0f, true); }
        return;
      }
      default: throw new NotHere();
    }
  }

  private varintSkip(): void {
    for (let i = 0; i < 10; i++) if (!(this.byte() & 0x80)) return;
    throw new NotHere();
  }
}

const decoder = new TextDecoder();

/** A boolean field's value (its type, in a struct). */
function bool(type: number): boolean {
  if (type !== TRUE && type !== FALSE) throw new NotHere();
  return type === TRUE;
}

function want(type: number, wanted: number): void {
  if (type !== wanted) throw new NotHere();
}

/**
 * The FileMetaData of a whole Parquet file in memory for decoding it, or `undefined` when this reader
 * leaves the file to hyparquet's `parquetMetadata` (see the file comment). Must hold: every field it
 * gives equals hyparquet's for the same bytes; `statistics`, `encoding_stats`, `bloom_filter_*`,
 * `size_statistics`, `geospatial_statistics`, column key/value metadata, page-index offsets and row
 * groups' `sorting_columns` are absent.
 */
export function readFooterForDecoding(bytes: Uint8Array): FileMetaData | undefined {
  const n = bytes.byteLength;
  if (n < 12 || bytes[n - 4] !== 0x50 || bytes[n - 3] !== 0x41 || bytes[n - 2] !== 0x52 || bytes[n - 1] !== 0x31) return undefined;
  const length = (bytes[n - 8]! | (bytes[n - 7]! << 8) | (bytes[n - 6]! << 16) | (bytes[n - 5]! << 24)) >>> 0;
  if (length > n - 8) return undefined;
  try {
    const meta = fileMetaData(new Reader(bytes, n - 8 - length, n - 8));
    return meta.key_value_metadata?.some((kv) => kv.key === 'geo') ? undefined : { ...meta, metadata_length: length };
  } catch (e) {
    if (e instanceof NotHere || e instanceof RangeError) return undefined;
    throw e;
  }
}

function fileMetaData(r: Reader): Omit<FileMetaData, 'metadata_length'> {
  let version = 0; let schema: SchemaElement[] = []; let numRows = 0n; let rowGroups: FileMetaData['row_groups'] = [];
  let kv: FileMetaData['key_value_metadata']; let createdBy: string | undefined;
  let seen = 0;
  for (let id = r.next(0); id >= 0; id = r.next(id)) {
    const type = r.type;
    if (id === 1) { want(type, I32); version = r.i32(); seen |= 1; }
    else if (id === 2) { want(type, LIST); schema = listOf(r, STRUCT, schemaElement); seen |= 2; }
    else if (id === 3) { want(type, I64); numRows = r.i64(); seen |= 4; }
    else if (id === 4) { want(type, LIST); rowGroups = listOf(r, STRUCT, rowGroup); seen |= 8; }
    else if (id === 5) { want(type, LIST); kv = listOf(r, STRUCT, keyValue); }
    else if (id === 6) { want(type, BINARY); createdBy = r.string(); }
    else if (id === 8 || id === 9) throw new NotHere(); // an encrypted footer's algorithm and key: hyparquet's business
    else r.skip(type);
  }
  if (seen !== 15) throw new NotHere(); // required fields missing: let hyparquet word it
  return { version, schema, num_rows: numRows, row_groups: rowGroups, key_value_metadata: kv, created_by: createdBy };
}

function listOf<T>(r: Reader, elemType: number, read: (r: Reader) => T): T[] {
  const { type, size } = r.list();
  if (size > 0 && type !== elemType) throw new NotHere();
  const out = new Array<T>(size);
  for (let i = 0; i < size; i++) out[i] = read(r);
  return out;
}

const encoding = (r: Reader) => enumOf(Encodings, r);
const stringOf = (r: Reader) => r.string();

function enumOf<T>(names: readonly T[], r: Reader): T {
  const v = r.i32();
  return names[v] as T; // as hyparquet: an unknown value maps to undefined
}

function schemaElement(r: Reader): SchemaElement {
  const e: { -readonly [K in keyof SchemaElement]: SchemaElement[K] } = {
    type: undefined, type_length: undefined, repetition_type: undefined, name: '', num_children: undefined,
    converted_type: undefined, scale: undefined, precision: undefined, field_id: undefined, logical_type: undefined,
  };
  for (let id = r.next(0); id >= 0; id = r.next(id)) {
    const type = r.type;
    switch (id) {
      case 1: want(type, I32); e.type = enumOf(ParquetTypes, r); continue;
      case 2: want(type, I32); e.type_length = r.i32(); continue;
      case 3: want(type, I32); e.repetition_type = enumOf(FieldRepetitionTypes, r); continue;
      case 4: want(type, BINARY); e.name = r.string(); continue;
      case 5: want(type, I32); e.num_children = r.i32(); continue;
      case 6: want(type, I32); e.converted_type = enumOf(ConvertedTypes, r); continue;
      case 7: want(type, I32); e.scale = r.i32(); continue;
      case 8: want(type, I32); e.precision = r.i32(); continue;
      case 9: want(type, I32); e.field_id = r.i32(); continue;
      case 10: want(type, STRUCT); e.logical_type = logicalType(r); continue;
      default: r.skip(type);
    }
  }
  return e as SchemaElement;
}

/** The LogicalType union as hyparquet names it; members it leaves raw (or this reader does not know) → NotHere. */
function logicalType(r: Reader): LogicalType | undefined {
  let out: LogicalType | undefined;
  for (let id = r.next(0); id >= 0; id = r.next(id)) {
    const type = r.type;
    if (out !== undefined) throw new NotHere(); // a union has one member
    want(type, STRUCT);
    switch (id) {
      case 1: out = { type: 'STRING' }; r.skip(type); continue;
      case 2: out = { type: 'MAP' }; r.skip(type); continue;
      case 3: out = { type: 'LIST' }; r.skip(type); continue;
      case 4: out = { type: 'ENUM' }; r.skip(type); continue;
      case 5: {
        let scale: number | undefined; let precision: number | undefined;
        for (let f = r.next(0); f >= 0; f = r.next(f)) { const t = r.type; if (f === 1) { want(t, I32); scale = r.i32(); } else if (f === 2) { want(t, I32); precision = r.i32(); } else r.skip(t); }
        out = { type: 'DECIMAL', scale: scale!, precision: precision! };
        continue;
      }
      case 6: out = { type: 'DATE' }; r.skip(type); continue;
      case 7: case 8: {
        let utc: boolean | undefined; let unit: 'MILLIS' | 'MICROS' | 'NANOS' | undefined;
        for (let f = r.next(0); f >= 0; f = r.next(f)) {
          const t = r.type;
          if (f === 1) utc = bool(t);
          else if (f === 2) { want(t, STRUCT); for (let u = r.next(0); u >= 0; u = r.next(u)) { const ut = r.type; unit ??= u === 1 ? 'MILLIS' : u === 2 ? 'MICROS' : u === 3 ? 'NANOS' : undefined; r.skip(ut); } }
          else r.skip(t);
        }
        if (unit === undefined) throw new NotHere(); // hyparquet: "parquet time unit required"
        out = { type: id === 7 ? 'TIME' : 'TIMESTAMP', isAdjustedToUTC: utc!, unit };
        continue;
      }
      case 10: {
        let bitWidth: number | undefined; let isSigned: boolean | undefined;
        for (let f = r.next(0); f >= 0; f = r.next(f)) { const t = r.type; if (f === 1) { want(t, BYTE); bitWidth = (r.byte() << 24) >> 24; } else if (f === 2) isSigned = bool(t); else r.skip(t); }
        out = { type: 'INTEGER', bitWidth: bitWidth!, isSigned: isSigned! };
        continue;
      }
      case 11: out = { type: 'NULL' }; r.skip(type); continue;
      case 12: out = { type: 'JSON' }; r.skip(type); continue;
      case 13: out = { type: 'BSON' }; r.skip(type); continue;
      case 14: out = { type: 'UUID' }; r.skip(type); continue;
      case 15: out = { type: 'FLOAT16' }; r.skip(type); continue;
      default: throw new NotHere(); // VARIANT, GEOMETRY, GEOGRAPHY, newer members
    }
  }
  return out;
}

function rowGroup(r: Reader): FileMetaData['row_groups'][number] {
  let columns: FileMetaData['row_groups'][number]['columns'] = []; let totalByteSize = 0n; let numRows = 0n;
  let fileOffset: bigint | undefined; let totalCompressed: bigint | undefined; let ordinal: number | undefined;
  for (let id = r.next(0); id >= 0; id = r.next(id)) {
    const type = r.type;
    switch (id) {
      case 1: want(type, LIST); columns = listOf(r, STRUCT, columnChunk); continue;
      case 2: want(type, I64); totalByteSize = r.i64(); continue;
      case 3: want(type, I64); numRows = r.i64(); continue;
      case 5: want(type, I64); fileOffset = r.i64(); continue;
      case 6: want(type, I64); totalCompressed = r.i64(); continue;
      case 7: want(type, I16); ordinal = r.i32(); continue;
      default: r.skip(type);
    }
  }
  return { columns, total_byte_size: totalByteSize, num_rows: numRows, file_offset: fileOffset, total_compressed_size: totalCompressed, ordinal } as FileMetaData['row_groups'][number];
}

function columnChunk(r: Reader): FileMetaData['row_groups'][number]['columns'][number] {
  let filePath: string | undefined; let fileOffset = 0n; let meta: ColumnMeta | undefined;
  for (let id = r.next(0); id >= 0; id = r.next(id)) {
    const type = r.type;
    if (id === 1) { want(type, BINARY); filePath = r.string(); }
    else if (id === 2) { want(type, I64); fileOffset = r.i64(); }
    else if (id === 3) { want(type, STRUCT); meta = columnMeta(r); }
    else if (id === 8 || id === 9) throw new NotHere(); // encrypted column metadata
    else r.skip(type);
  }
  return { file_path: filePath, file_offset: fileOffset, meta_data: meta } as FileMetaData['row_groups'][number]['columns'][number];
}

type ColumnMeta = NonNullable<FileMetaData['row_groups'][number]['columns'][number]['meta_data']>;

function columnMeta(r: Reader): ColumnMeta {
  const m = {
    type: undefined as unknown, encodings: undefined as unknown, path_in_schema: [] as string[], codec: undefined as unknown,
    num_values: 0n, total_uncompressed_size: 0n, total_compressed_size: 0n, data_page_offset: 0n,
    index_page_offset: undefined as bigint | undefined, dictionary_page_offset: undefined as bigint | undefined,
  };
  for (let id = r.next(0); id >= 0; id = r.next(id)) {
    const type = r.type;
    switch (id) {
      case 1: want(type, I32); m.type = enumOf(ParquetTypes, r); continue;
      case 2: want(type, LIST); m.encodings = listOf(r, I32, encoding); continue;
      case 3: want(type, LIST); m.path_in_schema = listOf(r, BINARY, stringOf); continue;
      case 4: want(type, I32); m.codec = enumOf(CompressionCodecs, r); continue;
      case 5: want(type, I64); m.num_values = r.i64(); continue;
      case 6: want(type, I64); m.total_uncompressed_size = r.i64(); continue;
      case 7: want(type, I64); m.total_compressed_size = r.i64(); continue;
      case 9: want(type, I64); m.data_page_offset = r.i64(); continue;
      case 10: want(type, I64); m.index_page_offset = r.i64(); continue;
      case 11: want(type, I64); m.dictionary_page_offset = r.i64(); continue;
      default: r.skip(type); // 8 key/value metadata, 12 statistics, 13 encoding stats, 14–17 bloom filter, size and geospatial statistics
    }
  }
  return m as unknown as ColumnMeta;
}

function keyValue(r: Reader): { key: string; value?: string } {
  let key = ''; let value: string | undefined;
  for (let id = r.next(0); id >= 0; id = r.next(id)) {
    const type = r.type;
    if (id === 1) { want(type, BINARY); key = r.string(); }
    else if (id === 2) { want(type, BINARY); value = r.string(); }
    else r.skip(type);
  }
  return { key, value };
}
