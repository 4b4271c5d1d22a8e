/**
 * String functions as Spark 4 answers them (sql/core `stringExpressions.scala` over `UTF8String`), for both SQL
 * executors. squirreling's own (strings.js) count UTF-16 code units, so `LENGTH('😀a')` was 3 and
 * `SUBSTRING('😀abc', 2, 2)` half an emoji; its `POSITION(a, b)` looked for `b` in `a`, Spark's for `a` in `b`;
 * its TRIM removed tabs, newlines and U+3000 where Spark removes spaces only; its REPLACE of an empty string
 * put the replacement between every character where Spark returns the string. Here a character is a Unicode
 * code point (UTF8String.numChars), positions are 1-based, and NULL in gives NULL out.
 */

const SURROGATE = /[\uD800-\uDFFF]/;

/** The string's characters: itself when it has no surrogate pair (each code unit a code point), else its code points. */
function chars(s: string): string | readonly string[] {
  return SURROGATE.test(s) ? Array.from(s) : s;
}

const join = (c: string | readonly string[], start: number, end: number): string =>
  (typeof c === 'string' ? c.slice(start, end) : c.slice(start, end).join(''));

/** `length(str)`: its number of characters. */
export function sparkLength(s: string): number {
  return SURROGATE.test(s) ? Array.from(s).length : s.length;
}

/**
 * `substring(str, pos[, len])` (UTF8String.substringSQL): `pos` 1-based, 0 as 1, negative from the end;
 * `len` (default: all) below 1 gives ''.
 */
export function sparkSubstring(s: string, pos: number, len = Number.MAX_SAFE_INTEGER): string {
  const c = chars(s);
  const n = c.length;
  let start = pos > 0 ? pos - 1 : pos < 0 ? n + pos : 0;
  const end = start + len;
  start = Math.max(start, 0);
  if (start >= end) return '';
  return join(c, start, Math.min(end, n));
}

/** `left(str, len)`: the first `len` characters ('' when len < 1). */
export function sparkLeft(s: string, len: number): string {
  return len <= 0 ? '' : sparkSubstring(s, 1, len);
}

/** `right(str, len)`: the last `len` characters ('' when len < 1). */
export function sparkRight(s: string, len: number): string {
  return len <= 0 ? '' : sparkSubstring(s, -len, len);
}

/**
 * `locate(substr, str, pos)` / `position(substr, str[, pos])`: the 1-based character position of the first
 * `substr` in `str` at or after character `pos`, 0 when absent (and when pos < 1, as Spark's StringLocate).
 */
export function sparkLocate(sub: string, s: string, pos = 1): number {
  if (pos < 1) return 0;
  if (sub === '') return 1; // UTF8String.indexOf: an empty string is found at the start
  const c = chars(s);
  if (typeof c === 'string' && !SURROGATE.test(sub)) return c.indexOf(sub, pos - 1) + 1;
  const units = typeof c === 'string' ? pos - 1 : c.slice(0, pos - 1).join('').length;
  if (units > s.length) return 0;
  const at = s.indexOf(sub, units);
  return at < 0 ? 0 : sparkLength(s.slice(0, at)) + 1;
}

/** `instr(str, substr)`: the 1-based character position of the first `substr`, 0 when absent. */
export function sparkInstr(s: string, sub: string): number {
  return sparkLocate(sub, s, 1);
}

/** `trim(str)`: without leading and trailing spaces (U+0020 only: UTF8String.trim). */
export function sparkTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) === 0x20) a++;
  while (b > a && s.charCodeAt(b - 1) === 0x20) b--;
  return s.slice(a, b);
}

/** `replace(str, search[, replace])`: every `search` replaced; an empty `search` leaves the string (UTF8String.replace). */
export function sparkReplace(s: string, search: string, replacement = ''): string {
  return search === '' ? s : s.split(search).join(replacement);
}
