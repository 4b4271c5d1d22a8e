/**
 * Two rewrites of the parsed query before squirreling runs it, where its answer would differ from Spark's:
 *
 * - **NULL placement in ORDER BY.** squirreling puts NULLs first in both directions; Spark SQL reference, "ORDER
 *   BY clause": "If null_sort_order is not specified, then NULLs sort first if sort order is ASC and NULLS sort
 *   last if sort order is DESC". Every ORDER BY term without NULLS FIRST/LAST (of a select, a set operation, a
 *   window, an aggregate) gets the explicit one Spark implies.
 * - **Output columns of one name.** squirreling keys a row's cells by output name, so `SELECT a.id, b.id` of a
 *   self-join, or `SELECT *` of two tables sharing a column name, printed the last column's values under both
 *   names. Spark keeps every column. The outermost select list gives each column of a repeated name an alias of
 *   its own (a star over a join is first spelled out as its qualified columns), and the result shows the names
 *   the query gave. A set operation's arms are paired by position under the first arm's names (positionalArms),
 *   also where they repeat a name or name columns differently. A subquery or CTE whose columns repeat a name
 *   gives each repeated column an internal alias, shown under its own name (Spark keeps both); the query reading
 *   it naming one of them is AMBIGUOUS_REFERENCE at that name (LakeError Unsupported). Read any other way (a set
 *   operation's arm, a JOIN subquery) it is refused at its place.
 */
import type { AsyncDataSource, QueryPlan, SelectStatement, Statement, UserDefinedFunction } from 'squirreling';
import { errorRef, errorText, type ErrorRef } from '../../messages/message-parts.ts';

type Engine = typeof import('squirreling');
type Node = Record<string, unknown>;

/** The internal alias of output column `k` (0-based) whose name repeats; never a name a user writes. */
const internalAlias = (k: number) => `__ls_out_${k + 1}`;

/** `statement` with every ORDER BY term's NULL placement explicit, as Spark defaults it (see the file comment). */
export function sparkNullOrder(statement: Statement): Statement {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    const out: Node = {};
    for (const [k, x] of Object.entries(v as Node)) {
      out[k] = k === 'orderBy' && Array.isArray(x)
        ? x.map((term: Node) => {
          const now = walk(term) as Node;
          return term && typeof term === 'object' && 'direction' in term && term.nulls === undefined ? { ...now, nulls: term.direction === 'DESC' ? 'LAST' : 'FIRST' } : now;
        })
        : walk(x);
    }
    return out;
  };
  return walk(statement) as Statement;
}

export interface OutputColumns {
  readonly statement: Statement;
  /** The result's column names as the query gave them, when the statement's aliases were changed. */
  readonly names?: readonly string[];
  readonly refused?: { readonly reason: string; readonly ref: ErrorRef; readonly positionStart: number; readonly positionEnd: number };
}

interface Ctx {
  readonly engine: Engine;
  readonly tables: Record<string, AsyncDataSource>;
  readonly functions: Record<string, UserDefinedFunction>;
}

/** The output names squirreling gives `statement` (planned, not run), or undefined when it cannot plan it alone. */
function namesOf(ctx: Ctx, statement: Statement): string[] | undefined {
  try { return ctx.engine.executeSql({ tables: ctx.tables, query: statement, functions: ctx.functions }).columns; } catch { return undefined; }
}

const firstRepeat = (names: readonly string[]): string | undefined => names.find((n, k) => names.indexOf(n) !== k);

/** The plan's top projection: under LIMIT, DISTINCT and ORDER BY. */
function topProject(plan: QueryPlan): Extract<QueryPlan, { type: 'Project' }> | undefined {
  let node: QueryPlan = plan;
  while (node.type === 'Limit' || node.type === 'Distinct' || node.type === 'Sort') node = node.child;
  return node.type === 'Project' ? node : undefined;
}

/**
 * `statement` with unique output names on its outermost select (see the file comment) and the names to show,
 * or the place of a subquery, CTE or set-operation arm that repeats a name. Must hold: the rewritten statement
 * yields the same rows in the same column order, each column with its own values.
 */
