/**
 * The casts the squirreling fallback's rewritten AST calls (sql-typed-rewrite.ts): CAST to a number type,
 * a FLOAT widened, a string cast as Spark's ANSI Cast casts it, a value as the DOUBLE or DECIMAL of a result
 * of several types; and unary minus, ABS and `a DIV b` (integral-divide.ts). Kept apart from the
 * comparisons and aggregates there (file size); names no user query can reach (parse rejects unknown names).
 */
import type { UserDefinedFunction } from 'squirreling';
import { errorRef } from '../../messages/message-parts.ts';
import { messageError } from '../../message-error.ts';
import { sqlDouble } from './sql-types.ts';
import { castStringOperand, castTextToDecimal, rescaleDecimal } from './typed-constants.ts';
import { exactAbs, exactNegate, type At, type NumClass } from './exact-numeric.ts';
import { castToFloating, castToInteger } from './numeric-cast.ts';
import { integralDivide } from './integral-divide.ts';

/** What an exact-number call needs to know of its operands, as the literal argument it gets (JSON). */
export interface ArithSpec { readonly l: NumClass; readonly r: NumClass; readonly out: NumClass; readonly at: At }

/** The cast functions, registered with squirreling with the rest of SQL_TYPED_FUNCTIONS. */
export const SQL_CAST_FUNCTIONS: Record<string, UserDefinedFunction> = {
  // A FLOAT compared with another number is widened to a double: Math.fround of the float's shortest text.
  __LS3_WIDEN: { apply: (v) => (v == null ? null : Math.fround(Number(v))) as never, arguments: { min: 1, max: 1 } },
  // CAST(… AS FLOAT | REAL): 32-bit in Spark (squirreling keeps the double).
  // CAST(… AS FLOAT | REAL | DOUBLE): FLOAT is 32-bit in Spark (squirreling keeps the double); malformed text is an error.
  __LS3_FLOAT: {
    apply: (to, spec, v) => {
      const c = JSON.parse(String(spec)) as ArithSpec;
      const out = castToFloating(v, String(to), c.at, undefined);
      if (typeof out === 'object' && out !== null) throw messageError('DataInvalid', 'error.sql', { message: errorRef('error.sql.castObject', { to: String(to) }) }, { engineStart: c.at.positionStart, engineEnd: c.at.positionEnd });
      return out as never;
    },
    arguments: { min: 3, max: 3 },
  },
  // A value as the DOUBLE of a result that mixes a DOUBLE with other numbers (COALESCE, CASE…): `widen` for a FLOAT.
  __LS3_TODOUBLE: {
    apply: (widen, v) => (v == null ? null : widen === 'float' ? Math.fround(Number(v)) : typeof v === 'number' ? v : sqlDouble(v) ?? null) as never,
    arguments: { min: 2, max: 2 },
  },
  // A value as the wider DECIMAL of a CASE or COALESCE/GREATEST/LEAST result (rescaled, overflow an error).
  __LS3_TODECIMAL: {
    apply: (spec, v) => { const t = JSON.parse(String(spec)) as { scale: number; precision: number; fromText?: boolean } & At; return (t.fromText ? castTextToDecimal(v, t, t, undefined) : rescaleDecimal(v, t, t, undefined)) as never; },
    arguments: { min: 2, max: 2 },
  },
  // A string side of a comparison or IN with a number: Spark's ANSI cast to BIGINT or DOUBLE (malformed text an error).
  __LS3_STRCAST: {
    apply: (to, spec, v) => { const at = JSON.parse(String(spec)) as At; return castStringOperand(v, to === 'DOUBLE' ? 'DOUBLE' : 'BIGINT', at, undefined) as never; },
    arguments: { min: 3, max: 3 },
  },
  __LS3_CAST: {
    apply: (to, spec, v) => {
      const c = JSON.parse(String(spec)) as ArithSpec;
      const out = castToInteger(v, String(to), c.at, undefined, c.l.kind !== 'decimal');
      if (typeof out === 'object' && out !== null) throw messageError('DataInvalid', 'error.sql', { message: errorRef('error.sql.castObject', { to: String(to) }) }, { engineStart: c.at.positionStart, engineEnd: c.at.positionEnd });
      return out as never;
    },
    arguments: { min: 3, max: 3 },
  },
  __LS3_NEG: {
    apply: (spec, v) => { const c = JSON.parse(String(spec)) as ArithSpec; return exactNegate(v, c.l, c.at, undefined) as never; },
    arguments: { min: 2, max: 2 },
  },
  __LS3_ABS: {
    apply: (spec, v) => { const c = JSON.parse(String(spec)) as ArithSpec; return exactAbs(v, c.l, c.at, undefined) as never; },
    arguments: { min: 2, max: 2 },
  },
  // `a DIV b`: Spark's integral division, a BIGINT (integral-divide.ts).
  __LS3_DIV: {
    apply: (spec, a, b) => { const c = JSON.parse(String(spec)) as ArithSpec; return integralDivide(a, b, c.l, c.r, c.at, undefined) as never; },
    arguments: { min: 3, max: 3 },
  },
};
