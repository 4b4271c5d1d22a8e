/**
 * The manifests of a snapshot: its manifest list, or — for v1 snapshots written before manifest lists —
 * the manifest paths embedded in the snapshot (spec "Snapshots", v1 `manifests`), whose spec id comes
 * from each manifest's own metadata and whose sequence numbers are 0 (Appendix E).
 */
import type { TableFiles } from '../io/table-files.ts';
import type { ManifestFile } from '../spec/manifest-list.ts';
import type { Snapshot } from '../spec/snapshot.ts';

export async function readSnapshotManifests(files: TableFiles, snapshot: Snapshot, signal?: AbortSignal): Promise<ManifestFile[]> {
  if (snapshot.manifestList) return files.readManifestList(snapshot.manifestList, signal);
  const out: ManifestFile[] = [];
  for (const path of snapshot.manifests ?? []) {
    out.push({
      path, length: 0n, partitionSpecId: (await files.readManifestSpecId(path, signal)) ?? 0, content: 'data',
      sequenceNumber: 0n, minSequenceNumber: 0n, addedSnapshotId: snapshot.snapshotId,
    });
  }
  return out;
}
