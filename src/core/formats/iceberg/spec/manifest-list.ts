/**
 * Manifest lists (spec "Manifest Lists"): one `manifest_file` record per manifest of a snapshot, with
 * the counts and partition field summaries that let planning skip whole manifests. v1 lists have no
 * `content`, `sequence_number` or `min_sequence_number`; they default to data and 0 (Appendix E).
 */
import type { AvroFile } from '../../../codecs/avro/index.ts';
import { type RecordShape, fieldType, fieldValue, recordShape } from './avro-record.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';

export interface FieldSummary {
  readonly containsNull: boolean;
  readonly containsNaN?: boolean;
  /** Appendix D binary bound of the partition field, decoded lazily with the manifest's spec. */
  readonly lowerBound?: Uint8Array;
  readonly upperBound?: Uint8Array;
}

export type ManifestContent = 'data' | 'deletes';

export interface ManifestFile {
  readonly path: string;
  readonly length: bigint;
  readonly partitionSpecId: number;
  readonly content: ManifestContent;
  readonly sequenceNumber: bigint;
  readonly minSequenceNumber: bigint;
  readonly addedSnapshotId?: bigint;
  /** Counts: undefined when not written (v1), which means "assume non-zero". */
  readonly addedFilesCount?: number;
  readonly existingFilesCount?: number;
  readonly deletedFilesCount?: number;
  readonly addedRowsCount?: bigint;
  readonly existingRowsCount?: bigint;
  readonly deletedRowsCount?: bigint;
  readonly partitions?: readonly FieldSummary[];
  readonly keyMetadata?: Uint8Array;
  /** v3: the first row id given to ADDED data files without one. */
  readonly firstRowId?: bigint;
}

/** Field ids of `manifest_file` (spec "Manifest Lists"). */
const F = {
  path: 500, length: 501, specId: 502, content: 517, seq: 515, minSeq: 516, addedSnapshot: 503,
  addedFiles: 504, existingFiles: 505, deletedFiles: 506, addedRows: 512, existingRows: 513, deletedRows: 514,
  partitions: 507, keyMetadata: 519, firstRowId: 520,
} as const;
const S = { containsNull: 509, containsNaN: 518, lower: 510, upper: 511 } as const;

/** Parses a decoded manifest list. `file` names it in errors. Throws DataInvalid for missing required fields. */
export function parseManifestList(avro: AvroFile, file: string): ManifestFile[] {
  const shape = recordShape(avro.type);
  if (!shape) throw messageError('DataInvalid', 'error.iceberg.manifestList.notRecords', undefined, { file });
  const partitionsType = fieldType(shape, F.partitions);
  const summaryShape = partitionsType?.kind === 'array' ? recordShape(partitionsType.items) : undefined;
  return avro.records.map((r, i) => parseManifestFile(r as Record<string, unknown>, shape, summaryShape, file, i));
}

function parseManifestFile(r: Record<string, unknown>, shape: RecordShape, summaryShape: RecordShape | undefined, file: string, index: number): ManifestFile {
  const get = (id: number): unknown => fieldValue(r, shape, id);
  const fail = (what: ErrorRef): never => {
    throw messageError('DataInvalid', 'error.iceberg.manifestList.entry', { index, what }, { file, entry: index });
  };
  const path = get(F.path);
  if (typeof path !== 'string' || path === '') fail(errorRef('error.iceberg.entry.hasNo', { field: 'manifest_path' }));
  const length = get(F.length);
  if (typeof length !== 'bigint') fail(errorRef('error.iceberg.entry.hasNo', { field: 'manifest_length' }));
  const specId = get(F.specId);
  if (typeof specId !== 'number') fail(errorRef('error.iceberg.entry.hasNo', { field: 'partition_spec_id' }));
  const content = get(F.content);
  if (content !== undefined && content !== null && content !== 0 && content !== 1) fail(errorRef('error.iceberg.entry.content', { content: String(content) }));
  const partitions = get(F.partitions);
  return {
    path: path as string,
    length: length as bigint,
    partitionSpecId: specId as number,
    content: content === 1 ? 'deletes' : 'data',
    sequenceNumber: optBig(get(F.seq)) ?? 0n,
    minSequenceNumber: optBig(get(F.minSeq)) ?? 0n,
    addedSnapshotId: optBig(get(F.addedSnapshot)),
    addedFilesCount: optNum(get(F.addedFiles)),
    existingFilesCount: optNum(get(F.existingFiles)),
    deletedFilesCount: optNum(get(F.deletedFiles)),
    addedRowsCount: optBig(get(F.addedRows)),
    existingRowsCount: optBig(get(F.existingRows)),
    deletedRowsCount: optBig(get(F.deletedRows)),
    partitions: Array.isArray(partitions) && summaryShape ? partitions.map((p) => parseSummary(p as Record<string, unknown>, summaryShape)) : undefined,
    keyMetadata: optBytes(get(F.keyMetadata)),
    firstRowId: optBig(get(F.firstRowId)),
  };
}

function parseSummary(p: Record<string, unknown>, shape: RecordShape): FieldSummary {
  return {
    containsNull: fieldValue(p, shape, S.containsNull) === true,
    containsNaN: optBool(fieldValue(p, shape, S.containsNaN)),
    lowerBound: optBytes(fieldValue(p, shape, S.lower)),
    upperBound: optBytes(fieldValue(p, shape, S.upper)),
  };
}

export function optBig(v: unknown): bigint | undefined {
  return typeof v === 'bigint' ? v : typeof v === 'number' ? BigInt(v) : undefined;
}
export function optNum(v: unknown): number | undefined {
  return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined;
}
function optBool(v: unknown): boolean | undefined {
  return typeof v === 'boolean' ? v : undefined;
}
/** A copy, so cached metadata does not pin the decompressed Avro block it was a view into. */
export function optBytes(v: unknown): Uint8Array | undefined {
  return v instanceof Uint8Array ? v.slice() : undefined;
}
