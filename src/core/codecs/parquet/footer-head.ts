/**
 * Reading only the head of a Parquet footer — schema, row count and row groups with their column
 * statistics (FileMetaData fields 1–4, Parquet format "Metadata") — when the rest of the footer may be
 * large: Hudi writes its bloom filter into the footer's key/value metadata (field 5), ~430 KB on files
 * of ~440 KB, so reading the whole footer to learn the statistics fetches nearly the whole file.
 *
 * Cost: one 8-byte read of the tail (footer length and magic), then reads from the footer's start that
 * grow (16 KiB, then ×4) until fields 1–4 are complete — one read for almost any file.
 */
import { parquetMetadata } from 'hyparquet';
import type { ByteSource } from './byte-source.ts';
import { footerOf, type ParquetFooter } from './footer.ts';
import { readStructUntil, writeStruct } from './thrift-compact.ts';
import { causedError, messageError } from '../../message-error.ts';

/** First read of the footer's head. */
export const FOOTER_HEAD_BYTES = 16 * 1024;

const MAGIC = [0x50, 0x41, 0x52, 0x31]; // PAR1

/**
 * The footer without its key/value metadata (and without the fields after it). Must hold: a file without
 * the PAR1 trailer, a footer length beyond the file, or fields 1–4 that do not decode within the footer →
 * LakeError DataInvalid `parquet: …` with `{file}`; `metadata.key_value_metadata` is absent.
 */
export async function readParquetFooterHead(source: ByteSource, signal?: AbortSignal): Promise<ParquetFooter> {
  const context = source.name === undefined ? {} : { file: source.name };
  try {
    if (source.size < 12) throw messageError('DataInvalid', 'error.parquet.tooShort', { size: source.size }, context);
    const tail = await source.read(source.size - 8, 8, signal);
    if (MAGIC.some((m, i) => tail[4 + i] !== m)) throw messageError('DataInvalid', 'error.parquet.noMagic', undefined, context);
    const length = new DataView(tail.buffer, tail.byteOffset, 8).getUint32(0, true);
    const start = source.size - 8 - length;
    if (length === 0 || start < 4) throw messageError('DataInvalid', 'error.parquet.footerLength', { length, size: source.size }, context);
    for (let n = Math.min(length, FOOTER_HEAD_BYTES); ; n = Math.min(length, n * 4)) {
      const bytes = await source.read(start, n, signal);
      let head;
      try {
        head = writeStruct(readStructUntil(bytes, 0, 5));
      } catch (e) {
        if (n < length) continue; // cut off by our read, not by the file: read more
        throw e;
      }
      const framed = new Uint8Array(head.length + 8);
      framed.set(head);
      new DataView(framed.buffer).setUint32(head.length, head.length, true);
      framed.set(MAGIC, head.length + 4);
      return footerOf(parquetMetadata(framed.buffer));
    }
  } catch (e) {
    throw causedError(e, 'parquet: invalid footer', context, 'DataInvalid', 'error.parquet.invalidFooter', (detail) => ({ detail }));
  }
}
