/**
 * Deleting rows by key without reading data files (spec "Equality Delete Files"): an equality delete file
 * lists values of the `equality_ids` columns; every row of an older data file (strictly lower data sequence
 * number) in the same partition whose values equal one listed row is deleted — as Flink upserts do. For a
 * partitioned table each key row must carry the partition source columns, so the delete file lands in the
 * row's partition; in an unpartitioned spec the file applies table-wide.
 */
import type { Storage } from '../../../io/storage.ts';
import { partitionKey } from '../scan/delete-index.ts';
import type { DataFile } from '../spec/manifest.ts';
import { fieldsById } from '../spec/schema.ts';
import { currentSchema, findSpec } from '../spec/table-metadata.ts';
import type { ChangeResult } from '../../../commit/change-preview.ts';
import { equalityDeleteFile } from './delete-files.ts';
import { partitioner, partitionPath } from './partitioner.ts';
import type { Row } from './row-values.ts';
import { changeResult, commitSnapshot, type SnapshotCommitOptions } from './snapshot-commit.ts';
import { newDataFile } from './snapshot-files.ts';
import { loadTableState } from './table-state.ts';
import { FileNamer } from './write-data-files.ts';
import { messageError } from '../../../message-error.ts';

/**
 * Writes equality deletes over top-level `columns` for `keys` (rows keyed by column name) and commits them
 * as a `delete` snapshot. Throws Unsupported before v2, DataInvalid for unknown or nested columns.
 */
export async function deleteByKeys(storage: Storage, columns: readonly string[], keys: readonly Row[], opts: SnapshotCommitOptions & { branch?: string } = {}): Promise<ChangeResult> {
  const state = opts.base ?? await loadTableState(storage, opts.signal);
  const meta = state.metadata;
  if (meta.formatVersion < 2) throw messageError('Unsupported', 'error.iceberg.delete.eqVersion', undefined);
  const schema = currentSchema(meta);
  const spec = findSpec(meta, meta.defaultSpecId)!;
  const byId = fieldsById(schema);
  const fields = columns.map((c) => {
    const f = schema.fields.find((x) => x.name === c);
    if (!f || f.type.kind === 'struct' || f.type.kind === 'list' || f.type.kind === 'map') throw messageError('DataInvalid', 'error.iceberg.delete.keyColumn', { column: c }, { column: c });
    return f;
  });
  for (const pf of spec.fields) {
    const src = byId.get(pf.sourceIds[0]);
    if (pf.transform.kind !== 'void' && !fields.some((f) => f.id === src?.field.id)) {
      throw messageError('DataInvalid', 'error.iceberg.delete.partitionSource', { column: src?.path.join('.') ?? String(pf.sourceIds[0]), field: pf.name }, { column: pf.name });
    }
  }
  const of = partitioner(spec, schema);
  const groups = new Map<string, { partition: DataFile['partition']; rows: Row[] }>();
  keys.forEach((row, i) => {
    const partition = of(row, i);
    const k = partitionKey(spec.specId, partition);
    const g = groups.get(k) ?? { partition, rows: [] };
    g.rows.push(Object.fromEntries(fields.map((f) => [f.name, row[f.name] ?? null])));
    groups.set(k, g);
  });
  const namer = new FileNamer();
  const written: { key: string; file: DataFile }[] = [];
  try {
    for (const g of groups.values()) {
      const { bytes, file } = equalityDeleteFile(fields, g.rows);
      const nf = newDataFile(state, partitionPath(spec, schema, g.partition), namer.next(), namer.commitUuid, 'parquet', true);
      await storage.write(nf.key, bytes, { signal: opts.signal });
      written.push({ key: nf.key, file: { ...file, filePath: nf.path, specId: spec.specId, partition: g.partition } });
    }
  } catch (e) {
    await Promise.all(written.map((w) => storage.delete(w.key).catch(() => undefined)));
    throw e;
  }
  const r = await commitSnapshot(storage, { operation: 'delete', branch: opts.branch, addedDeleteFiles: written.map((w) => w.file) }, {
    ...opts, base: state, writtenKeys: () => written.map((w) => w.key),
  });
  return changeResult('delete', r, written.map((w) => ({ key: w.key, kind: 'delete' as const, bytes: Number(w.file.fileSizeInBytes) })), [], { equalityDeleteFiles: written.length, keys: keys.length });
}
