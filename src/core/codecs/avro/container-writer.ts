/**
 * Writing Avro Object Container Files (Avro spec 1.11, "Object Container Files"), used for Iceberg
 * manifests and manifest lists on commit. Records are buffered into blocks of about `blockSize`
 * uncompressed bytes (64 KiB, the Java writer's default sync interval), each compressed on its own.
 */
import { LakeError, toLakeError } from '../../errors.ts';
import { utf8Encode } from '../../util/bytes.ts';
import { stringifyJson } from '../../util/json.ts';
import { checkCodec, compressBlock, type AvroCodec } from './block-codec.ts';
import { AVRO_MAGIC, SYNC_SIZE } from './container-file.ts';
import { AvroSink, compileEncoder } from './encoder.ts';
import { parseAvroSchema, type AvroSchema } from './schema.ts';
import { internalError } from '../../message-error.ts';

export interface WriteAvroOptions {
  /** Block codec; default 'deflate' (what Iceberg's Java writer uses by default). */
  readonly codec?: AvroCodec;
  /** Extra header metadata (`avro.schema` and `avro.codec` are set by the writer and may not be given). */
  readonly metadata?: Readonly<Record<string, string | Uint8Array>>;
  /** Target uncompressed bytes per block (default 64 KiB). */
  readonly blockSize?: number;
  /** The 16-byte sync marker; random by default (fixed only for reproducible tests). */
  readonly sync?: Uint8Array;
}

/**
 * Encodes `records` with `schema` into a complete container file. Must hold: `readAvroFile` of the
 * result returns the same records (longs as bigint, maps as Map) and the given metadata; a record that
 * does not fit the schema throws DataInvalid `avro write: …` naming the record index and field path.
 */
export function writeAvroFile(schema: AvroSchema, records: Iterable<unknown>, opts: WriteAvroOptions = {}): Uint8Array {
  const codec = checkCodec(opts.codec ?? 'deflate');
  const encode = compileEncoder(parseAvroSchema(schema));
  const sync = opts.sync ?? crypto.getRandomValues(new Uint8Array(SYNC_SIZE));
  if (sync.length !== SYNC_SIZE) throw internalError('avro write: sync marker must be 16 bytes');
  const blockSize = opts.blockSize ?? 64 * 1024;

  const out = new AvroSink();
  out.writeRaw(AVRO_MAGIC);
  writeMetadata(out, schema, codec, opts.metadata ?? {});
  out.writeRaw(sync);

  const block = new AvroSink();
  let count = 0;
  const flush = () => {
    if (count === 0) return;
    const data = compressBlock(codec, block.bytes());
    out.writeLong(count);
    out.writeLong(data.length);
    out.writeRaw(data);
    out.writeRaw(sync);
    block.reset();
    count = 0;
  };
  let index = 0;
  for (const r of records) {
    try {
      encode(block, r, '');
    } catch (e) {
      throw toLakeError(e, 'avro write', { record: index }, 'DataInvalid');
    }
    count++;
    index++;
    if (block.length >= blockSize) flush();
  }
  flush();
  return out.bytes().slice();
}

function writeMetadata(out: AvroSink, schema: AvroSchema, codec: AvroCodec, extra: Readonly<Record<string, string | Uint8Array>>): void {
  const entries: [string, Uint8Array][] = [
    ['avro.schema', utf8Encode(stringifyJson(schema))],
    ['avro.codec', utf8Encode(codec)],
  ];
  for (const [k, v] of Object.entries(extra)) {
    if (k === 'avro.schema' || k === 'avro.codec') throw internalError(`avro write: metadata key ${k} is reserved`);
    entries.push([k, typeof v === 'string' ? utf8Encode(v) : v]);
  }
  out.writeLong(entries.length);
  for (const [k, v] of entries) {
    out.writeString(k);
    out.writeBytes(v);
  }
  out.writeByte(0);
}

