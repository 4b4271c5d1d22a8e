/**
 * What a deletion vector of the metadata tree deletes (paimon-core `deletionvectors/`): the positions of
 * the rows of one data file marked deleted, read from the vector's byte range in its index file. A DV
 * index file node (`delete-file`) answers for every vector it holds. Node ids are the tree's own
 * (`dv:<index manifest>:<entry>:<data file>`, `index:<index manifest>:<entry>`; inspect/tree.ts).
 */
import type { DeletedPositionsDto, TreeNode } from '../../table-format.ts';
import type { PaimonMetadata } from '../io/metadata.ts';
import { parseDeletionVectorAt } from '../spec/deletion-vector.ts';
import { DELETION_VECTORS_INDEX } from '../spec/index-manifest.ts';
import { indexFileKey } from '../spec/layout.ts';
import { bucketFolder } from '../spec/partition-path.ts';
import type { TableSchema } from '../spec/schema.ts';
import { messageError } from '../../../message-error.ts';

/** Positions shown per data file unless asked otherwise. */
const DEFAULT_POSITION_LIMIT = 10_000;

/** The positions a `deletion-vector` node (or every vector of a DV index `delete-file` node) deletes. */
export async function paimonDeletedPositions(meta: PaimonMetadata, schema: TableSchema, node: TreeNode, options: { limit?: number; signal?: AbortSignal } = {}): Promise<DeletedPositionsDto> {
  const limit = options.limit ?? DEFAULT_POSITION_LIMIT;
  const [kind, manifest, index, dataFile] = node.id.split(':').map(decodeURIComponent);
  if ((kind !== 'dv' && kind !== 'index') || manifest === undefined || index === undefined) {
    throw messageError('Unsupported', 'error.paimon.deletes.notByPosition', { kind: node.kind, label: node.label }, { node: node.id });
  }
  const entry = (await meta.indexManifest(manifest, options.signal))[Number(index)];
  if (!entry) throw messageError('NotFound', 'error.paimon.deletes.noIndexEntry', { manifest: String(manifest), index: String(index) }, { node: node.id });
  if (entry.indexType !== DELETION_VECTORS_INDEX) {
    throw messageError('Unsupported', 'error.paimon.deletes.notDv', { file: entry.fileName, type: entry.indexType }, { file: indexFileKey(entry.fileName) });
  }
  const bytes = await meta.indexFile(entry.fileName, options.signal, entry.fileSize);
  const folder = bucketFolder(schema, entry.partition, entry.bucket);
  const ranges = entry.deletionVectors.filter((r) => kind === 'index' || r.dataFileName === dataFile);
  if (kind === 'dv' && ranges.length === 0) throw messageError('NotFound', 'error.paimon.deletes.noVector', { file: entry.fileName, dataFile: String(dataFile) }, { file: indexFileKey(entry.fileName) });
  return {
    kind: 'deletion-vector',
    files: ranges.map((r) => {
      const positions = parseDeletionVectorAt(bytes, r, indexFileKey(entry.fileName)).toArray();
      return { dataFile: r.dataFileName, dataKey: folder + r.dataFileName, count: positions.length, positions: positions.slice(0, limit) };
    }),
  };
}
