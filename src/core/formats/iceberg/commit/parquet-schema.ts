/**
 * An Iceberg schema as a Parquet schema (spec Appendix A "Parquet"): every element carries its Iceberg
 * field id (`field_id`), lists use the 3-level `LIST` form (`<name>.list.element`), maps the `MAP` form
 * (`<name>.key_value.{key,value}`), decimals are INT32/INT64/FIXED by precision, timestamps INT64 with
 * the TIMESTAMP logical type (MICROS or NANOS, adjusted to UTC for the `tz` types).
 *
 * Decision: data files are written with hyparquet-writer, not parquet-wasm: its explicit schema sets
 * `field_id` on every element (readers map columns by id, spec "Column Projection"), it encodes nested
 * data from plain JS values, and it runs synchronously in workers without a wasm instance.
 */
import type { SchemaElement } from 'hyparquet-writer';
import { LakeError } from '../../../errors.ts';
import { decimalBytes } from '../spec/manifest-schema.ts';
import type { IcebergType, NestedField, PrimitiveType } from '../spec/types.ts';

/** The flattened Parquet schema (root first, depth-first, groups with `num_children`). */
export function parquetSchemaOf(fields: readonly NestedField[]): SchemaElement[] {
  const out: SchemaElement[] = [{ name: 'schema', num_children: fields.length }];
  for (const f of fields) emitField(out, f.name, f.id, f.required, f.type);
  return out;
}

function emitField(out: SchemaElement[], name: string, id: number, required: boolean, t: IcebergType): void {
  const repetition_type = required ? 'REQUIRED' : 'OPTIONAL';
  switch (t.kind) {
    case 'struct':
      out.push({ name, field_id: id, repetition_type, num_children: t.fields.length });
      for (const f of t.fields) emitField(out, f.name, f.id, f.required, f.type);
      return;
    case 'list':
      out.push({ name, field_id: id, repetition_type, num_children: 1, converted_type: 'LIST', logical_type: { type: 'LIST' } });
      out.push({ name: 'list', repetition_type: 'REPEATED', num_children: 1 });
      emitField(out, 'element', t.elementId, t.elementRequired, t.element);
      return;
    case 'map':
      out.push({ name, field_id: id, repetition_type, num_children: 1, converted_type: 'MAP', logical_type: { type: 'MAP' } });
      out.push({ name: 'key_value', repetition_type: 'REPEATED', num_children: 2 });
      emitField(out, 'key', t.keyId, true, t.key);
      emitField(out, 'value', t.valueId, t.valueRequired, t.value);
      return;
    default:
      out.push({ name, field_id: id, repetition_type, ...primitiveElement(t) });
  }
}

function primitiveElement(t: PrimitiveType): Partial<SchemaElement> {
  switch (t.kind) {
    case 'boolean': return { type: 'BOOLEAN' };
    case 'int': return { type: 'INT32' };
    case 'long': return { type: 'INT64' };
    case 'float': return { type: 'FLOAT' };
    case 'double': return { type: 'DOUBLE' };
    case 'date': return { type: 'INT32', converted_type: 'DATE', logical_type: { type: 'DATE' } };
    case 'time': return { type: 'INT64', converted_type: 'TIME_MICROS', logical_type: { type: 'TIME', isAdjustedToUTC: false, unit: 'MICROS' } };
    case 'timestamp': return { type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: false, unit: 'MICROS' } };
    case 'timestamptz': return { type: 'INT64', converted_type: 'TIMESTAMP_MICROS', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MICROS' } };
    case 'timestamp_ns': return { type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: false, unit: 'NANOS' } };
    case 'timestamptz_ns': return { type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'NANOS' } };
    case 'string': return { type: 'BYTE_ARRAY', converted_type: 'UTF8', logical_type: { type: 'STRING' } };
    case 'uuid': return { type: 'FIXED_LEN_BYTE_ARRAY', type_length: 16, logical_type: { type: 'UUID' } };
    case 'fixed': return { type: 'FIXED_LEN_BYTE_ARRAY', type_length: t.length };
    case 'binary': return { type: 'BYTE_ARRAY' };
    case 'decimal': {
      const dec = { converted_type: 'DECIMAL' as const, precision: t.precision, scale: t.scale, logical_type: { type: 'DECIMAL' as const, precision: t.precision, scale: t.scale } };
      if (t.precision <= 9) return { type: 'INT32', ...dec };
      if (t.precision <= 18) return { type: 'INT64', ...dec };
      return { type: 'FIXED_LEN_BYTE_ARRAY', type_length: decimalBytes(t.precision), ...dec };
    }
    default:
      throw new LakeError('Unsupported', `iceberg write: columns of type ${t.kind} cannot be written yet`, { type: t.kind });
  }
}
