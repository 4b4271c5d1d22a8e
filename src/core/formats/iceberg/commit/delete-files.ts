/**
 * Writing delete files (spec "Delete Formats"):
 * - position delete files (v2): Parquet with `file_path` (id 2147483546) and `pos` (id 2147483545), sorted
 *   by path then position, one data file per delete file here so `referenced_data_file` can be set;
 *   `file_path` bounds are kept whole (not truncated) so readers can match them exactly;
 * - deletion vectors (v3): a Puffin file of `deletion-vector-v1` blobs (Puffin spec), one per data file,
 *   each blob's `snapshot-id`/`sequence-number` -1 and properties `referenced-data-file` and `cardinality`,
 *   as Java's DV writer records them; the manifest entry points at the blob (`content_offset`,
 *   `content_size_in_bytes`);
 * - equality delete files: Parquet with the equality columns, `equality_ids` in the manifest.
 */
import { PUFFIN_MAGIC, serializeDeletionVector } from '../../../codecs/puffin.ts';
import type { RoaringBitmap64 } from '../../../codecs/roaring.ts';
import { concatBytes, utf8Encode } from '../../../util/bytes.ts';
import { stringifyJson } from '../../../util/json.ts';
import type { DataFile } from '../spec/manifest.ts';
import type { NestedField } from '../spec/types.ts';
import { writeParquet } from './data-file-writer.ts';
import type { Row } from './row-values.ts';

export const DELETE_FILE_PATH: NestedField = { id: 2147483546, name: 'file_path', required: true, type: { kind: 'string' } };
export const DELETE_POS: NestedField = { id: 2147483545, name: 'pos', required: true, type: { kind: 'long' } };
/** `_pos`, the field a DV blob is about (Java MetadataColumns.ROW_POSITION). */
const ROW_POSITION_ID = 2147483645;

/** A delete file written but not yet placed: the caller adds path, spec and partition. */
export type DeleteFileBody = Omit<DataFile, 'filePath' | 'specId' | 'partition'>;

/** Position deletes of one data file as Parquet. */
export function positionDeleteFile(dataPath: string, positions: readonly number[]): { bytes: Uint8Array; file: DeleteFileBody } {
  const sorted = [...positions].sort((a, b) => a - b);
  const pq = writeParquet(sorted.map((p) => ({ file_path: dataPath, pos: BigInt(p) })), [DELETE_FILE_PATH, DELETE_POS], { boundTruncate: Number.MAX_SAFE_INTEGER });
  return {
    bytes: pq.bytes,
    file: {
      content: 'position-deletes', fileFormat: 'parquet', recordCount: BigInt(sorted.length), fileSizeInBytes: BigInt(pq.bytes.length),
      columnSizes: pq.metrics.columnSizes, valueCounts: pq.metrics.valueCounts, nullValueCounts: pq.metrics.nullValueCounts,
      lowerBounds: pq.metrics.lowerBounds, upperBounds: pq.metrics.upperBounds, splitOffsets: pq.splitOffsets, referencedDataFile: dataPath,
    },
  };
}

/** Equality deletes: rows of the equality columns (objects keyed by their names). */
export function equalityDeleteFile(columns: readonly NestedField[], rows: readonly Row[]): { bytes: Uint8Array; file: DeleteFileBody } {
  // Delete rows may hold nulls even for required columns' keys only when the column is optional; keep the table's nullability.
  const pq = writeParquet(rows, columns);
  return {
    bytes: pq.bytes,
    file: {
      content: 'equality-deletes', fileFormat: 'parquet', recordCount: pq.recordCount, fileSizeInBytes: BigInt(pq.bytes.length),
      columnSizes: pq.metrics.columnSizes, valueCounts: pq.metrics.valueCounts, nullValueCounts: pq.metrics.nullValueCounts,
      nanValueCounts: pq.metrics.nanValueCounts, lowerBounds: pq.metrics.lowerBounds, upperBounds: pq.metrics.upperBounds,
      splitOffsets: pq.splitOffsets, equalityIds: columns.map((c) => c.id),
    },
  };
}

/** Deletion vectors of several data files in one Puffin file; one manifest entry body per vector. */
export function deletionVectorFile(vectors: readonly { dataPath: string; bitmap: RoaringBitmap64 }[]): { bytes: Uint8Array; files: { dataPath: string; file: DeleteFileBody }[] } {
  const parts: Uint8Array[] = [PUFFIN_MAGIC];
  let offset = PUFFIN_MAGIC.length;
  const blobs: Record<string, unknown>[] = [];
  const placed: { dataPath: string; offset: number; length: number; cardinality: number }[] = [];
  for (const v of vectors) {
    const blob = serializeDeletionVector(v.bitmap);
    parts.push(blob);
    blobs.push({
      type: 'deletion-vector-v1', fields: [ROW_POSITION_ID], 'snapshot-id': -1, 'sequence-number': -1, offset, length: blob.length,
      properties: { 'referenced-data-file': v.dataPath, cardinality: String(v.bitmap.size) },
    });
    placed.push({ dataPath: v.dataPath, offset, length: blob.length, cardinality: v.bitmap.size });
    offset += blob.length;
  }
  const payload = utf8Encode(stringifyJson({ blobs, properties: { 'created-by': 'lakescope' } }));
  const trailer = new Uint8Array(12);
  new DataView(trailer.buffer).setInt32(0, payload.length, true); // footer payload size, then 4 flag bytes (uncompressed)
  trailer.set(PUFFIN_MAGIC, 8);
  const bytes = concatBytes([...parts, PUFFIN_MAGIC, payload, trailer]);
  return {
    bytes,
    files: placed.map((p) => ({
      dataPath: p.dataPath,
      file: {
        content: 'position-deletes', fileFormat: 'puffin', recordCount: BigInt(p.cardinality), fileSizeInBytes: BigInt(bytes.length),
        referencedDataFile: p.dataPath, contentOffset: BigInt(p.offset), contentSizeInBytes: BigInt(p.length),
      },
    })),
  };
}
