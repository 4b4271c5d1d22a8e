/**
 * Schema evolution by field id (spec "Schema Evolution"): add a column (a fresh id above `last-column-id`,
 * optional, at the top level or inside a struct), rename, drop, make optional, and the type promotions the
 * spec allows — int→long, float→double, decimal(P,S)→decimal(P',S) with P' > P, and in v3 date→timestamp /
 * timestamp_ns. Data files are never rewritten: readers project by id, so renamed columns keep their data,
 * dropped ones disappear and added ones read as null. A column that the default partition spec or sort order
 * uses, or an identifier field, cannot be dropped (Java `SchemaUpdate` refuses the same).
 */
import { messageError } from '../../../message-error.ts';
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';
import type { Storage } from '../../../io/storage.ts';
import { findColumnByName, fieldsById, type Schema } from '../spec/schema.ts';
import { currentSchema, findSpec, type TableMetadata } from '../spec/table-metadata.ts';
import { type IcebergType, type NestedField, parseType, typeToString } from '../spec/types.ts';
import { maxFieldId, schemaToJson } from '../spec/write-json.ts';
import { type ApplyOptions, NEXT_METADATA, type PreparedOperation } from './prepared-operation.ts';
import { loadTableState } from './table-state.ts';
import { metadataResult, updateTable } from './update-table.ts';
import { described, textRef } from '../../../commit/preview-text.ts';

export type SchemaChange =
  /** `name` may be dotted to add inside a struct (`location.alt`); `type` in the JSON form (`'long'`, `{type:'list',…}` without ids). */
  | { readonly op: 'add-column'; readonly name: string; readonly type: unknown; readonly doc?: string }
  | { readonly op: 'rename-column'; readonly name: string; readonly newName: string }
  | { readonly op: 'drop-column'; readonly name: string }
  | { readonly op: 'promote-column'; readonly name: string; readonly type: string }
  | { readonly op: 'make-optional'; readonly name: string };

const ctx = { subsystem: 'iceberg schema', path: '' };

/** DataInvalid `iceberg schema: …` around the catalog message of why the change cannot apply. */
function fail(message: ErrorRef, column?: string): never {
  throw messageError('DataInvalid', 'error.iceberg.schemaChange', { message }, column ? { column } : {});
}

/** Applies changes to a schema (pure). `lastColumnId` is the table's; returns the new schema and last id. */
export function evolveSchema(meta: TableMetadata, changes: readonly SchemaChange[]): { schema: Schema; lastColumnId: number } {
  let schema = currentSchema(meta);
  let lastId = meta.lastColumnId;
  for (const c of changes) {
    if (c.op === 'add-column') {
      const dot = c.name.lastIndexOf('.');
      const parentName = dot < 0 ? undefined : c.name.slice(0, dot);
      const leaf = dot < 0 ? c.name : c.name.slice(dot + 1);
      const parent = parentName === undefined ? undefined : findColumnByName(schema, parentName) ?? fail(errorRef('error.iceberg.schemaChange.noStruct', { column: parentName! }), c.name);
      if (parent && parent.field.type.kind !== 'struct') fail(errorRef('error.iceberg.schemaChange.notStruct', { column: parentName! }), c.name);
      const siblings = parent ? (parent.field.type as Extract<IcebergType, { kind: 'struct' }>).fields : schema.fields;
      if (siblings.some((f) => f.name === leaf)) fail(errorRef('error.iceberg.schemaChange.exists', { column: c.name }), c.name);
      const { type, next } = assignIds(c.type, lastId + 2);
      const field: NestedField = { id: lastId + 1, name: leaf, required: false, type, ...(c.doc ? { doc: c.doc } : {}) };
      lastId = Math.max(lastId + 1, next - 1);
      schema = mapField(schema, parent?.field.id, (fields) => [...fields, field]);
      continue;
    }
    const pos = findColumnByName(schema, c.name) ?? fail(errorRef('error.iceberg.schemaChange.noColumn', { column: c.name }), c.name);
    const id = pos.field.id;
    switch (c.op) {
      case 'rename-column': {
        const parentId = parentOf(schema, id);
        const siblings = parentId === undefined ? schema.fields : (fieldsById(schema).get(parentId)!.field.type as Extract<IcebergType, { kind: 'struct' }>).fields;
        if (siblings.some((f) => f.name === c.newName && f.id !== id)) fail(errorRef('error.iceberg.schemaChange.exists', { column: c.newName }), c.name);
        schema = replaceField(schema, id, (f) => ({ ...f, name: c.newName }));
        break;
      }
      case 'drop-column': {
        checkDroppable(meta, schema, id, c.name);
        schema = removeField(schema, id);
        break;
      }
      case 'make-optional': schema = replaceField(schema, id, (f) => ({ ...f, required: false })); break;
      case 'promote-column': {
        const to = parseType(c.type, ctx);
        if (!canPromote(pos.field.type, to, meta.formatVersion)) fail(errorRef('error.iceberg.schemaChange.promote', { column: c.name, from: typeToString(pos.field.type), to: typeToString(to) }), c.name);
        schema = replaceField(schema, id, (f) => ({ ...f, type: to }));
        break;
      }
    }
  }
  return { schema: { ...schema, schemaId: -1 }, lastColumnId: Math.max(lastId, maxFieldId(schema.fields)) };
}

