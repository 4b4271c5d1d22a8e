/**
 * Partition values in skip reasons, written as people read them: each value in its transform's human
 * form (spec "Partition Transforms"; the form Iceberg writes in data file paths: hour `2020-01-01-08`,
 * day `2020-01-01`, month `2020-01`, year `2020`, identity dates/timestamps as ISO, bucket and truncate
 * as the value) and named after its partition field, so `(event_time_hour=2020-01-01-08, action=view)`
 * rather than the stored `(438296, "view")`.
 */
import type { BoundExpr } from '../../../expr/expr.ts';
import type { Value } from '../../../expr/types.ts';
import type { FieldSummary } from '../spec/manifest-list.ts';
import type { PartitionTupleField } from '../spec/partition-spec.ts';
import { partitionValueToString } from '../spec/transform.ts';

/**
 * `name=value, …` for a partition tuple. `values[i]` must belong to `fields[i]` (the tuple order of the
 * spec the file was written with); a value without a field (a malformed tuple) is shown bare.
 */
export function partitionTupleText(fields: readonly PartitionTupleField[], values: readonly (Value | null | undefined)[]): string {
  return values.map((v, i) => {
    const f = fields[i];
    return f ? `${f.field.name}=${partitionValueToString(f.field.transform, f.type, v)}` : partitionValueToString({ kind: 'unknown', name: '' }, undefined, v);
  }).join(', ');
}

/** A manifest's summary of one partition field with its bounds decoded (undefined when absent or undecodable). */
export interface DecodedSummary {
  readonly field: PartitionTupleField;
  readonly summary: FieldSummary;
  readonly lower: Value | undefined;
  readonly upper: Value | undefined;
}

/**
 * The value range a manifest's summaries give for the fields a projected filter refers to, e.g.
 * `event_time_hour in [2020-01-01-00, 2020-01-01-09], action=view or null`. Empty when the filter refers
 * to none of them (a constant filter).
 */
export function partitionSummaryText(summaries: readonly DecodedSummary[], projected: BoundExpr): string {
  const ids = refIds(projected);
  return summaries.filter((s) => ids.has(s.field.field.fieldId)).map(summaryText).join(', ');
}

function summaryText(s: DecodedSummary): string {
  const { field: f, summary } = s;
  const show = (v: Value): string => partitionValueToString(f.field.transform, f.type, v);
  const extras = [summary.containsNull ? 'null' : undefined, summary.containsNaN === true ? 'NaN' : undefined].filter((x) => x !== undefined);
  const name = f.field.name;
  if (s.lower === undefined && s.upper === undefined) {
    // Bounds are written for every non-null, non-NaN value: without them the manifest holds only nulls/NaNs.
    if (summary.lowerBound !== undefined || summary.upperBound !== undefined) return `${name}: bounds not readable`;
    return extras.length ? `${name}=${extras.join(' or ')}` : `${name}: no values`;
  }
  const lo = s.lower === undefined ? '?' : show(s.lower);
  const hi = s.upper === undefined ? '?' : show(s.upper);
  const range = lo === hi ? `${name}=${lo}` : `${name} in [${lo}, ${hi}]`;
  return extras.length ? `${range} or ${extras.join(' or ')}` : range;
}

/** Field ids a bound expression refers to. */
function refIds(e: BoundExpr, out = new Set<number>()): Set<number> {
  switch (e.op) {
    case 'true': case 'false': return out;
    case 'and': case 'or': refIds(e.left, out); return refIds(e.right, out);
    case 'not': return refIds(e.child, out);
    default: out.add(e.ref.id); return out;
  }
}
