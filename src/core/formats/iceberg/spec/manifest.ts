/**
 * Manifests (spec "Manifests", "Manifest Entry Fields", "Sequence Number Inheritance", "First Row ID
 * Inheritance"). Entries are parsed by field id into one model for v1–v3, with inherited values filled in:
 * a null snapshot id or sequence number of an ADDED entry takes the manifest's (from the manifest list),
 * v1 entries get sequence number 0, and v3 data files with a null `first_row_id` get the manifest's
 * `first_row_id` plus the record counts of the files before them that also had none.
 */
import { LakeError } from '../../../errors.ts';
import type { AvroFile } from '../../../codecs/avro/index.ts';
import { formatUuid } from '../../../expr/literal.ts';
import type { Value } from '../../../expr/types.ts';
import { type RecordShape, fieldType, fieldValue, mapEntries, recordShape } from './avro-record.ts';
import type { ManifestFile } from './manifest-list.ts';
import { optBig, optBytes, optNum } from './manifest-list.ts';
import type { PartitionTupleField } from './partition-spec.ts';
import { decodeBigEndianTwos } from './single-value.ts';
import type { IcebergType } from './types.ts';

export type EntryStatus = 'existing' | 'added' | 'deleted';
export type FileContent = 'data' | 'position-deletes' | 'equality-deletes';

export interface DataFile {
  readonly content: FileContent;
  /** As written in the manifest (absolute, possibly of another location: re-rooted when read). */
  readonly filePath: string;
  /** Lower case: `parquet`, `avro`, `orc`, `puffin`. */
  readonly fileFormat: string;
  readonly specId: number;
  /** Partition values in the order of the spec's fields, as internal values (expr/types.ts). */
  readonly partition: readonly (Value | null)[];
  readonly recordCount: bigint;
  readonly fileSizeInBytes: bigint;
  readonly columnSizes?: ReadonlyMap<number, bigint>;
  readonly valueCounts?: ReadonlyMap<number, bigint>;
  readonly nullValueCounts?: ReadonlyMap<number, bigint>;
  readonly nanValueCounts?: ReadonlyMap<number, bigint>;
  readonly lowerBounds?: ReadonlyMap<number, Uint8Array>;
  readonly upperBounds?: ReadonlyMap<number, Uint8Array>;
  readonly keyMetadata?: Uint8Array;
  readonly splitOffsets?: readonly bigint[];
  readonly equalityIds?: readonly number[];
  readonly sortOrderId?: number;
  readonly firstRowId?: bigint;
  readonly referencedDataFile?: string;
  readonly contentOffset?: bigint;
  readonly contentSizeInBytes?: bigint;
}

export interface ManifestEntry {
  readonly status: EntryStatus;
  readonly snapshotId?: bigint;
  /** Data sequence number after inheritance. */
  readonly sequenceNumber: bigint;
  readonly fileSequenceNumber: bigint;
  readonly dataFile: DataFile;
}

/** The key-value metadata of a manifest file (spec "Manifest Metadata"). */
export interface ManifestMetadata {
  readonly schemaJson?: string;
  readonly schemaId?: number;
  readonly partitionSpecJson?: string;
  readonly partitionSpecId?: number;
  readonly formatVersion?: number;
  readonly content?: string;
}

const STATUS: Record<number, EntryStatus> = { 0: 'existing', 1: 'added', 2: 'deleted' };
const CONTENT: Record<number, FileContent> = { 0: 'data', 1: 'position-deletes', 2: 'equality-deletes' };
const E = { status: 0, snapshotId: 1, seq: 3, fileSeq: 4, dataFile: 2 } as const;
const D = {
  content: 134, path: 100, format: 101, partition: 102, recordCount: 103, size: 104, columnSizes: 108, valueCounts: 109,
  nullCounts: 110, nanCounts: 137, lower: 125, upper: 128, keyMetadata: 131, splitOffsets: 132, equalityIds: 135,
  sortOrderId: 140, firstRowId: 142, referencedDataFile: 143, contentOffset: 144, contentSize: 145,
} as const;

