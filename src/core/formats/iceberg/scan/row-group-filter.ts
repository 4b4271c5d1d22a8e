/**
 * Step 3 of planning: Parquet row groups by their statistics (Parquet format "Statistics"), mapped to
 * table columns by field id. Only statistics that convert exactly are used (codecs/parquet/statistics.ts
 * says which); everything else counts as unknown ("might match").
 */
import type { BoundExpr } from '../../../expr/expr.ts';
import { type ColumnStats, type MatchResult, evaluateMetrics } from '../../../expr/metrics-evaluator.ts';
// The statistics and footer modules, not the Parquet barrel (its row readers are not needed to plan: issue 17).
import { chunkBounds, statKindOf, type ChunkMeta } from '../../../codecs/parquet/statistics.ts';
import type { ParquetFooter } from '../../../codecs/parquet/footer.ts';
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

function chunkStats(meta: ChunkMeta | undefined, type: IcebergType): ColumnStats | undefined {
  if (!meta) return undefined;
  const nullCount = meta.statistics?.null_count === undefined ? undefined : Number(meta.statistics.null_count);
  // Iceberg stores time as INT64 micros in Parquet (spec "Parquet" type mapping), so its statistics are exact longs.
  const kind = type.kind === 'time' ? 'long' : statKindOf(type.kind);
  const [lower, upper] = kind ? chunkBounds(meta, kind) : [undefined, undefined];
  return { valueCount: Number(meta.num_values), nullCount, lower, upper };
}
