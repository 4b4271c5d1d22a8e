/**
 * Shaping a data file's Arrow columns into the table's logical schema (PROTOCOL.md "Column Mapping",
 * "Reader Requirements for Column Mapping", "Type Widening"):
 * - mode `none`: columns are found by display name; `name`: by `delta.columnMapping.physicalName`; `id`: by
 *   the Parquet field id `delta.columnMapping.id` — at every depth (struct fields, list elements, map
 *   keys and values);
 * - a column missing from the file is null; columns the schema does not name (e.g. `_change_type` of CDF
 *   tables) are dropped;
 * - struct fields come out under their logical names; primitive columns are widened to the table's type.
 */
import { Data, Field, List, Map_, Struct, Type, type DataType } from 'apache-arrow';
import { nullData } from '../../../arrow/index.ts';
import { PARQUET_FIELD_ID_KEY } from '../../../codecs/parquet/index.ts';
import { fieldId, physicalName, type ColumnMappingMode, type DeltaType, type StructField } from '../spec/schema.ts';
import { arrowType } from './arrow-type.ts';
import { widen } from './cast.ts';

/** Finds the file field for a schema field among `fields` (index, or -1). */
export function findField(fields: readonly Field[], f: StructField, mode: ColumnMappingMode): number {
  if (mode === 'id') {
    const id = fieldId(f);
    return id === undefined ? -1 : fields.findIndex((x) => x.metadata.get(PARQUET_FIELD_ID_KEY) === String(id));
  }
  const name = physicalName(f, mode);
  const exact = fields.findIndex((x) => x.name === name);
  if (exact >= 0 || mode === 'name') return exact;
  // Spark resolves display names case-insensitively in mode none.
  const lower = name.toLowerCase();
  return fields.findIndex((x) => x.name.toLowerCase() === lower);
}

/**
 * The column `data` (of file field type) shaped as Delta type `t`. Must hold: the result's type
 * matches `arrowType(t)` up to representation (timestamp unit, string/dictionary encoding); nested
 * fields absent from the file are null.
 */
export function conform(data: Data, t: DeltaType, mode: ColumnMappingMode, column: string): Data {
  switch (t.kind) {
    case 'primitive': return widen(data, arrowType(t), column);
    case 'struct': {
      if (data.type.typeId !== Type.Struct) return nullData(arrowType(t), data.length);
      const fileFields = (data.type as Struct).children;
      const fields: Field[] = [];
      const children: Data[] = [];
      for (const f of t.fields) {
        const k = findField(fileFields, f, mode);
        const child = k < 0 ? nullData(arrowType(f.type), data.length) : conform(data.children[k]!, f.type, mode, `${column}.${f.name}`);
        fields.push(new Field(f.name, child.type, f.nullable));
        children.push(child);
      }
      return new Data(new Struct(fields), data.offset, data.length, data.nullCount, data.buffers, children);
    }
    case 'array': {
      if (data.type.typeId !== Type.List && data.type.typeId !== Type.LargeList) return nullData(arrowType(t), data.length);
      const el = conform(data.children[0]!, t.elementType, mode, `${column}.element`);
      const type: DataType = new List(new Field('element', el.type, t.containsNull));
      return new Data(type, data.offset, data.length, data.nullCount, data.buffers, [el]);
    }
    case 'map': {
      if (data.type.typeId !== Type.Map) return nullData(arrowType(t), data.length);
      const entries = data.children[0]!;
      const key = conform(entries.children[0]!, t.keyType, mode, `${column}.key`);
      const value = conform(entries.children[1]!, t.valueType, mode, `${column}.value`);
      const struct = new Struct([new Field('key', key.type, false), new Field('value', value.type, t.valueContainsNull)]);
      const e = new Data(struct, entries.offset, entries.length, entries.nullCount, entries.buffers, [key, value]);
      const type = new Map_(new Field('entries', struct, false), (data.type as Map_).keysSorted);
      return new Data(type, data.offset, data.length, data.nullCount, data.buffers, [e]);
    }
  }
}
