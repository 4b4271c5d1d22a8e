/**
 * Writing deletion vectors (PROTOCOL.md "Deletion Vector Format", "Deletion Vector File Storage Format"):
 * each vector is the 4-byte little-endian magic 1681511377 followed by the portable 64-bit Roaring
 * bitmap ("RoaringBitmapArray" in its portable serialization); a DV file is a version byte (1), then
 * per vector its 4-byte big-endian size, the bytes, and their 4-byte big-endian CRC-32. The descriptor
 * names the file by a Z85-encoded random UUID (storage type `u`, no prefix: the file is
 * `deletion_vector_<uuid>.bin` at the table root) and points `offset` at the vector's size field.
 */
import { RoaringBitmap64 } from '../../../codecs/roaring.ts';
import { concatBytes, crc32, writeUint32BE, writeUint32LE } from '../../../util/bytes.ts';
import type { DeletionVectorDescriptor } from '../spec/actions.ts';
import { deletionVectorPath, PORTABLE_MAGIC } from '../spec/deletion-vector.ts';
import { z85Encode } from '../spec/z85.ts';

/** One vector's serialized bitmap: magic + portable Roaring64. */
export function serializeDeletionVectorBitmap(bitmap: RoaringBitmap64): Uint8Array {
  const magic = new Uint8Array(4);
  writeUint32LE(magic, 0, PORTABLE_MAGIC);
  return concatBytes([magic, bitmap.serialize()]);
}

/** A DV file being built: vectors appended, then {@link finish} gives its key and bytes. */
export class DeletionVectorFile {
  private readonly parts: Uint8Array[] = [Uint8Array.of(1)];
  private size = 1;
  private readonly uuid: Uint8Array;
  readonly pathOrInlineDv: string;

  constructor(uuid: Uint8Array = crypto.getRandomValues(new Uint8Array(16))) {
    this.uuid = uuid;
    this.pathOrInlineDv = z85Encode(this.uuid);
  }

  /** The storage key of the file (relative to the table root). */
  get key(): string {
    return deletionVectorPath({ storageType: 'u', pathOrInlineDv: this.pathOrInlineDv, sizeInBytes: 0, cardinality: 0n })!.relative!;
  }

  /** True when no vector was added. */
  get empty(): boolean {
    return this.parts.length === 1;
  }

  /** Appends the vector of `positions` and returns its descriptor. */
  add(bitmap: RoaringBitmap64): DeletionVectorDescriptor {
    const body = serializeDeletionVectorBitmap(bitmap);
    const head = new Uint8Array(4);
    writeUint32BE(head, 0, body.length);
    const tail = new Uint8Array(4);
    writeUint32BE(tail, 0, crc32(body));
    const offset = this.size;
    this.parts.push(head, body, tail);
    this.size += body.length + 8;
    return { storageType: 'u', pathOrInlineDv: this.pathOrInlineDv, offset, sizeInBytes: body.length, cardinality: BigInt(bitmap.size) };
  }

  /** The file's bytes. */
  bytes(): Uint8Array {
    return concatBytes(this.parts);
  }
}
