/**
 * The format-agnostic predicate AST. Unbound expressions name columns; {@link ./bind.ts} resolves names to
 * field ids and converts literals to the column's type. Both forms are plain data (structured-cloneable,
 * so a filter crosses postMessage unchanged; bigint literals included).
 */
import type { Value, ValueType } from './types.ts';

/**
 * A number kept as the text it was written in (`1728551410100.10010`, `1e-3`), so that no digit is lost
 * to a double before it meets a decimal, long or timestamp column. The `--where` parser writes numbers
 * with a fraction or exponent this way.
 */
export interface DecimalLiteral { readonly decimal: string }

/** A literal as a user or caller writes it, before it is converted to a column type. */
export type Literal = boolean | number | bigint | string | Uint8Array | DecimalLiteral;

export type UnaryOp = 'isNull' | 'notNull' | 'isNaN' | 'notNaN';
export type CompareOp = 'eq' | 'notEq' | 'lt' | 'ltEq' | 'gt' | 'gtEq' | 'startsWith' | 'notStartsWith';
export type SetOp = 'in' | 'notIn';

/** An unbound predicate tree; `term` is a column name (dotted for nested struct fields). */
export type Expr =
  | { readonly op: 'true' }
  | { readonly op: 'false' }
  | { readonly op: 'and' | 'or'; readonly left: Expr; readonly right: Expr }
  | { readonly op: 'not'; readonly child: Expr }
  | { readonly op: UnaryOp; readonly term: string }
  | { readonly op: CompareOp; readonly term: string; readonly value: Literal }
  | { readonly op: SetOp; readonly term: string; readonly values: readonly Literal[] };

/** A column resolved by binding: its field id, full name and primitive type. */
export interface BoundRef {
  readonly id: number;
  readonly name: string;
  readonly type: ValueType;
}

/** A bound predicate tree: terms are field references and literals are internal values of the field's type. */
export type BoundExpr =
  | { readonly op: 'true' }
  | { readonly op: 'false' }
  | { readonly op: 'and' | 'or'; readonly left: BoundExpr; readonly right: BoundExpr }
  | { readonly op: 'not'; readonly child: BoundExpr }
  | { readonly op: UnaryOp; readonly ref: BoundRef }
  | { readonly op: CompareOp; readonly ref: BoundRef; readonly value: Value }
  | { readonly op: SetOp; readonly ref: BoundRef; readonly values: readonly Value[] };

export const alwaysTrue: Expr & BoundExpr = { op: 'true' };
export const alwaysFalse: Expr & BoundExpr = { op: 'false' };

/** `a AND b`, simplified when either side is a constant. */
export function and<E extends Expr | BoundExpr>(left: E, right: E): E {
  if (left.op === 'false' || right.op === 'false') return alwaysFalse as E;
  if (left.op === 'true') return right;
  if (right.op === 'true') return left;
  return { op: 'and', left, right } as E;
}

/** `a OR b`, simplified when either side is a constant. */
export function or<E extends Expr | BoundExpr>(left: E, right: E): E {
  if (left.op === 'true' || right.op === 'true') return alwaysTrue as E;
  if (left.op === 'false') return right;
  if (right.op === 'false') return left;
  return { op: 'or', left, right } as E;
}

/** `NOT a`, simplified for constants and double negation. */
export function not<E extends Expr | BoundExpr>(child: E): E {
  if (child.op === 'true') return alwaysFalse as E;
  if (child.op === 'false') return alwaysTrue as E;
  if (child.op === 'not') return (child as unknown as { child: E }).child;
  return { op: 'not', child } as E;
}

/** AND of every expression (true for none). */
export function andAll<E extends Expr | BoundExpr>(exprs: readonly E[]): E {
  return exprs.reduce((acc, e) => and(acc, e), alwaysTrue as E);
}

