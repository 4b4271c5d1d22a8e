/**
 * The two-step shape of maintenance operations: `prepare…` reads the table and returns a preview (what
 * will be written or deleted, rows and bytes before/after) together with `apply`, which commits exactly
 * that — requiring the table to still be in the state the preview saw, so a concurrent change makes
 * `apply` fail with a Conflict ("preview again") instead of doing something the user never saw.
 */
import type { ChangePreview, ChangeResult, TableTotals } from '../../../commit/change-preview.ts';
import type { RetryPolicy } from '../../../commit/retry-policy.ts';
import { recordsAreLive, type Snapshot } from '../spec/snapshot.ts';
import type { TableMetadata } from '../spec/table-metadata.ts';
import { noted, textRef, warned } from '../../../commit/preview-text.ts';

export interface ApplyOptions {
  readonly signal?: AbortSignal;
  readonly retry?: Partial<RetryPolicy>;
}

/** A previewed operation. */
export interface PreparedOperation<R extends ChangeResult = ChangeResult> {
  readonly preview: ChangePreview;
  apply(opts?: ApplyOptions): Promise<R>;
}

/**
 * Table totals of a snapshot from its summary (spec Appendix F `total-*`); empty for no snapshot.
 * `total-records` counts rows in data files before delete files apply; it is the live row count only
 * when no delete file is live (spec/snapshot.ts recordsAreLive).
 */
export function totalsOf(snapshot: Snapshot | undefined): TableTotals {
  if (!snapshot) return { rows: 0n, rowsLive: true, dataFiles: 0, deleteFiles: 0, bytes: 0n };
  const s = snapshot.summary;
  const big = (k: string) => (s[k] !== undefined && /^\d+$/.test(s[k]) ? BigInt(s[k]) : undefined);
  const num = (k: string) => (s[k] !== undefined && /^\d+$/.test(s[k]) ? Number(s[k]) : undefined);
  return { rows: big('total-records'), rowsLive: recordsAreLive(s), dataFiles: num('total-data-files'), deleteFiles: num('total-delete-files'), bytes: big('total-files-size') };
}


/** The next metadata file, as a preview lists it (its size is known only once written). */
export const NEXT_METADATA = { key: 'metadata/<next version>.metadata.json', kind: 'metadata' as const, ...noted(textRef('note.write.onApply')) };

/** The ids of `id` and its ancestors, newest first. */
export function ancestorIds(meta: TableMetadata, id: bigint | undefined): bigint[] {
  const byId = new Map(meta.snapshots.map((s) => [s.snapshotId, s]));
  const out: bigint[] = [];
  const seen = new Set<bigint>();
  for (let cur = id === undefined ? undefined : byId.get(id); cur && !seen.has(cur.snapshotId); cur = cur.parentSnapshotId === undefined ? undefined : byId.get(cur.parentSnapshotId)) {
    seen.add(cur.snapshotId);
    out.push(cur.snapshotId);
  }
  return out;
}
