/**
 * Moving branches and tags (spec "Snapshot References"; semantics of Java `ManageSnapshots`):
 * - rollback: main back to one of its own ancestors (by id, or the newest ancestor as of a time);
 * - set current snapshot: main to any snapshot, ancestor or not (e.g. undoing a rollback);
 * - tags and branches: create, replace, remove, with retention (`max-ref-age-ms`, and for branches
 *   `min-snapshots-to-keep`, `max-snapshot-age-ms`); `main` can be neither removed nor turned into a tag;
 * - fast-forward: move a branch to another ref's head when the branch head is an ancestor of it.
 * Each is prepared (previewed) first; apply requires the refs it touches to be where the preview saw them.
 */
import type { LakeErrorRef } from '../../../errors.ts';
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';
import { described, textRef, warned } from '../../../commit/preview-text.ts';
import { messageError } from '../../../message-error.ts';
import type { Storage } from '../../../io/storage.ts';
import type { SnapshotRef } from '../spec/snapshot.ts';
import { findSnapshot, type TableMetadata } from '../spec/table-metadata.ts';
import { type ApplyOptions, NEXT_METADATA, type PreparedOperation, ancestorIds, totalsOf } from './prepared-operation.ts';
import { loadTableState, type TableState } from './table-state.ts';
import { MAIN_BRANCH, type TableRequirement, type TableUpdate } from './table-update.ts';
import { metadataResult, updateTable } from './update-table.ts';

/** Retention settings of a ref (spec "Snapshot References"). */
export interface RefRetention {
  readonly minSnapshotsToKeep?: number;
  readonly maxSnapshotAgeMs?: bigint;
  readonly maxRefAgeMs?: bigint;
}

function notFound(what: LakeErrorRef, context: Record<string, string>): never {
  throw messageError('NotFound', 'error.iceberg.refs', { what }, context);
}

/** A tag or branch name must say something: empty or blank names are refused (they cannot be selected back). */
function checkRefName(name: string, type: 'tag' | 'branch' | 'ref'): void {
  if (name.trim() === '') throw messageError('DataInvalid', 'error.iceberg.blankName', { refType: type }, { ref: name });
}

function refOf(meta: TableMetadata, name: string): SnapshotRef | undefined {
  return meta.refs.find((r) => r.name === name);
}

function snapshotOrFail(meta: TableMetadata, id: bigint) {
  return findSnapshot(meta, id) ?? notFound(errorRef('error.iceberg.snapshotNotFound', { id: String(id) }), { snapshotId: String(id) });
}

function setRef(name: string, type: 'branch' | 'tag', id: bigint, r: RefRetention = {}): TableUpdate {
  return {
    action: 'set-snapshot-ref', 'ref-name': name, type, 'snapshot-id': id,
    ...(r.minSnapshotsToKeep !== undefined ? { 'min-snapshots-to-keep': r.minSnapshotsToKeep } : {}),
    ...(r.maxSnapshotAgeMs !== undefined ? { 'max-snapshot-age-ms': r.maxSnapshotAgeMs } : {}),
    ...(r.maxRefAgeMs !== undefined ? { 'max-ref-age-ms': r.maxRefAgeMs } : {}),
  };
}

/** Requirements that every named ref is where it is in `meta` (or absent). */
function refsUnchanged(meta: TableMetadata, names: readonly string[]): TableRequirement[] {
  return names.map((ref) => ({ type: 'assert-ref-snapshot-id', ref, 'snapshot-id': refOf(meta, ref)?.snapshotId ?? null }));
}

interface RefChange {
  readonly operation: string;
  /** The description as a catalog message (the English is its text). */
  readonly description: ErrorRef;
  readonly updates: readonly TableUpdate[];
  readonly touched: readonly string[];
  /** The snapshot main will be at (for before/after totals). */
  readonly mainAfter?: bigint;
  readonly details: Record<string, unknown>;
  readonly warnings?: ErrorRef[];
}

async function prepare(storage: Storage, signal: AbortSignal | undefined, compute: (s: TableState) => RefChange): Promise<PreparedOperation> {
  const state = await loadTableState(storage, signal);
  const meta = state.metadata;
  const change = compute(state);
  const current = meta.currentSnapshotId === undefined ? undefined : findSnapshot(meta, meta.currentSnapshotId);
  const after = change.mainAfter === undefined ? current : findSnapshot(meta, change.mainAfter);
  return {
    preview: {
      operation: change.operation, ...described(change.description),
      writes: [NEXT_METADATA], deletes: [],
      before: totalsOf(current), after: totalsOf(after),
      ...warned(change.warnings ?? []), details: change.details,
    },
    apply: async (opts: ApplyOptions = {}) => {
      const requirements: TableRequirement[] = [
        ...(meta.tableUuid ? [{ type: 'assert-table-uuid' as const, uuid: meta.tableUuid }] : []),
        ...refsUnchanged(meta, change.touched),
      ];
      const r = await updateTable(storage, () => ({ updates: change.updates }), { ...opts, requirements });
      return metadataResult(change.operation, r, change.details);
    },
  };
}

