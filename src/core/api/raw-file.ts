/**
 * The Raw view's decoder: any file of a table, recognised by its bytes — JSON (table metadata,
 * snapshots, schemas; bigint-safe; gzip unwrapped), Avro object container files (manifest lists and
 * manifests: header + records, paged), Puffin (footer), Parquet (footer; ranged reads for big files), ORC
 * (postscript, footer, stripe footers; rows of small files such as Paimon ORC manifests) — or
 * shown as text / hex when it is none of them.
 */
import { iterateAvroRecords, readAvroHeader, AVRO_MAGIC } from '../codecs/avro/index.ts';
import { describeOrc, readOrcRecordsSync, readOrcTail, readStripeFooter, type StripeFooter } from '../codecs/orc/index.ts';
import { readParquetFooter, readParquetRows } from '../codecs/parquet/index.ts';
import { PUFFIN_MAGIC, readPuffinFooter } from '../codecs/puffin.ts';
import { gunzipBounded } from '../util/decode-limits.ts';
import { LakeError, throwIfAborted, toLakeError } from '../errors.ts';
import type { Storage } from '../io/storage.ts';
import { bytesSource, storageSource } from '../util/byte-source.ts';
import { parseJson } from '../util/json.ts';
import { toDisplay } from './display-value.ts';
import type { DisplayValue, RawFileDto } from './table-dto.ts';

export interface RawFileOptions {
  readonly signal?: AbortSignal;
  /** First Avro record to return (default 0). */
  readonly offset?: number;
  /** Avro records to return (default 100, at most 2,000). */
  readonly limit?: number;
  /** Files larger than this are not read whole: only a text/hex preview of their start (default 64 MiB). */
  readonly maxWholeBytes?: number;
}

const PAR1 = [0x50, 0x41, 0x52, 0x31];
const ORC_MAGIC = [0x4f, 0x52, 0x43];
/** Stripe footers shown (one small ranged read each). */
const MAX_ORC_STRIPE_FOOTERS = 100;
const PREVIEW_BYTES = 64 * 1024;