export const eq = (term: string, value: Literal): Expr => ({ op: 'eq', term, value });
export const notEq = (term: string, value: Literal): Expr => ({ op: 'notEq', term, value });
export const lt = (term: string, value: Literal): Expr => ({ op: 'lt', term, value });
export const ltEq = (term: string, value: Literal): Expr => ({ op: 'ltEq', term, value });
export const gt = (term: string, value: Literal): Expr => ({ op: 'gt', term, value });
export const gtEq = (term: string, value: Literal): Expr => ({ op: 'gtEq', term, value });
export const startsWith = (term: string, value: string): Expr => ({ op: 'startsWith', term, value });
export const notStartsWith = (term: string, value: string): Expr => ({ op: 'notStartsWith', term, value });
export const isIn = (term: string, values: readonly Literal[]): Expr => ({ op: 'in', term, values });
export const notIn = (term: string, values: readonly Literal[]): Expr => ({ op: 'notIn', term, values });
export const isNull = (term: string): Expr => ({ op: 'isNull', term });
export const notNull = (term: string): Expr => ({ op: 'notNull', term });
export const isNaN = (term: string): Expr => ({ op: 'isNaN', term });
export const notNaN = (term: string): Expr => ({ op: 'notNaN', term });

const NEGATED: Record<UnaryOp | CompareOp | SetOp, UnaryOp | CompareOp | SetOp> = {
  isNull: 'notNull', notNull: 'isNull', isNaN: 'notNaN', notNaN: 'isNaN',
  eq: 'notEq', notEq: 'eq', lt: 'gtEq', gtEq: 'lt', gt: 'ltEq', ltEq: 'gt',
  startsWith: 'notStartsWith', notStartsWith: 'startsWith', in: 'notIn', notIn: 'in',
};

/**
 * Pushes every NOT down to the predicates (De Morgan, then negating the predicate itself), so that
 * evaluators and projections see no `not` node. Required before inclusive projection (a projection of
 * `not p` is not `not` of the projection of `p`).
 */
export function rewriteNot<E extends Expr | BoundExpr>(e: E): E {
  switch (e.op) {
    case 'and': return and(rewriteNot(e.left as E), rewriteNot(e.right as E));
    case 'or': return or(rewriteNot(e.left as E), rewriteNot(e.right as E));
    case 'not': return negate(e.child as E);
    default: return e;
  }
}

function negate<E extends Expr | BoundExpr>(e: E): E {
  switch (e.op) {
    case 'true': return alwaysFalse as E;
    case 'false': return alwaysTrue as E;
    case 'and': return or(negate(e.left as E), negate(e.right as E));
    case 'or': return and(negate(e.left as E), negate(e.right as E));
    case 'not': return rewriteNot(e.child as E);
    default: return { ...e, op: NEGATED[e.op] } as E;
  }
}

/** The field ids a bound expression mentions. */
export function referencedIds(e: BoundExpr): Set<number> {
  const out = new Set<number>();
  const walk = (x: BoundExpr): void => {
    if (x.op === 'and' || x.op === 'or') { walk(x.left); walk(x.right); } else if (x.op === 'not') walk(x.child);
    else if ('ref' in x) out.add(x.ref.id);
  };
  walk(e);
  return out;
}

/**
 * Inclusive restriction of a bound expression to some fields: NOT is pushed down, then every predicate on
 * another field becomes `true` (it may hold). Whatever satisfies `e` satisfies the result, so statistics
 * of the kept fields may decide "cannot match" for it — used where only some columns of a file say
 * anything about the rows a filter selects (an equality delete file's equality columns, a primary key).
 */
export function retainFields(e: BoundExpr, keep: (fieldId: number) => boolean): BoundExpr {
  const walk = (x: BoundExpr): BoundExpr => {
    switch (x.op) {
      case 'true': case 'false': return x;
      case 'and': return and(walk(x.left), walk(x.right));
      case 'or': return or(walk(x.left), walk(x.right));
      case 'not': return alwaysTrue; // unreachable after rewriteNot; `true` stays inclusive
      default: return keep(x.ref.id) ? x : alwaysTrue;
    }
  };
  return walk(rewriteNot(e));
}
