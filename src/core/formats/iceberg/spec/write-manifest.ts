/**
 * Writing manifests (spec "Manifests", "Sequence Number Inheritance", "First Row ID Inheritance"): entries
 * of one partition spec and one content kind into an Avro file with the schema of manifest-schema.ts and the
 * required key-value metadata, plus what its manifest-list entry needs (counts, partition summaries).
 *
 * Inheritance rules the caller expresses through undefined fields: an ADDED entry written with no sequence
 * numbers inherits the manifest's (so the file can be reused when a commit is retried); EXISTING and
 * DELETED entries must carry both numbers explicitly, and data files their inherited `first_row_id`.
 */
import { writeAvroFile, type AvroCodec } from '../../../codecs/avro/index.ts';
import { compareValues } from '../../../expr/compare.ts';
import type { Value } from '../../../expr/types.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';
import { stringifyJson } from '../../../util/json.ts';
import type { DataFile, EntryStatus, FileContent } from './manifest.ts';
import { avroName, decimalBytes, manifestEntrySchema, partitionValueType } from './manifest-schema.ts';
import type { FieldSummary, ManifestContent } from './manifest-list.ts';
import type { PartitionSpec, PartitionTupleField } from './partition-spec.ts';
import type { Schema } from './schema.ts';
import type { PrimitiveType } from './types.ts';
import { encodeBinaryValue, encodeFixedTwos } from './write-single-value.ts';
import { partitionFieldToJson, schemaToJson } from './write-json.ts';

/** Deprecated v1 `block_size_in_bytes`: "Always write a default in v1" (64 MiB, as Java and pyiceberg). */
const V1_BLOCK_SIZE = 64n * 1024n * 1024n;

/** One entry to write. Undefined numbers are written as null (inherited from the manifest list). */
export interface ManifestEntryDraft {
  readonly status: EntryStatus;
  readonly snapshotId?: bigint;
  readonly sequenceNumber?: bigint;
  readonly fileSequenceNumber?: bigint;
  readonly dataFile: DataFile;
}

export interface WriteManifestOptions {
  readonly formatVersion: number;
  readonly spec: PartitionSpec;
  /** Partition tuple type of `spec` under `schema` (partitionType in partition-spec.ts). */
  readonly partition: readonly PartitionTupleField[];
  readonly schema: Schema;
  readonly content: ManifestContent;
  /** The snapshot that writes the manifest (`added_snapshot_id`; v1 entries need it explicitly). */
  readonly snapshotId: bigint;
  readonly codec?: AvroCodec;
}

/** A written manifest and the facts its manifest-list entry is made of. */
export interface WrittenManifest {
  readonly bytes: Uint8Array;
  readonly specId: number;
  readonly content: ManifestContent;
  readonly addedSnapshotId: bigint;
  readonly addedFilesCount: number;
  readonly existingFilesCount: number;
  readonly deletedFilesCount: number;
  readonly addedRowsCount: bigint;
  readonly existingRowsCount: bigint;
  readonly deletedRowsCount: bigint;
  readonly partitions: readonly FieldSummary[];
  /** Smallest explicit data sequence number of a live entry (undefined: none explicit). */
  readonly minExplicitSequenceNumber?: bigint;
  /** True when some live entry inherits its sequence number (then the manifest's own number counts for the minimum). */
  readonly hasInheritedSequenceNumber: boolean;
}

const STATUS_CODE: Record<EntryStatus, number> = { existing: 0, added: 1, deleted: 2 };
const CONTENT_CODE: Record<FileContent, number> = { data: 0, 'position-deletes': 1, 'equality-deletes': 2 };

/**
 * Writes one manifest. Throws DataInvalid when an entry does not belong (other spec, content kind, a
 * partition tuple of the wrong arity) and Unsupported for a v1 manifest of delete files.
 */
