/**
 * Exact or refused, for the squirreling fallback: sql-typed-rewrite.ts makes a decimal, date or timestamp
 * value exact where it is compared, ordered or aggregated directly, and decimal arithmetic exact
 * (exact-numeric.ts). Anywhere else squirreling would compare its canonical text or compute with doubles
 * (`COALESCE(d, 0) > 5`, `CASE … THEN d`, `ts - d`, `x IN (SELECT d …)`, a UNION of a decimal and a date,
 * a widened UNION column a query around it would not read as its DECIMAL — set-operation-types.ts), which is a
 * wrong answer without an error; this walk refuses such a use with LakeError Unsupported at its place instead.
 */
import type { Statement } from 'squirreling';
import { LakeError, type LakeErrorRef } from '../../errors.ts';
import { errorRef, errorText } from '../../messages/message-parts.ts';
import { checkDatedCast } from './arrow-eval.ts';
import { isNumberType, isOrderedType, typeSpec, type SqlType } from './sql-types.ts';
import { ARITHMETIC_OPS } from './exact-numeric.ts';
import { isDated } from './typed-dates.ts';
import { PASS_THROUGH, setColumnCast } from './typed-eval.ts';
import { setDecimalColumns, setWideningProblem } from './set-operation-types.ts';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const COMPARISONS = new Set(['=', '==', '!=', '<>', '<', '<=', '>', '>=']);
/** Functions whose typed argument the rewrite handles (MIN/MAX/SUM/AVG) or whose answer does not depend on the value's form (COUNT). */
// ABS and MOD are exact too (exact-numeric.ts exactAbs, `%`), rewritten to __LS3_ABS/__LS3_ARITH.
const EXACT_FUNCTIONS = new Set(['MIN', 'MAX', 'SUM', 'AVG', 'COUNT', 'ABS', 'MOD']);
/** Functions that read a date or timestamp as an instant (arrow-eval-dates.ts, evaluate.js), never pass it through as text. */
const DATE_FUNCTIONS = new Set(['__LS3_CASTTIME', 'DATE_PART', 'EXTRACT', 'DATE_TRUNC', 'YEAR', 'MONTH', 'DAY', 'HOUR', 'MINUTE', 'SECOND',
  // Text functions work on the canonical text by the user's own choice, and give text, not a typed value.
  'SUBSTR', 'SUBSTRING', 'UPPER', 'LOWER', 'LENGTH', 'CONCAT', 'LEFT', 'RIGHT', 'TRIM', 'REPLACE']);

/** Throws the refusal `why` (an `error.sql.typed.*` message) at `node`'s place in the engine's query. */
function refuse(node: Node, why: LakeErrorRef): never {
  const ref = errorRef('error.sql', { message: why });
  throw new LakeError('Unsupported', errorText(ref), { engineStart: Number(node.positionStart), engineEnd: Number(node.positionEnd) }, { ref });
}

/** The type of a statement's first output column, when the select (leftmost of a set operation) types it. */
function firstColumnType(s: Statement, typeOfNode: (n: unknown) => SqlType | undefined): SqlType | undefined {
  return columnTypes(s, typeOfNode)[0];
}

function columnTypes(s: Statement, typeOfNode: (n: unknown) => SqlType | undefined, all = false): (SqlType | undefined)[] {
  if (s.type === 'with') return columnTypes(s.query, typeOfNode, all);
  if (s.type === 'compound') return columnTypes(s.left, typeOfNode, all);
  return s.columns.map((c) => { const t = c.type === 'derived' ? typeOfNode(c.expr) : undefined; return all || isOrderedType(t) ? t : undefined; });
}

/**
 * Throws LakeError Unsupported (with `engineStart`/`engineEnd`) at the first typed value the rewrite would
 * leave inexact. `typeOfNode` is the rewrite's static type of an expression (sql-typed-rewrite.ts).
 */