/** The allowed promotions (spec "Schema Evolution", "Type promotion"). */
export function canPromote(from: IcebergType, to: IcebergType, formatVersion: number): boolean {
  if (from.kind === 'int' && to.kind === 'long') return true;
  if (from.kind === 'float' && to.kind === 'double') return true;
  if (from.kind === 'decimal' && to.kind === 'decimal') return to.scale === from.scale && to.precision >= from.precision;
  if (formatVersion >= 3 && from.kind === 'date' && (to.kind === 'timestamp' || to.kind === 'timestamp_ns')) return true;
  if (formatVersion >= 3 && from.kind === 'unknown') return true;
  return false;
}

function checkDroppable(meta: TableMetadata, schema: Schema, id: number, name: string): void {
  const inside = (fid: number) => fid === id || (fieldsById(schema).get(fid)?.path.join('.') ?? '').startsWith(`${fieldsById(schema).get(id)!.path.join('.')}.`);
  if (schema.identifierFieldIds.some(inside)) fail(errorRef('error.iceberg.schemaChange.identifier', { column: name }), name);
  const spec = findSpec(meta, meta.defaultSpecId);
  if (spec?.fields.some((f) => f.transform.kind !== 'void' && f.sourceIds.some(inside))) fail(errorRef('error.iceberg.schemaChange.partitionSource', { column: name }), name);
  const order = meta.sortOrders.find((o) => o.orderId === meta.defaultSortOrderId);
  if (order?.fields.some((f) => f.sourceIds.some(inside))) fail(errorRef('error.iceberg.schemaChange.sortOrder', { column: name }), name);
}

/** Gives ids to a type in JSON form (nested list/map/struct need element/key/value/field ids). */
function assignIds(json: unknown, next: number): { type: IcebergType; next: number } {
  let n = next;
  const walk = (t: unknown): unknown => {
    if (typeof t === 'string') return t;
    const o = t as Record<string, unknown>;
    switch (o.type) {
      case 'struct': return { type: 'struct', fields: (o.fields as Record<string, unknown>[]).map((f) => ({ id: n++, name: f.name, required: false, type: walk(f.type) })) };
      case 'list': { const id = n++; return { type: 'list', 'element-id': id, element: walk(o.element), 'element-required': o['element-required'] ?? false }; }
      case 'map': { const k = n++; const v = n++; return { type: 'map', 'key-id': k, key: walk(o.key), 'value-id': v, value: walk(o.value), 'value-required': o['value-required'] ?? false }; }
      default: return fail(errorRef('error.iceberg.schemaChange.unknownType', { type: String(JSON.stringify(t)) }));
    }
  };
  return { type: parseType(walk(json), ctx), next: n };
}

function parentOf(schema: Schema, id: number): number | undefined {
  const path = fieldsById(schema).get(id)!.path;
  if (path.length === 1) return undefined;
  return findColumnByName(schema, path.slice(0, -1).join('.'))?.field.id;
}

function mapStruct(fs: readonly NestedField[], fn: (f: NestedField) => NestedField | undefined): NestedField[] {
  const out: NestedField[] = [];
  for (const f of fs) {
    const g = fn(f);
    if (!g) continue;
    out.push(g.type.kind === 'struct' ? { ...g, type: { kind: 'struct', fields: mapStruct(g.type.fields, fn) } } : g);
  }
  return out;
}

function replaceField(schema: Schema, id: number, fn: (f: NestedField) => NestedField): Schema {
  return { ...schema, fields: mapStruct(schema.fields, (f) => (f.id === id ? fn(f) : f)) };
}

function removeField(schema: Schema, id: number): Schema {
  return { ...schema, fields: mapStruct(schema.fields, (f) => (f.id === id ? undefined : f)), identifierFieldIds: schema.identifierFieldIds.filter((x) => x !== id) };
}

function mapField(schema: Schema, parentId: number | undefined, fn: (fields: readonly NestedField[]) => NestedField[]): Schema {
  if (parentId === undefined) return { ...schema, fields: fn(schema.fields) };
  return replaceField(schema, parentId, (f) => ({ ...f, type: { kind: 'struct', fields: fn((f.type as Extract<IcebergType, { kind: 'struct' }>).fields) } }));
}

/** Previews a schema change; apply adds the schema and makes it current. */
export async function prepareSchemaUpdate(storage: Storage, changes: readonly SchemaChange[], opts: ApplyOptions = {}): Promise<PreparedOperation> {
  const state = await loadTableState(storage, opts.signal);
  const meta = state.metadata;
  const { schema, lastColumnId } = evolveSchema(meta, changes);
  const before = currentSchema(meta);
  return {
    preview: {
      operation: 'update-schema',
      ...described(textRef('note.write.iceberg.schema', { changes: changes.map((c) => `${c.op} ${c.name}`).join(', ') })),
      writes: [NEXT_METADATA], deletes: [], before: {}, after: {}, warnings: [],
      details: { from: before.schemaId, columns: schema.fields.map((f) => f.name), lastColumnId },
    },
    apply: async (o: ApplyOptions = {}) => {
      const r = await updateTable(storage, () => ({
        updates: [{ action: 'add-schema', schema: schemaToJson(schema) }, { action: 'set-current-schema', 'schema-id': -1 }],
      }), { ...o, requirements: [{ type: 'assert-current-schema-id', 'current-schema-id': meta.currentSchemaId }, { type: 'assert-last-assigned-field-id', 'last-assigned-field-id': meta.lastColumnId }] });
      return metadataResult('update-schema', r, { schemaId: r.state.metadata.currentSchemaId });
    },
  };
}
