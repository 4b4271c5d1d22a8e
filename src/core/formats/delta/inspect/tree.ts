/**
 * The log of one version as a tree (DESIGN.md "tree(version)"), expanded lazily:
 *
 * ```
 * checkpoint N ─┬─ sidecar files ── add/remove actions ── deletion vector
 *               └─ protocol, metaData, txn, domainMetadata, add/remove actions ── deletion vector
 * commit N+1 ── commitInfo, protocol, metaData, add/remove/cdc actions ── data file's deletion vector
 * …
 * commit V
 * ```
 * Node ids encode the path (`kind:arg:…`, URI-encoded), so any node can be expanded later without
 * state. Each node explains itself and links to its PROTOCOL.md section.
 */
import { LakeError } from '../../../errors.ts';
import type { TreeNode } from '../../table-format.ts';
import type { LogStore } from '../io/log-store.ts';
import { sidecarKey } from '../io/log-store.ts';
import type { Action, DeletionVectorDescriptor } from '../spec/actions.ts';
import { deletionVectorPath, deletionVectorRange } from '../spec/deletion-vector.ts';
import type { LogFile } from '../spec/log-files.ts';
import type { LogSegment } from '../scan/log-segment.ts';
import { resolveLogPath } from '../scan/paths.ts';
import type { Snapshot } from '../scan/replay.ts';

export interface TreeContext {
  readonly log: LogStore;
  readonly snapshot: Snapshot;
  readonly segment: LogSegment;
  readonly location?: string;
  readonly signal?: AbortSignal;
}

const SPEC = 'https://github.com/delta-io/delta/blob/master/PROTOCOL.md';
/** Children shown per node; the rest are summarised (a checkpoint may hold millions of actions). */
export const MAX_CHILDREN = 1000;

const id = (...parts: (string | number)[]): string => parts.map((p) => encodeURIComponent(String(p))).join(':');
const parseId = (nodeId: string): string[] => nodeId.split(':').map(decodeURIComponent);

/** Children of a node (the roots when `nodeId` is undefined). Unknown ids → NotFound `delta tree: …`. */
export async function treeNodes(ctx: TreeContext, nodeId?: string): Promise<TreeNode[]> {
  if (nodeId === undefined) return roots(ctx);
  const [kind, a, b, c] = parseId(nodeId);
  switch (kind) {
    case 'checkpoint': return actionNodes(ctx, await checkpointOwnActions(ctx), `checkpoint:${a}`, ctx.segment.checkpoint?.files[0]?.key);
    case 'sidecar': return actionNodes(ctx, await ctx.log.readParquetActions(sidecarKey(a!), ctx.signal), `sidecar:${a}`, sidecarKey(a!));
    case 'commit': return actionNodes(ctx, await ctx.log.commit(commitFile(ctx, BigInt(a!)), ctx.signal), `commit:${a}`, commitFile(ctx, BigInt(a!)).key);
    case 'action': return dvChildren(ctx, await actionsOf(ctx, a!, b!), Number(c));
    default: throw new LakeError('NotFound', `delta tree: no node '${nodeId}' under version ${ctx.snapshot.version}`, { node: nodeId });
  }
}

function commitFile(ctx: TreeContext, v: bigint): LogFile {
  const f = ctx.segment.commits.find((x) => x.version === v);
  if (!f) throw new LakeError('NotFound', `delta tree: commit ${v} is not part of version ${ctx.snapshot.version}'s log segment`, { version: v.toString() });
  return f;
}

async function checkpointOwnActions(ctx: TreeContext): Promise<Action[]> {
  const cp = ctx.segment.checkpoint;
  if (!cp) return [];
  const own: Action[] = [];
  for (const f of cp.files) own.push(...(f.fileFormat === 'json' ? await ctx.log.commit(f, ctx.signal) : await ctx.log.readParquetActions(f.key, ctx.signal)));
  return own;
}

