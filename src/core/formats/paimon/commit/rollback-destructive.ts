/**
 * The classic, destructive rollback (paimon-core `table/RollbackHelper.cleanLargerThan`, the
 * `rollback_to` procedure of Paimon ≤ 1.0): every snapshot and tag newer than the target is deleted,
 * then every file only they needed. History after the target is lost, so it runs only with
 * `confirmDestructive: true`; `dryRun: true` returns the same preview without touching anything.
 *
 * Order keeps the table readable at every step, even if interrupted: LATEST is moved to the target
 * first (as Paimon does), snapshot files are deleted newest first (the latest existing snapshot is
 * always a complete one), tags next, and only then the files no remaining snapshot or tag references
 * (an interruption leaves orphans, never a snapshot with missing files).
 */
import { messageError } from '../../../message-error.ts';
import { snapshotKey, tagKey } from '../spec/layout.ts';
import type { VersionChoice } from '../scan/time-travel.ts';
import { checkWritable, refreshForWrite, targetSnapshot, type CommitContext } from './context.ts';
import { addReferences, emptyReferences, snapshotReferences, unreferenced, type UnreferencedFiles } from './references.ts';
import { writeHint } from './snapshot-commit.ts';

export interface DestructiveRollbackOptions {
  /** Must be true to delete anything (unless `dryRun`). */
  readonly confirmDestructive?: boolean;
  /** Only compute what would be deleted. */
  readonly dryRun?: boolean;
}

/** What a destructive rollback deletes (storage keys), and what it did. */
export interface DestructiveRollbackPlan extends UnreferencedFiles {
  readonly targetId: string;
  readonly snapshots: string[];
  readonly tags: string[];
  /** False for a dry run. */
  readonly applied: boolean;
}

/**
 * Plans (and with confirmation applies) a destructive rollback to `target`. Must hold: without
 * `confirmDestructive` and not a dry run → DataInvalid before any write; a file still referenced by
 * the target, an older snapshot or a kept tag is never deleted; a commit that lands meanwhile →
 * Conflict before any deletion.
 */
export async function rollbackDestructive(ctx: CommitContext, target: VersionChoice, opts: DestructiveRollbackOptions = {}): Promise<DestructiveRollbackPlan> {
  await refreshForWrite(ctx, 'rollback');
  const goal = await targetSnapshot(ctx, target, 'rollback');
  const ids = await ctx.meta.snapshotIds(ctx.signal);
  if (!ids.includes(goal.id)) {
    throw messageError('Unsupported', 'error.paimon.rollback.expired', { id: goal.id.toString() }, { snapshot: goal.id.toString() });
  }
  const later = ids.filter((id) => id > goal.id);
  const tags = await ctx.meta.tags(ctx.signal);
  const laterTags = tags.filter((t) => t.snapshot.id > goal.id);

  const candidates = emptyReferences();
  for (const id of later) addReferences(candidates, await snapshotReferences(ctx.meta, await ctx.meta.snapshot(id, ctx.signal), ctx.schema, { signal: ctx.signal }));
  for (const t of laterTags) addReferences(candidates, await snapshotReferences(ctx.meta, t.snapshot, ctx.schema, { signal: ctx.signal }));
  const keep = emptyReferences();
  for (const id of ids.filter((x) => x <= goal.id)) {
    // Every kept snapshot counts, not only the target: a non-destructive rollback may have re-added older files later.
    addReferences(keep, await snapshotReferences(ctx.meta, await ctx.meta.snapshot(id, ctx.signal), ctx.schema, { signal: ctx.signal }));
  }
  for (const t of tags.filter((x) => x.snapshot.id <= goal.id)) addReferences(keep, await snapshotReferences(ctx.meta, t.snapshot, ctx.schema, { signal: ctx.signal }));
  const files = unreferenced(candidates, keep);
  const plan: DestructiveRollbackPlan = {
    targetId: goal.id.toString(),
    snapshots: later.map((id) => snapshotKey(id)),
    tags: laterTags.map((t) => tagKey(t.name)),
    ...files,
    applied: !opts.dryRun,
  };
  if (opts.dryRun) return plan;
  checkWritable(ctx, 'rollback');
  if (!opts.confirmDestructive) {
    throw messageError('DataInvalid', 'error.paimon.rollback.confirm', { id: goal.id.toString(), snapshots: later.length, tags: laterTags.length, files: files.dataFiles.length },
      { confirmationRequired: true, snapshot: goal.id.toString() });
  }
  await refreshForWrite(ctx, 'rollback');
  const now = await ctx.meta.snapshotIds(ctx.signal);
  if (now[now.length - 1] !== ids[ids.length - 1]) {
    throw messageError('Conflict', 'error.paimon.rollback.meanwhile', { id: String(now[now.length - 1]) }, { snapshot: String(now[now.length - 1]) });
  }
  await writeHint(ctx.storage, 'LATEST', goal.id, ctx);
  const del = async (key: string) => ctx.storage.delete(key, { signal: ctx.signal });
  for (const key of [...plan.snapshots].reverse()) await del(key);
  for (const key of plan.tags) await del(key);
  for (const key of [...plan.manifestLists, ...plan.manifests, ...plan.indexManifests, ...plan.indexFiles, ...plan.dataFiles]) await del(key);
  ctx.meta.invalidate();
  return plan;
}
