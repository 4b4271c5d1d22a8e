/**
 * The manifests of a snapshot: its manifest list, or — for v1 snapshots written before manifest lists —
 * the manifest paths embedded in the snapshot (spec "Snapshots", v1 `manifests`), whose spec id comes
 * from each manifest's own metadata and whose sequence numbers are 0 (Appendix E).
 */
import type { TableFiles } from '../io/table-files.ts';
import type { ManifestFile } from '../spec/manifest-list.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef } from '../../../messages/message-parts.ts';

export async function readSnapshotManifests(files: TableFiles, snapshot: Snapshot, signal?: AbortSignal): Promise<ManifestFile[]> {
  if (snapshot.manifestList) return files.readManifestList(snapshot.manifestList, signal, snapshot.snapshotId);
  const out: ManifestFile[] = [];
  for (const path of snapshot.manifests ?? []) {
    out.push({
      path, length: 0n, partitionSpecId: (await files.readManifestSpecId(path, signal)) ?? 0, content: 'data',
      sequenceNumber: 0n, minSequenceNumber: 0n, addedSnapshotId: snapshot.snapshotId,
    });
  }
  return out;
}

/**
 * The live files the manifest list counts (added + existing, per manifest) against the snapshot
 * summary's running total (spec "Snapshot Summary", `total-data-files` / `total-delete-files`). A
 * manifest list has no recorded size, and one cut at an Avro block boundary is still a valid file:
 * the totals are what notices manifests gone missing. Checked only when the summary and every
 * manifest carry the counts. Planning calls it (after its more specific checks); browsing the tree of
 * a damaged table does not.
 */
export function checkManifestListTotals(list: readonly ManifestFile[], snapshot: Snapshot): void {
  checkTotals(list, snapshot, 'data', 'total-data-files');
  checkTotals(list, snapshot, 'deletes', 'total-delete-files');
}

function checkTotals(list: readonly ManifestFile[], snapshot: Snapshot, content: ManifestFile['content'], key: string): void {
  const recorded = snapshot.summary[key];
  if (recorded === undefined || !/^\d+$/.test(recorded)) return;
  let live = 0;
  for (const m of list) {
    if (m.content !== content) continue;
    if (m.addedFilesCount === undefined || m.existingFilesCount === undefined) return;
    live += m.addedFilesCount + m.existingFilesCount;
  }
  // Any difference is an error: fewer is a list cut at a block boundary, more is another snapshot's list in
  // this one's place where the writer recorded no `snapshot-id` in it (Flink's lists; the fuzzer found it).
  if (live !== Number(recorded)) {
    throw messageError('DataInvalid', 'error.iceberg.manifestList.count', {
      file: snapshot.manifestList!, live, content: errorRef(content === 'data' ? 'error.iceberg.content.data' : 'error.iceberg.content.delete', undefined), key, recorded: String(recorded),
    }, { file: snapshot.manifestList!, snapshotId: String(snapshot.snapshotId) });
  }
}
