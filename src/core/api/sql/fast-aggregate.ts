/**
 * GROUP BY and whole-table aggregates over column batches (the columnar executor, issue 16 follow-up):
 * one hash lookup per row keyed on the group columns' values, running accumulators per group —
 * COUNT(*), COUNT(x), COUNT(DISTINCT x), SUM, AVG, MIN, MAX, each with FILTER — and, per group, the
 * first row's values of the columns the output reads outside aggregates. No row is kept.
 *
 * Values are squirreling 0.12's (execute/aggregates.js, expression/evaluate.js): SUM/AVG add Number()
 * of each non-null value that is finite, in scan order (so float sums round the same); MIN/MAX compare
 * the raw values with `<`/`>`, except where SQL differs: SUM/AVG of integers (numbers and bigints) add
 * exactly in a bigint (SUM is a number while safe, a bigint beyond 2^53, as 64-bit values are);
 * DISTINCT is honoured by SUM, AVG, MIN, MAX (squirreling ignores it); MIN/MAX order decimal texts
 * numerically; an empty whole-table aggregate gives COUNT 0 and NULL for the others. Non-aggregate
 * output reads the group's first row; HAVING and the grouped ORDER BY also see the output aliases.
 */
import type { ExprNode } from 'squirreling';
import { compileExpr, fallback, stringify, valueKey, type Compiled, type OrderByItem, type Scope, type SelectColumn } from './arrow-eval.ts';
import { derivedAlias, sortByTerms } from './fast-sort.ts';
import { checkInt64, ratioToDouble, type At } from './exact-numeric.ts';
import { compareDoubles, isOrderedType, keyOf, parseDecimal, type SqlType } from './sql-types.ts';
import { decimalAvgValue, decimalSumValue } from './decimal-aggregates.ts';
import { compareSqlStrings } from './string-order.ts';
import { keyed, staticType, type TypeOf } from './typed-eval.ts';

type FunctionNode = Extract<ExprNode, { type: 'function' }>;

/** The row the executor is at: batch columns and index. */
export interface RowCursor { arrays: Readonly<Record<string, readonly unknown[]>>; i: number }

/** squirreling's keyify of one value (COUNT DISTINCT's set key). */
const keyify = (v: unknown) => (typeof v === 'object' ? stringify(v) : v);

interface Accumulator {
  readonly fn: string;
  add(g: number): void;
  result(g: number): unknown;
}

