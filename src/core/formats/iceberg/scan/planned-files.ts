/**
 * The common model's view of an Iceberg plan (table-format.ts `PlannedFileDto`): one record per
 * FileScanTask, with the partition in the human form Iceberg writes in data file paths (spec "Partition
 * Transforms", `toHumanString`) and 64-bit counters as decimal strings.
 */
import { describeExpr } from '../../../expr/describe.ts';
import type { Value } from '../../../expr/types.ts';
import type { AppliedFileDto, PlannedFileDto, ScanTask } from '../../table-format.ts';
import { findSpec, type TableMetadata } from '../spec/table-metadata.ts';
import { partitionValueToString } from '../spec/transform.ts';
import { partitionFieldsFor } from './partition-fields.ts';
import type { DeleteFileRef, FileScanTask } from './task.ts';

/** Iceberg's tasks as the model's opaque tasks (only this format reads them back, in `read`). */
export function toScanTasks(tasks: readonly FileScanTask[]): readonly ScanTask[] {
  return tasks as unknown as readonly ScanTask[];
}

/** A task handed back by the model: the FileScanTask this format planned. */
export function fromScanTask(task: ScanTask): FileScanTask {
  return task as unknown as FileScanTask;
}

/** One planned file per task, in task order. */
export function plannedFiles(meta: TableMetadata, tasks: readonly FileScanTask[]): PlannedFileDto[] {
  return tasks.map((t, i) => plannedFile(meta, t, i));
}

/** A partition tuple's values by field name, in the human form of spec "Partition Transforms" (null for null). */
export function partitionValues(meta: TableMetadata, specId: number, tuple: readonly (Value | null | undefined)[]): Record<string, string | null> {
  const spec = findSpec(meta, specId);
  const fields = spec ? partitionFieldsFor(meta, spec) : [];
  const values: Record<string, string | null> = {};
  tuple.forEach((v, i) => {
    const f = fields[i];
    values[f?.field.name ?? `field_${i}`] = v === null || v === undefined ? null : partitionValueToString(f?.field.transform ?? { kind: 'identity' }, f?.type, v);
  });
  return values;
}

/** `name=value/…` of a partition tuple: the form {@link PlannedFileDto.partition} gives ('' when unpartitioned). */
export function partitionText(values: Readonly<Record<string, string | null>>): string {
  return Object.entries(values).map(([k, v]) => `${k}=${v ?? 'null'}`).join('/');
}

function plannedFile(meta: TableMetadata, t: FileScanTask, task: number): PlannedFileDto {
  const values = partitionValues(meta, t.specId, t.partition);
  return {
    path: t.path,
    key: t.key,
    content: 'data',
    fileFormat: t.format.toLowerCase(),
    partition: partitionText(values),
    partitionValues: values,
    specId: String(t.specId),
    records: t.recordCount.toString(),
    bytes: t.fileSizeInBytes.toString(),
    deletes: t.deletes.map(appliedFile),
    ...(t.rowGroups ? { rowGroups: [...t.rowGroups] } : {}),
    ...(t.residual ? { residual: describeExpr(t.residual) } : {}),
    task,
  };
}

function appliedFile(d: DeleteFileRef): AppliedFileDto {
  const kind = d.kind === 'position' ? 'position-deletes' : d.kind === 'equality' ? 'equality-deletes' : 'deletion-vector';
  return {
    kind, path: d.path, key: d.key, records: d.recordCount.toString(),
    bytes: (d.kind === 'deletion-vector' && d.contentSizeInBytes !== undefined ? d.contentSizeInBytes : d.fileSizeInBytes).toString(),
  };
}
