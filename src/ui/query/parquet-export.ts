/**
 * "Download as Parquet" of a query result: the rows the tab holds written with hyparquet-writer (already a
 * dependency; parquet-wasm would need the engine to hand Arrow, and it hands display rows). Types follow
 * the engine's column kinds without losing a digit: 64-bit integers as INT64, decimals as their exact
 * text (STRING), timestamps as TIMESTAMP (milliseconds) only when no value has finer digits, else text.
 */
import type { ColumnSource } from 'hyparquet-writer';
import type { SqlColumnDto } from '../../core/api/sql/sql-contract.ts';
import type { ResultRow } from './result-model.ts';

/** The column sources hyparquet-writer takes; duplicate names (a join's `id` and `id`) get `_2`, `_3`. */
export function parquetColumns(columns: readonly SqlColumnDto[], rows: readonly ResultRow[]): ColumnSource[] {
  const seen = new Map<string, number>();
  return columns.map((c, i) => {
    const n = (seen.get(c.name) ?? 0) + 1;
    seen.set(c.name, n);
    const name = n === 1 ? c.name : `${c.name}_${n}`;
    const values = rows.map((r) => r[i] ?? null);
    return { name, nullable: true, ...typed(c.kind, values) };
  });
}

function typed(kind: SqlColumnDto['kind'], values: unknown[]): Pick<ColumnSource, 'data' | 'type'> {
  const each = <T>(f: (v: unknown) => T) => values.map((v) => (v === null ? null : f(v)));
  switch (kind) {
    case 'number': return { type: 'DOUBLE', data: each(Number) };
    case 'bigint': return { type: 'INT64', data: each((v) => BigInt(String(v))) };
    case 'boolean': return { type: 'BOOLEAN', data: each((v) => v === true || v === 'true') };
    case 'timestamp':
      // ISO text with more than 3 fractional digits would lose them in TIMESTAMP_MILLIS.
      if (values.every((v) => v === null || !/\.\d{4,}/.test(String(v)))) {
        const dates = each((v) => new Date(String(v)));
        if (dates.every((d) => d === null || !Number.isNaN(d.getTime()))) return { type: 'TIMESTAMP', data: dates };
      }
      return { type: 'STRING', data: each(String) };
    case 'json': return { type: 'JSON', data: values };
    default: return { type: 'STRING', data: each((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))) };
  }
}

/** The Parquet file's bytes (hyparquet-writer is loaded only when someone downloads). */
export async function resultParquet(columns: readonly SqlColumnDto[], rows: readonly ResultRow[]): Promise<ArrayBuffer> {
  const { parquetWriteBuffer } = await import('hyparquet-writer');
  return parquetWriteBuffer({ columnData: parquetColumns(columns, rows) });
}