async function actionsOf(ctx: TreeContext, source: string, arg: string): Promise<Action[]> {
  if (source === 'checkpoint') return checkpointOwnActions(ctx);
  if (source === 'sidecar') return ctx.log.readParquetActions(sidecarKey(arg), ctx.signal);
  return ctx.log.commit(commitFile(ctx, BigInt(arg)), ctx.signal);
}

function roots(ctx: TreeContext): TreeNode[] {
  const out: TreeNode[] = [];
  const cp = ctx.segment.checkpoint;
  if (cp) {
    out.push({
      id: id('checkpoint', cp.version.toString()),
      kind: 'checkpoint',
      label: `checkpoint ${cp.version} (${cp.naming}${cp.files.length > 1 ? `, ${cp.files.length} parts` : ''})`,
      location: cp.files[0]!.key,
      ...(cp.files[0]!.size !== undefined ? { size: cp.files[0]!.size } : {}),
      explanation: `A checkpoint is the whole table state at version ${cp.version} — protocol, metadata and every live file — so a reader need not replay the commits before it.`
        + (cp.naming === 'uuid' ? ' This V2 checkpoint is UUID-named; its add/remove actions may live in sidecar files.' : cp.naming === 'multi-part' ? ' This multi-part checkpoint is split over several Parquet files; all must be present.' : ''),
      details: { version: cp.version.toString(), naming: cp.naming, files: cp.files.map((f) => f.key).join(', '), spec: `${SPEC}#checkpoints` },
      hasChildren: true,
    });
  }
  for (const c of ctx.segment.commits) {
    out.push({
      id: id('commit', c.version.toString()),
      kind: 'commit',
      label: `commit ${c.version}`,
      location: c.key,
      ...(c.size !== undefined ? { size: c.size } : {}),
      explanation: `Commit ${c.version}: one newline-delimited JSON file of actions applied atomically to version ${c.version - 1n}. Its name is the version; writing it with put-if-absent is what makes the commit atomic.`,
      details: { version: c.version.toString(), spec: `${SPEC}#delta-log-entries` },
      hasChildren: true,
    });
  }
  return out;
}

const ACTION_TEXT: Record<string, string> = {
  commitInfo: 'commitInfo: who did what (operation, parameters, metrics, engine). Provenance only; it does not change the table.',
  protocol: 'protocol: the reader/writer versions and table features a client must implement to read or write this table.',
  metaData: 'metaData: the table id, schema, partition columns and configuration. The latest one wins.',
  txn: 'txn: an application\'s progress marker (appId, version) recorded atomically with its writes, for idempotent streaming.',
  domainMetadata: 'domainMetadata: named configuration (e.g. delta.rowTracking, delta.clustering); the latest per domain wins.',
  checkpointMetadata: 'checkpointMetadata: marks a V2 checkpoint and its version.',
  cdc: 'cdc: a change data file holding this commit\'s row-level changes (_change_type), read by change data feed queries.',
};

function actionNodes(ctx: TreeContext, actions: readonly Action[], parent: string, fileKeyOfParent: string | undefined): TreeNode[] {
  const [source, arg] = parent.split(':');
  const out: TreeNode[] = [];
  for (const [i, a] of actions.entries()) {
    if (out.length >= MAX_CHILDREN) {
      out.push({ id: id('more', parent), kind: 'metadata-file', label: `… ${actions.length - MAX_CHILDREN} more actions`, explanation: `Only the first ${MAX_CHILDREN} actions are listed here.`, hasChildren: false });
      break;
    }
    out.push(actionNode(ctx, a, id('action', source!, arg!, i), fileKeyOfParent));
  }
  return out;
}

