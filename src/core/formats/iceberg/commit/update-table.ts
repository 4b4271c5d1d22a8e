/**
 * Metadata-only commits: a list of updates computed from each fresh base (properties, refs, schema and
 * spec changes, snapshot expiry). No manifest or data file is written, so a lost race costs only re-reading
 * the newest metadata.
 */
import type { ChangeResult } from '../../../commit/change-preview.ts';
import type { RetryPolicy } from '../../../commit/retry-policy.ts';
import type { Storage } from '../../../io/storage.ts';
import { commitTable, type CommitResult } from './commit-table.ts';
import type { TableState } from './table-state.ts';
import type { TableRequirement, TableUpdate } from './table-update.ts';

export interface UpdateOptions {
  readonly signal?: AbortSignal;
  readonly retry?: Partial<RetryPolicy>;
  readonly requirements?: readonly TableRequirement[];
  readonly now?: () => number;
  readonly base?: TableState;
}

/** What to change, computed from the base of an attempt. */
export type UpdateBuilder = (base: TableState) => { updates: readonly TableUpdate[]; requirements?: readonly TableRequirement[]; details?: Record<string, unknown> };

/** Commits metadata updates. */
export async function updateTable(storage: Storage, build: UpdateBuilder, opts: UpdateOptions = {}): Promise<CommitResult> {
  return commitTable(storage, async (base) => build(base), opts);
}

/** The ChangeResult of a metadata-only commit. */
export function metadataResult(operation: string, r: CommitResult, extra: Record<string, unknown> = {}): ChangeResult {
  return {
    operation, committedKey: r.key, attempts: r.attempts, warnings: r.warnings, warningMessages: r.warningMessages,
    written: [{ key: r.key, kind: 'metadata' }], deleted: [], details: { ...(r.details ?? {}), ...extra },
  };
}

/** Sets (and removes) table properties. */
export async function setProperties(storage: Storage, updates: Readonly<Record<string, string>>, removals: readonly string[] = [], opts: UpdateOptions = {}): Promise<ChangeResult> {
  const r = await updateTable(storage, () => ({
    updates: [
      ...(Object.keys(updates).length ? [{ action: 'set-properties' as const, updates }] : []),
      ...(removals.length ? [{ action: 'remove-properties' as const, removals }] : []),
    ],
  }), opts);
  return metadataResult('set-properties', r);
}
