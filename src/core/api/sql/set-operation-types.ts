/**
 * Output column types of a set operation (UNION, INTERSECT, EXCEPT) whose arms pair integers with decimals,
 * or decimals of different scales, for the squirreling fallback (set operations never run on the columnar
 * executor). Spark widens each such column to one DECIMAL (WidenSetOperationTypes → findWiderCommonType →
 * DecimalPrecision.widerDecimalType: scale max(s), integer digits max(p − s), bounded to 38; an INT is
 * decimal(10,0), a BIGINT decimal(20,0)), so values deduplicate, compare and order as numbers. The rewrite
 * (sql-typed-rewrite.ts) casts every arm's column to that DECIMAL, sorts the set operation's ORDER BY — by
 * name or ordinal — by its key, and types the first arm's name with it for a query around the set operation;
 * the guard (sql-typed-guard.ts) refuses what that typing would not reach ({@link setWideningProblem}).
 */
import { derivedAlias } from './fast-sort.ts';
import { typeSpec, type SqlType } from './sql-types.ts';

type Node = Record<string, unknown>;
type DecimalType = Extract<SqlType, { kind: 'decimal' }>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Decimal digits of an integral width as Spark's DecimalType.forType gives them: TINYINT 3, SMALLINT 5, INT 10, BIGINT 20. */
const INTEGRAL_DIGITS: Readonly<Record<number, number>> = { 8: 3, 16: 5, 32: 10, 64: 20 };

/** The selects of a set operation, left to right, through nested set operations. */
export const setArms = (s: unknown): Node[] => (!isNode(s) ? [] : s.type === 'compound' ? [...setArms(s.left), ...setArms(s.right)] : s.type === 'select' ? [s] : []);

/**
 * The wider DECIMAL of one output column whose arms give `types`: every one an integer or a decimal (or a
 * string, with an integer the first number), at least one a decimal, not all of one type. Undefined otherwise (one type needs nothing; other mixes are refused or
 * cast elsewhere).
 */
export function setDecimalType(types: readonly (SqlType | undefined)[]): DecimalType | undefined {
  // Strings among them: Spark folds the strings first (AnsiTypeCoercion.findWiderCommonType), a STRING with an
  // integer is a BIGINT, decimal(20,0), then the numbers in order; a DECIMAL or DOUBLE first makes it a DOUBLE
  // (typed-eval.ts setColumnCast), as does any DOUBLE.
  if (types.some((t) => t?.kind === 'string')) {
    const numbers = types.filter((t) => t?.kind !== 'string');
    return numbers[0]?.kind === 'long' ? setDecimalType([{ kind: 'long' }, ...numbers]) : undefined;
  }
  if (types.length < 2 || !types.every((t) => t?.kind === 'long' || t?.kind === 'decimal') || !types.some((t) => t?.kind === 'decimal')) return undefined;
  if (types.every((t) => typeSpec(t!) === typeSpec(types[0]!))) return undefined;
  let scale = 0;
  let range = 0;
  for (const t of types as SqlType[]) {
    const [p, s] = t.kind === 'decimal' ? [t.precision ?? 38, t.scale] : [INTEGRAL_DIGITS[t.kind === 'long' ? t.bits ?? 64 : 64]!, 0];
    scale = Math.max(scale, s);
    range = Math.max(range, p - s);
  }
  return { kind: 'decimal', scale: Math.min(scale, 38), precision: Math.min(range + scale, 38) };
}

/** The name each output column of a select has (its alias, else the engine's name of its expression); undefined for a star. */
export const armNames = (arm: Node): (string | undefined)[] =>
  (arm.columns as Node[]).map((c) => (c.type === 'derived' ? (c.alias as string | undefined) ?? derivedAlias(c.expr as never) : undefined));

/** Per output column of `compound`, its wider DECIMAL ({@link setDecimalType}) or undefined. */
export function setDecimalColumns(compound: Node, typeOfNode: (n: unknown) => SqlType | undefined): (DecimalType | undefined)[] {
  const arms = setArms(compound);
  if (arms.length === 0) return [];
  const width = Math.min(...arms.map((a) => (a.columns as Node[]).length));
  const out: (DecimalType | undefined)[] = [];
  for (let k = 0; k < width; k++) {
    const cols = arms.map((a) => (a.columns as Node[])[k]!);
    out.push(cols.every((c) => c.type === 'derived') ? setDecimalType(cols.map((c) => typeOfNode(c.expr))) : undefined);
  }
  return out;
}

/**
 * The output column an ORDER BY term of `compound` sorts by: an ordinal (squirreling puts a copy of an arm's
 * column expression there, at the same place in the text) or a name of the first arm's columns.
 */
export function orderPosition(compound: Node, expr: unknown): number | undefined {
  if (!isNode(expr)) return undefined;
  const arms = setArms(compound);
  for (const a of arms) {
    const k = (a.columns as Node[]).findIndex((c) => c.type === 'derived' && isNode(c.expr) && c.expr.positionStart === expr.positionStart && c.expr.positionEnd === expr.positionEnd);
    if (k >= 0) return k;
  }
  if (expr.type !== 'identifier' || expr.prefix !== undefined || arms.length === 0) return undefined;
  const k = armNames(arms[0]!).indexOf(String(expr.name));
  return k >= 0 ? k : undefined;
}

/**
 * Why a widened column of a set operation inside a query (a subquery or CTE body) would not be read as its
 * DECIMAL by the query around it — which finds a column's type by name: the first arm's name of it must type
 * as that DECIMAL (`nameType`: not a table's column of another type, not another select's alias of another
 * type); undefined when it would. A set operation on top is read only by its own ORDER BY, which the
 * rewrite sorts by position, so it needs nothing.
 */
export function setWideningProblem(compound: Node, isTop: boolean, typeOfNode: (n: unknown) => SqlType | undefined, nameType: (name: string) => SqlType | undefined): { index: number; type: DecimalType } | undefined {
  const first = setArms(compound)[0];
  if (isTop || !first) return undefined;
  const names = armNames(first);
  const columns = setDecimalColumns(compound, typeOfNode);
  for (let k = 0; k < columns.length; k++) {
    const t = columns[k];
    if (!t) continue;
    const name = names[k];
    const seen = name === undefined ? undefined : nameType(name);
    if (!seen || typeSpec(seen) !== typeSpec(t)) return { index: k, type: t };
  }
  return undefined;
}
