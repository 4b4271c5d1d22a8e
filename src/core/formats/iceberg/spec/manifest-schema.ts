/**
 * The Avro write schemas of manifests (spec "Manifests", "Manifest Entry Fields", Appendix A "Avro"):
 * `manifest_entry` with its `data_file` struct `r2` and the partition tuple `r102` of the spec the
 * manifest is written with. Every field carries its Iceberg `field-id` (readers resolve fields by id);
 * maps with int keys are arrays of `k<id>_v<id>` key/value records with `logicalType: map`, as Java writes
 * them. v1 writes the v1 field set (required `snapshot_id`, deprecated `block_size_in_bytes`); v2 and v3
 * add `content`, sequence numbers and, for v3, row lineage and deletion-vector fields.
 */
import type { AvroSchema } from '../../../codecs/avro/index.ts';
import type { PartitionTupleField } from './partition-spec.ts';
import type { IcebergType, PrimitiveType } from './types.ts';

type Field = { name: string; type: AvroSchema; 'field-id': number; default?: null; doc?: string };

const opt = (name: string, id: number, type: AvroSchema): Field => ({ name, type: ['null', type], default: null, 'field-id': id });
const req = (name: string, id: number, type: AvroSchema): Field => ({ name, type, 'field-id': id });

/** An Iceberg int→X map as Avro: an array of key/value records (Appendix A: "Maps with non-string keys"). */
function intMap(name: string, id: number, keyId: number, valueId: number, value: AvroSchema): Field {
  return opt(name, id, {
    type: 'array', logicalType: 'map',
    items: { type: 'record', name: `k${keyId}_v${valueId}`, fields: [req('key', keyId, 'int'), req('value', valueId, value)] },
  });
}

function list(name: string, id: number, elementId: number, element: AvroSchema): Field {
  return opt(name, id, { type: 'array', items: element, 'element-id': elementId });
}

/** Bytes needed for a decimal of this precision (Appendix A: "fixed of minimum size"). */
export function decimalBytes(precision: number): number {
  let n = 1;
  while (10n ** BigInt(precision) > 2n ** BigInt(8 * n - 1)) n++;
  return n;
}

/** The Avro type of a primitive Iceberg value (Appendix A). `name` makes fixed types unique in the schema. */
function avroPrimitive(t: PrimitiveType, name: string): AvroSchema {
  switch (t.kind) {
    case 'boolean': case 'int': case 'long': case 'float': case 'double': case 'string': return t.kind;
    case 'binary': return 'bytes';
    case 'date': return { type: 'int', logicalType: 'date' };
    case 'time': return { type: 'long', logicalType: 'time-micros' };
    case 'timestamp': return { type: 'long', logicalType: 'timestamp-micros', 'adjust-to-utc': false };
    case 'timestamptz': return { type: 'long', logicalType: 'timestamp-micros', 'adjust-to-utc': true };
    case 'timestamp_ns': return { type: 'long', logicalType: 'timestamp-nanos', 'adjust-to-utc': false };
    case 'timestamptz_ns': return { type: 'long', logicalType: 'timestamp-nanos', 'adjust-to-utc': true };
    case 'uuid': return { type: 'fixed', name, size: 16, logicalType: 'uuid' };
    case 'fixed': return { type: 'fixed', name, size: t.length };
    case 'decimal': return { type: 'fixed', name, size: decimalBytes(t.precision), logicalType: 'decimal', precision: t.precision, scale: t.scale };
    default: return 'bytes';
  }
}

/**
 * An Avro-compatible field name (Java `AvroSchemaUtil.makeCompatibleName`): a leading digit gets `_`, any
 * other character outside [A-Za-z0-9_] becomes `_x<HEX>` (so `Breed Name` is `Breed_x20Name`).
 */
export function avroName(name: string): string {
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    const ok = /[A-Za-z_]/.test(c) || (i > 0 && /[0-9]/.test(c));
    if (ok) out += c;
    else if (i === 0 && /[0-9]/.test(c)) out += `_${c}`;
    else out += `_x${c.codePointAt(0)!.toString(16).toUpperCase()}`;
  }
  return out || '_';
}

