/**
 * Inclusive metrics evaluation (Iceberg's InclusiveMetricsEvaluator semantics, usable for any format):
 * given per-column value/null/NaN counts and lower/upper bounds of a file or row group, decide whether any
 * row ROWS_MIGHT_MATCH or the rows certainly ROWS_CANNOT_MATCH. Missing statistics always mean "might
 * match" — a wrong skip would be a wrong answer; a needless read is only slower.
 *
 * Bounds must already be decoded into internal values of the column's type. Bounds may be truncated
 * (string prefixes, Iceberg spec "Manifests" / Parquet truncation): a truncated lower bound is still ≤
 * every value and a truncated upper bound is still ≥, so the range checks below stay valid.
 */
import { codePointLength, compareValues, truncateCodePoints } from './compare.ts';
import { type BoundExpr, type BoundRef, rewriteNot } from './expr.ts';
import { formatTypedValue } from './literal.ts';
import type { Value } from './types.ts';

/** Statistics of one column in one file or row group. Every member is optional: absent = unknown. */
export interface ColumnStats {
  /** Values including nulls and NaNs. */
  readonly valueCount?: number;
  readonly nullCount?: number;
  readonly nanCount?: number;
  /** ≤ every non-null, non-NaN value (undefined when unknown or when all values are null/NaN). */
  readonly lower?: Value;
  /** ≥ every non-null, non-NaN value. */
  readonly upper?: Value;
}

/** Statistics by field id. */
export type StatsLookup = (fieldId: number) => ColumnStats | undefined;

/** Tri-state result: `match` false means ROWS_CANNOT_MATCH (with the reason), true means ROWS_MIGHT_MATCH. */
export interface MatchResult {
  readonly match: boolean;
  readonly reason?: string;
}

export const ROWS_MIGHT_MATCH: MatchResult = Object.freeze({ match: true });
export const cannotMatch = (reason: string): MatchResult => ({ match: false, reason });

/**
 * Evaluates `expr` (bound; NOT is pushed down first) against column statistics of a unit of
 * `rowCount` rows. A unit with zero rows cannot match anything.
 */
export function evaluateMetrics(expr: BoundExpr, stats: StatsLookup, rowCount?: number): MatchResult {
  if (rowCount !== undefined && rowCount <= 0) return cannotMatch('no rows');
  return evalNode(rewriteNot(expr), stats);
}

function evalNode(e: BoundExpr, stats: StatsLookup): MatchResult {
  switch (e.op) {
    case 'true': return ROWS_MIGHT_MATCH;
    case 'false': return cannotMatch('the filter is always false');
    case 'and': {
      const l = evalNode(e.left, stats);
      return l.match ? evalNode(e.right, stats) : l;
    }
    case 'or': {
      const l = evalNode(e.left, stats);
      if (l.match) return l;
      const r = evalNode(e.right, stats);
      return r.match ? r : cannotMatch(`${l.reason}; and ${r.reason}`);
    }
    case 'not': return ROWS_MIGHT_MATCH; // callers rewrite NOT away first; staying inclusive is always safe
    default: return evalPredicate(e, stats(e.ref.id));
  }
}