export function writeManifest(entries: readonly ManifestEntryDraft[], opts: WriteManifestOptions): WrittenManifest {
  const v = opts.formatVersion;
  if (v === 1 && opts.content === 'deletes') throw messageError('Unsupported', 'error.iceberg.manifestWrite.v1Deletes', undefined);
  const names = opts.partition.map((f) => avroName(f.field.name));
  const types = opts.partition.map(partitionValueType);
  const acc = new Counts(opts.partition.length);
  const records = entries.map((e, i) => {
    checkEntry(e, opts, i);
    acc.add(e, types);
    return entryRecord(e, v, opts.snapshotId, names, types);
  });
  const metadata: Record<string, string> = {
    schema: stringifyJson(schemaToJson(opts.schema)),
    'schema-id': String(opts.schema.schemaId),
    'partition-spec': stringifyJson(opts.spec.fields.map(partitionFieldToJson)),
    'partition-spec-id': String(opts.spec.specId),
    'format-version': String(v),
  };
  if (v >= 2) metadata.content = opts.content;
  const bytes = writeAvroFile(manifestEntrySchema(v, opts.partition), records, { codec: opts.codec ?? 'deflate', metadata });
  return { bytes, specId: opts.spec.specId, content: opts.content, addedSnapshotId: opts.snapshotId, ...acc.result(types) };
}

function checkEntry(e: ManifestEntryDraft, opts: WriteManifestOptions, i: number): void {
  const f = e.dataFile;
  const bad = (what: ErrorRef) => messageError('DataInvalid', 'error.iceberg.manifestWrite.entry', { entry: i, file: f.filePath, what }, { file: f.filePath });
  if (f.specId !== opts.spec.specId) throw bad(errorRef('error.iceberg.manifestWrite.spec', { spec: f.specId, manifestSpec: opts.spec.specId }));
  if ((f.content === 'data') !== (opts.content === 'data')) throw bad(errorRef('error.iceberg.manifestWrite.content', { content: f.content, holds: opts.content }));
  if (f.partition.length !== opts.partition.length) throw bad(errorRef('error.iceberg.manifestWrite.partition', { values: f.partition.length, fields: opts.partition.length }));
  if (e.status !== 'added' && opts.formatVersion >= 2 && (e.sequenceNumber === undefined || e.fileSequenceNumber === undefined)) {
    throw bad(errorRef('error.iceberg.manifestWrite.sequence', { status: e.status }));
  }
}

function entryRecord(e: ManifestEntryDraft, v: number, snapshotId: bigint, names: string[], types: PrimitiveType[]): Record<string, unknown> {
  const f = e.dataFile;
  const partition: Record<string, unknown> = {};
  names.forEach((n, i) => { partition[n] = avroPartitionValue(types[i], f.partition[i]); });
  const df: Record<string, unknown> = {
    file_path: f.filePath,
    file_format: f.fileFormat.toUpperCase(),
    partition,
    record_count: f.recordCount,
    file_size_in_bytes: f.fileSizeInBytes,
    column_sizes: kv(f.columnSizes), value_counts: kv(f.valueCounts), null_value_counts: kv(f.nullValueCounts),
    nan_value_counts: kv(f.nanValueCounts), lower_bounds: kv(f.lowerBounds), upper_bounds: kv(f.upperBounds),
    key_metadata: f.keyMetadata ?? null,
    split_offsets: f.splitOffsets ? [...f.splitOffsets] : null,
    sort_order_id: f.sortOrderId ?? null,
  };
  if (v === 1) df.block_size_in_bytes = V1_BLOCK_SIZE;
  if (v >= 2) {
    df.content = CONTENT_CODE[f.content];
    df.equality_ids = f.equalityIds ? [...f.equalityIds] : null;
    df.referenced_data_file = f.referencedDataFile ?? null;
  }
  if (v >= 3) {
    // Delete files never carry a first row id (spec "First Row ID Inheritance").
    df.first_row_id = f.content === 'data' ? f.firstRowId ?? null : null;
    df.content_offset = f.contentOffset ?? null;
    df.content_size_in_bytes = f.contentSizeInBytes ?? null;
  }
  const rec: Record<string, unknown> = { status: STATUS_CODE[e.status], snapshot_id: e.snapshotId ?? (v === 1 ? snapshotId : null), data_file: df };
  if (v >= 2) {
    rec.sequence_number = e.sequenceNumber ?? null;
    rec.file_sequence_number = e.fileSequenceNumber ?? null;
  }
  return rec;
}

