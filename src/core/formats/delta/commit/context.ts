/**
 * What every Delta write starts from: the table's current state read again (never a cached one), checked
 * against this writer's features for the operation, plus the shapes of the actions it writes
 * (PROTOCOL.md "Add File and Remove File").
 */
import { LakeError } from '../../../errors.ts';
import { fileKey } from '../scan/replay.ts';
import { planSnapshot, readSchema } from '../scan/plan.ts';
import type { Snapshot } from '../scan/replay.ts';
import type { DeltaTask } from '../scan/task.ts';
import type { AddFile, DeletionVectorDescriptor, Metadata } from '../spec/actions.ts';
import type { StructType } from '../spec/schema.ts';
import type { DeltaTable } from '../table.ts';
import { checkWritable, type DeltaWriteOp } from './writer-features.ts';
import { internalError, messageError } from '../../../message-error.ts';

export interface WriteState {
  readonly table: DeltaTable;
  readonly snapshot: Snapshot;
  readonly schema: StructType;
}

/** The current state of `table` after a refresh, refused when `op` may not be written to it. */
export async function loadWriteState(table: DeltaTable, op: DeltaWriteOp, signal?: AbortSignal): Promise<WriteState> {
  if (!table.storage.writable) throw messageError('Unsupported', 'error.delta.write.readOnly', { storage: table.storage.description }, { operation: op });
  await table.reload(signal);
  const snapshot = table.snapshot;
  checkWritable(snapshot.protocol, snapshot.metadata, op);
  return { table, snapshot, schema: readSchema(snapshot).schema };
}

/** A deletion vector descriptor as the log writes it. */
export function dvJson(dv: DeletionVectorDescriptor): Record<string, unknown> {
  return {
    storageType: dv.storageType, pathOrInlineDv: dv.pathOrInlineDv, ...(dv.offset !== undefined ? { offset: dv.offset } : {}),
    sizeInBytes: dv.sizeInBytes, cardinality: dv.cardinality,
  };
}

/**
 * The metaData action (as read) as the log writes it (PROTOCOL.md "Change Metadata"): only the protocol's
 * fields — never the reader's own `source` (which log file it came from), so that the same metadata read
 * from a checkpoint and from a commit compares equal and nothing foreign lands in the log.
 */
export function metadataJson(m: Metadata): Record<string, unknown> {
  return {
    id: m.id, ...(m.name !== undefined ? { name: m.name } : {}), ...(m.description !== undefined ? { description: m.description } : {}),
    format: { provider: m.format.provider, options: m.format.options }, schemaString: m.schemaString, partitionColumns: m.partitionColumns,
    configuration: m.configuration, ...(m.createdTime !== undefined ? { createdTime: m.createdTime } : {}),
  };
}

/** An add action (as read) as JSON again, with `dataChange` set. */
export function addJson(a: AddFile, dataChange: boolean): Record<string, unknown> {
  return {
    add: {
      path: a.path, partitionValues: a.partitionValues, size: a.size, modificationTime: a.modificationTime, dataChange,
      ...(a.stats !== undefined ? { stats: a.stats } : {}), ...(a.tags ? { tags: a.tags } : {}),
      ...(a.deletionVector ? { deletionVector: dvJson(a.deletionVector) } : {}),
    },
  };
}

/** The remove action of a live file (extended metadata: partition values and size, as delta-spark writes). */
export function removeJson(a: AddFile, dataChange: boolean, nowMs: number): Record<string, unknown> {
  return {
    remove: {
      path: a.path, deletionTimestamp: nowMs, dataChange, extendedFileMetadata: true, partitionValues: a.partitionValues, size: a.size,
      ...(a.stats !== undefined ? { stats: a.stats } : {}), ...(a.deletionVector ? { deletionVector: dvJson(a.deletionVector) } : {}),
    },
  };
}

/** One live file with its read task (every column, no filter). */
export interface LiveFile {
  readonly add: AddFile;
  readonly task: DeltaTask;
}

/** Every live file of the snapshot with the task that reads it. */
export function liveFiles(snapshot: Snapshot): LiveFile[] {
  const plan = planSnapshot({ snapshot, notes: [] });
  const byKey = new Map([...snapshot.files.values()].map((a) => [fileKey(a), a]));
  return plan.tasks.map((task) => {
    const add = byKey.get(fileKey({ path: task.path, deletionVector: task.deletionVector } as AddFile));
    if (!add) throw internalError(`delta write: planned file ${task.path} is not live`, { file: task.key });
    return { add, task };
  });
}
