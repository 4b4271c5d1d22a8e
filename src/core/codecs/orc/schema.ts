/**
 * The ORC type tree (ORC specification, "Type Information": the footer's types are a flattened
 * pre-order tree; a column id is the type's index) and its Arrow form. Iceberg (`iceberg.id`) and
 * Paimon (`paimon.id`) field ids in type attributes become `PARQUET:field_id` field metadata, the key
 * the table formats already match Parquet columns by.
 *
 * Arrow mapping: tinyint..bigint → Int8..Int64, float/double → Float32/64, string/char/varchar → Utf8,
 * binary → Binary, date → DateDay, timestamp → Timestamp(ns) without zone (the writer's wall clock),
 * timestamp with local time zone → Timestamp(ns, "UTC"), decimal → Decimal128, list → List, map → Map,
 * struct → Struct, and uniontype → Struct<tag: Int8, field0, field1, …> (the shape Iceberg and Trino
 * give ORC unions; Arrow unions have no null slots, which ORC unions have).
 */
import { Binary, Bool, DateDay, Decimal, Field, Float32, Float64, Int8, Int16, Int32, Int64, List, Map_, Struct, TimeUnit, Timestamp, Utf8, type DataType } from 'apache-arrow';
import { PARQUET_FIELD_ID_KEY } from '../parquet/schema.ts';
import { orcInvalid } from './errors.ts';
import { Kind, TYPE_KINDS, type OrcTypeProto } from './proto-messages.ts';

/** One node of the type tree. */
export interface OrcType {
  /** Column id: index in the footer's type list. */
  readonly id: number;
  readonly kind: Kind;
  /** Hive-style type name (`int`, `struct`, `decimal`, …). */
  readonly kindName: string;
  /** Field name within the parent struct (element/key/value/field<i> for others; '' for the root). */
  readonly name: string;
  readonly children: readonly OrcType[];
  readonly precision: number;
  readonly scale: number;
  readonly maximumLength?: number;
  readonly attributes: ReadonlyMap<string, string>;
  /** The column id of the last descendant (ids of a subtree are id..maxId). */
  readonly maxId: number;
}

/** Attribute keys carrying a table format's field id. */
export const FIELD_ID_ATTRIBUTES = ['iceberg.id', 'paimon.id'];

/**
 * Builds the tree from the footer's types. Must hold: every subtype index points forward (pre-order)
 * and inside the list, so a corrupt footer cannot make a cycle; otherwise DataInvalid.
 */
export function buildTypeTree(types: readonly OrcTypeProto[], file?: string): OrcType | undefined {
  if (types.length === 0) return undefined;
  const build = (id: number, name: string, depth: number): OrcType => {
    const t = types[id]!;
    if (depth > 200) throw orcInvalid('error.orc.schema.deep', undefined, file);
    if (t.kind < 0 || t.kind >= TYPE_KINDS.length) throw orcInvalid('error.orc.schema.kindOf', { kind: t.kind, column: id }, file);
    const children: OrcType[] = [];
    let maxId = id;
    t.subtypes.forEach((sub, i) => {
      if (sub <= maxId || sub >= types.length) throw orcInvalid('error.orc.schema.order', { column: id, subtype: sub }, file);
      const childName = t.kind === Kind.STRUCT ? (t.fieldNames[i] ?? `_col${i}`)
        : t.kind === Kind.LIST ? 'element' : t.kind === Kind.MAP ? (i === 0 ? 'key' : 'value') : `field${i}`;
      const c = build(sub, childName, depth + 1);
      children.push(c);
      maxId = c.maxId;
    });
    const expected = t.kind === Kind.LIST ? 1 : t.kind === Kind.MAP ? 2 : undefined;
    if (expected !== undefined && children.length !== expected) throw orcInvalid('error.orc.schema.count', { type: TYPE_KINDS[t.kind]!, column: id, count: children.length }, file);
    if (t.kind < Kind.LIST || t.kind > Kind.UNION) {
      if (children.length) throw orcInvalid('error.orc.schema.primitive', { column: id }, file);
    }
    return {
      id, kind: t.kind, kindName: TYPE_KINDS[t.kind]!, name, children, maxId,
      // Hive 0.11 decimals carry no precision/scale: every value has its own scale. The ORC C++ reader
      // (whose output the reference files hold) forces them to decimal(38,6); so do we.
      precision: t.precision || 38, scale: t.precision ? t.scale ?? 0 : t.kind === Kind.DECIMAL ? 6 : 0,
      maximumLength: t.maximumLength, attributes: t.attributes,
    };
  };
  return build(0, '', 0);
}

