/**
 * Schema evolution with type changes, on Arrow columns: a column of a data file written with an older
 * schema is read in the read schema's type through Paimon's cast rules (spec/cast.ts; paimon-core
 * `SchemaEvolutionUtil.createIndexCastMapping` casts every field whose type differs, ignoring
 * nullability). Columns of unchanged type keep the buffers as the Parquet reader produced them
 * (arrow-type.ts `castData` only adapts the physical layout).
 */
import { Bool, Data, Field, List, makeData, Map_, Struct, Type, type DataType as ArrowType } from 'apache-arrow';
import { nullData } from '../../../arrow/index.ts';
import { LakeError } from '../../../errors.ts';
import type { Value } from '../../../expr/index.ts';
import { utf8Encode } from '../../../util/bytes.ts';
import { CastFailure, resolveCast, sameTypeIgnoringNullable } from '../spec/cast.ts';
import { formatDataType, type DataType } from '../spec/data-type.ts';
import { arrowType, castData, internalValueReader } from './arrow-type.ts';
import { internalError, messageError } from '../../../message-error.ts';
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';

/**
 * The file column `data` (written as `from`) in the read type `to`. Must hold: unchanged types pass
 * through `castData`; a changed type gives Paimon's cast of every value (null stays null, a cast that
 * yields null gives null); a value Paimon's cast fails on → DataInvalid naming the column, both types
 * and the value; nested types are evolved element by element (ROW fields by id); a pair Paimon cannot
 * cast → Unsupported naming both types.
 */
export function evolveColumn(data: Data, from: DataType, to: DataType, column: string): Data {
  const target = arrowType(to);
  if (sameTypeIgnoringNullable(from, to)) return castData(data, target, column);
  if (isNested(from) && from.root === to.root) return evolveNested(data, from, to, column);
  let cast;
  try {
    cast = resolveCast(from, to);
  } catch (e) {
    if (e instanceof LakeError) {
      // The cast's own message (from, to, reason) named with the column it was reading.
      const ref = e.ref?.key === 'error.paimon.cast' ? errorRef('error.paimon.read.cast', { column, ...(e.ref.params as { from: string; to: string; reason: ErrorRef }) }) : undefined;
      throw new LakeError(e.code, `paimon read: column '${column}': ${e.message.replace(/^paimon schema evolution: /, '')}`, { column }, { ref });
    }
    throw e;
  }
  const source = castData(data, arrowType(from), column);
  const read = internalValueReader(from, source.type)!;
  const values: (Value | null)[] = new Array(source.length);
  for (let i = 0; i < source.length; i++) {
    const v = read(source, i);
    try {
      values[i] = v === null ? null : cast(v);
    } catch (e) {
      if (!(e instanceof CastFailure)) throw e;
      throw messageError('DataInvalid', 'error.paimon.castFailed', { column, from: formatDataType(from), to: formatDataType(to), detail: e.message }, { column });
    }
  }
  return columnOf(to, target, values);
}

const isNested = (t: DataType) => t.root === 'ARRAY' || t.root === 'MULTISET' || t.root === 'MAP' || t.root === 'ROW';

/**
 * A nested column whose inner types changed (`CastedArray`, `CastedMap`, `CastedRow`): offsets and
 * validity are kept, the children are evolved recursively — ROW fields matched by field id (renamed
 * and reordered nested fields map correctly, added ones are null, dropped ones left out).
 */
function evolveNested(d: Data, from: DataType, to: DataType, column: string): Data {
  const children = d.children;
  // Types are built from the evolved children so that parent and child types always agree.
  const rebuild = (type: ArrowType, kids: Data[]) => d.clone(type, d.offset, d.length, d.nullCount, d as never, kids);
  const mapOf = (kv: Data, key: Data, value: Data, valueNullable: boolean) => {
    const struct = new Struct([new Field('key', key.type, false), new Field('value', value.type, valueNullable)]);
    return rebuild(new Map_(new Field('entries', struct, false) as never), [kv.clone(struct, kv.offset, kv.length, kv.nullCount, kv as never, [key, value])]);
  };
  if (from.root === 'ARRAY' && to.root === 'ARRAY') {
    const element = evolveColumn(children[0]!, from.element, to.element, `${column}.element`);
    return rebuild(new List(new Field('element', element.type, to.element.nullable)), [element]);
  }
  if (from.root === 'MULTISET' && to.root === 'MULTISET') {
    const kv = children[0]!;
    return mapOf(kv, evolveColumn(kv.children[0]!, from.element, to.element, `${column}.element`), kv.children[1]!, true);
  }
  if (from.root === 'MAP' && to.root === 'MAP') {
    const kv = children[0]!;
    const key = evolveColumn(kv.children[0]!, from.key, to.key, `${column}.key`);
    return mapOf(kv, key, evolveColumn(kv.children[1]!, from.value, to.value, `${column}.value`), to.value.nullable);
  }
  if (from.root === 'ROW' && to.root === 'ROW') {
    const names = (d.type as Struct).children.map((f) => f.name);
    const evolved = to.fields.map((rf) => {
      const ff = from.fields.find((f) => f.id === rf.id);
      const i = ff ? names.indexOf(ff.name) : -1;
      return i < 0 ? nullData(arrowType(rf.type), d.offset + d.length) : evolveColumn(children[i]!, ff!.type, rf.type, `${column}.${rf.name}`);
    });
    return rebuild(new Struct(to.fields.map((rf, k) => new Field(rf.name, evolved[k]!.type, rf.type.nullable))), evolved);
  }
  throw messageError('Unsupported', 'error.paimon.cannotReadAs', { column, from: formatDataType(from), to: formatDataType(to) }, { column });
}

