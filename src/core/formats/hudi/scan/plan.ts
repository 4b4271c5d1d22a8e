/**
 * Planning a snapshot read as of an instant: the file system view (fs-view.ts) gives the file groups
 * that are live and not replaced; each one's latest slice becomes one task. COW tables read the base
 * file; MOR tables merge the base file with the slice's log files (read.ts).
 */
import type { Expr } from '../../../expr/expr.ts';
import type { BoundExpr } from '../../../expr/index.ts';
import type { HudiSchema } from '../spec/schema.ts';
import type { LakePlan, SkipDto } from '../../table-format.ts';
import type { Instant } from '../spec/instant.ts';
import { isMetaField } from '../spec/schema.ts';
import { bindFilter } from './filter.ts';
import { partitionMightMatch, pathsHoldValues } from './pruning.ts';
import { buildFsView, replacedFileGroups, type FsView } from './fs-view.ts';
import type { HudiMetadata } from '../io/metadata.ts';
import type { HudiTask } from './task.ts';
import { plannedFiles } from './planned-files.ts';
import { checkArchivedInstantFiles } from './time-travel.ts';
import { baseFileMightMatch, readBaseFooter } from './column-stats.ts';
import { pool } from '../../../util/async.ts';
import { messageError } from '../../../message-error.ts';
import { note, type Note } from '../../../messages/note.ts';

/** Footers read at once when pruning by column statistics. */
const FOOTER_CONCURRENCY = 8;

export interface PlanInput {
  readonly meta: HudiMetadata;
  readonly instant: Instant;
  readonly columns?: readonly string[];
  readonly filter?: Expr | string;
  readonly notes: readonly Note[];
  readonly signal?: AbortSignal;
}

/** The file system view as of an instant (listing cached by `meta`). */
export async function fsViewAsOf(meta: HudiMetadata, asOf: string, signal?: AbortSignal): Promise<FsView> {
  const listed = await meta.listFiles(signal);
  const replaced = await replacedFileGroups(meta.storage, meta.timeline, asOf, signal);
  return buildFsView(listed, meta.config, meta.timeline, asOf, replaced);
}

/**
 * One task per live file group. Must hold: the columns exist in the version's schema (else NotFound
 * naming the column); a filter is bound to the version's schema (unknown column → NotFound).
 */
export async function planSnapshot(input: PlanInput): Promise<LakePlan<HudiTask>> {
  const { meta, instant, signal } = input;
  const asOf = instant.requestedTime;
  const schema = await meta.schemaAsOf(asOf, signal);
  const filter = bindFilter(schema, input.filter);
  const columns = input.columns ? [...input.columns] : [...schema.columns];
  for (const c of columns) {
    if (!isMetaField(c) && !schema.type.fields.some((f) => f.name === c)) throw messageError('NotFound', 'error.hudi.noColumn', { column: c, instant: asOf }, { column: c });
  }
  const view = await fsViewAsOf(meta, asOf, signal);
  if (instant.archived) await checkArchivedInstantFiles(meta, instant, view.replaced, signal);
  const candidates: HudiTask[] = [];
  const skipped: SkipDto[] = [];
  let logFiles = 0;
  const prune = filter !== undefined && pathsHoldValues(meta.config);
  let pruned = 0;
  for (const g of view.fileGroups) {
    if (prune && filter) {
      const m = partitionMightMatch(meta.config, schema, filter, g.partition);
      if (!m.match) {
        pruned++;
        skipped.push({ step: 'partitions', kind: 'file-group', path: `${g.partition}/${g.fileId}`, reason: `partition ${g.partition}: ${m.reason ?? 'cannot match the filter'}` });
        continue;
      }
    }
    const slice = g.slices[g.slices.length - 1]!;
    const mor = meta.config.tableType === 'MERGE_ON_READ';
    const logs = mor ? slice.logFiles : [];
    candidates.push({
      partition: g.partition, fileId: g.fileId, asOf, baseInstant: slice.baseInstant,
      ...(slice.baseFile ? { baseFile: { key: slice.baseFile.key, size: slice.baseFile.size, instantTime: slice.baseFile.instantTime } } : {}),
      logFiles: logs.map((l) => ({ key: l.key, size: l.size, instantTime: l.instantTime })),
      columns,
      ...(filter ? { filter } : {}),
    });
  }
  const stats = filter ? await pruneByColumnStats(meta, schema, filter, candidates, signal) : { kept: candidates, skipped: [], checked: 0 };
  const tasks = stats.kept;
  skipped.push(...stats.skipped);
  for (const t of tasks) logFiles += t.logFiles.length;
  for (const [id, by] of view.replaced) skipped.push({ step: 'file-groups', kind: 'file-group', path: id, reason: `replaced by replacecommit ${by}` });
  const listing = meta.config.metadataPartitions.includes('files') ? note('note.hudi.listedHfile') : note('note.hudi.listed');
  return {
    versionId: asOf,
    columns,
    tasks,
    files: await plannedFiles(meta, tasks, asOf, signal),
    skipped,
    counts: {
      'file-groups': { total: view.fileGroups.length + view.replaced.size, read: tasks.length, replaced: view.replaced.size, pruned: pruned + stats.skipped.length },
      'column-stats': { checked: stats.checked, skipped: stats.skipped.length },
      files: { base: tasks.filter((t) => t.baseFile).length, log: logFiles },
    },
    notes: [...input.notes, listing, ...(filter ? [prune ? note('note.hudi.prunePartitions') : note('note.hudi.filterAfterMerge'),
      columnStatsNote(meta, stats.checked, candidates.length)] : [])],
  };
}

/**
 * Skips slices whose base file's footer statistics cannot match the filter. Must hold: only slices
 * without log files are candidates (a log record may turn a base row into a matching one, and log files
 * carry no statistics read here); a skipped slice's data is never fetched (only the head of its footer:
 * column-stats.ts).
 */
async function pruneByColumnStats(meta: HudiMetadata, schema: HudiSchema, filter: BoundExpr, slices: readonly HudiTask[], signal?: AbortSignal): Promise<{ kept: HudiTask[]; skipped: SkipDto[]; checked: number }> {
  const checkable = slices.map((t) => t.baseFile !== undefined && t.logFiles.length === 0 && /\.parquet$/i.test(t.baseFile.key));
  const results = await pool(slices, FOOTER_CONCURRENCY, async (t, i, sig) => (checkable[i] ? baseFileMightMatch(filter, await readBaseFooter(meta.storage, t.baseFile!, sig), schema) : undefined), signal);
  const kept: HudiTask[] = [];
  const skipped: SkipDto[] = [];
  results.forEach((r, i) => {
    const t = slices[i]!;
    if (r && !r.match) skipped.push({ step: 'column-stats', kind: 'file-slice', path: t.baseFile!.key, reason: `base file footer statistics: ${r.reason ?? 'no row can match'}` });
    else kept.push(t);
  });
  return { kept, skipped, checked: checkable.filter(Boolean).length };
}

/** What column-statistics pruning looked at, for the plan's notes. */
function columnStatsNote(meta: HudiMetadata, checked: number, slices: number): Note {
  return note('note.hudi.columnStats', { checked, withLogs: slices - checked, hfile: meta.config.metadataPartitions.includes('column_stats') });
}
