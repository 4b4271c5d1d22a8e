/**
 * The table schema: an Avro record schema, recorded with each commit under the commit metadata's
 * `extraMetadata.schema` (and at creation as `hoodie.table.create.schema`). The `_hoodie_*` meta fields
 * (commit time, sequence number, record key, partition path, file name) are not data columns.
 */
import { parseAvroSchema, type AvroSchema, type AvroType } from '../../../codecs/avro/index.ts';
import { LakeError, isLakeError } from '../../../errors.ts';
import { parseJson } from '../../../util/json.ts';
import type { ColumnDto } from '../../table-format.ts';
import { messageError } from '../../../message-error.ts';

const META_FIELDS = ['_hoodie_commit_time', '_hoodie_commit_seqno', '_hoodie_record_key', '_hoodie_partition_path', '_hoodie_file_name'] as const;

export function isMetaField(name: string): boolean {
  return (META_FIELDS as readonly string[]).includes(name) || name === '_hoodie_operation';
}

export interface HudiSchema {
  readonly text: string;
  readonly type: Extract<AvroType, { kind: 'record' }>;
  /** Data columns (meta fields excluded), in schema order. */
  readonly columns: readonly string[];
}

/** Parses an Avro record schema given as JSON text. */
export function parseHudiSchema(text: string, where: string): HudiSchema {
  let type: AvroType;
  try {
    type = parseAvroSchema(parseJson(text) as AvroSchema);
  } catch (e) {
    throw messageError('DataInvalid', 'error.hudi.schema.invalid', { file: where, detail: (isLakeError(e) && e.ref) || (e instanceof Error ? e.message : String(e)) }, { file: where }, e);
  }
  if (type.kind !== 'record') throw messageError('DataInvalid', 'error.hudi.schema.notRecord', { file: where, kind: type.kind }, { file: where });
  return { text, type, columns: type.fields.map((f) => f.name).filter((n) => !isMetaField(n)) };
}

function typeName(t: AvroType): { name: string; required: boolean; children?: ColumnDto[] } {
  if (t.kind === 'union') {
    const rest = t.branches.filter((b) => b.kind !== 'null');
    if (rest.length === 1) return { ...typeName(rest[0]!), required: false };
    return { name: `union<${t.branches.map((b) => typeName(b).name).join(', ')}>`, required: !t.branches.some((b) => b.kind === 'null') };
  }
  const lt = ('logicalType' in t ? t.logicalType : undefined) ?? (t.attrs.logicalType as string | undefined);
  if (lt === 'decimal') return { name: `decimal(${String(t.attrs.precision)},${String(t.attrs.scale ?? 0)})`, required: true };
  if (lt) return { name: lt, required: true };
  switch (t.kind) {
    case 'record': return { name: 'struct', required: true, children: columnsOf(t) };
    case 'array': return { name: `list<${typeName(t.items).name}>`, required: true };
    case 'map': return { name: `map<string, ${typeName(t.values).name}>`, required: true };
    case 'fixed': return { name: `fixed(${t.size})`, required: true };
    case 'enum': return { name: 'enum', required: true };
    default: return { name: t.kind, required: true };
  }
}

/** Columns of a record type, without ids: Avro has no field ids and Hudi matches columns by name. */
export function columnsOf(t: Extract<AvroType, { kind: 'record' }>, skipMeta = false): ColumnDto[] {
  return t.fields.filter((f) => !skipMeta || !isMetaField(f.name)).map((f) => {
    const n = typeName(f.type);
    return {
      name: f.name, type: n.name, required: n.required,
      ...(typeof f.attrs.doc === 'string' && f.attrs.doc !== '' ? { doc: f.attrs.doc } : {}),
      ...(n.children ? { children: n.children } : {}),
    };
  });
}
