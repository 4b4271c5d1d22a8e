/**
 * The first bytes of one object (the Raw view shows them as text or hex). One head plus one range read,
 * so a 2 GB Parquet file costs no more than a small JSON file.
 */
import { toLakeError } from '../errors.ts';
import type { Storage } from '../io/storage.ts';
import type { ObjectPreviewDto } from './dto.ts';

/** Reads at most `maxBytes` (default 256 KiB) from the start of `key`. Missing key → NotFound with the key in context. */
export async function readObjectPreview(
  storage: Storage,
  key: string,
  options: { signal?: AbortSignal; maxBytes?: number } = {},
): Promise<ObjectPreviewDto> {
  const maxBytes = options.maxBytes ?? 256 * 1024;
  try {
    const info = await storage.head(key, { signal: options.signal });
    const length = Math.min(info.size, maxBytes);
    const bytes = length === 0 ? new Uint8Array(0) : await storage.read(key, { range: { offset: 0, length }, signal: options.signal });
    return { key, size: info.size, bytes, truncated: info.size > bytes.byteLength };
  } catch (e) {
    throw toLakeError(e, 'warehouse: reading object failed', { key, storage: storage.description }, 'Io');
  }
}
