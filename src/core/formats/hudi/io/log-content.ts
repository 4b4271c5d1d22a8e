/**
 * Contents of log blocks (`HoodieAvroDataBlock`, `HoodieDeleteBlock`, `HoodieParquetDataBlock`,
 * `HoodieCommandBlock`):
 * - Avro data: int32 block version, int32 record count (version ≥ 2), then per record int32 length and
 *   the record in Avro binary encoding with the writer schema from the block header (SCHEMA);
 * - delete: int32 block version (3: Avro), int32 length, a `HoodieDeleteRecordList` in Avro binary
 *   (versions 1–2 are Kryo-serialised Java objects: refused);
 * - Parquet data: a whole Parquet file;
 * - command: no content; header COMMAND_BLOCK_TYPE 0 = rollback of the blocks of TARGET_INSTANT_TIME.
 */
import { AvroCursor, compileDecoder, parseAvroSchema, type AvroSchema, type AvroType } from '../../../codecs/avro/index.ts';
import type { AvroDecodeFn } from '../../../codecs/avro/decoder.ts';
import { LakeError, isLakeError } from '../../../errors.ts';
import { parseJson } from '../../../util/json.ts';
import { HEADER, type LogBlock } from './log-block.ts';
import { messageError } from '../../../message-error.ts';

export interface AvroBlockRecords {
  readonly schemaText: string;
  readonly type: AvroType;
  /** Records as objects keyed by field name (see codecs/avro/decoder.ts for the value mapping). */
  readonly records: Record<string, unknown>[];
}

/** One record key to delete, with its ordering value (null or 0 = "delete whatever came before"). */
export interface DeleteKey {
  readonly recordKey: string;
  readonly partitionPath?: string;
  readonly orderingValue: number | bigint | string | null;
}

const decoders = new Map<string, { type: AvroType; decode: AvroDecodeFn }>();

/** The compiled decoder of a writer schema (cached by its text). */
function writerSchema(text: string, file: string): { type: AvroType; decode: AvroDecodeFn } {
  let d = decoders.get(text);
  if (!d) {
    let type: AvroType;
    try {
      type = parseAvroSchema(parseJson(text) as AvroSchema);
    } catch (e) {
      throw messageError('DataInvalid', 'error.hudi.log.writerSchema', { file, detail: (isLakeError(e) && e.ref) || (e instanceof Error ? e.message : String(e)) }, { file }, e);
    }
    d = { type, decode: compileDecoder(type) };
    if (decoders.size > 64) decoders.clear();
    decoders.set(text, d);
  }
  return d;
}

function view(b: Uint8Array): DataView {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

/** Decodes an Avro data block. Must hold: record count and lengths agree with the content, else DataInvalid naming the file and offset. */
export function decodeAvroBlock(block: LogBlock, file: string): AvroBlockRecords {
  const where = { file, offset: block.offset };
  const schemaText = block.header.get(HEADER.SCHEMA);
  if (schemaText === undefined) throw messageError('DataInvalid', 'error.hudi.log.noSchema', { file, offset: block.offset }, where);
  const { type, decode } = writerSchema(schemaText, file);
  const c = block.content;
  const dv = view(c);
  if (c.length < 4) throw messageError('DataInvalid', 'error.hudi.log.emptyBlock', { file, offset: block.offset }, where);
  const version = dv.getInt32(0);
  let p = 4;
  let count = Infinity;
  if (version >= 2) {
    count = dv.getInt32(4);
    p = 8;
  }
  const records: Record<string, unknown>[] = [];
  try {
    while (records.length < count && p < c.length) {
      const len = dv.getInt32(p);
      p += 4;
      if (len < 0 || p + len > c.length) throw new RangeError(`record length ${len} runs past the block`);
      const cur = new AvroCursor(c, p, p + len);
      records.push(decode(cur) as Record<string, unknown>);
      p += len;
    }
  } catch (e) {
    throw messageError('DataInvalid', 'error.hudi.log.decodeData', { file, offset: block.offset, detail: (isLakeError(e) && e.ref) || (e instanceof Error ? e.message : String(e)) }, where, e);
  }
  if (count !== Infinity && records.length !== count) {
    throw messageError('DataInvalid', 'error.hudi.log.recordCount', { file, offset: block.offset, count, records: records.length }, where);
  }
  return { schemaText, type, records };
}

/** Decodes a delete block (version 3). */
export function decodeDeleteBlock(block: LogBlock, file: string): DeleteKey[] {
  const where = { file, offset: block.offset };
  const c = block.content;
  const dv = view(c);
  const version = dv.getInt32(0);
  if (version < 3) {
    throw messageError('Unsupported', 'error.hudi.log.kryoDelete', { file, version, offset: block.offset }, where);
  }
  const len = dv.getInt32(4);
  const cur = new AvroCursor(c, 8, Math.min(c.length, 8 + len));
  const out: DeleteKey[] = [];
  try {
    for (let n = cur.readLongNumber(); n !== 0; n = cur.readLongNumber()) {
      if (n < 0) { n = -n; cur.readLongNumber(); }
      for (let i = 0; i < n; i++) {
        const recordKey = optionalString(cur);
        const partitionPath = optionalString(cur);
        const orderingValue = orderingValueOf(cur);
        if (recordKey !== null) out.push({ recordKey, ...(partitionPath !== null ? { partitionPath } : {}), orderingValue });
      }
    }
  } catch (e) {
    throw messageError('DataInvalid', 'error.hudi.log.decodeDelete', { file, offset: block.offset, detail: (isLakeError(e) && e.ref) || (e instanceof Error ? e.message : String(e)) }, where, e);
  }
  return out;
}

function optionalString(c: AvroCursor): string | null {
  const branch = c.readInt();
  return branch === 0 ? null : c.readString();
}

/**
 * `orderingVal` union of HoodieDeleteRecord: null, int, long, float, double, bytes, string,
 * decimal(bytes), date(int), time-millis(int), time-micros(long), timestamp-millis(long), timestamp-micros(long).
 */
function orderingValueOf(c: AvroCursor): number | bigint | string | null {
  switch (c.readInt()) {
    case 0: return null;
    case 1: case 8: case 9: return c.readInt();
    case 2: case 10: case 11: case 12: return c.readLong();
    case 3: return c.readFloat();
    case 4: return c.readDouble();
    case 5: case 7: return Array.from(c.readBytes(), (b) => b.toString(16).padStart(2, '0')).join('');
    case 6: return c.readString();
    default: throw new RangeError('unknown orderingVal branch');
  }
}

/** True for a command block that rolls back earlier blocks; its target instant. */
export function rollbackTarget(block: LogBlock): string | undefined {
  if (block.type !== 'command') return undefined;
  if (block.header.get(HEADER.COMMAND_BLOCK_TYPE) !== '0') return undefined;
  return block.header.get(HEADER.TARGET_INSTANT_TIME);
}
