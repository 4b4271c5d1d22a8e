/**
 * Deleting rows by a filter (Spark's `DELETE FROM … WHERE`), in the table's `write.delete.mode`:
 * - files whose metrics prove no row matches are not read;
 * - a file whose every live row matches is removed whole (with its deletion vector / file-scoped deletes);
 * - otherwise, copy-on-write rewrites the file without the matching rows (an `overwrite` snapshot), and
 *   merge-on-read adds deletes: a position delete file per data file in v2, a deletion vector in v3 (merged
 *   with the file's existing DV: at most one DV per data file, spec "Deletion Vectors") — a `delete` snapshot.
 * Isolation is snapshot isolation: a retry on a newer state succeeds while every file it read is still live
 * and no new deletion vector or position delete touches them; rows appended concurrently are not examined.
 */
import type { FileChange } from '../../../commit/change-preview.ts';
import { RoaringBitmap64 } from '../../../codecs/roaring.ts';
import { readDeletionVector } from '../../../codecs/puffin.ts';
import { messageError } from '../../../message-error.ts';
import { bindExpr } from '../../../expr/bind.ts';
import type { BoundExpr, Expr } from '../../../expr/expr.ts';
import { evaluateMetrics } from '../../../expr/metrics-evaluator.ts';
import { parseWhere } from '../../../expr/parse.ts';
import { evaluateRow } from '../../../expr/row-evaluator.ts';
import type { Storage } from '../../../io/storage.ts';
import { DeleteIndex } from '../scan/delete-index.ts';
import { fileStats } from '../scan/file-metrics.ts';
import type { DataFile, ManifestEntry } from '../spec/manifest.ts';
import { fieldsById, type Schema, schemaLookup } from '../spec/schema.ts';
import { currentSchema, findSnapshot, findSpec } from '../spec/table-metadata.ts';
import { deletionVectorFile, positionDeleteFile } from './delete-files.ts';
import { LAST_UPDATED_FIELD, ROW_ID_FIELD, readLiveRows } from './live-rows.ts';
import { partitionPath } from './partitioner.ts';
import { type ApplyOptions, NEXT_METADATA, type PreparedOperation, totalsOf } from './prepared-operation.ts';
import { changeResult, commitSnapshot } from './snapshot-commit.ts';
import { entryKey } from './snapshot-producer.ts';
import { liveEntries, newDataFile, readAllEntries } from './snapshot-files.ts';
import { loadTableState, type TableState } from './table-state.ts';
import { MAIN_BRANCH, PROPS } from './table-update.ts';
import { FileNamer, type WrittenDataFile, writePartitionFiles } from './write-data-files.ts';
import { described, noted, textRef, warned } from '../../../commit/preview-text.ts';

export type DeleteMode = 'copy-on-write' | 'merge-on-read';

export interface DeleteWhereOptions {
  /** Default: the table's `write.delete.mode` (Java's default copy-on-write). */
  readonly mode?: DeleteMode;
  readonly branch?: string;
  readonly signal?: AbortSignal;
}

/** What happens to one data file. */
export interface FileDeletion {
  readonly entry: ManifestEntry;
  /** Deletes that applied to it when read. */
  readonly deletes: readonly ManifestEntry[];
  readonly matched: readonly number[];
  readonly live: number;
  /** Copy-on-write: the rows that stay. */
  readonly survivors?: Record<string, unknown>[];
}

/** A row accessor for bound filters over writer rows (fields found by id through their struct path). */
export function rowAccessor(schema: Schema): (row: Record<string, unknown>) => Parameters<typeof evaluateRow>[1] {
  const byId = fieldsById(schema);
  return (row) => (ref) => {
    let v: unknown = row;
    for (const name of byId.get(ref.id)?.path ?? []) v = v === null || v === undefined ? v : (v as Record<string, unknown>)[name];
    return v as never;
  };
}

