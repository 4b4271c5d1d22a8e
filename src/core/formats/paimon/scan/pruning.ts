/**
 * Pruning with Paimon's statistics: partition values (exact), manifest partition stats (min/max of the
 * partitions a manifest covers) and data-file value stats (min/max/null counts as BinaryRows, possibly
 * truncated strings, possibly only some columns — `_VALUE_STATS_COLS`). Evaluation is core/expr's
 * tri-state metrics evaluator: missing or undecodable stats always mean "might match".
 */
import {
  bindExpr, evaluateMetrics, parseWhere, ROWS_MIGHT_MATCH, type BoundExpr, type ColumnStats, type Expr, type MatchResult, type Value,
} from '../../../expr/index.ts';
import { decodeBinaryRow, type RowValue } from '../spec/binary-row.ts';
import { orderPreservingCast } from '../spec/cast.ts';
import { valueTypeOf, type DataField } from '../spec/data-type.ts';
import type { DataFileMeta } from '../spec/manifest-entry.ts';
import type { TableSchema } from '../spec/schema.ts';
import type { SimpleStats } from '../spec/stats.ts';

/** Binds a filter (AST or `--where` text) to a schema's columns by name. */
export function bindFilter(schema: TableSchema, filter: Expr | string | undefined): BoundExpr | undefined {
  if (filter === undefined || filter === '') return undefined;
  const expr = typeof filter === 'string' ? parseWhere(filter) : filter;
  return bindExpr(expr, (name) => {
    const f = schema.fields.find((x) => x.name === name);
    return f && { id: f.id, name: f.name, type: valueTypeOf(f.type) };
  });
}

/** Decodes a stats row; undefined when it does not fit the fields (Paimon writes empty rows for stats mode `none`). */
function decodeStatsRow(bytes: Uint8Array, fields: readonly DataField[]): RowValue[] | undefined {
  try {
    return decodeBinaryRow(bytes, fields.map((f) => f.type));
  } catch {
    return undefined;
  }
}

/** Column stats by field id from a SimpleStats over `fields` (in stats order). */
export function statsByFieldId(stats: SimpleStats, fields: readonly DataField[], rowCount?: bigint): Map<number, ColumnStats> {
  const out = new Map<number, ColumnStats>();
  const mins = decodeStatsRow(stats.minValues, fields);
  const maxs = decodeStatsRow(stats.maxValues, fields);
  fields.forEach((f, i) => {
    const n = stats.nullCounts?.[i];
    const lower = mins?.[i];
    const upper = maxs?.[i];
    out.set(f.id, {
      valueCount: rowCount === undefined ? undefined : Number(rowCount),
      nullCount: n === null || n === undefined ? undefined : Number(n),
      lower: lower === null ? undefined : (lower as Value | undefined),
      upper: upper === null ? undefined : (upper as Value | undefined),
    });
  });
  return out;
}

/** Exact stats of one partition (lower = upper = the value). */
export function partitionStats(fields: readonly DataField[], values: readonly RowValue[]): Map<number, ColumnStats> {
  const out = new Map<number, ColumnStats>();
  fields.forEach((f, i) => {
    const v = values[i];
    if (v === undefined) return;
    out.set(f.id, v === null ? { valueCount: 1, nullCount: 1 } : { valueCount: 1, nullCount: 0, lower: v, upper: v });
  });
  return out;
}

/** Evaluates a bound filter on stats by field id (rows: the unit's row count, when known). */
export function evaluateStats(filter: BoundExpr | undefined, stats: ReadonlyMap<number, ColumnStats>, rows?: number): MatchResult {
  if (!filter) return ROWS_MIGHT_MATCH;
  return evaluateMetrics(filter, (id) => stats.get(id), rows);
}

/**
 * Value stats of a data file mapped onto the read schema by field id. A column whose type changed
 * since the file's schema keeps its stats only through an order-preserving cast (spec/cast.ts
 * `orderPreservingCast`: old bounds cast to the new type still bound the cast values); otherwise it
 * gets none, so the file is never skipped on bounds compared in the wrong type.
 */
export function fileValueStats(file: DataFileMeta, fileSchema: TableSchema, readSchema: TableSchema): Map<number, ColumnStats> {
  const statsFields = file.valueStatsCols
    ? file.valueStatsCols.map((n) => fileSchema.fields.find((f) => f.name === n)).filter((f): f is DataField => f !== undefined)
    : fileSchema.fields;
  if (file.valueStatsCols && statsFields.length !== file.valueStatsCols.length) return new Map();
  const byId = statsByFieldId(file.valueStats, statsFields, file.rowCount);
  for (const f of statsFields) {
    const now = readSchema.fields.find((x) => x.id === f.id);
    const stats = byId.get(f.id);
    const cast = now && orderPreservingCast(f.type, now.type);
    if (!stats || !cast) {
      byId.delete(f.id);
      continue;
    }
    const convert = (v: Value | undefined) => (v === undefined ? undefined : (cast(v) ?? undefined));
    byId.set(f.id, { ...stats, lower: convert(stats.lower), upper: convert(stats.upper) });
  }
  return byId;
}
