/**
 * Rows given as plain objects (the API, the CLI and the demo) as one Arrow batch in the table's types
 * (scan/arrow-type.ts). 64-bit values, dates, timestamps and decimals are built from exact values (a
 * bigint or decimal text), never through lossy conversions: `long` takes number | bigint | decimal string,
 * `date` 'YYYY-MM-DD' | Date | days, `timestamp[_ntz]` ISO text | Date | bigint µs, `decimal` text | number.
 */
import { Field, makeData, type Data, type DataType, type RecordBatch } from 'apache-arrow';
import { batchFromColumns, dataFromValues } from '../../../arrow/index.ts';
import { isLakeError } from '../../../errors.ts';
import { parseDate, parseDecimal, parseTimestamp } from '../../../expr/index.ts';
import { arrowType } from '../scan/arrow-type.ts';
import type { StructField, StructType } from '../spec/schema.ts';
import { messageError } from '../../../message-error.ts';

export type RowObject = Readonly<Record<string, unknown>>;

function bad(f: StructField, row: number, v: unknown): never {
  throw messageError('DataInvalid', 'error.delta.write.value', { row: row + 1, column: f.name, value: typeof v === 'bigint' ? v.toString() : String(JSON.stringify(v)), type: f.type.kind === 'primitive' ? f.type.name : f.type.kind }, { column: f.name, row });
}

/** One cell as the number/bigint the Arrow buffer holds, or null. */
function exactCell(f: StructField, v: unknown, row: number): number | bigint | null {
  if (v === null || v === undefined) return null;
  const name = f.type.kind === 'primitive' ? f.type.name : '';
  switch (name) {
    case 'long':
      if (typeof v === 'bigint') return v;
      if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
      if (typeof v === 'string' && /^[+-]?\d+$/.test(v.trim())) return BigInt(v.trim());
      return bad(f, row, v);
    case 'date':
      if (v instanceof Date) return Math.floor(v.getTime() / 86_400_000);
      if (typeof v === 'number' && Number.isInteger(v)) return v;
      if (typeof v === 'string') return parseDate(v.trim()) ?? bad(f, row, v);
      return bad(f, row, v);
    case 'timestamp': case 'timestamp_ntz': {
      if (typeof v === 'bigint') return v;
      if (v instanceof Date) return BigInt(v.getTime()) * 1000n;
      if (typeof v === 'string') {
        const r = parseTimestamp(v.trim(), 'us', name === 'timestamp');
        return typeof r === 'bigint' ? r : bad(f, row, v);
      }
      return bad(f, row, v);
    }
    case 'decimal': {
      const t = f.type as { precision?: number; scale?: number };
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'bigint') return bad(f, row, v);
      return parseDecimal(typeof v === 'bigint' ? v.toString() : v, t.precision ?? 38, t.scale ?? 0) ?? bad(f, row, v);
    }
    default: return bad(f, row, v);
  }
}

function validity(values: readonly unknown[]): { bitmap: Uint8Array; nulls: number } {
  const bitmap = new Uint8Array((values.length + 7) >> 3);
  let nulls = 0;
  values.forEach((v, i) => { if (v === null) nulls++; else bitmap[i >> 3]! |= 1 << (i & 7); });
  return { bitmap, nulls };
}

function exactColumn(f: StructField, type: DataType, rows: readonly RowObject[]): Data {
  const cells = rows.map((r, i) => exactCell(f, r[f.name], i));
  const { bitmap, nulls } = validity(cells);
  const name = f.type.kind === 'primitive' ? f.type.name : '';
  if (name === 'date') return makeData({ type: type as never, length: rows.length, nullCount: nulls, nullBitmap: bitmap, data: Int32Array.from(cells, (c) => Number(c ?? 0)) } as never);
  if (name === 'decimal') {
    const words = new Uint32Array(rows.length * 4);
    cells.forEach((c, i) => {
      let x = BigInt.asUintN(128, (c as bigint | null) ?? 0n);
      for (let k = 0; k < 4; k++) { words[i * 4 + k] = Number(x & 0xffffffffn); x >>= 32n; }
    });
    return makeData({ type: type as never, length: rows.length, nullCount: nulls, nullBitmap: bitmap, data: words } as never);
  }
  return makeData({ type: type as never, length: rows.length, nullCount: nulls, nullBitmap: bitmap, data: BigInt64Array.from(cells, (c) => BigInt(c ?? 0n)) } as never);
}

const EXACT = new Set(['long', 'date', 'timestamp', 'timestamp_ntz', 'decimal']);

/**
 * The rows as one batch with every schema column (missing keys are null). Must hold: a value that does
 * not fit its column → DataInvalid naming row and column; a null in a non-nullable column → DataInvalid.
 */
export function rowsToBatch(rows: readonly RowObject[], schema: StructType): RecordBatch {
  const fields: Field[] = [];
  const columns: Data[] = [];
  for (const f of schema.fields) {
    const type = arrowType(f.type);
    if (!f.nullable) rows.forEach((r, i) => { if (r[f.name] === null || r[f.name] === undefined) bad(f, i, null); });
    let data: Data;
    if (f.type.kind === 'primitive' && EXACT.has(f.type.name)) data = exactColumn(f, type, rows);
    else {
      try {
        data = dataFromValues(rows.map((r) => r[f.name] ?? null), type);
      } catch (e) {
        throw messageError('DataInvalid', 'error.delta.write.column', { column: f.name, detail: (isLakeError(e) && e.ref) || (e as Error).message }, { column: f.name }, e);
      }
    }
    fields.push(new Field(f.name, type, f.nullable));
    columns.push(data);
  }
  return batchFromColumns(fields, columns, rows.length);
}
