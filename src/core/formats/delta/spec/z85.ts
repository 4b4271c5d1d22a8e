/**
 * Z85 (ZeroMQ RFC 32), the Base85 variant Delta uses for deletion vector ids and inline deletion vectors
 * (PROTOCOL.md "Deletion Vector Descriptor Schema"): every 5 characters encode 4 bytes, big-endian.
 */
import { LakeError } from '../../../errors.ts';
import { internalError, messageError } from '../../../message-error.ts';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

/**
 * Decodes Z85 text (length a multiple of 5). Must hold: any other length or character → DataInvalid.
 * The last group may be a padded tail as some writers (the Rust `z85` crate) produce it: `#` characters
 * in front of the n+1 digits of an n-byte tail (`##093` = bytes 03 00). A group starting with `#` is
 * above 2^32 - 1 in plain Z85, so the two forms cannot be confused; other groups above 2^32 - 1 are invalid.
 */
export function z85Decode(text: string): Uint8Array {
  if (text.length % 5 !== 0) throw messageError('DataInvalid', 'error.delta.z85.length', { length: text.length });
  const out: number[] = [];
  for (let i = 0; i < text.length; i += 5) {
    const group = text.slice(i, i + 5);
    let v = 0;
    for (let k = 0; k < 5; k++) v = v * 85 + digit(group, k);
    if (v <= 0xffffffff) {
      out.push(v >>> 24, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
      continue;
    }
    const pad = /^#+/.exec(group)?.[0].length ?? 0;
    if (i + 5 !== text.length || pad === 0 || pad > 3) throw messageError('DataInvalid', 'error.delta.z85.group', undefined);
    const bytes = 4 - pad;
    let t = 0;
    for (let k = pad; k < 5; k++) t = t * 85 + digit(group, k);
    if (t >= 2 ** (8 * bytes)) throw messageError('DataInvalid', 'error.delta.z85.padded', undefined);
    for (let k = bytes - 1; k >= 0; k--) out.push(Math.floor(t / 2 ** (8 * k)) & 0xff);
  }
  return Uint8Array.from(out);
}

function digit(group: string, k: number): number {
  const c = group.charCodeAt(k);
  const d = c < 128 ? DECODE[c]! : -1;
  if (d < 0) throw messageError('DataInvalid', 'error.delta.z85.char', { char: group[k]! });
  return d;
}

/** Encodes bytes (length a multiple of 4) as Z85. */
export function z85Encode(bytes: Uint8Array): string {
  if (bytes.length % 4 !== 0) throw internalError(`delta z85: length ${bytes.length} is not a multiple of 4`);
  let s = '';
  for (let i = 0; i < bytes.length; i += 4) {
    let v = ((bytes[i]! << 24) >>> 0) + (bytes[i + 1]! << 16) + (bytes[i + 2]! << 8) + bytes[i + 3]!;
    const chunk: string[] = [];
    for (let k = 0; k < 5; k++) { chunk.unshift(ALPHABET[v % 85]!); v = Math.floor(v / 85); }
    s += chunk.join('');
  }
  return s;
}
