/**
 * The common model's view of a Paimon plan (table-format.ts `PlannedFileDto`): one record per data file
 * of every split, with the partition as Paimon writes it in folder names and the deletion vector applied.
 */
import { describeExpr } from '../../../expr/describe.ts';
import type { PlannedFileDto, ScanTask } from '../../table-format.ts';
import type { PaimonTask } from './task.ts';

/** Paimon's splits as the model's opaque tasks (only this format reads them back, in `read`). */
export function toScanTasks(tasks: readonly PaimonTask[]): readonly ScanTask[] {
  return tasks as unknown as readonly ScanTask[];
}

/** A task handed back by the model: the split this format planned. */
export function fromScanTask(task: ScanTask | PaimonTask): PaimonTask {
  return task as unknown as PaimonTask;
}

/** Every file of every split, in task order. */
export function plannedFiles(tasks: readonly PaimonTask[]): PlannedFileDto[] {
  return tasks.flatMap((t, task) => {
    const values: Record<string, string | null> = {};
    for (const kv of t.partitionPath === '' ? [] : t.partitionPath.split('/')) {
      const i = kv.indexOf('=');
      if (i > 0) values[kv.slice(0, i)] = kv.slice(i + 1);
    }
    const residual = t.filter ? describeExpr(t.filter) : undefined;
    return t.files.map((f): PlannedFileDto => ({
      // Paimon manifests record a file name; the path people can find is the one under the table root.
      path: f.externalPath ?? f.key,
      key: f.key,
      content: 'data',
      ...(/\.(parquet|orc|avro)$/i.test(f.fileName) ? { fileFormat: /\.(\w+)$/.exec(f.fileName)![1]!.toLowerCase() } : {}),
      partition: t.partitionPath,
      partitionValues: values,
      records: f.rowCount,
      bytes: String(f.fileSize),
      deletes: f.deletionVector ? [{
        kind: 'deletion-vector', path: f.deletionVector.indexFile, key: `index/${f.deletionVector.indexFile}`,
        ...(f.deletionVector.cardinality !== undefined ? { records: f.deletionVector.cardinality } : {}),
        bytes: String(f.deletionVector.length),
      }] : [],
      ...(residual ? { residual } : {}),
      task,
    }));
  });
}
