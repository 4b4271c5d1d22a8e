/**
 * Rows given as plain objects (the API, the CLI, a pasted CSV) as Paimon's internal values (paimon-common
 * `data/InternalRow`: INT/DATE numbers, BIGINT/TIMESTAMP/DECIMAL exact bigints, strings, bytes), the form
 * the BinaryRow encoder (spec/binary-row.ts), the bucket function (spec/bucket.ts) and the stats take, and
 * those values as Arrow columns of the types Paimon's Parquet writer uses (scan/arrow-type.ts).
 *
 * Exact inputs only: BIGINT takes number | bigint | integer text; DECIMAL text | number | bigint;
 * DATE `YYYY-MM-DD` | days; TIMESTAMP ISO text | bigint (µs, ns above precision 6). Nested types are refused.
 */
import { makeData, type Data } from 'apache-arrow';
import { dataFromValues } from '../../../arrow/index.ts';
import { parseDate, parseDecimal, parseTimestamp, type Value } from '../../../expr/index.ts';
import { arrowType } from '../scan/arrow-type.ts';
import type { DataField, DataType } from '../spec/data-type.ts';
import { messageError } from '../../../message-error.ts';

export type RowObject = Readonly<Record<string, unknown>>;
/** One row's internal values, in a field list's order (null = SQL NULL). */
export type InternalValues = (Value | null)[];

/** The row's value refused: not a valid value of the type (default), null in a NOT NULL column, out of a decimal's range, or a timestamp's parse failure. */
function bad(f: DataField, row: number, v: unknown, why?: { notNull: true } | { decimal: string } | { timestamp: string }): never {
  const shown = typeof v === 'bigint' ? v.toString() : String(JSON.stringify(v));
  const at = { row: row + 1, column: f.name, value: shown };
  const context = { column: f.name, row };
  if (why && 'notNull' in why) throw messageError('DataInvalid', 'error.paimon.write.notNull', at, context);
  if (why && 'decimal' in why) throw messageError('DataInvalid', 'error.paimon.write.decimal', { ...at, type: why.decimal }, context);
  if (why && 'timestamp' in why) throw messageError('DataInvalid', 'error.paimon.write.timestamp', { ...at, detail: why.timestamp }, context);
  throw messageError('DataInvalid', 'error.paimon.write.value', { ...at, type: f.type.root }, context);
}

const INT_RANGE: Partial<Record<DataType['root'], [number, number]>> = {
  TINYINT: [-128, 127], SMALLINT: [-32768, 32767], INT: [-2147483648, 2147483647],
};

/** One cell as its internal value. Must hold: a value that does not fit → DataInvalid naming row and column. */
export function internalValue(f: DataField, v: unknown, row: number): Value | null {
  if (v === null || v === undefined) {
    if (!f.type.nullable) bad(f, row, null, { notNull: true });
    return null;
  }
  const t = f.type;
  const text = typeof v === 'string' ? v.trim() : undefined;
  switch (t.root) {
    case 'BOOLEAN':
      if (typeof v === 'boolean') return v;
      if (text === 'true' || text === 'false') return text === 'true';
      return bad(f, row, v);
    case 'TINYINT': case 'SMALLINT': case 'INT': {
      const n = typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : text !== undefined && /^[+-]?\d+$/.test(text) ? Number(text) : NaN;
      const [lo, hi] = INT_RANGE[t.root]!;
      return Number.isInteger(n) && n >= lo && n <= hi ? n : bad(f, row, v);
    }
    case 'BIGINT': {
      const b = typeof v === 'bigint' ? v : typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : text !== undefined && /^[+-]?\d+$/.test(text) ? BigInt(text) : undefined;
      return b !== undefined && BigInt.asIntN(64, b) === b ? b : bad(f, row, v);
    }
    case 'FLOAT': case 'DOUBLE': {
      const n = typeof v === 'number' ? v : text !== undefined && text !== '' ? Number(text) : NaN;
      return Number.isNaN(n) && !/^nan$/i.test(text ?? '') ? bad(f, row, v) : t.root === 'FLOAT' ? Math.fround(n) : n;
    }
    case 'DECIMAL':
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'bigint') return bad(f, row, v);
      return parseDecimal(typeof v === 'bigint' ? v.toString() : v, t.precision ?? 10, t.scale ?? 0) ?? bad(f, row, v, { decimal: `${t.root}(${t.precision ?? 10},${t.scale ?? 0})` });
    case 'CHAR': case 'VARCHAR':
      return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean' ? String(v) : bad(f, row, v);
    case 'BINARY': case 'VARBINARY':
      return v instanceof Uint8Array ? v : typeof v === 'string' ? new TextEncoder().encode(v) : bad(f, row, v);
    case 'DATE':
      if (typeof v === 'number' && Number.isInteger(v)) return v;
      return (text !== undefined ? parseDate(text) : undefined) ?? bad(f, row, v);
    case 'TIMESTAMP': case 'TIMESTAMP_LTZ': {
      if (typeof v === 'bigint') return v;
      if (text === undefined) return bad(f, row, v);
      const r = parseTimestamp(text, (t.precision ?? 6) > 6 ? 'ns' : 'us', t.root === 'TIMESTAMP_LTZ');
      return typeof r === 'bigint' ? r : bad(f, row, v, { timestamp: r });
    }
    default:
      throw messageError('Unsupported', 'error.paimon.write.columnType', { column: f.name, type: t.root }, { column: f.name });
  }
}

