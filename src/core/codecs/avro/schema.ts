/**
 * Avro schemas (Avro spec 1.11, "Schema Declaration"): the JSON form as found in files, and a
 * normalised tree in which every named-type reference is resolved, which the decoder and encoder
 * compile. Logical types are kept as annotations only: values stay in their underlying type.
 */
import type { LakeError } from '../../errors.ts';
import { messageError } from '../../message-error.ts';
import { errorRef, type ErrorRef } from '../../messages/message-parts.ts';

/** An Avro schema in its JSON form (as stored under `avro.schema`). */
export type AvroSchema = string | AvroSchema[] | { type: AvroSchema; [attr: string]: unknown };

export type AvroPrimitive = 'null' | 'boolean' | 'int' | 'long' | 'float' | 'double' | 'bytes' | 'string';

/** A field of a normalised record. `attrs` keeps every JSON attribute (e.g. Iceberg's `field-id`). */
export interface AvroField {
  readonly name: string;
  readonly type: AvroType;
  readonly attrs: Readonly<Record<string, unknown>>;
}

/** Normalised schema node. Named types referenced twice are the same object (recursion allowed). */
export type AvroType =
  | { readonly kind: AvroPrimitive; readonly logicalType?: string; readonly attrs: Readonly<Record<string, unknown>> }
  | { readonly kind: 'record'; readonly name: string; fields: AvroField[]; readonly attrs: Readonly<Record<string, unknown>> }
  | { readonly kind: 'enum'; readonly name: string; readonly symbols: readonly string[]; readonly attrs: Readonly<Record<string, unknown>> }
  | { readonly kind: 'fixed'; readonly name: string; readonly size: number; readonly logicalType?: string; readonly attrs: Readonly<Record<string, unknown>> }
  | { readonly kind: 'array'; readonly items: AvroType; readonly attrs: Readonly<Record<string, unknown>> }
  | { readonly kind: 'map'; readonly values: AvroType; readonly attrs: Readonly<Record<string, unknown>> }
  | { readonly kind: 'union'; readonly branches: readonly AvroType[]; readonly attrs: Readonly<Record<string, unknown>> };

const PRIMITIVES = new Set<string>(['null', 'boolean', 'int', 'long', 'float', 'double', 'bytes', 'string']);

/** DataInvalid `avro schema: …` around the catalog message of what is wrong with the file's schema. */
function invalid(message: ErrorRef): LakeError {
  return messageError('DataInvalid', 'error.avro.schema', { message });
}

/** Full name of a named type per the spec's namespace rules ("Names"). */
function fullName(name: string, namespace: string | undefined): string {
  return name.includes('.') || !namespace ? name : `${namespace}.${name}`;
}

function namespaceOf(full: string): string | undefined {
  const i = full.lastIndexOf('.');
  return i < 0 ? undefined : full.slice(0, i);
}

/**
 * Normalises a JSON schema. Must hold: every name reference resolves to a type defined earlier in
 * document order (or to the enclosing record, for recursion); unknown types, unknown names, enum/fixed
 * without symbols/size and unions directly inside unions throw LakeError DataInvalid `avro schema: …`.
 */
export function parseAvroSchema(schema: AvroSchema): AvroType {
  return new SchemaParser().parse(schema, undefined);
}

class SchemaParser {
  private readonly named = new Map<string, AvroType>();

