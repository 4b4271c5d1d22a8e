/**
 * An instant written as ISO-8601 text, for time travel (`FOR TIMESTAMP AS OF`, `CHANGES BETWEEN`, the CLI's
 * `--as-of`, `--to-time`, `--older-than`).
 *
 * Why not `Date.parse`: it reads a zone-less date-time in the machine's local zone (ECMA-262 §21.4.3.2), so
 * `--as-of "2025-03-30 04:55"` meant another instant on a machine outside UTC, and it rolls an impossible day
 * over (`2025-04-31` is May 1st) — both silently time-travelled to, or expired, the wrong snapshots.
 * Here zone-less text is UTC, as the README and the spec's `timestamp-ms` fields are, and a day the month
 * does not have, an hour past 23 or a minute or second past 59 is not a time.
 */
import { timestampSeconds } from './exact-literal.ts';

/** The largest |ms| a JavaScript Date holds (ECMA-262 §21.4.1.22). */
const MAX_MS = 8_640_000_000_000_000n;

/**
 * Milliseconds since the epoch of `YYYY-MM-DD[( |T)HH:MM[:SS[.fraction]]][Z|±HH[:MM]]` (UTC unless a zone
 * is given), or a reason it is not one. A fraction finer than a millisecond is floored: snapshot times are
 * whole milliseconds, so `t ≤ floor(x)` exactly when `t ≤ x`.
 */
export function instantMs(text: string): number | string {
  const r = timestampSeconds(text, true);
  if (typeof r === 'string') return r;
  const scaled = r.num * 1000n;
  // Floor, not truncation: a time before 1970 with a fraction rounds down too.
  const ms = scaled / r.den - (scaled % r.den < 0n ? 1n : 0n);
  if (ms > MAX_MS || ms < -MAX_MS) return 'out of the range of dates';
  return Number(ms);
}
