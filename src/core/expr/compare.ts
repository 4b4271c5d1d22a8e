/**
 * Ordering and equality of internal values (see types.ts), the one place every evaluator compares with.
 * Strings compare by Unicode code point (the order of their UTF-8 bytes, which is how Iceberg, Parquet and
 * Delta order string statistics), not by JavaScript's UTF-16 code units; bytes compare unsigned.
 */
import type { Value } from './types.ts';

/** Negative, zero or positive as `a` sorts before, equal to or after `b`. Both must be the same kind of value. */
export function compareValues(a: Value, b: Value): number {
  if (typeof a === 'number' && typeof b === 'number') return compareNumbers(a, b);
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (a instanceof Uint8Array && b instanceof Uint8Array) return compareBytes(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  // Mixed number/bigint can arise from a long bound read as int after promotion; compare exactly.
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) {
    return compareMixed(a, b);
  }
  throw new TypeError(`cannot compare ${describeKind(a)} with ${describeKind(b)}`);
}

/** Java's Double.compare order: -0 before +0, NaN after everything (the order the Iceberg spec names for sorting). */
function compareNumbers(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) {
    if (a !== 0) return 0;
    const an = Object.is(a, -0); const bn = Object.is(b, -0);
    return an === bn ? 0 : an ? -1 : 1;
  }
  const aNaN = Number.isNaN(a); const bNaN = Number.isNaN(b);
  return aNaN === bNaN ? 0 : aNaN ? 1 : -1;
}

function compareMixed(a: number | bigint, b: number | bigint): number {
  if (typeof a === 'number' && !Number.isInteger(a)) return compareNumbers(a, Number(b));
  if (typeof b === 'number' && !Number.isInteger(b)) return compareNumbers(Number(a), b);
  const x = BigInt(a); const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Code-point order. UTF-16 code-unit order differs only where a surrogate meets a BMP char ≥ U+E000. */
export function compareStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i); const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff; const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs === ys) return x - y;
    return xs ? 1 : -1; // a surrogate encodes a code point ≥ U+10000, above every BMP char
  }
  return a.length - b.length;
}

/** Unsigned lexicographic byte order. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** Value equality: same as `compareValues(a, b) === 0` except NaN never equals anything (SQL semantics). */
export function valuesEqual(a: Value, b: Value): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b; // -0 == 0, NaN != NaN
  return compareValues(a, b) === 0;
}

/** True when the value is a floating NaN. */
export function isNaNValue(v: Value | null | undefined): boolean {
  return typeof v === 'number' && Number.isNaN(v);
}

/** The number of Unicode code points in a string. */
export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) i++;
    n++;
  }
  return n;
}

/** The first `n` code points of a string (never splits a surrogate pair). */
export function truncateCodePoints(s: string, n: number): string {
  let i = 0; let count = 0;
  while (i < s.length && count < n) {
    const c = s.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < s.length ? 2 : 1;
    count++;
  }
  return s.slice(0, i);
}

/** A short printable form of a value for skip reasons and errors. */
export function formatValue(v: Value | null | undefined): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (v instanceof Uint8Array) {
    const hex = Array.from(v.subarray(0, 16), (x) => x.toString(16).padStart(2, '0')).join('');
    return `0x${hex}${v.length > 16 ? '…' : ''}`;
  }
  return String(v);
}

function describeKind(v: Value): string {
  return v instanceof Uint8Array ? 'bytes' : typeof v;
}
