/**
 * The scalar functions both SQL executors answer as Spark 4 does, in place of squirreling's own
 * (spark-strings.ts, spark-round.ts say how those differ). The columnar executor compiles them directly;
 * on the squirreling fallback a rewrite of the parsed AST calls them as user-defined functions, with the
 * call's place in the query as two leading arguments so an error points at it.
 */
import type { Statement, UserDefinedFunction } from 'squirreling';
import { messageError } from '../../message-error.ts';
import { sparkRound } from './spark-round.ts';
import { sparkInstr, sparkLeft, sparkLength, sparkLocate, sparkReplace, sparkRight, sparkSubstring, sparkTrim } from './spark-strings.ts';

/** Where a call sits in the engine's query, for errors. */
interface Place { readonly start: number; readonly end: number }

type Impl = (args: readonly unknown[], fn: string, place: Place) => unknown;

/** A string argument: text as is, a number or boolean as its text (Spark's implicit cast), NULL as null. */
function str(v: unknown, fn: string, place: Place): string | null {
  if (v == null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  throw messageError('DataInvalid', 'error.sql.fn.stringArg', { fn }, { engineStart: place.start, engineEnd: place.end });
}

/** An integer argument (a position, a length, a scale): an integer number or integer text; NULL as null. */
function int(v: unknown, fn: string, place: Place): number | null {
  if (v == null) return null;
  const n = typeof v === 'bigint' ? Number(v) : typeof v === 'string' && /^\s*[+-]?\d+\s*$/.test(v) ? Number(v) : v;
  if (typeof n === 'number' && Number.isInteger(n)) return n;
  throw messageError('DataInvalid', 'error.sql.fn.integerArg', { fn, value: String(v) }, { engineStart: place.start, engineEnd: place.end });
}

/** Applies `f` to the string and integer arguments when none is NULL (Spark: NULL in, NULL out). */
const strInts = (f: (s: string, ...n: number[]) => unknown): Impl => (args, fn, place) => {
  const s = str(args[0], fn, place);
  const ns = args.slice(1).map((a) => int(a, fn, place));
  return s === null || ns.some((n) => n === null) ? null : f(s, ...(ns as number[]));
};
const strs = (f: (...s: string[]) => unknown): Impl => (args, fn, place) => {
  const ss = args.map((a) => str(a, fn, place));
  return ss.some((s) => s === null) ? null : f(...(ss as string[]));
};

/** Spark's functions by squirreling's name, with squirreling's arity (its parser checks it first). */
export const SPARK_FUNCTIONS: Readonly<Record<string, { readonly min: number; readonly max: number; readonly impl: Impl }>> = {
  // An array's length stays squirreling's (Spark has size() for it; length of an array is its error).
  LENGTH: { min: 1, max: 1, impl: (args, fn, place) => (Array.isArray(args[0]) ? args[0].length : strs(sparkLength)(args, fn, place)) },
  SUBSTRING: { min: 2, max: 3, impl: strInts((s, pos, len) => sparkSubstring(s, pos!, len)) },
  SUBSTR: { min: 2, max: 3, impl: strInts((s, pos, len) => sparkSubstring(s, pos!, len)) },
  LEFT: { min: 2, max: 2, impl: strInts((s, n) => sparkLeft(s, n!)) },
  RIGHT: { min: 2, max: 2, impl: strInts((s, n) => sparkRight(s, n!)) },
  INSTR: { min: 2, max: 2, impl: strs((s, sub) => sparkInstr(s!, sub!)) },
  // Spark's position(substr, str); STRPOS is Trino's strpos(str, substr) (Spark has none).
  POSITION: { min: 2, max: 2, impl: strs((sub, s) => sparkLocate(sub!, s!)) },
  STRPOS: { min: 2, max: 2, impl: strs((s, sub) => sparkInstr(s!, sub!)) },
  TRIM: { min: 1, max: 1, impl: strs((s) => sparkTrim(s!)) },
  REPLACE: { min: 3, max: 3, impl: strs((s, search, rep) => sparkReplace(s!, search!, rep)) },
  ROUND: { min: 1, max: 2, impl: (args, fn, place) => roundOf(args, fn, place) },
  // FLOOR/CEIL of a DOUBLE are a BIGINT (Double.toLong saturates, NaN is 0); of a BIGINT the value itself.
  FLOOR: { min: 1, max: 1, impl: (args, fn, place) => toLong(args[0], Math.floor, fn, place) },
  CEIL: { min: 1, max: 1, impl: (args, fn, place) => toLong(args[0], Math.ceil, fn, place) },
  CEILING: { min: 1, max: 1, impl: (args, fn, place) => toLong(args[0], Math.ceil, fn, place) },
  // Logarithm of a value ≤ 0 is NULL in Spark (mathExpressions.scala UnaryLogExpression), not -Infinity or NaN.
  LN: { min: 1, max: 1, impl: (args, fn, place) => logOf(args[0], Math.log, fn, place) },
  LOG10: { min: 1, max: 1, impl: (args, fn, place) => logOf(args[0], Math.log10, fn, place) },
};

const LONG_MAX = 2n ** 63n - 1n;
const LONG_MIN = -(2n ** 63n);

/** A number argument: a number or bigint as is, text as a DOUBLE (Spark's implicit cast; malformed text an error). */
function num(v: unknown, fn: string, place: Place): number | bigint | null {
  if (v == null) return null;
  if (typeof v === 'number' || typeof v === 'bigint') return v;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  if (Number.isNaN(n) && !(typeof v === 'string' && /^\s*[+-]?nan\s*$/i.test(v))) {
    throw messageError('DataInvalid', 'error.sql.fn.numberArg', { fn, value: String(v) }, { engineStart: place.start, engineEnd: place.end });
  }
  return n;
}

function toLong(v: unknown, f: (x: number) => number, fn: string, place: Place): number | bigint | null {
  const x = num(v, fn, place);
  if (x === null || typeof x === 'bigint') return x;
  const r = f(x);
  if (Number.isNaN(r)) return 0;
  if (Number.isSafeInteger(r)) return r;
  const b = r === Infinity ? LONG_MAX : r === -Infinity ? LONG_MIN : BigInt(r);
  return b > LONG_MAX ? LONG_MAX : b < LONG_MIN ? LONG_MIN : b;
}

function logOf(v: unknown, f: (x: number) => number, fn: string, place: Place): number | null {
  const x = num(v, fn, place);
  if (x === null) return null;
  const n = Number(x);
  return n <= 0 ? null : f(n);
}

function roundOf(args: readonly unknown[], fn: string, place: Place): unknown {
  const [v, dv] = args;
  const d = dv === undefined ? 0 : int(dv, fn, place);
  const x = num(v, fn, place);
  return x === null || d === null ? null : sparkRound(x, d);
}

/** The columnar executor's evaluation of a Spark function call, or undefined when `name` is not one. */
export function compileSparkFunction(name: string, args: readonly (() => unknown)[], place: Place): (() => unknown) | undefined {
  const f = SPARK_FUNCTIONS[name];
  if (!f || args.length < f.min || args.length > f.max) return undefined;
  return () => f.impl(args.map((a) => a()), name, place);
}

const PREFIX = '__LS_SPARK_';

/** The user-defined functions the fallback's rewritten calls reach (names no user query can reach). */
export const SPARK_UDFS: Record<string, UserDefinedFunction> = Object.fromEntries(Object.entries(SPARK_FUNCTIONS).map(([name, f]) => [
  `${PREFIX}${name}`,
  { apply: (start: unknown, end: unknown, ...args: unknown[]) => f.impl(args, name, { start: Number(start), end: Number(end) }) as never, arguments: { min: f.min + 2, max: f.max + 2 } },
]));

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `statement` (a copy) with every call of a Spark function made a call of its user-defined function. Must hold:
 * only scalar calls change (an aggregate or window of the same name does not exist); names of output columns
 * are the caller's to keep (a select column without alias gets its name from the original call).
 */
export function rewriteSparkFunctions(statement: Statement, aliasOf: (expr: unknown) => string): { statement: Statement; rewritten: number } {
  let rewritten = 0;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isNode(v)) return v;
    if (v.type === 'derived' && v.alias === undefined && isNode(v.expr)) {
      const expr = walk(v.expr);
      return expr === v.expr ? v : { ...v, expr, alias: aliasOf(v.expr) };
    }
    const out: Node = {};
    let changed = false;
    for (const [k, x] of Object.entries(v)) { out[k] = walk(x); if (out[k] !== x) changed = true; }
    const name = typeof v.funcName === 'string' ? v.funcName.toUpperCase() : '';
    if (v.type === 'function' && SPARK_FUNCTIONS[name] && !v.over) {
      rewritten++;
      const lit = (value: number): Node => ({ type: 'literal', value, positionStart: v.positionStart, positionEnd: v.positionEnd });
      return { ...out, funcName: `${PREFIX}${name}`, args: [lit(v.positionStart as number), lit(v.positionEnd as number), ...(out.args as unknown[])] };
    }
    return changed ? out : v;
  };
  return { statement: walk(statement) as Statement, rewritten };
}
