/**
 * The metadata tree of one version, expanded lazily: metadata file → manifest list (and statistics files)
 * → manifests → data files, delete files and deletion vectors. Each node carries its storage location
 * (and byte range for a DV inside a Puffin file) and a short explanation for teaching.
 */
import { LakeError } from '../../errors.ts';
import type { TreeNode, VersionSelector } from '../table-format.ts';
import type { IcebergTable } from './iceberg-table.ts';
import { partitionFieldsFor, specOf } from './scan/partition-fields.ts';
import { readSnapshotManifests } from './scan/snapshot-manifests.ts';
import type { ManifestEntry } from './spec/manifest.ts';
import type { ManifestFile } from './spec/manifest-list.ts';
import type { Snapshot } from './spec/snapshot.ts';
import { partitionValueToString } from './spec/transform.ts';

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
    if (!m) throw new LakeError('NotFound', `iceberg tree: manifest ${path} is not in the chosen snapshot`, { file: path });
    const entries = await table.files.readManifest(m, partitionFieldsFor(table.metadata, specOf(table.metadata, m.partitionSpecId, m.path)), signal);
    return entries.map((e) => entryNode(table, m, e));
  }
  throw new LakeError('NotFound', `iceberg tree: unknown node ${nodeId}`, { node: nodeId });
}

function metadataNode(table: IcebergTable): TreeNode {
  const m = table.metadata;
  const moved = table.relocatedFrom ? ` The table was written at ${table.relocatedFrom}; its paths are mapped onto the folder it was opened from.` : '';
  return {
    id: 'metadata', kind: 'metadata-file', label: table.metadataKey.split('/').pop()!, location: table.metadataKey,
    explanation: `The table metadata file (format v${m.formatVersion}): schemas, partition specs, sort orders, snapshots and refs. Every commit writes a new one; this one was found via ${table.metadataVia}.${moved}`,
    details: { formatVersion: m.formatVersion, tableUuid: m.tableUuid ?? null, location: m.location, snapshots: m.snapshots.length, currentSnapshotId: m.currentSnapshotId === undefined ? null : String(m.currentSnapshotId) },
    hasChildren: m.snapshots.length > 0,
  };
}

function snapshotChildren(table: IcebergTable, s: Snapshot): TreeNode[] {
  const out: TreeNode[] = [];
  const listPath = s.manifestList;
  out.push({
    id: `list:${listPath ?? s.snapshotId}`, kind: 'manifest-list', label: listPath ? listPath.split('/').pop()! : `snapshot ${s.snapshotId} (manifests embedded)`,
    location: listPath ? table.files.relocation.tryKey(listPath) : undefined, path: listPath,
    explanation: `The manifest list of snapshot ${s.snapshotId} (${s.operation}, sequence number ${s.sequenceNumber}): one entry per manifest, with file counts and partition value ranges so planning can skip whole manifests.`,
    details: { snapshotId: String(s.snapshotId), operation: s.operation, sequenceNumber: String(s.sequenceNumber), timestampMs: s.timestampMs },
    hasChildren: true,
  });
  for (const st of table.metadata.statistics.filter((x) => x.snapshotId === s.snapshotId)) {
    out.push({
      id: `stats:${st.statisticsPath}`, kind: 'statistics-file', label: st.statisticsPath.split('/').pop()!, path: st.statisticsPath,
      location: table.files.relocation.tryKey(st.statisticsPath), size: Number(st.fileSizeInBytes),
      explanation: `A Puffin statistics file for this snapshot (${st.blobMetadata.map((b) => b.type).join(', ') || 'no blobs'}): informational, never needed to read rows.`,
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
    explanation: `A ${kind} manifest added by snapshot ${m.addedSnapshotId ?? '?'} (sequence number ${m.sequenceNumber}, partition spec ${m.partitionSpecId}): lists ${kind} files with their partition values and column statistics.`,
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
  const status = e.status === 'deleted' ? ' It is marked DELETED: kept for history, not read.' : '';
  const where = partition ? ` in partition ${partition}` : '';
  const base = { path: f.filePath, location: table.files.relocation.tryKey(f.filePath), size: Number(f.fileSizeInBytes), hasChildren: false };
  const details = { status: e.status, recordCount: String(f.recordCount), sequenceNumber: String(e.sequenceNumber), snapshotId: e.snapshotId === undefined ? null : String(e.snapshotId), partition };
  if (f.fileFormat === 'puffin') {
    return {
      ...base, id: `dv:${f.filePath}#${f.contentOffset}`, kind: 'deletion-vector', label: `DV for ${(f.referencedDataFile ?? '?').split('/').pop()}`,
      range: { offset: Number(f.contentOffset ?? 0n), length: Number(f.contentSizeInBytes ?? 0n) }, size: Number(f.contentSizeInBytes ?? 0n),
      explanation: `A deletion vector: a Roaring bitmap of the ${f.recordCount} deleted row positions of ${f.referencedDataFile}, stored as a blob in a Puffin file.${status}`,
      details: { ...details, referencedDataFile: f.referencedDataFile ?? null },
    };
  }
  if (f.content !== 'data') {
    const what = f.content === 'position-deletes'
      ? `a position delete file: ${f.recordCount} (file path, row position) pairs of deleted rows`
      : `an equality delete file: rows whose field${(f.equalityIds ?? []).length > 1 ? 's' : ''} ${(f.equalityIds ?? []).join(', ')} equal one of its ${f.recordCount} rows are deleted from older data files`;
    return { ...base, id: `file:${f.filePath}`, kind: 'delete-file', label: f.filePath.split('/').pop()!, explanation: `This is ${what}${where}.${status}`, details };
  }
  return {
    ...base, id: `file:${f.filePath}`, kind: 'data-file', label: f.filePath.split('/').pop()!,
    explanation: `A ${f.fileFormat} data file with ${f.recordCount} rows${where}, listed by manifest ${m.path.split('/').pop()}.${status}`, details,
  };
}
