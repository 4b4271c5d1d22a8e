/**
 * `CAST(x AS DATE)`, `CAST(x AS TIMESTAMP|TIMESTAMP_NTZ|TIMESTAMP_LTZ)` and `TIMESTAMP '…'` literals, as Spark 4
 * (ANSI mode, session time zone UTC) casts them. squirreling parses no DATE or TIMESTAMP cast type, so the
 * engine's query carries the cast as a call `__LS3_CASTTIME(x, 'DATE')` (table-refs.ts {@link castTimeEdits}),
 * typed DATE or TIMESTAMP (typed-eval.ts staticType), so it compares, orders and groups by value as a column of
 * that type does; both executors run {@link castTime}. Its value is the canonical text of the type.
 * Spark's rules (Cast.scala, SparkDateTimeUtils): a string to DATE by stringToDate (sql-types.ts
 * sparkDateText), to TIMESTAMP by stringToTimestamp (no zone: the session's, UTC); a TIMESTAMP to DATE is its
 * UTC day, a DATE to TIMESTAMP its midnight UTC; text neither reads is CAST_INVALID_INPUT (LakeError
 * DataInvalid at the operand). A number to either is refused (Spark ANSI refuses it too: CAST_WITH_CONF_SUGGESTION).
 */
import type { UserDefinedFunction } from 'squirreling';
import { exprText, fail, type At } from './exact-numeric.ts';
import { errorRef } from '../../messages/message-parts.ts';
import { parseInstant, sparkDateText, timestampText, type SqlType } from './sql-types.ts';

/** The engine's name of the cast (a function squirreling does not know until we register it). */
export const CAST_TIME = '__LS3_CASTTIME';

/** The type a CAST_TIME call gives: its second argument, 'DATE' or 'TIMESTAMP'. */
export const castTimeType = (to: unknown): SqlType => (String(to).toUpperCase() === 'DATE' ? { kind: 'date' } : { kind: 'timestamp' });

/** Spark's stringToTimestamp of `v` as the canonical timestamp text (a year, year-month or date alone is its midnight). */
export function sparkTimestampOf(v: string): string | undefined {
  if (/^\s*[+-]?\d{4,6}(?:-\d{1,2}){0,2}\s*$/.test(v)) { const d = sparkDateText(v); return d === undefined ? undefined : `${d}T00:00:00.000000Z`; }
  const nanos = parseInstant(v);
  if (nanos === undefined) return undefined;
  // Spark's TIMESTAMP holds microseconds: digits past the sixth are dropped (floored).
  return timestampText(nanos, false);
}

/** CAST of `v` (a canonical date or timestamp, or text) to DATE or TIMESTAMP; `at` is the operand's place. */
export function castTime(v: unknown, to: 'DATE' | 'TIMESTAMP', at: At, text: string | undefined): unknown {
  if (v == null) return null;
  if (typeof v !== 'string') return fail('Unsupported', errorRef('error.sql.castUnsupported', { from: typeof v === 'boolean' ? 'boolean' : 'number', to }), at);
  const out = to === 'DATE' ? sparkDateText(v) : sparkTimestampOf(v);
  return out ?? fail('DataInvalid', errorRef('error.sql.exact.castInvalidTime', { expr: exprText(at, text), value: JSON.stringify(v), type: to.toUpperCase(), date: to.toUpperCase() === 'DATE' }), at);
}

/** The fallback's function: `__LS3_CASTTIME(x, 'DATE'|'TIMESTAMP', at)`, `at` the operand's place as JSON (run-sql.ts). */
export const CAST_TIME_FUNCTIONS: Record<string, UserDefinedFunction> = {
  [CAST_TIME]: {
    apply: (v, to, at) => castTime(v, String(to) === 'DATE' ? 'DATE' : 'TIMESTAMP', at ? JSON.parse(String(at)) as At : {}, undefined) as never,
    arguments: { min: 2, max: 3 },
  },
};

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null;

/**
 * The fallback's AST with each CAST_TIME call given its operand's place and text (a third argument), so a
 * malformed text is an error there, as on the columnar executor (which reads the node's own positions).
 */
export function placeCastTimes<T>(ast: T, text: string): T {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isNode(v)) return v;
    const out: Node = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x);
    if (out.type === 'function' && String(out.funcName).toUpperCase() === CAST_TIME && Array.isArray(out.args) && out.args.length === 2) {
      const arg = out.args[0] as Node;
      const at: At = { positionStart: arg.positionStart as number, positionEnd: arg.positionEnd as number, expr: text.slice(arg.positionStart as number, arg.positionEnd as number).trim() };
      out.args = [...out.args, { type: 'literal', value: JSON.stringify(at), positionStart: out.positionStart, positionEnd: out.positionEnd }];
    }
    return out;
  };
  return walk(ast) as T;
}
