/**
 * Splitting rows by partition (spec "Partitioning", "Partition Transforms"): each row's partition tuple is
 * the spec's transforms applied to its source columns; rows of one tuple go to the same data files, which
 * sit under a Hive-style path (`event_time_hour=2020-01-01-09/action=click`) as Java writers lay them out.
 * Writers must refuse specs with unknown transforms ("Writers are not allowed to commit files with a
 * partition spec that contains a field with an unknown transform").
 */
import type { Value } from '../../../expr/types.ts';
import { partitionKey } from '../scan/delete-index.ts';
import type { PartitionSpec } from '../spec/partition-spec.ts';
import { fieldsById, type Schema } from '../spec/schema.ts';
import { applyTransform, partitionValueToString, resultType } from '../spec/transform.ts';
import { isNested, type PrimitiveType } from '../spec/types.ts';
import { normalizePrimitive, type Row } from './row-values.ts';
import { messageError } from '../../../message-error.ts';

/** Rows that share one partition tuple. */
export interface PartitionGroup {
  readonly partition: readonly (Value | null)[];
  /** Hive-style relative path of the partition ('' when unpartitioned). */
  readonly path: string;
  readonly rows: Row[];
}

/** A function from a row to its partition tuple. */
export type PartitionOf = (row: Row, rowIndex: number) => (Value | null)[];

/** Builds the partition function of a spec under a schema; Unsupported for unknown or multi-argument transforms. */
export function partitioner(spec: PartitionSpec, schema: Schema): PartitionOf {
  const byId = fieldsById(schema);
  const parts = spec.fields.map((f) => {
    if (f.transform.kind === 'unknown') throw messageError('Unsupported', 'error.iceberg.write.transform', { field: f.name, transform: f.transform.name }, { field: f.name });
    if (f.sourceIds.length !== 1) throw messageError('Unsupported', 'error.iceberg.write.multiArg', { field: f.name }, { field: f.name });
    const pos = byId.get(f.sourceIds[0]);
    if (!pos || !pos.inStructsOnly || isNested(pos.field.type)) {
      if (f.transform.kind === 'void') return { path: [] as readonly string[], type: undefined, transform: f.transform };
      throw messageError('DataInvalid', 'error.iceberg.write.partitionSource', { id: f.sourceIds[0]!, field: f.name }, { field: f.name });
    }
    return { path: pos.path, type: pos.field.type as PrimitiveType, transform: f.transform };
  });
  return (row, i) => parts.map((p) => {
    if (!p.type) return null;
    let v: unknown = row;
    for (const name of p.path) v = v === null || v === undefined ? v : (v as Record<string, unknown>)[name];
    if (v === null || v === undefined) return null;
    return applyTransform(p.transform, p.type, normalizePrimitive(p.type, v, `row ${i}: ${p.path.join('.')}`));
  });
}

/** Groups rows by partition tuple, in first-seen order. */
export function groupByPartition(rows: readonly Row[], spec: PartitionSpec, schema: Schema): PartitionGroup[] {
  const of = partitioner(spec, schema);
  const groups = new Map<string, PartitionGroup>();
  rows.forEach((row, i) => {
    const partition = of(row, i);
    const key = partitionKey(spec.specId, partition);
    let g = groups.get(key);
    if (!g) {
      g = { partition, path: partitionPath(spec, schema, partition), rows: [] };
      groups.set(key, g);
    }
    g.rows.push(row);
  });
  return [...groups.values()];
}

/** `name=value/…` with each part escaped for use in a key; '' for an unpartitioned spec. */
export function partitionPath(spec: PartitionSpec, schema: Schema, partition: readonly (Value | null)[]): string {
  const byId = fieldsById(schema);
  return spec.fields.map((f, i) => {
    const source = byId.get(f.sourceIds[0])?.field.type;
    const result = source ? resultType(f.transform, source) : undefined;
    return `${escapePart(f.name)}=${escapePart(partitionValueToString(f.transform, result, partition[i]))}`;
  }).join('/');
}

function escapePart(s: string): string {
  return encodeURIComponent(s).replace(/%20/g, '+');
}