function actionNode(ctx: TreeContext, a: Action, nodeId: string, parentKey: string | undefined): TreeNode {
  switch (a.type) {
    case 'add': case 'remove': {
      const f = a.type === 'add' ? a.add : a.remove;
      const dv = f.deletionVector;
      let location: string | undefined;
      try { location = resolveLogPath(f.path, ctx.location); } catch { location = undefined; }
      const live = a.type === 'add' ? 'makes this logical file part of the table' : 'removes this logical file; it stays as a tombstone until VACUUM may delete it';
      return {
        id: nodeId,
        kind: a.type === 'add' ? 'data-file' : 'delete-file',
        label: `${a.type} ${f.path}${dv ? ' + deletion vector' : ''}`,
        ...(location !== undefined ? { location } : {}),
        path: f.path,
        ...(f.size !== undefined ? { size: Number(f.size) } : {}),
        explanation: `${a.type === 'add' ? 'add' : 'remove'}: ${live}. A logical file is a data file plus an optional deletion vector, keyed by (path, deletion vector id).`
          + (f.dataChange ? '' : ' dataChange=false: it only rearranges existing rows (e.g. OPTIMIZE) or adds statistics.'),
        details: {
          action: a.type, dataChange: f.dataChange, partitionValues: JSON.stringify(f.partitionValues ?? {}),
          ...(a.type === 'add' ? { modificationTime: a.add.modificationTime.toString(), stats: a.add.stats ?? null, baseRowId: a.add.baseRowId?.toString() ?? null } : {}),
          ...(a.type === 'remove' ? { deletionTimestamp: a.remove.deletionTimestamp?.toString() ?? null } : {}),
          deletionVectorCardinality: dv ? dv.cardinality.toString() : null,
          spec: `${SPEC}#add-file-and-remove-file`,
        },
        hasChildren: dv !== undefined,
      };
    }
    case 'sidecar': return {
      id: id('sidecar', a.sidecar.path),
      kind: 'manifest',
      label: `sidecar ${a.sidecar.path}`,
      location: sidecarKey(a.sidecar.path),
      size: Number(a.sidecar.sizeInBytes),
      explanation: 'A sidecar file: a Parquet file in _delta_log/_sidecars/ holding some of a V2 checkpoint\'s add and remove actions, so checkpoints can be split and reused.',
      details: { spec: `${SPEC}#sidecar-files` },
      hasChildren: true,
    };
    default: {
      const payload = (a as Record<string, unknown>)[a.type];
      return {
        id: nodeId,
        kind: 'metadata-file',
        label: a.type === 'commitInfo' ? `commitInfo ${a.commitInfo.operation ?? ''}`.trim() : a.type,
        ...(parentKey !== undefined ? { location: parentKey } : {}),
        explanation: ACTION_TEXT[a.type] ?? a.type,
        details: { json: JSON.stringify(a.type === 'commitInfo' ? a.commitInfo.raw : payload, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)).slice(0, 4000), spec: `${SPEC}#actions` },
        hasChildren: false,
      };
    }
  }
}

function dvChildren(ctx: TreeContext, actions: readonly Action[], index: number): TreeNode[] {
  const a = actions[index];
  const dv: DeletionVectorDescriptor | undefined = a?.type === 'add' ? a.add.deletionVector : a?.type === 'remove' ? a.remove.deletionVector : undefined;
  if (!dv) return [];
  const where = deletionVectorPath(dv);
  let location: string | undefined;
  try { location = where?.relative ?? (where?.absolute ? resolveLogPath(where.absolute, ctx.location, 'deletion vector file') : undefined); } catch { location = undefined; }
  return [{
    id: id('dv', index, dv.pathOrInlineDv),
    kind: 'deletion-vector',
    label: `deletion vector (${dv.cardinality} rows deleted, ${dv.storageType === 'i' ? 'inline' : dv.storageType === 'u' ? 'relative path' : 'absolute path'})`,
    ...(location !== undefined ? { location, range: deletionVectorRange(dv) } : {}),
    explanation: 'A deletion vector: a Roaring bitmap of the row positions of the data file that are deleted. '
      + (dv.storageType === 'i' ? 'It is stored inline in the log, Z85-encoded.' : 'It is stored in a .bin file at this offset as [size][bitmap][CRC-32]; one file may hold the vectors of many data files.'),
    details: { storageType: dv.storageType, pathOrInlineDv: dv.pathOrInlineDv, offset: dv.offset ?? null, sizeInBytes: dv.sizeInBytes, cardinality: dv.cardinality.toString(), spec: `${SPEC}#deletion-vectors` },
    hasChildren: false,
  }];
}
