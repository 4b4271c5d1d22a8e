/** Text of an expression in the `--where` syntax (parseWhere(describeExpr(e)) gives back an equal tree). */
import type { BoundExpr, Expr, Literal } from './expr.ts';
import { isDecimalLiteral } from './exact-literal.ts';
import { formatTypedValue } from './literal.ts';
import type { Value, ValueType } from './types.ts';

const SYMBOL = { eq: '=', notEq: '!=', lt: '<', ltEq: '<=', gt: '>', gtEq: '>=' } as const;

/** Renders an unbound or bound expression; bound literals are shown in their column type (dates as dates). */
export function describeExpr(e: Expr | BoundExpr): string {
  switch (e.op) {
    case 'true': return 'true';
    case 'false': return 'false';
    case 'and': return `${wrap(e.left, 'and')} and ${wrap(e.right, 'and')}`;
    case 'or': return `${wrap(e.left, 'or')} or ${wrap(e.right, 'or')}`;
    case 'not': return `not (${describeExpr(e.child)})`;
    default: break;
  }
  const [name, type] = 'ref' in e ? [e.ref.name, e.ref.type] : [e.term, undefined];
  const col = /^[A-Za-z_][\w.$]*$/.test(name) && !/^(and|or|not|in|is|null|nan|starts|with|like|true|false)$/i.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
  const lit = (v: Literal | Value): string => literalText(v, type);
  switch (e.op) {
    case 'isNull': return `${col} is null`;
    case 'notNull': return `${col} is not null`;
    case 'isNaN': return `${col} is nan`;
    case 'notNaN': return `${col} is not nan`;
    case 'in': return `${col} in (${e.values.map(lit).join(', ')})`;
    case 'notIn': return `${col} not in (${e.values.map(lit).join(', ')})`;
    case 'startsWith': return `${col} starts with ${lit(e.value)}`;
    case 'notStartsWith': return `${col} not starts with ${lit(e.value)}`;
    default: return `${col} ${SYMBOL[e.op]} ${lit(e.value)}`;
  }
}

function wrap(e: Expr | BoundExpr, parent: 'and' | 'or'): string {
  const s = describeExpr(e);
  return e.op === 'or' && parent === 'and' ? `(${s})` : s;
}

function literalText(v: Literal | Value, type: ValueType | undefined): string {
  if (isDecimalLiteral(v)) return v.decimal;
  if (typeof v === 'string') return quote(type?.kind === 'string' || !type ? v : formatTypedValue(type, v));
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Uint8Array) return quote(formatTypedValue({ kind: 'binary' }, v));
  if (type && type.kind !== 'int' && type.kind !== 'long' && type.kind !== 'float' && type.kind !== 'double') {
    return quote(formatTypedValue(type, v));
  }
  return String(v);
}

function quote(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}
