/**
 * Converting caller literals to a column type's internal value (types.ts), and formatting internal values
 * back to text. Conversion never loses information silently: a literal that cannot be represented exactly
 * in the column type (3.5 for an int, 1.234 for decimal(5,2), a nanosecond timestamp for a microsecond
 * column) is an error rather than a rounded value that would change which rows match. (Binding does not
 * need exact values: it compares such literals exactly through their neighbours, see exact-literal.ts.)
 */
import { messageError } from '../message-error.ts';
import { enErrors14 } from '../messages/en-errors14.ts';
import { errorRef, type ErrorRef } from '../messages/message-parts.ts';
import type { Literal } from './expr.ts';
import { civilToDays, isDecimalLiteral, literalRange, timestampSeconds } from './exact-literal.ts';
import { type Value, type ValueType, typeName } from './types.ts';

const MICROS_PER_DAY = 86_400_000_000n;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Converts a literal to the internal value of `type`, or throws a DataInvalid LakeError saying why not. */
export function convertLiteral(lit: Literal, type: ValueType, column = '?'): Value {
  const fail = (why: string): never => {
    throw messageError('DataInvalid', 'error.expr.literal', { literal: describeLiteral(lit), column, type: typeName(type), why: whyRef(why) }, { column });
  };
  switch (type.kind) {
    case 'boolean':
      if (typeof lit === 'boolean') return lit;
      if (lit === 'true' || lit === 'false') return lit === 'true';
      return fail('expected true or false');
    case 'int': case 'long': case 'decimal': case 'date': case 'time':
    case 'timestamp': case 'timestamptz': case 'timestamp_ns': case 'timestamptz_ns': {
      const r = literalRange(lit, type);
      if (typeof r === 'string') return fail(r);
      return 'exact' in r ? r.exact : fail(r.why);
    }
    case 'float': case 'double': {
      const n = typeof lit === 'number' ? lit : typeof lit === 'bigint' ? Number(lit)
        : isDecimalLiteral(lit) ? Number(lit.decimal)
          : typeof lit === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(lit) ? Number(lit)
            : typeof lit === 'string' && /^\s*[+-]?(nan|infinity|inf)\s*$/i.test(lit) ? parseSpecialFloat(lit) : fail('expected a number');
      // The literal is cast to the column's type (as DuckDB and Trino do): a float column holding 1.8f equals 1.8.
      return type.kind === 'float' ? Math.fround(n) : n;
    }
    case 'string':
      if (typeof lit === 'string') return lit;
      return fail('expected a quoted string');
    case 'uuid':
      if (typeof lit === 'string' && UUID_RE.test(lit)) return lit.toLowerCase();
      if (lit instanceof Uint8Array && lit.length === 16) return formatUuid(lit);
      return fail('expected a UUID like 0db3e2a8-9d1d-42b9-aa7b-74ebe558dceb');
    case 'fixed': case 'binary': {
      const bytes = lit instanceof Uint8Array ? lit : typeof lit === 'string' ? parseBinaryString(lit) : fail('expected bytes or a 0x… hex string');
      if (type.kind === 'fixed' && type.length !== undefined && bytes.length !== type.length) fail(`expected exactly ${type.length} bytes`);
      return bytes;
    }
    default: return fail('values of this type cannot be compared');
  }
}

/**
 * The catalog message of a reason this file or exact-literal.ts gives (en-errors14.ts `error.expr.why.*`, looked up
 * by their English, which is the text those files return); a reason without one is quoted, marked as English.
 */
const WHY_KEYS = new Map(Object.entries(enErrors14).filter(([k, f]) => /^error\.expr\.why\./.test(k) && f.length === 0)
  .map(([k, f]) => [(f as () => string)(), k]));

function whyRef(why: string): ErrorRef {
  const key = WHY_KEYS.get(why);
  if (key) return { key };
  const digits = /^more than (\d+) fraction digits$/.exec(why)?.[1];
  if (digits !== undefined) return errorRef('error.expr.whyN.fractionDigits', { digits: Number(digits) });
  const bytes = /^expected exactly (\d+) bytes$/.exec(why)?.[1];
  if (bytes !== undefined) return errorRef('error.expr.whyN.bytes', { bytes: Number(bytes) });
  return errorRef('error.untranslated', { text: why });
}

function describeLiteral(lit: Literal): string {
  if (lit instanceof Uint8Array) return `${lit.length} bytes`;
  if (isDecimalLiteral(lit)) return lit.decimal;
  return typeof lit === 'string' ? JSON.stringify(lit) : String(lit);
}

function parseSpecialFloat(s: string): number {
  const t = s.trim().toLowerCase();
  if (t.endsWith('nan')) return Number.NaN;
  return t.startsWith('-') ? -Infinity : Infinity;
}

/** Unscaled value of a decimal literal at `scale`, or undefined when it does not fit exactly. */
export function parseDecimal(lit: Literal, precision: number, scale: number): bigint | undefined {
  let s: string;
  if (typeof lit === 'bigint') s = lit.toString();
  else if (typeof lit === 'number') { if (!Number.isFinite(lit)) return undefined; s = String(lit); } else if (typeof lit === 'string') s = lit.trim();
  else if (isDecimalLiteral(lit)) s = lit.decimal;
  else return undefined;
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  let digits = m[2] + (m[3] ?? '');
  let exp = -(m[3] ?? '').length + (m[4] ? Number(m[4]) : 0);
  // Bring to exactly `scale` fraction digits: pad with zeros, or drop trailing zeros only.
  while (exp > -scale) { digits += '0'; exp--; }
  while (exp < -scale) {
    if (!digits.endsWith('0')) return undefined;
    digits = digits.slice(0, -1); exp++;
  }
  const unscaled = BigInt(digits === '' ? '0' : digits) * (m[1] === '-' ? -1n : 1n);
  const limit = 10n ** BigInt(precision);
  return unscaled >= limit || unscaled <= -limit ? undefined : unscaled;
}

