/**
 * Commit metadata: the content of a completed commit / deltacommit / replacecommit instant file (Hudi
 * tech spec "Timeline"; `HoodieCommitMetadata`, `HoodieReplaceCommitMetadata`). Layout 1 stores it as
 * JSON, layout 2 as an Avro container file with one record; both are read into one plain shape here.
 */
import { AVRO_MAGIC, readAvroFile } from '../../../codecs/avro/index.ts';
import type { Storage } from '../../../io/storage.ts';
import { utf8Decode } from '../../../util/bytes.ts';
import { parseJson } from '../../../util/json.ts';
import { hudiError } from './errors.ts';
import { parseBaseFileName, parseLogFileName } from './file-names.ts';
import { messageError } from '../../../message-error.ts';

/** One file written by a commit (`HoodieWriteStat`, the counters this reader shows). */
export interface WriteStat {
  readonly partitionPath: string;
  readonly fileId: string;
  /** Path relative to the table root. */
  readonly path: string;
  readonly prevCommit?: string;
  readonly numWrites: number;
  readonly numInserts: number;
  readonly numUpdateWrites: number;
  readonly numDeletes: number;
  readonly totalWriteBytes: number;
  /** Size of the file after this write (`fileSizeInBytes`), when recorded. */
  readonly fileSizeInBytes?: number;
}

export interface CommitMetadata {
  readonly operationType?: string;
  readonly compacted: boolean;
  readonly extraMetadata: Readonly<Record<string, string>>;
  readonly writeStats: readonly WriteStat[];
  /** Replacecommit: file group ids replaced, by partition path. */
  readonly replacedFileIds: ReadonlyMap<string, readonly string[]>;
}

export const EMPTY_COMMIT_METADATA: CommitMetadata = { compacted: false, extraMetadata: {}, writeStats: [], replacedFileIds: new Map() };

/** Converts Avro-decoded values (Maps, bigints) to JSON-like plain values. */
function plain(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [k, plain(x)]));
  if (Array.isArray(v)) return v.map(plain);
  if (v instanceof Uint8Array) return v;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

function num(v: unknown): number {
  return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : typeof v === 'string' && v !== '' ? Number(v) : 0;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/**
 * Parses the bytes of a completed write instant's commit metadata (JSON or Avro). Must hold: an empty
 * file, or an Avro file without exactly one record, is DataInvalid naming the file — a completed commit
 * always carries its metadata (hudi-rs fails to parse it too), and reading nothing there would silently
 * drop what a replacecommit replaced or the schema a commit recorded.
 */
export function parseCommitMetadata(bytes: Uint8Array, file: string, instant?: string): CommitMetadata {
  if (bytes.length === 0) throw messageError('DataInvalid', 'error.hudi.commitEmpty', { file }, { file });
  let raw: unknown;
  const avro = bytes.length >= 4 && AVRO_MAGIC.every((b, i) => bytes[i] === b);
  try {
    if (avro) {
      const f = readAvroFile(bytes, { name: file });
      if (f.records.length !== 1) throw messageError('DataInvalid', 'error.hudi.commitRecords', { file, count: f.records.length }, { file });
      raw = plain(f.records[0]);
    } else {
      raw = parseJson(utf8Decode(bytes));
    }
  } catch (e) {
    throw hudiError(e, 'hudi commit metadata: cannot decode', file);
  }
  return commitMetadataOf(raw, file, avro, instant);
}

/**
 * Commit metadata from its decoded record (JSON object, or an Avro `HoodieCommitMetadata` record as the
 * archived timeline holds it). `instant` is the instant it belongs to (default: the leading digits of
 * `file`'s name). Must hold: a non-object → DataInvalid naming `file`; files of another instant → DataInvalid.
 */
export function commitMetadataOf(record: unknown, file: string, layout2: boolean, instant?: string): CommitMetadata {
  const raw = plain(record);
  if (!raw || typeof raw !== 'object') throw messageError('DataInvalid', 'error.hudi.commitNotObject', undefined, { file });
  const o = raw as Record<string, unknown>;
  const stats: WriteStat[] = [];
  const byPartition = (o.partitionToWriteStats ?? {}) as Record<string, unknown>;
  for (const [partition, list] of Object.entries(byPartition)) {
    for (const s of Array.isArray(list) ? list as Record<string, unknown>[] : []) {
      stats.push({
        partitionPath: str(s.partitionPath) ?? partition,
        fileId: str(s.fileId) ?? '',
        path: str(s.path) ?? '',
        ...(str(s.prevCommit) ? { prevCommit: str(s.prevCommit) } : {}),
        numWrites: num(s.numWrites), numInserts: num(s.numInserts), numUpdateWrites: num(s.numUpdateWrites),
        numDeletes: num(s.numDeletes), totalWriteBytes: num(s.totalWriteBytes),
        ...(s.fileSizeInBytes !== undefined && s.fileSizeInBytes !== null ? { fileSizeInBytes: num(s.fileSizeInBytes) } : {}),
      });
    }
  }
  checkWrittenByInstant(stats, file, layout2, instant);
  const replaced = new Map<string, string[]>();
  for (const [partition, ids] of Object.entries((o.partitionToReplaceFileIds ?? {}) as Record<string, unknown>)) {
    replaced.set(partition, Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : []);
  }
  const extra: Record<string, string> = {};
  for (const [k, v] of Object.entries((o.extraMetadata ?? {}) as Record<string, unknown>)) if (typeof v === 'string') extra[k] = v;
  return {
    ...(str(o.operationType) ? { operationType: str(o.operationType) } : {}),
    compacted: o.compacted === true,
    extraMetadata: extra,
    writeStats: stats,
    replacedFileIds: replaced,
  };
}

/**
 * Must hold: every base file a commit lists as written carries the commit's instant in its name, and so
 * does every log file in layout 2 (table version 8+: a log file is written by the one delta commit its
 * name holds; in version 6 the name holds the slice's base instant instead). Metadata that lists files of
 * another instant is not this instant's (another commit's bytes in its place): DataInvalid naming the file.
 */
function checkWrittenByInstant(stats: readonly WriteStat[], file: string, layout2: boolean, of?: string): void {
  const instant = of ?? /^(\d{14,20})/.exec(file.slice(file.lastIndexOf('/') + 1))?.[1];
  if (!instant) return;
  for (const s of stats) {
    const name = s.path.slice(s.path.lastIndexOf('/') + 1);
    const written = parseBaseFileName(name)?.instantTime ?? (layout2 ? parseLogFileName(name)?.instantTime : undefined);
    if (written !== undefined && written !== instant) {
      throw messageError('DataInvalid', 'error.hudi.commitOtherInstant', { file, path: s.path, written, instant: String(instant) }, { file });
    }
  }
}

/** Reads and parses a commit metadata file, with errors naming it. */
export async function readCommitMetadata(storage: Storage, key: string, signal?: AbortSignal): Promise<CommitMetadata> {
  let bytes: Uint8Array;
  try {
    bytes = await storage.read(key, { signal });
  } catch (e) {
    throw hudiError(e, 'hudi commit metadata: cannot read', key, 'Io');
  }
  return parseCommitMetadata(bytes, key);
}