/** Reads the manifest's key-value metadata. */
export function manifestMetadata(avro: AvroFile): ManifestMetadata {
  const m = avro.metadata;
  const int = (k: string): number | undefined => (m[k] !== undefined && /^-?\d+$/.test(m[k]) ? Number(m[k]) : undefined);
  return {
    schemaJson: m.schema, schemaId: int('schema-id'), partitionSpecJson: m['partition-spec'], partitionSpecId: int('partition-spec-id'),
    formatVersion: int('format-version'), content: m.content,
  };
}

/**
 * Parses every entry of a decoded manifest. `manifest` is its manifest-list entry (for inheritance);
 * `partitionFields` is the partition tuple type of the spec it was written with. Throws DataInvalid,
 * naming the file and entry, for missing required fields or impossible values.
 */
export function parseManifest(avro: AvroFile, manifest: ManifestFile, partitionFields: readonly PartitionTupleField[], file: string): ManifestEntry[] {
  const shape = recordShape(avro.type);
  const dfType = shape && fieldType(shape, E.dataFile);
  const dfShape = dfType && recordShape(dfType);
  if (!shape || !dfShape) throw new LakeError('DataInvalid', 'iceberg manifest: records have no data_file struct (field 2)', { file });
  const partType = fieldType(dfShape, D.partition);
  const partShape = partType ? recordShape(partType) : undefined;
  let nextRowId = manifest.content === 'data' ? manifest.firstRowId : undefined;
  return avro.records.map((rec, index) => {
    const entry = parseEntry(rec as Record<string, unknown>, shape, dfShape, partShape, partitionFields, manifest, file, index);
    // First Row ID Inheritance: only data files, in file order, counting files that had none themselves.
    if (entry.dataFile.content === 'data' && entry.dataFile.firstRowId === undefined && nextRowId !== undefined) {
      const firstRowId = nextRowId;
      nextRowId += entry.dataFile.recordCount;
      return { ...entry, dataFile: { ...entry.dataFile, firstRowId } };
    }
    return entry;
  });
}

function parseEntry(
  r: Record<string, unknown>, shape: RecordShape, dfShape: RecordShape, partShape: RecordShape | undefined,
  partitionFields: readonly PartitionTupleField[], manifest: ManifestFile, file: string, index: number,
): ManifestEntry {
  const fail = (what: string): never => {
    throw new LakeError('DataInvalid', `iceberg manifest: entry ${index} ${what}`, { file, entry: index });
  };
  const status = STATUS[r[shape.byId.get(E.status)?.name ?? 'status'] as number] ?? fail('has an invalid status');
  const df = fieldValue(r, shape, E.dataFile) as Record<string, unknown> | null | undefined;
  if (!df || typeof df !== 'object') return fail('has no data_file');
  const get = (id: number): unknown => fieldValue(df, dfShape, id);
  const contentRaw = get(D.content);
  const content = contentRaw === undefined || contentRaw === null ? 'data' : CONTENT[contentRaw as number] ?? fail(`has unknown content ${String(contentRaw)}`);
  const filePath = get(D.path);
  if (typeof filePath !== 'string' || filePath === '') fail('has no file_path');
  const recordCount = get(D.recordCount);
  if (typeof recordCount !== 'bigint' || recordCount < 0n) fail('has no valid record_count');
  const size = get(D.size);
  if (typeof size !== 'bigint' || size < 0n) fail('has no valid file_size_in_bytes');
  const equalityIds = optIntList(get(D.equalityIds));
  if (content === 'equality-deletes' && (!equalityIds || equalityIds.length === 0)) fail('is an equality delete file without equality_ids');
  const fileFormat = String(get(D.format) ?? '').toLowerCase();
  const dataFile: DataFile = {
    content, filePath: filePath as string, fileFormat, specId: manifest.partitionSpecId,
    partition: readPartition(get(D.partition), partShape, partitionFields),
    recordCount: recordCount as bigint, fileSizeInBytes: size as bigint,
    columnSizes: longMap(get(D.columnSizes)), valueCounts: longMap(get(D.valueCounts)),
    nullValueCounts: longMap(get(D.nullCounts)), nanValueCounts: longMap(get(D.nanCounts)),
    lowerBounds: bytesMap(get(D.lower)), upperBounds: bytesMap(get(D.upper)),
    keyMetadata: optBytes(get(D.keyMetadata)),
    splitOffsets: Array.isArray(get(D.splitOffsets)) ? (get(D.splitOffsets) as unknown[]).map((x) => optBig(x) ?? 0n) : undefined,
    equalityIds, sortOrderId: optNum(get(D.sortOrderId)), firstRowId: optBig(get(D.firstRowId)),
    referencedDataFile: typeof get(D.referencedDataFile) === 'string' ? (get(D.referencedDataFile) as string) : undefined,
    contentOffset: optBig(get(D.contentOffset)), contentSizeInBytes: optBig(get(D.contentSize)),
  };
  if (fileFormat === 'puffin' && (dataFile.referencedDataFile === undefined || dataFile.contentOffset === undefined || dataFile.contentSizeInBytes === undefined)) {
    fail('is a deletion vector without referenced_data_file, content_offset and content_size_in_bytes');
  }
  // Sequence Number Inheritance: null → the manifest's number for ADDED entries, and always in v1 (manifest number 0).
  const inherit = (v: unknown): bigint => optBig(v) ?? (status === 'added' || manifest.sequenceNumber === 0n ? manifest.sequenceNumber : 0n);
  return {
    status,
    snapshotId: optBig(fieldValue(r, shape, E.snapshotId)) ?? manifest.addedSnapshotId,
    sequenceNumber: inherit(fieldValue(r, shape, E.seq)),
    fileSequenceNumber: inherit(fieldValue(r, shape, E.fileSeq)),
    dataFile,
  };
}

