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
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';
import { described, noted, textRef, undoLabel, warned } from '../../../commit/preview-text.ts';
import { snapshotKey } from '../spec/layout.ts';
import { coreOptions } from '../spec/options.ts';
import type { PaimonTable } from '../table.ts';
import type { CompactRequest, CompactionPlan } from './compact.ts';

type CompactAction = Extract<WriteAction, { kind: 'compact' }>;
type ExpireAction = Extract<WriteAction, { kind: 'expire' }>;

/** Compact and expire capabilities of a Paimon table. */
export function maintenanceCapabilities(): WriteCapability[] {
  return [
    { kind: 'compact', scope: 'table', available: true, ...described(textRef('note.write.cap.paimon.compact')), action: { kind: 'compact', strategy: 'full' } },
    { kind: 'expire', scope: 'table', available: true, needsInput: true, ...described(textRef('note.write.cap.paimon.expire')) },
  ];
}

/** The compaction request of an action. */
export function compactRequest(a: CompactAction): CompactRequest {
  return { strategy: a.strategy ?? 'full', ...(a.partitions ? { partitions: a.partitions.map((p) => p.partition) } : {}), ...(a.bucket !== undefined ? { bucket: a.bucket } : {}) };
}

/** Which part of the table a compaction request names, as a message (` in p1, p2 bucket 3`, or nothing). */
function whereRef(req: CompactRequest): ErrorRef {
  // An unpartitioned table's one partition has the empty path: naming it would add nothing but an English word.
  const named = req.partitions?.filter((p) => p !== '');
  const partitions = named?.length ? named.join(', ') : undefined;
  const bucket = req.bucket === undefined ? undefined : String(req.bucket);
  if (partitions !== undefined && bucket !== undefined) return textRef('note.write.paimon.where.both', { partitions, bucket });
  if (partitions !== undefined) return textRef('note.write.paimon.where.partitions', { partitions });
  return bucket !== undefined ? textRef('note.write.paimon.where.bucket', { bucket }) : textRef('note.write.paimon.where.all');
}

/** The preview of a compaction plan (undefined plan: the table has no snapshot). */
export function compactPreview(plan: CompactionPlan | undefined, req: CompactRequest, before: TableTotals): ChangePreview {
  const buckets = plan?.buckets ?? [];
  const where = whereRef(req);
  if (!plan || buckets.length === 0) {
    return { operation: 'compact', ...described(textRef(req.strategy === 'universal' ? 'note.write.paimon.compactNoneUniversal' : 'note.write.paimon.compactNoneFull', { where })), writes: [], deletes: [], before, after: before, warnings: [] };
  }
  const next = plan.snapshot.id + 1n;
  const deletes: FileChange[] = buckets.flatMap((b) => b.pick.inputs.map((e) => ({
    key: b.folder + e.file.fileName, kind: 'data' as const, bytes: Number(e.file.fileSize),
    ...noted(textRef('note.write.paimon.compactInput', { level: e.file.level, dv: b.deletionVectors.has(e.file.fileName) })),
  })));
  const writes: FileChange[] = [
    ...buckets.map((b) => ({ key: `${b.folder}data-<uuid>-N.parquet`, kind: 'data' as const,
      ...noted(textRef('note.write.paimon.compactOutput', { level: b.pick.outputLevel, reason: b.pick.reason, files: b.pick.inputs.length, runs: b.pick.runs, dropDelete: b.pick.dropDelete === true })) })),
    { key: 'manifest/<one delta manifest + manifest lists>', kind: 'manifest' },
    { key: snapshotKey(next), kind: 'metadata', ...noted(textRef('note.write.paimon.compactSnapshot')) },
  ];
  return {
    operation: 'compact',
    ...described(textRef(req.strategy === 'universal' ? 'note.write.paimon.compactUniversal' : 'note.write.paimon.compactFull', { where, buckets: buckets.length, files: deletes.length, id: next.toString() })),
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
    written: [...r.outputFiles.map((f) => ({ key: f.key, kind: 'data' as const, ...noted(textRef('note.write.paimon.compactWritten', { level: f.level, rows: String(f.rows) })) })), { key, kind: 'metadata' as const }],
    details: { snapshot: r.snapshotId, buckets: String(r.buckets), inputFiles: String(r.inputFiles.length) },
    ...(latest !== undefined ? { undo: { ...undoLabel(textRef('note.write.undo.rollback', { id: latest.toString() })), action: { kind: 'rollback' as const, snapshotId: latest.toString() } } } : {}),
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
    ...described(plan.expired.length
      ? textRef('note.write.paimon.expire', { first: plan.expired[0]!, last: plan.expired[plan.expired.length - 1]!, count: plan.expired.length, kept: String(plan.earliestRetained), reason: plan.reasonMessage, files: files.length, orphans: orphans.length })
      : textRef('note.write.paimon.expireNone', { reason: plan.reasonMessage, orphans: orphans.length })),
    writes: plan.expired.length ? [{ key: 'snapshot/EARLIEST', kind: 'version-hint', ...noted(textRef('note.write.paimon.pointsAt', { id: String(plan.earliestRetained) })) }] : [],
    deletes, before, after: before,
    ...warned(files.length + orphans.length ? [textRef('note.write.paimon.expireSecond')] : []),
    details: { expired: plan.expired, earliestRetained: plan.earliestRetained ?? '—', reason: plan.reason, orphans: String(orphans.length) },
  };
  const run = async (deleteFiles: boolean, s?: AbortSignal): Promise<Omit<AppliedChange, 'operation'>> => {
    const done = await table.expireSnapshots({ ...opts, deleteFiles, signal: s });
    const deleted = [...done.snapshots, ...(deleteFiles ? [...done.manifestLists, ...done.manifests, ...done.indexManifests, ...done.indexFiles, ...done.dataFiles] : [])];
    if (deleteFiles) for (const key of orphans) { await table.storage.delete(key, { signal: s }); deleted.push(key); }
    return { written: [], deleted: deleted.map((key) => ({ key, kind: 'other' as const })), attempts: 1, ...warned(deleteFiles ? [] : [textRef('note.write.paimon.expireLeft', { count: files.length + orphans.length })]), details: { expired: done.expired } };
  };
  return { preview, run };
}