function kv<T>(m: ReadonlyMap<number, T> | undefined): { key: number; value: T }[] | null {
  if (!m) return null;
  return [...m.entries()].sort((a, b) => a[0] - b[0]).map(([key, value]) => ({ key, value }));
}

/** An internal partition value (expr/types.ts) as the Avro value of its partition field type. */
function avroPartitionValue(t: PrimitiveType, v: Value | null): unknown {
  if (v === null || v === undefined) return null;
  switch (t.kind) {
    case 'int': case 'date': return Number(v);
    case 'long': case 'time': case 'timestamp': case 'timestamptz': case 'timestamp_ns': case 'timestamptz_ns': return BigInt(v as bigint);
    case 'decimal': return encodeFixedTwos(BigInt(v as bigint), decimalBytes(t.precision));
    case 'uuid': return encodeBinaryValue(t, v);
    case 'float': return Math.fround(v as number);
    default: return v;
  }
}

/** Accumulates counts and partition field summaries (spec "Manifest Lists": `field_summary`). */
class Counts {
  added = 0; existing = 0; deleted = 0;
  addedRows = 0n; existingRows = 0n; deletedRows = 0n;
  minSeq: bigint | undefined;
  inherited = false;
  private readonly nulls: boolean[];
  private readonly nans: boolean[];
  private readonly lower: (Value | undefined)[];
  private readonly upper: (Value | undefined)[];

  constructor(n: number) {
    this.nulls = new Array(n).fill(false); this.nans = new Array(n).fill(false);
    this.lower = new Array(n).fill(undefined); this.upper = new Array(n).fill(undefined);
  }

  add(e: ManifestEntryDraft, types: PrimitiveType[]): void {
    const rows = e.dataFile.recordCount;
    if (e.status === 'added') { this.added++; this.addedRows += rows; }
    else if (e.status === 'existing') { this.existing++; this.existingRows += rows; }
    else { this.deleted++; this.deletedRows += rows; }
    if (e.status !== 'deleted') {
      if (e.sequenceNumber === undefined) this.inherited = true;
      else if (this.minSeq === undefined || e.sequenceNumber < this.minSeq) this.minSeq = e.sequenceNumber;
    }
    // Summaries cover every entry in the manifest (Java PartitionSummary updates on all entries).
    e.dataFile.partition.forEach((v, i) => {
      if (v === null || v === undefined) { this.nulls[i] = true; return; }
      if (typeof v === 'number' && Number.isNaN(v)) { this.nans[i] = true; return; }
      const val = types[i].kind === 'float' ? Math.fround(v as number) : v;
      if (this.lower[i] === undefined || compareValues(val, this.lower[i]!) < 0) this.lower[i] = val;
      if (this.upper[i] === undefined || compareValues(val, this.upper[i]!) > 0) this.upper[i] = val;
    });
  }

  result(types: PrimitiveType[]) {
    const partitions: FieldSummary[] = types.map((t, i) => ({
      containsNull: this.nulls[i],
      containsNaN: t.kind === 'float' || t.kind === 'double' ? this.nans[i] : undefined,
      lowerBound: this.lower[i] === undefined ? undefined : encodeBinaryValue(t, this.lower[i]!),
      upperBound: this.upper[i] === undefined ? undefined : encodeBinaryValue(t, this.upper[i]!),
    }));
    return {
      addedFilesCount: this.added, existingFilesCount: this.existing, deletedFilesCount: this.deleted,
      addedRowsCount: this.addedRows, existingRowsCount: this.existingRows, deletedRowsCount: this.deletedRows,
      partitions, minExplicitSequenceNumber: this.minSeq, hasInheritedSequenceNumber: this.inherited,
    };
  }
}
