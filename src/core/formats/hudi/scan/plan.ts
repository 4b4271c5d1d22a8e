/**
 * Planning a snapshot read as of an instant: the file system view (fs-view.ts) gives the file groups
 * that are live and not replaced; each one's latest slice becomes one task. COW tables read the base
 * file; MOR tables merge the base file with the slice's log files (read.ts).
 */
import { LakeError } from '../../../errors.ts';
import type { Expr } from '../../../expr/expr.ts';
import type { LakePlan, SkipDto } from '../../table-format.ts';
import type { Instant } from '../spec/instant.ts';
import { isMetaField } from '../spec/schema.ts';
import { bindFilter } from './filter.ts';
import { partitionMightMatch, pathsHoldValues } from './pruning.ts';
import { buildFsView, replacedFileGroups, type FsView } from './fs-view.ts';
import type { HudiMetadata } from '../io/metadata.ts';
import type { HudiTask } from './task.ts';
import { plannedFiles } from './planned-files.ts';

export interface PlanInput {
  readonly meta: HudiMetadata;
  readonly instant: Instant;
  readonly columns?: readonly string[];
  readonly filter?: Expr | string;
  readonly notes: readonly string[];
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
    if (!isMetaField(c) && !schema.type.fields.some((f) => f.name === c)) throw new LakeError('NotFound', `hudi plan: no column ${c} in the schema of instant ${asOf}`, { column: c });
  }
  const view = await fsViewAsOf(meta, asOf, signal);
  const tasks: HudiTask[] = [];
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
    logFiles += logs.length;
    tasks.push({
      partition: g.partition, fileId: g.fileId, asOf, baseInstant: slice.baseInstant,
      ...(slice.baseFile ? { baseFile: { key: slice.baseFile.key, size: slice.baseFile.size, instantTime: slice.baseFile.instantTime } } : {}),
      logFiles: logs.map((l) => ({ key: l.key, size: l.size, instantTime: l.instantTime })),
      columns,
      ...(filter ? { filter } : {}),
    });
  }
  for (const [id, by] of view.replaced) skipped.push({ step: 'file-groups', kind: 'file-group', path: id, reason: `replaced by replacecommit ${by}` });
  const listing = meta.config.metadataPartitions.includes('files')
    ? 'listed the partition folders: the metadata table\'s files partition is enabled but is HFile-based, which this reader does not read'
    : 'listed the partition folders (the table has no metadata table files partition)';
  return {
    versionId: asOf,
    columns,
    tasks,
    files: await plannedFiles(meta, tasks, asOf, signal),
    skipped,
    counts: {
      'file-groups': { total: view.fileGroups.length + view.replaced.size, read: tasks.length, replaced: view.replaced.size, pruned },
      files: { base: tasks.filter((t) => t.baseFile).length, log: logFiles },
    },
    notes: [...input.notes, listing, ...(filter ? [prune
      ? 'file groups whose partition values cannot match the filter are skipped; the filter is evaluated on every row of the others after the merge'
      : 'the filter is evaluated on every row after the merge (partition paths of this key generator do not hold the column values, so none is skipped)'] : [])],
  };
}
