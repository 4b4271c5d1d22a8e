/**
 * Binding: resolves the column names of an unbound expression to field ids and converts every literal to
 * the column's internal value. Predicates that can be decided from the type alone are folded
 * (`is nan` on an int column is false, `not null` … stays), so evaluators never see ill-typed input.
 */
import { LakeError } from '../errors.ts';
import { isGridKind, literalRange } from './exact-literal.ts';
import { type BoundExpr, type BoundRef, type CompareOp, type Expr, type Literal, alwaysFalse, alwaysTrue, and, not, or } from './expr.ts';
import { convertLiteral } from './literal.ts';
import { type Value, isFloatingKind } from './types.ts';
import { internalError, messageError } from '../message-error.ts';
import { errorRef } from '../messages/message-parts.ts';

/** Resolves a column name to its field; undefined when the schema has no such column. */
export type FieldLookup = (name: string) => BoundRef | undefined;

/**
 * Binds `expr` against a schema's lookup. Throws NotFound for an unknown column and DataInvalid for a
 * literal of the wrong sort for its column (text for an int …; see literal.ts), both naming the column.
 * A literal with more digits than an int, long, decimal, date, time or timestamp column holds, or beyond
 * its range, is compared exactly (see {@link betweenPredicate}), never rounded.
 */
export function bindExpr(expr: Expr, lookup: FieldLookup): BoundExpr {
  switch (expr.op) {
    case 'true': return alwaysTrue;
    case 'false': return alwaysFalse;
    case 'and': return and(bindExpr(expr.left, lookup), bindExpr(expr.right, lookup));
    case 'or': return or(bindExpr(expr.left, lookup), bindExpr(expr.right, lookup));
    case 'not': return not(bindExpr(expr.child, lookup));
    default: break;
  }
  const ref = lookup(expr.term);
  if (!ref) throw messageError('NotFound', 'error.expr', { message: errorRef('error.expr.unknownColumn', { column: expr.term }) }, { column: expr.term });
  if (ref.type.kind === 'other') {
    if (expr.op === 'isNull' || expr.op === 'notNull') return { op: expr.op, ref };
    throw messageError('Unsupported', 'error.expr', { message: errorRef('error.expr.onlyNullTests', { column: ref.name }) }, { column: ref.name });
  }
  switch (expr.op) {
    case 'isNull': case 'notNull': return { op: expr.op, ref };
    case 'isNaN': case 'notNaN':
      if (!isFloatingKind(ref.type.kind)) return expr.op === 'isNaN' ? alwaysFalse : { op: 'notNull', ref };
      return { op: expr.op, ref };
    case 'in': case 'notIn': {
      if (expr.values.length === 0) return expr.op === 'in' ? alwaysFalse : { op: 'notNull', ref };
      const exact: Value[] = []; let between: Between | undefined;
      for (const v of expr.values) {
        const r = convertExact(v, ref);
        if ('exact' in r) exact.push(r.exact); else between ??= r;
      }
      // A value no row can hold adds nothing to `in` and takes nothing from `not in` (SQL: x = v is false or unknown).
      if (exact.length === 0) return betweenPredicate(expr.op === 'in' ? 'eq' : 'notEq', ref, between!);
      if (exact.length === 1) return { op: expr.op === 'in' ? 'eq' : 'notEq', ref, value: exact[0] };
      return { op: expr.op, ref, values: exact };
    }
    case 'startsWith': case 'notStartsWith':
      if (ref.type.kind !== 'string') {
        throw messageError('DataInvalid', 'error.expr', { message: errorRef('error.expr.startsWithString', { column: ref.name, type: ref.type.kind }) }, { column: ref.name });
      }
      return { op: expr.op, ref, value: convertLiteral(expr.value, ref.type, ref.name) };
    default: {
      const r = convertExact(expr.value, ref);
      return 'exact' in r ? { op: expr.op, ref, value: r.exact } : betweenPredicate(expr.op, ref, r);
    }
  }
}

/** A literal that lies strictly between two neighbouring values of the column's type (either may be absent). */
interface Between { readonly below?: Value; readonly above?: Value }

/** The literal's exact value in the column type, or the neighbours it lies between (exact-literal.ts). */
function convertExact(lit: Literal, ref: BoundRef): { exact: Value } | Between {
  if (!isGridKind(ref.type.kind)) return { exact: checkNotNaN(convertLiteral(lit, ref.type, ref.name), ref.name) };
  const r = literalRange(lit, ref.type);
  return typeof r === 'string' ? { exact: convertLiteral(lit, ref.type, ref.name) } : r; // convertLiteral throws the message
}

/**
 * A comparison with a value strictly between `below` and `above` as comparisons with those neighbours,
 * true, false and unknown (null) in exactly the same rows — so it also stays right under NOT:
 * `x < v` is `x <= below`, `x > v` is `x >= above`, `x = v` is `x > below and x < above` (false for
 * every value, unknown for null), `x != v` is `x <= below or x >= above`. Where a neighbour is missing,
 * v lies beyond the type's range and the other neighbour is the type's extreme value.
 */
function betweenPredicate(op: CompareOp, ref: BoundRef, { below, above }: Between): BoundExpr {
  const cmp = (o: CompareOp, value: Value | undefined): BoundExpr | undefined => (value === undefined ? undefined : { op: o, ref, value });
  const pick = (...xs: (BoundExpr | undefined)[]): BoundExpr => xs.find((x) => x !== undefined)!;
  switch (op) {
    case 'lt': case 'ltEq': return pick(cmp('ltEq', below), cmp('lt', above));
    case 'gt': case 'gtEq': return pick(cmp('gtEq', above), cmp('gt', below));
    case 'eq': {
      const l = cmp('gt', below); const u = cmp('lt', above);
      return l && u ? { op: 'and', left: l, right: u } : pick(l, u);
    }
    case 'notEq': {
      const l = cmp('ltEq', below); const u = cmp('gtEq', above);
      return l && u ? { op: 'or', left: l, right: u } : pick(l, u);
    }
    default: throw internalError(`expr: ${op} has no exact form between two values`);
  }
}

function checkNotNaN<T>(v: T, column: string): T {
  if (typeof v === 'number' && Number.isNaN(v)) {
    throw messageError('DataInvalid', 'error.expr', { message: errorRef('error.expr.nan', { column }) }, { column });
  }
  return v;
}
