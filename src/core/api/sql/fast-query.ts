/**
 * The columnar executor (issue 16 follow-up): runs squirreling's plan of a query over ONE relation —
 * projection, WHERE, GROUP BY with COUNT/COUNT(DISTINCT)/SUM/AVG/MIN/MAX, HAVING, ORDER BY, DISTINCT,
 * LIMIT/OFFSET — directly over column batches (arrow-columns.ts) with compiled synchronous expressions
 * (arrow-eval.ts): no promise per cell, no row object before the result. squirreling still parses and
 * plans every query; {@link compileFastQuery} accepts a plan only when each node and expression is one
 * it evaluates exactly as squirreling does, and throws {@link FastFallback} otherwise (joins, subqueries,
 * CTEs, set operations, window functions, functions it does not know) — then squirreling runs it.
 */
import type { ExprNode, QueryPlan, ScanOptions } from 'squirreling';
import { abortError } from '../../errors.ts';
import type { ColumnBatch } from './arrow-columns.ts';
import { compileExpr, fallback, valueKey, type Compiled, type OrderByItem, type Scope, type SelectColumn } from './arrow-eval.ts';
import { compileAggregate, type RowCursor } from './fast-aggregate.ts';
import { derivedAlias, sortByTerms } from './fast-sort.ts';
import type { ColumnTypes } from './sql-types.ts';
import { keyed, staticType, type TypeOf } from './typed-eval.ts';

/** A relation as the columnar executor reads it. */
export interface FastSource {
  readonly columns: readonly string[];
  /** Types of the columns compared by value, not by their canonical text (sql-types.ts). */
  readonly types?: ColumnTypes;
  /** The scan's rows as column batches holding (at least) `hints.columns`, all columns when absent. */
  batches(hints: ScanOptions): AsyncIterable<ColumnBatch>;
}

export interface FastQuery {
  readonly columns: readonly string[];
  /** Result rows, values in `columns` order; stop early by returning from the iteration. */
  rows(): AsyncGenerator<unknown[]>;
}

type Identifier = Extract<ExprNode, { type: 'identifier' }>;

/**
 * The scan column an identifier reads, as squirreling's evaluator finds it among a plain scan's cells
 * (evaluate.js): exact name, else the unique-by-order `….name` suffix; `prefix.name` reads `name` when no
 * column could make the prefix a struct or a qualified column name. Undefined when unsure.
 */
export function resolveColumn(node: Identifier, columns: readonly string[]): string | undefined {
  if (node.prefix !== undefined) {
    const p = node.prefix;
    if (columns.some((c) => c === `${p}.${node.name}` || c.startsWith(`${p}.`) || c === p || c.endsWith(`.${p}`))) return undefined;
    return columns.includes(node.name) ? node.name : undefined;
  }
  if (columns.includes(node.name)) return node.name;
  return columns.find((c) => c.endsWith(`.${node.name}`));
}

/** Longest stretch without giving the event loop a turn (a worker must see its abort message). */
const YIELD_MS = 50;

interface Shape {
  limit?: { limit?: number; offset?: number };
  distinct: boolean;
  sort?: readonly OrderByItem[];
  project?: readonly SelectColumn[];
  aggregate?: Extract<QueryPlan, { type: 'HashAggregate' | 'ScalarAggregate' }>;
  count?: Extract<QueryPlan, { type: 'Count' }>;
  scan?: Extract<QueryPlan, { type: 'Scan' }>;
}

/** The plan's nodes, top down, when they are a shape this executor runs. */
function shapeOf(plan: QueryPlan): Shape {
  const s: Shape = { distinct: false };
  let node = plan;
  if (node.type === 'Limit') { s.limit = { ...(node.limit !== undefined ? { limit: node.limit } : {}), ...(node.offset ? { offset: node.offset } : {}) }; node = node.child; }
  if (node.type === 'Distinct') { s.distinct = true; node = node.child; }
  if (node.type === 'Count') { s.count = node; return s; }
  // A whole-table aggregate yields one row: its ORDER BY cannot reorder anything.
  if (node.type === 'Sort' && node.child.type === 'ScalarAggregate') node = node.child;
  if (node.type === 'HashAggregate' || node.type === 'ScalarAggregate') { s.aggregate = node; node = node.child; }
  else {
    if (node.type === 'Project') { s.project = node.columns; node = node.child; }
    if (node.type === 'Sort') { s.sort = node.orderBy; node = node.child; }
  }
  if (node.type !== 'Scan') throw fallback('ui.query.reason.step', { node: node.type });
  s.scan = node;
  return s;
}

