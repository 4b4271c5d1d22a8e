/**
 * Manifests (`manifest/manifest-…`, paimon-core `manifest/ManifestEntry` + `io/DataFileMeta`): Avro
 * files of ADD/DELETE entries, each naming one data file of a (partition, bucket) with its LSM level,
 * min/max key (BinaryRows of the trimmed primary key), key and value stats, sequence-number range,
 * schema id, row counts and file source (APPEND written by a writer, COMPACT by a compaction).
 *
 * Entries are merged in manifest order (`FileEntry.mergeEntries`): an ADD followed later by a DELETE
 * of the same file identifier cancels out; what stays ADD is live.
 */
import { readAvroFile, writeAvroFile, type AvroSchema } from '../../../codecs/avro/index.ts';
import { isOrcFile, readOrcRecordsSync } from '../../../codecs/orc/index.ts';
import { toHex } from '../../../util/bytes.ts';
import { parseJson } from '../../../util/json.ts';
import { RecordReader, type AvroRecord } from './avro-record.ts';
import { paimonError } from './errors.ts';
import { parseSimpleStats, type SimpleStats } from './stats.ts';
import { messageError } from '../../../message-error.ts';

export type FileKind = 'ADD' | 'DELETE';
/** `manifest/FileSource`: who wrote the file. */
export type FileSource = 'APPEND' | 'COMPACT';

export interface DataFileMeta {
  readonly fileName: string;
  readonly fileSize: bigint;
  readonly rowCount: bigint;
  readonly minKey: Uint8Array;
  readonly maxKey: Uint8Array;
  readonly keyStats: SimpleStats;
  readonly valueStats: SimpleStats;
  readonly minSequenceNumber: bigint;
  readonly maxSequenceNumber: bigint;
  readonly schemaId: number;
  readonly level: number;
  readonly extraFiles: readonly string[];
  /** Epoch ms (Paimon writes local wall-clock millis here). */
  readonly creationTime?: bigint;
  readonly deleteRowCount?: bigint;
  readonly embeddedIndex?: Uint8Array;
  readonly fileSource?: FileSource;
  /** Columns the value stats cover (dense stats); undefined = all columns of the file's schema. */
  readonly valueStatsCols?: readonly string[];
  /** Absolute location when the file lives outside the table (`data-file.external-paths`). */
  readonly externalPath?: string;
}

export interface ManifestEntry {
  readonly kind: FileKind;
  /** Partition as serialized BinaryRow bytes (decode with the partition fields' types). */
  readonly partition: Uint8Array;
  readonly bucket: number;
  readonly totalBuckets: number;
  readonly file: DataFileMeta;
  /** The decoded Avro record, for writing entries back with the same schema. */
  readonly raw: AvroRecord;
}

export interface Manifest {
  readonly entries: ManifestEntry[];
  readonly schemaText: string;
}

const WHAT = 'paimon manifest';

/**
 * Decodes a manifest file. Must hold: corrupt/truncated Avro, an unknown `_KIND`, or a record missing
 * a required field → DataInvalid `paimon manifest: …` with `{file}`.
 */
export function parseManifest(bytes: Uint8Array, file: string): Manifest {
  try {
    // `manifest.format = orc` writes the same rows as ORC (same field names).
    const avro = isOrcFile(bytes) ? readOrcRecordsSync(bytes, file) : readAvroFile(bytes, { name: file });
    return { entries: avro.records.map(parseManifestEntry), schemaText: avro.schemaText };
  } catch (e) {
    throw paimonError(e, WHAT, file);
  }
}

function parseManifestEntry(value: unknown): ManifestEntry {
  const r = RecordReader.of(value, WHAT);
  const kind = r.int('_KIND');
  if (kind !== 0 && kind !== 1) throw messageError('DataInvalid', 'error.paimon.entryKind', { what: WHAT, kind });
  return {
    kind: kind === 0 ? 'ADD' : 'DELETE',
    partition: r.bytes('_PARTITION'),
    bucket: r.int('_BUCKET'),
    totalBuckets: r.optInt('_TOTAL_BUCKETS') ?? -1,
    file: parseDataFileMeta(r.record('_FILE')),
    raw: value as AvroRecord,
  };
}

function parseDataFileMeta(r: RecordReader): DataFileMeta {
  const source = r.optInt('_FILE_SOURCE');
  const statsCols = r.raw('_VALUE_STATS_COLS');
  return {
    fileName: r.string('_FILE_NAME'),
    fileSize: r.long('_FILE_SIZE'),
    rowCount: r.long('_ROW_COUNT'),
    minKey: r.bytes('_MIN_KEY'),
    maxKey: r.bytes('_MAX_KEY'),
    keyStats: parseSimpleStats(r.optRecord('_KEY_STATS')),
    valueStats: parseSimpleStats(r.optRecord('_VALUE_STATS')),
    minSequenceNumber: r.long('_MIN_SEQUENCE_NUMBER'),
    maxSequenceNumber: r.long('_MAX_SEQUENCE_NUMBER'),
    schemaId: Number(r.long('_SCHEMA_ID')),
    level: r.int('_LEVEL'),
    extraFiles: r.strings('_EXTRA_FILES'),
    creationTime: r.optLong('_CREATION_TIME'),
    deleteRowCount: r.optLong('_DELETE_ROW_COUNT'),
    embeddedIndex: r.optBytes('_EMBEDDED_FILE_INDEX'),
    fileSource: source === undefined ? undefined : source === 1 ? 'COMPACT' : 'APPEND',
    valueStatsCols: Array.isArray(statsCols) ? (statsCols as string[]) : undefined,
    externalPath: r.optString('_EXTERNAL_PATH'),
  };
}

/**
 * The identity of a file across entries (`FileEntry.Identifier`): partition, bucket, level, name,
 * extra files, embedded index and external path.
 */
export function entryIdentifier(e: ManifestEntry): string {
  const f = e.file;
  return [toHex(e.partition), e.bucket, f.level, f.fileName, f.extraFiles.join(','),
    f.embeddedIndex ? toHex(f.embeddedIndex) : '', f.externalPath ?? ''].join('|');
}

/**
 * Merges entries in order (`FileEntry.mergeEntries`). Must hold: an ADD of an identifier already in
 * the map → DataInvalid (Paimon: "Trying to add file … which is already in the map"); a DELETE removes
 * whatever entry the identifier has, or is kept when there is none (its ADD is in an earlier manifest
 * not read here). The result keeps first-seen order.
 */
export function mergeEntries(entries: Iterable<ManifestEntry>, context: { file?: string } = {}): Map<string, ManifestEntry> {
  const out = new Map<string, ManifestEntry>();
  for (const e of entries) {
    const id = entryIdentifier(e);
    if (e.kind === 'ADD') {
      if (out.has(id)) {
        throw messageError('DataInvalid', 'error.paimon.addedTwice', { what: WHAT, file: e.file.fileName }, { ...context, dataFile: e.file.fileName });
      }
      out.set(id, e);
    } else if (out.has(id)) out.delete(id);
    else out.set(id, e);
  }
  return out;
}

/** Encodes a manifest with the given writer schema (that of the table's existing manifests), zstd like Paimon. */
export function writeManifest(schemaText: string, records: readonly AvroRecord[]): Uint8Array {
  return writeAvroFile(parseJson(schemaText) as AvroSchema, records, { codec: 'zstandard' });
}

/** A copy of an entry's raw record with another kind (ADD ↔ DELETE), for rollback deltas. */
export function withKind(e: ManifestEntry, kind: FileKind): AvroRecord {
  return { ...e.raw, _KIND: kind === 'ADD' ? 0 : 1 };
}