export function uniqueOutputColumns(engine: Engine, given: Statement, tables: Record<string, AsyncDataSource>, functions: Record<string, UserDefinedFunction>): OutputColumns {
  const ctx: Ctx = { engine, tables, functions };
  const statement = nestedSetNames(engine, given);
  const top = statement.type === 'with' ? statement.query : statement;
  // A name two sides of a join have, unqualified: Spark refuses it (AMBIGUOUS_REFERENCE), squirreling took the first.
  for (const s of allSelects(statement)) {
    const found = ambiguousReference(s, tables);
    if (found) {
      const ref = errorRef('error.sql.ambiguousColumn', { name: found.name, candidates: found.candidates.join(', ') });
      return { statement, refused: { reason: errorText(ref), ref, positionStart: found.node.positionStart, positionEnd: found.node.positionEnd } };
    }
  }
  // A set operation on top: its arms' columns by position, under the first arm's names (Spark).
  const positional = top.type === 'compound' ? positionalArms(engine, top) : undefined;
  if (positional && 'refused' in positional) return { statement, refused: positional.refused };
  // Inner selects first: a repeated name there is answered while the query around it does not name it (Spark),
  // each such column under an internal alias of its own; named there it is AMBIGUOUS_REFERENCE at the name.
  const inner = innerSelects(statement, top).filter((s) => !positional?.arms.includes(s));
  const renamed = new Map<unknown, SelectStatement>();
  const original = new Map<string, string>();
  for (const s of inner) {
    const names = s.columns.some((c) => c.type === 'star') ? namesOf(ctx, s) : s.columns.map((c) => (c.type === 'derived' ? c.alias ?? engine.derivedAlias(c.expr) : ''));
    const repeat = names && firstRepeat(names);
    if (repeat === undefined) continue;
    const readers = s.columns.some((c) => c.type === 'star') ? undefined : readersOf(statement, s);
    if (!readers) {
      const ref = errorRef('error.sql.repeatedColumn', { name: repeat });
      return { statement, refused: { reason: errorText(ref), ref, positionStart: s.positionStart, positionEnd: s.positionEnd } };
    }
    const repeated = new Set(names!.filter((n, k) => names!.indexOf(n) !== k).map((n) => n.toLowerCase()));
    for (const { select, alias } of readers) {
      const id = nameIn(select, (n) => repeated.has(n.name.toLowerCase()) && (n.prefix === undefined || n.prefix.toLowerCase() === alias.toLowerCase()));
      if (id) {
        const ref = errorRef('error.sql.ambiguousColumn', { name: id.name, candidates: names!.map((n, k) => [n, k] as const).filter(([n]) => n.toLowerCase() === id.name.toLowerCase()).map(([n, k]) => `${alias}.${n} (${k + 1})`).join(', ') });
        return { statement, refused: { reason: errorText(ref), ref, positionStart: id.positionStart, positionEnd: id.positionEnd } };
      }
    }
    renamed.set(s, { ...s, columns: s.columns.map((c, k) => {
      if (c.type !== 'derived' || !repeated.has(names![k]!.toLowerCase())) return c;
      const alias = `__ls_dup_${original.size + 1}`;
      original.set(alias, names![k]!);
      return { ...c, alias };
    }) });
  }
  if (renamed.size > 0) {
    const r = uniqueOutputColumns(engine, replaceNodes(statement, renamed), tables, functions);
    const names = r.refused ? undefined : r.names ?? namesOf(ctx, r.statement);
    return names?.some((n) => original.has(n)) ? { ...r, names: names.map((n) => original.get(n) ?? n) } : r;
  }
  if (positional) return { statement: statement.type === 'with' ? { ...statement, query: positional.statement } : positional.statement, names: positional.names };
  if (top.type !== 'select') return { statement };
  const names = namesOf(ctx, statement);
  if (!names || firstRepeat(names) === undefined) return { statement };
  // A star is spelled out as the qualified columns it stands for (the projection's input, e.g. `a.id`, `b.id`).
  let keys: readonly string[] = [];
  if (top.columns.some((c) => c.type === 'star')) {
    const project = topProject(engine.planSql({ query: statement, tables, functions }));
    if (!project) return { statement };
    keys = engine.executePlan({ plan: project.child, context: { tables, functions } }).columns;
  }
  const repeated = new Set(names.filter((n, k) => names.indexOf(n) !== k));
  const columns: SelectStatement['columns'] = [];
  let k = 0;
  for (const col of top.columns) {
    if (col.type === 'star') {
      const prefix = col.table ? `${col.table}.` : undefined;
      for (const key of keys) {
        if (prefix && !key.startsWith(prefix)) continue;
        const dot = key.indexOf('.');
        const name = dot >= 0 ? key.slice(dot + 1) : key;
        const expr = { type: 'identifier' as const, name, ...(dot >= 0 ? { prefix: key.slice(0, dot) } : {}), positionStart: col.positionStart, positionEnd: col.positionEnd };
        columns.push({ type: 'derived', expr, ...(repeated.has(name) ? { alias: internalAlias(k) } : {}), positionStart: col.positionStart, positionEnd: col.positionEnd });
        k++;
      }
    } else {
      columns.push(repeated.has(names[k]!) ? { ...col, alias: internalAlias(k) } : col);
      k++;
    }
  }
  if (k !== names.length) return { statement };
  const rewritten: SelectStatement = { ...top, columns };
  return { statement: statement.type === 'with' ? { ...statement, query: rewritten } : rewritten, names };
}

