/**
 * Snapshot expiration (paimon-core `table/ExpireSnapshotsImpl`): snapshots older than
 * `snapshot.time-retained` are removed, always keeping the newest `snapshot.num-retained.min` and never
 * more than `snapshot.num-retained.max`; a snapshot at or after a consumer's `nextSnapshot` is never
 * expired (streaming readers still need it, unless the consumer itself expired by
 * `consumer.expiration-time`). Tags keep their snapshots' files alive after the snapshot file is gone.
 *
 * Which files go: mark and sweep — every file an expired snapshot references, minus every file a
 * retained snapshot or any tag references. Snapshot files are deleted oldest first and EARLIEST moved
 * before any other file is deleted, so an interruption leaves orphans, never a broken snapshot.
 */
import { snapshotKey } from '../spec/layout.ts';
import { coreOptions } from '../spec/options.ts';
import { checkWritable, refreshForWrite, type CommitContext } from './context.ts';
import { addReferences, emptyReferences, snapshotReferences, unreferenced, type UnreferencedFiles } from './references.ts';
import { writeHint } from './snapshot-commit.ts';
import { errorText, type ErrorRef } from '../../../messages/message-parts.ts';
import { textRef } from '../../../commit/preview-text.ts';

export interface ExpireOptions {
  /** Default: the table's `snapshot.num-retained.min` (10). */
  readonly retainMin?: number;
  /** Default: the table's `snapshot.num-retained.max`. */
  readonly retainMax?: number;
  /** Expire snapshots committed before this time (ms). Default: now − `snapshot.time-retained` (1 h). */
  readonly olderThanMs?: number;
  /** Only report what would be deleted. */
  readonly dryRun?: boolean;
  /**
   * Delete the files only expired snapshots used (default true, as Paimon does). False removes the snapshot
   * files only and leaves those files as orphans (the write model's first confirmation; they go with the second).
   */
  readonly deleteFiles?: boolean;
  /** "Now" for the defaults and consumer expiry (tests). */
  readonly nowMs?: number;
}

export interface ExpirePlan extends UnreferencedFiles {
  /** Snapshot ids removed (ascending). */
  readonly expired: string[];
  /** The oldest snapshot left. */
  readonly earliestRetained?: string;
  /** Why expiration stopped where it did. */
  readonly reason: string;
  /** The same reason as a catalog message (for the reader's language). */
  readonly reasonMessage: ErrorRef;
  readonly snapshots: string[];
  readonly applied: boolean;
}

/**
 * Plans (and unless `dryRun` applies) an expiration. Must hold: the latest snapshot and at least
 * `retainMin` snapshots stay; no snapshot ≥ an active consumer's nextSnapshot is expired; a file
 * referenced by a retained snapshot or by any tag is never deleted.
 */
export async function expireSnapshots(ctx: CommitContext, opts: ExpireOptions = {}): Promise<ExpirePlan> {
  const options = coreOptions(ctx.schema);
  const now = opts.nowMs ?? Date.now();
  const retainMin = Math.max(1, opts.retainMin ?? options.snapshotNumRetainedMin);
  const retainMax = opts.retainMax ?? options.snapshotNumRetainedMax;
  const olderThan = opts.olderThanMs ?? now - options.snapshotTimeRetainedMs;
  await refreshForWrite(ctx, 'expire');
  const ids = await ctx.meta.snapshotIds(ctx.signal);
  const empty = (why: ErrorRef): ExpirePlan => ({
    expired: [], earliestRetained: ids[0]?.toString(), reason: errorText(why), reasonMessage: why, snapshots: [], manifestLists: [], manifests: [], indexManifests: [],
    indexFiles: [], dataFiles: [], applied: !opts.dryRun,
  });
  if (ids.length === 0) return empty(textRef('note.write.paimon.expireWhy.none'));

  // ExpireSnapshotsImpl.expire: [min, maxExclusive) bounded by retain-max, retain-min and consumers.
  const earliest = ids[0]!;
  const latest = ids[ids.length - 1]!;
  const min = bigMax(latest - BigInt(retainMax) + 1n, earliest);
  let maxExclusive = latest - BigInt(retainMin) + 1n;
  let reason = textRef('note.write.paimon.expireWhy.retainMin', { count: retainMin });
  const consumers = (await ctx.meta.consumers(ctx.signal))
    .filter((c) => options.consumerExpirationMs === undefined || c.lastModified === undefined || c.lastModified + options.consumerExpirationMs >= now);
  const consumerMin = consumers.reduce<bigint | undefined>((m, c) => (m === undefined || c.nextSnapshot < m ? c.nextSnapshot : m), undefined);
  if (consumerMin !== undefined && consumerMin < maxExclusive) {
    maxExclusive = consumerMin;
    reason = textRef('note.write.paimon.expireWhy.consumer', { consumer: consumers.find((c) => c.nextSnapshot === consumerMin)!.id, id: String(consumerMin) });
  }
  let end = maxExclusive;
  for (const id of ids.filter((x) => x >= min && x < maxExclusive)) {
    if ((await ctx.meta.snapshot(id, ctx.signal)).timeMillis >= olderThan) {
      end = id;
      reason = textRef('note.write.paimon.expireWhy.time', { id: String(id) });
      break;
    }
  }
  const expiredIds = ids.filter((x) => x < end);
  if (expiredIds.length === 0) return empty(textRef('note.write.paimon.expireWhy.nothing', { reason }));
  const retainedIds = ids.filter((x) => x >= end);

  const candidates = emptyReferences();
  for (const id of expiredIds) addReferences(candidates, await snapshotReferences(ctx.meta, await ctx.meta.snapshot(id, ctx.signal), ctx.schema, { signal: ctx.signal }));
  const keep = emptyReferences();
  for (const id of retainedIds) addReferences(keep, await snapshotReferences(ctx.meta, await ctx.meta.snapshot(id, ctx.signal), ctx.schema, { signal: ctx.signal }));
  for (const t of await ctx.meta.tags(ctx.signal)) addReferences(keep, await snapshotReferences(ctx.meta, t.snapshot, ctx.schema, { signal: ctx.signal }));
  const plan: ExpirePlan = {
    expired: expiredIds.map(String),
    earliestRetained: retainedIds[0]?.toString(),
    reason: errorText(reason), reasonMessage: reason,
    snapshots: expiredIds.map((id) => snapshotKey(id)),
    ...unreferenced(candidates, keep),
    applied: !opts.dryRun,
  };
  if (opts.dryRun) return plan;
  checkWritable(ctx, 'expire');
  const del = (key: string) => ctx.storage.delete(key, { signal: ctx.signal });
  for (const key of plan.snapshots) await del(key);
  await writeHint(ctx.storage, 'EARLIEST', retainedIds[0]!, ctx);
  if (opts.deleteFiles !== false) for (const key of [...plan.manifestLists, ...plan.manifests, ...plan.indexManifests, ...plan.indexFiles, ...plan.dataFiles]) await del(key);
  ctx.meta.invalidate();
  return plan;
}

function bigMax(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
