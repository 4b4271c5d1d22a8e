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
import type { MessageKey } from '../../../messages/en.ts';
import { explained, labelled } from '../../../messages/message-format.ts';
import type { TreeNode } from '../../table-format.ts';
import type { LogStore } from '../io/log-store.ts';
import { sidecarKey } from '../io/log-store.ts';
import type { Action, DeletionVectorDescriptor } from '../spec/actions.ts';
import { deletionVectorPath, deletionVectorRange } from '../spec/deletion-vector.ts';
import type { LogFile } from '../spec/log-files.ts';
import type { LogSegment } from '../scan/log-segment.ts';
import { resolveLogPath } from '../scan/paths.ts';
import type { Snapshot } from '../scan/replay.ts';
import { messageError } from '../../../message-error.ts';

export interface TreeContext {
  readonly log: LogStore;
  readonly snapshot: Snapshot;
  readonly segment: LogSegment;
  readonly location?: string;
  readonly signal?: AbortSignal;
}

const SPEC = 'https://github.com/delta-io/delta/blob/master/PROTOCOL.md';
/** Children shown per node; the rest are summarised (a checkpoint may hold millions of actions). */
const MAX_CHILDREN = 1000;

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
    default: throw messageError('NotFound', 'error.delta.tree.noNode', { node: nodeId, version: String(ctx.snapshot.version) }, { node: nodeId });
  }
}

function commitFile(ctx: TreeContext, v: bigint): LogFile {
  const f = ctx.segment.commits.find((x) => x.version === v);
  if (!f) throw messageError('NotFound', 'error.delta.tree.notInSegment', { commit: v.toString(), version: String(ctx.snapshot.version) }, { version: v.toString() });
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
      ...labelled('tree.delta.checkpointLabel', { version: cp.version.toString(), naming: cp.naming, parts: cp.files.length }),
      location: cp.files[0]!.key,
      ...(cp.files[0]!.size !== undefined ? { size: cp.files[0]!.size } : {}),
      ...explained('tree.delta.checkpoint', { version: cp.version.toString(), naming: cp.naming }),
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
      ...explained('tree.delta.commit', { version: c.version.toString(), previous: (c.version - 1n).toString() }),
      details: { version: c.version.toString(), spec: `${SPEC}#delta-log-entries` },
      hasChildren: true,
    });
  }
  return out;
}

const ACTION_TEXT: Record<string, MessageKey> = {
  commitInfo: 'tree.delta.action.commitInfo', protocol: 'tree.delta.action.protocol', metaData: 'tree.delta.action.metaData',
  txn: 'tree.delta.action.txn', domainMetadata: 'tree.delta.action.domainMetadata', checkpointMetadata: 'tree.delta.action.checkpointMetadata',
  cdc: 'tree.delta.action.cdc',
};

function actionNodes(ctx: TreeContext, actions: readonly Action[], parent: string, fileKeyOfParent: string | undefined): TreeNode[] {
  const [source, arg] = parent.split(':');
  const out: TreeNode[] = [];
  for (const [i, a] of actions.entries()) {
    if (out.length >= MAX_CHILDREN) {
      out.push({ id: id('more', parent), kind: 'metadata-file', label: `… ${actions.length - MAX_CHILDREN} more actions`, ...explained('tree.delta.more', { shown: MAX_CHILDREN }), hasChildren: false });
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
      return {
        id: nodeId,
        kind: a.type === 'add' ? 'data-file' : 'delete-file',
        // The action's name and the path are the log's own words; the deletion-vector note is in the reader's language.
        ...labelled('tree.delta.fileActionLabel', { action: a.type, path: f.path, dv: dv !== undefined }),
        ...(location !== undefined ? { location } : {}),
        path: f.path,
        ...(f.size !== undefined ? { size: Number(f.size) } : {}),
        ...explained(a.type === 'add' ? 'tree.delta.add' : 'tree.delta.remove', { dataChange: f.dataChange }),
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
      ...explained('tree.delta.sidecar'),
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
        ...(ACTION_TEXT[a.type] ? explained(ACTION_TEXT[a.type] as 'tree.delta.action.cdc') : explained('tree.delta.action.other', { type: a.type })),
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
    ...labelled('tree.delta.dvLabel', { rows: dv.cardinality.toString(), storage: dv.storageType }),
    ...(location !== undefined ? { location, range: deletionVectorRange(dv) } : {}),
    ...explained('tree.delta.deletionVector', { inline: dv.storageType === 'i' }),
    details: { storageType: dv.storageType, pathOrInlineDv: dv.pathOrInlineDv, offset: dv.offset ?? null, sizeInBytes: dv.sizeInBytes, cardinality: dv.cardinality.toString(), spec: `${SPEC}#deletion-vectors` },
    hasChildren: false,
  }];
}