/* eslint-disable eqeqeq -- null and undefined are both SQL NULL, as in squirreling */
function accumulator(node: FunctionNode, rowScope: Scope): Accumulator {
  const fn = node.funcName.toUpperCase();
  const filter = node.filter ? compileExpr(node.filter, rowScope) : undefined;
  const star = node.args.length === 1 && node.args[0]!.type === 'star';
  if (fn === 'COUNT') {
    const counts: number[] = [];
    if (star) return { fn, add: (g) => { if (!filter || filter()) counts[g] = (counts[g] ?? 0) + 1; }, result: (g) => counts[g] ?? 0 };
    const arg = compileExpr(node.args[0]!, rowScope);
    if (node.distinct) {
      const sets: Set<unknown>[] = [];
      return {
        fn,
        add: (g) => { if (filter && !filter()) return; const v = arg(); if (v != null) (sets[g] ??= new Set()).add(keyify(v)); },
        result: (g) => sets[g]?.size ?? 0,
      };
    }
    return { fn, add: (g) => { if (filter && !filter()) return; if (arg() != null) counts[g] = (counts[g] ?? 0) + 1; }, result: (g) => counts[g] ?? 0 };
  }
  if (fn !== 'SUM' && fn !== 'AVG' && fn !== 'MIN' && fn !== 'MAX') throw fallback('ui.query.reason.aggregate', { fn });
  if (node.args.length !== 1 || star) throw fallback('ui.query.reason.arguments', { fn });
  const arg = compileExpr(node.args[0]!, rowScope);
  // DISTINCT: each group sees a value once (keyed as GROUP BY keys values); squirreling ignores it here.
  const seen: Set<string>[] | undefined = node.distinct ? [] : undefined;
  const value = (g: number): unknown => {
    if (filter && !filter()) return null;
    const raw = arg();
    if (raw == null || !seen) return raw;
    const set = (seen[g] ??= new Set());
    const k = valueKey(raw);
    if (set.has(k)) return null;
    set.add(k);
    return raw;
  };
  const type = staticType(node.args[0]!, rowScope.typeOf, rowScope.text);
  if (fn === 'MIN' || fn === 'MAX') {
    const best: unknown[] = [];
    const sign = fn === 'MIN' ? -1 : 1;
    if (isOrderedType(type)) {
      // Decimals, dates, timestamps: the extreme by value (keys), the value as read.
      const keys: unknown[] = [];
      return {
        fn,
        add: (g) => {
          const v = value(g);
          if (v == null) return;
          const k = keyOf(type, v) ?? null;
          const b = keys[g];
          if (b === undefined || (k !== null && b !== null && (k < (b as bigint) ? -1 : k > (b as bigint) ? 1 : 0) * sign > 0)) { keys[g] = k; best[g] = v; }
        },
        result: (g) => best[g] ?? null,
      };
    }
    return {
      fn,
      add: (g) => { const v = value(g); if (v == null) return; const b = best[g]; if (b === undefined || compareValues(v, b) * sign > 0) best[g] = v; },
      result: (g) => best[g] ?? null,
    };
  }
  // SUM/AVG of a date or timestamp is no SQL value; the fallback refuses it at its place (sql-typed-guard.ts).
  if (type?.kind === 'date' || type?.kind === 'timestamp') throw fallback('ui.query.reason.aggregateOfType', { fn, type: type.kind });
  if (type?.kind === 'decimal') return decimalAccumulator(fn, type, value, node, rowScope.text);
  // Integers (numbers that are integers, bigints) add exactly in a bigint; the first fractional or
  // non-numeric value switches the group to a float sum of Number() of each value, as squirreling adds.
  const ints: bigint[] = [];
  const floats: (number | undefined)[] = [];
  const counts: number[] = [];
  // A DOUBLE or FLOAT column sums as doubles in scan order (Spark's Sum of a fractional type is a DOUBLE), a
  // FLOAT widened first (its shortest text's double is not its value), even where its values are integers.
  const widen = type?.kind === 'double' ? (type.float ? Math.fround : Number) : undefined;
  const add = (g: number) => {
    const raw = value(g);
    if (raw == null) return;
    let f = floats[g];
    if (f === undefined && !widen && (typeof raw === 'bigint' || Number.isSafeInteger(raw))) {
      ints[g] = (ints[g] ?? 0n) + BigInt(raw as number | bigint);
    } else {
      const num = widen ? widen(Number(raw)) : Number(raw);
      // squirreling skips a non-finite addend; a DOUBLE or FLOAT column's NaN or ±Infinity is a value (Spark's
      // Sum adds it: NaN, or ±Infinity, is the answer).
      if (!widen && !Number.isFinite(num)) return;
      if (f === undefined) f = Number(ints[g] ?? 0n);
      floats[g] = f + num;
    }
    counts[g] = (counts[g] ?? 0) + 1;
  };
  const result = (g: number): unknown => {
    const n = counts[g] ?? 0;
    if (n === 0) return null;
    const f = floats[g];
    // AVG of integers: the double nearest the exact quotient, even past 2^53 (exact-numeric.ts).
    if (fn === 'AVG') return f !== undefined ? f / n : ratioToDouble(ints[g]!, BigInt(n));
    if (f !== undefined) return f;
    // An exact integer sum: a number while it is a safe integer, else a bigint (as 64-bit values are).
    const sum = ints[g]!;
    // SUM of a 64-bit column is a 64-bit value (Trino, Spark ANSI): past it an error, not a wider number.
    if (type?.kind === 'long' && (sum > INT64_MAX || sum < -INT64_MAX - 1n)) checkInt64(sum, node, rowScope.text);
    return sum >= -MAX_SAFE && sum <= MAX_SAFE ? Number(sum) : sum;
  };
  return { fn, add, result };
}

/**
 * SUM/AVG of a decimal(p,s) column, exact: the unscaled values add in a bigint; the result is Spark's, of
 * Spark's type, an overflow of it an error (decimal-aggregates.ts).
 */