/** A row's values for `fields` (missing keys are null). */
export function rowValues(fields: readonly DataField[], row: RowObject, index: number): InternalValues {
  const known = new Set(fields.map((f) => f.name));
  for (const k of Object.keys(row)) {
    if (!known.has(k)) throw messageError('DataInvalid', 'error.paimon.write.unknownColumn', { row: index + 1, column: k, columns: [...known].join(', ') }, { column: k, row: index });
  }
  return fields.map((f) => internalValue(f, row[f.name], index));
}

function validity(values: readonly unknown[]): { bitmap: Uint8Array; nulls: number } {
  const bitmap = new Uint8Array((values.length + 7) >> 3);
  let nulls = 0;
  values.forEach((v, i) => { if (v === null) nulls++; else bitmap[i >> 3]! |= 1 << (i & 7); });
  return { bitmap, nulls };
}

/**
 * One column of internal values as Arrow data of `arrowType(type)`. Fixed-width 64-bit, date, timestamp
 * and decimal buffers are filled from the exact values; TIMESTAMP(p ≤ 3) is stored in millis as Paimon does.
 */
export function arrowColumn(type: DataType, values: readonly (Value | null)[]): Data {
  const at = arrowType(type);
  const { bitmap, nulls } = validity(values);
  const base = { type: at as never, length: values.length, nullCount: nulls, nullBitmap: bitmap };
  switch (type.root) {
    case 'BIGINT':
      return makeData({ ...base, data: BigInt64Array.from(values, (v) => (v as bigint | null) ?? 0n) } as never);
    case 'DATE':
      return makeData({ ...base, data: Int32Array.from(values, (v) => (v as number | null) ?? 0) } as never);
    case 'TIMESTAMP': case 'TIMESTAMP_LTZ': {
      const millis = (type.precision ?? 6) <= 3;
      return makeData({ ...base, data: BigInt64Array.from(values, (v) => (v === null ? 0n : millis ? floorDiv(v as bigint, 1000n) : (v as bigint))) } as never);
    }
    case 'DECIMAL': {
      const words = new Uint32Array(values.length * 4);
      values.forEach((v, i) => {
        let x = BigInt.asUintN(128, (v as bigint | null) ?? 0n);
        for (let k = 0; k < 4; k++) { words[i * 4 + k] = Number(x & 0xffffffffn); x >>= 32n; }
      });
      return makeData({ ...base, data: words } as never);
    }
    default:
      return dataFromValues(values, at);
  }
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && (a < 0n) !== (b < 0n) ? q - 1n : q;
}
