/**
 * The common totals of each Delta version (VersionDto.totals), folded over the commits in order from a
 * known starting state (PROTOCOL.md "Action Reconciliation": an add makes a logical file live, a remove
 * drops it). Rows are each live file's `numRecords` less its deletion vector's `cardinality` — the live
 * count (PROTOCOL.md "Deletion Vectors": the vector marks rows of the file as deleted) — and are left out
 * when a live file has no statistics. Bytes are the live files' `size`; added/removed are the commit's
 * own add and remove actions.
 */
import type { VersionCountsDto, VersionTotalsDto } from '../../table-format.ts';
import type { Action, AddFile } from '../spec/actions.ts';
import { fileStats } from '../spec/stats.ts';
import { fileKey } from '../scan/replay.ts';

interface LiveFile { readonly records?: bigint; readonly size: bigint }

function liveFile(add: AddFile): LiveFile {
  let records: bigint | undefined;
  try {
    const n = fileStats(add)?.numRecords;
    if (n !== undefined) records = n - (add.deletionVector?.cardinality ?? 0n);
  } catch {
    records = undefined; // unreadable statistics leave the row count unknown, never wrong
  }
  return { ...(records !== undefined ? { records } : {}), size: add.size };
}

/** Running live-file state; `apply` returns the totals after one commit. */
export class TotalsFold {
  private readonly files = new Map<string, LiveFile>();

  /** Starts from the live files of a replayed snapshot (a checkpoint's state), or empty (version 0). */
  constructor(start: Iterable<AddFile> = []) {
    for (const a of start) this.files.set(fileKey(a), liveFile(a));
  }

  /** Applies one commit's actions and returns the version's totals. */
  apply(actions: readonly Action[]): VersionTotalsDto {
    let addedFiles = 0; let addedBytes = 0n; let removedFiles = 0; let removedBytes: bigint | undefined = 0n;
    for (const a of actions) {
      if (a.type === 'add') {
        this.files.set(fileKey(a.add), liveFile(a.add));
        addedFiles++; addedBytes += a.add.size;
      } else if (a.type === 'remove') {
        this.files.delete(fileKey(a.remove));
        removedFiles++;
        removedBytes = a.remove.size === undefined || removedBytes === undefined ? undefined : removedBytes + a.remove.size;
      }
    }
    const added: VersionCountsDto = { dataFiles: String(addedFiles), bytes: addedBytes.toString() };
    const removed: VersionCountsDto = { dataFiles: String(removedFiles), ...(removedBytes !== undefined ? { bytes: removedBytes.toString() } : {}) };
    return { ...this.current(), added, removed };
  }

  /** Totals of the state as it stands. */
  current(): VersionTotalsDto {
    let records: bigint | undefined = 0n; let bytes = 0n;
    for (const f of this.files.values()) {
      records = records === undefined || f.records === undefined ? undefined : records + f.records;
      bytes += f.size;
    }
    return {
      ...(records !== undefined ? { records: { count: records.toString(), live: true } } : {}),
      dataFiles: String(this.files.size), bytes: bytes.toString(),
    };
  }
}
