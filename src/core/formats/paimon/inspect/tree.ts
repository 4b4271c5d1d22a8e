/**
 * The metadata tree of one Paimon snapshot, expanded lazily (DESIGN.md "tree(version)"):
 *
 * ```
 * snapshot-N ─┬─ base manifest list ── manifest ── data file entries (ADD/DELETE)
 *             ├─ delta manifest list ── manifest ── entries this commit wrote
 *             ├─ changelog manifest list ── manifest ── changelog files
 *             ├─ index manifest ── index file ── deletion vector (byte range per data file)
 *             └─ LSM: partition/bucket ── level ── live data files
 * schema-N
 * ```
 * Node ids encode the path (`kind:arg:…`, arguments URI-encoded), so any node can be expanded later
 * without state; the snapshot comes from the version selector of each call.
 */
import type { MessageKey } from '../../../messages/en.ts';
import { explained, labelled } from '../../../messages/message-format.ts';
import type { TreeNode } from '../../table-format.ts';
import { parseDeletionVectorAt } from '../spec/deletion-vector.ts';
import { DELETION_VECTORS_INDEX } from '../spec/index-manifest.ts';
import { manifestKey, indexFileKey, schemaKey, snapshotKey } from '../spec/layout.ts';
import type { ManifestEntry } from '../spec/manifest-entry.ts';
import { bucketDir, bucketFolder } from '../spec/partition-path.ts';
import type { TableSchema } from '../spec/schema.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import type { PaimonMetadata } from '../io/metadata.ts';
import { keyText, lsmView } from './lsm.ts';
import { messageError } from '../../../message-error.ts';

export interface TreeContext {
  readonly meta: PaimonMetadata;
  readonly snapshot: Snapshot;
  /** The schema of the snapshot's reads (for partition and key display). */
  readonly schema: TableSchema;
  /** Where the snapshot JSON came from (a tag file for expired snapshots). */
  readonly snapshotFile?: string;
  readonly signal?: AbortSignal;
}

const id = (...parts: (string | number)[]): string => parts.map((p) => encodeURIComponent(String(p))).join(':');
const parseId = (nodeId: string): string[] => nodeId.split(':').map(decodeURIComponent);

const LIST_TEXT = { base: 'tree.paimon.list.base', delta: 'tree.paimon.list.delta', changelog: 'tree.paimon.list.changelog' } as const satisfies Record<string, MessageKey>;

/** Children of a node (the roots when `nodeId` is undefined). Unknown ids → NotFound `paimon tree: …`. */
export async function treeNodes(ctx: TreeContext, nodeId?: string): Promise<TreeNode[]> {
  const s = ctx.snapshot;
  if (nodeId === undefined) return [snapshotNode(ctx), schemaNode(ctx)];
  const [kind, a, b, c] = parseId(nodeId);
  switch (kind) {
    case 'snapshot': return snapshotChildren(ctx);
    case 'list': return listChildren(ctx, a!, b!);
    case 'manifest': return manifestChildren(ctx, a!);
    case 'index-manifest': return indexManifestChildren(ctx, a!);
    case 'index': return indexFileChildren(ctx, a!, Number(b));
    case 'lsm': return lsmChildren(ctx);
    case 'bucket': return levelNodes(ctx, a!, Number(b));
    case 'level': return levelFiles(ctx, a!, Number(b), Number(c));
    default:
      throw messageError('NotFound', 'error.paimon.tree.noNode', { node: nodeId, snapshot: String(s.id) }, { node: nodeId });
  }
}

function snapshotNode(ctx: TreeContext): TreeNode {
  const s = ctx.snapshot;
  return {
    id: id('snapshot', s.id.toString()),
    kind: 'snapshot',
    label: `snapshot-${s.id} (${s.commitKind})`,
    location: ctx.snapshotFile ?? snapshotKey(s.id),
    ...explained('tree.paimon.snapshot', { commitKind: String(s.commitKind) }),
    details: {
      commitKind: String(s.commitKind), commitUser: s.commitUser, commitIdentifier: s.commitIdentifier.toString(),
      timeMillis: s.timeMillis, schemaId: s.schemaId,
      totalRecordCount: s.totalRecordCount?.toString() ?? null, deltaRecordCount: s.deltaRecordCount?.toString() ?? null,
      changelogRecordCount: s.changelogRecordCount?.toString() ?? null, watermark: s.watermark?.toString() ?? null,
    },
    hasChildren: true,
  };
}

function schemaNode(ctx: TreeContext): TreeNode {
  const sc = ctx.schema;
  return {
    id: id('schema', sc.id),
    kind: 'metadata-file',
    label: `schema-${sc.id}`,
    location: schemaKey(sc.id),
    ...explained('tree.paimon.schema'),
    details: { fields: sc.fields.length, partitionKeys: sc.partitionKeys.join(', '), primaryKeys: sc.primaryKeys.join(', '), highestFieldId: sc.highestFieldId },
    hasChildren: false,
  };
}