  parse(s: AvroSchema, ns: string | undefined): AvroType {
    if (typeof s === 'string') return this.reference(s, ns);
    if (Array.isArray(s)) return this.union(s, ns);
    if (typeof s !== 'object' || s === null) throw invalid(errorRef('error.avro.schema.notSchema', { json: String(JSON.stringify(s)) }));
    const t = s.type;
    if (typeof t !== 'string') {
      // {"type": {...}} or {"type": [...]}: the attributes of the wrapper are ignored, as Java does.
      return this.parse(t, ns);
    }
    const attrs = s as Record<string, unknown>;
    const logicalType = typeof attrs.logicalType === 'string' ? attrs.logicalType : undefined;
    if (PRIMITIVES.has(t)) return { kind: t as AvroPrimitive, logicalType, attrs };
    switch (t) {
      case 'record':
      case 'error':
        return this.record(attrs, ns);
      case 'enum': {
        const name = this.name(attrs, ns);
        const symbols = attrs.symbols;
        if (!Array.isArray(symbols) || !symbols.every((x) => typeof x === 'string')) throw invalid(errorRef('error.avro.schema.enumSymbols', { name }));
        return this.define(name, { kind: 'enum', name, symbols, attrs });
      }
      case 'fixed': {
        const name = this.name(attrs, ns);
        const size = attrs.size;
        if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) throw invalid(errorRef('error.avro.schema.fixedSize', { name }));
        return this.define(name, { kind: 'fixed', name, size, logicalType, attrs });
      }
      case 'array':
        if (attrs.items === undefined) throw invalid(errorRef('error.avro.schema.arrayItems', undefined));
        return { kind: 'array', items: this.parse(attrs.items as AvroSchema, ns), attrs };
      case 'map':
        if (attrs.values === undefined) throw invalid(errorRef('error.avro.schema.mapValues', undefined));
        return { kind: 'map', values: this.parse(attrs.values as AvroSchema, ns), attrs };
      default:
        return this.reference(t, ns);
    }
  }

  private reference(name: string, ns: string | undefined): AvroType {
    if (PRIMITIVES.has(name)) return { kind: name as AvroPrimitive, attrs: {} };
    const found = this.named.get(fullName(name, ns)) ?? this.named.get(name);
    if (!found) throw invalid(errorRef('error.avro.schema.unknownType', { json: JSON.stringify(name) }));
    return found;
  }

  private union(branches: AvroSchema[], ns: string | undefined): AvroType {
    const parsed = branches.map((b) => this.parse(b, ns));
    if (parsed.some((b) => b.kind === 'union')) throw invalid(errorRef('error.avro.schema.unionInUnion', undefined));
    return { kind: 'union', branches: parsed, attrs: {} };
  }

  private name(attrs: Record<string, unknown>, ns: string | undefined): string {
    if (typeof attrs.name !== 'string' || attrs.name === '') throw invalid(errorRef('error.avro.schema.noName', { type: String(attrs.type) }));
    const namespace = typeof attrs.namespace === 'string' && attrs.namespace !== '' ? attrs.namespace : ns;
    return fullName(attrs.name, namespace);
  }

  private define<T extends AvroType>(name: string, t: T): T {
    if (this.named.has(name)) throw invalid(errorRef('error.avro.schema.twice', { name }));
    this.named.set(name, t);
    return t;
  }

  private record(attrs: Record<string, unknown>, ns: string | undefined): AvroType {
    const name = this.name(attrs, ns);
    const fields = attrs.fields;
    if (!Array.isArray(fields)) throw invalid(errorRef('error.avro.schema.noFields', { name }));
    // Define before parsing the fields so that fields may refer to the record itself (recursion).
    const rec = this.define(name, { kind: 'record', name, fields: [] as AvroField[], attrs });
    const inner = namespaceOf(name);
    const seen = new Set<string>();
    for (const f of fields as Record<string, unknown>[]) {
      if (typeof f !== 'object' || f === null || typeof f.name !== 'string') throw invalid(errorRef('error.avro.schema.fieldNoName', { name }));
      if (seen.has(f.name)) throw invalid(errorRef('error.avro.schema.fieldTwice', { name, field: f.name }));
      seen.add(f.name);
      if (f.type === undefined) throw invalid(errorRef('error.avro.schema.fieldNoType', { name, field: f.name }));
      rec.fields.push({ name: f.name, type: this.parse(f.type as AvroSchema, inner), attrs: f });
    }
    return rec;
  }
}

/**
 * The smallest number of bytes a value of this type can take in the binary encoding. Used to reject
 * counts that cannot fit in the bytes left (garbage must fail fast, not allocate or loop for ages).
 */
export function minEncodedSize(t: AvroType, seen = new Set<AvroType>()): number {
  switch (t.kind) {
    case 'null': return 0;
    case 'float': return 4;
    case 'double': return 8;
    case 'fixed': return t.size;
    case 'record': {
      if (seen.has(t)) return 0;
      seen.add(t);
      let n = 0;
      for (const f of t.fields) n += minEncodedSize(f.type, seen);
      seen.delete(t);
      return n;
    }
    default: return 1; // boolean, varints, length-prefixed values, enums, arrays, maps, union index
  }
}
