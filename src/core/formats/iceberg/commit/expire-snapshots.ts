/**
 * Expiring snapshots (spec "Snapshot Retention Policy"; semantics of Java `RemoveSnapshots`):
 * 1. refs whose `max-ref-age-ms` has passed are removed (never `main`);
 * 2. each remaining branch keeps its head and ancestors while they are younger than its
 *    `max-snapshot-age-ms` or fewer than its `min-snapshots-to-keep` (defaults: the table's
 *    `history.expire.*` properties or the caller's `olderThanMs` / `retainLast`); each tag keeps its snapshot;
 * 3. snapshots on no ref's line are kept while younger than the default age;
 * 4. everything else expires — or, with explicit `snapshotIds`, exactly those (never a ref's head).
 * Expiry only edits metadata. Deleting the files that only expired snapshots reached is a separate,
 * explicit choice at apply time (`deleteFiles`), computed again from the committed state so a file a
 * concurrent commit started using again is never deleted.
 */
import type { FileChange } from '../../../commit/change-preview.ts';
import { bestEffortDelete } from '../../../commit/cleanup.ts';
import { totalBytes } from '../../../commit/change-preview.ts';
import type { Storage } from '../../../io/storage.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import { findSnapshot, type TableMetadata } from '../spec/table-metadata.ts';
import { type ApplyOptions, NEXT_METADATA, type PreparedOperation, ancestorIds, totalsOf } from './prepared-operation.ts';
import { minus, reachableFiles } from './reachable-files.ts';
import { loadTableState, type TableState } from './table-state.ts';
import { MAIN_BRANCH, PROPS, type TableUpdate } from './table-update.ts';
import { metadataResult, updateTable } from './update-table.ts';
import { messageError } from '../../../message-error.ts';
import { described, noted, textRef, warned, withWarning } from '../../../commit/preview-text.ts';

const DAY_MS = 86_400_000;

export interface ExpireOptions {
  /** Expire snapshots older than this (default: now − `history.expire.max-snapshot-age-ms`, 5 days). */
  readonly olderThanMs?: number;
  /** Keep at least this many ancestors per branch (default `history.expire.min-snapshots-to-keep`, 1). */
  readonly retainLast?: number;
  /** Expire exactly these snapshots (the age policy is not applied then unless olderThanMs/retainLast is given). */
  readonly snapshotIds?: readonly bigint[];
  readonly now?: number;
  readonly signal?: AbortSignal;
}

/** What expiry decided. */
export interface ExpirePlan {
  readonly expire: readonly bigint[];
  readonly removeRefs: readonly string[];
  readonly retained: readonly bigint[];
}

/** Pure retention computation (exported for tests). */
export function planExpiry(meta: TableMetadata, opts: ExpireOptions): ExpirePlan {
  const now = opts.now ?? Date.now();
  const props = meta.properties;
  const prop = (k: string, d: number) => (props[k] !== undefined && Number.isFinite(Number(props[k])) ? Number(props[k]) : d);
  const ageBased = opts.snapshotIds === undefined || opts.olderThanMs !== undefined || opts.retainLast !== undefined;
  const defaultOlderThan = opts.olderThanMs ?? now - prop(PROPS.maxSnapshotAgeMs, 5 * DAY_MS);
  const defaultMin = opts.retainLast ?? prop(PROPS.minSnapshotsToKeep, 1);
  const defaultMaxRefAge = prop(PROPS.maxRefAgeMs, Number.MAX_SAFE_INTEGER);
  const byId = new Map(meta.snapshots.map((s) => [s.snapshotId, s]));

  const removeRefs: string[] = [];
  const liveRefs = meta.refs.filter((r) => {
    const s = byId.get(r.snapshotId);
    const maxAge = r.maxRefAgeMs !== undefined ? Number(r.maxRefAgeMs) : defaultMaxRefAge;
    const expired = r.name !== MAIN_BRANCH && (!s || now - s.timestampMs > maxAge);
    if (expired) removeRefs.push(r.name);
    return !expired;
  });

  const retained = new Set<bigint>();
  const onSomeLine = new Set<bigint>();
  for (const r of liveRefs) {
    retained.add(r.snapshotId);
    const line = ancestorIds(meta, r.snapshotId);
    line.forEach((id) => onSomeLine.add(id));
    if (r.type !== 'branch') continue;
    const olderThan = r.maxSnapshotAgeMs !== undefined ? now - Number(r.maxSnapshotAgeMs) : defaultOlderThan;
    const min = r.minSnapshotsToKeep ?? defaultMin;
    let kept = 0;
    for (const id of line) {
      const s = byId.get(id)!;
      if (ageBased && !(s.timestampMs >= olderThan || kept < min)) break;
      if (!ageBased && opts.snapshotIds!.includes(id) && id !== r.snapshotId) continue;
      retained.add(id);
      kept++;
    }
  }
  for (const s of meta.snapshots) {
    if (!onSomeLine.has(s.snapshotId) && (!ageBased || s.timestampMs >= defaultOlderThan)) retained.add(s.snapshotId);
  }

  let expire: bigint[];
  if (opts.snapshotIds !== undefined) {
    for (const id of opts.snapshotIds) {
      if (!byId.has(id)) throw messageError('NotFound', 'error.iceberg.expire.noSnapshot', { id: String(id) }, { snapshotId: String(id) });
      const heads = liveRefs.filter((r) => r.snapshotId === id).map((r) => r.name);
      if (heads.length) throw messageError('DataInvalid', 'error.iceberg.expire.head', { id: String(id), refs: heads.join(', ') }, { snapshotId: String(id) });
    }
    const explicit = new Set(opts.snapshotIds);
    expire = meta.snapshots.map((s) => s.snapshotId).filter((id) => explicit.has(id) || (ageBased && !retained.has(id)));
  } else {
    expire = meta.snapshots.map((s) => s.snapshotId).filter((id) => !retained.has(id));
  }
  const gone = new Set(expire);
  return { expire, removeRefs, retained: meta.snapshots.map((s) => s.snapshotId).filter((id) => !gone.has(id)) };
}

