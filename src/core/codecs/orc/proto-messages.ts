/**
 * The ORC protobuf messages (orc_proto.proto of the ORC specification, "File Tail" and "Stripes"),
 * decoded by hand with the wire reader. Only fields a reader uses are kept; unknown fields are skipped
 * as protobuf requires. Field numbers are the ones in orc_proto.proto.
 */
import { ProtoReader, readFields } from './protobuf.ts';

/** CompressionKind. */
export const COMPRESSION_NAMES = ['NONE', 'ZLIB', 'SNAPPY', 'LZO', 'LZ4', 'ZSTD'] as const;

export interface PostScript {
  footerLength: number;
  compression: number;
  compressionBlockSize: number;
  version: number[];
  metadataLength: number;
  writerVersion: number;
  stripeStatisticsLength: number;
  magic: string;
}

export function decodePostScript(bytes: Uint8Array): PostScript {
  const ps: PostScript = { footerLength: 0, compression: 0, compressionBlockSize: 256 * 1024, version: [], metadataLength: 0, writerVersion: 0, stripeStatisticsLength: 0, magic: '' };
  const r = new ProtoReader(bytes);
  readFields(r, (f, w) => {
    switch (f) {
      case 1: ps.footerLength = r.varint(); return true;
      case 2: ps.compression = r.varint(); return true;
      case 3: ps.compressionBlockSize = r.varint(); return true;
      case 4: r.repeatedVarint(w, ps.version); return true;
      case 5: ps.metadataLength = r.varint(); return true;
      case 6: ps.writerVersion = r.varint(); return true;
      case 7: ps.stripeStatisticsLength = r.varint(); return true;
      case 8000: ps.magic = r.string(); return true;
      default: return false;
    }
  });
  return ps;
}

/** Type.Kind. */
export const TYPE_KINDS = ['boolean', 'tinyint', 'smallint', 'int', 'bigint', 'float', 'double', 'string', 'binary',
  'timestamp', 'array', 'map', 'struct', 'uniontype', 'decimal', 'date', 'varchar', 'char', 'timestamp with local time zone'] as const;

export const enum Kind {
  BOOLEAN = 0, BYTE = 1, SHORT = 2, INT = 3, LONG = 4, FLOAT = 5, DOUBLE = 6, STRING = 7, BINARY = 8, TIMESTAMP = 9,
  LIST = 10, MAP = 11, STRUCT = 12, UNION = 13, DECIMAL = 14, DATE = 15, VARCHAR = 16, CHAR = 17, TIMESTAMP_INSTANT = 18,
}

export interface OrcTypeProto {
  kind: number;
  subtypes: number[];
  fieldNames: string[];
  maximumLength?: number;
  precision?: number;
  scale?: number;
  attributes: Map<string, string>;
}

function decodeType(r: ProtoReader): OrcTypeProto {
  const t: OrcTypeProto = { kind: 0, subtypes: [], fieldNames: [], attributes: new Map() };
  readFields(r, (f, w) => {
    switch (f) {
      case 1: t.kind = r.varint(); return true;
      case 2: r.repeatedVarint(w, t.subtypes); return true;
      case 3: t.fieldNames.push(r.string()); return true;
      case 4: t.maximumLength = r.varint(); return true;
      case 5: t.precision = r.varint(); return true;
      case 6: t.scale = r.varint(); return true;
      case 7: {
        const m = r.message();
        let key = '';
        let value = '';
        readFields(m, (g) => (g === 1 ? ((key = m.string()), true) : g === 2 ? ((value = m.string()), true) : false));
        t.attributes.set(key, value);
        return true;
      }
      default: return false;
    }
  });
  return t;
}

export interface StripeInformation {
  offset: number;
  indexLength: number;
  dataLength: number;
  footerLength: number;
  numberOfRows: number;
  encryptStripeId?: number;
}