/** Finds the rows a filter deletes, reading only files whose metrics allow a match. */
export async function planDeletes(state: TableState, filter: BoundExpr, mode: DeleteMode, branch: string, signal?: AbortSignal): Promise<FileDeletion[]> {
  const meta = state.metadata;
  const ref = meta.refs.find((r) => r.name === branch);
  const head = ref ? findSnapshot(meta, ref.snapshotId) : undefined;
  if (!head) return [];
  const schema = currentSchema(meta);
  const live = liveEntries(await readAllEntries(state, head, signal));
  const index = new DeleteIndex(live.filter((e) => e.dataFile.content !== 'data'), new Map(meta.partitionSpecs.map((s) => [s.specId, s])));
  const access = rowAccessor(schema);
  const out: FileDeletion[] = [];
  for (const entry of live) {
    if (entry.dataFile.content !== 'data') continue;
    if (!evaluateMetrics(filter, fileStats(entry.dataFile, schema)).match) continue;
    const deletes = index.forDataFile(entry);
    const matched: number[] = [];
    const keepRows = mode === 'copy-on-write';
    const res = await readLiveRows(state, entry, deletes, schema, {
      lineage: keepRows && meta.formatVersion >= 3, signal,
      drop: (row, pos) => {
        const hit = evaluateRow(filter, access(row));
        if (hit) matched.push(pos);
        return hit || !keepRows;
      },
    });
    if (matched.length === 0) continue;
    out.push({ entry, deletes, matched, live: matched.length + res.rows.length + (keepRows ? 0 : res.dropped - matched.length), survivors: keepRows ? res.rows : undefined });
  }
  return out;
}

/** Previews a delete by filter; apply writes the rewritten files or delete files and commits. */
export async function prepareDeleteWhere(storage: Storage, filter: Expr | string, opts: DeleteWhereOptions = {}): Promise<PreparedOperation & { readonly files: readonly FileDeletion[] }> {
  const state = await loadTableState(storage, opts.signal);
  const meta = state.metadata;
  const mode: DeleteMode = opts.mode ?? (meta.properties[PROPS.deleteMode] === 'merge-on-read' ? 'merge-on-read' : 'copy-on-write');
  if (mode === 'merge-on-read' && meta.formatVersion < 2) throw messageError('Unsupported', 'error.iceberg.delete.morVersion', undefined);
  const expr = typeof filter === 'string' ? parseWhere(filter) : filter;
  const bound = bindExpr(expr, schemaLookup(currentSchema(meta)));
  const branch = opts.branch ?? MAIN_BRANCH;
  const files = await planDeletes(state, bound, mode, branch, opts.signal);
  const rows = files.reduce((n, f) => n + f.matched.length, 0);
  const whole = files.filter((f) => f.matched.length === f.live);
  const partial = files.filter((f) => f.matched.length < f.live);
  const head = meta.refs.find((r) => r.name === branch);
  const before = totalsOf(head ? findSnapshot(meta, head.snapshotId) : undefined);
  const key = (e: ManifestEntry): FileChange => ({ key: state.relocation.toKey(e.dataFile.filePath), kind: 'data', bytes: Number(e.dataFile.fileSizeInBytes) });
  return {
    files,
    preview: {
      operation: 'delete',
      ...described(textRef(mode === 'copy-on-write' ? 'note.write.iceberg.deleteCow' : meta.formatVersion >= 3 ? 'note.write.iceberg.deleteDv' : 'note.write.iceberg.deletePositions', { rows, whole: whole.length, partial: partial.length })),
      writes: [...partial.map((f) => ({ key: `data/<${mode === 'copy-on-write' ? 'rewrite' : 'deletes'} of ${f.entry.dataFile.filePath.split('/').pop()}>`, kind: (mode === 'copy-on-write' ? 'data' : 'delete') as FileChange['kind'] })), NEXT_METADATA],
      deletes: [],
      before,
      after: { rows: before.rows === undefined || mode === 'merge-on-read' ? undefined : before.rows - BigInt(rows) - BigInt(files.reduce((n, f) => n + (Number(f.entry.dataFile.recordCount) - f.live), 0)), rowsLive: before.rowsLive, dataFiles: before.dataFiles === undefined ? undefined : before.dataFiles - whole.length },
      ...warned([textRef('note.write.iceberg.deleteStays')]),
      details: { mode, rows, filesRemoved: whole.length, filesChanged: partial.length, removed: whole.map((f) => key(f.entry)) },
    },
    apply: (o: ApplyOptions = {}) => applyDeletes(storage, state, files, mode, branch, o),
  };
}

/** Extra data for {@link applyDeletes}: new rows written in the same snapshot (an overwrite). */
export interface ReplacementData {
  readonly files: readonly WrittenDataFile[];
}

