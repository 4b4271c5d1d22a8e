/**
 * Loading the deletes of one task (spec "Delete Formats"): deletion vectors (Puffin
 * `deletion-vector-v1` blobs read at `content_offset`/`content_size_in_bytes`), position delete files
 * (rows of `file_path`, `pos` for this data file's path), and equality delete files (a set of value
 * tuples over `equality_ids`; a null matches a null, as `col IS NULL`). Parsed delete files are cached
 * per table object: one equality or position delete file usually applies to many data files.
 */
import { readAvroFile } from '../../../codecs/avro/index.ts';
import { readOrcToArrow } from '../../../codecs/orc/index.ts';
import { readParquetToArrow } from '../../../codecs/parquet/index.ts';
import { readDeletionVector } from '../../../codecs/puffin.ts';
import { decodingAsync, named } from '../io/decoding.ts';
import type { Value } from '../../../expr/types.ts';
import { Lru } from '../../../util/lru.ts';
import { pathMatchKey } from '../../../util/paths.ts';
import type { TableFiles } from '../io/table-files.ts';
import { fieldValue, recordShape } from '../spec/avro-record.ts';
import { normalizePartitionValue } from '../spec/manifest.ts';
import type { IcebergType, NestedField } from '../spec/types.ts';
import { nestedGetter, structChain, valueGetter } from './arrow-values.ts';
import { DELETE_FILE_PATH_ID, DELETE_POS_ID, valueKey } from './delete-index.ts';
import { conformData, fieldIdOf } from './file-projection.ts';
import type { DeleteFileRef } from './task.ts';
import { messageError } from '../../../message-error.ts';

/** The deletes of one data file, ready to test rows against. */
export interface TaskDeletes {
  /** True when the row at this file position is deleted by a DV or a position delete. */
  readonly isPositionDeleted: (pos: number) => boolean;
  readonly hasPositionDeletes: boolean;
  /** Equality delete sets; a row is deleted when its key over `ids` is in `keys`. */
  readonly equality: readonly { readonly ids: readonly number[]; readonly keys: ReadonlySet<string> }[];
}

/** Where to find the type of an equality column (the read schema, or an older one when it was dropped). */
export type FieldTypeLookup = (id: number) => NestedField[] | undefined;

/** Caches of parsed delete files, one per table object. */
export class DeleteCache {
  readonly positions = new Lru<string, Promise<Map<string, number[]>>>(64);
  readonly equality = new Lru<string, Promise<Set<string>>>(64);
}

export async function loadTaskDeletes(files: TableFiles, cache: DeleteCache, dataPath: string, deletes: readonly DeleteFileRef[], chainOf: FieldTypeLookup, signal?: AbortSignal): Promise<TaskDeletes> {
  if (deletes.length === 0) return NO_DELETES;
  const sets: { has(pos: number): boolean }[] = [];
  const equality: { ids: readonly number[]; keys: ReadonlySet<string> }[] = [];
  for (const d of deletes) {
    if (d.kind === 'deletion-vector') {
      const source = files.source(d.path, Number(d.fileSizeInBytes));
      sets.push(await decodingAsync('iceberg deletion vector', d.path, () => readDeletionVector(source, Number(d.contentOffset ?? 0n), Number(d.contentSizeInBytes ?? 0n), signal)));
    } else if (d.kind === 'position') {
      const byPath = await cache.positions.getOrLoad(d.path, () => readPositionDeletes(files, d, signal));
      const positions = byPath.get(pathMatchKey(dataPath));
      if (positions && positions.length > 0) sets.push(new Set(positions));
    } else {
      const ids = d.equalityIds ?? [];
      const keys = await cache.equality.getOrLoad(`${d.path}#${ids.join(',')}`, () => readEqualityDeletes(files, d, ids, chainOf, signal));
      equality.push({ ids, keys });
    }
  }
  return { isPositionDeleted: (pos) => sets.some((s) => s.has(pos)), hasPositionDeletes: sets.length > 0, equality };
}

/** A task without delete files (most tasks): one shared answer, nothing made per task. */
export const NO_DELETES: TaskDeletes = { isPositionDeleted: () => false, hasPositionDeletes: false, equality: [] };

/**
 * Normalised `file_path` ({@link pathMatchKey}) → deleted positions, for every data file a position delete
 * file names: the writer of the deletes may spell a data file's path otherwise than the manifest does.
 */
async function readPositionDeletes(files: TableFiles, d: DeleteFileRef, signal?: AbortSignal): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  let lastPath: string | undefined; let lastKey = '';
  const add = (path: string | null, pos: Value | null) => {
    if (path === null || pos === null) throw messageError('DataInvalid', 'error.iceberg.deletes.nullPath', { file: d.path }, { file: d.path });
    if (path !== lastPath) { lastPath = path; lastKey = pathMatchKey(path); } // rows are sorted by path
    const key = lastKey;
    let list = out.get(key);
    if (!list) out.set(key, (list = []));
    list.push(Number(pos));
  };
  const columns: NestedField[] = [
    { id: DELETE_FILE_PATH_ID, name: 'file_path', required: true, type: { kind: 'string' } },
    { id: DELETE_POS_ID, name: 'pos', required: true, type: { kind: 'long' } },
  ];
  await forEachDeleteRow(files, d, columns.map((f) => [f]), (get) => add(get[0]() as string | null, get[1]()), signal);
  return out;
}

