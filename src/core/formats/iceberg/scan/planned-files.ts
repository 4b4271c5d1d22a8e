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

/**
 * One planned file per task, in task order. Must hold: the same records as {@link plannedFile} builds one
 * by one (planned-files.test.ts compares them). Partition tuples are shared between a manifest's entries
 * (spec/manifest.ts `readPartition`), so the human form of each distinct tuple is made once here, not per
 * file (100,000 files of a few partitions made 100,000 value records and texts: ~40% of `plan()` after
 * planScan); the records of one tuple then share one frozen `partitionValues`.
 */
export function plannedFiles(meta: TableMetadata, tasks: readonly FileScanTask[]): PlannedFileDto[] {
  const forms = new Map<number, WeakMap<object, PartitionForm>>();
  const out = new Array<PlannedFileDto>(tasks.length);
  for (let i = 0; i < tasks.length; i++) {
    const t = tasks[i]!;
    let bySpec = forms.get(t.specId);
    if (!bySpec) forms.set(t.specId, bySpec = new WeakMap());
    let form = bySpec.get(t.partition);
    if (!form) {
      const values = Object.freeze(partitionValues(meta, t.specId, t.partition));
      bySpec.set(t.partition, form = { values, text: partitionText(values) });
    }
    out[i] = fileRecord(t, i, form);
  }
  return out;
}

/** A partition tuple in the forms a planned file gives it. */
interface PartitionForm { readonly values: Readonly<Record<string, string | null>>; readonly text: string }

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

/** The planned file of one task on its own (the reference {@link plannedFiles} must agree with). */
export function plannedFile(meta: TableMetadata, t: FileScanTask, task: number): PlannedFileDto {
  const values = partitionValues(meta, t.specId, t.partition);
  return fileRecord(t, task, { values, text: partitionText(values) });
}

/**
 * The record itself, its keys always in this order. Built without object spread: V8 (Node 20) takes a
 * slow path for properties after a spread (~4 µs an object, measured), which 100,000 files paid.
 */
function fileRecord(t: FileScanTask, task: number, form: PartitionForm): PlannedFileDto {
  const r: { -readonly [K in keyof PlannedFileDto]: PlannedFileDto[K] } = {
    path: t.path,
    key: t.key,
    content: 'data',
    fileFormat: t.format.toLowerCase(),
    partition: form.text,
    partitionValues: form.values,
    specId: String(t.specId),
    records: t.recordCount.toString(),
    bytes: t.fileSizeInBytes.toString(),
    deletes: t.deletes.length === 0 ? [] : t.deletes.map(appliedFile),
    task,
  };
  if (!t.rowGroups && !t.residual) return r;
  // Rare (a filtered plan): the optional keys go before `task`, as the record always had them.
  return {
    path: r.path, key: r.key, content: r.content, fileFormat: r.fileFormat, partition: r.partition, partitionValues: r.partitionValues,
    specId: r.specId, records: r.records, bytes: r.bytes, deletes: r.deletes,
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
