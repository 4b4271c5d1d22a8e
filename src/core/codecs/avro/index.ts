/** Avro: schemas, the binary encoding and Object Container Files (read and write). */
export { readAvroFile, readAvroFileWith, readAvroHeader, iterateAvroRecords, AVRO_MAGIC } from './container-file.ts';
export type { AvroFile, AvroHeader, ReadAvroOptions } from './container-file.ts';
export { writeAvroFile } from './container-writer.ts';
export type { WriteAvroOptions } from './container-writer.ts';
export { parseAvroSchema } from './schema.ts';
export type { AvroSchema, AvroType, AvroField, AvroPrimitive } from './schema.ts';
export type { AvroCodec, RawInflate } from './block-codec.ts';
export { setRawInflate } from './block-codec.ts';
export { AvroCursor, setUtf8RangeDecoder } from './cursor.ts';
export type { RecentLong, Utf8RangeDecoder } from './cursor.ts';
export { compileDecoder } from './decoder.ts';
export type { DecoderOptions } from './decoder.ts';
export { AvroLazy, compileSkipper, lazyFieldDecoder } from './lazy.ts';
export { AvroPairMap } from './lazy-pair-map.ts';
export type { AvroDecodeFn, AvroLazyFields, LazyFactory } from './lazy.ts';
export { AvroSink, compileEncoder } from './encoder.ts';