/** Rolls main back to `snapshotId`, which must be an ancestor of the current snapshot. */
export function prepareRollbackTo(storage: Storage, snapshotId: bigint, opts: ApplyOptions = {}): Promise<PreparedOperation> {
  return prepare(storage, opts.signal, ({ metadata: meta }) => {
    snapshotOrFail(meta, snapshotId);
    const main = refOf(meta, MAIN_BRANCH);
    const ancestors = ancestorIds(meta, main?.snapshotId);
    if (!ancestors.includes(snapshotId)) {
      throw messageError('DataInvalid', 'error.iceberg.notAncestor', { id: String(snapshotId), current: String(main?.snapshotId ?? '(none)') }, { snapshotId: String(snapshotId) });
    }
    return {
      operation: 'rollback', description: textRef('note.write.iceberg.rollback', { from: String(main!.snapshotId), to: String(snapshotId) }),
      updates: [setRef(MAIN_BRANCH, 'branch', snapshotId, main!)], touched: [MAIN_BRANCH], mainAfter: snapshotId,
      details: { from: String(main!.snapshotId), to: String(snapshotId), undone: ancestors.slice(0, ancestors.indexOf(snapshotId)).map(String) },
    };
  });
}

/**
 * Rolls main back to the newest of its ancestors committed at or before `timestampMs` (the state a time
 * travel "as of" that time reads on the current lineage). NotFound when there is none.
 */
export async function prepareRollbackToTime(storage: Storage, timestampMs: number, opts: ApplyOptions = {}): Promise<PreparedOperation> {
  const state = await loadTableState(storage, opts.signal);
  const meta = state.metadata;
  const target = ancestorIds(meta, refOf(meta, MAIN_BRANCH)?.snapshotId).map((id) => findSnapshot(meta, id)!).find((s) => s.timestampMs <= timestampMs);
  if (!target) notFound(errorRef('error.iceberg.noAncestorAt', { time: new Date(timestampMs).toISOString() }), { timestampMs: String(timestampMs) });
  return prepareRollbackTo(storage, target.snapshotId, opts);
}

/** Makes any snapshot current (main points to it), whether or not it is an ancestor. */
export function prepareSetCurrentSnapshot(storage: Storage, snapshotId: bigint, opts: ApplyOptions = {}): Promise<PreparedOperation> {
  return prepare(storage, opts.signal, ({ metadata: meta }) => {
    snapshotOrFail(meta, snapshotId);
    const main = refOf(meta, MAIN_BRANCH);
    const isAncestor = ancestorIds(meta, main?.snapshotId).includes(snapshotId);
    const isDescendant = main !== undefined && ancestorIds(meta, snapshotId).includes(main.snapshotId);
    return {
      operation: 'set-current-snapshot', description: main ? textRef('note.write.iceberg.setCurrent', { id: String(snapshotId), main: String(main.snapshotId) }) : textRef('note.write.iceberg.setCurrentEmpty', { id: String(snapshotId) }),
      updates: [setRef(MAIN_BRANCH, 'branch', snapshotId, main ?? {})], touched: [MAIN_BRANCH], mainAfter: snapshotId,
      details: { from: main ? String(main.snapshotId) : null, to: String(snapshotId), ancestor: isAncestor, descendant: isDescendant },
      warnings: isAncestor || isDescendant || !main ? [] : [textRef('note.write.iceberg.otherLine')],
    };
  });
}

/** Creates (or with `replace`, moves) a tag. */
export function prepareTag(storage: Storage, name: string, snapshotId: bigint, retention: Pick<RefRetention, 'maxRefAgeMs'> = {}, opts: ApplyOptions & { replace?: boolean } = {}): Promise<PreparedOperation> {
  return prepare(storage, opts.signal, ({ metadata: meta }) => {
    checkRefName(name, 'tag');
    snapshotOrFail(meta, snapshotId);
    const existing = refOf(meta, name);
    if (name === MAIN_BRANCH) throw messageError('DataInvalid', 'error.iceberg.mainNotTag', undefined, { ref: name });
    if (existing && !opts.replace) throw messageError('Conflict', existing.type === 'tag' ? 'error.iceberg.tagExists' : 'error.iceberg.branchExists', { name }, { ref: name, retryable: false });
    if (existing && existing.type !== 'tag') throw messageError('DataInvalid', 'error.iceberg.isBranch', { name }, { ref: name });
    return {
      operation: existing ? 'replace-tag' : 'create-tag', description: existing ? textRef('note.write.iceberg.moveTag', { name, from: String(existing.snapshotId), id: String(snapshotId) }) : textRef('note.write.iceberg.createTag', { name, id: String(snapshotId) }),
      updates: [setRef(name, 'tag', snapshotId, retention)], touched: [name], details: { ref: name, snapshotId: String(snapshotId) },
    };
  });
}

