/**
 * Partition specs (spec "Partitioning", Appendix C "Partition Specs"). v1 metadata may carry only the
 * deprecated `partition-spec` field list without field ids; the reference implementation then assigned
 * ids from 1000 in field order, which is what v1 manifests use.
 */
import { type JsonCtx, asArray, asObject, at, invalid, optInt, optIntList, reqInt, reqString } from './json-fields.ts';
import { type Schema, findField } from './schema.ts';
import { type Transform, parseTransform, resultType } from './transform.ts';
import type { IcebergType } from './types.ts';
import { errorRef } from '../../../messages/message-parts.ts';

/** First partition field id assigned by v1 writers. */
const PARTITION_DATA_ID_START = 1000;

export interface PartitionField {
  /** Source column id(s); several only for v3 multi-argument transforms. */
  readonly sourceIds: readonly number[];
  readonly fieldId: number;
  readonly name: string;
  readonly transform: Transform;
}

export interface PartitionSpec {
  readonly specId: number;
  readonly fields: readonly PartitionField[];
}

/** Parses a full spec object `{spec-id, fields}`. */
export function parsePartitionSpec(json: unknown, ctx: JsonCtx): PartitionSpec {
  const o = asObject(json, ctx);
  return { specId: reqInt(o, 'spec-id', ctx), fields: parsePartitionFields(o.fields ?? [], at(ctx, 'fields')) };
}

/** Parses a field list (v1 `partition-spec`, manifest `partition-spec` metadata); missing field ids count up from 1000. */
export function parsePartitionFields(json: unknown, ctx: JsonCtx): PartitionField[] {
  return asArray(json, ctx).map((f, i) => {
    const c = at(ctx, i);
    const o = asObject(f, c);
    const single = optInt(o, 'source-id', c);
    const sourceIds = single !== undefined ? [single] : optIntList(o, 'source-ids', c);
    if (sourceIds.length === 0) throw invalid(c, errorRef('error.iceberg.json.sourceId', undefined));
    return {
      sourceIds,
      fieldId: optInt(o, 'field-id', c) ?? PARTITION_DATA_ID_START + i,
      name: reqString(o, 'name', c),
      transform: parseTransform(reqString(o, 'transform', c)),
    };
  });
}

/** True when no field partitions data (no fields, or only void ones): equality deletes of such a spec are global. */
export function isUnpartitioned(spec: PartitionSpec): boolean {
  return spec.fields.every((f) => f.transform.kind === 'void');
}

/** One field of the partition tuple type: the partition field and the type of its values (undefined when not derivable). */
export interface PartitionTupleField {
  readonly field: PartitionField;
  readonly sourceType: IcebergType | undefined;
  readonly type: IcebergType | undefined;
}

/** The partition tuple type of a spec under a schema (spec: "schema based on the partition spec output"). */
export function partitionType(spec: PartitionSpec, schema: Schema): PartitionTupleField[] {
  return spec.fields.map((field) => {
    const sourceType = field.sourceIds.length === 1 ? findField(schema, field.sourceIds[0])?.type : undefined;
    return { field, sourceType, type: sourceType ? resultType(field.transform, sourceType) : undefined };
  });
}
