/**
 * The metadata tree of a Hudi table as of an instant, expanded lazily (DESIGN.md "tree(version)"):
 *
 * ```
 * hoodie.properties                      (the configuration, explained)
 * timeline ── instant (action, state, requested → completed)
 * partition ── file group ── file slice ─┬─ base file
 *                                        └─ log file ── block (type, instant, record count)
 * ```
 * Node ids encode the path (`kind:arg:…`, arguments URI-encoded) so any node can be expanded later
 * without state.
 */
import { parquetMetadata } from 'hyparquet';
import { LakeError } from '../../../errors.ts';
import type { TreeNode } from '../../table-format.ts';
import { frameLogFile, HEADER, type LogBlock } from '../io/log-block.ts';
import { decodeDeleteBlock, rollbackTarget } from '../io/log-content.ts';
import { fsViewAsOf } from '../scan/plan.ts';
import type { HudiMetadata } from '../scan/metadata.ts';
import type { Instant } from '../spec/instant.ts';
import { PROPERTIES_FILE } from '../spec/properties.ts';

export interface TreeContext {
  readonly meta: HudiMetadata;
  /** The instant the tree is drawn as of (undefined: the table has no completed write). */
  readonly instant?: Instant;
  readonly signal?: AbortSignal;
}

const id = (...parts: (string | number)[]): string => parts.map((p) => encodeURIComponent(String(p))).join(':');
const parseId = (nodeId: string): string[] => nodeId.split(':').map(decodeURIComponent);

const ACTION_TEXT: Record<string, string> = {
  commit: 'A commit wrote new base files (copy-on-write write, or a completed compaction).',
  deltacommit: 'A delta commit appended records to log files (merge-on-read write) or wrote new base files for inserts.',
  replacecommit: 'A replace commit swapped whole file groups for new ones (insert overwrite or clustering); the replaced groups are no longer read.',
  compaction: 'A compaction merges a file slice\'s base file with its log files into a new base file.',
  logcompaction: 'A log compaction merges log blocks into one larger log block.',
  clustering: 'Clustering rewrites file groups into new, better organised ones; it completes as a replacecommit.',
  clean: 'A clean deleted file slices older than the retention, so old versions can no longer be read.',
  rollback: 'A rollback undid a failed or unwanted write: its files were deleted or its log blocks marked rolled back.',
  restore: 'A restore brought the table back to a savepoint, rolling back everything after it.',
  savepoint: 'A savepoint keeps the files of an instant from being cleaned, so it stays readable.',
  indexing: 'Indexing built a metadata table index asynchronously.',
  schemacommit: 'A schema commit recorded a schema change.',
};

/** Children of a node (the roots when `nodeId` is undefined). Unknown ids → NotFound `hudi tree: …`. */
export async function treeNodes(ctx: TreeContext, nodeId?: string): Promise<TreeNode[]> {
  if (nodeId === undefined) return roots(ctx);
  const [kind, a, b, c] = parseId(nodeId);
  switch (kind) {
    case 'timeline': return ctx.meta.timeline.instants.map((i) => instantNode(ctx, i));
    case 'partition': return fileGroupNodes(ctx, a!);
    case 'group': return sliceNodes(ctx, a!, b!);
    case 'slice': return sliceFiles(ctx, a!, b!, c!);
    case 'log': return blockNodes(ctx, a!);
    default: throw new LakeError('NotFound', `hudi tree: no node '${nodeId}'`, { node: nodeId });
  }
}