function decimalAccumulator(fn: string, type: Extract<SqlType, { kind: 'decimal' }>, value: (g: number) => unknown, at: At, text: string | undefined): Accumulator {
  const scale = type.scale;
  const sums: bigint[] = [];
  const counts: bigint[] = [];
  return {
    fn,
    add: (g) => {
      const raw = value(g);
      if (raw == null) return;
      const d = parseDecimal(raw);
      if (!d) return;
      sums[g] = (sums[g] ?? 0n) + (d.s <= scale ? d.u * 10n ** BigInt(scale - d.s) : d.u / 10n ** BigInt(d.s - scale));
      counts[g] = (counts[g] ?? 0n) + 1n;
    },
    result: (g) => {
      const n = counts[g];
      if (!n) return null;
      return fn === 'SUM' ? decimalSumValue(sums[g]!, type, at, text) : decimalAvgValue(sums[g]!, n, type, at, text);
    },
  };
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const INT64_MAX = 2n ** 63n - 1n;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Exact order of two decimal texts (the canonical form of decimals): sign, integer digits, fraction. */
export function compareDecimalText(a: string, b: string): number {
  const na = a.startsWith('-');
  const nb = b.startsWith('-');
  if (na !== nb) return na ? -1 : 1;
  const [ia = '', fa = ''] = (na ? a.slice(1) : a).split('.');
  const [ib = '', fb = ''] = (nb ? b.slice(1) : b).split('.');
  const i1 = ia.replace(/^0+(?=\d)/, '');
  const i2 = ib.replace(/^0+(?=\d)/, '');
  const w = Math.max(fa.length, fb.length);
  let c = i1.length !== i2.length ? i1.length - i2.length : i1 < i2 ? -1 : i1 > i2 ? 1 : 0;
  if (c === 0) { const x = fa.padEnd(w, '0'); const y = fb.padEnd(w, '0'); c = x < y ? -1 : x > y ? 1 : 0; }
  return Math.sign(c) * (na ? -1 : 1);
}

/**
 * MIN/MAX order: decimal texts (both sides with a fraction point, as the canonical form writes decimals)
 * numerically and exactly, not as text ('10.5' > '9.5'); numbers and bigints by value (numbers in Spark's
 * order of doubles, NaN last); strings by code point; else JS `<`.
 */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string' && a.includes('.') && b.includes('.') && DECIMAL.test(a) && DECIMAL.test(b)) return compareDecimalText(a, b);
  // A double's NaN is above every value, +Infinity included (Spark SQL reference, "NaN Semantics"; JS `<` says false).
  if (typeof a === 'number' && typeof b === 'number') return compareDoubles(a, b);
  // Two strings by code point, Spark's UTF-8 order (string-order.ts).
  if (typeof a === 'string' && typeof b === 'string') return compareSqlStrings(a, b);
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}
/* eslint-enable eqeqeq */

export interface AggregateSpec {
  readonly groupBy: readonly ExprNode[];
  readonly columns: readonly SelectColumn[];
  readonly having?: ExprNode;
  readonly orderBy?: readonly OrderByItem[];
  /** Columns of the scan's rows (what an identifier may name). */
  readonly scanColumns: readonly string[];
}

/**
 * A compiled aggregation: feed it rows (set the cursor, call `addRow`), then take `results()`.
 * Throws FastFallback at compile time for anything squirreling alone runs.
 */
