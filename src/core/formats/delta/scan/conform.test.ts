/**
 * Column mapping at every depth (PROTOCOL.md "Reader Requirements for Column Mapping"): struct fields,
 * list elements and map values found by physical name (name mode) or Parquet field id (id mode), renamed to
 * their logical names; fields missing from the file are null.
 */
import { Field, Int32, List, Map_, Struct, Utf8, vectorFromArray, type DataType } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { canonicalAccessor } from '../../../arrow/index.ts';
import { PARQUET_FIELD_ID_KEY } from '../../../codecs/parquet/index.ts';
import { parseSchemaString } from '../spec/schema.ts';
import { conform } from './conform.ts';

const meta = (id: number, physical: string) => ({ 'delta.columnMapping.id': id, 'delta.columnMapping.physicalName': physical });
const f = (name: string, type: unknown, id: number, physical: string) => ({ name, type, nullable: true, metadata: meta(id, physical) });

/** Logical column `a`: struct<b: int, c: array<struct<d: string>>, m: map<string, struct<v: int>>, gone: int>. */
const schema = parseSchemaString(JSON.stringify({
  type: 'struct',
  fields: [f('a', {
    type: 'struct',
    fields: [
      f('b', 'integer', 2, 'col-b'),
      f('c', { type: 'array', elementType: { type: 'struct', fields: [f('d', 'string', 4, 'col-d')] }, containsNull: true }, 3, 'col-c'),
      f('m', { type: 'map', keyType: 'string', valueType: { type: 'struct', fields: [f('v', 'integer', 6, 'col-v')] }, valueContainsNull: true }, 5, 'col-m'),
      f('gone', 'integer', 7, 'col-gone'),
    ],
  }, 1, 'col-a')],
}));

/** The file column as a writer with column mapping writes it: physical names and field ids. */
function fileColumn(named: (physical: string, id: number) => string, withId: boolean) {
  const fld = (physical: string, id: number, type: DataType) => new Field(named(physical, id), type, true, withId ? new Map([[PARQUET_FIELD_ID_KEY, String(id)]]) : new Map());
  const inner = new Struct([fld('col-d', 4, new Utf8())]);
  const value = new Struct([fld('col-v', 6, new Int32())]);
  const type = new Struct([
    fld('col-b', 2, new Int32()),
    fld('col-c', 3, new List(new Field('element', inner, true))),
    fld('col-m', 5, new Map_(new Field('entries', new Struct([new Field('key', new Utf8(), false), new Field('value', value, true)]), false) as never)),
  ]);
  const k = (p: string, id: number) => named(p, id);
  return vectorFromArray([
    { [k('col-b', 2)]: 1, [k('col-c', 3)]: [{ [k('col-d', 4)]: 'x' }], [k('col-m', 5)]: new Map([['key', { [k('col-v', 6)]: 9 }]]) },
    null,
  ], type).data[0]!;
}

const expected = [{ b: 1, c: [{ d: 'x' }], m: [{ key: 'key', value: { v: 9 } }], gone: null }, null];

describe('conform: nested column mapping', () => {
  const a = schema.fields[0]!;

  it('name mode resolves physical names at every depth and renames to logical names', () => {
    const data = conform(fileColumn((p) => p, false), a.type, 'name', 'a');
    const read = canonicalAccessor(data.type);
    expect([read(data, 0), read(data, 1)]).toEqual(expected);
  });

  it('id mode resolves Parquet field ids even when the file names differ', () => {
    const data = conform(fileColumn((_p, id) => `renamed_${id}`, true), a.type, 'id', 'a');
    const read = canonicalAccessor(data.type);
    expect([read(data, 0), read(data, 1)]).toEqual(expected);
  });

  it('mode none finds display names only: physical names give nulls, never wrong columns', () => {
    const data = conform(fileColumn((p) => p, false), a.type, 'none', 'a');
    const read = canonicalAccessor(data.type);
    expect(read(data, 0)).toEqual({ b: null, c: null, m: null, gone: null });
  });
});
