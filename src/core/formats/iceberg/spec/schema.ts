/**
 * Schemas (spec "Schemas and Data Types", Appendix C): a struct with a schema id and identifier field ids.
 * Columns are found by field id (projection never uses names, spec "Column Projection") and by full dotted
 * name for filters.
 */
import type { BoundRef } from '../../../expr/expr.ts';
import { type JsonCtx, type JsonObject, asObject, optInt, optIntList } from './json-fields.ts';
import { type IcebergType, type NestedField, parseStruct, toValueType } from './types.ts';

export interface Schema {
  readonly schemaId: number;
  readonly fields: readonly NestedField[];
  readonly identifierFieldIds: readonly number[];
}

/** Where a field sits: the field and the names from the top-level column down to it. */
export interface FieldPosition {
  readonly field: NestedField;
  readonly path: readonly string[];
  /** False when the field lies inside a list or map (it has no single value per row then). */
  readonly inStructsOnly: boolean;
}

/** Parses a schema object; `defaultId` is used by v1 metadata whose schema has no `schema-id`. */
export function parseSchema(json: unknown, ctx: JsonCtx, defaultId = 0): Schema {
  const o: JsonObject = asObject(json, ctx);
  const struct = parseStruct(o, ctx);
  return { schemaId: optInt(o, 'schema-id', ctx) ?? defaultId, fields: struct.fields, identifierFieldIds: optIntList(o, 'identifier-field-ids', ctx) };
}

const indexCache = new WeakMap<Schema, Map<number, FieldPosition>>();

/** Every field of the schema by id, nested ones (struct fields, list elements, map keys/values) included. */
export function fieldsById(schema: Schema): Map<number, FieldPosition> {
  let idx = indexCache.get(schema);
  if (idx) return idx;
  idx = new Map();
  const visitType = (t: IcebergType, path: string[], structsOnly: boolean): void => {
    if (t.kind === 'struct') for (const f of t.fields) visit(f, path, structsOnly);
    else if (t.kind === 'list') visit({ id: t.elementId, name: 'element', required: t.elementRequired, type: t.element }, path, false);
    else if (t.kind === 'map') {
      visit({ id: t.keyId, name: 'key', required: true, type: t.key }, path, false);
      visit({ id: t.valueId, name: 'value', required: t.valueRequired, type: t.value }, path, false);
    }
  };
  const visit = (f: NestedField, parent: string[], structsOnly: boolean): void => {
    const path = [...parent, f.name];
    idx!.set(f.id, { field: f, path, inStructsOnly: structsOnly });
    visitType(f.type, path, structsOnly);
  };
  for (const f of schema.fields) visit(f, [], true);
  indexCache.set(schema, idx);
  return idx;
}

/** The field with this id, or undefined. */
export function findField(schema: Schema, id: number): NestedField | undefined {
  return fieldsById(schema).get(id)?.field;
}

/** The full dotted name of a field id (`location.lat`), or undefined. */
export function fieldName(schema: Schema, id: number): string | undefined {
  return fieldsById(schema).get(id)?.path.join('.');
}

/** Names of the top-level columns, in schema order. */
export function columnNames(schema: Schema): string[] {
  return schema.fields.map((f) => f.name);
}

/**
 * Finds a primitive column that can be filtered on by its full dotted name: exact match first, then
 * case-insensitive when exactly one column matches. Fields inside lists or maps are not filterable.
 */
export function findColumnByName(schema: Schema, name: string): FieldPosition | undefined {
  const all = [...fieldsById(schema).values()].filter((p) => p.inStructsOnly);
  const exact = all.find((p) => p.path.join('.') === name);
  if (exact) return exact;
  const lower = name.toLowerCase();
  const ci = all.filter((p) => p.path.join('.').toLowerCase() === lower);
  return ci.length === 1 ? ci[0] : undefined;
}

/** A binder lookup for expr/bind over this schema. */
export function schemaLookup(schema: Schema): (name: string) => BoundRef | undefined {
  return (name) => {
    const p = findColumnByName(schema, name);
    return p ? { id: p.field.id, name: p.path.join('.'), type: toValueType(p.field.type) } : undefined;
  };
}
