/**
 * Planning a read of one version: every live file of the snapshot becomes a task unless its partition
 * values or its statistics prove that no row can match the filter (core/expr's tri-state metrics
 * evaluation; missing statistics always mean "might match"). Every skipped file is recorded with why.
 */
import { note, type Note } from '../../../messages/note.ts';
import { LakeError } from '../../../errors.ts';
import {
  bindExpr, evaluateMetrics, parseWhere, referencedIds, type BoundExpr, type ColumnStats, type Expr,
} from '../../../expr/index.ts';
import type { LakePlan, SkipDto } from '../../table-format.ts';
import { parsePartitionValue } from '../spec/partition-value.ts';
import { inSchemaOf, physicalName, parseSchemaString, type ColumnMappingMode, type DeltaType, type StructField, type StructType } from '../spec/schema.ts';
import { columnStats, fileStats } from '../spec/stats.ts';
import { checkSchemaReadable, columnMappingMode } from '../spec/table-features.ts';
import { valueTypeOf } from '../spec/value-type.ts';
import { resolveLogPath } from './paths.ts';
import type { Snapshot } from './replay.ts';
import type { AddFile } from '../spec/actions.ts';
import type { DeltaTask } from './task.ts';
import { plannedFiles } from './planned-files.ts';
import { messageError } from '../../../message-error.ts';

export interface PlanInput {
  readonly snapshot: Snapshot;
  readonly filter?: Expr | string;
  readonly columns?: readonly string[];
  readonly notes?: readonly Note[];
  /** The table's absolute location, to map absolute paths (scan/paths.ts). */
  readonly location?: string;
}

/**
 * The read schema of a snapshot, checked readable (no variant columns) and, under column mapping, every
 * field (nested too) carrying its physical name — checked here, once, so that a schema missing one is a
 * DataInvalid naming the log file of the metaData action rather than a failure deep in a read.
 */
export function readSchema(snapshot: Snapshot): { schema: StructType; mode: ColumnMappingMode } {
  const schema = parseSchemaString(snapshot.metadata.schemaString, snapshot.metadata.source);
  checkSchemaReadable(schema);
  const mode = columnMappingMode(snapshot.protocol, snapshot.metadata);
  if (mode !== 'none') {
    try {
      checkPhysicalNames(schema.fields, mode);
    } catch (e) {
      const file = snapshot.metadata.source;
      if (file && e instanceof LakeError && !e.context.file) throw inSchemaOf(e, file);
      throw e;
    }
  }
  return { schema, mode };
}

function checkPhysicalNames(fields: readonly StructField[], mode: ColumnMappingMode): void {
  for (const f of fields) {
    physicalName(f, mode);
    let t: DeltaType = f.type;
    while (t.kind === 'array' || t.kind === 'map') t = t.kind === 'array' ? t.elementType : t.valueType;
    if (t.kind === 'struct') checkPhysicalNames(t.fields, mode);
  }
}

/** Binds a filter to the schema's top-level columns; field id = position + 1. */
export function bindFilter(schema: StructType, filter: Expr | string | undefined): BoundExpr | undefined {
  if (filter === undefined || filter === '') return undefined;
  const expr = typeof filter === 'string' ? parseWhere(filter) : filter;
  return bindExpr(expr, (name) => {
    const i = schema.fields.findIndex((f) => f.name === name);
    return i < 0 ? undefined : { id: i + 1, name, type: valueTypeOf(schema.fields[i]!.type) };
  });
}

/**
 * Plans the read of a snapshot. Must hold: every live file whose rows might match is in exactly one
 * task; every other live file is in `skipped` with a reason; unknown output columns → NotFound.
 */
