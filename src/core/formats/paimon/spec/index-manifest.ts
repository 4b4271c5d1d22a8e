/**
 * Index manifests (`manifest/index-manifest-…`, paimon-core `manifest/IndexManifestEntry` +
 * `index/IndexFileMeta`): the index files of a snapshot per (partition, bucket) — deletion-vector
 * files (`DELETION_VECTORS`, with the byte range of each data file's vector) and dynamic-bucket hash
 * indexes (`HASH`). Unlike data manifests, each snapshot's index manifest lists the complete current
 * set (Paimon rewrites it on every change), so reading one file is enough.
 */
import { readAvroFile } from '../../../codecs/avro/index.ts';
import { isOrcFile, readOrcRecordsSync } from '../../../codecs/orc/index.ts';
import { toHex } from '../../../util/bytes.ts';
import { RecordReader, type AvroRecord } from './avro-record.ts';
import { paimonError } from './errors.ts';
import type { FileKind } from './manifest-entry.ts';
import { messageError } from '../../../message-error.ts';

export const DELETION_VECTORS_INDEX = 'DELETION_VECTORS';

/** Where one data file's deletion vector sits in an index file (`DeletionVectorMeta`). */
export interface DeletionVectorRange {
  readonly dataFileName: string;
  /** Offset of the vector's 4-byte length prefix. */
  readonly offset: number;
  /** Length of magic + bitmap (without the length prefix and the trailing CRC). */
  readonly length: number;
  readonly cardinality?: bigint;
}

export interface IndexManifestEntry {
  readonly kind: FileKind;
  readonly partition: Uint8Array;
  readonly bucket: number;
  readonly indexType: string;
  readonly fileName: string;
  readonly fileSize: bigint;
  readonly rowCount: bigint;
  readonly deletionVectors: readonly DeletionVectorRange[];
  readonly externalPath?: string;
  readonly raw: AvroRecord;
}

const WHAT = 'paimon index-manifest';

/** Decodes an index manifest. Corrupt input → DataInvalid `paimon index-manifest: …` with `{file}`. */
export function parseIndexManifest(bytes: Uint8Array, file: string): IndexManifestEntry[] {
  try {
    // `manifest.format = orc` writes index manifests as ORC too (same field names).
    return (isOrcFile(bytes) ? readOrcRecordsSync(bytes, file) : readAvroFile(bytes, { name: file })).records.map(parseIndexManifestEntry);
  } catch (e) {
    throw paimonError(e, WHAT, file);
  }
}

function parseIndexManifestEntry(value: unknown): IndexManifestEntry {
  const r = RecordReader.of(value, WHAT);
  const kind = r.int('_KIND');
  if (kind !== 0 && kind !== 1) throw messageError('DataInvalid', 'error.paimon.entryKind', { what: WHAT, kind });
  const ranges = r.raw('_DELETIONS_VECTORS_RANGES');
  return {
    kind: kind === 0 ? 'ADD' : 'DELETE',
    partition: r.bytes('_PARTITION'),
    bucket: r.int('_BUCKET'),
    indexType: r.string('_INDEX_TYPE'),
    fileName: r.string('_FILE_NAME'),
    fileSize: r.long('_FILE_SIZE'),
    rowCount: r.long('_ROW_COUNT'),
    deletionVectors: Array.isArray(ranges) ? ranges.filter((x) => x !== null).map(parseRange) : [],
    externalPath: r.optString('_EXTERNAL_PATH'),
    raw: value as AvroRecord,
  };
}

function parseRange(value: unknown): DeletionVectorRange {
  const r = RecordReader.of(value, WHAT);
  return { dataFileName: r.string('f0'), offset: r.int('f1'), length: r.int('f2'), cardinality: r.optLong('_CARDINALITY') };
}

/**
 * The live index files (`IndexManifestFileHandler` combine): entries merged by (partition, bucket,
 * type, file name) with DELETE removing an earlier ADD.
 */
export function liveIndexFiles(entries: readonly IndexManifestEntry[]): IndexManifestEntry[] {
  const out = new Map<string, IndexManifestEntry>();
  for (const e of entries) {
    const id = `${toHex(e.partition)}|${e.bucket}|${e.indexType}|${e.fileName}`;
    if (e.kind === 'ADD') out.set(id, e);
    else out.delete(id);
  }
  return [...out.values()];
}
