/**
 * Orphan files (paimon-core `operation/OrphanFilesClean`): files under the table's `manifest/`, `index/`
 * and bucket folders that no snapshot, tag or branch references — left by failed or lost commits. Only
 * files older than a safety age count (default one day, as Paimon's `older_than`), so a commit in flight
 * whose data files are written but not yet committed is never taken for garbage.
 */
import { listAll } from '../../../io/storage.ts';
import { addReferences, emptyReferences, snapshotReferences, type SnapshotReferences } from './references.ts';
import type { CommitContext } from './context.ts';

export const ORPHAN_MIN_AGE_MS = 24 * 3600 * 1000;

/** Top-level folders that hold no data or manifest files (their files are the table's own metadata). */
const METADATA_DIRS = ['snapshot/', 'schema/', 'tag/', 'consumer/', 'branch/', 'changelog/', 'statistics/'];

/** True for a key a Paimon writer puts data or manifests in. */
function isCandidate(key: string): boolean {
  if (METADATA_DIRS.some((d) => key.startsWith(d))) return false;
  if (key.startsWith('manifest/') || key.startsWith('index/')) return true;
  return /(^|\/)bucket-[^/]+\/[^/]+$/.test(key) && !/(^|\/)\./.test(key);
}

/**
 * The orphan files of the table: candidates older than `olderThanMs` (default now − one day) that none of
 * the current snapshots, tags or branches reference, plus `ignore` (files an expiration removes anyway).
 * Must hold: a file any kept snapshot or tag needs is never listed.
 */
export async function orphanFiles(ctx: CommitContext, opts: { olderThanMs?: number; nowMs?: number; ignore?: ReadonlySet<string> } = {}): Promise<string[]> {
  const cutoff = opts.olderThanMs ?? (opts.nowMs ?? Date.now()) - ORPHAN_MIN_AGE_MS;
  const keep: SnapshotReferences = emptyReferences();
  const add = async (meta: typeof ctx.meta) => {
    for (const id of await meta.snapshotIds(ctx.signal)) addReferences(keep, await snapshotReferences(meta, await meta.snapshot(id, ctx.signal), ctx.schema, { signal: ctx.signal }));
    for (const t of await meta.tags(ctx.signal)) addReferences(keep, await snapshotReferences(meta, t.snapshot, ctx.schema, { signal: ctx.signal }));
  };
  await add(ctx.meta);
  for (const b of await ctx.meta.branches(ctx.signal)) await add(ctx.meta.forBranch(b));
  const referenced = new Set(Object.values(keep).flatMap((s: Set<string>) => [...s]));
  const out: string[] = [];
  for await (const o of listAll(ctx.storage, { signal: ctx.signal })) {
    if (!isCandidate(o.key) || referenced.has(o.key) || opts.ignore?.has(o.key)) continue;
    if (o.lastModified === undefined || o.lastModified < cutoff) out.push(o.key);
  }
  return out.sort();
}