/** Creates (or with `replace`, moves) a branch; without a snapshot id it starts at the current snapshot. */
export function prepareBranch(storage: Storage, name: string, snapshotId: bigint | undefined, retention: RefRetention = {}, opts: ApplyOptions & { replace?: boolean } = {}): Promise<PreparedOperation> {
  return prepare(storage, opts.signal, ({ metadata: meta }) => {
    checkRefName(name, 'branch');
    const id = snapshotId ?? meta.currentSnapshotId ?? notFound(errorRef('error.iceberg.nothingToBranch', undefined), {});
    snapshotOrFail(meta, id);
    const existing = refOf(meta, name);
    if (existing && !opts.replace) throw messageError('Conflict', existing.type === 'tag' ? 'error.iceberg.tagExists' : 'error.iceberg.branchExists', { name }, { ref: name, retryable: false });
    if (existing && existing.type !== 'branch') throw messageError('DataInvalid', 'error.iceberg.isTag', { name }, { ref: name });
    return {
      operation: existing ? 'replace-branch' : 'create-branch', description: textRef(existing ? 'note.write.iceberg.moveBranch' : 'note.write.iceberg.createBranch', { name, id: String(id) }),
      updates: [setRef(name, 'branch', id, { ...existing, ...retention })], touched: [name], mainAfter: name === MAIN_BRANCH ? id : undefined,
      details: { ref: name, snapshotId: String(id) },
    };
  });
}

/**
 * Removes a tag or branch (never main). With `type`, only a ref of that type: removing "tag X" when X is
 * a branch (or the reverse) is DataInvalid naming what X is, and nothing is removed.
 */
export function prepareRemoveRef(storage: Storage, name: string, opts: ApplyOptions & { type?: 'tag' | 'branch' } = {}): Promise<PreparedOperation> {
  return prepare(storage, opts.signal, ({ metadata: meta }) => {
    checkRefName(name, opts.type ?? 'ref');
    if (name === MAIN_BRANCH) throw messageError('DataInvalid', 'error.iceberg.mainKept', { asTag: opts.type === 'tag' }, { ref: name });
    const existing = refOf(meta, name) ?? notFound(errorRef('error.iceberg.refNotFound', { refType: opts.type ?? 'ref', name }), { ref: name });
    if (opts.type && existing.type !== opts.type) {
      throw messageError('DataInvalid', 'error.iceberg.refs.otherType', { name, type: existing.type, snapshot: String(existing.snapshotId), wanted: opts.type }, { ref: name, refType: existing.type });
    }
    return {
      operation: `remove-${existing.type}`, description: textRef('note.write.iceberg.removeRef', { refType: existing.type, name, id: String(existing.snapshotId) }),
      updates: [{ action: 'remove-snapshot-ref', 'ref-name': name }], touched: [name], details: { ref: name, snapshotId: String(existing.snapshotId) },
    };
  });
}

/** Fast-forwards branch `name` to the head of ref `to`; the branch head must be an ancestor of it. */
export function prepareFastForward(storage: Storage, name: string, to: string, opts: ApplyOptions = {}): Promise<PreparedOperation> {
  return prepare(storage, opts.signal, ({ metadata: meta }) => {
    const branch = refOf(meta, name) ?? notFound(errorRef('error.iceberg.refNotFound', { refType: 'branch', name }), { ref: name });
    const target = refOf(meta, to) ?? notFound(errorRef('error.iceberg.refNotFound', { refType: 'ref', name: to }), { ref: to });
    if (branch.type !== 'branch') throw messageError('DataInvalid', 'error.iceberg.tagNoFastForward', { name }, { ref: name });
    if (!ancestorIds(meta, target.snapshotId).includes(branch.snapshotId)) {
      throw messageError('DataInvalid', 'error.iceberg.cannotFastForward', { name, head: String(branch.snapshotId), to, target: String(target.snapshotId) }, { ref: name });
    }
    return {
      operation: 'fast-forward', description: textRef('note.write.iceberg.fastForward', { name, from: String(branch.snapshotId), to, target: String(target.snapshotId) }),
      updates: [setRef(name, 'branch', target.snapshotId, branch)], touched: [name, to], mainAfter: name === MAIN_BRANCH ? target.snapshotId : undefined,
      details: { ref: name, from: String(branch.snapshotId), to: String(target.snapshotId) },
    };
  });
}