/** The files only `expired` snapshots reach (keys relative to the table root). */
async function filesOnlyReachedBy(state: TableState, expired: readonly Snapshot[], retained: readonly Snapshot[], signal?: AbortSignal): Promise<FileChange[]> {
  const [gone, kept] = await Promise.all([reachableFiles(state, expired, signal), reachableFiles(state, retained, signal)]);
  const stats = statisticsOnlyOf(state.metadata, new Set(expired.map((s) => s.snapshotId)), state);
  return [...minus(gone, kept), ...stats];
}

function statisticsOnlyOf(meta: TableMetadata, expired: Set<bigint>, state: TableState): FileChange[] {
  const keepPaths = new Set([...meta.statistics, ...meta.partitionStatistics].filter((s) => !expired.has(s.snapshotId)).map((s) => s.statisticsPath));
  return [...meta.statistics, ...meta.partitionStatistics]
    .filter((s) => expired.has(s.snapshotId) && !keepPaths.has(s.statisticsPath))
    .map((s) => state.relocation.tryKey(s.statisticsPath))
    .filter((k): k is string => k !== undefined)
    .map((key) => ({ key, kind: 'statistics' as const }));
}

export interface ExpireApplyOptions extends ApplyOptions {
  /** Also delete the files only expired snapshots reached (a separate confirmation; default false). */
  readonly deleteFiles?: boolean;
}

/** Previews expiry: snapshots and refs to remove, and the files that could then be deleted. */
export async function prepareExpireSnapshots(storage: Storage, opts: ExpireOptions = {}): Promise<PreparedOperation & { readonly plan: ExpirePlan; apply(o?: ExpireApplyOptions): ReturnType<PreparedOperation['apply']> }> {
  const state = await loadTableState(storage, opts.signal);
  const meta = state.metadata;
  const plan = planExpiry(meta, opts);
  const snaps = (ids: readonly bigint[]) => ids.map((id) => findSnapshot(meta, id)!);
  const files = plan.expire.length ? await filesOnlyReachedBy(state, snaps(plan.expire), snaps(plan.retained), opts.signal) : [];
  const current = meta.currentSnapshotId === undefined ? undefined : findSnapshot(meta, meta.currentSnapshotId);
  const updates: TableUpdate[] = [
    ...plan.removeRefs.map((name) => ({ action: 'remove-snapshot-ref' as const, 'ref-name': name })),
    ...(plan.expire.length ? [{ action: 'remove-snapshots' as const, 'snapshot-ids': plan.expire }] : []),
  ];
  const preview = {
    operation: 'expire-snapshots',
    ...described(textRef('note.write.iceberg.expire', { expire: plan.expire.length, total: meta.snapshots.length, refs: plan.removeRefs.length, files: files.length, bytes: totalBytes(files) })),
    writes: updates.length ? [NEXT_METADATA] : [],
    deletes: files,
    before: totalsOf(current), after: totalsOf(current),
    ...warned([textRef('note.write.iceberg.expireMetadataOnly')]),
    details: { expire: plan.expire.map(String), removeRefs: plan.removeRefs, retained: plan.retained.length },
  };
  return {
    plan, preview,
    apply: async (o: ExpireApplyOptions = {}) => {
      if (updates.length === 0) return { operation: 'expire-snapshots', written: [], deleted: [], attempts: 0, ...warned([textRef('note.write.iceberg.expireNothing')]), details: preview.details };
      const expireSet = new Set(plan.expire);
      const r = await updateTable(storage, (base) => {
        // Expire what the preview listed, and only what still exists; refs that moved make it fail below.
        const present = base.metadata.snapshots.filter((s) => expireSet.has(s.snapshotId)).map((s) => s.snapshotId);
        return { updates: [...updates.filter((u) => u.action !== 'remove-snapshots'), ...(present.length ? [{ action: 'remove-snapshots' as const, 'snapshot-ids': present }] : [])] };
      }, {
        ...o,
        requirements: meta.refs.map((ref) => ({ type: 'assert-ref-snapshot-id' as const, ref: ref.name, 'snapshot-id': ref.snapshotId })),
      });
      const result = metadataResult('expire-snapshots', r, preview.details);
      if (!o.deleteFiles) return result;
      // Recompute from the committed state: the previous state's expired snapshots against everything still kept.
      const committed = r.state.metadata;
      const keptIds = new Set(committed.snapshots.map((s) => s.snapshotId));
      const expiredSnaps = r.previous.metadata.snapshots.filter((s) => !keptIds.has(s.snapshotId));
      const toDelete = await filesOnlyReachedBy({ ...r.previous, metadata: r.previous.metadata }, expiredSnaps, committed.snapshots, o.signal);
      const failed = new Set(await bestEffortDelete(storage, toDelete.map((f) => f.key), o.signal));
      return {
        ...result,
        deleted: toDelete.filter((f) => !failed.has(f.key)),
        ...withWarning(result, failed.size ? textRef('note.write.iceberg.expireFailed', { count: failed.size }) : undefined),
      };
    },
  };
}
