/**
 * Log file framing (Hudi tech spec "Log file format"; `HoodieLogFileReader`): a log file is a sequence
 * of blocks, each
 *   `#HUDI#` · block size (int64, bytes after this field) · format version (int32) · block type (int32) ·
 *   header (int32 count, then per entry int32 key, int32 length, UTF-8 value) · content length (int64) ·
 *   content · footer (same shape as the header) · total block length (int64, block size + 6),
 * all big-endian. A block whose size runs past the end of the file or whose trailing length disagrees is
 * corrupt: like Hudi, the reader skips to the next `#HUDI#` and warns, naming the file and the offset.
 */
import { LakeError } from '../../../errors.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef, errorText, type ErrorParams, type ErrorRef } from '../../../messages/message-parts.ts';
import type { MessageKey } from '../../../messages/en.ts';

const LOG_MAGIC = new Uint8Array([0x23, 0x48, 0x55, 0x44, 0x49, 0x23]); // "#HUDI#"

/** `HoodieLogBlockType` ordinals. */
const BLOCK_TYPES = ['command', 'delete', 'corrupt', 'avro_data', 'hfile_data', 'parquet_data', 'cdc_data'] as const;
export type LogBlockType = (typeof BLOCK_TYPES)[number];

/** `HeaderMetadataType` ordinals. */
export const HEADER = {
  INSTANT_TIME: 0, TARGET_INSTANT_TIME: 1, SCHEMA: 2, COMMAND_BLOCK_TYPE: 3, COMPACTED_BLOCK_TIMES: 4,
  RECORD_POSITIONS: 5, BLOCK_IDENTIFIER: 6, IS_PARTIAL: 7, BASE_FILE_INSTANT_TIME_OF_RECORD_POSITIONS: 8,
} as const;

/** One framed block; its content stays in the file's bytes. */
export interface LogBlock {
  readonly offset: number;
  /** Bytes from the magic to the end of the block. */
  readonly length: number;
  readonly formatVersion: number;
  readonly type: LogBlockType;
  readonly header: ReadonlyMap<number, string>;
  readonly footer: ReadonlyMap<number, string>;
  readonly content: Uint8Array;
}

export interface FramedLog {
  readonly blocks: LogBlock[];
  /** One sentence per skipped corrupt region, naming the file and the offset. */
  readonly warnings: string[];
  /** The same sentences as catalog messages (the reader's language), one per warning. */
  readonly warningRefs: ErrorRef[];
}

/** Why a block cannot be framed: its English text as the message, its catalog message (`error.hudi.log.why.*`) as `ref`. */
class FramingError extends RangeError {
  constructor(readonly ref: ErrorRef) {
    super(errorText(ref));
  }
}

function bad<K extends MessageKey>(key: K, params: ErrorParams<K>): FramingError {
  return new FramingError(errorRef(key, params));
}

class View {
  private readonly dv: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  int(p: number, end: number): number {
    if (p + 4 > end) throw bad('error.hudi.log.why.pastBlock', undefined);
    return this.dv.getInt32(p);
  }
  long(p: number, end: number): number {
    if (p + 8 > end) throw bad('error.hudi.log.why.pastBlock', undefined);
    const v = this.dv.getBigInt64(p);
    if (v < 0n || v > BigInt(Number.MAX_SAFE_INTEGER)) throw bad('error.hudi.log.why.length', { length: String(v) });
    return Number(v);
  }
}

function isMagicAt(bytes: Uint8Array, p: number): boolean {
  if (p + LOG_MAGIC.length > bytes.length) return false;
  for (let i = 0; i < LOG_MAGIC.length; i++) if (bytes[p + i] !== LOG_MAGIC[i]) return false;
  return true;
}

function nextMagic(bytes: Uint8Array, from: number): number {
  for (let p = from; p + LOG_MAGIC.length <= bytes.length; p++) if (isMagicAt(bytes, p)) return p;
  return bytes.length;
}

/**
 * Frames every block of a log file. Must hold: blocks are returned in file order; a corrupt or torn
 * region never throws but is skipped with a warning `hudi log: <file>: corrupt block at offset N …`.
 */
export function frameLogFile(bytes: Uint8Array, file: string): FramedLog {
  const v = new View(bytes);
  const blocks: LogBlock[] = [];
  const warnings: string[] = [];
  const warningRefs: ErrorRef[] = [];
  let p = 0;
  while (p < bytes.length) {
    if (!isMagicAt(bytes, p)) {
      const next = nextMagic(bytes, p + 1);
      warningRefs.push(errorRef('error.hudi.log.notBlock', { file, bytes: next - p, offset: p }));
      warnings.push(errorText(warningRefs.at(-1)!));
      p = next;
      continue;
    }
    try {
      const block = frameOne(v, p);
      blocks.push(block);
      p += block.length;
    } catch (e) {
      if (e instanceof LakeError) throw e.withContext({ file, offset: p });
      const next = nextMagic(bytes, p + 1);
      const why = e instanceof Error ? e.message : String(e);
      // A framing reason in the reader's language; anything else (invalid UTF-8 in a header value) quoted as data.
      warningRefs.push(errorRef('error.hudi.log.corruptBlock', { file, offset: p, detail: e instanceof FramingError ? e.ref : why, bytes: next - p }));
      warnings.push(errorText(warningRefs.at(-1)!));
      p = next;
    }
  }
  return { blocks, warnings, warningRefs };
}

function frameOne(v: View, start: number): LogBlock {
  const bytes = v.bytes;
  let p = start + LOG_MAGIC.length;
  const blockSize = v.long(p, bytes.length);
  p += 8;
  const end = p + blockSize;
  if (end > bytes.length) throw bad('error.hudi.log.why.torn', { size: blockSize });
  const formatVersion = v.int(p, end);
  p += 4;
  if (formatVersion !== 0 && formatVersion !== 1) throw bad('error.hudi.log.why.version', { version: formatVersion });
  if (formatVersion === 0) throw messageError('Unsupported', 'error.hudi.log.version0', undefined);
  const typeOrdinal = v.int(p, end);
  p += 4;
  const type = BLOCK_TYPES[typeOrdinal];
  if (type === undefined) throw bad('error.hudi.log.why.type', { ordinal: typeOrdinal });
  const header = readMetadata(v, p, end);
  p = header.end;
  const contentLength = v.long(p, end);
  p += 8;
  if (p + contentLength > end) throw bad('error.hudi.log.why.content', { length: contentLength });
  const content = bytes.subarray(p, p + contentLength);
  p += contentLength;
  const footer = readMetadata(v, p, end);
  p = footer.end;
  const total = v.long(p, end);
  p += 8;
  if (total - LOG_MAGIC.length !== blockSize || p !== end) throw bad('error.hudi.log.why.trailing', { total, size: blockSize });
  return { offset: start, length: end - start, formatVersion, type, header: header.map, footer: footer.map, content };
}

function readMetadata(v: View, start: number, end: number): { map: Map<number, string>; end: number } {
  let p = start;
  const n = v.int(p, end);
  p += 4;
  if (n < 0 || n > 64) throw bad('error.hudi.log.why.entries', { count: n });
  const map = new Map<number, string>();
  for (let i = 0; i < n; i++) {
    const key = v.int(p, end);
    const len = v.int(p + 4, end);
    p += 8;
    if (len < 0 || p + len > end) throw bad('error.hudi.log.why.metadataValue', undefined);
    map.set(key, new TextDecoder('utf-8', { fatal: true }).decode(v.bytes.subarray(p, p + len)));
    p += len;
  }
  return { map, end: p };
}
