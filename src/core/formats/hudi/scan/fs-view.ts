/**
 * The file system view of a table as of an instant (Hudi tech spec "File groups and file slices";
 * hudi-rs `FileSystemView`, `FileGroup::add_log_file`): data files are found by listing the partition
 * folders, grouped into file groups by file id, and each group cut into file slices by base instant.
 * As of instant T:
 * - a base file is visible when its instant is a completed instant ≤ T;
 * - a log file is visible when it can hold a visible block: in table version 6 its name carries the
 *   base instant of its slice (≤ T); in 8+ the deltacommit that wrote it (completed, ≤ T);
 * - a log file belongs to the slice with the largest visible base instant ≤ its slice time (v6: the
 *   instant in its name; v8+: the completion time of its deltacommit). A slice whose base file does
 *   not exist yet (a compaction pending as of T) therefore folds into the slice before it, as Hudi's
 *   "merged file slice" does;
 * - file groups replaced by a replacecommit completed ≤ T (insert overwrite, clustering) are removed.
 * The metadata table's `files` partition (HFile) is not read: listings are always used.
 */
import { LakeError } from '../../../errors.ts';
import { listAll, type Storage } from '../../../io/storage.ts';
import { readCommitMetadata } from '../spec/commit-metadata.ts';
import { compareLogFiles, parseBaseFileName, parseLogFileName, type BaseFileName, type LogFileName } from '../spec/file-names.ts';
import type { HudiTableConfig } from '../spec/properties.ts';
import type { Timeline } from '../spec/timeline.ts';
import { messageError } from '../../../message-error.ts';

export interface DataFileRef {
  readonly key: string;
  readonly size: number;
}

export interface BaseFile extends DataFileRef, BaseFileName {}
export interface LogFile extends DataFileRef, LogFileName {}

/** One listed file group: every base and log file, whatever its visibility. */
export interface ListedFileGroup {
  readonly partition: string;
  readonly fileId: string;
  readonly baseFiles: BaseFile[];
  readonly logFiles: LogFile[];
}

export interface FileSlice {
  /** Base instant time (the slice key). */
  readonly baseInstant: string;
  readonly baseFile?: BaseFile;
  /** Log files in Hudi's order. */
  readonly logFiles: readonly LogFile[];
}

export interface FileGroupView {
  readonly partition: string;
  readonly fileId: string;
  /** Visible slices, oldest first; the last is the one a snapshot read uses. */
  readonly slices: readonly FileSlice[];
}

export interface FsView {
  readonly asOf: string;
  readonly fileGroups: readonly FileGroupView[];
  /** File groups removed by replacecommits ≤ asOf, as `partition/fileId` with the replacing instant. */
  readonly replaced: ReadonlyMap<string, string>;
  readonly partitions: readonly string[];
}

/**
 * Lists every data file of the table once (keys under `.hoodie/` excluded), grouped by partition and
 * file id. Must hold: storage that cannot list → Unsupported saying that a Hudi table needs a listing.
 */
export async function listFileGroups(storage: Storage, signal?: AbortSignal): Promise<{ groups: ListedFileGroup[]; partitions: string[] }> {
  const groups = new Map<string, ListedFileGroup>();
  const partitions = new Set<string>();
  try {
    for await (const o of listAll(storage, { signal })) {
      if (o.key.startsWith('.hoodie/')) continue;
      const slash = o.key.lastIndexOf('/');
      const partition = slash < 0 ? '' : o.key.slice(0, slash);
      const name = o.key.slice(slash + 1);
      if (name === '.hoodie_partition_metadata' || name.startsWith('.hoodie_partition_metadata.')) { partitions.add(partition); continue; }
      const base = parseBaseFileName(name);
      const log = base ? undefined : parseLogFileName(name);
      if (!base && (!log || log.cdc)) continue;
      const fileId = (base ?? log)!.fileId;
      const id = `${partition}/${fileId}`;
      let g = groups.get(id);
      if (!g) { g = { partition, fileId, baseFiles: [], logFiles: [] }; groups.set(id, g); }
      if (base) g.baseFiles.push({ key: o.key, size: o.size, ...base });
      else g.logFiles.push({ key: o.key, size: o.size, ...log! });
      partitions.add(partition);
    }
  } catch (e) {
    if (e instanceof LakeError && e.code === 'Unsupported') {
      throw messageError('Unsupported', 'error.hudi.partitionsUnlisted', { storage: storage.description }, { cause: e.message });
    }
    throw e;
  }
  return { groups: [...groups.values()], partitions: [...partitions].sort() };
}

