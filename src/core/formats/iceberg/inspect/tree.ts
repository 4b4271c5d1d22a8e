/**
 * The metadata tree of one version, expanded lazily: metadata file → manifest list (and statistics files)
 * → manifests → data files, delete files and deletion vectors. Each node carries its storage location
 * (and byte range for a DV inside a Puffin file) and a short explanation for teaching.
 */
import { explained } from '../../../messages/message-format.ts';
import type { TreeNode, VersionSelector } from '../../table-format.ts';
import type { IcebergTable } from '../table.ts';
import { partitionFieldsFor, specOf } from '../scan/partition-fields.ts';
import { readSnapshotManifests } from '../scan/snapshot-manifests.ts';
import type { ManifestEntry } from '../spec/manifest.ts';
import type { ManifestFile } from '../spec/manifest-list.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import { partitionValueToString } from '../spec/transform.ts';
import { messageError } from '../../../message-error.ts';

/** Children of `nodeId` (the roots when absent) for a version of the table. */
export async function icebergTree(table: IcebergTable, version: VersionSelector = {}, nodeId?: string, signal?: AbortSignal): Promise<TreeNode[]> {
  if (nodeId === undefined) return [metadataNode(table)];
  const snapshot = table.metadata.currentSnapshotId === undefined && version.version === undefined && version.asOfTimestampMs === undefined
    ? undefined : table.resolveVersion(version).snapshot;
  if (nodeId === 'metadata') return snapshot ? snapshotChildren(table, snapshot) : [];
  if (nodeId.startsWith('list:')) {
    if (!snapshot) return [];
    return (await readSnapshotManifests(table.files, snapshot, signal)).map((m) => manifestNode(table, m));
  }
  if (nodeId.startsWith('manifest:')) {
    const path = nodeId.slice('manifest:'.length);
    const m = snapshot && (await readSnapshotManifests(table.files, snapshot, signal)).find((x) => x.path === path);
    if (!m) throw messageError('NotFound', 'error.iceberg.tree.manifestElsewhere', { path }, { file: path });
    const entries = await table.files.readManifest(m, partitionFieldsFor(table.metadata, specOf(table.metadata, m.partitionSpecId, m.path)), signal);
    return entries.map((e) => entryNode(table, m, e));
  }
  throw messageError('NotFound', 'error.iceberg.tree.unknownNode', { node: nodeId }, { node: nodeId });
}

function metadataNode(table: IcebergTable): TreeNode {
  const m = table.metadata;
  return {
    id: 'metadata', kind: 'metadata-file', label: table.metadataKey.split('/').pop()!, location: table.metadataKey,
    ...explained('tree.iceberg.metadata', { formatVersion: m.formatVersion, via: table.metadataVia, ...(table.relocatedFrom ? { relocatedFrom: table.relocatedFrom } : {}) }),
    details: { formatVersion: m.formatVersion, tableUuid: m.tableUuid ?? null, location: m.location, snapshots: m.snapshots.length, currentSnapshotId: m.currentSnapshotId === undefined ? null : String(m.currentSnapshotId), lastUpdatedMs: m.lastUpdatedMs },
    hasChildren: m.snapshots.length > 0,
  };
}

function snapshotChildren(table: IcebergTable, s: Snapshot): TreeNode[] {
  const out: TreeNode[] = [];
  const listPath = s.manifestList;
  out.push({
    id: `list:${listPath ?? s.snapshotId}`, kind: 'manifest-list', label: listPath ? listPath.split('/').pop()! : `snapshot ${s.snapshotId} (manifests embedded)`,
    location: listPath ? table.files.relocation.tryKey(listPath) : undefined, path: listPath,
    ...explained('tree.iceberg.manifestList', { snapshotId: String(s.snapshotId), operation: s.operation, sequenceNumber: String(s.sequenceNumber) }),
    details: { snapshotId: String(s.snapshotId), operation: s.operation, sequenceNumber: String(s.sequenceNumber), timestampMs: s.timestampMs },
    hasChildren: true,
  });
  for (const st of table.metadata.statistics.filter((x) => x.snapshotId === s.snapshotId)) {
    out.push({
      id: `stats:${st.statisticsPath}`, kind: 'statistics-file', label: st.statisticsPath.split('/').pop()!, path: st.statisticsPath,
      location: table.files.relocation.tryKey(st.statisticsPath), size: Number(st.fileSizeInBytes),
      ...explained('tree.iceberg.statistics', { blobTypes: st.blobMetadata.map((b) => b.type).join(', ') }),
      hasChildren: false,
    });
  }
  return out;
}