async function roots(ctx: TreeContext): Promise<TreeNode[]> {
  const cfg = ctx.meta.config;
  const props: TreeNode = {
    id: id('properties'), kind: 'metadata-file', label: 'hoodie.properties', location: PROPERTIES_FILE,
    explanation: `The table's configuration: a ${cfg.tableType === 'MERGE_ON_READ' ? 'merge-on-read table (updates go to log files, merged when read)' : 'copy-on-write table (updates rewrite base files)'} of table version ${cfg.version}. Records are identified by ${cfg.recordKeyFields.join(', ') || '(no key field)'}${cfg.orderingFields.length ? ` and the record with the larger ${cfg.orderingFields[0]} wins a merge` : ''}.`,
    details: {
      'hoodie.table.type': cfg.tableType, 'hoodie.table.version': cfg.version, 'record key fields': cfg.recordKeyFields.join(','),
      'partition fields': cfg.partitionFields.join(','), 'ordering fields': cfg.orderingFields.join(','), 'key generator': cfg.keyGenerator ?? null,
      'hive-style partitioning': cfg.hiveStylePartitioning, 'timeline layout': cfg.timelineLayoutVersion, 'merge mode': cfg.mergeMode,
      'meta fields': cfg.populateMetaFields, 'metadata table partitions': cfg.metadataPartitions.join(',') || null,
    },
    hasChildren: false,
  };
  const timeline: TreeNode = {
    id: id('timeline'), kind: 'table', label: `timeline (${ctx.meta.timeline.instants.length} instants)`, location: `${cfg.timelineFolder}/`,
    explanation: 'The active timeline: every action on the table as an instant that goes requested → inflight → completed. Only completed instants are visible to readers.',
    hasChildren: ctx.meta.timeline.instants.length > 0,
  };
  if (!ctx.instant) return [props, timeline];
  const view = await fsViewAsOf(ctx.meta, ctx.instant.requestedTime, ctx.signal);
  const partitions = [...new Set(view.fileGroups.map((g) => g.partition))].sort();
  return [props, timeline, ...partitions.map((p) => ({
    id: id('partition', p), kind: 'table' as const, label: p === '' ? '(table root: not partitioned)' : p, location: p === '' ? '' : `${p}/`,
    explanation: 'A partition folder: its file groups, each a base file and (merge-on-read) the log files written on top of it.',
    details: { 'file groups': view.fileGroups.filter((g) => g.partition === p).length },
    hasChildren: true,
  }))];
}

function instantNode(ctx: TreeContext, i: Instant): TreeNode {
  const asOf = ctx.instant?.requestedTime;
  const pending = i.state !== 'COMPLETED';
  const f = i.completed ?? i.inflight ?? i.requested;
  return {
    id: id('instant', i.requestedTime), kind: 'commit',
    label: `${i.requestedTime} ${i.action}${pending ? ` (${i.state.toLowerCase()}: pending, never read)` : ''}${asOf !== undefined && i.requestedTime > asOf ? ' (after this version)' : ''}`,
    location: f?.key, size: f?.size,
    explanation: ACTION_TEXT[i.requestedAction] ?? ACTION_TEXT[i.action] ?? 'An action on the table.',
    details: {
      action: i.action, requestedAction: i.requestedAction, state: i.state, requestedTime: i.requestedTime,
      completionTime: i.completionTime ?? null, requestedFile: i.requested?.key ?? null, inflightFile: i.inflight?.key ?? null, completedFile: i.completed?.key ?? null,
    },
    hasChildren: false,
  };
}

async function view(ctx: TreeContext) {
  if (!ctx.instant) throw new LakeError('NotFound', 'hudi tree: the table has no completed commit');
  return fsViewAsOf(ctx.meta, ctx.instant.requestedTime, ctx.signal);
}

async function fileGroupNodes(ctx: TreeContext, partition: string): Promise<TreeNode[]> {
  return (await view(ctx)).fileGroups.filter((g) => g.partition === partition).map((g) => ({
    id: id('group', partition, g.fileId), kind: 'file-slice' as const, label: `file group ${g.fileId}`,
    explanation: 'A file group: all versions (file slices) of one set of records. A record key lives in exactly one file group of its partition.',
    details: { slices: g.slices.length },
    hasChildren: true,
  }));
}

async function sliceNodes(ctx: TreeContext, partition: string, fileId: string): Promise<TreeNode[]> {
  const g = (await view(ctx)).fileGroups.find((x) => x.partition === partition && x.fileId === fileId);
  if (!g) throw new LakeError('NotFound', `hudi tree: no file group ${partition}/${fileId}`, { node: fileId });
  return g.slices.map((s, k) => ({
    id: id('slice', partition, fileId, s.baseInstant), kind: 'file-slice' as const,
    label: `slice @${s.baseInstant}${k === g.slices.length - 1 ? ' (latest: read)' : ' (older: not read)'}`,
    explanation: 'A file slice: a base file written at its base instant plus the log files written after it. Snapshot reads use the latest slice only.',
    details: { baseInstant: s.baseInstant, baseFile: s.baseFile?.key ?? null, logFiles: s.logFiles.length },
    hasChildren: true,
  }));
}