export function guardTyped(statement: Statement, typeOfNode: (n: unknown) => SqlType | undefined): void {
  const typed = (n: unknown): SqlType | undefined => {
    if (!isNode(n)) return undefined;
    if (n.type === 'subquery' && isNode(n.subquery)) return firstColumnType(n.subquery as unknown as Statement, typeOfNode);
    const t = typeOfNode(n);
    return isOrderedType(t) ? t : undefined;
  };
  const text = (n: Node) => String(n.type === 'identifier' ? n.name : n.type === 'function' ? `${String(n.funcName)}(…)` : n.type);
  /** A child in a position that keeps its value as is (a select column, a direct comparison operand…). */
  const exact = new WeakSet<object>();

  // Set operations on top (and their nested arms) are read only by their own ORDER BY (set-operation-types.ts).
  const tops = new Set<unknown>();
  const markTop = (s: unknown): void => { if (isNode(s) && s.type === 'compound') { tops.add(s); markTop(s.left); markTop(s.right); } };
  markTop(statement.type === 'with' ? statement.query : statement);
  const nameType = (name: string) => typeOfNode({ type: 'identifier', name, positionStart: 0, positionEnd: 0 });
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) { v.forEach(visit); return; }
    if (!isNode(v)) return;
    if (v.type === 'compound') {
      // Integers with decimals, or decimals of two scales: the wider DECIMAL, unless a query around it would not read it as one.
      const widened = setDecimalColumns(v, typeOfNode);
      const problem = setWideningProblem(v, tops.has(v), typeOfNode, nameType);
      if (problem) refuse(v, errorRef('error.sql.typed.setWidened', { operator: String(v.operator), index: problem.index + 1, type: `DECIMAL(${problem.type.precision ?? 38},${problem.type.scale})` }));
      const l = columnTypes(v.left as Statement, typeOfNode);
      const r = columnTypes(v.right as Statement, typeOfNode);
      const arms = (s: Statement): Statement[] => (s.type === 'compound' ? [...arms(s.left), ...arms(s.right)] : [s]);
      const all = arms(v as unknown as Statement).map((a) => columnTypes(a, typeOfNode, true));
      l.forEach((lt, i) => {
        if (widened[i]) return;
        const rt = r[i];
        // A string with numbers: all arms cast to BIGINT or DOUBLE (typed-eval.ts setColumnCast; the rewrite casts each arm).
        const types = all.map((a) => a[i]);
        if (setColumnCast(types)) return;
        const str = types.findIndex((t) => t?.kind === 'string');
        const num = types.find((t) => t?.kind === 'decimal');
        if (str >= 0 && num) refuse(v, errorRef('error.sql.typed.setSides', { operator: String(v.operator), index: i + 1, type: typeSpec(num), left: types[0] ? typeSpec(types[0]) : 'untyped', right: types.slice(1).map((t) => (t ? typeSpec(t) : 'untyped')).join(', ') }));
        if ((lt || rt) && (!lt || !rt || typeSpec(lt) !== typeSpec(rt))) {
          refuse(v, errorRef('error.sql.typed.setSides', { operator: String(v.operator), index: i + 1, type: typeSpec((lt ?? rt)!), left: lt ? typeSpec(lt) : 'untyped', right: rt ? typeSpec(rt) : 'untyped' }));
        }
      });
    }
    if (v.type === 'in' && isNode(v.subquery)) {
      const t = typed(v.expr) ?? firstColumnType(v.subquery as unknown as Statement, typeOfNode);
      if (t) refuse(v, errorRef('error.sql.typed.inSubquery', { type: typeSpec(t) }));
    }
    // Children that stay exact: the rewrite compares, orders, groups or aggregates them as values.
    const keep = (c: unknown) => { if (isNode(c)) exact.add(c); };
    if (v.type === 'select') {
      (v.columns as Node[]).forEach((c) => keep(c.expr));
      (v.groupBy as unknown[]).forEach(keep);
    }
    if (v.type === 'window') (v.partitionBy as unknown[]).forEach(keep);
    if (Array.isArray(v.orderBy)) (v.orderBy as Node[]).forEach((o) => keep(o.expr));
    if (v.type === 'binary' && COMPARISONS.has(String(v.op))) {
      // Typed against typed of another kind, or a subquery's typed value, the rewrite cannot compare.
      const lt = typeOfNode(v.left);
      const rt = typeOfNode(v.right);
      const bad = [v.left, v.right].find((s) => typed(s) && !isOrderedType(typeOfNode(s)));
      if (bad) refuse(bad as Node, errorRef('error.sql.typed.subqueryValue', { expr: text(bad as Node), type: typeSpec(typed(bad)!) }));
      if (isOrderedType(lt) && isOrderedType(rt) && (lt.kind === 'decimal') !== (rt.kind === 'decimal')) refuse(v, errorRef('error.sql.typed.mixed', { type: typeSpec(lt), other: typeSpec(rt) }));
      keep(v.left); keep(v.right);
    }
    // `d ± INTERVAL n unit` shifts the date itself on both executors (evaluate.js, arrow-eval-dates.ts).
    if (v.type === 'binary' && (v.op === '+' || v.op === '-') && isNode(v.right) && v.right.type === 'interval') keep(v.left);
    if (v.type === 'binary' && v.op === '+' && isNode(v.left) && v.left.type === 'interval') keep(v.right);
    if (v.type === 'in valuelist') { keep(v.expr); (v.values as unknown[]).forEach(keep); }
    // Arithmetic and unary minus of decimals are exact (exact-numeric.ts, rewritten to __LS3_ARITH/__LS3_NEG); of times they are not.
    if (v.type === 'binary' && ARITHMETIC_OPS.has(String(v.op)) && ![v.left, v.right].some((c) => isNode(c) && c.type === 'interval' || isDated(typed(c)))) { keep(v.left); keep(v.right); }
    if (v.type === 'unary' && v.op === '-' && !isDated(typed(v.argument))) keep(v.argument);
    if (v.type === 'unary' && (v.op === 'IS NULL' || v.op === 'IS NOT NULL' || v.op === 'NOT')) keep(v.argument);
    if (v.type === 'binary' && (v.op === 'AND' || v.op === 'OR')) { keep(v.left); keep(v.right); }
    if (v.type === 'function' && EXACT_FUNCTIONS.has(String(v.funcName).toUpperCase())) (v.args as unknown[]).forEach(keep);
    if (v.type === 'function' && DATE_FUNCTIONS.has(String(v.funcName).toUpperCase())) (v.args as unknown[]).forEach(keep);
    // COALESCE/GREATEST/LEAST over one typed type pass a value of it on (typed-eval.ts passThroughType).
    // … and over numbers with a DOUBLE among them, DOUBLEs (Spark's common type; the rewrite converts each).
    if (v.type === 'function' && PASS_THROUGH.has(String(v.funcName).toUpperCase()) && (isOrderedType(typeOfNode(v)) || isNumberType(typeOfNode(v)))) (v.args as unknown[]).forEach(keep);
    if (v.type === 'function' && isNode(v.filter)) keep(v.filter);
    if (v.type === 'cast') { checkDatedCast(v as never, typeOfNode(v.expr)); keep(v.expr); } // an explicit conversion is the user's choice, but not to a number from a time
    if (v.type === 'function' && ['SUM', 'AVG'].includes(String(v.funcName).toUpperCase())) {
      const t = typed((v.args as unknown[])[0]);
      if (t && (t.kind === 'date' || t.kind === 'timestamp')) refuse(v, errorRef('error.sql.typed.sumOfTimes', { fn: String(v.funcName), type: typeSpec(t) }));
    }
    if (v.type === 'case') (v.whenClauses as Node[]).forEach((w) => keep(w.condition));
    // A searched CASE whose results are of one typed type passes a value of it on (typed-eval.ts).
    if (v.type === 'case' && ((!v.caseExpr && isOrderedType(typeOfNode(v))) || isNumberType(typeOfNode(v)))) { (v.whenClauses as Node[]).forEach((w) => keep(w.result)); keep(v.elseResult); }
    if (v.type === 'select' || v.type === 'with' || v.type === 'compound') {
      for (const k of ['where', 'having']) if (isNode(v[k])) keep(v[k]);
      (v.joins as Node[] | undefined)?.forEach((j) => keep(j.on));
    }

    for (const [k, child] of Object.entries(v)) {
      for (const c of Array.isArray(child) ? child : [child]) {
        if (!isNode(c) || exact.has(c) || k === 'subquery' || k === 'query' || k === 'ctes' || k === 'from' || k === 'joins' || k === 'left' && v.type === 'compound' || k === 'right' && v.type === 'compound') continue;
        const t = typed(c);
        if (!t) continue;
        const expr = text(c);
        const type = typeSpec(t);
        refuse(c, v.type === 'function' ? errorRef('error.sql.typed.underFunction', { expr, fn: String(v.funcName), type })
          : v.type === 'binary' || v.type === 'unary' ? errorRef('error.sql.typed.underOperator', { expr, operator: String(v.op), type })
            : errorRef('error.sql.typed.under', { expr, node: String(v.type).toUpperCase(), type }));
      }
    }
    Object.values(v).forEach(visit);
  };
  visit(statement);
}