/**
 * Every (`file_path`, `pos`) pair of a position delete file, grouped by `file_path` as written (not
 * normalised: for showing what the file says), positions in file order.
 */
export async function readPositionDeletePairs(files: TableFiles, d: DeleteFileRef, signal?: AbortSignal): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  const columns: NestedField[] = [
    { id: DELETE_FILE_PATH_ID, name: 'file_path', required: true, type: { kind: 'string' } },
    { id: DELETE_POS_ID, name: 'pos', required: true, type: { kind: 'long' } },
  ];
  await forEachDeleteRow(files, d, columns.map((f) => [f]), (get) => {
    const path = get[0]() as string | null; const pos = get[1]();
    if (path === null || pos === null) throw messageError('DataInvalid', 'error.iceberg.deletes.nullPath', { file: d.path }, { file: d.path });
    let list = out.get(path);
    if (!list) out.set(path, (list = []));
    list.push(Number(pos));
  }, signal);
  return out;
}

async function readEqualityDeletes(files: TableFiles, d: DeleteFileRef, ids: readonly number[], chainOf: FieldTypeLookup, signal?: AbortSignal): Promise<Set<string>> {
  const chains = ids.map((id) => chainOf(id) ?? missingColumn(d, id));
  const keys = new Set<string>();
  await forEachDeleteRow(files, d, chains, (get) => keys.add(get.map((g) => valueKey(g())).join('\u0001')), signal);
  return keys;
}

function missingColumn(d: DeleteFileRef, id: number): never {
  throw messageError('DataInvalid', 'error.iceberg.deletes.fieldId', { id, file: d.path }, { file: d.path, fieldId: id });
}

/**
 * Calls `row` once per row of a delete file with getters for the columns named by `chains` (each a
 * top-level field followed by nested struct fields). Parquet, ORC and Avro delete files are supported.
 */
async function forEachDeleteRow(files: TableFiles, d: DeleteFileRef, chains: readonly NestedField[][], row: (get: (() => Value | null)[]) => void, signal?: AbortSignal): Promise<void> {
  const bytes = await files.readSized(d.path, 'iceberg delete file', Number(d.fileSizeInBytes), signal);
  try {
    if (d.format === 'parquet' || d.format === 'orc') {
      const batches = d.format === 'orc' ? readOrcToArrow(bytes, { signal, name: d.path }) : readParquetToArrow(bytes, { signal, name: d.path });
      for await (const batch of batches) {
        const fields = batch.schema.fields;
        const getters = chains.map((chain) => {
          const byId = fields.findIndex((f) => fieldIdOf(f) === chain[0].id);
          const j = byId >= 0 ? byId : fields.findIndex((f) => f.name === chain[0].name);
          if (j < 0) throw messageError('DataInvalid', 'error.iceberg.deletes.noColumn', { file: d.path, id: chain[0].id, name: chain[0].name }, { file: d.path });
          const col = conformData(batch.data.children[j], chain[0].type, undefined, chain[0].name);
          return chain.length === 1 ? valueGetter(col, chain[0].type) : nestedGetter(col, chain);
        });
        for (let i = 0; i < batch.numRows; i++) row(getters.map((g) => () => g(i)));
      }
    } else if (d.format === 'avro') {
      const avro = readAvroFile(bytes, { name: d.path });
      const shape = recordShape(avro.type);
      if (!shape) throw messageError('DataInvalid', 'error.iceberg.deletes.notRecords', { file: d.path }, { file: d.path });
      for (const rec of avro.records) {
        row(chains.map((chain) => () => avroValue(rec as Record<string, unknown>, shape, chain)));
      }
    } else {
      throw messageError('Unsupported', 'error.iceberg.deletes.format', { format: d.format, file: d.path }, { file: d.path });
    }
  } catch (e) {
    throw named(e, 'iceberg delete file', d.path);
  }
}

function avroValue(rec: Record<string, unknown>, shape: ReturnType<typeof recordShape> & object, chain: readonly NestedField[]): Value | null {
  let cur: unknown = fieldValue(rec, shape, chain[0].id);
  let curShape = shape.byId.get(chain[0].id)?.type;
  for (let k = 1; k < chain.length && cur !== null && cur !== undefined; k++) {
    const s = curShape && recordShape(curShape);
    if (!s) return null;
    cur = fieldValue(cur as Record<string, unknown>, s, chain[k].id);
    curShape = s.byId.get(chain[k].id)?.type;
  }
  return normalizePartitionValue(chain[chain.length - 1].type as IcebergType, cur);
}

/** Finds the struct chain of an equality field in the read schema first, then in older schemas. */
export function chainLookup(schemas: readonly (readonly NestedField[])[]): FieldTypeLookup {
  return (id) => {
    for (const fields of schemas) {
      const c = structChain(fields, id);
      if (c) return c;
    }
    return undefined;
  };
}