function decodeStripeInformation(r: ProtoReader): StripeInformation {
  const s: StripeInformation = { offset: 0, indexLength: 0, dataLength: 0, footerLength: 0, numberOfRows: 0 };
  readFields(r, (f) => {
    switch (f) {
      case 1: s.offset = r.varint(); return true;
      case 2: s.indexLength = r.varint(); return true;
      case 3: s.dataLength = r.varint(); return true;
      case 4: s.footerLength = r.varint(); return true;
      case 5: s.numberOfRows = r.varint(); return true;
      case 6: s.encryptStripeId = r.varint(); return true;
      default: return false;
    }
  });
  return s;
}

/** ColumnStatistics with the type-specific parts flattened. Integers and sums are bigint. */
export interface ColumnStatisticsProto {
  numberOfValues?: bigint;
  hasNull?: boolean;
  int?: { min?: bigint; max?: bigint; sum?: bigint };
  double?: { min?: number; max?: number; sum?: number };
  string?: { min?: string; max?: string; sum?: bigint; lowerBound?: string; upperBound?: string };
  bucket?: { count: bigint[] };
  decimal?: { min?: string; max?: string; sum?: string };
  date?: { min?: number; max?: number };
  binary?: { sum?: bigint };
  timestamp?: { min?: bigint; max?: bigint; minUtc?: bigint; maxUtc?: bigint; minNanos?: number; maxNanos?: number };
  collection?: { minChildren?: bigint; maxChildren?: bigint; totalChildren?: bigint };
  bytesOnDisk?: bigint;
}

function decodeColumnStatistics(r: ProtoReader): ColumnStatisticsProto {
  const s: ColumnStatisticsProto = {};
  readFields(r, (f, w) => {
    switch (f) {
      case 1: s.numberOfValues = r.varintBig(); return true;
      case 2: { const m = r.message(); const v: NonNullable<ColumnStatisticsProto['int']> = {}; s.int = v;
        readFields(m, (g) => (g === 1 ? ((v.min = m.sint64()), true) : g === 2 ? ((v.max = m.sint64()), true) : g === 3 ? ((v.sum = m.sint64()), true) : false)); return true; }
      case 3: { const m = r.message(); const v: NonNullable<ColumnStatisticsProto['double']> = {}; s.double = v;
        readFields(m, (g) => (g === 1 ? ((v.min = m.double()), true) : g === 2 ? ((v.max = m.double()), true) : g === 3 ? ((v.sum = m.double()), true) : false)); return true; }
      case 4: { const m = r.message(); const v: NonNullable<ColumnStatisticsProto['string']> = {}; s.string = v;
        readFields(m, (g) => {
          switch (g) {
            case 1: v.min = m.string(); return true;
            case 2: v.max = m.string(); return true;
            case 3: v.sum = m.sint64(); return true;
            case 4: v.lowerBound = m.string(); return true;
            case 5: v.upperBound = m.string(); return true;
            default: return false;
          }
        }); return true; }
      case 5: { const m = r.message(); const v = { count: [] as bigint[] }; s.bucket = v;
        readFields(m, (g, gw) => (g === 1 ? (m.repeatedVarintBig(gw, v.count), true) : false)); return true; }
      case 6: { const m = r.message(); const v: NonNullable<ColumnStatisticsProto['decimal']> = {}; s.decimal = v;
        readFields(m, (g) => (g === 1 ? ((v.min = m.string()), true) : g === 2 ? ((v.max = m.string()), true) : g === 3 ? ((v.sum = m.string()), true) : false)); return true; }
      case 7: { const m = r.message(); const v: NonNullable<ColumnStatisticsProto['date']> = {}; s.date = v;
        readFields(m, (g) => (g === 1 ? ((v.min = m.sint32()), true) : g === 2 ? ((v.max = m.sint32()), true) : false)); return true; }
      case 8: { const m = r.message(); const v: NonNullable<ColumnStatisticsProto['binary']> = {}; s.binary = v;
        readFields(m, (g) => (g === 1 ? ((v.sum = m.sint64()), true) : false)); return true; }
      case 9: { const m = r.message(); const v: NonNullable<ColumnStatisticsProto['timestamp']> = {}; s.timestamp = v;
        readFields(m, (g) => {
          switch (g) {
            case 1: v.min = m.sint64(); return true;
            case 2: v.max = m.sint64(); return true;
            case 3: v.minUtc = m.sint64(); return true;
            case 4: v.maxUtc = m.sint64(); return true;
            case 5: v.minNanos = m.int32(); return true;
            case 6: v.maxNanos = m.int32(); return true;
            default: return false;
          }
        }); return true; }
      case 10: s.hasNull = r.varint() !== 0; return true;
      case 11: s.bytesOnDisk = r.varintBig(); return true;
      case 12: { const m = r.message(); const v: NonNullable<ColumnStatisticsProto['collection']> = {}; s.collection = v;
        readFields(m, (g) => (g === 1 ? ((v.minChildren = m.varintBig()), true) : g === 2 ? ((v.maxChildren = m.varintBig()), true) : g === 3 ? ((v.totalChildren = m.varintBig()), true) : false)); return true; }
      default: void w; return false;
    }
  });
  return s;
}