function snapshotChildren(ctx: TreeContext): TreeNode[] {
  const s = ctx.snapshot;
  const lists: [keyof typeof LIST_TEXT, string | undefined, bigint | undefined][] = [
    ['base', s.baseManifestList, s.baseManifestListSize], ['delta', s.deltaManifestList, s.deltaManifestListSize],
    ['changelog', s.changelogManifestList, s.changelogManifestListSize],
  ];
  const out: TreeNode[] = lists.filter(([, name]) => name).map(([role, name, size]) => ({
    id: id('list', role, name!),
    kind: 'manifest-list',
    label: `${role} manifest list`,
    location: manifestKey(name!),
    ...(size !== undefined ? { size: Number(size) } : {}),
    ...explained(LIST_TEXT[role]),
    details: { file: name! },
    hasChildren: true,
  }));
  if (s.indexManifest) {
    out.push({
      id: id('index-manifest', s.indexManifest),
      kind: 'manifest',
      label: 'index manifest',
      location: manifestKey(s.indexManifest),
      ...explained('tree.paimon.indexManifest'),
      details: { file: s.indexManifest },
      hasChildren: true,
    });
  }
  out.push({
    id: id('lsm'),
    kind: 'lsm-level',
    // Words, not a file name: the label in the reader's language (labelMessage), English for the CLI (label).
    ...labelled('tree.paimon.lsmLabel', { primaryKey: ctx.schema.primaryKeys.length > 0 }),
    ...explained('tree.paimon.lsm'),
    hasChildren: true,
  });
  return out;
}

async function listChildren(ctx: TreeContext, role: string, name: string): Promise<TreeNode[]> {
  const list = await ctx.meta.manifestList(name, ctx.signal);
  return list.entries.map((m) => ({
    id: id('manifest', m.fileName),
    kind: 'manifest',
    label: m.fileName,
    location: manifestKey(m.fileName),
    size: Number(m.fileSize),
    ...explained('tree.paimon.manifest', { list: role }),
    details: {
      addedFiles: m.numAddedFiles.toString(), deletedFiles: m.numDeletedFiles.toString(), schemaId: m.schemaId,
      buckets: m.minBucket === undefined ? null : `${m.minBucket}..${m.maxBucket}`, levels: m.minLevel === undefined ? null : `${m.minLevel}..${m.maxLevel}`,
    },
    hasChildren: true,
  }));
}

function dataKey(ctx: TreeContext, e: ManifestEntry): string {
  return bucketFolder(ctx.schema, e.partition, e.bucket) + e.file.fileName;
}

async function manifestChildren(ctx: TreeContext, name: string): Promise<TreeNode[]> {
  const manifest = await ctx.meta.manifest(name, ctx.signal);
  const out: TreeNode[] = [];
  for (const [i, e] of manifest.entries.entries()) out.push(await dataFileNode(ctx, e, `${e.kind} `, id('entry', name, i)));
  return out;
}

async function dataFileNode(ctx: TreeContext, e: ManifestEntry, prefix: string, nodeId: string): Promise<TreeNode> {
  const f = e.file;
  const fileSchema = await ctx.meta.schema(f.schemaId, ctx.signal);
  const pk = ctx.schema.primaryKeys.length > 0;
  return {
    id: nodeId,
    kind: 'data-file',
    label: `${prefix}${f.fileName} (level ${f.level})`,
    location: dataKey(ctx, e),
    size: Number(f.fileSize),
    ...explained('tree.paimon.dataFile', {
      removes: e.kind === 'DELETE', bucket: e.bucket, primaryKey: pk, level: f.level,
      minSequence: f.minSequenceNumber.toString(), maxSequence: f.maxSequenceNumber.toString(), source: f.fileSource ?? '',
    }),
    details: {
      kind: e.kind, bucket: e.bucket, totalBuckets: e.totalBuckets, level: f.level, rowCount: f.rowCount.toString(),
      minSequenceNumber: f.minSequenceNumber.toString(), maxSequenceNumber: f.maxSequenceNumber.toString(), schemaId: f.schemaId,
      fileSource: f.fileSource ?? null, deleteRowCount: f.deleteRowCount?.toString() ?? null,
      creationTime: f.creationTime === undefined ? null : Number(f.creationTime),
      minKey: pk ? keyText(f.minKey, fileSchema) : null, maxKey: pk ? keyText(f.maxKey, fileSchema) : null,
      extraFiles: f.extraFiles.join(', ') || null, externalPath: f.externalPath ?? null,
    },
    hasChildren: false,
  };
}

async function indexManifestChildren(ctx: TreeContext, name: string): Promise<TreeNode[]> {
  const entries = await ctx.meta.indexManifest(name, ctx.signal);
  return entries.map((e, i) => ({
    id: id('index', name, i),
    kind: e.indexType === DELETION_VECTORS_INDEX ? 'delete-file' : 'statistics-file',
    label: `${e.kind} ${e.fileName} (${e.indexType})`,
    location: indexFileKey(e.fileName),
    size: Number(e.fileSize),
    ...(e.indexType === DELETION_VECTORS_INDEX
      ? explained('tree.paimon.dvIndexFile', { bucket: e.bucket })
      : explained('tree.paimon.indexFile', { indexType: e.indexType, bucket: e.bucket })),
    details: { bucket: e.bucket, indexType: e.indexType, rowCount: e.rowCount.toString(), vectors: e.deletionVectors.length },
    hasChildren: e.deletionVectors.length > 0,
  }));
}