type Compound = Extract<Statement, { type: 'compound' }>;

/**
 * The selects that read inner select `s` by its columns' names, with the name they call it: the select whose
 * FROM is the subquery `s`, or every select whose FROM or JOIN names the CTE whose body is `s`. Undefined when
 * `s` is read otherwise (a set operation's arm, a JOIN subquery): left refused.
 */
function readersOf(statement: Statement, s: SelectStatement): { select: SelectStatement; alias: string }[] | undefined {
  const cte = statement.type === 'with' ? statement.ctes.find((c) => c.query === s) : undefined;
  const out: { select: SelectStatement; alias: string }[] = [];
  let found = false;
  for (const r of allSelects(statement)) {
    const from = r.from as unknown as Node;
    if (from.type === 'subquery' && from.query === s) { out.push({ select: r, alias: String(from.alias ?? '') }); found = true; }
    if (!cte) continue;
    const sources = [from, ...(r.joins as unknown as Node[])].filter((f) => typeof f.table === 'string' && f.table.toLowerCase() === cte.name.toLowerCase());
    for (const f of sources) out.push({ select: r, alias: String(f.alias ?? cte.name) });
  }
  return found || cte ? out : undefined;
}

/** The first identifier `match` takes in select `s`'s own clauses (not inside a nested query, which has its own FROM). */
function nameIn(s: SelectStatement, match: (id: Identifier) => boolean): Identifier | undefined {
  let found: Identifier | undefined;
  const walk = (v: unknown): void => {
    if (found || !v || typeof v !== 'object') return;
    if (Array.isArray(v)) { v.forEach(walk); return; }
    const n = v as Node;
    if (n.type === 'select' || n.type === 'compound' || n.type === 'with') return;
    if (n.type === 'identifier' && match(n as unknown as Identifier)) { found = n as unknown as Identifier; return; }
    for (const [k, x] of Object.entries(n)) if (k !== 'subquery') walk(x);
  };
  for (const c of s.columns) if (c.type === 'derived') walk(c.expr); else if (c.type === 'star') walk(c);
  walk(s.where); walk(s.groupBy); walk(s.having); walk(s.orderBy.map((o) => o.expr));
  for (const j of s.joins) walk(j.on);
  return found;
}

/** `statement` with each node of `by` replaced by its value. */
function replaceNodes(statement: Statement, by: ReadonlyMap<unknown, unknown>): Statement {
  const walk = (v: unknown): unknown => {
    if (by.has(v)) return walk(by.get(v));
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    const out: Node = {};
    for (const [k, x] of Object.entries(v as Node)) out[k] = walk(x);
    return out;
  };
  return walk(statement) as Statement;
}


/**
 * `statement` with every set operation inside it (a subquery, a CTE body — not the one on top, which
 * {@link positionalArms} handles) naming each arm's columns after the first arm's, as Spark names the result
 * (SQL reference, "Set Operators": by position, the first arm's names); squirreling pairs arms by name and wants
 * them identical. Arms with a star, or a nested ORDER BY/LIMIT, are left as they are.
 */