/** squirreling's output names of a projection over `columns` (execute.js selectColumnNames). */
function projectNames(select: readonly SelectColumn[], columns: readonly string[]): { name: string; from: string | ExprNode }[] {
  const out: { name: string; from: string | ExprNode }[] = [];
  for (const col of select) {
    if (col.type === 'star') {
      const prefix = col.table ? `${col.table}.` : undefined;
      for (const key of columns) {
        if (prefix && !key.startsWith(prefix)) continue;
        const dot = key.indexOf('.');
        out.push({ name: dot >= 0 ? key.substring(dot + 1) : key, from: key });
      }
    } else out.push({ name: col.alias ?? derivedAlias(col.expr), from: col.expr });
  }
  return out;
}

/** Compiles the plan for the columnar executor; throws FastFallback when squirreling must run it. */
export function compileFastQuery(plan: QueryPlan, sources: Readonly<Record<string, FastSource>>, signal?: AbortSignal, text?: string): FastQuery {
  const shape = shapeOf(plan);
  const table = (shape.count?.table ?? shape.scan!.table).toLowerCase();
  const source = sources[table];
  if (!source) throw fallback('ui.query.reason.noRelation', { table });
  const cursor: RowCursor = { arrays: {}, i: 0 };

  if (shape.count) {
    const names = shape.count.columns.map((c) => c.alias ?? derivedAlias(c.expr));
    return {
      columns: names,
      async *rows() {
        let n = 0;
        for await (const b of scanBatches(source, { columns: [] }, signal)) n += b.length;
        yield* finish([names.map(() => n)], shape);
      },
    };
  }

  const hints = shape.scan!.hints;
  const scanColumns = hints.columns ?? source.columns;
  if (scanColumns.some((c) => !source.columns.includes(c))) throw fallback('ui.query.reason.columnLacking', undefined);
  const typeOf: TypeOf = (node) => { const c = resolveColumn(node, scanColumns); return c === undefined ? undefined : source.types?.get(c); };
  const rowScope: Scope = {
    identifier: (node) => { const c = resolveColumn(node, scanColumns); return c === undefined ? undefined : () => cursor.arrays[c]![cursor.i]; },
    typeOf,
    ...(text !== undefined ? { text } : {}),
  };
  const where = hints.where ? compileExpr(hints.where, rowScope) : undefined;
  const scanLimit = hints.limit;
  const scanOffset = hints.offset ?? 0;

  /** The scan's rows after WHERE and the scan's own LIMIT/OFFSET: calls `each` with the cursor set. */
  async function* scanRows(): AsyncGenerator<ColumnBatch> {
    let skipped = 0;
    let taken = 0;
    for await (const b of scanBatches(source, hints, signal)) {
      cursor.arrays = b.cols;
      const keep: number[] = [];
      for (let i = 0; i < b.length; i++) {
        cursor.i = i;
        if (where && !where()) continue;
        if (skipped < scanOffset) { skipped++; continue; }
        if (scanLimit !== undefined && taken >= scanLimit) break;
        taken++;
        keep.push(i);
      }
      if (keep.length === b.length) yield b;
      else if (keep.length > 0) yield { length: keep.length, cols: Object.fromEntries(Object.entries(b.cols).map(([k, v]) => [k, keep.map((i) => v[i])])) };
      if (scanLimit !== undefined && taken >= scanLimit) return;
    }
  }

  if (shape.aggregate) {
    const a = shape.aggregate;
    const agg = compileAggregate({
      groupBy: a.type === 'HashAggregate' ? a.groupBy : [], columns: a.columns, scanColumns,
      ...(a.having ? { having: a.having } : {}), ...(a.type === 'HashAggregate' && a.orderBy ? { orderBy: a.orderBy } : {}),
    }, cursor, resolveColumn, typeOf, text);
    return {
      columns: agg.names,
      async *rows() {
        for await (const b of scanRows()) {
          cursor.arrays = b.cols;
          for (let i = 0; i < b.length; i++) { cursor.i = i; agg.addRow(); }
        }
        yield* finish(agg.results(), shape);
      },
    };
  }

  const outputs = shape.project ? projectNames(shape.project, scanColumns) : scanColumns.map((c) => ({ name: c, from: c }));
  // One cell per output position: two outputs of one name (`SELECT id, x AS id`) keep their own values, where
  // squirreling's name-keyed cells let the last one win (Spark keeps both columns).
  const cells: Compiled[] = outputs.map(({ from }) => (typeof from === 'string' ? () => cursor.arrays[from]![cursor.i] : compileExpr(from, rowScope)));
  const names = outputs.map((o) => o.name);
  // The plan resolves ORDER BY through output names, so with a repeated name its term may be the wrong column
  // (`SELECT id, x AS id … ORDER BY 1` sorted by x): squirreling runs it after output-columns.ts renames them.
  if (names.some((n, k) => names.indexOf(n) !== k)) throw fallback('ui.query.reason.repeatedName', { name: names.find((n, k) => names.indexOf(n) !== k)! });
  const project = () => cells.map((c) => c());
  // Decimal, date and timestamp terms sort by value (their keys), not as canonical text.
  const sortTerms = shape.sort ? shape.sort.map((t) => keyed(staticType(t.expr, typeOf, text), compileExpr(t.expr, rowScope))) : undefined;

  return {
    columns: names,
    async *rows() {
      if (!sortTerms) {
        const stream = async function* () {
          for await (const b of scanRows()) {
            cursor.arrays = b.cols;
            for (let i = 0; i < b.length; i++) { cursor.i = i; yield project(); }
          }
        };
        yield* finish(stream(), shape);
        return;
      }
      // ORDER BY needs every row: keep the scan columns of the rows that passed, then sort their indices.
      const kept: Record<string, unknown[]> = Object.fromEntries(scanColumns.map((c) => [c, [] as unknown[]]));
      let n = 0;
      for await (const b of scanRows()) {
        for (const c of scanColumns) { const dst = kept[c]!; const src = b.cols[c]!; for (let i = 0; i < b.length; i++) dst.push(src[i]); }
        n += b.length;
      }
      cursor.arrays = kept;
      const order = sortByTerms(n, shape.sort!, (t, idx) => { cursor.i = idx; return sortTerms[t]!(); });
      yield* finish((function* () { for (const idx of order) { cursor.i = idx; yield project(); } })(), shape);
    },
  };
}

