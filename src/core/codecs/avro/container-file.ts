/**
 * Reading Avro Object Container Files (Avro spec 1.11, "Object Container Files"): the header (magic
 * `Obj\x01`, a map of metadata bytes, a 16-byte sync marker) then blocks of (record count, byte size,
 * data, sync). Records are decoded with the writer's schema; no reader-schema resolution.
 *
 * Why by hand and not avsc: avsc needs Node polyfills (buffer, stream, zlib…) in the browser (~95 kB
 * gzip, notes/toolchain.md), decodes `long` to lossy numbers unless given a custom type, and copies
 * bytes; we need bigint longs, zero-copy views into the decompressed block and a synchronous decoder
 * that workers and Node share.
 */
import { toLakeError } from '../../errors.ts';
import { Lru } from '../../util/lru.ts';
import { bytesEqual, utf8Decode } from '../../util/bytes.ts';
import { parseJson } from '../../util/json.ts';
import { checkCodec, decompressBlock, type AvroCodec } from './block-codec.ts';
import { AvroCursor } from './cursor.ts';
import { compileDecoder, type AvroDecodeFn } from './decoder.ts';
import type { AvroLazyFields } from './lazy.ts';
import { minEncodedSize, parseAvroSchema, type AvroSchema, type AvroType } from './schema.ts';
import { messageError } from '../../message-error.ts';

/** The 4 magic bytes of an Object Container File. */
export const AVRO_MAGIC = new Uint8Array([0x4f, 0x62, 0x6a, 0x01]);
export const SYNC_SIZE = 16;

/** Options of the readers. `name` (the file's key) goes into every error's context as `file`. */
export interface ReadAvroOptions {
  readonly name?: string;
  /** Record fields to decode lazily (to an `AvroLazy`), e.g. column metrics a scan plan rarely needs. */
  readonly lazy?: AvroLazyFields;
  /** Records (nested ones too) as arrays of field values in schema order, not objects: faster to build and read. */
  readonly recordsAsArrays?: boolean;
}

/** The header of a container file. */
export interface AvroHeader {
  /** `avro.schema` parsed as JSON (long integers as bigint, as everywhere). */
  readonly schema: AvroSchema;
  /** `avro.schema` as stored: the cache key of the compiled decoder. */
  readonly schemaText: string;
  /** Normalised schema (named references resolved). */
  readonly type: AvroType;
  readonly codec: AvroCodec;
  /** Every metadata entry decoded as UTF-8 (Iceberg keeps `schema`, `partition-spec`, `format-version`… here). */
  readonly metadata: Readonly<Record<string, string>>;
  /** Every metadata entry as raw bytes. */
  readonly rawMetadata: ReadonlyMap<string, Uint8Array>;
  readonly sync: Uint8Array;
  /** Offset of the first block. */
  readonly dataOffset: number;
}

/** A whole decoded container file. */
export interface AvroFile extends AvroHeader {
  /** All records in file order. Bytes/fixed values are views into decompressed block buffers. */
  readonly records: unknown[];
}

interface Compiled {
  readonly schema: AvroSchema;
  readonly type: AvroType;
  readonly decode: AvroDecodeFn;
  readonly minSize: number;
}

// Decoders compiled per distinct schema text: manifests of one table share a handful of schemas.
const compiledBySchemaText = new Lru<string, Compiled>(256);
const compiledWithOptions = new Lru<string, AvroDecodeFn>(256);

function compile(schemaText: string): Compiled {
  return compiledBySchemaText.getOrLoad(schemaText, () => {
    let schema: AvroSchema;
    try {
      schema = parseJson(schemaText) as AvroSchema;
    } catch (e) {
      throw messageError('DataInvalid', 'error.avro.schemaJson', { reason: (e as Error).message }, {}, e);
    }
    const type = parseAvroSchema(schema);
    return { schema, type, decode: compileDecoder(type), minSize: minEncodedSize(type) };
  });
}

/**
 * Parses the header. Must hold: bad magic, a truncated header, a missing or invalid `avro.schema`
 * → DataInvalid; an unknown codec → Unsupported; all with context `{file}`.
 */
export function readAvroHeader(bytes: Uint8Array, opts: ReadAvroOptions = {}): AvroHeader {
  return withFile(opts, () => parseHeader(bytes));
}

function parseHeader(bytes: Uint8Array): AvroHeader {
  if (bytes.length < 4 || !bytesEqual(bytes.subarray(0, 4), AVRO_MAGIC)) {
    throw messageError('DataInvalid', 'error.avro.badMagic', undefined);
  }
  const c = new AvroCursor(bytes, 4);
  const rawMetadata = new Map<string, Uint8Array>();
  for (let n = c.readLongNumber(); n !== 0; n = c.readLongNumber()) {
    if (n < 0) {
      n = -n;
      c.readLength('metadata block size');
    }
    if (n * 2 > c.remaining) throw c.truncated(`metadata map of ${n} entries`);
    for (let i = 0; i < n; i++) rawMetadata.set(c.readString(), c.readBytes());
  }
  const sync = c.readFixed(SYNC_SIZE);
  const metadata: Record<string, string> = {};
  for (const [k, v] of rawMetadata) metadata[k] = utf8Decode(v);
  const schemaText = metadata['avro.schema'];
  if (schemaText === undefined) throw messageError('DataInvalid', 'error.avro.noSchema', undefined);
  const codec = checkCodec(metadata['avro.codec'] ?? 'null');
  const { schema, type } = compile(schemaText);
  return { schema, schemaText, type, codec, metadata, rawMetadata, sync, dataOffset: c.pos };
}

