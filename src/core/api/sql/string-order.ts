/**
 * String order in SQL: Spark compares STRING values as UTF-8 bytes (UTF8String.binaryCompare), which is
 * Unicode code-point order, the order of Iceberg, Parquet and Delta string statistics too (core/expr/compare.ts).
 * JavaScript's `<` compares UTF-16 code units, which puts a supplementary character (a surrogate pair, e.g.
 * U+1F600) below U+E000–U+FFFF (e.g. full-width 'Ａ' U+FF21); Spark puts it above. The two orders differ only
 * where a surrogate meets a code unit ≥ U+E000, so a string with no code unit ≥ U+D800 compares alike in both
 * (the fast paths below).
 *
 * The columnar executor compares with {@link compareSqlStrings}; the squirreling fallback, which sorts and
 * takes MIN/MAX/GREATEST/LEAST with JS `<`, gets an order key instead (`__LS3_SKEY`, {@link codePointKey}): a
 * string of the same length whose UTF-16 order is the original's code-point order, turned back by
 * `__LS3_UNSKEY` where the value itself is the answer (MIN/MAX/GREATEST/LEAST).
 */
import type { Statement, UserDefinedFunction } from 'squirreling';
import { compareStrings } from '../../expr/compare.ts';

/** Any code unit from U+D800 up: only such a string may order differently by code point. */
const HIGH_UNIT = /[\uD800-\uFFFF]/;

/** Negative, zero or positive as `a` sorts before, equal to or after `b` in code-point (Spark's) order. */
export function compareSqlStrings(a: string, b: string): number {
  if (a === b) return 0;
  return compareStrings(a, b);
}

/**
 * A string whose UTF-16 order is `s`'s code-point order: code units below U+D800 stay, U+E000–U+FFFF move
 * down to U+D800–U+F7FF and surrogates up to U+F800–U+FFFF (above every BMP character, as the code points
 * they encode are). One unit for one unit, so the map is order-preserving within each class and invertible.
 */
export function codePointKey(s: string): string {
  if (!HIGH_UNIT.test(s)) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += String.fromCharCode(c < 0xd800 ? c : c >= 0xe000 ? c - 0x800 : c + 0x2000);
  }
  return out;
}

/** The string a {@link codePointKey} was made from. */
export function stringOfKey(k: string): string {
  if (!HIGH_UNIT.test(k)) return k;
  let out = '';
  for (let i = 0; i < k.length; i++) {
    const c = k.charCodeAt(i);
    out += String.fromCharCode(c < 0xd800 ? c : c < 0xf800 ? c + 0x800 : c - 0x2000);
  }
  return out;
}

/** `v`'s order key when it is a string (any other value is its own key). */
export const sqlOrderKey = (v: unknown): unknown => (typeof v === 'string' ? codePointKey(v) : v);

/** The functions the rewrite below calls (names no user query can reach: parse rejects unknown names). */
export const STRING_ORDER_FUNCTIONS: Record<string, UserDefinedFunction> = {
  // (A second argument only tells ORDER BY terms apart: squirreling's sort caches a term's value in the row under
  // the term's derived name, which drops a column's qualifier, so `a.x` and `b.x` would share one.)
  __LS3_SKEY: { apply: (v) => sqlOrderKey(v) as never, arguments: { min: 1, max: 2 } },
  __LS3_UNSKEY: { apply: (k) => (typeof k === 'string' ? stringOfKey(k) : k) as never, arguments: { min: 1, max: 1 } },
};

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Typed terms already sort by a key of their own (sql-typed-rewrite.ts). */
const KEYED = new Set(['__LS3_KEY', '__LS3_DKEY', '__LS3_SKEY']);
const isKeyed = (n: unknown) => isNode(n) && n.type === 'function' && KEYED.has(String(n.funcName));

/**
 * Rewrites a parsed statement (a copy; the last rewrite before it runs, so output names are final) so that
 * squirreling orders strings by code point: every ORDER BY term (of a select, a set operation, a window)
 * sorts by `__LS3_SKEY(term)`; MIN/MAX and GREATEST/LEAST pick over keys and turn the winner back. An
 * output column rewritten so keeps the name squirreling would have given it (`derivedAlias`). Comparisons
 * are not here: sql-3vl.ts turns `<`, `<=`, `>`, `>=` into calls of applyBinaryOp, which compares by code point.
 */
export function rewriteStringOrder(statement: Statement, derivedAlias: (expr: unknown) => string): { statement: Statement; rewritten: number } {
  let rewritten = 0;
  const call = (n: Node, funcName: string, args: unknown[], extra: Node = {}): Node => ({ type: 'function', funcName, args, ...extra, positionStart: n.positionStart, positionEnd: n.positionEnd });
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isNode(v)) return v;
    if (v.type === 'function' && Array.isArray(v.args)) {
      const name = String(v.funcName).toUpperCase();
      const args = v.args as unknown[];
      const pickOne = (name === 'MIN' || name === 'MAX') && args.length === 1 && isNode(args[0]) && args[0].type !== 'star' && !isKeyed(args[0]);
      const pickAmong = (name === 'GREATEST' || name === 'LEAST') && args.length > 0;
      if (pickOne || pickAmong) {
        rewritten++;
        const { positionStart: _s, positionEnd: _e, ...rest } = v;
        const inner = { ...rest, args: args.map((a) => (isNode(a) ? call(a, '__LS3_SKEY', [walk(a)]) : a)), ...(v.filter ? { filter: walk(v.filter) } : {}), positionStart: v.positionStart, positionEnd: v.positionEnd };
        return call(v, '__LS3_UNSKEY', [inner]);
      }
    }
    const out: Node = {};
    for (const [k, x] of Object.entries(v)) {
      if (v.type === 'select' && k === 'columns' && Array.isArray(x)) {
        out.columns = (x as Node[]).map((col) => {
          const before = rewritten;
          const now = walk(col) as Node;
          return col.type === 'derived' && col.alias === undefined && rewritten !== before ? { ...now, alias: derivedAlias(col.expr) } : now;
        });
      } else if (k === 'orderBy' && Array.isArray(x) && (v.type === 'select' || v.type === 'compound' || v.type === 'window')) {
        out.orderBy = (x as Node[]).map((term, k) => {
          if (isKeyed(term.expr)) return walk(term);
          rewritten++;
          const e = term.expr as Node;
          return { ...term, expr: call(e, '__LS3_SKEY', [walk(e), { type: 'literal', value: `${String(e.positionStart)}_${k}`, positionStart: e.positionStart, positionEnd: e.positionEnd }]) };
        });
      } else out[k] = walk(x);
    }
    return out;
  };
  return { statement: walk(statement) as Statement, rewritten };
}
