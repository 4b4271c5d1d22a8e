/**
 * Zstandard frame headers read without decompressing (RFC 8878 §3.1.1), to bound a frame's output before
 * a decoder allocates it (fzstd allocates Frame_Content_Size up front). Shared by the Avro and Parquet codecs.
 */

/**
 * An upper bound of what a zstd stream decompresses to, from its frame and block headers alone (RFC 8878
 * §3.1.1): Frame_Content_Size where the header gives it; else the sum over blocks (Raw and RLE blocks give
 * their size; a Compressed block is at most Block_Maximum_Size, 128 KiB). fzstd allocates the claimed
 * size up front, so a frame claiming terabytes must be refused before it is called. Skippable frames
 * add nothing; malformed headers give 0 and are left to the decoder to reject.
 */
export function zstdBound(data: Uint8Array): number {
  let at = 0;
  let total = 0;
  const u32 = (i: number) => (data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16)) + data[i + 3]! * 2 ** 24;
  while (at + 4 <= data.length) {
    const magic = u32(at);
    if ((magic & 0xfffffff0) >>> 0 === 0x184d2a50) { at += 8 + (at + 8 <= data.length ? u32(at + 4) : 0); continue; }
    if (magic !== 0xfd2fb528 || at + 5 > data.length) return total;
    const fhd = data[at + 4]!;
    const fcsFlag = fhd >> 6;
    const single = (fhd >> 5) & 1;
    const dictBytes = [0, 1, 2, 4][fhd & 3]!;
    const fcsBytes = [single ? 1 : 0, 2, 4, 8][fcsFlag]!;
    let p = at + 5 + (single ? 0 : 1) + dictBytes;
    if (p + fcsBytes > data.length) return total;
    if (fcsBytes > 0) {
      let fcs = 0;
      for (let i = fcsBytes - 1; i >= 0; i--) fcs = fcs * 256 + data[p + i]!;
      if (fcsBytes === 2) fcs += 256;
      total += fcs;
    }
    p += fcsBytes;
    let blocks = 0;
    for (;;) {
      if (p + 3 > data.length) return total + blocks;
      const h = data[p]! | (data[p + 1]! << 8) | (data[p + 2]! << 16);
      const type = (h >> 1) & 3;
      const size = h >>> 3;
      blocks += type === 2 ? 128 * 1024 : size;
      p += 3 + (type === 1 ? 1 : size);
      if (h & 1) break;
    }
    if (fcsBytes === 0) total += blocks;
    at = p + ((fhd >> 2) & 1 ? 4 : 0); // Content_Checksum
  }
  return total;
}