export function planSnapshot(input: PlanInput): LakePlan<DeltaTask> {
  const { snapshot } = input;
  const { schema, mode } = readSchema(snapshot);
  const names = schema.fields.map((f) => f.name);
  const columns = input.columns ? [...input.columns] : names;
  for (const c of columns) if (!names.includes(c)) throw messageError('NotFound', 'error.delta.unknownColumn', { column: c }, { column: c });
  const filter = bindFilter(schema, input.filter);
  const partitionColumns = snapshot.metadata.partitionColumns;
  const skipped: SkipDto[] = [];
  const counts = { files: { total: 0, planned: 0, skippedByPartition: 0, skippedByStats: 0 }, deletionVectors: { applied: 0 } };
  const tasks: DeltaTask[] = [];
  const version = snapshot.version.toString();
  // Only the columns the filter names need statistics (ids are schema positions + 1).
  const filterIds = filter ? referencedIds(filter) : new Set<number>();
  const filterFields = schema.fields.map((f, i) => ({ f, id: i + 1, key: physicalName(f, mode), partition: partitionColumns.includes(f.name) })).filter((x) => filterIds.has(x.id));
  const needStats = filterFields.some((x) => !x.partition);

  for (const add of snapshot.files.values()) {
    counts.files.total++;
    const stats = needStats ? fileStats(add) : undefined;
    if (filter) {
      const byId = new Map<number, ColumnStats>();
      let partitionOnly = true;
      for (const { f, id, key, partition } of filterFields) {
        if (partition) {
          const v = parsePartitionValue(add.partitionValues[key], f.type, f.name);
          byId.set(id, v === null ? { valueCount: 1, nullCount: 1 } : { valueCount: 1, nullCount: 0, lower: v, upper: v });
        } else if (stats) {
          partitionOnly = false;
          byId.set(id, columnStats(stats, key, f.type, add.deletionVector !== undefined));
        }
      }
      const rows = stats?.numRecords !== undefined ? Number(stats.numRecords) : undefined;
      const m = evaluateMetrics(filter, (id) => byId.get(id), rows);
      if (!m.match) {
        const byPartition = partitionOnly || evaluateMetrics(filter, (id) => (partitionColumns.includes(schema.fields[id - 1]!.name) ? byId.get(id) : undefined)).match === false;
        if (byPartition) counts.files.skippedByPartition++;
        else counts.files.skippedByStats++;
        skipped.push({ step: byPartition ? 'partition' : 'file-stats', kind: 'data-file', path: add.path, reason: `${byPartition ? 'partition values' : 'file statistics'}: ${m.reason ?? 'no row can match'}` });
        continue;
      }
    }
    if (add.deletionVector) counts.deletionVectors.applied++;
    const numRecords = stats?.numRecords ?? quickNumRecords(add);
    tasks.push({
      format: 'delta',
      version,
      path: add.path,
      key: resolveLogPath(add.path, input.location),
      size: Number(add.size),
      partitionValues: add.partitionValues,
      ...(add.deletionVector ? { deletionVector: add.deletionVector } : {}),
      ...(numRecords !== undefined ? { numRecords: numRecords.toString() } : {}),
      schema,
      partitionColumns,
      columnMapping: mode,
      columns,
      ...(filter ? { filter } : {}),
    });
    counts.files.planned++;
  }
  const notes = [...(input.notes ?? [])];
  if (schema.fields.some((f) => partitionColumns.includes(f.name) && f.type.kind === 'primitive' && f.type.name === 'timestamp')) {
    notes.push(note('note.delta.utcPartitions'));
  }
  return { versionId: version, columns, tasks, files: plannedFiles(tasks, input.location), skipped, counts, notes };
}

/** `numRecords` without parsing the whole statistics (the plan lists it for every file). */
function quickNumRecords(add: AddFile): bigint | undefined {
  const parsed = add.statsParsed?.numRecords;
  if (typeof parsed === 'bigint' || typeof parsed === 'number') return BigInt(parsed);
  const m = add.stats ? /"numRecords"\s*:\s*(\d+)/.exec(add.stats) : null;
  return m ? BigInt(m[1]!) : undefined;
}
