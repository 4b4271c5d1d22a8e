/**
 * Schema evolution with type changes, on Arrow columns: a column of a data file written with an older
 * schema is read in the read schema's type through Paimon's cast rules (spec/cast.ts; paimon-core
 * `SchemaEvolutionUtil.createIndexCastMapping` casts every field whose type differs, ignoring
 * nullability). Columns of unchanged type keep the buffers as the Parquet reader produced them
 * (arrow-type.ts `castData` only adapts the physical layout).
 */
import { Bool, Data, makeData, Type, type DataType as ArrowType } from 'apache-arrow';
import { LakeError } from '../../../errors.ts';
import type { Value } from '../../../expr/index.ts';
import { utf8Encode } from '../../../util/bytes.ts';
import { CastFailure, resolveCast, sameTypeIgnoringNullable } from '../spec/cast.ts';
import { formatDataType, type DataType } from '../spec/data-type.ts';
import { arrowType, castData, internalValueReader } from './arrow-type.ts';

/**
 * The file column `data` (written as `from`) in the read type `to`. Must hold: unchanged types pass
 * through `castData`; a changed type gives Paimon's cast of every value (null stays null, a cast that
 * yields null gives null); a value Paimon's cast fails on → DataInvalid naming the column, both types
 * and the value; a pair Paimon cannot cast (or nested types that changed) → Unsupported naming both.
 */
export function evolveColumn(data: Data, from: DataType, to: DataType, column: string): Data {
  const target = arrowType(to);
  if (sameTypeIgnoringNullable(from, to)) return castData(data, target, column);
  let cast;
  try {
    cast = resolveCast(from, to);
  } catch (e) {
    if (e instanceof LakeError) throw new LakeError(e.code, `paimon read: column '${column}': ${e.message}`, { column });
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
      throw new LakeError('DataInvalid', `paimon read: column '${column}' written as ${formatDataType(from)} cannot be read as `
        + `${formatDataType(to)}: ${e.message} (Paimon fails the read as well)`, { column });
    }
  }
  return columnOf(to, target, values);
}

/** Arrow data of Paimon type `t` (Arrow type `target`) from internal values (spec/data-type.ts). */
export function columnOf(t: DataType, target: ArrowType, values: readonly (Value | null)[]): Data {
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
      throw new LakeError('Internal', `paimon read: no column builder for ${formatDataType(t)}`);
  }
}

function floorDiv(a: bigint, b: bigint): bigint {
  return a % b !== 0n && (a < 0n) !== (b < 0n) ? a / b - 1n : a / b;
}