function readPartition(raw: unknown, shape: RecordShape | undefined, fields: readonly PartitionTupleField[]): (Value | null)[] {
  if (!raw || typeof raw !== 'object' || !shape) return fields.map(() => null);
  return fields.map((f) => normalizePartitionValue(f.type, fieldValue(raw as Record<string, unknown>, shape, f.field.fieldId)));
}

/** Converts an Avro partition value to the internal value of the partition field's type. */
export function normalizePartitionValue(type: IcebergType | undefined, raw: unknown): Value | null {
  if (raw === null || raw === undefined) return null;
  switch (type?.kind) {
    case 'int': case 'date': return typeof raw === 'bigint' ? Number(raw) : (raw as number);
    case 'long': case 'time': case 'timestamp': case 'timestamptz': case 'timestamp_ns': case 'timestamptz_ns':
      return typeof raw === 'number' ? BigInt(raw) : (raw as bigint);
    case 'decimal': return raw instanceof Uint8Array ? decodeBigEndianTwos(raw) : typeof raw === 'bigint' ? raw : BigInt(raw as number);
    case 'uuid': return raw instanceof Uint8Array ? formatUuid(raw) : String(raw).toLowerCase();
    default: break;
  }
  if (raw instanceof Uint8Array) return raw.slice();
  if (typeof raw === 'number' || typeof raw === 'bigint' || typeof raw === 'string' || typeof raw === 'boolean') return raw;
  return null;
}

function longMap(v: unknown): Map<number, bigint> | undefined {
  const entries = mapEntries(v);
  if (!entries) return undefined;
  const out = new Map<number, bigint>();
  for (const [k, x] of entries) {
    const val = optBig(x);
    if (val !== undefined) out.set(Number(k), val);
  }
  return out;
}

function bytesMap(v: unknown): Map<number, Uint8Array> | undefined {
  const entries = mapEntries(v);
  if (!entries) return undefined;
  const out = new Map<number, Uint8Array>();
  for (const [k, x] of entries) if (x instanceof Uint8Array) out.set(Number(k), x.slice());
  return out;
}

function optIntList(v: unknown): number[] | undefined {
  return Array.isArray(v) ? v.map((x) => Number(x)) : undefined;
}