/** The Hive type string, e.g. `struct<a:int,b:array<string>>`. */
export function typeString(t: OrcType): string {
  switch (t.kind) {
    case Kind.STRUCT: return `struct<${t.children.map((c) => `${c.name}:${typeString(c)}`).join(',')}>`;
    case Kind.LIST: return `array<${typeString(t.children[0]!)}>`;
    case Kind.MAP: return `map<${typeString(t.children[0]!)},${typeString(t.children[1]!)}>`;
    case Kind.UNION: return `uniontype<${t.children.map(typeString).join(',')}>`;
    case Kind.DECIMAL: return `decimal(${t.precision},${t.scale})`;
    case Kind.CHAR: case Kind.VARCHAR: return `${t.kindName}(${t.maximumLength ?? 0})`;
    default: return t.kindName;
  }
}

/** The Arrow type of a column. */
export function arrowType(t: OrcType): DataType {
  switch (t.kind) {
    case Kind.BOOLEAN: return new Bool();
    case Kind.BYTE: return new Int8();
    case Kind.SHORT: return new Int16();
    case Kind.INT: return new Int32();
    case Kind.LONG: return new Int64();
    case Kind.FLOAT: return new Float32();
    case Kind.DOUBLE: return new Float64();
    case Kind.STRING: case Kind.VARCHAR: case Kind.CHAR: return new Utf8();
    case Kind.BINARY: return new Binary();
    case Kind.DATE: return new DateDay();
    case Kind.TIMESTAMP: return new Timestamp(TimeUnit.NANOSECOND);
    case Kind.TIMESTAMP_INSTANT: return new Timestamp(TimeUnit.NANOSECOND, 'UTC');
    case Kind.DECIMAL: return new Decimal(t.scale, t.precision, 128);
    case Kind.LIST: return new List(arrowField(t.children[0]!));
    case Kind.MAP: return new Map_(new Field('entries', new Struct([arrowField(t.children[0]!, false), arrowField(t.children[1]!)] as Field[]) as never, false));
    case Kind.STRUCT: return new Struct(t.children.map((c) => arrowField(c)));
    case Kind.UNION: return new Struct([new Field('tag', new Int8(), true), ...t.children.map((c) => arrowField(c))]);
    default: throw orcInvalid('error.orc.schema.kind', { kind: t.kind });
  }
}

/** The Arrow field of a column, with its field id (if any) as `PARQUET:field_id` metadata. */
export function arrowField(t: OrcType, nullable = true): Field {
  const metadata = new Map<string, string>();
  for (const key of FIELD_ID_ATTRIBUTES) {
    const v = t.attributes.get(key);
    if (v !== undefined && /^-?\d+$/.test(v.trim())) {
      metadata.set(PARQUET_FIELD_ID_KEY, v.trim());
      break;
    }
  }
  return new Field(t.name, arrowType(t), nullable, metadata);
}

/** The field id of a column from its attributes, if it has one. */
export function fieldIdOf(t: OrcType): number | undefined {
  for (const key of FIELD_ID_ATTRIBUTES) {
    const v = t.attributes.get(key);
    if (v !== undefined && /^-?\d+$/.test(v.trim())) return Number(v.trim());
  }
  return undefined;
}