/** Replaced file groups (`partition/fileId` → replacing instant) as of `asOf`. */
export async function replacedFileGroups(storage: Storage, timeline: Timeline, asOf: string, signal?: AbortSignal): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const i of timeline.instants) {
    if (i.action !== 'replacecommit' || i.state !== 'COMPLETED' || i.requestedTime > asOf) continue;
    const meta = i.archived ? i.archived.metadata : i.completed ? await readCommitMetadata(storage, i.completed.key, signal) : undefined;
    if (!meta) continue;
    for (const [partition, ids] of meta.replacedFileIds) for (const id of ids) out.set(`${partition}/${id}`, i.requestedTime);
  }
  return out;
}

/** The view as of `asOf` (see the module comment). */
export function buildFsView(
  listed: { groups: readonly ListedFileGroup[]; partitions: readonly string[] },
  config: HudiTableConfig, timeline: Timeline, asOf: string, replaced: ReadonlyMap<string, string>,
): FsView {
  const fileGroups: FileGroupView[] = [];
  for (const g of listed.groups) {
    if (replaced.has(`${g.partition}/${g.fileId}`)) continue;
    const slices = slicesAsOf(g, config, timeline, asOf);
    if (slices.length) fileGroups.push({ partition: g.partition, fileId: g.fileId, slices });
  }
  fileGroups.sort((a, b) => (a.partition === b.partition ? cmp(a.fileId, b.fileId) : cmp(a.partition, b.partition)));
  return { asOf, fileGroups, replaced, partitions: listed.partitions };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function slicesAsOf(g: ListedFileGroup, config: HudiTableConfig, timeline: Timeline, asOf: string): FileSlice[] {
  const bases = g.baseFiles.filter((b) => timeline.isCompletedAsOf(b.instantTime, asOf)).sort((a, b) => cmp(a.instantTime, b.instantTime));
  const byInstant = new Map<string, { base?: BaseFile; logs: LogFile[] }>();
  // Two base files of one instant (a retried write) cannot both be right: Hudi keeps the one the commit lists; the later name wins here.
  for (const b of bases) byInstant.set(b.instantTime, { base: b, logs: [] });
  const keys = [...byInstant.keys()];
  for (const l of g.logFiles) {
    const sliceTime = config.version >= 8 ? timeline.completionTimeOf(l.instantTime) : l.instantTime;
    if (sliceTime === undefined) continue; // v8+: its deltacommit is not completed
    if (config.version >= 8 ? !timeline.isCompletedAsOf(l.instantTime, asOf) : l.instantTime > asOf) continue;
    let key: string | undefined;
    for (const k of keys) if (k <= sliceTime) key = k;
    if (key === undefined) {
      // A file group written to logs only (no base file yet): a base-less slice keyed by its first log.
      key = '';
      if (!byInstant.has(key)) byInstant.set(key, { logs: [] });
    }
    byInstant.get(key)!.logs.push(l);
  }
  return [...byInstant.entries()]
    .sort(([a], [b]) => cmp(a, b))
    .map(([k, s]) => ({ baseInstant: k === '' ? (s.logs[0]?.instantTime ?? '') : k, ...(s.base ? { baseFile: s.base } : {}), logFiles: s.logs.sort(compareLogFiles) }));
}
