/**
 * Arrow record batches (as the read path returns them, columns already in the read schema's types) back
 * into writer rows (row-values.ts): what compaction and copy-on-write deletes re-write. Primitive values are
 * read exactly through scan/'s valueGetter (never Arrow JS's lossy millisecond timestamps); structs, lists
 * and maps are walked through their child data and offsets.
 */
import { type Data, DataType, type RecordBatch } from 'apache-arrow';
import { valueGetter } from '../scan/arrow-values.ts';
import type { IcebergType, NestedField } from '../spec/types.ts';

type Reader = (i: number) => unknown;

/** Rows of a batch keyed by field name, for the given fields (matched to batch columns by name). */
export function batchRows(batch: RecordBatch, fields: readonly NestedField[]): Record<string, unknown>[] {
  const names = batch.schema.fields.map((f) => f.name);
  const readers = fields.map((f) => {
    const j = names.indexOf(f.name);
    return j < 0 ? () => null : reader(batch.data.children[j], f.type);
  });
  const out: Record<string, unknown>[] = new Array(batch.numRows);
  for (let i = 0; i < batch.numRows; i++) {
    const row: Record<string, unknown> = {};
    fields.forEach((f, k) => { row[f.name] = readers[k](i); });
    out[i] = row;
  }
  return out;
}

/** A reader of row `i` of a column of any Iceberg type (null where the column is null). */
export function reader(d: Data, t: IcebergType): Reader {
  const valid = (i: number) => d.nullCount === 0 || d.getValid(i);
  if (DataType.isDictionary(d.type) && d.dictionary) {
    // Dictionary-encoded (Arrow JS builds strings this way): index into the dictionary's chunks.
    const chunks = d.dictionary.data.map((c) => ({ length: c.length, read: reader(c, t) }));
    const indices = d.values as ArrayLike<number | bigint>;
    return (i) => {
      if (!valid(i)) return null;
      let k = Number(indices[d.offset + i]);
      for (const c of chunks) {
        if (k < c.length) return c.read(k);
        k -= c.length;
      }
      return null;
    };
  }
  switch (t.kind) {
    case 'struct': {
      const children = t.fields.map((f, k) => reader(d.children[k], f.type));
      return (i) => {
        if (!valid(i)) return null;
        const o: Record<string, unknown> = {};
        t.fields.forEach((f, k) => { o[f.name] = children[k](i); });
        return o;
      };
    }
    case 'list': {
      const offsets = d.valueOffsets as Int32Array;
      const element = reader(d.children[0], t.element);
      return (i) => {
        if (!valid(i)) return null;
        const out: unknown[] = [];
        for (let j = offsets[d.offset + i]; j < offsets[d.offset + i + 1]; j++) out.push(element(j));
        return out;
      };
    }
    case 'map': {
      const offsets = d.valueOffsets as Int32Array;
      const entries = d.children[0];
      const key = reader(entries.children[0], t.key);
      const value = reader(entries.children[1], t.value);
      return (i) => {
        if (!valid(i)) return null;
        const out: { key: unknown; value: unknown }[] = [];
        for (let j = offsets[d.offset + i]; j < offsets[d.offset + i + 1]; j++) out.push({ key: key(j), value: value(j) });
        return out;
      };
    }
    default: return valueGetter(d, t);
  }
}
