/**
 * Decode limits: a table someone else wrote must not exhaust memory or the stack. A decompression bomb
 * (a gzip metadata.json, an Avro block, a zstd frame whose header claims terabytes) and a schema nested
 * 10,000 deep fail as DataInvalid naming the file instead. The limits live here, in one place; the
 * decompression entry points (gunzip below, codecs/avro/block-codec.ts) and the JSON parser (util/json.ts) read
 * them. An embedder (CLI flag, a test) changes them with {@link setDecodeLimits}.
 */
import { LakeError } from '../errors.ts';
import { messageError } from '../message-error.ts';

export interface DecodeLimits {
  /**
   * Most bytes one decompressed unit may have: a gzip metadata file, one Avro block, one zstd frame.
   * Real ones are far smaller (Avro writers flush blocks at ~64 KiB–1 MiB; a 100 MB metadata.json is huge).
   */
  readonly maxDecompressedBytes: number;
  /** Deepest nesting of arrays/objects in a JSON document (metadata, schemas, Avro schemas, Delta schemaString). */
  readonly maxJsonDepth: number;
}

export const DEFAULT_DECODE_LIMITS: DecodeLimits = { maxDecompressedBytes: 256 * 1024 * 1024, maxJsonDepth: 1000 };

let limits: DecodeLimits = DEFAULT_DECODE_LIMITS;

/** The limits in force. */
export function decodeLimits(): DecodeLimits {
  return limits;
}

/** Changes some limits (the rest stay); returns the previous ones so a caller can restore them. */
export function setDecodeLimits(change: Partial<DecodeLimits>): DecodeLimits {
  const before = limits;
  limits = { ...limits, ...change };
  return before;
}

/** The DataInvalid for a unit that decompresses (or claims to) past the limit. `what` names subsystem and file. */
export function tooLarge(what: string, bytes: number | bigint, context: Record<string, string | number | boolean> = {}): LakeError {
  const max = limits.maxDecompressedBytes;
  const ctx = { ...context, maxDecompressedBytes: max, decompressionBomb: true };
  return bytes >= max ? messageError('DataInvalid', 'error.decode.bomb', { what, max, bytes: String(bytes) }, ctx) : messageError('DataInvalid', 'error.decode.bombLimit', { what, max }, ctx);
}

/** Throws {@link tooLarge} when `bytes` is past the limit. */
export function checkDecompressedSize(what: string, bytes: number | bigint, context?: Record<string, string | number | boolean>): void {
  if (bytes > limits.maxDecompressedBytes) throw tooLarge(what, bytes, context);
}

/**
 * Gunzips with the platform's DecompressionStream, stopping as soon as the output passes the limit (the
 * stream is cancelled: a bomb never lands in memory whole). Corrupt gzip is DataInvalid `<what>: not valid gzip`.
 */
export async function gunzipBounded(bytes: Uint8Array, what: string, context: Record<string, string | number | boolean> = {}): Promise<Uint8Array> {
  const max = limits.maxDecompressedBytes;
  const chunks: Uint8Array[] = [];
  let total = 0;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    reader = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > max) {
        await reader.cancel().catch(() => {});
        throw tooLarge(what, total, context);
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof LakeError) throw e;
    throw messageError('DataInvalid', 'error.decode.gzip', { what, detail: e instanceof Error ? e.message : String(e) }, context, e);
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.length; }
  return out;
}
