/**
 * The JSON forms of schemas, partition specs, sort orders and refs (spec Appendix C), written from the
 * model of spec/ — the inverse of parseSchema/parsePartitionSpec/parseSortOrder/parseRefs, so that
 * `parseX(xToJson(m))` equals `m`. Used to build metadata updates and manifest key-value metadata.
 */
import type { PartitionField, PartitionSpec } from './partition-spec.ts';
import type { Schema } from './schema.ts';
import type { SnapshotRef } from './snapshot.ts';
import type { SortField, SortOrder } from './sort-order.ts';
import { transformToString } from './transform.ts';
import { type IcebergType, type NestedField, typeToString } from './types.ts';

type Json = Record<string, unknown>;

/** A type in its JSON form: a string for primitives, an object for struct/list/map. */
function typeToJson(t: IcebergType): unknown {
  switch (t.kind) {
    case 'struct': return { type: 'struct', fields: t.fields.map(fieldToJson) };
    case 'list': return { type: 'list', 'element-id': t.elementId, element: typeToJson(t.element), 'element-required': t.elementRequired };
    case 'map': return {
      type: 'map', 'key-id': t.keyId, key: typeToJson(t.key), 'value-id': t.valueId, value: typeToJson(t.value), 'value-required': t.valueRequired,
    };
    default: return typeToString(t);
  }
}

/** A struct field in its JSON form. */
function fieldToJson(f: NestedField): Json {
  const out: Json = { id: f.id, name: f.name, required: f.required, type: typeToJson(f.type) };
  if (f.doc !== undefined) out.doc = f.doc;
  if (f.initialDefault !== undefined) out['initial-default'] = f.initialDefault;
  if (f.writeDefault !== undefined) out['write-default'] = f.writeDefault;
  return out;
}

/** A schema in its JSON form (`identifier-field-ids` only when there are any, as Java writes it). */
export function schemaToJson(s: Schema): Json {
  const out: Json = { type: 'struct', 'schema-id': s.schemaId, fields: s.fields.map(fieldToJson) };
  if (s.identifierFieldIds.length > 0) out['identifier-field-ids'] = [...s.identifierFieldIds];
  return out;
}

/** One partition field; multi-argument (v3) fields use `source-ids`, single ones `source-id`. */
export function partitionFieldToJson(f: PartitionField): Json {
  const src = f.sourceIds.length === 1 ? { 'source-id': f.sourceIds[0] } : { 'source-ids': [...f.sourceIds] };
  return { name: f.name, transform: transformToString(f.transform), ...src, 'field-id': f.fieldId };
}

export function partitionSpecToJson(s: PartitionSpec): Json {
  return { 'spec-id': s.specId, fields: s.fields.map(partitionFieldToJson) };
}

function sortFieldToJson(f: SortField): Json {
  const src = f.sourceIds.length === 1 ? { 'source-id': f.sourceIds[0] } : { 'source-ids': [...f.sourceIds] };
  return { transform: transformToString(f.transform), ...src, direction: f.direction, 'null-order': f.nullOrder };
}

export function sortOrderToJson(o: SortOrder): Json {
  return { 'order-id': o.orderId, fields: o.fields.map(sortFieldToJson) };
}

/** The highest field id in a list of fields, nested ids (list elements, map keys/values) included; 0 when none. */
export function maxFieldId(fields: readonly NestedField[]): number {
  let max = 0;
  const visitType = (t: IcebergType): void => {
    if (t.kind === 'struct') t.fields.forEach(visit);
    else if (t.kind === 'list') { max = Math.max(max, t.elementId); visitType(t.element); }
    else if (t.kind === 'map') { max = Math.max(max, t.keyId, t.valueId); visitType(t.key); visitType(t.value); }
  };
  const visit = (f: NestedField): void => { max = Math.max(max, f.id); visitType(f.type); };
  fields.forEach(visit);
  return max;
}