export interface Footer {
  headerLength: number;
  contentLength: number;
  stripes: StripeInformation[];
  types: OrcTypeProto[];
  metadata: { name: string; value: Uint8Array }[];
  numberOfRows: number;
  statistics: ColumnStatisticsProto[];
  rowIndexStride: number;
  writer?: number;
  /** True when the footer has an Encryption message (ORC v1.6 column encryption). */
  encrypted: boolean;
  calendar?: number;
  softwareVersion?: string;
}

export function decodeFooter(bytes: Uint8Array): Footer {
  const ft: Footer = { headerLength: 0, contentLength: 0, stripes: [], types: [], metadata: [], numberOfRows: 0, statistics: [], rowIndexStride: 0, encrypted: false };
  const r = new ProtoReader(bytes);
  readFields(r, (f) => {
    switch (f) {
      case 1: ft.headerLength = r.varint(); return true;
      case 2: ft.contentLength = r.varint(); return true;
      case 3: ft.stripes.push(decodeStripeInformation(r.message())); return true;
      case 4: ft.types.push(decodeType(r.message())); return true;
      case 5: { const m = r.message(); let name = ''; let value: Uint8Array = new Uint8Array();
        readFields(m, (g) => (g === 1 ? ((name = m.string()), true) : g === 2 ? ((value = m.bytesField()), true) : false));
        ft.metadata.push({ name, value }); return true; }
      case 6: ft.numberOfRows = r.varint(); return true;
      case 7: ft.statistics.push(decodeColumnStatistics(r.message())); return true;
      case 8: ft.rowIndexStride = r.varint(); return true;
      case 9: ft.writer = r.varint(); return true;
      case 10: r.bytesField(); ft.encrypted = true; return true;
      case 11: ft.calendar = r.varint(); return true;
      case 12: ft.softwareVersion = r.string(); return true;
      default: return false;
    }
  });
  return ft;
}

/** Metadata: per-stripe column statistics. */
export function decodeMetadata(bytes: Uint8Array): ColumnStatisticsProto[][] {
  const out: ColumnStatisticsProto[][] = [];
  const r = new ProtoReader(bytes);
  readFields(r, (f) => {
    if (f !== 1) return false;
    const m = r.message();
    const cols: ColumnStatisticsProto[] = [];
    readFields(m, (g) => (g === 1 ? (cols.push(decodeColumnStatistics(m.message())), true) : false));
    out.push(cols);
    return true;
  });
  return out;
}

/** Stream.Kind. */
export const enum StreamKind {
  PRESENT = 0, DATA = 1, LENGTH = 2, DICTIONARY_DATA = 3, DICTIONARY_COUNT = 4, SECONDARY = 5, ROW_INDEX = 6,
  BLOOM_FILTER = 7, BLOOM_FILTER_UTF8 = 8, ENCRYPTED_INDEX = 9, ENCRYPTED_DATA = 10,
}
export const STREAM_KIND_NAMES = ['PRESENT', 'DATA', 'LENGTH', 'DICTIONARY_DATA', 'DICTIONARY_COUNT', 'SECONDARY',
  'ROW_INDEX', 'BLOOM_FILTER', 'BLOOM_FILTER_UTF8', 'ENCRYPTED_INDEX', 'ENCRYPTED_DATA'];

