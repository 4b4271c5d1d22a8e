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
import type { MessageKey, MessageRef } from '../../../messages/en.ts';
import { explained, format, labelled } from '../../../messages/message-format.ts';
import type { TreeNode } from '../../table-format.ts';
import { frameLogFile, HEADER, type LogBlock } from '../io/log-block.ts';
import { decodeDeleteBlock, rollbackTarget } from '../io/log-content.ts';
import { fsViewAsOf } from '../scan/plan.ts';
import type { HudiMetadata } from '../io/metadata.ts';
import type { Instant } from '../spec/instant.ts';
import { PROPERTIES_FILE } from '../spec/properties.ts';
import { messageError } from '../../../message-error.ts';

export interface TreeContext {
  readonly meta: HudiMetadata;
  /** The instant the tree is drawn as of (undefined: the table has no completed write). */
  readonly instant?: Instant;
  readonly signal?: AbortSignal;
}

const id = (...parts: (string | number)[]): string => parts.map((p) => encodeURIComponent(String(p))).join(':');
const parseId = (nodeId: string): string[] => nodeId.split(':').map(decodeURIComponent);

/** Instant actions with an explanation of their own (others get `tree.hudi.instant.other`). */
const ACTION_TEXT: Readonly<Record<string, MessageKey>> = Object.fromEntries(([
  'tree.hudi.instant.commit',
  'tree.hudi.instant.deltacommit',
  'tree.hudi.instant.replacecommit',
  'tree.hudi.instant.compaction',
  'tree.hudi.instant.logcompaction',
  'tree.hudi.instant.clustering',
  'tree.hudi.instant.clean',
  'tree.hudi.instant.rollback',
  'tree.hudi.instant.restore',
  'tree.hudi.instant.savepoint',
  'tree.hudi.instant.indexing',
  'tree.hudi.instant.schemacommit',
] as const).map((k) => [k.slice(k.lastIndexOf('.') + 1), k]));

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
    default: throw messageError('NotFound', 'error.hudi.tree.noNode', { node: nodeId }, { node: nodeId });
  }
}

async function roots(ctx: TreeContext): Promise<TreeNode[]> {
  const cfg = ctx.meta.config;
  const props: TreeNode = {
    id: id('properties'), kind: 'metadata-file', label: 'hoodie.properties', location: PROPERTIES_FILE,
    ...explained('tree.hudi.properties', {
      mergeOnRead: cfg.tableType === 'MERGE_ON_READ', version: cfg.version, recordKeys: cfg.recordKeyFields.join(', '), orderingField: cfg.orderingFields[0] ?? '',
    }),
    details: {
      // Named by the hoodie.properties keys they come from (the names Hudi's docs use, in every language).
      'hoodie.table.type': cfg.tableType, 'hoodie.table.version': cfg.version, 'hoodie.table.recordkey.fields': cfg.recordKeyFields.join(','),
      'hoodie.table.partition.fields': cfg.partitionFields.join(','), 'hoodie.table.ordering.fields': cfg.orderingFields.join(','), 'hoodie.table.keygenerator.class': cfg.keyGenerator ?? null,
      'hoodie.datasource.write.hive_style_partitioning': cfg.hiveStylePartitioning, 'hoodie.timeline.layout.version': cfg.timelineLayoutVersion, 'hoodie.record.merge.mode': cfg.mergeMode,
      'hoodie.populate.meta.fields': cfg.populateMetaFields, 'hoodie.table.metadata.partitions': cfg.metadataPartitions.join(',') || null,
    },
    hasChildren: false,
  };
  const timeline: TreeNode = {
    id: id('timeline'), kind: 'table', ...labelled('tree.hudi.label.timeline', { instants: ctx.meta.timeline.instants.length }), location: `${cfg.timelineFolder}/`,
    ...explained('tree.hudi.timeline'),
    hasChildren: ctx.meta.timeline.instants.length > 0,
  };
  if (!ctx.instant) return [props, timeline];
  const view = await fsViewAsOf(ctx.meta, ctx.instant.requestedTime, ctx.signal);
  const partitions = [...new Set(view.fileGroups.map((g) => g.partition))].sort();
  return [props, timeline, ...partitions.map((p) => ({
    id: id('partition', p), kind: 'table' as const, ...(p === '' ? labelled('tree.hudi.label.root') : { label: p }), location: p === '' ? '' : `${p}/`,
    ...explained('tree.hudi.partition'),
    details: { fileGroups: view.fileGroups.filter((g) => g.partition === p).length },
    hasChildren: true,
  }))];
}

function instantNode(ctx: TreeContext, i: Instant): TreeNode {
  const asOf = ctx.instant?.requestedTime;
  const pending = i.state !== 'COMPLETED';
  const f = i.completed ?? i.inflight ?? i.requested;
  return {
    id: id('instant', i.requestedTime), kind: 'commit',
    ...labelled('tree.hudi.label.instant', {
      time: i.requestedTime, action: i.action, archived: i.archived !== undefined, pending: pending ? i.state.toLowerCase() : '', after: asOf !== undefined && i.requestedTime > asOf,
    }),
    location: f?.key ?? i.archived?.file, size: f?.size,
    ...explained((ACTION_TEXT[i.requestedAction] ?? ACTION_TEXT[i.action] ?? 'tree.hudi.instant.other') as 'tree.hudi.instant.other'),
    details: {
      action: i.action, requestedAction: i.requestedAction, state: i.state, requestedTime: i.requestedTime,
      completionTime: i.completionTime ?? null, requestedFile: i.requested?.key ?? null, inflightFile: i.inflight?.key ?? null, completedFile: i.completed?.key ?? null, archivedIn: i.archived?.file ?? null,
    },
    hasChildren: false,
  };
}