/** Days since 1970-01-01 of `YYYY-MM-DD` (proleptic Gregorian), or undefined. */
export function parseDate(s: string): number | undefined {
  const m = /^\s*([+-]?\d{4,6})-(\d{2})-(\d{2})\s*$/.exec(s);
  if (!m) return undefined;
  return civilToDays(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Microseconds since midnight of `HH:MM[:SS[.ffffff]]`, or undefined. */
export function parseTime(s: string): bigint | undefined {
  const m = /^\s*(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?\s*$/.exec(s);
  if (!m) return undefined;
  const [h, mi, se] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (h > 23 || mi > 59 || se > 59) return undefined;
  return BigInt((h * 3600 + mi * 60 + se)) * 1_000_000n + BigInt((m[4] ?? '').padEnd(6, '0'));
}

/**
 * Parses `YYYY-MM-DD[( |T)HH:MM[:SS[.fraction]]][Z|±HH:MM]` to µs or ns since the epoch. Zone-less text is
 * read as UTC for `timestamptz` (the value such columns store); a timestamp without time zone accepts no
 * offset other than Z/+00:00 (it holds a wall-clock value). Returns an error message when invalid.
 */
export function parseTimestamp(s: string, unit: 'us' | 'ns', withZone: boolean): bigint | string {
  const r = timestampSeconds(s, withZone);
  if (typeof r === 'string') return r;
  const scaled = r.num * (unit === 'us' ? 1_000_000n : 1_000_000_000n);
  if (scaled % r.den !== 0n) return `more than ${unit === 'us' ? 6 : 9} fraction digits`;
  return scaled / r.den;
}

function parseBinaryString(s: string): Uint8Array {
  if (/^0x([0-9a-f]{2})*$/i.test(s)) {
    const hex = s.slice(2);
    const out = new Uint8Array(hex.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
    return out;
  }
  return new TextEncoder().encode(s);
}

/** Lowercase 8-4-4-4-12 text of 16 big-endian UUID bytes. */
export function formatUuid(b: Uint8Array): string {
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** `YYYY-MM-DD` of days since 1970-01-01. */
export function formatDate(days: number): string {
  const d = new Date(days * 86_400_000);
  const y = d.getUTCFullYear();
  const ys = y < 0 ? `-${String(-y).padStart(6, '0')}` : y > 9999 ? `+${y}` : String(y).padStart(4, '0');
  return `${ys}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** `YYYY-MM-DDTHH:MM:SS.ffffff` (or 9 fraction digits for ns) of a timestamp; floor division keeps pre-1970 values right. */
export function formatTimestamp(v: bigint, unit: 'us' | 'ns', withZone: boolean): string {
  const perDay = unit === 'us' ? MICROS_PER_DAY : MICROS_PER_DAY * 1000n;
  let days = v / perDay; let rest = v % perDay;
  if (rest < 0n) { rest += perDay; days -= 1n; }
  const perSecond = unit === 'us' ? 1_000_000n : 1_000_000_000n;
  const secs = Number(rest / perSecond); const frac = rest % perSecond;
  const hh = String(Math.floor(secs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((secs % 3600) / 60)).padStart(2, '0');
  const ss = String(secs % 60).padStart(2, '0');
  const f = frac.toString().padStart(unit === 'us' ? 6 : 9, '0');
  return `${formatDate(Number(days))}T${hh}:${mm}:${ss}.${f}${withZone ? 'Z' : ''}`;
}

/** `HH:MM:SS.ffffff` of microseconds since midnight. */
export function formatTime(micros: bigint): string {
  return formatTimestamp(micros, 'us', false).slice(11);
}

/** Text of an unscaled decimal at a scale: exactly `scale` fraction digits, no negative zero. */
export function formatDecimal(unscaled: bigint, scale: number): string {
  const neg = unscaled < 0n;
  const digits = (neg ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  const body = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return neg ? `-${body}` : body;
}

/** Human-readable text of an internal value of a type (dates as dates, decimals with their scale …). */
export function formatTypedValue(type: ValueType, v: Value | null | undefined): string {
  if (v === null || v === undefined) return 'null';
  switch (type.kind) {
    case 'date': return typeof v === 'number' ? formatDate(v) : String(v);
    case 'time': return typeof v === 'bigint' ? formatTime(v) : String(v);
    case 'timestamp': case 'timestamptz': case 'timestamp_ns': case 'timestamptz_ns':
      return typeof v === 'bigint' ? formatTimestamp(v, type.kind.endsWith('_ns') ? 'ns' : 'us', type.kind.startsWith('timestamptz')) : String(v);
    case 'decimal': return typeof v === 'bigint' ? formatDecimal(v, type.scale ?? 0) : String(v);
    case 'fixed': case 'binary':
      return v instanceof Uint8Array ? `0x${Array.from(v, (x) => x.toString(16).padStart(2, '0')).join('')}` : String(v);
    case 'string': return JSON.stringify(v);
    default: return String(v);
  }
}
