/**
 * `round(x, d)` as Spark 4 answers it for the values that reach SQL as numbers (mathExpressions.scala,
 * RoundBase with ROUND_HALF_UP): a DOUBLE is rounded as `BigDecimal(x)` — the decimal its shortest text
 * spells, Java's Double.toString on Java ≥ 19 and JavaScript's Number#toString alike — half away from zero;
 * an integer keeps its value for d ≥ 0 and is rounded half away from zero at 10^-d otherwise. squirreling's
 * `Math.round(x * 10^d) / 10^d` rounded -2.5 to -2 (half up toward +∞) and 1.005 at 2 decimals to 1
 * (1.005 × 100 is 100.49999999999999 as a double), and read a 64-bit integer through a double.
 * Decimal columns never get here: the typed rewrite refuses them under a function it does not make exact.
 */

const SHORTEST = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/** `v` rounded half away from zero at `10^-d` (d an integer, possibly negative). Non-finite doubles as they are. */
export function sparkRound(v: number | bigint, d: number): number | bigint {
  if (typeof v === 'bigint') return d >= 0 ? v : roundScaled(v, 0, d) * 10n ** BigInt(-d);
  if (!Number.isFinite(v)) return v;
  const m = SHORTEST.exec(String(v));
  if (!m) return v; // not reached: Number#toString of a finite number matches
  const [, sign, int, frac = '', exp = '0'] = m;
  const scale = frac.length - Number(exp);
  if (scale <= d) return v;
  const q = roundScaled(BigInt(int! + frac), scale, d);
  return Number(`${sign}${q}e${-d}`);
}

/** The unscaled `digits × 10^-scale` (digits ≥ 0 or any sign) rounded half away from zero to `d` decimals, unscaled at d. */
function roundScaled(digits: bigint, scale: number, d: number): bigint {
  if (scale <= d) return digits * 10n ** BigInt(d - scale);
  const p = 10n ** BigInt(scale - d);
  const neg = digits < 0n;
  const abs = neg ? -digits : digits;
  let q = abs / p;
  if ((abs % p) * 2n >= p) q += 1n;
  return neg ? -q : q;
}
