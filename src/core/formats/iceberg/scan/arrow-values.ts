/**
 * Reading internal values (expr/types.ts) out of conformed Arrow columns, for the residual filter and
 * equality deletes. Columns must already have the read schema's types (file-projection.ts), so values
 * from any file compare equal exactly when the table values are equal.
 */
import type { Data } from 'apache-arrow';
import { formatUuid } from '../../../expr/literal.ts';
import type { Value } from '../../../expr/types.ts';
import { utf8Decode } from '../../../util/bytes.ts';
import type { IcebergType, NestedField } from '../spec/types.ts';

export type Getter = (i: number) => Value | null;

/** A reader of row `i` of a primitive column; nested types read as null (they are never compared). */
export function valueGetter(d: Data, t: IcebergType): Getter {
  const valid = (i: number) => d.nullCount === 0 || d.getValid(i);
  const v = d.values as ArrayLike<number | bigint> & Uint8Array;
  switch (t.kind) {
    case 'boolean': return (i) => (valid(i) ? (v[(d.offset + i) >> 3] & (1 << ((d.offset + i) & 7))) !== 0 : null);
    case 'int': case 'date': case 'float': case 'double': return (i) => (valid(i) ? Number(v[i]) : null);
    case 'long': case 'time': case 'timestamp': case 'timestamptz': case 'timestamp_ns': case 'timestamptz_ns':
      return (i) => (valid(i) ? BigInt(v[i]) : null);
    case 'decimal': {
      const words = d.values as Uint32Array;
      return (i) => {
        if (!valid(i)) return null;
        let x = 0n;
        for (let w = 3; w >= 0; w--) x = (x << 32n) | BigInt(words[i * 4 + w]);
        return BigInt.asIntN(128, x);
      };
    }
    case 'string': return (i) => (valid(i) ? utf8Decode(bytesAt(d, i)) : null);
    case 'binary': case 'geometry': case 'geography': return (i) => (valid(i) ? bytesAt(d, i).slice() : null);
    case 'uuid': case 'fixed': {
      const w = t.kind === 'fixed' ? t.length : 16;
      return (i) => {
        if (!valid(i)) return null;
        const b = (d.values as Uint8Array).subarray(i * w, (i + 1) * w);
        return t.kind === 'uuid' ? formatUuid(b) : b.slice();
      };
    }
    default: return () => null;
  }
}

function bytesAt(d: Data, i: number): Uint8Array {
  const o = d.valueOffsets as Int32Array | BigInt64Array;
  return (d.values as Uint8Array).subarray(Number(o[i]), Number(o[i + 1]));
}

/**
 * A reader for a field nested in structs: `chain` is the fields from the top-level column down to it
 * (the top-level column's data is `top`). A null struct on the way reads as null.
 */
export function nestedGetter(top: Data, chain: readonly NestedField[]): Getter {
  let data = top;
  const parents: Data[] = [];
  for (let k = 1; k < chain.length; k++) {
    const parentType = chain[k - 1].type;
    if (parentType.kind !== 'struct') return () => null;
    parents.push(data);
    data = data.children[parentType.fields.findIndex((f) => f.id === chain[k].id)];
  }
  const leaf = valueGetter(data, chain[chain.length - 1].type);
  if (parents.length === 0) return leaf;
  return (i) => (parents.every((p) => p.nullCount === 0 || p.getValid(i)) ? leaf(i) : null);
}

/** The chain of struct fields from a top-level column down to field `id`, or undefined (not found / inside a list or map). */
export function structChain(fields: readonly NestedField[], id: number): NestedField[] | undefined {
  for (const f of fields) {
    if (f.id === id) return [f];
    if (f.type.kind === 'struct') {
      const rest = structChain(f.type.fields, id);
      if (rest) return [f, ...rest];
    }
  }
  return undefined;
}