function manifestNode(table: IcebergTable, m: ManifestFile): TreeNode {
  const kind = m.content === 'data' ? 'data' : 'delete';
  return {
    id: `manifest:${m.path}`, kind: 'manifest', label: m.path.split('/').pop()!, path: m.path, location: table.files.relocation.tryKey(m.path),
    size: Number(m.length) || undefined,
    ...explained('tree.iceberg.manifest', { content: kind, addedSnapshotId: m.addedSnapshotId === undefined ? '?' : String(m.addedSnapshotId), sequenceNumber: String(m.sequenceNumber), specId: m.partitionSpecId }),
    details: {
      content: m.content, partitionSpecId: m.partitionSpecId, sequenceNumber: String(m.sequenceNumber), addedFiles: m.addedFilesCount ?? null,
      existingFiles: m.existingFilesCount ?? null, deletedFiles: m.deletedFilesCount ?? null, addedRows: m.addedRowsCount === undefined ? null : String(m.addedRowsCount),
    },
    hasChildren: true,
  };
}

function entryNode(table: IcebergTable, m: ManifestFile, e: ManifestEntry): TreeNode {
  const f = e.dataFile;
  const spec = table.metadata.partitionSpecs.find((s) => s.specId === f.specId);
  const fields = spec ? partitionFieldsFor(table.metadata, spec) : [];
  const partition = fields.map((pf, i) => `${pf.field.name}=${partitionValueToString(pf.field.transform, pf.type, f.partition[i])}`).join('/');
  const deleted = e.status === 'deleted';
  const records = String(f.recordCount);
  const base = { path: f.filePath, location: table.files.relocation.tryKey(f.filePath), size: Number(f.fileSizeInBytes), hasChildren: false };
  const details = { status: e.status, recordCount: String(f.recordCount), sequenceNumber: String(e.sequenceNumber), snapshotId: e.snapshotId === undefined ? null : String(e.snapshotId), partition };
  if (f.fileFormat === 'puffin') {
    return {
      ...base, id: `dv:${f.filePath}#${f.contentOffset}`, kind: 'deletion-vector', label: `DV for ${(f.referencedDataFile ?? '?').split('/').pop()}`,
      range: { offset: Number(f.contentOffset ?? 0n), length: Number(f.contentSizeInBytes ?? 0n) }, size: Number(f.contentSizeInBytes ?? 0n),
      ...explained('tree.iceberg.deletionVector', { records, referencedDataFile: f.referencedDataFile ?? '?', deleted }),
      details: { ...details, referencedDataFile: f.referencedDataFile ?? null },
    };
  }
  if (f.content !== 'data') {
    const text = f.content === 'position-deletes'
      ? explained('tree.iceberg.positionDeletes', { records, partition, deleted })
      : explained('tree.iceberg.equalityDeletes', { records, fieldIds: (f.equalityIds ?? []).join(', '), fieldCount: (f.equalityIds ?? []).length, partition, deleted });
    return { ...base, id: `file:${f.filePath}`, kind: 'delete-file', label: f.filePath.split('/').pop()!, ...text, details: { ...details, content: f.content } };
  }
  return {
    ...base, id: `file:${f.filePath}`, kind: 'data-file', label: f.filePath.split('/').pop()!,
    ...explained('tree.iceberg.dataFile', { fileFormat: f.fileFormat, records, partition, manifest: m.path.split('/').pop()!, deleted }), details,
  };
}
