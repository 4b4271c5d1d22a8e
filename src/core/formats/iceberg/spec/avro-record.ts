/**
 * Reading Iceberg metadata records (manifest lists, manifests) by field id rather than by Avro field
 * name: the spec defines the fields by id, and real writers differ in names (early Java wrote
 * `added_data_files_count` for field 504, later `added_files_count`; partition fields may have
 * sanitised names such as `Breed_x20Name`). Records come from codecs/avro (`readAvroFile`).
 */
import type { AvroType } from '../../../codecs/avro/index.ts';

type RecordType = Extract<AvroType, { kind: 'record' }>;

/** How to read one record type: field id → Avro field name, position and type (optional unions unwrapped). */
export interface RecordShape {
  readonly byId: ReadonlyMap<number, { readonly name: string; readonly index: number; readonly type: AvroType }>;
}

/** A decoded record: an object keyed by field name, or (`recordsAsArrays`) the field values in schema order. */
export type AvroRecord = Readonly<Record<string, unknown>> | readonly unknown[];

const shapeCache = new WeakMap<AvroType, RecordShape>();

/** The non-null branch of an optional union (Iceberg only writes `["null", X]` unions), else the type itself. */
export function unwrapOptional(t: AvroType): AvroType {
  if (t.kind !== 'union') return t;
  const nonNull = t.branches.filter((b) => b.kind !== 'null');
  return nonNull.length === 1 ? nonNull[0] : t;
}

/** The field-id index of a record type; undefined when `t` is not (an optional) record. */
export function recordShape(t: AvroType): RecordShape | undefined {
  const r = unwrapOptional(t);
  if (r.kind !== 'record') return undefined;
  let shape = shapeCache.get(r);
  if (shape) return shape;
  const byId = new Map<number, { name: string; index: number; type: AvroType }>();
  (r as RecordType).fields.forEach((f, index) => {
    const id = f.attrs['field-id'];
    if (typeof id === 'number' || typeof id === 'bigint') byId.set(Number(id), { name: f.name, index, type: unwrapOptional(f.type) });
  });
  shape = { byId };
  shapeCache.set(r, shape);
  return shape;
}

/** The value of field `id` in a decoded record (undefined when the writer's schema has no such field). */
export function fieldValue(rec: AvroRecord, shape: RecordShape, id: number): unknown {
  const f = shape.byId.get(id);
  if (!f) return undefined;
  return Array.isArray(rec) ? rec[f.index] : (rec as Record<string, unknown>)[f.name];
}

/**
 * Where field `id` sits in records of this shape: its position for array records, its name for object
 * records (so `rec[key]` reads it either way); undefined when the writer's schema has no such field.
 */
export function fieldKey(shape: RecordShape, id: number, arrays: boolean): string | number | undefined {
  const f = shape.byId.get(id);
  return f === undefined ? undefined : arrays ? f.index : f.name;
}

/** The Avro type of field `id`. */
export function fieldType(shape: RecordShape, id: number): AvroType | undefined {
  return shape.byId.get(id)?.type;
}

/**
 * Reads an Iceberg map field: either an Avro array of 2-field key/value records (the form Iceberg writes
 * for non-string keys, logicalType `map`) or an Avro map (string keys). Returns [key, value] pairs.
 */
export function mapEntries(v: unknown): [unknown, unknown][] | undefined {
  if (v === null || v === undefined) return undefined;
  if (v instanceof Map) return [...v.entries()];
  if (!Array.isArray(v)) return undefined;
  return v.map((kv) => {
    const vals = Array.isArray(kv) ? kv : Object.values(kv as Record<string, unknown>);
    return [vals[0], vals[1]];
  });
}