async function sliceFiles(ctx: TreeContext, partition: string, fileId: string, baseInstant: string): Promise<TreeNode[]> {
  const g = (await view(ctx)).fileGroups.find((x) => x.partition === partition && x.fileId === fileId);
  const s = g?.slices.find((x) => x.baseInstant === baseInstant);
  if (!s) throw new LakeError('NotFound', `hudi tree: no slice ${baseInstant} in file group ${partition}/${fileId}`, { node: baseInstant });
  const out: TreeNode[] = [];
  if (s.baseFile) {
    out.push({
      id: id('base', s.baseFile.key), kind: 'data-file', label: s.baseFile.key.slice(s.baseFile.key.lastIndexOf('/') + 1), location: s.baseFile.key, size: s.baseFile.size,
      explanation: 'The base file: the columnar (Parquet) image of the file group\'s records as of its instant.',
      details: { instant: s.baseFile.instantTime, writeToken: s.baseFile.writeToken },
      hasChildren: false,
    });
  }
  for (const l of s.logFiles) {
    out.push({
      id: id('log', l.key), kind: 'log-file', label: l.key.slice(l.key.lastIndexOf('/') + 1), location: l.key, size: l.size,
      explanation: 'A log file: blocks of records, deletes and commands appended after the base file; merged into the base file\'s records by record key when read.',
      details: { instant: l.instantTime, version: l.version },
      hasChildren: true,
    });
  }
  return out;
}

const BLOCK_TEXT: Record<string, string> = {
  avro_data: 'Avro data block: new or updated records, in Avro binary with the writer schema in the block header.',
  parquet_data: 'Parquet data block: new or updated records as an embedded Parquet file.',
  hfile_data: 'HFile data block: sorted key-value records (metadata table).',
  delete: 'Delete block: record keys deleted by this instant, with their ordering values.',
  command: 'Command block: a rollback marking the blocks of an earlier failed instant as void.',
  corrupt: 'Corrupt block: bytes that could not be framed; skipped.',
  cdc_data: 'Change data block: before/after images for change data capture; not read for snapshots.',
};

async function blockNodes(ctx: TreeContext, key: string): Promise<TreeNode[]> {
  const bytes = await ctx.meta.storage.read(key, { signal: ctx.signal });
  const framed = frameLogFile(bytes, key);
  const nodes = framed.blocks.map((b) => blockNode(ctx, key, b));
  for (const w of framed.warnings) {
    nodes.push({ id: id('corrupt', key, w), kind: 'log-file', label: 'corrupt region (skipped)', location: key, explanation: w, hasChildren: false });
  }
  return nodes;
}

function recordCount(b: LogBlock, key: string): number | null {
  try {
    const dv = new DataView(b.content.buffer, b.content.byteOffset, b.content.byteLength);
    if (b.type === 'avro_data') return dv.getInt32(0) >= 2 ? dv.getInt32(4) : null;
    if (b.type === 'parquet_data') return Number(parquetMetadata(b.content.slice().buffer as ArrayBuffer).num_rows);
    if (b.type === 'delete') return decodeDeleteBlock(b, key).length;
  } catch {
    return null;
  }
  return null;
}

function blockNode(ctx: TreeContext, key: string, b: LogBlock): TreeNode {
  const instant = b.header.get(HEADER.INSTANT_TIME) ?? '';
  const target = rollbackTarget(b);
  const asOf = ctx.instant?.requestedTime;
  const visible = asOf !== undefined && ctx.meta.timeline.isCompletedAsOf(instant, asOf);
  return {
    id: id('block', key, b.offset), kind: b.type === 'delete' ? 'delete-file' : b.type === 'command' ? 'commit' : 'data-file',
    label: `${b.type} @${instant}${target ? ` → rolls back ${target}` : ''}${visible ? '' : ' (not visible in this version)'}`,
    location: key, range: { offset: b.offset, length: b.length }, size: b.length,
    explanation: BLOCK_TEXT[b.type] ?? 'A log block.',
    details: { type: b.type, instant, records: recordCount(b, key), offset: b.offset, length: b.length, ...(target ? { targetInstant: target } : {}) },
    hasChildren: false,
  };
}