/** Writes the rewrites / delete files of `files` and commits them, plus `replacement` data if given. */
export async function applyDeletes(storage: Storage, state: TableState, files: readonly FileDeletion[], mode: DeleteMode, branch: string, opts: ApplyOptions, replacement?: ReplacementData) {
  const meta = state.metadata;
  const schema = currentSchema(meta);
  const namer = new FileNamer();
  const writtenKeys: string[] = [];
  const addedData: WrittenDataFile[] = [...(replacement?.files ?? [])];
  replacement?.files.forEach((f) => writtenKeys.push(f.key));
  const addedDeletes: DataFile[] = [];
  const removed = new Set<string>();
  const targets = new Set(files.map((f) => f.entry.dataFile.filePath));
  const dvs: { dataPath: string; bitmap: RoaringBitmap64; entry: ManifestEntry }[] = [];
  try {
    for (const f of files) {
      const df = f.entry.dataFile;
      const spec = findSpec(meta, df.specId)!;
      const fileScoped = f.deletes.filter((d) => d.dataFile.referencedDataFile === df.filePath);
      if (f.matched.length === f.live) {
        removed.add(df.filePath);
        fileScoped.forEach((d) => removed.add(entryKey(d.dataFile)));
      } else if (mode === 'copy-on-write') {
        removed.add(df.filePath);
        fileScoped.forEach((d) => removed.add(entryKey(d.dataFile)));
        const w = await writePartitionFiles(state, f.survivors!, df.partition, schema, spec, namer, {
          extraFields: meta.formatVersion >= 3 ? [ROW_ID_FIELD, LAST_UPDATED_FIELD] : [], signal: opts.signal,
        });
        w.forEach((x) => writtenKeys.push(x.key));
        addedData.push(...w);
      } else if (meta.formatVersion >= 3) {
        const old = f.deletes.find((d) => d.dataFile.fileFormat === 'puffin');
        let positions = f.matched;
        if (old) {
          const prev = await readDeletionVector(state.files.source(old.dataFile.filePath, Number(old.dataFile.fileSizeInBytes)), Number(old.dataFile.contentOffset), Number(old.dataFile.contentSizeInBytes), opts.signal);
          positions = [...new Set([...prev.toArray(), ...positions])];
          removed.add(entryKey(old.dataFile)); // a data file has at most one DV: the merged one replaces it
        }
        dvs.push({ dataPath: df.filePath, bitmap: RoaringBitmap64.from(positions), entry: f.entry });
      } else {
        const { bytes, file } = positionDeleteFile(df.filePath, f.matched);
        const nf = newDataFile(state, partitionPath(spec, schema, df.partition), namer.next(), namer.commitUuid, 'parquet', true);
        await storage.write(nf.key, bytes, { signal: opts.signal });
        writtenKeys.push(nf.key);
        addedDeletes.push({ ...file, filePath: nf.path, specId: df.specId, partition: df.partition });
      }
    }
    if (dvs.length) {
      const { bytes, files: bodies } = deletionVectorFile(dvs);
      const nf = newDataFile(state, '', namer.next(), namer.commitUuid, 'puffin', true);
      await storage.write(nf.key, bytes, { signal: opts.signal });
      writtenKeys.push(nf.key);
      bodies.forEach((b, i) => addedDeletes.push({ ...b.file, filePath: nf.path, specId: dvs[i].entry.dataFile.specId, partition: dvs[i].entry.dataFile.partition }));
    }
  } catch (e) {
    await Promise.all(writtenKeys.map((k) => storage.delete(k).catch(() => undefined)));
    throw e;
  }
  const known = new Set(files.flatMap((f) => f.deletes.map((d) => entryKey(d.dataFile))));
  const r = await commitSnapshot(storage, {
    operation: addedData.length || replacement ? 'overwrite' : 'delete', branch,
    addedDataFiles: addedData.map((w) => w.dataFile), addedDeleteFiles: addedDeletes, removedPaths: removed,
    validate: (_b, _h, contents) => {
      const live = liveEntries(contents);
      const livePaths = new Set(live.map((e) => e.dataFile.filePath));
      for (const t of targets) {
        if (!livePaths.has(t)) throw messageError('Conflict', 'error.iceberg.delete.removed', { file: t }, { file: t, retryable: false });
      }
      for (const e of live) {
        const ref = e.dataFile.referencedDataFile;
        if (e.dataFile.content === 'position-deletes' && ref && targets.has(ref) && !known.has(entryKey(e.dataFile))) {
          throw messageError('Conflict', 'error.iceberg.delete.deletesAdded', { file: ref }, { file: ref, retryable: false });
        }
      }
    },
  }, { signal: opts.signal, retry: opts.retry, writtenKeys: () => writtenKeys });
  return changeResult(replacement ? 'overwrite' : 'delete', r, writtenKeys.map((k) => ({ key: k, kind: 'data' as const })), [], {
    mode, rowsDeleted: files.reduce((n, f) => n + f.matched.length, 0), filesRemoved: removed.size, dataFilesAdded: addedData.length, deleteFilesAdded: addedDeletes.length,
  });
}