function evalPredicate(e: Exclude<BoundExpr, { op: 'true' | 'false' | 'and' | 'or' | 'not' }>, s: ColumnStats | undefined): MatchResult {
  if (!s) return ROWS_MIGHT_MATCH;
  const name = e.ref.name;
  const nullsOnly = s.valueCount !== undefined && s.nullCount !== undefined && s.nullCount === s.valueCount;
  const nansOnly = s.valueCount !== undefined && s.nanCount !== undefined && s.nanCount === s.valueCount;
  const nullsOrNaNsOnly = s.valueCount !== undefined && s.nullCount !== undefined && s.nanCount !== undefined
    && s.nullCount + s.nanCount === s.valueCount;
  switch (e.op) {
    case 'isNull': return s.nullCount === 0 ? cannotMatch(`${name} has no nulls`) : ROWS_MIGHT_MATCH;
    case 'notNull': return nullsOnly ? cannotMatch(`${name} is null in every row`) : ROWS_MIGHT_MATCH;
    case 'isNaN':
      if (s.nanCount === 0) return cannotMatch(`${name} has no NaN values`);
      return nullsOnly ? cannotMatch(`${name} is null in every row`) : ROWS_MIGHT_MATCH;
    case 'notNaN': return nansOnly ? cannotMatch(`${name} is NaN in every row`) : ROWS_MIGHT_MATCH;
    case 'notEq': case 'notIn': case 'notStartsWith': return ROWS_MIGHT_MATCH;
    default: break;
  }
  if (nullsOnly) return cannotMatch(`${name} is null in every row`);
  if (nullsOrNaNsOnly || nansOnly) return cannotMatch(`${name} is null or NaN in every row`);
  const lower = usable(s.lower); const upper = usable(s.upper);
  const fmt = (v: Value): string => formatTypedValue(e.ref.type, v);
  switch (e.op) {
    case 'lt':
      return lower !== undefined && cmp(lower, e.value) >= 0 ? cannotMatch(`${name} < ${fmt(e.value)} but lower bound is ${fmt(lower)}`) : ROWS_MIGHT_MATCH;
    case 'ltEq':
      return lower !== undefined && cmp(lower, e.value) > 0 ? cannotMatch(`${name} <= ${fmt(e.value)} but lower bound is ${fmt(lower)}`) : ROWS_MIGHT_MATCH;
    case 'gt':
      return upper !== undefined && cmp(upper, e.value) <= 0 ? cannotMatch(`${name} > ${fmt(e.value)} but upper bound is ${fmt(upper)}`) : ROWS_MIGHT_MATCH;
    case 'gtEq':
      return upper !== undefined && cmp(upper, e.value) < 0 ? cannotMatch(`${name} >= ${fmt(e.value)} but upper bound is ${fmt(upper)}`) : ROWS_MIGHT_MATCH;
    case 'eq':
      if (lower !== undefined && cmp(lower, e.value) > 0) return cannotMatch(`${name} = ${fmt(e.value)} but lower bound is ${fmt(lower)}`);
      if (upper !== undefined && cmp(upper, e.value) < 0) return cannotMatch(`${name} = ${fmt(e.value)} but upper bound is ${fmt(upper)}`);
      return ROWS_MIGHT_MATCH;
    case 'in': {
      const inRange = e.values.filter((v) => (lower === undefined || cmp(lower, v) <= 0) && (upper === undefined || cmp(upper, v) >= 0));
      return inRange.length === 0 ? cannotMatch(`no value of ${name} in (${e.values.map(fmt).join(', ')}) lies within [${lower === undefined ? '?' : fmt(lower)}, ${upper === undefined ? '?' : fmt(upper)}]`) : ROWS_MIGHT_MATCH;
    }
    case 'startsWith': return startsWithMatch(e.ref, e.value as string, lower, upper);
  }
  return ROWS_MIGHT_MATCH;
}

/** A NaN bound (written by old writers) says nothing; treat it as absent. */
function usable(v: Value | undefined): Value | undefined {
  return typeof v === 'number' && Number.isNaN(v) ? undefined : v;
}

/** Bound comparison; numbers compare as IEEE values so that -0 and +0 are the same point. */
function cmp(a: Value, b: Value): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  return compareValues(a, b);
}

function startsWithMatch(ref: BoundRef, prefix: string, lower: Value | undefined, upper: Value | undefined): MatchResult {
  const n = codePointLength(prefix);
  if (typeof lower === 'string' && compareValues(truncateCodePoints(lower, n), prefix) > 0) {
    return cannotMatch(`${ref.name} starts with ${JSON.stringify(prefix)} but lower bound is ${JSON.stringify(lower)}`);
  }
  if (typeof upper === 'string' && compareValues(truncateCodePoints(upper, n), prefix) < 0) {
    return cannotMatch(`${ref.name} starts with ${JSON.stringify(prefix)} but upper bound is ${JSON.stringify(upper)}`);
  }
  return ROWS_MIGHT_MATCH;
}
