/**
 * Compaction and snapshot expiration in the common write model (core/commit/write-action.ts).
 *
 * Compact: the preview is the plan itself (commit/compact.ts) — the files each bucket merges, removed from
 * the table (they stay in storage until an expiration no longer needs them), one new file per bucket at its
 * output level — and apply runs that plan on the same snapshot (the caller checks the latest snapshot did not
 * move). Undo: the non-destructive rollback to the snapshot before.
 *
 * Expire: the preview is expire.ts's dry run; apply removes the expired snapshot files (the commit), and
 * deletes the files only they used plus the orphans only with the second confirmation (`deleteFiles`).
 */
import type { ChangePreview, FileChange, TableTotals } from '../../../commit/change-preview.ts';
import type { AppliedChange, WriteAction, WriteCapability } from '../../../commit/write-action.ts';
import { positiveParam, unsupportedAction } from '../../../commit/write-action.ts';
import { errorRef } from '../../../messages/message-parts.ts';
import { noted, textRef, warned } from '../../../commit/preview-text.ts';
import { snapshotKey } from '../spec/layout.ts';
import { coreOptions } from '../spec/options.ts';
import type { PaimonTable } from '../table.ts';
import type { CompactRequest, CompactionPlan } from './compact.ts';

type CompactAction = Extract<WriteAction, { kind: 'compact' }>;
type ExpireAction = Extract<WriteAction, { kind: 'expire' }>;

/** Compact and expire capabilities of a Paimon table. */
export function maintenanceCapabilities(): WriteCapability[] {
  return [
    { kind: 'compact', scope: 'table', available: true, description: 'Full compaction: merge every sorted run of each bucket into the top LSM level (deleted keys dropped, deletion vectors applied) as a COMPACT snapshot. Rows do not change.', action: { kind: 'compact', strategy: 'full' } },
    { kind: 'expire', scope: 'table', available: true, needsInput: true, description: 'Expire snapshots as Paimon does (snapshot.num-retained.min/max, snapshot.time-retained; tags and consumers keep theirs); files are deleted only after a second confirmation.' },
  ];
}

/** The compaction request of an action. */
export function compactRequest(a: CompactAction): CompactRequest {
  return { strategy: a.strategy ?? 'full', ...(a.partitions ? { partitions: a.partitions.map((p) => p.partition) } : {}), ...(a.bucket !== undefined ? { bucket: a.bucket } : {}) };
}

/** The preview of a compaction plan (undefined plan: the table has no snapshot). */
export function compactPreview(plan: CompactionPlan | undefined, req: CompactRequest, before: TableTotals): ChangePreview {
  const buckets = plan?.buckets ?? [];
  const where = `${req.partitions ? ` in ${req.partitions.map((p) => p || '(unpartitioned)').join(', ')}` : ''}${req.bucket !== undefined ? ` bucket ${req.bucket}` : ''}`;
  if (!plan || buckets.length === 0) {
    return { operation: 'compact', description: `Nothing to compact${where}: ${req.strategy === 'universal' ? 'no bucket has a compaction due by Paimon’s universal strategy' : 'every bucket is already one file at the top level with nothing to drop'}.`, writes: [], deletes: [], before, after: before, warnings: [] };
  }
  const next = plan.snapshot.id + 1n;
  const deletes: FileChange[] = buckets.flatMap((b) => b.pick.inputs.map((e) => ({
    key: b.folder + e.file.fileName, kind: 'data' as const, bytes: Number(e.file.fileSize),
    note: `level ${e.file.level}${b.deletionVectors.has(e.file.fileName) ? ', deletion vector applied' : ''}; removed from the table (the file stays until expiration)`,
  })));
  const writes: FileChange[] = [
    ...buckets.map((b) => ({ key: `${b.folder}data-<uuid>-N.parquet`, kind: 'data' as const, note: `level ${b.pick.outputLevel} (${b.pick.reason}; from ${b.pick.inputs.length} file(s), ${b.pick.runs} sorted run(s)${b.pick.dropDelete ? ', deletes dropped' : ''})` })),
    { key: 'manifest/<one delta manifest + manifest lists>', kind: 'manifest' },
    { key: snapshotKey(next), kind: 'metadata', ...noted(textRef('note.write.paimon.compactSnapshot')) },
  ];
  return {
    operation: 'compact',
    description: `${req.strategy === 'universal' ? 'Universal' : 'Full'} compaction${where}: ${buckets.length} bucket(s), ${deletes.length} file(s) merged into ${buckets.length} as snapshot ${next} (commit kind COMPACT). Rows do not change.`,
    writes, deletes, before, after: { ...before, rowsBasis: before.rowsLive ? undefined : before.rowsBasis, rows: undefined },
    ...warned(plan.deletionVectors ? [textRef('note.write.paimon.dvVisible')] : []),
    details: { snapshot: plan.snapshot.id.toString(), newSnapshot: next.toString(), buckets: buckets.map((b) => `${b.partitionPath || '(unpartitioned)'} bucket ${b.bucket} → level ${b.pick.outputLevel}`) },
  };
}