/** DISTINCT (first of each distinct row, keyed on every value) and LIMIT/OFFSET over the output rows. */
async function* finish(rows: Iterable<unknown[]> | AsyncIterable<unknown[]>, shape: Shape): AsyncGenerator<unknown[]> {
  const limit = shape.limit?.limit ?? Infinity;
  const offset = shape.limit?.offset ?? 0;
  if (limit <= 0) return;
  const seen = shape.distinct ? new Set<unknown>() : undefined;
  let skipped = 0;
  let yielded = 0;
  for await (const row of rows) {
    if (seen) {
      const key = row.length === 1 ? valueKey(row[0]) : row.map(valueKey).join('');
      if (seen.has(key)) continue;
      seen.add(key);
    }
    if (skipped < offset) { skipped++; continue; }
    yield row;
    if (++yielded >= limit) return;
  }
}

/** A source's batches with abort checks and a macrotask turn every {@link YIELD_MS}. */
async function* scanBatches(source: FastSource, hints: ScanOptions, signal?: AbortSignal): AsyncGenerator<ColumnBatch> {
  let turn = Date.now();
  for await (const b of source.batches(hints)) {
    if (signal?.aborted) throw abortError(signal, 'sql');
    yield b;
    if (Date.now() - turn > YIELD_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      turn = Date.now();
      if (signal?.aborted) throw abortError(signal, 'sql');
    }
  }
}
