/**
 * The common model's view of a Hudi plan (table-format.ts `PlannedFileDto`): one record per file slice —
 * its base file with the slice's log files applied (merged by record key), or, for a slice without a base
 * file, its first log file with the rest applied. Records come from the write statistics of the commits
 * that wrote the files (`HoodieWriteStat.numWrites`, Hudi tech spec "Timeline"): the file holds no cheaper
 * count, and a log file's count is the records its blocks append (inserts, updates and deletes alike).
 */
import { describeExpr } from '../../../expr/describe.ts';
import type { AppliedFileDto, PlannedFileDto, ScanTask } from '../../table-format.ts';
import type { HudiMetadata } from '../io/metadata.ts';
import { partitionValues } from './pruning.ts';
import type { HudiTask, HudiTaskFile } from './task.ts';
import { messageError } from '../../../message-error.ts';

/** Hudi's slices as the model's opaque tasks (only this format reads them back, in `read`). */
export function toScanTasks(tasks: readonly HudiTask[]): readonly ScanTask[] {
  return tasks as unknown as readonly ScanTask[];
}

/** A task handed back by the model: the slice this format planned. */
export function fromScanTask(task: ScanTask | HudiTask): HudiTask {
  return task as unknown as HudiTask;
}

interface Written {
  /** Records written to the file, summed over the writes (a Hudi 0.x log file is appended to by several delta commits). */
  records: number;
  /** The file's size after the newest write that records one (writes are visited oldest first). */
  size?: number;
}

/** What the completed writes from the oldest slice's base instant up to `asOf` record per file key (metadata cached by `meta`). */
async function writtenStats(meta: HudiMetadata, tasks: readonly HudiTask[], asOf: string, signal?: AbortSignal): Promise<Map<string, Written>> {
  const out = new Map<string, Written>();
  if (tasks.length === 0) return out;
  const from = tasks.reduce((m, t) => (t.baseInstant < m ? t.baseInstant : m), tasks[0]!.baseInstant);
  const instants = meta.versions().filter((i) => i.requestedTime >= from && i.requestedTime <= asOf);
  for (const m of await Promise.all(instants.map((i) => meta.commitMetadata(i, signal)))) {
    for (const s of m.writeStats) {
      if (!s.path) continue;
      const w = out.get(s.path) ?? { records: 0 };
      w.records += s.numWrites;
      if (s.fileSizeInBytes !== undefined) w.size = s.fileSizeInBytes;
      out.set(s.path, w);
    }
  }
  return out;
}

/**
 * Must hold: a base file — and, from table version 8 on, a log file (written by one delta commit) — whose
 * listed size differs from the `fileSizeInBytes` its commit recorded is DataInvalid naming the file: it was
 * cut, grown or replaced after the commit, and its rows cannot be trusted. A version 6 log file grows with
 * each append (also by writes after the read instant), so it must only be at least as long as the newest
 * visible append recorded: shorter means visible blocks were cut off.
 */
function checkRecordedSizes(meta: HudiMetadata, tasks: readonly HudiTask[], written: ReadonlyMap<string, Written>): void {
  const v6 = meta.config.version < 8;
  for (const t of tasks) {
    for (const [f, growing] of [...(t.baseFile ? [[t.baseFile, false] as const] : []), ...t.logFiles.map((l) => [l, v6] as const)]) {
      const recorded = written.get(f.key)?.size;
      if (recorded === undefined || (growing ? f.size >= recorded : f.size === recorded)) continue;
      throw messageError('DataInvalid', growing ? 'error.hudi.fileSizeGrowing' : 'error.hudi.fileSize', { file: f.key, bytes: f.size, recorded }, { file: f.key });
    }
  }
}

/** One planned file per slice, in task order; files whose size disagrees with their commit are refused (see checkRecordedSizes). */
export async function plannedFiles(meta: HudiMetadata, tasks: readonly HudiTask[], asOf: string, signal?: AbortSignal): Promise<PlannedFileDto[]> {
  const written = await writtenStats(meta, tasks, asOf, signal);
  checkRecordedSizes(meta, tasks, written);
  const count = (f: HudiTaskFile) => { const n = written.get(f.key)?.records; return n === undefined ? {} : { records: String(n) }; };
  return tasks.map((t, task) => {
    const [first, ...rest] = t.baseFile ? [t.baseFile, ...t.logFiles] : t.logFiles;
    const byName = partitionValues(meta.config, t.partition);
    const values: Record<string, string | null> = byName ? Object.fromEntries(byName) : {};
    const logs: AppliedFileDto[] = rest.map((f) => ({ kind: 'log-file', path: f.key, key: f.key, ...count(f), bytes: String(f.size) }));
    return {
      path: first?.key ?? `${t.partition}/${t.fileId}`,
      key: first?.key ?? `${t.partition}/${t.fileId}`,
      content: t.baseFile ? 'data' : 'log',
      ...(first && /\.(parquet|orc|hfile)$/i.test(first.key) ? { fileFormat: /\.(\w+)$/.exec(first.key)![1]!.toLowerCase() } : {}),
      partition: byName ? Object.entries(values).map(([k, v]) => `${k}=${v}`).join('/') : t.partition,
      ...(byName ? { partitionValues: values } : {}),
      ...(first ? count(first) : {}),
      bytes: String(first?.size ?? 0),
      deletes: logs,
      ...(t.filter ? { residual: describeExpr(t.filter) } : {}),
      task,
    };
  });
}