/** Applies a compaction as previewed. */
export async function runCompact(table: PaimonTable, req: CompactRequest, latest: bigint | undefined, signal?: AbortSignal): Promise<Omit<AppliedChange, 'operation'>> {
  const r = await table.compact(req, { signal });
  if (r.snapshotId === undefined) return { written: [], deleted: [], attempts: r.attempts, warnings: [] };
  const key = snapshotKey(BigInt(r.snapshotId));
  return {
    committedKey: key, attempts: r.attempts, warnings: [], deleted: [], currentAfter: r.snapshotId,
    written: [...r.outputFiles.map((f) => ({ key: f.key, kind: 'data' as const, note: `level ${f.level}, ${f.rows} rows` })), { key, kind: 'metadata' as const }],
    details: { snapshot: r.snapshotId, buckets: String(r.buckets), inputFiles: String(r.inputFiles.length) },
    ...(latest !== undefined ? { undo: { label: `Undo: roll back to snapshot ${latest} (as a new snapshot)`, action: { kind: 'rollback' as const, snapshotId: latest.toString() } } } : {}),
  };
}

/** The expire options of an action (`retainLast` → snapshot.num-retained.min; `olderThanMs` → the time bound). */
export function expireOptions(a: ExpireAction): { retainMin?: number; olderThanMs?: number } {
  if (a.snapshotIds !== undefined) throw unsupportedAction('paimon expire', errorRef('error.paimon.why.expireIds', undefined));
  const retain = positiveParam(a.retainLast, 'retainLast');
  return { ...(retain !== undefined ? { retainMin: retain } : {}), ...(a.olderThanMs !== undefined ? { olderThanMs: a.olderThanMs } : {}) };
}

/** The expire preview with its orphan report, and how to apply exactly it. */
export async function prepareExpire(table: PaimonTable, a: ExpireAction, before: TableTotals, signal?: AbortSignal): Promise<{ preview: ChangePreview; run: (deleteFiles: boolean, signal?: AbortSignal) => Promise<Omit<AppliedChange, 'operation'>> }> {
  const now = Date.now();
  const base = expireOptions(a);
  // The time bound is fixed now, so apply expires exactly the previewed snapshots.
  const olderThanMs = base.olderThanMs ?? now - coreOptions(table.schema).snapshotTimeRetainedMs;
  const opts = { ...base, olderThanMs, nowMs: now };
  const plan = await table.expireSnapshots({ ...opts, dryRun: true, signal });
  const files = [...plan.manifestLists, ...plan.manifests, ...plan.indexManifests, ...plan.indexFiles, ...plan.dataFiles];
  const orphans = await table.orphanFiles({ nowMs: now, ignore: new Set(files), signal });
  const deletes: FileChange[] = [
    ...plan.snapshots.map((key) => ({ key, kind: 'metadata' as const, ...noted(textRef('note.write.paimon.expiredSnapshot')) })),
    ...files.map((key) => ({ key, kind: (plan.dataFiles.includes(key) ? 'data' : plan.indexFiles.includes(key) ? 'delete' : 'manifest') as FileChange['kind'], ...noted(textRef('note.write.paimon.onlyExpired')) })),
    ...orphans.map((key) => ({ key, kind: 'other' as const, ...noted(textRef('note.write.paimon.orphan')) })),
  ];
  const preview: ChangePreview = {
    operation: 'expire-snapshots',
    description: plan.expired.length
      ? `Expire snapshots ${plan.expired[0]}–${plan.expired[plan.expired.length - 1]} (${plan.expired.length}); the oldest kept is ${plan.earliestRetained} (${plan.reason}). ${files.length} file(s) only they used and ${orphans.length} orphan file(s) can then be deleted.`
      : `No snapshot expires (${plan.reason}).${orphans.length ? ` ${orphans.length} orphan file(s) can be deleted.` : ''}`,
    writes: plan.expired.length ? [{ key: 'snapshot/EARLIEST', kind: 'version-hint', ...noted(textRef('note.write.paimon.pointsAt', { id: String(plan.earliestRetained) })) }] : [],
    deletes, before, after: before,
    ...warned(files.length + orphans.length ? [textRef('note.write.paimon.expireSecond')] : []),
    details: { expired: plan.expired, earliestRetained: plan.earliestRetained ?? '—', reason: plan.reason, orphans: String(orphans.length) },
  };
  const run = async (deleteFiles: boolean, s?: AbortSignal): Promise<Omit<AppliedChange, 'operation'>> => {
    const done = await table.expireSnapshots({ ...opts, deleteFiles, signal: s });
    const deleted = [...done.snapshots, ...(deleteFiles ? [...done.manifestLists, ...done.manifests, ...done.indexManifests, ...done.indexFiles, ...done.dataFiles] : [])];
    if (deleteFiles) for (const key of orphans) { await table.storage.delete(key, { signal: s }); deleted.push(key); }
    return { written: [], deleted: deleted.map((key) => ({ key, kind: 'other' as const })), attempts: 1, warnings: deleteFiles ? [] : [`${files.length + orphans.length} file(s) were left in storage (not confirmed for deletion).`], details: { expired: done.expired } };
  };
  return { preview, run };
}