/**
 * Decodes a whole container file. Must hold: every record of every block is returned in order; a
 * truncated block, a wrong sync marker, a block whose records do not end exactly at its end, or any
 * varint/length running past the end → LakeError DataInvalid `avro: …` with context `{file, block}`.
 */
export function readAvroFile(bytes: Uint8Array, opts: ReadAvroOptions = {}): AvroFile {
  return withFile(opts, () => {
    const header = parseHeader(bytes);
    const records: unknown[] = [];
    for (const block of decodeBlocks(bytes, header, opts)) {
      for (let i = 0; i < block.length; i++) records.push(block[i]);
    }
    return { ...header, records };
  });
}

/** Streams records block by block (lower peak memory for large files); same checks as {@link readAvroFile}. */
export function* iterateAvroRecords(bytes: Uint8Array, opts: ReadAvroOptions = {}): Generator<unknown, void, undefined> {
  const header = readAvroHeader(bytes, opts);
  const it = decodeBlocks(bytes, header, opts);
  for (;;) {
    const next = withFile(opts, () => it.next());
    if (next.done) return;
    yield* next.value;
  }
}

/** The decoder of a schema for the given options (cached per lazy rule key, record form and schema). */
function decoderFor(schemaText: string, opts: ReadAvroOptions): AvroDecodeFn {
  if (!opts.lazy && !opts.recordsAsArrays) return compile(schemaText).decode;
  const key = `${opts.lazy?.key ?? ''}\u0000${opts.recordsAsArrays ? 'arrays' : 'objects'}\u0000${schemaText}`;
  return compiledWithOptions.getOrLoad(key, () => compileDecoder(compile(schemaText).type, { lazy: opts.lazy, recordsAsArrays: opts.recordsAsArrays }));
}

/** Decodes the blocks one at a time, yielding each block's records. */
function* decodeBlocks(bytes: Uint8Array, header: AvroHeader, opts: ReadAvroOptions): Generator<unknown[], void, undefined> {
  const decode = decoderFor(header.schemaText, opts);
  const c = new AvroCursor(bytes, header.dataOffset);
  for (let block = 0; c.remaining > 0; block++) {
    let records: unknown[];
    try {
      const [count, bc] = nextBlock(c, header);
      records = new Array<unknown>(count);
      for (let i = 0; i < count; i++) records[i] = decode(bc);
      if (bc.remaining !== 0) throw messageError('DataInvalid', 'error.avro.leftOver', { bytes: bc.remaining, count });
    } catch (e) {
      throw toLakeError(e, 'avro: block', { block }, 'DataInvalid');
    }
    yield records;
  }
}

/** Reads the block at `c` (record count, size, data, sync), checks it and returns its record count and a cursor over its decompressed data. */
function nextBlock(c: AvroCursor, header: AvroHeader): [number, AvroCursor] {
  const { minSize } = compile(header.schemaText);
  const count = c.readLength('block record count');
  const size = c.readLength('block size');
  if (size > c.remaining) throw c.truncated(`block of ${size} bytes`);
  const data = decompressBlock(header.codec, c.readFixed(size));
  const sync = c.readFixed(SYNC_SIZE);
  if (!bytesEqual(sync, header.sync)) throw messageError('DataInvalid', 'error.avro.syncMismatch', undefined);
  if (minSize > 0 ? count * minSize > data.length : count > 10_000_000) {
    throw messageError('DataInvalid', 'error.avro.blockClaims', { count, bytes: data.length });
  }
  return [count, new AvroCursor(data)];
}

/**
 * Decodes a whole container file with the caller's record reader instead of the schema's decoder — one
 * that builds a model object straight from the encoding (issue 17: Iceberg manifest entries, without a
 * record array per entry and per struct). `reader(header)` is called once, after the header; the function
 * it returns must read exactly one record per call (`index`: the record's position in the file). Same
 * checks and errors as {@link readAvroFile}; an error the reader throws gets `{file, block}` context too.
 */
export function readAvroFileWith<T>(bytes: Uint8Array, opts: ReadAvroOptions, reader: (header: AvroHeader) => (c: AvroCursor, index: number) => T): { readonly header: AvroHeader; readonly records: T[] } {
  return withFile(opts, () => {
    const header = parseHeader(bytes);
    const read = reader(header);
    const records: T[] = [];
    const c = new AvroCursor(bytes, header.dataOffset);
    for (let block = 0; c.remaining > 0; block++) {
      try {
        const [count, bc] = nextBlock(c, header);
        for (let i = 0; i < count; i++) records.push(read(bc, records.length));
        if (bc.remaining !== 0) throw messageError('DataInvalid', 'error.avro.leftOver', { bytes: bc.remaining, count });
      } catch (e) {
        throw toLakeError(e, 'avro: block', { block }, 'DataInvalid');
      }
    }
    return { header, records };
  });
}

/** Runs `f`, turning anything thrown into a LakeError that names the file. */
function withFile<T>(opts: ReadAvroOptions, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw toLakeError(e, 'avro', opts.name === undefined ? {} : { file: opts.name }, 'DataInvalid');
  }
}
