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
import { bothNotes, noted, textRef } from '../../../commit/preview-text.ts';
import { errorText } from '../../../messages/message-parts.ts';

/** How Delta commits (Delta protocol "Commit Provenance"/"Atomicity": put-if-absent of the next log file), as a message. */
const CONCURRENCY_DELTA_REF = textRef('note.write.delta.concurrency');
/** {@link CONCURRENCY_DELTA_REF}'s English. */
export const CONCURRENCY_DELTA = errorText(CONCURRENCY_DELTA_REF);

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
  return { key: decodeURIComponent(a.path), kind, bytes: Number(a.size), ...(a.deletionVector ? noted(textRef('note.write.delta.withDv', { rows: String(a.deletionVector.cardinality) })) : {}) };
}

/** A live file the change removes from the table (its deletion-vector note kept first); it stays in storage until VACUUM. */
export function removedNote(f: FileChange): FileChange {
  const removed = textRef('note.write.delta.untilVacuum');
  return { ...f, ...noted(f.noteMessage ? bothNotes(f.noteMessage, removed) : removed) };
}

/** A PreparedChange whose apply runs `run` (which commits) with the confirmation options passed on. */
export function preparedChange(
  change: Omit<PreparedChange, 'apply' | 'concurrency' | 'concurrencyMessage'>,
  run: (o: { signal?: AbortSignal; deleteFiles?: boolean }) => Promise<AppliedChange>,
): PreparedChange {
  return { concurrency: CONCURRENCY_DELTA, concurrencyMessage: CONCURRENCY_DELTA_REF, ...change, apply: (o = {}) => run(o) };
}