async function view(ctx: TreeContext) {
  if (!ctx.instant) throw messageError('NotFound', 'error.hudi.tree.noCommit', undefined);
  return fsViewAsOf(ctx.meta, ctx.instant.requestedTime, ctx.signal);
}

async function fileGroupNodes(ctx: TreeContext, partition: string): Promise<TreeNode[]> {
  return (await view(ctx)).fileGroups.filter((g) => g.partition === partition).map((g) => ({
    id: id('group', partition, g.fileId), kind: 'file-slice' as const, ...labelled('tree.hudi.label.fileGroup', { id: g.fileId }),
    ...explained('tree.hudi.fileGroup'),
    details: { slices: g.slices.length },
    hasChildren: true,
  }));
}

async function sliceNodes(ctx: TreeContext, partition: string, fileId: string): Promise<TreeNode[]> {
  const g = (await view(ctx)).fileGroups.find((x) => x.partition === partition && x.fileId === fileId);
  if (!g) throw messageError('NotFound', 'error.hudi.tree.noFileGroup', { group: `${partition}/${fileId}` }, { node: fileId });
  return g.slices.map((s, k) => ({
    id: id('slice', partition, fileId, s.baseInstant), kind: 'file-slice' as const,
    ...labelled('tree.hudi.label.slice', { instant: s.baseInstant, latest: k === g.slices.length - 1 }),
    ...explained('tree.hudi.slice'),
    details: { baseInstant: s.baseInstant, baseFile: s.baseFile?.key ?? null, logFiles: s.logFiles.length },
    hasChildren: true,
  }));
}

async function sliceFiles(ctx: TreeContext, partition: string, fileId: string, baseInstant: string): Promise<TreeNode[]> {
  const g = (await view(ctx)).fileGroups.find((x) => x.partition === partition && x.fileId === fileId);
  const s = g?.slices.find((x) => x.baseInstant === baseInstant);
  if (!s) throw messageError('NotFound', 'error.hudi.tree.noSlice', { instant: baseInstant, group: `${partition}/${fileId}` }, { node: baseInstant });
  const out: TreeNode[] = [];
  if (s.baseFile) {
    out.push({
      id: id('base', s.baseFile.key), kind: 'data-file', label: s.baseFile.key.slice(s.baseFile.key.lastIndexOf('/') + 1), location: s.baseFile.key, size: s.baseFile.size,
      ...explained('tree.hudi.baseFile'),
      details: { instant: s.baseFile.instantTime, writeToken: s.baseFile.writeToken },
      hasChildren: false,
    });
  }
  for (const l of s.logFiles) {
    out.push({
      id: id('log', l.key), kind: 'log-file', label: l.key.slice(l.key.lastIndexOf('/') + 1), location: l.key, size: l.size,
      ...explained('tree.hudi.logFile'),
      details: { instant: l.instantTime, version: l.version },
      hasChildren: true,
    });
  }
  return out;
}

/** Log block types with an explanation of their own (others get `tree.hudi.block.other`). */
const BLOCK_TEXT: Readonly<Record<string, MessageKey>> = Object.fromEntries(([
  'tree.hudi.block.avro_data',
  'tree.hudi.block.parquet_data',
  'tree.hudi.block.hfile_data',
  'tree.hudi.block.delete',
  'tree.hudi.block.command',
  'tree.hudi.block.corrupt',
  'tree.hudi.block.cdc_data',
] as const).map((k) => [k.slice(k.lastIndexOf('.') + 1), k]));

async function blockNodes(ctx: TreeContext, key: string): Promise<TreeNode[]> {
  const bytes = await ctx.meta.storage.read(key, { signal: ctx.signal });
  const framed = frameLogFile(bytes, key);
  const nodes = framed.blocks.map((b) => blockNode(ctx, key, b));
  framed.warnings.forEach((w, i) => {
    // The warning quoted as its own catalog message, so the whole explanation is in the reader's language
    // (formatRef renders a reference parameter first); the English stays the sentence it always was.
    const message = { key: 'tree.hudi.corrupt', params: { warning: framed.warningRefs[i]! } } as unknown as MessageRef;
    nodes.push({ id: id('corrupt', key, w), kind: 'log-file', ...labelled('tree.hudi.label.corrupt'), location: key, message, explanation: format('tree.hudi.corrupt', { warning: w }), hasChildren: false });
  });
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
    ...labelled('tree.hudi.label.block', { type: b.type, instant, target: target ?? '', visible }),
    location: key, range: { offset: b.offset, length: b.length }, size: b.length,
    ...explained((BLOCK_TEXT[b.type] ?? 'tree.hudi.block.other') as 'tree.hudi.block.other'),
    details: { type: b.type, instant, records: recordCount(b, key), offset: b.offset, length: b.length, ...(target ? { targetInstant: target } : {}) },
    hasChildren: false,
  };
}
