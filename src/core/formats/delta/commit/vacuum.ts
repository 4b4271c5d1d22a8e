/**
 * VACUUM (delta-spark VacuumCommand): deletes the files under the table that no version within the
 * retention period needs. Kept: every live file and its deletion vector, every file removed less than
 * `delta.deletedFileRetentionDuration` ago (readers of those versions may still read it) and its vector,
 * every file modified within the retention (it may belong to a commit in flight), the log, and hidden
 * paths (a segment starting with `_` or `.` that is not a `col=value` partition folder — `_delta_log`,
 * `_change_data`, …). The rest is reported by the preview; it is deleted only when apply is called with
 * `deleteFiles` (a second, separate confirmation), after the state is read again. A shorter retention than
 * the table's is refused (delta-spark's retentionDurationCheck). The table's writer features are checked
 * first (the vacuumProtocolCheck feature asks exactly that).
 */
import { bestEffortDelete } from '../../../commit/cleanup.ts';
import type { FileChange } from '../../../commit/change-preview.ts';
import type { AppliedChange, PreparedChange } from '../../../commit/write-action.ts';
import { listAll, type ObjectInfo } from '../../../io/storage.ts';
import { resolveLogPath } from '../scan/paths.ts';
import type { Snapshot } from '../scan/replay.ts';
import type { DeletionVectorDescriptor } from '../spec/actions.ts';
import { deletionVectorPath } from '../spec/deletion-vector.ts';
import type { DeltaTable } from '../table.ts';
import { loadWriteState } from './context.ts';
import { preparedChange, totalsOf } from './prepared.ts';
import { retentionMs } from './vacuum-retention.ts';
import { messageError } from '../../../message-error.ts';
import { errorText } from '../../../messages/message-parts.ts';
import { described, textRef, warned } from '../../../commit/preview-text.ts';

export interface VacuumOptions {
  /** Retention in hours; at least the table's `delta.deletedFileRetentionDuration` (default 7 days). */
  readonly retentionHours?: number;
  readonly signal?: AbortSignal;
  readonly now?: () => number;
}

/** True for keys VACUUM never touches: a hidden path segment that is not a partition folder. */
export function isHidden(key: string): boolean {
  return key.split('/').some((seg, i, all) => (seg.startsWith('_') || seg.startsWith('.')) && !(i < all.length - 1 && seg.includes('=')));
}

function dvKey(dv: DeletionVectorDescriptor | undefined): string | undefined {
  if (!dv || dv.storageType !== 'u') return undefined;
  return deletionVectorPath(dv)?.relative;
}

/** The keys a state still needs: live files, recently removed ones (after `cutoff`), and their vectors. */
export function neededKeys(s: Snapshot, cutoffMs: number): Set<string> {
  const out = new Set<string>();
  const keep = (path: string, dv?: DeletionVectorDescriptor) => {
    try {
      out.add(resolveLogPath(path, undefined));
    } catch {
      // An absolute path outside the table: never under this storage's listing anyway.
    }
    const d = dvKey(dv);
    if (d) out.add(d);
  };
  for (const a of s.files.values()) keep(a.path, a.deletionVector);
  for (const r of s.tombstones.values()) if (r.deletionTimestamp === undefined || r.deletionTimestamp > BigInt(cutoffMs)) keep(r.path, r.deletionVector);
  return out;
}

/** The files VACUUM would delete now. */
async function candidates(table: DeltaTable, s: Snapshot, cutoffMs: number, signal?: AbortSignal): Promise<ObjectInfo[]> {
  const needed = neededKeys(s, cutoffMs);
  const out: ObjectInfo[] = [];
  for await (const o of listAll(table.storage, { signal })) {
    if (isHidden(o.key) || needed.has(o.key)) continue;
    if (o.lastModified === undefined || o.lastModified >= cutoffMs) continue;
    out.push(o);
  }
  return out;
}

/**
 * Prepares VACUUM. Must hold: the preview deletes nothing; apply deletes only with `deleteFiles`, and then
 * only files that are still unneeded when it runs; a retention shorter than the table's → DataInvalid.
 */
export async function prepareVacuum(table: DeltaTable, opts: VacuumOptions = {}): Promise<PreparedChange> {
  const { signal } = opts;
  const now = opts.now ?? Date.now;
  const { snapshot } = await loadWriteState(table, 'vacuum', signal);
  const tableRetention = retentionMs(snapshot.metadata);
  const retention = opts.retentionHours === undefined ? tableRetention : opts.retentionHours * 3_600_000;
  if (!(retention >= tableRetention)) {
    throw messageError('DataInvalid', 'error.delta.vacuum.retention', { hours: String(opts.retentionHours), tableHours: String(tableRetention / 3_600_000) }, { retentionHours: String(opts.retentionHours) });
  }
  const cutoff = now() - retention;
  const found = await candidates(table, snapshot, cutoff, signal);
  const deletes: FileChange[] = found.map((o) => ({ key: o.key, kind: o.key.endsWith('.bin') ? 'delete' : 'data', bytes: o.size }));
  const totals = totalsOf(snapshot);
  const since = new Date(cutoff).toISOString();
  return preparedChange({
    noop: found.length === 0,
    deletesNeedSecondConfirmation: true,
    concurrencyOverride: errorText(textRef('note.write.delta.vacuumConcurrency')), concurrencyOverrideMessage: textRef('note.write.delta.vacuumConcurrency'),
    preview: {
      operation: 'vacuum',
      ...described(found.length === 0 ? textRef('note.write.delta.vacuumNone', { since }) : textRef('note.write.delta.vacuum', { count: found.length, since })),
      before: totals, after: totals, writes: [], deletes,
      ...warned(found.length ? [textRef('note.write.delta.vacuumGone', { since })] : []),
      details: { version: snapshot.version.toString(), retentionHours: retention / 3_600_000, cutoff: since },
    },
  }, async (o): Promise<AppliedChange> => {
    if (!o.deleteFiles) {
      return { operation: 'vacuum', written: [], deleted: [], attempts: 0, ...warned([textRef('note.write.delta.vacuumReportOnly')]), details: { files: found.length } };
    }
    const again = await loadWriteState(table, 'vacuum', o.signal);
    const needed = neededKeys(again.snapshot, cutoff);
    const doomed = found.filter((f) => !needed.has(f.key)).map((f) => f.key);
    const failed = new Set(await bestEffortDelete(table.storage, doomed, o.signal));
    const kept = found.length - doomed.length;
    return {
      operation: 'vacuum', written: [], attempts: 1,
      deleted: deletes.filter((d) => doomed.includes(d.key) && !failed.has(d.key)),
      ...warned([
        ...(kept ? [textRef('note.write.delta.vacuumKept', { count: kept })] : []),
        ...(failed.size ? [textRef('note.write.delta.vacuumFailed', { count: failed.size, file: [...failed][0]! })] : []),
      ]),
      details: { deleted: doomed.length - failed.size },
    };
  });
}