function nestedSetNames(engine: Engine, statement: Statement): Statement {
  const onTop = new Set<unknown>();
  const mark = (s: unknown): void => { const n = s as Node; if (n?.type === 'compound') { onTop.add(n); mark(n.left); mark(n.right); } };
  mark(statement.type === 'with' ? statement.query : statement);
  const namesOfArm = (a: SelectStatement) => a.columns.map((c) => (c.type === 'derived' ? c.alias ?? engine.derivedAlias(c.expr) : ''));
  const rename = (c: Compound): Compound | undefined => {
    const arms: SelectStatement[] = [];
    const flatten = (s: Statement): boolean => (s.type === 'select' ? (arms.push(s), !s.columns.some((x) => x.type === 'star'))
      : s.type === 'compound' && (s === c || (s.orderBy.length === 0 && s.limit === undefined && s.offset === undefined)) && flatten(s.left) && flatten(s.right));
    if (!flatten(c) || arms.some((a) => a.columns.length !== arms[0]!.columns.length)) return undefined;
    const names = namesOfArm(arms[0]!);
    const rebuild = (s: Statement): Statement => (s.type === 'select'
      ? { ...s, columns: s.columns.map((col, k) => (col.type === 'derived' && namesOfArm(s)[k] !== names[k] ? { ...col, alias: names[k] } : col)) }
      : s.type === 'compound' ? { ...s, left: rebuild(s.left), right: rebuild(s.right) } : s);
    return rebuild(c) as Compound;
  };
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    const n = (v as Node).type === 'compound' && !onTop.has(v) ? rename(v as Compound) ?? v : v;
    const out: Node = {};
    for (const [k, x] of Object.entries(n as Node)) out[k] = walk(x);
    return out;
  };
  return walk(statement) as Statement;
}

/**
 * A set operation whose arms repeat a name or name their columns differently (`SELECT a.id, b.id … UNION ALL
 * SELECT …`, `SELECT n … UNION ALL SELECT big …`): Spark pairs the arms' columns by position and names the
 * result after the first arm (SQL reference, "Set Operators"); squirreling pairs them by name and wants the
 * names identical. Every arm's column k is given the internal alias k, ORDER BY names of the first arm become
 * theirs, and the result shows the first arm's names. Undefined when nothing needs it or an arm is not a plain
 * select list (a star, a nested ORDER BY/LIMIT); refused when ORDER BY names a repeated column (ambiguous).
 */
function positionalArms(engine: Engine, top: Compound): { statement: Compound; arms: SelectStatement[]; names: string[] } | { refused: NonNullable<OutputColumns['refused']> } | undefined {
  const arms: SelectStatement[] = [];
  const flatten = (s: Statement): boolean => {
    if (s.type === 'select') { arms.push(s); return !s.columns.some((c) => c.type === 'star'); }
    return s.type === 'compound' && (s === top || (s.orderBy.length === 0 && s.limit === undefined && s.offset === undefined)) && flatten(s.left) && flatten(s.right);
  };
  if (!flatten(top)) return undefined;
  const namesOfArm = (a: SelectStatement) => a.columns.map((c) => (c.type === 'derived' ? c.alias ?? engine.derivedAlias(c.expr) : ''));
  const names = namesOfArm(arms[0]!);
  const differ = arms.some((a) => { const n = namesOfArm(a); return n.length !== names.length || n.some((x, k) => x !== names[k]); });
  if (!differ && firstRepeat(names) === undefined) return undefined;
  if (arms.some((a) => a.columns.length !== names.length)) return undefined;
  const repeated = new Set(names.filter((n, k) => names.indexOf(n) !== k));
  let refused: NonNullable<OutputColumns['refused']> | undefined;
  // ORDER BY of the set operation names the first arm's columns (an ordinal stays as it is).
  const rename = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(rename);
    if (!v || typeof v !== 'object') return v;
    const n = v as Node;
    if (n.type === 'identifier' && n.prefix === undefined && typeof n.name === 'string') {
      if (repeated.has(n.name) && !refused) {
        const ref = errorRef('error.sql.ambiguousColumn', { name: n.name, candidates: names.filter((x) => x === n.name).map((x, k) => `${x} (${k + 1})`).join(', ') });
        refused = { reason: errorText(ref), ref, positionStart: n.positionStart as number, positionEnd: n.positionEnd as number };
      }
      const k = names.indexOf(n.name);
      return k >= 0 ? { ...n, name: internalAlias(k) } : n;
    }
    const out: Node = {};
    for (const [key, x] of Object.entries(n)) out[key] = rename(x);
    return out;
  };
  // squirreling reads `ORDER BY 2` as a copy of an arm's column 2 (the same node place): that column, by position.
  const ordinal = (e: unknown): Node | undefined => {
    const n = e as Node;
    for (const a of arms) {
      const k = a.columns.findIndex((c) => c.type === 'derived' && c.expr.positionStart === n.positionStart && c.expr.positionEnd === n.positionEnd);
      if (k >= 0) return { type: 'identifier', name: internalAlias(k), positionStart: n.positionStart, positionEnd: n.positionEnd };
    }
    return undefined;
  };
  const rebuild = (s: Statement): Statement => {
    if (s.type === 'select') return { ...s, columns: s.columns.map((c, k) => (c.type === 'derived' ? { ...c, alias: internalAlias(k) } : c)) };
    if (s.type !== 'compound') return s;
    return { ...s, left: rebuild(s.left), right: rebuild(s.right), ...(s === top ? { orderBy: top.orderBy.map((o) => ({ ...o, expr: (ordinal(o.expr) ?? rename(o.expr)) as typeof o.expr })) } : {}) };
  };
  const statement = rebuild(top) as Compound;
  return refused ? { refused } : { statement, arms, names };
}

