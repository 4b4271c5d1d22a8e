/**
 * Z85 (ZeroMQ RFC 32), the Base85 variant Delta uses for deletion vector ids and inline deletion vectors
 * (PROTOCOL.md "Deletion Vector Descriptor Schema"): every 5 characters encode 4 bytes, big-endian.
 */
import { LakeError } from '../../../errors.ts';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

/** Decodes Z85 text (length a multiple of 5). Must hold: any other length or character → DataInvalid. */
export function z85Decode(text: string): Uint8Array {
  if (text.length % 5 !== 0) throw new LakeError('DataInvalid', `delta z85: length ${text.length} is not a multiple of 5`);
  const out = new Uint8Array((text.length / 5) * 4);
  for (let i = 0, o = 0; i < text.length; i += 5, o += 4) {
    let v = 0;
    for (let k = 0; k < 5; k++) {
      const c = text.charCodeAt(i + k);
      const d = c < 128 ? DECODE[c]! : -1;
      if (d < 0) throw new LakeError('DataInvalid', `delta z85: invalid character '${text[i + k]}'`);
      v = v * 85 + d;
    }
    if (v > 0xffffffff) throw new LakeError('DataInvalid', 'delta z85: a 5-character group exceeds 32 bits');
    out[o] = v >>> 24; out[o + 1] = (v >>> 16) & 0xff; out[o + 2] = (v >>> 8) & 0xff; out[o + 3] = v & 0xff;
  }
  return out;
}

/** Encodes bytes (length a multiple of 4) as Z85. */
export function z85Encode(bytes: Uint8Array): string {
  if (bytes.length % 4 !== 0) throw new LakeError('Internal', `delta z85: length ${bytes.length} is not a multiple of 4`);
  let s = '';
  for (let i = 0; i < bytes.length; i += 4) {
    let v = ((bytes[i]! << 24) >>> 0) + (bytes[i + 1]! << 16) + (bytes[i + 2]! << 8) + bytes[i + 3]!;
    const chunk: string[] = [];
    for (let k = 0; k < 5; k++) { chunk.unshift(ALPHABET[v % 85]!); v = Math.floor(v / 85); }
    s += chunk.join('');
  }
  return s;
}
