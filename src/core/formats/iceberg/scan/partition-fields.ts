/**
 * The partition tuple type of a spec for a table: source column types come from the current schema, or
 * from the newest older schema that still has the column (a v1 table may drop a partition source column).
 * One table object always derives the same type for a spec, so parsed manifests can be cached by path.
 */
import { type PartitionSpec, type PartitionTupleField } from '../spec/partition-spec.ts';
import { findField } from '../spec/schema.ts';
import { type TableMetadata, currentSchema, findSpec } from '../spec/table-metadata.ts';
import { resultType } from '../spec/transform.ts';
import { messageError } from '../../../message-error.ts';

const cache = new WeakMap<TableMetadata, Map<number, PartitionTupleField[]>>();

export function partitionFieldsFor(meta: TableMetadata, spec: PartitionSpec): PartitionTupleField[] {
  let byId = cache.get(meta);
  if (!byId) { byId = new Map(); cache.set(meta, byId); }
  let out = byId.get(spec.specId);
  if (out) return out;
  const schemas = [currentSchema(meta), ...[...meta.schemas].reverse()];
  out = spec.fields.map((field) => {
    const sourceType = field.sourceIds.length === 1
      ? schemas.map((s) => findField(s, field.sourceIds[0])?.type).find((t) => t !== undefined) : undefined;
    return { field, sourceType, type: sourceType ? resultType(field.transform, sourceType) : undefined };
  });
  byId.set(spec.specId, out);
  return out;
}

/** The spec a manifest was written with; DataInvalid when the table metadata does not have it. */
export function specOf(meta: TableMetadata, specId: number, manifestPath: string): PartitionSpec {
  const spec = findSpec(meta, specId);
  if (!spec) {
    throw messageError('DataInvalid', 'error.iceberg.manifestList.spec', { file: manifestPath, spec: specId }, { file: manifestPath, specId });
  }
  return spec;
}
