/**
 * Building the metadata tables' Arrow columns from plain values with explicit Iceberg types, straight into
 * Arrow buffers (Arrow JS builders take timestamps as lossy ms numbers and 64-bit values inconsistently).
 * Values: internal values (expr/types.ts) for primitives, objects keyed by field name for structs, arrays
 * for lists, Maps (or lazy maps) or arrays of [key, value] pairs for maps; null/undefined for null.
 */
import { type Data, Field, Struct, Table, makeData } from 'apache-arrow';
import { batchFromColumns } from '../../../arrow/columns.ts';
import { utf8Encode } from '../../../util/bytes.ts';
import { isMapLike } from '../../../util/lazy-map.ts';
import { uuidBytes } from '../spec/bucket.ts';
import type { IcebergType, NestedField } from '../spec/types.ts';
import { arrowType } from './arrow-types.ts';

const isNull = (v: unknown) => v === null || v === undefined;

/** One Arrow column of `type` holding `values`. */
export function buildData(type: IcebergType, values: readonly unknown[]): Data {
  const n = values.length;
  const at = arrowType(type);
  let nullCount = 0;
  const nullBitmap = new Uint8Array((n + 7) >> 3);
  values.forEach((v, i) => { if (isNull(v)) nullCount++; else nullBitmap[i >> 3] |= 1 << (i & 7); });
  const base = { type: at, length: n, nullCount, nullBitmap: nullCount ? nullBitmap : undefined };
  switch (type.kind) {
    case 'boolean': {
      const bits = new Uint8Array((n + 7) >> 3);
      values.forEach((v, i) => { if (v === true) bits[i >> 3] |= 1 << (i & 7); });
      return makeData({ ...base, data: bits } as never);
    }
    case 'int': case 'date': return makeData({ ...base, data: Int32Array.from(values, (v) => (isNull(v) ? 0 : Number(v))) } as never);
    case 'float': return makeData({ ...base, data: Float32Array.from(values, (v) => (isNull(v) ? 0 : Number(v))) } as never);
    case 'double': return makeData({ ...base, data: Float64Array.from(values, (v) => (isNull(v) ? 0 : Number(v))) } as never);
    case 'long': case 'time': case 'timestamp': case 'timestamptz': case 'timestamp_ns': case 'timestamptz_ns':
      return makeData({ ...base, data: BigInt64Array.from(values, (v) => (isNull(v) ? 0n : BigInt(v as bigint))) } as never);
    case 'decimal': {
      const words = new Uint32Array(4 * n);
      values.forEach((v, i) => {
        if (isNull(v)) return;
        const u = BigInt.asUintN(128, v as bigint);
        for (let w = 0; w < 4; w++) words[4 * i + w] = Number((u >> BigInt(32 * w)) & 0xffffffffn);
      });
      return makeData({ ...base, data: words } as never);
    }
    case 'uuid': case 'fixed': {
      const width = type.kind === 'fixed' ? type.length : 16;
      const data = new Uint8Array(width * n);
      values.forEach((v, i) => { if (!isNull(v)) data.set((typeof v === 'string' ? uuidBytes(v) : (v as Uint8Array)).subarray(0, width), i * width); });
      return makeData({ ...base, data } as never);
    }
    case 'string': case 'binary': case 'geometry': case 'geography': {
      const parts = values.map((v) => (isNull(v) ? new Uint8Array(0) : typeof v === 'string' ? utf8Encode(v) : (v as Uint8Array)));
      const offsets = new Int32Array(n + 1);
      parts.forEach((p, i) => { offsets[i + 1] = offsets[i] + p.length; });
      const data = new Uint8Array(offsets[n]);
      parts.forEach((p, i) => data.set(p, offsets[i]));
      return makeData({ ...base, valueOffsets: offsets, data } as never);
    }
    case 'struct': {
      const children = type.fields.map((f) => buildData(f.type, values.map((v) => (isNull(v) ? null : (v as Record<string, unknown>)[f.name]))));
      return makeData({ ...base, type: new Struct(type.fields.map((f, i) => new Field(f.name, children[i].type, !f.required))), children } as never);
    }
    case 'list': {
      const offsets = new Int32Array(n + 1);
      const flat: unknown[] = [];
      values.forEach((v, i) => { if (!isNull(v)) flat.push(...(v as unknown[])); offsets[i + 1] = flat.length; });
      return makeData({ ...base, valueOffsets: offsets, child: buildData(type.element, flat) } as never);
    }
    case 'map': {
      const offsets = new Int32Array(n + 1);
      const keys: unknown[] = []; const vals: unknown[] = [];
      values.forEach((v, i) => {
        if (!isNull(v)) for (const [k, x] of (isMapLike(v) ? [...v.entries()] : (v as [unknown, unknown][]))) { keys.push(k); vals.push(x); }
        offsets[i + 1] = keys.length;
      });
      const entryType = (at.children[0] as Field).type as Struct;
      const child = makeData({ type: entryType, length: keys.length, nullCount: 0, children: [buildData(type.key, keys), buildData(type.value, vals)] } as never);
      return makeData({ ...base, valueOffsets: offsets, child } as never);
    }
    default: return makeData({ type: at, length: n, nullCount: n, nullBitmap: new Uint8Array((n + 7) >> 3) } as never);
  }
}

/** An Arrow table with exactly these columns (types from the Iceberg fields) and rows (objects by column name). */
export function tableOf(fields: readonly NestedField[], rows: readonly Record<string, unknown>[]): Table {
  const children = fields.map((f) => buildData(f.type, rows.map((r) => r[f.name])));
  const arrowFields = fields.map((f, i) => new Field(f.name, children[i].type, !f.required));
  return new Table([batchFromColumns(arrowFields, children, rows.length)]);
}

/** Shorthand for declaring a metadata table's columns. Ids are positional (they only need to be unique). */
export function columns(spec: [name: string, type: IcebergType, required?: boolean][]): NestedField[] {
  return spec.map(([name, type, required], i) => ({ id: i + 1, name, type, required: required ?? false }));
}

export const T = {
  bool: { kind: 'boolean' }, int: { kind: 'int' }, long: { kind: 'long' }, string: { kind: 'string' }, binary: { kind: 'binary' },
  timestamptz: { kind: 'timestamptz' }, date: { kind: 'date' },
} as const satisfies Record<string, IcebergType>;

/** `map<string, string>`. */
export const STRING_MAP: IcebergType = { kind: 'map', keyId: 1001, key: T.string, valueId: 1002, valueRequired: true, value: T.string };
/** `map<int, long>` (column sizes, counts). */
export const INT_LONG_MAP: IcebergType = { kind: 'map', keyId: 1003, key: T.int, valueId: 1004, valueRequired: true, value: T.long };
/** `map<int, binary>` (bounds). */
export const INT_BINARY_MAP: IcebergType = { kind: 'map', keyId: 1005, key: T.int, valueId: 1006, valueRequired: true, value: T.binary };
export const listOf = (element: IcebergType): IcebergType => ({ kind: 'list', elementId: 1007, elementRequired: true, element });

/** ms since epoch → the µs value of a timestamptz column. */
export const msToMicros = (ms: number | undefined | null): bigint | null => (ms === undefined || ms === null ? null : BigInt(ms) * 1000n);
