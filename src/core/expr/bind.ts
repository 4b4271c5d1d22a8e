/**
 * Binding: resolves the column names of an unbound expression to field ids and converts every literal to
 * the column's internal value. Predicates that can be decided from the type alone are folded
 * (`is nan` on an int column is false, `not null` … stays), so evaluators never see ill-typed input.
 */
import { LakeError } from '../errors.ts';
import { type BoundExpr, type BoundRef, type Expr, alwaysFalse, alwaysTrue, and, not, or } from './expr.ts';
import { convertLiteral } from './literal.ts';
import { isFloatingKind } from './types.ts';

/** Resolves a column name to its field; undefined when the schema has no such column. */
export type FieldLookup = (name: string) => BoundRef | undefined;

/**
 * Binds `expr` against a schema's lookup. Throws NotFound for an unknown column and DataInvalid for a
 * literal that does not fit its column (see literal.ts), both naming the column.
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
  if (!ref) throw new LakeError('NotFound', `expr: unknown column '${expr.term}'`, { column: expr.term });
  if (ref.type.kind === 'other') {
    if (expr.op === 'isNull' || expr.op === 'notNull') return { op: expr.op, ref };
    throw new LakeError('Unsupported', `expr: column '${ref.name}' cannot be filtered except with is null / is not null`, { column: ref.name });
  }
  switch (expr.op) {
    case 'isNull': case 'notNull': return { op: expr.op, ref };
    case 'isNaN': case 'notNaN':
      if (!isFloatingKind(ref.type.kind)) return expr.op === 'isNaN' ? alwaysFalse : { op: 'notNull', ref };
      return { op: expr.op, ref };
    case 'in': case 'notIn': {
      const values = expr.values.map((v) => checkNotNaN(convertLiteral(v, ref.type, ref.name), ref.name));
      if (values.length === 0) return expr.op === 'in' ? alwaysFalse : { op: 'notNull', ref };
      if (values.length === 1) return { op: expr.op === 'in' ? 'eq' : 'notEq', ref, value: values[0] };
      return { op: expr.op, ref, values };
    }
    case 'startsWith': case 'notStartsWith':
      if (ref.type.kind !== 'string') {
        throw new LakeError('DataInvalid', `expr: starts with needs a string column; '${ref.name}' is ${ref.type.kind}`, { column: ref.name });
      }
      return { op: expr.op, ref, value: convertLiteral(expr.value, ref.type, ref.name) };
    default:
      return { op: expr.op, ref, value: checkNotNaN(convertLiteral(expr.value, ref.type, ref.name), ref.name) };
  }
}

function checkNotNaN<T>(v: T, column: string): T {
  if (typeof v === 'number' && Number.isNaN(v)) {
    throw new LakeError('DataInvalid', `expr: comparing '${column}' with NaN never matches; use 'is nan' instead`, { column });
  }
  return v;
}