export interface StreamProto { kind: number; column: number; length: number }

/** ColumnEncoding.Kind. */
export const enum EncodingKind { DIRECT = 0, DICTIONARY = 1, DIRECT_V2 = 2, DICTIONARY_V2 = 3 }
export const ENCODING_NAMES = ['DIRECT', 'DICTIONARY', 'DIRECT_V2', 'DICTIONARY_V2'];

export interface ColumnEncodingProto { kind: number; dictionarySize: number }

export interface StripeFooter {
  streams: StreamProto[];
  columns: ColumnEncodingProto[];
  writerTimezone?: string;
  encrypted: boolean;
}

export function decodeStripeFooter(bytes: Uint8Array): StripeFooter {
  const sf: StripeFooter = { streams: [], columns: [], encrypted: false };
  const r = new ProtoReader(bytes);
  readFields(r, (f) => {
    switch (f) {
      case 1: { const m = r.message(); const s: StreamProto = { kind: 0, column: 0, length: 0 };
        readFields(m, (g) => (g === 1 ? ((s.kind = m.varint()), true) : g === 2 ? ((s.column = m.varint()), true) : g === 3 ? ((s.length = m.varint()), true) : false));
        sf.streams.push(s); return true; }
      case 2: { const m = r.message(); const e: ColumnEncodingProto = { kind: 0, dictionarySize: 0 };
        readFields(m, (g) => (g === 1 ? ((e.kind = m.varint()), true) : g === 2 ? ((e.dictionarySize = m.varint()), true) : false));
        sf.columns.push(e); return true; }
      case 3: sf.writerTimezone = r.string(); return true;
      case 4: r.bytesField(); sf.encrypted = true; return true;
      default: return false;
    }
  });
  return sf;
}

/** RowIndex: per row group, stream positions and statistics. */
export interface RowIndexEntry { positions: bigint[]; statistics?: ColumnStatisticsProto }

export function decodeRowIndex(bytes: Uint8Array): RowIndexEntry[] {
  const out: RowIndexEntry[] = [];
  const r = new ProtoReader(bytes);
  readFields(r, (f) => {
    if (f !== 1) return false;
    const m = r.message();
    const e: RowIndexEntry = { positions: [] };
    readFields(m, (g, gw) => (g === 1 ? (m.repeatedVarintBig(gw, e.positions), true) : g === 2 ? ((e.statistics = decodeColumnStatistics(m.message())), true) : false));
    out.push(e);
    return true;
  });
  return out;
}

/** BloomFilterIndex: one filter per row group. `bitset` from the fixed64 list or the utf8bitset bytes. */
export interface BloomFilterProto { numHashFunctions: number; bitset: BigUint64Array }

export function decodeBloomFilterIndex(bytes: Uint8Array): BloomFilterProto[] {
  const out: BloomFilterProto[] = [];
  const r = new ProtoReader(bytes);
  readFields(r, (f) => {
    if (f !== 1) return false;
    const m = r.message();
    let k = 0;
    const longs: bigint[] = [];
    let utf8: Uint8Array | undefined;
    readFields(m, (g, gw) => (g === 1 ? ((k = m.varint()), true) : g === 2 ? (m.repeatedFixed64(gw, longs), true) : g === 3 ? ((utf8 = m.bytesField()), true) : false));
    let bitset: BigUint64Array;
    if (utf8 && utf8.length % 8 === 0) {
      bitset = new BigUint64Array(utf8.length / 8);
      const dv = new DataView(utf8.buffer, utf8.byteOffset, utf8.length);
      for (let i = 0; i < bitset.length; i++) bitset[i] = dv.getBigUint64(i * 8, true);
    } else bitset = BigUint64Array.from(longs);
    out.push({ numHashFunctions: k, bitset });
    return true;
  });
  return out;
}