export function compileAggregate(spec: AggregateSpec, cursor: RowCursor, resolveColumn: (node: Extract<ExprNode, { type: 'identifier' }>, columns: readonly string[]) => string | undefined, typeOf?: TypeOf, text?: string) {
  const rowScope: Scope = {
    identifier: (node) => {
      const c = resolveColumn(node, spec.scanColumns);
      return c === undefined ? undefined : () => cursor.arrays[c]![cursor.i];
    },
    ...(typeOf ? { typeOf } : {}),
    ...(text !== undefined ? { text } : {}),
  };
  const accs: Accumulator[] = [];
  const accByNode = new Map<string, number>();
  const firstCols: string[] = [];
  const group = { g: 0, empty: false };
  let firstValues: unknown[][] = [];
  const firstGetter = (c: string): Compiled => {
    let j = firstCols.indexOf(c);
    if (j < 0) j = firstCols.push(c) - 1;
    // squirreling reads these off group[0]; an empty whole-table group has none and fails there.
    return () => { if (group.empty) throw fallback('ui.query.reason.emptyGroup', undefined); return firstValues[group.g]![j]; };
  };
  const aggregate = (node: FunctionNode): Compiled => {
    const key = JSON.stringify(node, (k, v: unknown) => (k === 'positionStart' || k === 'positionEnd' ? undefined : typeof v === 'bigint' ? `${v}n` : v));
    let k = accByNode.get(key);
    if (k === undefined) { k = accs.push(accumulator(node, rowScope)) - 1; accByNode.set(key, k); }
    const acc = accs[k]!;
    return () => acc.result(group.g);
  };
  const selectScope: Scope = {
    identifier: (node) => { const c = resolveColumn(node, spec.scanColumns); return c === undefined ? undefined : firstGetter(c); },
    aggregate,
    ...(typeOf ? { typeOf } : {}),
    ...(text !== undefined ? { text } : {}),
  };
  const names: string[] = [];
  const outputs = new Map<string, Compiled>();
  const outputExprs = new Map<string, ExprNode>();
  // Each output position keeps its own expression (Spark keeps both of two same-named columns); the name map
  // (HAVING and ORDER BY by alias) lets a later column of the same name win, as in the engine's cells.
  const cols: Compiled[] = [];
  for (const col of spec.columns) {
    if (col.type !== 'derived') throw fallback('ui.query.reason.starInAggregate', undefined);
    const name = col.alias ?? derivedAlias(col.expr);
    // A repeated output name: ORDER BY/HAVING by that name is ambiguous, squirreling runs it after output-columns.ts.
    if (names.includes(name)) throw fallback('ui.query.reason.repeatedName', { name });
    names.push(name);
    outputExprs.set(name, col.expr);
    const compiled = compileExpr(col.expr, selectScope);
    cols.push(compiled);
    outputs.set(name, compiled);
  }
  // HAVING and the grouped ORDER BY evaluate on the first row's cells overlaid with the output aliases.
  const isOutput = (node: Extract<ExprNode, { type: 'identifier' }>) => outputs.has(node.name) && (node.prefix === undefined || !spec.scanColumns.some((c) => c === node.prefix || c.startsWith(`${node.prefix}.`)));
  const contextScope: Scope = {
    identifier: (node) => (isOutput(node) ? outputs.get(node.name) : selectScope.identifier(node)),
    aggregate,
    ...(typeOf ? { typeOf: (node) => (isOutput(node) ? staticType(outputExprs.get(node.name)!, typeOf, text) : typeOf(node)) } : {}),
    ...(text !== undefined ? { text } : {}),
  };
  const having = spec.having ? compileExpr(spec.having, contextScope) : undefined;
  // Decimal, date and timestamp terms and keys order and group by value (10.5 and 10.50 are one group).
  const order = (spec.orderBy ?? []).map((t) => keyed(staticType(t.expr, contextScope.typeOf, text), compileExpr(t.expr, contextScope)));
  const keyExprs = spec.groupBy.map((e) => keyed(staticType(e, typeOf, text), compileExpr(e, rowScope)));
  const scalar = keyExprs.length === 0;

  const ids = new Map<unknown, number>();
  let count = 0;
  const newGroup = (): number => {
    const g = count++;
    const first: unknown[] = new Array(firstCols.length);
    for (let j = 0; j < firstCols.length; j++) first[j] = cursor.arrays[firstCols[j]!]![cursor.i];
    firstValues[g] = first;
    return g;
  };
  const single = keyExprs[0];
  const keyOf: () => unknown = scalar ? () => 0
    : keyExprs.length === 1 ? () => { const v = single!(); return v === null || v === undefined || typeof v === 'object' ? valueKey(v) : typeof v === 'string' ? `s${v}` : v; }
      : () => { let k = ''; for (const e of keyExprs) k += valueKey(e()); return k; };

  return {
    names,
    /** Adds the cursor's row to its group. */
    addRow(): void {
      const key = keyOf();
      let g = ids.get(key);
      if (g === undefined) { g = newGroup(); ids.set(key, g); }
      for (const a of accs) a.add(g);
    },
    /** The output rows, after HAVING and ORDER BY (values in `names` order). */
    results(): unknown[][] {
      const groups: number[] = [];
      if (scalar && count === 0) { group.empty = true; firstValues = [[]]; count = 1; }
      for (let g = 0; g < count; g++) {
        group.g = g;
        if (having && !having()) continue;
        groups.push(g);
      }
      const sorted = order.length === 0 ? groups : sortByTerms(groups.length, spec.orderBy!, (t, idx) => { group.g = groups[idx]!; return order[t]!(); }).map((idx) => groups[idx]!);
      return sorted.map((g) => { group.g = g; return cols.map((c) => c()); });
    },
  };
}