/** The partition tuple record `r102`; fields are optional (partition values may be null). */
function partitionRecord(fields: readonly PartitionTupleField[]): AvroSchema {
  return {
    type: 'record', name: 'r102',
    fields: fields.map((f) => opt(avroName(f.field.name), f.field.fieldId, avroPrimitive(partitionValueType(f), `r102_f${f.field.fieldId}`))),
  };
}

/** The type partition values are written as; a transform with an unknown result is refused by writers. */
export function partitionValueType(f: PartitionTupleField): PrimitiveType {
  const t: IcebergType | undefined = f.type;
  if (!t || t.kind === 'struct' || t.kind === 'list' || t.kind === 'map') return { kind: 'int' }; // void of a nested source: always null
  return t;
}

/** The `manifest_entry` schema for a format version and partition tuple type. */
export function manifestEntrySchema(formatVersion: number, partition: readonly PartitionTupleField[]): AvroSchema {
  const v1 = formatVersion === 1;
  const dataFile: Field[] = [
    ...(v1 ? [] : [req('content', 134, 'int')]),
    req('file_path', 100, 'string'),
    req('file_format', 101, 'string'),
    req('partition', 102, partitionRecord(partition)),
    req('record_count', 103, 'long'),
    req('file_size_in_bytes', 104, 'long'),
    ...(v1 ? [req('block_size_in_bytes', 105, 'long')] : []),
    intMap('column_sizes', 108, 117, 118, 'long'),
    intMap('value_counts', 109, 119, 120, 'long'),
    intMap('null_value_counts', 110, 121, 122, 'long'),
    intMap('nan_value_counts', 137, 138, 139, 'long'),
    intMap('lower_bounds', 125, 126, 127, 'bytes'),
    intMap('upper_bounds', 128, 129, 130, 'bytes'),
    opt('key_metadata', 131, 'bytes'),
    list('split_offsets', 132, 133, 'long'),
    ...(v1 ? [] : [list('equality_ids', 135, 136, 'int')]),
    opt('sort_order_id', 140, 'int'),
    ...(formatVersion >= 3 ? [opt('first_row_id', 142, 'long')] : []),
    ...(v1 ? [] : [opt('referenced_data_file', 143, 'string')]),
    ...(formatVersion >= 3 ? [opt('content_offset', 144, 'long'), opt('content_size_in_bytes', 145, 'long')] : []),
  ];
  return {
    type: 'record', name: 'manifest_entry',
    fields: [
      req('status', 0, 'int'),
      v1 ? req('snapshot_id', 1, 'long') : opt('snapshot_id', 1, 'long'),
      ...(v1 ? [] : [opt('sequence_number', 3, 'long'), opt('file_sequence_number', 4, 'long')]),
      req('data_file', 2, { type: 'record', name: 'r2', fields: dataFile }),
    ],
  };
}

/** The `manifest_file` schema of manifest lists (spec "Manifest Lists") for a format version. */
export function manifestFileSchema(formatVersion: number): AvroSchema {
  const v1 = formatVersion === 1;
  const count = (name: string, id: number, t: 'int' | 'long') => (v1 ? opt(name, id, t) : req(name, id, t));
  const summary: AvroSchema = {
    type: 'record', name: 'r508',
    fields: [req('contains_null', 509, 'boolean'), opt('contains_nan', 518, 'boolean'), opt('lower_bound', 510, 'bytes'), opt('upper_bound', 511, 'bytes')],
  };
  return {
    type: 'record', name: 'manifest_file',
    fields: [
      req('manifest_path', 500, 'string'),
      req('manifest_length', 501, 'long'),
      req('partition_spec_id', 502, 'int'),
      ...(v1 ? [] : [req('content', 517, 'int'), req('sequence_number', 515, 'long'), req('min_sequence_number', 516, 'long')]),
      req('added_snapshot_id', 503, 'long'),
      count('added_files_count', 504, 'int'),
      count('existing_files_count', 505, 'int'),
      count('deleted_files_count', 506, 'int'),
      count('added_rows_count', 512, 'long'),
      count('existing_rows_count', 513, 'long'),
      count('deleted_rows_count', 514, 'long'),
      opt('partitions', 507, { type: 'array', items: summary, 'element-id': 508 }),
      opt('key_metadata', 519, 'bytes'),
      ...(formatVersion >= 3 ? [opt('first_row_id', 520, 'long')] : []),
    ],
  };
}