/**
 * Every select whose columns a query around it reads by name: CTE bodies, FROM subqueries, set-operation arms —
 * not the outermost one, nor the select of an EXISTS, IN or scalar subquery (EXISTS reads no column, the others
 * one by position), though selects inside those count.
 */
function innerSelects(statement: Statement, top: Statement): SelectStatement[] {
  const out: SelectStatement[] = [];
  const exempt = new Set<unknown>([top]);
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) { v.forEach(walk); return; }
    if (!v || typeof v !== 'object') return;
    const n = v as Node;
    const sub = n.subquery as Node | undefined;
    if (sub && typeof sub === 'object') exempt.add(sub.type === 'with' ? sub.query : sub);
    if (n.type === 'select' && !exempt.has(v)) out.push(v as SelectStatement);
    for (const x of Object.values(n)) walk(x);
  };
  walk(statement);
  return out;
}

/** Every select of the statement, subqueries included. */
function allSelects(statement: Statement): SelectStatement[] {
  const out: SelectStatement[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) { v.forEach(walk); return; }
    if (!v || typeof v !== 'object') return;
    if ((v as Node).type === 'select') out.push(v as SelectStatement);
    for (const x of Object.values(v as Node)) walk(x);
  };
  walk(statement);
  return out;
}

type Identifier = { type: 'identifier'; name: string; prefix?: string; positionStart: number; positionEnd: number };

/**
 * The first unqualified column of select `s` that two or more tables of its FROM and JOINs have (Spark SQL:
 * AMBIGUOUS_REFERENCE), with the qualified names it could be. An ORDER BY name matching exactly one output column
 * is that column (Spark resolves ORDER BY against the select list first). Sides whose columns are unknown here
 * (subqueries, table functions) count for nothing, so this never refuses what Spark answers.
 */
function ambiguousReference(s: SelectStatement, tables: Record<string, AsyncDataSource>): { name: string; candidates: string[]; node: Identifier } | undefined {
  if (s.joins.length === 0) return undefined;
  const sides: { alias: string; columns: readonly string[] }[] = [];
  if (s.from.type === 'table') sides.push({ alias: s.from.alias ?? s.from.table, columns: tables[s.from.table]?.columns ?? [] });
  for (const j of s.joins) if (!j.fromFunction) sides.push({ alias: j.alias ?? j.table, columns: tables[j.table]?.columns ?? [] });
  const candidates = (name: string) => sides.filter((d) => d.columns.some((c) => c.toLowerCase() === name.toLowerCase())).map((d) => `${d.alias}.${name}`);
  const outputs = s.columns.map((c) => (c.type === 'derived' ? (c.alias ?? (c.expr.type === 'identifier' ? c.expr.name : undefined)) : undefined));
  let found: { name: string; candidates: string[]; node: Identifier } | undefined;
  const walk = (v: unknown, orderBy: boolean): void => {
    if (found || !v || typeof v !== 'object') return;
    if (Array.isArray(v)) { v.forEach((x) => walk(x, orderBy)); return; }
    const n = v as Node;
    // A nested query has its own FROM (allSelects visits it).
    if (n.type === 'select' || n.type === 'compound' || n.type === 'with') return;
    if (n.type === 'identifier' && n.prefix === undefined) {
      const id = n as unknown as Identifier;
      const named = outputs.filter((o) => o !== undefined && o.toLowerCase() === id.name.toLowerCase()).length;
      if (orderBy && named === 1) return;
      const c = candidates(id.name);
      if (c.length >= 2) found = { name: id.name, candidates: c, node: id };
      return;
    }
    for (const [k, x] of Object.entries(n)) if (k !== 'subquery') walk(x, orderBy);
  };
  for (const c of s.columns) if (c.type === 'derived') walk(c.expr, false);
  walk(s.where, false);
  for (const j of s.joins) walk(j.on, false);
  walk(s.groupBy, false);
  walk(s.having, false);
  for (const o of s.orderBy) walk(o.expr, true);
  return found;
}
