/**
 * The common model's view of a Delta plan (table-format.ts `PlannedFileDto`): one record per task (a
 * live `add` action), with the partition in the `column=value` form of Delta's folder names (logical
 * column names; the values as the log wrote them) and the deletion vector applied.
 */
import { describeExpr } from '../../../expr/describe.ts';
import type { AppliedFileDto, PlannedFileDto, ScanTask } from '../../table-format.ts';
import type { DeletionVectorDescriptor } from '../spec/actions.ts';
import { deletionVectorPath } from '../spec/deletion-vector.ts';
import { physicalName } from '../spec/schema.ts';
import { resolveLogPath } from './paths.ts';
import type { DeltaTask } from './task.ts';

/** Delta's tasks as the model's opaque tasks (only this format reads them back, in `read`). */
export function toScanTasks(tasks: readonly DeltaTask[]): readonly ScanTask[] {
  return tasks as unknown as readonly ScanTask[];
}

/** A task handed back by the model: the DeltaTask this format planned. */
export function fromScanTask(task: ScanTask | DeltaTask): DeltaTask {
  return task as unknown as DeltaTask;
}

/** One planned file per task, in task order. `location` maps absolute deletion vector paths (scan/paths.ts). */
export function plannedFiles(tasks: readonly DeltaTask[], location?: string): PlannedFileDto[] {
  return tasks.map((t, task) => {
    const values: Record<string, string | null> = {};
    for (const name of t.partitionColumns) {
      const field = t.schema.fields.find((f) => f.name === name);
      values[name] = t.partitionValues[field ? physicalName(field, t.columnMapping) : name] ?? null;
    }
    return {
      path: t.path,
      key: t.key,
      content: 'data',
      fileFormat: 'parquet',
      partition: Object.entries(values).map(([k, v]) => `${k}=${v ?? 'null'}`).join('/'),
      partitionValues: values,
      ...(t.numRecords !== undefined ? { records: t.numRecords } : {}),
      bytes: String(t.size),
      deletes: t.deletionVector ? [appliedVector(t.deletionVector, location)] : [],
      ...(t.filter ? { residual: describeExpr(t.filter) } : {}),
      task,
    };
  });
}

/** A deletion vector: its file (or `inline` when stored in the log), the rows it marks, its bytes. */
function appliedVector(dv: DeletionVectorDescriptor, location: string | undefined): AppliedFileDto {
  const where = deletionVectorPath(dv);
  let key: string | undefined = where?.relative;
  if (where?.absolute) {
    try { key = resolveLogPath(where.absolute, location, 'deletion vector file'); } catch { key = undefined; }
  }
  return {
    kind: 'deletion-vector',
    path: where?.relative ?? where?.absolute ?? `inline:${dv.pathOrInlineDv}`,
    ...(key !== undefined ? { key } : {}),
    records: dv.cardinality.toString(),
    bytes: String(dv.sizeInBytes),
  };
}
