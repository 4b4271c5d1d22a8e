/**
 * Step 3 of planning: Parquet row groups by their statistics (Parquet format "Statistics"), mapped to
 * table columns by field id. Only statistics that convert exactly are used; everything else counts as
 * unknown ("might match"):
 * - hyparquet turns decimals into lossy doubles: never used;
 * - floats/doubles: writers disagree on NaN in min/max (PARQUET-1246): never used;
 * - timestamps arrive as JS Dates (ms): widened by one ms on each side, so a bound is never too tight;
 * - strings: only `min_value`/`max_value` (the deprecated `min`/`max` used signed byte order).
 */
import type { FileMetaData } from 'hyparquet';
import type { BoundExpr } from '../../../expr/expr.ts';
import { type ColumnStats, type MatchResult, evaluateMetrics } from '../../../expr/metrics-evaluator.ts';
import type { Value } from '../../../expr/types.ts';
import type { ParquetFooter } from '../../../codecs/parquet/index.ts';
import { type Schema, findField } from '../spec/schema.ts';
import { type IcebergType, isNested } from '../spec/types.ts';

/** Evaluates the filter against every row group; returns one result per row group. */
export function evaluateRowGroups(bound: BoundExpr, footer: ParquetFooter, schema: Schema): MatchResult[] {
  const columnIndex = topLevelColumns(footer);
  return footer.metadata.row_groups.map((rg) => {
    const stats = (id: number): ColumnStats | undefined => {
      const j = columnIndex.get(id);
      const type = findField(schema, id)?.type;
      if (j === undefined || !type || isNested(type)) return undefined;
      return chunkStats(rg.columns[j]?.meta_data, type);
    };
    return evaluateMetrics(bound, stats, Number(rg.num_rows));
  });
}

/** Field id → index of its column chunk, for top-level primitive columns that carry a field id. */
function topLevelColumns(footer: ParquetFooter): Map<number, number> {
  const out = new Map<number, number>();
  const first = footer.metadata.row_groups[0];
  if (!first) return out;
  const byPath = new Map<string, number>();
  first.columns.forEach((c, j) => { if (c.meta_data) byPath.set(c.meta_data.path_in_schema.join('\u0000'), j); });
  for (const f of footer.fields) {
    if (f.fieldId === undefined || f.children.length > 0) continue;
    const j = byPath.get(f.name);
    if (j !== undefined) out.set(f.fieldId, j);
  }
  return out;
}

type ChunkMeta = FileMetaData['row_groups'][number]['columns'][number]['meta_data'];

function chunkStats(meta: ChunkMeta, type: IcebergType): ColumnStats | undefined {
  if (!meta) return undefined;
  const st = meta.statistics;
  const nullCount = st?.null_count === undefined ? undefined : Number(st.null_count);
  const valueCount = Number(meta.num_values);
  const isByteArray = meta.type === 'BYTE_ARRAY' || meta.type === 'FIXED_LEN_BYTE_ARRAY';
  const min = st?.min_value ?? (isByteArray ? undefined : st?.min);
  const max = st?.max_value ?? (isByteArray ? undefined : st?.max);
  return { valueCount, nullCount, lower: convert(min, type, -1), upper: convert(max, type, 1) };
}

/** A statistics value as an internal value of the column type, or undefined when it cannot be exact (or safely widened). */
function convert(v: unknown, type: IcebergType, side: -1 | 1): Value | undefined {
  if (v === undefined || v === null) return undefined;
  switch (type.kind) {
    case 'boolean': return typeof v === 'boolean' ? v : undefined;
    case 'int': return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
    case 'date':
      if (v instanceof Date) return Math.round(v.getTime() / 86_400_000);
      return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
    case 'long': case 'time':
      if (typeof v === 'bigint') return v;
      return typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : undefined;
    case 'timestamp': case 'timestamptz': case 'timestamp_ns': case 'timestamptz_ns': {
      if (!(v instanceof Date) || Number.isNaN(v.getTime())) return undefined;
      const perMs = type.kind.endsWith('_ns') ? 1_000_000n : 1000n;
      return BigInt(v.getTime()) * perMs + BigInt(side) * perMs;
    }
    case 'string': return typeof v === 'string' ? v : undefined;
    default: return undefined;
  }
}
