/**
 * Inclusive projection of row predicates onto partition predicates (spec "Scan Planning"): if a row
 * matches the row predicate, its partition must match the projected predicate. Done per partition spec,
 * with the spec the manifest was written with. Unknown and void transforms project to `true`.
 * The rules per transform follow the reference implementation (ProjectionUtil): bounds of ordered
 * transforms (truncate, time) widen `<` to `<=` of the transformed neighbour; bucket keeps only `=`/`in`.
 */
import { type BoundExpr, type BoundRef, alwaysTrue, and, andAll, or, rewriteNot } from '../../../expr/expr.ts';
import { codePointLength } from '../../../expr/compare.ts';
import type { Value } from '../../../expr/types.ts';
import type { PartitionField, PartitionSpec } from './partition-spec.ts';
import type { Schema } from './schema.ts';
import { findField } from './schema.ts';
import { type Transform, applyTransform, resultType } from './transform.ts';
import { type PrimitiveType, isNested, toValueType } from './types.ts';

type Leaf = Exclude<BoundExpr, { op: 'true' | 'false' | 'and' | 'or' | 'not' }>;

/**
 * Projects a bound row filter onto a spec's partition tuple. The result is bound to partition field ids
 * (refs named after the partition fields) and is evaluated against partition values or summaries.
 */
export function projectInclusive(expr: BoundExpr, spec: PartitionSpec, schema: Schema): BoundExpr {
  const walk = (e: BoundExpr): BoundExpr => {
    switch (e.op) {
      case 'true': case 'false': return e;
      case 'and': return and(walk(e.left), walk(e.right));
      case 'or': return or(walk(e.left), walk(e.right));
      case 'not': return alwaysTrue; // unreachable after rewriteNot
      default: return andAll(spec.fields.filter((f) => f.sourceIds.length === 1 && f.sourceIds[0] === e.ref.id).map((f) => projectLeaf(e, f, schema)));
    }
  };
  return walk(rewriteNot(expr));
}

function projectLeaf(e: Leaf, field: PartitionField, schema: Schema): BoundExpr {
  const source = findField(schema, field.sourceIds[0])?.type;
  if (!source || isNested(source)) return alwaysTrue;
  const result = resultType(field.transform, source);
  if (!result || isNested(result)) return alwaysTrue;
  const ref: BoundRef = { id: field.fieldId, name: field.name, type: toValueType(result) };
  const t = field.transform;
  const apply = (v: Value): Value => applyTransform(t, source, v) as Value;
  if (e.op === 'isNull' || e.op === 'notNull') {
    return t.kind === 'void' || t.kind === 'unknown' ? alwaysTrue : { op: e.op, ref };
  }
  switch (t.kind) {
    case 'identity': return { ...e, ref } as BoundExpr;
    case 'bucket':
      if (e.op === 'eq') return { op: 'eq', ref, value: apply(e.value) };
      if (e.op === 'in') return { op: 'in', ref, values: dedupe(e.values.map(apply)) };
      return alwaysTrue;
    case 'truncate': return projectTruncate(e, ref, source, t, apply);
    case 'year': case 'month': case 'day': case 'hour': return fixPreEpoch(projectOrdered(e, ref, apply, step(source)));
    default: return alwaysTrue;
  }
}

/** The value one unit above/below, in the source type's own units (days, µs, ns, or one unscaled decimal unit). */
function step(source: PrimitiveType): (v: Value, d: 1 | -1) => Value {
  return (v, d) => (typeof v === 'bigint' ? v + BigInt(d) : (v as number) + d);
}

/** `<`, `<=`, `>`, `>=`, `=`, `in` for order-preserving transforms over integers (truncate of numbers, time transforms). */
function projectOrdered(e: Leaf, ref: BoundRef, apply: (v: Value) => Value, next: (v: Value, d: 1 | -1) => Value): BoundExpr {
  switch (e.op) {
    case 'lt': return { op: 'ltEq', ref, value: apply(next(e.value, -1)) };
    case 'ltEq': return { op: 'ltEq', ref, value: apply(e.value) };
    case 'gt': return { op: 'gtEq', ref, value: apply(next(e.value, 1)) };
    case 'gtEq': return { op: 'gtEq', ref, value: apply(e.value) };
    case 'eq': return { op: 'eq', ref, value: apply(e.value) };
    case 'in': return { op: 'in', ref, values: dedupe(e.values.map(apply)) };
    default: return alwaysTrue;
  }
}

function projectTruncate(e: Leaf, ref: BoundRef, source: PrimitiveType, t: Transform & { kind: 'truncate' }, apply: (v: Value) => Value): BoundExpr {
  if (source.kind === 'int' || source.kind === 'long' || source.kind === 'decimal') return projectOrdered(e, ref, apply, step(source));
  // Strings and binary: a truncated value is a prefix, so `<` can only become `<=` of the prefix.
  switch (e.op) {
    case 'lt': case 'ltEq': return { op: 'ltEq', ref, value: apply(e.value) };
    case 'gt': case 'gtEq': return { op: 'gtEq', ref, value: apply(e.value) };
    case 'eq': return { op: 'eq', ref, value: apply(e.value) };
    case 'in': return { op: 'in', ref, values: dedupe(e.values.map(apply)) };
    case 'startsWith': return { op: 'startsWith', ref, value: apply(e.value) };
    // The partition value is a prefix of the row value, so a row not starting with p has a partition not starting with p — when p fits in the width.
    case 'notStartsWith': return codePointLength(e.value as string) <= t.width ? { op: 'notStartsWith', ref, value: e.value } : alwaysTrue;
    default: return alwaysTrue;
  }
}

/**
 * Writers before Iceberg 0.11 truncated pre-1970 time partitions toward zero (one too high). Like the
 * reference implementation, accept both the correct and the old value for negative projections.
 */
function fixPreEpoch(p: BoundExpr): BoundExpr {
  const neg = (v: Value): boolean => typeof v === 'number' && v < 0;
  switch (p.op) {
    case 'lt': case 'ltEq': return neg(p.value) ? { ...p, value: (p.value as number) + 1 } : p;
    case 'eq': return neg(p.value) ? { op: 'in', ref: p.ref, values: [p.value, (p.value as number) + 1] } : p;
    case 'in': return { ...p, values: dedupe(p.values.flatMap((v) => (neg(v) ? [v, (v as number) + 1] : [v]))) };
    default: return p;
  }
}

function dedupe(values: Value[]): Value[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const k = v instanceof Uint8Array ? `b:${Array.from(v).join(',')}` : `${typeof v}:${String(v)}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
