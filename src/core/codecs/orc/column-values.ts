/**
 * Values of the variable-width and compound-stream primitive columns (ORC specification, "Column
 * Encodings"): strings and binary (direct: LENGTH + DATA; dictionary: DATA ids into
 * DICTIONARY_DATA/LENGTH), timestamps (DATA seconds + SECONDARY nanos) and decimals (DATA unbounded
 * varints + SECONDARY scales; or, in ORCv2 decimal64, DATA alone as RLE v2 at the type's scale).
 */
import { orcColumnInvalid } from './errors.ts';
import { readBigInts } from './int-rle-big.ts';
import { readInts } from './int-rle.ts';
import { Kind, StreamKind } from './proto-messages.ts';
import type { OrcType } from './schema.ts';
import type { StripeStreams } from './stripe.ts';
import { zoneOffsets } from './timezone.ts';

/** Arrow Utf8/Binary buffers for `n` slots of which `m` (the `valid` ones) hold values. */
export function readStrings(stripe: StripeStreams, t: OrcType, enc: { version: 1 | 2; dictionary: boolean; dictionarySize: number },
  valid: Uint8Array | null, n: number, m: number): { offsets: Int32Array; bytes: Uint8Array } {
  const offsets = new Int32Array(n + 1);
  if (!enc.dictionary) {
    const lengths = new Float64Array(m);
    readInts(stripe.required(t.id, StreamKind.LENGTH), enc.version, false, m, lengths);
    let k = 0;
    let total = 0;
    for (let i = 0; i < n; i++) {
      if (!valid || valid[i]) {
        const len = lengths[k++]!;
        if (!(len >= 0)) throw orcColumnInvalid(t.id, 'error.orc.value.negativeLength', { length: len }, stripe.file);
        total += len;
        if (total > 2 ** 31 - 1) throw orcColumnInvalid(t.id, 'error.orc.value.over2GiB', undefined, stripe.file);
      }
      offsets[i + 1] = total;
    }
    const bytes = m ? stripe.required(t.id, StreamKind.DATA).take(total) : new Uint8Array();
    return { offsets, bytes };
  }
  // Dictionary: entries are LENGTH-delimited slices of DICTIONARY_DATA; DATA holds one id per value.
  const size = enc.dictionarySize;
  const entryLengths = new Float64Array(size);
  if (size) readInts(stripe.required(t.id, StreamKind.LENGTH), enc.version, false, size, entryLengths);
  const entryStart = new Int32Array(size + 1);
  for (let e = 0; e < size; e++) {
    const len = entryLengths[e]!;
    if (!(len >= 0) || entryStart[e]! + len > 2 ** 31 - 1) throw orcColumnInvalid(t.id, 'error.orc.value.dictionaryLength', { length: len }, stripe.file);
    entryStart[e + 1] = entryStart[e]! + len;
  }
  const blob = size ? stripe.required(t.id, StreamKind.DICTIONARY_DATA).take(entryStart[size]!) : new Uint8Array();
  const ids = new Int32Array(m);
  readInts(stripe.required(t.id, StreamKind.DATA), enc.version, false, m, ids);
  let total = 0;
  for (let j = 0; j < m; j++) {
    const id = ids[j]!;
    if (id < 0 || id >= size) throw orcColumnInvalid(t.id, 'error.orc.value.dictionaryId', { id, size }, stripe.file);
    total += entryStart[id + 1]! - entryStart[id]!;
  }
  if (total > 2 ** 31 - 1) throw orcColumnInvalid(t.id, 'error.orc.value.over2GiB', undefined, stripe.file);
  const bytes = new Uint8Array(total);
  let o = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (!valid || valid[i]) {
      const id = ids[k++]!;
      let from = entryStart[id]!;
      const end = entryStart[id + 1]!;
      if (end - from > 24) {
        bytes.set(blob.subarray(from, end), o);
        o += end - from;
      } else while (from < end) bytes[o++] = blob[from++]!;
    }
    offsets[i + 1] = o;
  }
  return { offsets, bytes };
}

/**
 * Nanoseconds for `m` timestamps: the writer's wall clock for `timestamp`, the instant for
 * `timestamp with local time zone`. As the ORC readers do, a negative instant with nanos > 999,999
 * is one second earlier (writers computed seconds as millis / 1000, truncating toward zero).
 */
export function readTimestamps(stripe: StripeStreams, t: OrcType, version: 1 | 2, m: number): BigInt64Array {
  const secs = new Float64Array(m);
  const nanos = new Float64Array(m);
  readInts(stripe.required(t.id, StreamKind.DATA), version, true, m, secs);
  readInts(stripe.required(t.id, StreamKind.SECONDARY), version, false, m, nanos);
  const zone = zoneOffsets(t.kind === Kind.TIMESTAMP_INSTANT ? 'UTC' : stripe.footer.writerTimezone);
  const out = new BigInt64Array(m);
  for (let i = 0; i < m; i++) {
    const raw = nanos[i]!;
    const zeros = raw % 8;
    let ns = Math.floor(raw / 8);
    if (zeros) ns *= 10 ** (zeros + 1);
    if (ns > 999_999_999) throw orcColumnInvalid(t.id, 'error.orc.value.nanos', { nanos: ns }, stripe.file);
    let instant = secs[i]! + zone.epoch;
    if (instant < 0 && ns > 999_999) instant -= 1;
    const wall = zone.isUtc ? instant : instant + zone.offsetAt(instant);
    out[i] = BigInt(wall) * 1_000_000_000n + BigInt(ns);
  }
  return out;
}

/** Decimal128 words (4 little-endian uint32 per value, two's complement) at the type's scale. */
export function readDecimals(stripe: StripeStreams, t: OrcType, version: 1 | 2, m: number): Uint32Array {
  const words = new Uint32Array(m * 4);
  const put = (i: number, v: bigint): void => {
    const u = BigInt.asUintN(128, v);
    words[i * 4] = Number(u & 0xffffffffn);
    words[i * 4 + 1] = Number((u >> 32n) & 0xffffffffn);
    words[i * 4 + 2] = Number((u >> 64n) & 0xffffffffn);
    words[i * 4 + 3] = Number(u >> 96n);
  };
  const data = stripe.required(t.id, StreamKind.DATA);
  // ORCv2 decimal64: RLE v2 integers at the type's scale, no SECONDARY stream.
  if (t.precision <= 18 && !stripe.has(t.id, StreamKind.SECONDARY)) {
    const vals = new BigInt64Array(m);
    readBigInts(data, 2, true, m, vals);
    for (let i = 0; i < m; i++) put(i, vals[i]!);
    return words;
  }
  const scales = new Float64Array(m);
  readInts(stripe.required(t.id, StreamKind.SECONDARY), version, true, m, scales);
  for (let i = 0; i < m; i++) {
    let v = data.svarintBig();
    const diff = t.scale - scales[i]!;
    if (diff > 0) v *= 10n ** BigInt(diff);
    else if (diff < 0) {
      if (diff < -100) throw orcColumnInvalid(t.id, 'error.orc.value.scale', { scale: scales[i]! }, stripe.file);
      // Truncated toward zero, as the ORC C++ reader does (the reference files' values); only Hive 0.11
      // files, whose values carry their own scale, have values finer than the column's scale.
      v /= 10n ** BigInt(-diff);
    }
    if (v >= 1n << 127n || v < -(1n << 127n)) throw orcColumnInvalid(t.id, 'error.orc.value.decimal128', undefined, stripe.file);
    put(i, v);
  }
  return words;
}
