/**
 * Committing one new snapshot with retries: glue between the snapshot producer (what the snapshot holds)
 * and the commit protocol (how it becomes current). The change may be recomputed for each fresh base
 * (e.g. a delete that must look at the files live now), or be fixed (an append of files already written).
 */
import type { ChangeResult, FileChange } from '../../../commit/change-preview.ts';
import type { RetryPolicy } from '../../../commit/retry-policy.ts';
import type { Storage } from '../../../io/storage.ts';
import { commitTable, type CommitResult } from './commit-table.ts';
import { newSnapshotId } from './snapshot-files.ts';
import { ProducerContext, produceSnapshot, type SnapshotChange } from './snapshot-producer.ts';
import { loadTableState, type TableState } from './table-state.ts';
import type { TableRequirement } from './table-update.ts';

export interface SnapshotCommitOptions {
  readonly signal?: AbortSignal;
  readonly retry?: Partial<RetryPolicy>;
  readonly now?: () => number;
  readonly base?: TableState;
  readonly requirements?: readonly TableRequirement[];
  /** Keys written before the commit (data files) that must go if it finally fails. */
  readonly writtenKeys?: () => readonly string[];
}

/** Commits a snapshot; `change` is called with each attempt's base. */
export async function commitSnapshot(
  storage: Storage,
  change: SnapshotChange | ((base: TableState) => SnapshotChange | Promise<SnapshotChange>),
  opts: SnapshotCommitOptions = {},
): Promise<CommitResult> {
  const first = opts.base ?? await loadTableState(storage, opts.signal);
  const ctx = new ProducerContext(newSnapshotId(first.metadata));
  const now = opts.now ?? Date.now;
  return commitTable(storage, async (base, attempt, signal) => {
    const c = typeof change === 'function' ? await change(base) : change;
    return produceSnapshot(base, c, ctx, attempt, now(), signal);
  }, {
    signal: opts.signal, retry: opts.retry, now, base: first, requirements: opts.requirements,
    sharedFiles: () => [...ctx.sharedKeys, ...(opts.writtenKeys?.() ?? [])],
  });
}

/** The generic result shape of a committed change. */
export function changeResult(operation: string, r: CommitResult, written: readonly FileChange[], deleted: readonly FileChange[] = [], details: Record<string, unknown> = {}): ChangeResult {
  return {
    operation, committedKey: r.key, attempts: r.attempts, warnings: r.warnings, warningMessages: r.warningMessages,
    written: [...written, { key: r.key, kind: 'metadata' }], deleted,
    details: { ...(r.details ?? {}), ...details },
  };
}
