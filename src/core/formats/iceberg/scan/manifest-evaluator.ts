/**
 * Step 1 of planning: deciding from the manifest list alone whether a manifest can hold matching files —
 * its live-file counts, then its partition field summaries against the filter projected onto the
 * manifest's own partition spec (spec "Scan Planning": conversion "uses the partition spec that was used
 * to write the manifest file"). Summaries become column statistics for expr's tri-state evaluator.
 */
import type { BoundExpr } from '../../../expr/expr.ts';
import { type ColumnStats, type MatchResult, ROWS_MIGHT_MATCH, cannotMatch, evaluateMetrics } from '../../../expr/metrics-evaluator.ts';
import type { ManifestFile } from '../spec/manifest-list.ts';
import type { PartitionTupleField } from '../spec/partition-spec.ts';
import { decodeBinaryValue } from '../spec/single-value.ts';
import { isNested } from '../spec/types.ts';
import { type DecodedSummary, partitionSummaryText } from './partition-text.ts';

/** Counts: a manifest whose list entry says it has no ADDED and no EXISTING files holds no live file. */
export function evaluateManifestCounts(m: ManifestFile): MatchResult {
  if (m.addedFilesCount === 0 && m.existingFilesCount === 0) return cannotMatch('no live files (added and existing counts are 0)');
  return ROWS_MIGHT_MATCH;
}

/**
 * Evaluates a filter already projected onto the manifest's partition spec (refs = partition field ids)
 * against the manifest's field summaries. Missing summaries mean "might match".
 */
export function evaluateManifestPartitions(projected: BoundExpr, m: ManifestFile, fields: readonly PartitionTupleField[]): MatchResult {
  if (projected.op === 'true') return ROWS_MIGHT_MATCH;
  const summaries = m.partitions;
  if (!summaries || summaries.length !== fields.length) return ROWS_MIGHT_MATCH;
  const decoded: DecodedSummary[] = fields.map((f, i) => {
    const s = summaries[i];
    const type = f.type && !isNested(f.type) ? f.type : undefined;
    return { field: f, summary: s, lower: type && s.lowerBound ? decodeBinaryValue(type, s.lowerBound) : undefined, upper: type && s.upperBound ? decodeBinaryValue(type, s.upperBound) : undefined };
  });
  const byId = new Map<number, ColumnStats>();
  for (const d of decoded) byId.set(d.field.field.fieldId, summaryStats(d.summary.containsNull, d.summary.containsNaN, d.summary.lowerBound !== undefined, d.lower, d.upper));
  const r = evaluateMetrics(projected, (id) => byId.get(id));
  if (r.match) return r;
  // The evaluator words its reason in stored values (an hour partition as 438296); say it with the
  // summary's range in each transform's human form instead.
  const ranges = partitionSummaryText(decoded, projected);
  return cannotMatch(ranges ? `partition summary (${ranges}) cannot match the filter` : `partition summary: ${r.reason}`);
}

/**
 * Expresses a field summary as counts: bounds are written for every non-null, non-NaN value, so a
 * summary without bounds holds only nulls and/or NaNs (the reference ManifestEvaluator's reading).
 */
function summaryStats(containsNull: boolean, containsNaN: boolean | undefined, hasBounds: boolean, lower: ColumnStats['lower'], upper: ColumnStats['upper']): ColumnStats {
  if (!hasBounds && (containsNull || containsNaN === true)) {
    const nulls = containsNull ? 1 : 0; const nans = containsNaN === true ? 1 : 0;
    return { valueCount: nulls + nans, nullCount: nulls, nanCount: nans };
  }
  return { nullCount: containsNull ? undefined : 0, nanCount: containsNaN === false ? 0 : undefined, lower, upper };
}
