import { Dictionary, Field, Int32, Int64, List, makeData, RecordBatch, Schema, Struct, Table, tableToIPC, Utf8, vectorFromArray, type Data, type DataType } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { isLakeError } from '../errors.ts';
import { batchFromColumns } from './columns.ts';

const data = (type: DataType, values: unknown[]): Data => vectorFromArray(values, type).data[0]!;

const rowsText = (b: RecordBatch): string => JSON.stringify(b.toArray(), (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));

/** What apache-arrow's own constructor builds from the same columns. */
function constructed(fields: Field[], children: Data[], length: number, metadata?: Map<string, string>): RecordBatch {
  const schema = new Schema(fields, metadata);
  return new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length, nullCount: 0, children }));
}

describe('batchFromColumns', () => {
  const nested = new Struct([new Field('a', new Int32(), true), new Field('b', new Utf8(), true)]);
  const fields = [
    new Field('id', new Int64(), false, new Map([['PARQUET:field_id', '1']])),
    new Field('name', new Utf8(), true),
    new Field('tags', new List(new Field('item', new Utf8(), true)), true),
    new Field('pair', nested, true),
    new Field('kind', new Dictionary(new Utf8(), new Int32()), true),
  ];
  const children = [
    data(new Int64(), [1n, 2n, 3n]),
    data(new Utf8(), ['x', null, 'zz']),
    data(fields[2]!.type, [['a'], [], null]),
    data(nested, [{ a: 1, b: 'p' }, null, { a: 3, b: null }]),
    data(fields[4]!.type, ['u', 'v', 'u']),
  ];

  it('builds the batch the RecordBatch constructor builds: same schema, rows and IPC bytes', () => {
    const metadata = new Map([['iceberg.schema', '{}']]);
    const ours = batchFromColumns(fields, children, 3, metadata);
    const theirs = constructed(fields, children, 3, metadata);
    expect(ours).toBeInstanceOf(RecordBatch);
    expect(ours.numRows).toBe(3);
    expect(ours.numCols).toBe(5);
    expect(ours.schema.metadata).toEqual(metadata);
    expect(ours.schema.fields.map(String)).toEqual(theirs.schema.fields.map(String));
    expect(rowsText(ours)).toBe(rowsText(theirs));
    expect(rowsText(ours)).toBe('[{"id":"1","name":"x","tags":["a"],"pair":{"a":1,"b":"p"},"kind":"u"},{"id":"2","name":null,"tags":[],"pair":null,"kind":"v"},'
      + '{"id":"3","name":"zz","tags":null,"pair":{"a":3,"b":null},"kind":"u"}]');
    expect(ours.dictionaries.size).toBe(1);
    expect(Buffer.from(tableToIPC(new Table([ours])))).toEqual(Buffer.from(tableToIPC(new Table([theirs]))));
    // Derived batches (slice, select) go through the constructor and stay equal too.
    expect(rowsText(ours.slice(1, 3))).toBe(rowsText(theirs.slice(1, 3)));
    expect(ours.select(['name']).schema.fields.map((f) => f.name)).toEqual(['name']);
  });

  it('an empty batch and a batch without columns', () => {
    const empty = batchFromColumns(fields.slice(0, 2), [data(new Int64(), []), data(new Utf8(), [])], 0);
    expect(empty.numRows).toBe(0);
    expect(Buffer.from(tableToIPC(new Table([empty])))).toEqual(Buffer.from(tableToIPC(new Table([constructed(fields.slice(0, 2), [data(new Int64(), []), data(new Utf8(), [])], 0)]))));
    const none = batchFromColumns([], [], 4);
    expect([none.numRows, none.numCols]).toEqual([4, 0]);
  });

  it('a column of another length or a missing column is LakeError Internal', () => {
    const short = () => batchFromColumns(fields.slice(0, 2), [children[0]!, data(new Utf8(), ['x'])], 3);
    expect(short).toThrow(/column name has 1 rows, not 3/);
    try { short(); } catch (e) { expect(isLakeError(e, 'Internal')).toBe(true); }
    expect(() => batchFromColumns(fields, children.slice(0, 2), 3)).toThrow(/differ in number/);
  });
});
