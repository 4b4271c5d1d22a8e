/**
 * The prepared form of every Delta write (core/commit/write-action.ts PreparedChange): a preview built
 * from the state the write read, and an `apply` that commits exactly that on top of it (log-commit.ts
 * decides whether commits that landed meanwhile still allow it), then refreshes the table.
 */
import type { FileChange, TableTotals } from '../../../commit/change-preview.ts';
import type { AppliedChange, PreparedChange } from '../../../commit/write-action.ts';
import type { Snapshot } from '../scan/replay.ts';
import type { AddFile } from '../spec/actions.ts';
import { fileStats } from '../spec/stats.ts';

export const CONCURRENCY_DELTA = 'Delta commits by creating the next _delta_log/NNNNNNNNNNNNNNNNNNNN.json only if it does not exist yet. '
  + 'A writer that loses the race reads the winning commit: appends move on to the next version; a write whose files were removed meanwhile (or a RESTORE after any change) fails with Conflict instead.';

/** Live rows (numRecords less deletion-vector cardinality), files and bytes of a set of live files. */
export function totalsOfFiles(files: Iterable<AddFile>): TableTotals {
  let rows: bigint | undefined = 0n; let bytes = 0n; let n = 0;
  for (const a of files) {
    n++;
    bytes += a.size;
    let rec: bigint | undefined;
    try {
      rec = fileStats(a)?.numRecords;
    } catch {
      rec = undefined;
    }
    rows = rows === undefined || rec === undefined ? undefined : rows + rec - (a.deletionVector?.cardinality ?? 0n);
  }
  return { ...(rows !== undefined ? { rows, rowsLive: true } : {}), dataFiles: n, deleteFiles: 0, bytes };
}

/** The totals of a snapshot. */
export function totalsOf(s: Snapshot): TableTotals {
  return totalsOfFiles(s.files.values());
}

/** A file change for a live file (the data file; its deletion vector is named in the note). */
export function fileChange(a: AddFile, kind: FileChange['kind'] = 'data'): FileChange {
  return { key: decodeURIComponent(a.path), kind, bytes: Number(a.size), ...(a.deletionVector ? { note: `with deletion vector (${a.deletionVector.cardinality} rows deleted)` } : {}) };
}

/** A PreparedChange whose apply runs `run` (which commits) with the confirmation options passed on. */
export function preparedChange(
  change: Omit<PreparedChange, 'apply' | 'concurrency'>,
  run: (o: { signal?: AbortSignal; deleteFiles?: boolean }) => Promise<AppliedChange>,
): PreparedChange {
  return { concurrency: CONCURRENCY_DELTA, ...change, apply: (o = {}) => run(o) };
}