async function indexFileChildren(ctx: TreeContext, name: string, i: number): Promise<TreeNode[]> {
  const e = (await ctx.meta.indexManifest(name, ctx.signal))[i];
  if (!e) throw messageError('NotFound', 'error.paimon.tree.noIndexEntry', { manifest: name, index: String(i) }, { file: manifestKey(name) });
  // Older writers leave `cardinality` out of the index manifest: count the vector's bits instead (index
  // files are small: one bitmap per data file of the bucket).
  const counted = e.deletionVectors.some((r) => r.cardinality === undefined)
    ? await ctx.meta.indexFile(e.fileName, ctx.signal, e.fileSize).then((bytes) => e.deletionVectors.map((r) => BigInt(parseDeletionVectorAt(bytes, r, indexFileKey(e.fileName)).size)))
    : undefined;
  return e.deletionVectors.map((r, k) => ({ r: { ...r, cardinality: r.cardinality ?? counted?.[k] }, recorded: r.cardinality !== undefined })).map(({ r, recorded }) => ({
    id: id('dv', name, i, r.dataFileName),
    kind: 'deletion-vector',
    label: `${r.dataFileName}${r.cardinality !== undefined ? ` (${r.cardinality} ${r.cardinality === 1n ? 'row' : 'rows'} deleted)` : ''}`,
    location: indexFileKey(e.fileName),
    range: { offset: r.offset, length: r.length + 8 },
    ...explained('tree.paimon.deletionVector'),
    details: { dataFile: r.dataFileName, offset: r.offset, length: r.length, cardinality: r.cardinality?.toString() ?? null, recordCount: r.cardinality?.toString() ?? null, cardinalityRecorded: recorded },
    hasChildren: false,
  }));
}

async function lsmChildren(ctx: TreeContext): Promise<TreeNode[]> {
  const view = await lsmView(ctx.meta, ctx.snapshot, ctx.schema, {}, ctx.signal);
  return view.buckets.map((b) => ({
    id: id('bucket', b.partitionHex, b.bucket),
    kind: 'file-slice',
    label: `${b.partition ? `${b.partition} / ` : ''}${bucketDir(b.bucket)}`,
    ...explained('tree.paimon.bucket', { primaryKey: view.primaryKey, sortedRuns: b.sortedRuns, trigger: b.compactionTrigger, due: b.compactionDue }),
    details: { sortedRuns: b.sortedRuns, levels: b.levels.map((l) => l.level).join(', '), compactionTrigger: b.compactionTrigger, compactionDue: b.compactionDue },
    hasChildren: true,
  }));
}

async function levelNodes(ctx: TreeContext, partHex: string, bucket: number): Promise<TreeNode[]> {
  const view = await lsmView(ctx.meta, ctx.snapshot, ctx.schema, { partition: partHex, bucket }, ctx.signal);
  const b = view.buckets[0];
  if (!b) return [];
  return b.levels.map((l) => ({
    id: id('level', partHex, bucket, l.level),
    kind: 'lsm-level',
    label: `level ${l.level}: ${l.files.length} file${l.files.length === 1 ? '' : 's'}`,
    ...(l.level === 0 ? explained('tree.paimon.level0') : explained('tree.paimon.level', { level: l.level })),
    details: { sortedRuns: l.sortedRuns, rowCount: l.rowCount, totalSize: l.totalSize, minSequenceNumber: l.minSequenceNumber ?? null, maxSequenceNumber: l.maxSequenceNumber ?? null },
    hasChildren: l.files.length > 0,
  }));
}

async function levelFiles(ctx: TreeContext, partHex: string, bucket: number, level: number): Promise<TreeNode[]> {
  const view = await lsmView(ctx.meta, ctx.snapshot, ctx.schema, { partition: partHex, bucket }, ctx.signal);
  const l = view.buckets[0]?.levels.find((x) => x.level === level);
  return (l?.files ?? []).map((f) => ({
    id: id('lsm-file', partHex, bucket, level, f.fileName),
    kind: 'data-file',
    label: f.fileName,
    location: f.key,
    size: f.fileSize,
    ...explained('tree.paimon.lsmFile', {
      minKey: f.minKey, maxKey: f.maxKey, minSequence: String(f.minSequenceNumber), maxSequence: String(f.maxSequenceNumber), deletedRows: f.deletedRows ?? '',
    }),
    details: { rowCount: f.rowCount, minKey: f.minKey, maxKey: f.maxKey, fileSource: f.fileSource ?? null, schemaId: f.schemaId, deletedRows: f.deletedRows ?? null },
    hasChildren: false,
  }));
}
