/**
 * The Parquet schema of a file as a tree with field ids (Parquet format, "Metadata": SchemaElement
 * `field_id`). Iceberg maps file columns to table columns by these ids, never by name (names change on
 * rename; ids do not). The same ids travel on Arrow batches from {@link readParquetToArrow} as field
 * metadata `PARQUET:field_id` (parquet-wasm/arrow-rs sets it on every field, nested ones included).
 */
import { parquetSchema, type FileMetaData, type LogicalType, type ParquetType, type SchemaTree } from 'hyparquet';

/** One field of a Parquet schema (a group has children; a leaf has a physical type). */
export interface ParquetField {
  readonly name: string;
  /** Names from the root (exclusive) down to this field, as `path_in_schema` spells leaves. */
  readonly path: readonly string[];
  readonly fieldId?: number;
  readonly repetition?: 'REQUIRED' | 'OPTIONAL' | 'REPEATED';
  /** Leaves only. */
  readonly physicalType?: ParquetType;
  readonly logicalType?: LogicalType;
  readonly convertedType?: string;
  readonly precision?: number;
  readonly scale?: number;
  readonly typeLength?: number;
  readonly children: readonly ParquetField[];
}

/** The Arrow field-metadata key that carries a Parquet field id (arrow-rs `PARQUET_FIELD_ID_META_KEY`). */
export const PARQUET_FIELD_ID_KEY = 'PARQUET:field_id';

/** The top-level fields of a file's schema, with nested children. */
export function parquetFields(metadata: FileMetaData): ParquetField[] {
  return parquetSchema(metadata).children.map(toField);
}

function toField(t: SchemaTree): ParquetField {
  const e = t.element;
  return {
    name: e.name,
    path: t.path,
    fieldId: e.field_id,
    repetition: e.repetition_type,
    physicalType: e.type,
    logicalType: e.logical_type,
    convertedType: e.converted_type,
    precision: e.precision,
    scale: e.scale,
    typeLength: e.type_length,
    children: t.children.map(toField),
  };
}

/** Every field (groups and leaves) by field id. Fields without an id are left out. */
export function fieldsById(fields: readonly ParquetField[]): Map<number, ParquetField> {
  const out = new Map<number, ParquetField>();
  const visit = (f: ParquetField) => {
    if (f.fieldId !== undefined) out.set(f.fieldId, f);
    f.children.forEach(visit);
  };
  fields.forEach(visit);
  return out;
}
