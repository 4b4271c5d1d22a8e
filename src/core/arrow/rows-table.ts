/**
 * A small Arrow table from plain rows with declared flat column types — for the formats' own metadata
 * tables (Delta `$log`, Paimon `$buckets`, Hudi `$file_groups`; LakeTable.inspect), where each column is a
 * string, a 64-bit or 32-bit integer, a boolean or a timestamp (ms since the epoch, UTC).
 */
import { Bool, Int32, Int64, Table, TimestampMillisecond, Utf8, vectorFromArray, type DataType } from 'apache-arrow';

export type RowsColumnType = 'string' | 'long' | 'int' | 'bool' | 'timestamp';

const TYPES: Readonly<Record<RowsColumnType, () => DataType>> = {
  string: () => new Utf8(), long: () => new Int64(), int: () => new Int32(), bool: () => new Bool(), timestamp: () => new TimestampMillisecond('UTC'),
};

/**
 * The rows as an Arrow table with exactly `columns`, in order. Must hold: `long` values are bigint, `int`
 * and `timestamp` numbers, null/undefined is null.
 */
export function rowsTable(columns: readonly (readonly [name: string, type: RowsColumnType])[], rows: readonly Record<string, unknown>[]): Table {
  const vectors = Object.fromEntries(columns.map(([name, type]) => [name, vectorFromArray(rows.map((r) => r[name] ?? null) as never[], TYPES[type]() as never)]));
  return new Table(vectors);
}
