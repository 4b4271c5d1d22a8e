/**
 * Writing manifest lists (spec "Manifest Lists", "First Row ID Assignment"): one `manifest_file` record per
 * manifest of a snapshot, with the key-value metadata readers use (`snapshot-id`, `parent-snapshot-id`,
 * `sequence-number`, `format-version`, v3 `first-row-id`).
 */
import { writeAvroFile, type AvroCodec } from '../../../codecs/avro/index.ts';
import { messageError } from '../../../message-error.ts';
import type { ManifestFile } from './manifest-list.ts';
import { manifestFileSchema } from './manifest-schema.ts';
import type { WrittenManifest } from './write-manifest.ts';

export interface WriteManifestListOptions {
  readonly formatVersion: number;
  readonly snapshotId: bigint;
  readonly parentSnapshotId?: bigint;
  readonly sequenceNumber: bigint;
  /** v3: the snapshot's `first-row-id` (the table's next-row-id when committing). */
  readonly firstRowId?: bigint;
  readonly codec?: AvroCodec;
}

export interface WrittenManifestList {
  readonly bytes: Uint8Array;
  /** The manifests as written (v3: with the first row ids assigned here). */
  readonly manifests: readonly ManifestFile[];
  /** v3: rows given row ids by this list (the snapshot's `added-rows`); 0 before v3. */
  readonly assignedRows: bigint;
}

/**
 * The manifest-list entry of a freshly written manifest committed with `sequenceNumber`. Must hold:
 * `min_sequence_number` is the smallest data sequence number of a live entry, counting inherited ones as
 * `sequenceNumber` (spec "Manifest Lists": "minimum data sequence number of all live data or delete files").
 */
export function manifestFileOf(m: WrittenManifest, path: string, sequenceNumber: bigint): ManifestFile {
  const live = m.addedFilesCount + m.existingFilesCount > 0;
  let min = m.minExplicitSequenceNumber;
  if (m.hasInheritedSequenceNumber && (min === undefined || sequenceNumber < min)) min = sequenceNumber;
  return {
    path, length: BigInt(m.bytes.length), partitionSpecId: m.specId, content: m.content,
    sequenceNumber, minSequenceNumber: live ? min ?? sequenceNumber : sequenceNumber,
    addedSnapshotId: m.addedSnapshotId,
    addedFilesCount: m.addedFilesCount, existingFilesCount: m.existingFilesCount, deletedFilesCount: m.deletedFilesCount,
    addedRowsCount: m.addedRowsCount, existingRowsCount: m.existingRowsCount, deletedRowsCount: m.deletedRowsCount,
    partitions: m.partitions,
  };
}

/**
 * Writes the list. For v3, every data manifest without a `first_row_id` is assigned the next free id, and
 * the id advances by its added and existing row counts ("First Row ID Assignment"); manifests that have one
 * keep it. Throws DataInvalid when a v2+ entry lacks the counts the spec requires.
 */
export function writeManifestList(manifests: readonly ManifestFile[], opts: WriteManifestListOptions): WrittenManifestList {
  const v = opts.formatVersion;
  let next = opts.firstRowId;
  if (v >= 3 && next === undefined) throw messageError('DataInvalid', 'error.iceberg.listWrite.firstRowId', undefined);
  const out: ManifestFile[] = manifests.map((m) => {
    if (v < 3 || m.content !== 'data' || m.firstRowId !== undefined) return m;
    const assigned = { ...m, firstRowId: next! };
    next = next! + (m.addedRowsCount ?? 0n) + (m.existingRowsCount ?? 0n);
    return assigned;
  });
  const records = out.map((m, i) => manifestRecord(m, v, i));
  const metadata: Record<string, string> = {
    'snapshot-id': String(opts.snapshotId),
    'parent-snapshot-id': opts.parentSnapshotId === undefined ? 'null' : String(opts.parentSnapshotId),
    'format-version': String(v),
  };
  if (v >= 2) metadata['sequence-number'] = String(opts.sequenceNumber);
  if (v >= 3) metadata['first-row-id'] = String(opts.firstRowId);
  const bytes = writeAvroFile(manifestFileSchema(v), records, { codec: opts.codec ?? 'deflate', metadata });
  return { bytes, manifests: out, assignedRows: v >= 3 ? next! - opts.firstRowId! : 0n };
}

function manifestRecord(m: ManifestFile, v: number, i: number): Record<string, unknown> {
  const need = <T>(x: T | undefined, what: string): T | null => {
    if (x === undefined && v >= 2) throw messageError('DataInvalid', 'error.iceberg.listWrite.missing', { entry: i, file: m.path, field: what }, { file: m.path });
    return x ?? null;
  };
  const rec: Record<string, unknown> = {
    manifest_path: m.path,
    manifest_length: m.length,
    partition_spec_id: m.partitionSpecId,
    added_snapshot_id: m.addedSnapshotId ?? need(undefined, 'added_snapshot_id'),
    added_files_count: need(m.addedFilesCount, 'added_files_count'),
    existing_files_count: need(m.existingFilesCount, 'existing_files_count'),
    deleted_files_count: need(m.deletedFilesCount, 'deleted_files_count'),
    added_rows_count: need(m.addedRowsCount, 'added_rows_count'),
    existing_rows_count: need(m.existingRowsCount, 'existing_rows_count'),
    deleted_rows_count: need(m.deletedRowsCount, 'deleted_rows_count'),
    partitions: m.partitions ? m.partitions.map((p) => ({
      contains_null: p.containsNull, contains_nan: p.containsNaN ?? null, lower_bound: p.lowerBound ?? null, upper_bound: p.upperBound ?? null,
    })) : null,
    key_metadata: m.keyMetadata ?? null,
  };
  if (v >= 2) {
    rec.content = m.content === 'deletes' ? 1 : 0;
    rec.sequence_number = m.sequenceNumber;
    rec.min_sequence_number = m.minSequenceNumber;
  }
  if (v >= 3) rec.first_row_id = m.firstRowId ?? null;
  return rec;
}
