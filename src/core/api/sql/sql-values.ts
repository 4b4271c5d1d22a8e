/**
 * Values as the SQL engine sees them: the canonical row form of fixtures/expected/README.md (so `SELECT *`
 * prints as `scan --format canonical` does: decimals, dates and timestamps as sortable strings, binary as
 * hex), except that a 64-bit integer beyond 2^53 is a bigint, not a string, so it compares and sums exactly,
 * and a nanosecond timestamp column keeps its nine fraction digits (sql-types.ts {@link timestampText}).
 */
import { DataType, Type, type Data, type RecordBatch } from 'apache-arrow';
import { canonicalAccessor, exactTimestampAccessor, nonFiniteText, parseNonFiniteText } from '../../arrow/index.ts';
import { toDisplay } from '../display-value.ts';
import type { DisplayValue } from '../table-dto.ts';
import type { SqlColumnKind } from './sql-contract.ts';

/**
 * The engine value reader of a column: the canonical accessor, except that a timestamp of a column SQL
 * types as nanoseconds (`nanos`) reads as nine-digit text from the exact stored value.
 */
export function sqlAccessor(type: DataType, nanos: boolean): (data: Data, i: number) => unknown {
  if (nanos) return exactTimestampAccessor(type);
  const read = canonicalAccessor(type);
  return isFloatColumn(type) ? (data, i) => sqlFloat(read(data, i)) : read;
}

/** True for a float, double or half-float column (a dictionary of them too). */
function isFloatColumn(type: DataType): boolean {
  return type.typeId === Type.Float || (type.typeId === Type.Dictionary && (type as unknown as { dictionary: DataType }).dictionary.typeId === Type.Float);
}

/**
 * A float column's canonical value as SQL holds it: the number, NaN and ±Infinity included (the row form
 * writes those as "NaN"/"Infinity"/"-Infinity" text, which SQL must not compare as text). Spark's NaN
 * semantics (SQL reference, "NaN Semantics") then apply through compareDoubles (sql-types.ts).
 */
export function sqlFloat(v: unknown): unknown {
  return parseNonFiniteText(v) ?? v;
}

/** A decimal-string id (snapshot id, counter) as the engine's number, or bigint beyond 2^53; other text as is. */
export function sqlId(id: string): number | bigint | string {
  if (!/^-?\d+$/.test(id)) return id;
  const n = Number(id);
  return Number.isSafeInteger(n) ? n : BigInt(id);
}

/** Rows of `batch` for `columns`, as plain objects of engine values (`nanos`: the nanosecond timestamp columns). */
export function sqlRowsOf(batch: RecordBatch, columns: readonly string[], nanos?: ReadonlySet<string>): Record<string, unknown>[] {
  const cols = columns.map((name) => {
    const k = batch.schema.fields.findIndex((f) => f.name === name);
    if (k < 0) return { name, data: undefined, read: () => null, int: false };
    const type = batch.schema.fields[k]!.type;
    return { name, data: batch.data.children[k]!, read: sqlAccessor(type, nanos?.has(name) ?? false), int: DataType.isInt(type) || type.typeId === Type.Int };
  });
  const rows: Record<string, unknown>[] = new Array(batch.numRows);
  for (let i = 0; i < batch.numRows; i++) {
    const row: Record<string, unknown> = {};
    for (const c of cols) {
      const v = c.data ? c.read(c.data, i) : null;
      row[c.name] = c.int && typeof v === 'string' ? BigInt(v) : v;
    }
    rows[i] = row;
  }
  return rows;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const FINER_THAN_MICROS = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6})\d+Z$/;

/**
 * A result value as the canonical row form writes it (`lakescope sql --format canonical`, like `scan
 * --format canonical`): a non-finite double as its text ("NaN", "Infinity", "-Infinity"); a timestamp with more than six fraction digits (a nanosecond column's value) floored
 * to microseconds — the text's digits are a non-negative offset into its second, so dropping them floors.
 */
export function canonicalSqlValue(v: unknown): unknown {
  // A struct, list or map with a nanosecond timestamp inside: the same floor on each of its values.
  if (Array.isArray(v)) return v.map(canonicalSqlValue);
  if (typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, canonicalSqlValue(x)]));
  // NaN and ±Infinity as the row form writes them (canonicalFloat64), never JSON's null; -0.0 as 0.
  if (typeof v === 'number') return nonFiniteText(v) ?? (v === 0 ? 0 : v);
  if (typeof v !== 'string') return v;
  const m = FINER_THAN_MICROS.exec(v);
  return m ? `${m[1]}Z` : v;
}
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL = /^-?\d+\.\d+$/;

function kindOf(v: unknown): SqlColumnKind {
  switch (typeof v) {
    case 'number': return 'number';
    case 'bigint': return 'bigint';
    case 'boolean': return 'boolean';
    case 'string': return TIMESTAMP.test(v) ? 'timestamp' : DATE.test(v) ? 'date' : DECIMAL.test(v) ? 'decimal' : 'string';
    default: return v instanceof Date ? 'timestamp' : v instanceof Uint8Array ? 'binary' : 'json';
  }
}

/** The kind of a result column from its values: the one kind every non-null value has (`json` when mixed, `null` when all null). */
export function columnKind(values: Iterable<unknown>): SqlColumnKind {
  let kind: SqlColumnKind | undefined;
  for (const v of values) {
    if (v === null || v === undefined) continue;
    const k = kindOf(v);
    if (kind === undefined) kind = k;
    else if (kind !== k) {
      if ((kind === 'number' && k === 'bigint') || (kind === 'bigint' && k === 'number')) kind = 'bigint';
      else if ((kind === 'date' && k === 'timestamp') || (kind === 'timestamp' && k === 'date')) kind = 'timestamp';
      else if ((kind === 'number' || kind === 'decimal') && (k === 'number' || k === 'decimal')) kind = 'decimal';
      else return 'json';
    }
  }
  return kind ?? 'null';
}

/** A result cell as display JSON (bigint as exact decimal text, Date as ISO-8601). */
export function sqlCell(v: unknown): DisplayValue {
  return toDisplay(v);
}