/** Arrow data of Paimon type `t` (Arrow type `target`) from internal values (spec/data-type.ts). */
function columnOf(t: DataType, target: ArrowType, values: readonly (Value | null)[]): Data {
  const n = values.length;
  const nullBitmap = new Uint8Array((n + 7) >> 3);
  let nullCount = 0;
  for (let i = 0; i < n; i++) {
    if (values[i] === null) nullCount++;
    else nullBitmap[i >> 3]! |= 1 << (i & 7);
  }
  const present = (i: number) => values[i] !== null;
  switch (target.typeId) {
    case Type.Bool: {
      const bits = new Uint8Array((n + 7) >> 3);
      for (let i = 0; i < n; i++) if (values[i] === true) bits[i >> 3]! |= 1 << (i & 7);
      return makeData({ type: target as Bool, length: n, nullCount, nullBitmap, data: bits });
    }
    case Type.Utf8: case Type.Binary: {
      const parts = values.map((v) => (v === null ? new Uint8Array(0) : typeof v === 'string' ? utf8Encode(v) : (v as Uint8Array)));
      const valueOffsets = new Int32Array(n + 1);
      for (let i = 0; i < n; i++) valueOffsets[i + 1] = valueOffsets[i]! + parts[i]!.length;
      const bytes = new Uint8Array(valueOffsets[n]!);
      parts.forEach((p, i) => bytes.set(p, valueOffsets[i]!));
      return makeData({ type: target as never, length: n, nullCount, nullBitmap, valueOffsets, data: bytes });
    }
    case Type.Decimal: {
      const words = new Uint32Array(n * 4);
      for (let i = 0; i < n; i++) {
        if (!present(i)) continue;
        let x = BigInt.asUintN(128, values[i] as bigint);
        for (let w = 0; w < 4; w++, x >>= 32n) words[i * 4 + w] = Number(x & 0xffffffffn);
      }
      return makeData({ type: target as never, length: n, nullCount, nullBitmap, data: words });
    }
    case Type.Timestamp: {
      // Internal µs (precision ≤ 6) or ns; Arrow ms for precision ≤ 3 (arrow-type.ts).
      const ms = (t.root === 'TIMESTAMP' || t.root === 'TIMESTAMP_LTZ') && (t.precision ?? 6) <= 3;
      const out = new BigInt64Array(n);
      for (let i = 0; i < n; i++) if (present(i)) out[i] = ms ? floorDiv(values[i] as bigint, 1000n) : (values[i] as bigint);
      return makeData({ type: target, length: n, nullCount, nullBitmap, data: out } as never);
    }
    case Type.Time: {
      const out = new Int32Array(n);
      for (let i = 0; i < n; i++) if (present(i)) out[i] = Number(floorDiv(values[i] as bigint, 1000n));
      return makeData({ type: target, length: n, nullCount, nullBitmap, data: out } as never);
    }
    case Type.Int: case Type.Float: case Type.Date: {
      const probe = makeData({ type: target, length: 0 } as never) as Data;
      const Ctor = (probe.values?.constructor ?? target.ArrayType) as new (n: number) => { [i: number]: number | bigint };
      const out = new Ctor(n);
      for (let i = 0; i < n; i++) if (present(i)) out[i] = values[i] as number | bigint;
      return makeData({ type: target, length: n, nullCount, nullBitmap, data: out } as never);
    }
    default:
      throw internalError(`paimon read: no column builder for ${formatDataType(t)}`);
  }
}

function floorDiv(a: bigint, b: bigint): bigint {
  return a % b !== 0n && (a < 0n) !== (b < 0n) ? a / b - 1n : a / b;
}
