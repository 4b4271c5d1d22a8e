/**
 * What a delete file or a deletion vector of the metadata tree deletes, as (data file, position) pairs
 * (spec "Position Delete Files": rows of `file_path`, `pos`; "Deletion Vectors": a Roaring bitmap of
 * positions in a Puffin `deletion-vector-v1` blob for one `referenced_data_file`). Equality deletes
 * delete by value, not by position: they are refused here with that reason.
 */
import { parseDeletionVector } from '../../../codecs/puffin.ts';
import type { DeletedPositionsDto, DeletedPositionsOfFileDto, TreeNode } from '../../table-format.ts';
import type { TableFiles } from '../io/table-files.ts';
import { readPositionDeletePairs } from '../scan/deletes.ts';
import { messageError } from '../../../message-error.ts';

/** Positions shown per data file unless asked otherwise. */
export const DEFAULT_POSITION_LIMIT = 10_000;

/** The positions a `delete-file` (position deletes) or `deletion-vector` node of {@link icebergTree} deletes. */
export async function icebergDeletedPositions(files: TableFiles, node: TreeNode, options: { limit?: number; signal?: AbortSignal } = {}): Promise<DeletedPositionsDto> {
  const limit = options.limit ?? DEFAULT_POSITION_LIMIT;
  const path = node.path;
  if (!path) throw messageError('DataInvalid', 'error.iceberg.deletes.noFile', { node: node.id }, { node: node.id });
  const entry = (dataFile: string, positions: readonly number[]): DeletedPositionsOfFileDto => ({
    dataFile, dataKey: files.relocation.tryKey(dataFile), count: positions.length, positions: positions.slice(0, limit),
  });
  if (node.kind === 'deletion-vector') {
    const referenced = node.details?.referencedDataFile;
    if (typeof referenced !== 'string' || !node.range) {
      throw messageError('DataInvalid', 'error.iceberg.deletes.dvIncomplete', { path }, { file: path });
    }
    const blob = await files.read(path, 'iceberg deletion vector', options.signal, node.range);
    const bitmap = parseDeletionVector(blob, { file: path });
    return { kind: 'deletion-vector', files: [entry(referenced, bitmap.toArray())] };
  }
  if (node.kind === 'delete-file' && node.details?.content === 'position-deletes') {
    const format = (/\.(parquet|orc|avro)$/i.exec(path)?.[1] ?? 'parquet').toLowerCase();
    const pairs = await readPositionDeletePairs(files, {
      kind: 'position', path, key: files.relocation.tryKey(path) ?? path, format, recordCount: 0n, fileSizeInBytes: BigInt(node.size ?? 0),
      sequenceNumber: 0n, specId: 0,
    }, options.signal);
    return { kind: 'position-deletes', files: [...pairs].map(([dataFile, positions]) => entry(dataFile, [...positions].sort((a, b) => a - b))) };
  }
  throw node.kind === 'delete-file'
    ? messageError('Unsupported', 'error.iceberg.deletes.equality', { file: path.split('/').pop()! }, { file: path })
    : messageError('Unsupported', 'error.iceberg.deletes.noRows', { kind: node.kind }, { file: path });
}
