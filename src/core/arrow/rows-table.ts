/**
 * A small Arrow table from plain rows with declared flat column types — for the formats' own metadata
 * tables (Delta `$log`, Paimon `$buckets`, Hudi `$file_groups`; LakeTable.inspect), where each column is a
 * string, a 64-bit or 32-bit integer, a boolean or a timestamp (ms since the epoch, UTC).
 */
import { Bool, Int32, Int64, makeVector, Table, TimestampMillisecond, Utf8, type DataType } from 'apache-arrow';
import { dataFromValues } from './from-values.ts';

export type RowsColumnType = 'string' | 'long' | 'int' | 'bool' | 'timestamp';

const TYPES: Readonly<Record<RowsColumnType, () => DataType>> = {
  string: () => new Utf8(), long: () => new Int64(), int: () => new Int32(), bool: () => new Bool(), timestamp: () => new TimestampMillisecond('UTC'),
};

/**
 * The rows as an Arrow table with exactly `columns`, in order. Must hold: `long` values are bigint, `int`
 * and `timestamp` numbers, null/undefined is null. Built with {@link dataFromValues}: the page's CSP refuses
 * apache-arrow's `vectorFromArray` (generated code).
 */
export function rowsTable(columns: readonly (readonly [name: string, type: RowsColumnType])[], rows: readonly Record<string, unknown>[]): Table {
  const vectors = Object.fromEntries(columns.map(([name, type]) => [name, makeVector(dataFromValues(rows.map((r) => r[name] ?? null), TYPES[type]()))]));
  return new Table(vectors);
}
