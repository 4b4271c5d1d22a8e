/**
 * Manifest lists (`manifest/manifest-list-…`, paimon-core `manifest/ManifestFileMeta`): an Avro file
 * (zstd by default) of manifest file metas with added/deleted counts, partition stats and, since 1.0,
 * bucket and level ranges. A snapshot's base list plus its delta list name every manifest whose
 * entries, merged in order, give the snapshot's live files.
 */
import { readAvroFile, writeAvroFile, type AvroSchema } from '../../../codecs/avro/index.ts';
import { isOrcFile, readOrcRecordsSync } from '../../../codecs/orc/index.ts';
import { parseJson } from '../../../util/json.ts';
import { paimonError } from './errors.ts';
import { RecordReader, type AvroRecord } from './avro-record.ts';
import { parseSimpleStats, type SimpleStats } from './stats.ts';

export interface ManifestFileMeta {
  readonly fileName: string;
  readonly fileSize: bigint;
  readonly numAddedFiles: bigint;
  readonly numDeletedFiles: bigint;
  readonly partitionStats: SimpleStats;
  readonly schemaId: number;
  readonly minBucket?: number;
  readonly maxBucket?: number;
  readonly minLevel?: number;
  readonly maxLevel?: number;
  /** The decoded Avro record, written back unchanged when a new list reuses this manifest. */
  readonly raw: AvroRecord;
}

/** A decoded manifest list with the writer schema kept for rewriting lists of the same table. */
export interface ManifestList {
  readonly entries: ManifestFileMeta[];
  readonly schemaText: string;
}

const WHAT = 'paimon manifest-list';

/**
 * Decodes a manifest list. Must hold: a corrupt/truncated Avro file or a record missing a required
 * field → DataInvalid `paimon manifest-list: …` with `{file}`.
 */
export function parseManifestList(bytes: Uint8Array, file: string): ManifestList {
  try {
    // `manifest.format = orc` writes the same rows as ORC (same field names).
    const avro = isOrcFile(bytes) ? readOrcRecordsSync(bytes, file) : readAvroFile(bytes, { name: file });
    return { entries: avro.records.map(parseManifestFileMeta), schemaText: avro.schemaText };
  } catch (e) {
    throw paimonError(e, WHAT, file);
  }
}

function parseManifestFileMeta(value: unknown): ManifestFileMeta {
  const r = RecordReader.of(value, WHAT);
  return {
    fileName: r.string('_FILE_NAME'),
    fileSize: r.long('_FILE_SIZE'),
    numAddedFiles: r.long('_NUM_ADDED_FILES'),
    numDeletedFiles: r.long('_NUM_DELETED_FILES'),
    partitionStats: parseSimpleStats(r.optRecord('_PARTITION_STATS')),
    schemaId: Number(r.long('_SCHEMA_ID')),
    minBucket: r.optInt('_MIN_BUCKET'),
    maxBucket: r.optInt('_MAX_BUCKET'),
    minLevel: r.optInt('_MIN_LEVEL'),
    maxLevel: r.optInt('_MAX_LEVEL'),
    raw: value as AvroRecord,
  };
}

/** Encodes a manifest list with the given writer schema (that of the table's existing lists), zstd like Paimon. */
export function writeManifestList(schemaText: string, records: readonly AvroRecord[]): Uint8Array {
  return writeAvroFile(parseJson(schemaText) as AvroSchema, records, { codec: 'zstandard' });
}
