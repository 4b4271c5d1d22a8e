/**
 * Node side of Avro string decoding: Buffer's native UTF-8 slice instead of TextDecoder for the strings
 * of manifests (a file path per entry). Measured on 100,000 paths of ~90 bytes in a fresh process: ~20 ms
 * against ~65 ms, and no view object per string (issue 17).
 */
import { setUtf8RangeDecoder, type Utf8RangeDecoder } from '../../core/codecs/avro/index.ts';

// Buffer.prototype.utf8Slice: Node's own binding behind `buf.toString('utf8', start, end)`, which accepts
// any Uint8Array as its receiver — so no Buffer view is made per string. Not in Node's documented API,
// hence the check; without it the TextDecoder path stays.
const utf8Slice = (Buffer.prototype as { utf8Slice?: (this: Uint8Array, start: number, end: number) => string }).utf8Slice;

/** `bytes[start, end)` as UTF-8 with Node's native decoder (V8's WHATWG-conformant one: U+FFFD per invalid sequence, BOM kept). */
export const nodeUtf8Range: Utf8RangeDecoder | undefined = typeof utf8Slice === 'function' ? (bytes, start, end) => utf8Slice.call(bytes, start, end) : undefined;

/** Makes core's Avro reader decode strings with Node's native UTF-8 slice (when this Node has it). Idempotent. */
export function installNodeUtf8(): void {
  if (nodeUtf8Range) setUtf8RangeDecoder(nodeUtf8Range);
}
