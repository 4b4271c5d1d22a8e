/**
 * Snapshot summaries (spec "Snapshots" `summary`, Appendix F "Optional Snapshot Summary Fields"): what a
 * snapshot changed (`added-data-files`, `deleted-records`, `added-position-deletes`, …) and the table totals
 * after it (`total-records`, `total-data-files`, …). Totals continue the parent's when it has them; without
 * them, file and record totals are recomputed from the new manifest list's counts (exact and cheap), the
 * others are left out rather than guessed.
 */
import type { DataFile } from '../spec/manifest.ts';
import type { ManifestFile } from '../spec/manifest-list.ts';
import { partitionKey } from '../scan/delete-index.ts';

const TOTALS = ['total-records', 'total-data-files', 'total-delete-files', 'total-files-size', 'total-position-deletes', 'total-equality-deletes'] as const;

/** Accumulates the changes of one snapshot. */
export class SummaryBuilder {
  private readonly n: Record<string, bigint> = {};
  private readonly partitions = new Set<string>();

  private inc(key: string, by: bigint): void {
    this.n[key] = (this.n[key] ?? 0n) + by;
  }

  /** A data or delete file the snapshot adds. */
  added(f: DataFile): void {
    this.partitions.add(partitionKey(f.specId, f.partition));
    this.inc('added-files-size', f.fileSizeInBytes);
    if (f.content === 'data') {
      this.inc('added-data-files', 1n);
      this.inc('added-records', f.recordCount);
    } else {
      this.inc('added-delete-files', 1n);
      if (f.content === 'position-deletes') {
        this.inc(f.fileFormat === 'puffin' ? 'added-dvs' : 'added-position-delete-files', 1n);
        this.inc('added-position-deletes', f.recordCount);
      } else {
        this.inc('added-equality-delete-files', 1n);
        this.inc('added-equality-deletes', f.recordCount);
      }
    }
  }

  /** A data or delete file the snapshot removes. */
  removed(f: DataFile): void {
    this.partitions.add(partitionKey(f.specId, f.partition));
    this.inc('removed-files-size', f.fileSizeInBytes);
    if (f.content === 'data') {
      this.inc('deleted-data-files', 1n);
      this.inc('deleted-records', f.recordCount);
    } else {
      this.inc('removed-delete-files', 1n);
      if (f.content === 'position-deletes') {
        this.inc(f.fileFormat === 'puffin' ? 'removed-dvs' : 'removed-position-delete-files', 1n);
        this.inc('removed-position-deletes', f.recordCount);
      } else {
        this.inc('removed-equality-delete-files', 1n);
        this.inc('removed-equality-deletes', f.recordCount);
      }
    }
  }

  /** Counters set directly (e.g. `manifests-created` of a manifest rewrite). */
  set(key: string, value: bigint): void {
    this.n[key] = value;
  }

  /**
   * The summary map. `parent` is the parent snapshot's summary (totals continue from it); `manifests` the
   * new snapshot's manifest list (fallback for the file and record totals).
   */
  build(operation: string, parent: Readonly<Record<string, string>> | undefined, manifests: readonly ManifestFile[], extra: Readonly<Record<string, string>> = {}): Record<string, string> {
    const out: Record<string, string> = { operation };
    for (const [k, v] of Object.entries(this.n)) if (v !== 0n) out[k] = String(v);
    if (this.partitions.size > 0) out['changed-partition-count'] = String(this.partitions.size);
    const delta = (k: string) => this.n[k] ?? 0n;
    const fromParent = (total: string, plus: bigint): string | undefined => {
      const p = parent?.[total];
      return p !== undefined && /^-?\d+$/.test(p) ? String(BigInt(p) + plus) : undefined;
    };
    const totals: Record<(typeof TOTALS)[number], string | undefined> = {
      'total-records': fromParent('total-records', delta('added-records') - delta('deleted-records')),
      'total-data-files': fromParent('total-data-files', delta('added-data-files') - delta('deleted-data-files')),
      'total-delete-files': fromParent('total-delete-files', delta('added-delete-files') - delta('removed-delete-files')),
      'total-files-size': fromParent('total-files-size', delta('added-files-size') - delta('removed-files-size')),
      'total-position-deletes': fromParent('total-position-deletes', delta('added-position-deletes') - delta('removed-position-deletes')),
      'total-equality-deletes': fromParent('total-equality-deletes', delta('added-equality-deletes') - delta('removed-equality-deletes')),
    };
    if (!parent) {
      totals['total-files-size'] = String(delta('added-files-size'));
      totals['total-position-deletes'] = String(delta('added-position-deletes'));
      totals['total-equality-deletes'] = String(delta('added-equality-deletes'));
    }
    const counted = countLive(manifests);
    totals['total-records'] ??= counted?.records;
    totals['total-data-files'] ??= counted?.dataFiles;
    totals['total-delete-files'] ??= counted?.deleteFiles;
    for (const k of TOTALS) if (totals[k] !== undefined) out[k] = totals[k]!;
    return { ...out, ...extra };
  }
}

/** Live file and record counts from manifest-list counts; undefined when a manifest lacks them (v1). */
function countLive(manifests: readonly ManifestFile[]): { records: string; dataFiles: string; deleteFiles: string } | undefined {
  let records = 0n; let dataFiles = 0n; let deleteFiles = 0n;
  for (const m of manifests) {
    if (m.addedFilesCount === undefined || m.existingFilesCount === undefined || m.addedRowsCount === undefined || m.existingRowsCount === undefined) return undefined;
    const files = BigInt(m.addedFilesCount + m.existingFilesCount);
    if (m.content === 'data') {
      dataFiles += files;
      records += m.addedRowsCount + m.existingRowsCount;
    } else deleteFiles += files;
  }
  return { records: String(records), dataFiles: String(dataFiles), deleteFiles: String(deleteFiles) };
}
