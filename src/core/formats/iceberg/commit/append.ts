/**
 * Appending rows or existing data files (an `append` snapshot: "only data files were added and no files
 * were removed", spec "Snapshots"). Rows are written with the current schema and default partition spec
 * before the commit; the commit itself only adds a manifest and a manifest list, so a lost race costs a
 * rewritten manifest list, never rewritten data.
 */
import type { ChangeResult } from '../../../commit/change-preview.ts';
import type { Storage } from '../../../io/storage.ts';
import type { DataFile } from '../spec/manifest.ts';
import { currentSchema, findSpec } from '../spec/table-metadata.ts';
import type { Row } from './row-values.ts';
import { changeResult, commitSnapshot, type SnapshotCommitOptions } from './snapshot-commit.ts';
import { loadTableState } from './table-state.ts';
import { FileNamer, type WriteFilesOptions, writeDataFiles } from './write-data-files.ts';
import { messageError } from '../../../message-error.ts';

export interface AppendOptions extends SnapshotCommitOptions, Omit<WriteFilesOptions, 'signal'> {
  readonly branch?: string;
}

/**
 * Writes `rows` (objects keyed by column name; values as in row-values.ts) as new data files and commits
 * them. Throws DataInvalid for rows that do not fit the schema — before anything is written.
 */
export async function appendRows(storage: Storage, rows: readonly Row[], opts: AppendOptions = {}): Promise<ChangeResult> {
  const base = opts.base ?? await loadTableState(storage, opts.signal);
  const meta = base.metadata;
  if (meta.formatVersion > 3) throw messageError('Unsupported', 'error.iceberg.write.formatVersion', { version: meta.formatVersion });
  const spec = findSpec(meta, meta.defaultSpecId)!;
  const written = await writeDataFiles(base, rows, currentSchema(meta), spec, new FileNamer(), { ...opts, signal: opts.signal });
  const result = await appendDataFiles(storage, written.map((w) => w.dataFile), { ...opts, base, writtenKeys: () => written.map((w) => w.key) });
  return { ...result, written: [...written.map((w) => ({ key: w.key, kind: 'data' as const, bytes: Number(w.dataFile.fileSizeInBytes) })), ...result.written] };
}

/** Commits already written data files (`DataFile`s with the table's spec ids and partition tuples). */
export async function appendDataFiles(storage: Storage, files: readonly DataFile[], opts: AppendOptions = {}): Promise<ChangeResult> {
  const r = await commitSnapshot(storage, { operation: 'append', branch: opts.branch, addedDataFiles: files }, opts);
  return changeResult('append', r, [], [], { addedFiles: files.length, addedRecords: String(files.reduce((n, f) => n + f.recordCount, 0n)) });
}
