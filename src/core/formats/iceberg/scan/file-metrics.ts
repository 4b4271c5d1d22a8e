/**
 * Step 2b of planning: a data or delete file's column metrics (value, null and NaN counts, lower and
 * upper bounds from the manifest entry) as statistics for expr's inclusive metrics evaluator. Bounds are
 * decoded with the read schema's types; promoted columns keep their write-time bounds, whose length
 * tells their type (single-value.ts).
 */
import { type BoundExpr, alwaysTrue, retainFields } from '../../../expr/expr.ts';
import type { ColumnStats, StatsLookup } from '../../../expr/metrics-evaluator.ts';
import type { DataFile } from '../spec/manifest.ts';
import { type Schema, findField } from '../spec/schema.ts';
import { decodeBinaryValue } from '../spec/single-value.ts';
import { isNested } from '../spec/types.ts';

/** Statistics by field id for one file (undefined for fields the file has no metrics for). */
export function fileStats(file: DataFile, schema: Schema): StatsLookup {
  const cache = new Map<number, ColumnStats | undefined>();
  return (id) => {
    if (cache.has(id)) return cache.get(id);
    const type = findField(schema, id)?.type;
    const num = (m: ReadonlyMap<number, bigint> | undefined) => { const v = m?.get(id); return v === undefined ? undefined : Number(v); };
    const lowerBytes = file.lowerBounds?.get(id); const upperBytes = file.upperBounds?.get(id);
    const decodable = type !== undefined && !isNested(type);
    const s: ColumnStats = {
      valueCount: num(file.valueCounts), nullCount: num(file.nullValueCounts), nanCount: num(file.nanValueCounts),
      lower: decodable && lowerBytes ? decodeBinaryValue(type, lowerBytes) : undefined,
      upper: decodable && upperBytes ? decodeBinaryValue(type, upperBytes) : undefined,
    };
    const any = Object.values(s).some((v) => v !== undefined);
    cache.set(id, any ? s : undefined);
    return any ? s : undefined;
  };
}

/**
 * The part of the filter a file's column metrics may decide. A data file's metrics describe its rows, so
 * the whole filter. A delete file's metrics describe delete rows, which remove data rows only through some
 * columns: an equality delete through its equality columns (its other columns, often written as nulls,
 * say nothing — "null in every row" of the delete file is no reason to skip it), a position delete or
 * deletion vector through (file, position) alone, so never on the filter (spec "Scan Planning": delete
 * files are skipped when "metrics show that a delete file has no rows that match a scan predicate").
 */
export function metricsFilter(f: DataFile, bound: BoundExpr): BoundExpr {
  if (f.content === 'data') return bound;
  if (f.content !== 'equality-deletes' || !f.equalityIds?.length) return alwaysTrue;
  const ids = new Set(f.equalityIds);
  return retainFields(bound, (id) => ids.has(id));
}