function startsWith(bytes: Uint8Array, magic: ArrayLike<number>): boolean {
  if (bytes.length < magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (bytes[i] !== magic[i]) return false;
  return true;
}

/** Reads and decodes `key`. Must hold: a file that claims a format but does not decode is DataInvalid naming the key. */
export async function readRawFile(storage: Storage, key: string, options: RawFileOptions = {}): Promise<RawFileDto> {
  const { signal } = options;
  try {
    const info = await storage.head(key, { signal });
    const size = info.size;
    const maxWhole = options.maxWholeBytes ?? 64 * 1024 * 1024;
    // Small files are read whole in one request; only big ones (Parquet data files, mostly) are probed
    // with ranged reads, so a footer costs two small requests however large the file.
    let bytes: Uint8Array | undefined = size <= maxWhole ? (size === 0 ? new Uint8Array() : await storage.read(key, { signal })) : undefined;
    const head = bytes ?? await storage.read(key, { range: { offset: 0, length: Math.min(size, 4) }, signal });
    if (startsWith(head, PAR1) && size >= 12) {
      const source = bytes ? bytesSource(bytes, key) : await storageSource(storage, key, { size, signal });
      const footer = await readParquetFooter(source, signal);
      const dto: RawFileDto = { key, size, kind: 'parquet', role: 'parquet-footer', footer: toDisplay(footer.metadata, { maxArray: 200 }), truncated: false };
      // A file read whole shows its rows too, paged like Avro records (a position delete file's
      // (file_path, pos) pairs, a small data file): no request beyond the one already made.
      if (!bytes) return dto;
      const total = Number(footer.numRows);
      const offset = Math.min(Math.max(0, options.offset ?? 0), total);
      const limit = Math.min(Math.max(1, options.limit ?? 100), 2000);
      const rows = await readParquetRows(bytesSource(bytes, key), { metadata: footer.metadata, rowStart: offset, rowEnd: Math.min(total, offset + limit), signal });
      return { ...dto, records: rows.map((r) => toDisplay(r)), recordOffset: offset, totalRecords: total };
    }
    if (startsWith(head, ORC_MAGIC)) return await orcDto(storage, key, size, bytes, options);
    if (startsWith(head, PUFFIN_MAGIC)) {
      const source = bytes ? bytesSource(bytes, key) : await storageSource(storage, key, { size, signal });
      const footer = await readPuffinFooter(source, signal);
      return { key, size, kind: 'puffin', role: 'puffin-footer', footer: toDisplay(footer), truncated: false };
    }
    if (!bytes) {
      const start = await storage.read(key, { range: { offset: 0, length: PREVIEW_BYTES }, signal });
      return { key, size, ...textOrHex(start), truncated: true };
    }
    throwIfAborted(signal, 'raw');
    if (startsWith(bytes, AVRO_MAGIC)) return avroDto(key, size, bytes, options);
    let gzipped = false;
    if (startsWith(bytes, [0x1f, 0x8b])) { bytes = await gunzip(bytes); gzipped = true; }
    const json = jsonOf(bytes);
    if (json !== undefined) return { key, size, kind: 'json', role: jsonRole(key, json, gzipped), json, truncated: false };
    const shown = textOrHex(bytes.subarray(0, PREVIEW_BYTES));
    return { key, size, ...shown, truncated: bytes.length > PREVIEW_BYTES };
  } catch (e) {
    throw toLakeError(e, 'raw: cannot decode file', { key, storage: storage.description }, 'DataInvalid');
  }
}

/**
 * ORC: postscript, footer and the first stripes' footers (streams, encodings, writer time zone);
 * for a file read whole (Paimon ORC manifests), its rows too, paged like Avro records.
 */
async function orcDto(storage: Storage, key: string, size: number, bytes: Uint8Array | undefined, options: RawFileOptions): Promise<RawFileDto> {
  const source = bytes ? bytesSource(bytes, key) : await storageSource(storage, key, { size, signal: options.signal });
  const tail = await readOrcTail(source, options.signal);
  const footers = new Map<number, StripeFooter>();
  for (let i = 0; i < Math.min(tail.footer.stripes.length, MAX_ORC_STRIPE_FOOTERS); i++) footers.set(i, await readStripeFooter(source, tail, i, options.signal));
  const dto: RawFileDto = { key, size, kind: 'orc', role: 'orc-footer', footer: toDisplay(describeOrc(tail, footers), { maxArray: 200 }), truncated: tail.footer.stripes.length > MAX_ORC_STRIPE_FOOTERS };
  if (!bytes || tail.footer.numberOfRows > 100_000) return dto;
  const offset = Math.max(0, options.offset ?? 0);
  const limit = Math.min(Math.max(1, options.limit ?? 100), 2000);
  const { records } = readOrcRecordsSync(bytes, key);
  return { ...dto, records: records.slice(offset, offset + limit).map((r) => toDisplay(r)), recordOffset: offset, totalRecords: records.length };
}

function avroDto(key: string, size: number, bytes: Uint8Array, options: RawFileOptions): RawFileDto {
  const header = readAvroHeader(bytes, { name: key });
  const offset = Math.max(0, options.offset ?? 0);
  const limit = Math.min(2000, Math.max(0, options.limit ?? 100));
  const records: DisplayValue[] = [];
  let total = 0;
  for (const r of iterateAvroRecords(bytes, { name: key })) {
    if (total >= offset && records.length < limit) records.push(toDisplay(r));
    total++;
  }
  const meta: Record<string, string> = {};
  for (const [k, v] of Object.entries(header.metadata)) if (k !== 'avro.schema') meta[k] = v;
  return {
    key, size, kind: 'avro', role: avroRole(header.metadata), avroMetadata: meta, avroSchema: toDisplay(header.schema),
    records, recordOffset: offset, totalRecords: total, truncated: false,
  };
}

/** Which Iceberg file an Avro file is, from its header metadata (spec "Manifests", "Manifest Lists"). */
function avroRole(meta: Readonly<Record<string, string>>): string {
  if ('partition-spec' in meta || 'partition-spec-id' in meta) return 'iceberg-manifest';
  if ('snapshot-id' in meta) return 'iceberg-manifest-list';
  return 'avro';
}

function jsonRole(key: string, json: DisplayValue, gzipped: boolean): string {
  const o = json && typeof json === 'object' && !Array.isArray(json) ? json : undefined;
  if (o && 'format-version' in o && 'location' in o) return gzipped ? 'iceberg-metadata-gzip' : 'iceberg-metadata';
  if (/\/_delta_log\/\d+\.json$|^_delta_log\//.test(key)) return 'delta-commit';
  if (o && 'commitKind' in o) return 'paimon-snapshot';
  if (o && 'fields' in o && 'highestFieldId' in o) return 'paimon-schema';
  return 'json';
}

/** Parsed JSON (or NDJSON as an array of lines), or undefined when the bytes are not JSON. */
function jsonOf(bytes: Uint8Array): DisplayValue | undefined {
  let text: string;
  try { text = new TextDecoder('utf-8', { fatal: true }).decode(bytes); } catch { return undefined; }
  const t = text.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return undefined;
  try { return toDisplay(parseJson(t), { maxArray: 5000 }); } catch { /* maybe NDJSON */ }
  const lines = t.split(/\r?\n/).filter((l) => l.trim() !== '');
  try { return lines.map((l) => toDisplay(parseJson(l))); } catch { return undefined; }
}

function textOrHex(bytes: Uint8Array): Pick<RawFileDto, 'kind' | 'text' | 'hex'> {
  if (!bytes.subarray(0, 4096).includes(0)) {
    try { return { kind: 'text', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) }; } catch { /* binary */ }
  }
  return { kind: 'binary', hex: hexDump(bytes.subarray(0, 4096)) };
}

/** Classic 16-bytes-a-line hex dump with offsets and printable ASCII. */
export function hexDump(bytes: Uint8Array): string {
  const lines: string[] = [];
  for (let off = 0; off < bytes.length; off += 16) {
    const row = bytes.subarray(off, off + 16);
    const hex = Array.from(row, (b) => b.toString(16).padStart(2, '0')).join(' ');
    const ascii = Array.from(row, (b) => (b >= 32 && b < 127 ? String.fromCharCode(b) : '·')).join('');
    lines.push(`${off.toString(16).padStart(8, '0')}  ${hex.padEnd(47)}  ${ascii}`);
  }
  return lines.join('\n');
}

function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  return gunzipBounded(bytes, 'raw: gzip data');
}
