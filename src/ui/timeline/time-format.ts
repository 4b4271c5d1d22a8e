/** Axis tick labels for a time range: dates for long ranges, times for short ones (user's zone). */

const DAY = 86_400_000;

/** A formatter for ticks across [x0, x1] in `locale` (the reader's: `useLocale()`). */
export function tickFormatter(x0: number, x1: number, locale: string): (ms: number) => string {
  const span = x1 - x0;
  const f = span > 300 * DAY ? { year: 'numeric', month: 'short' } as const
    : span > 20 * DAY ? { month: 'short', day: 'numeric' } as const
    : span > 2 * DAY ? { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' } as const
    : span > 120_000 ? { hour: '2-digit', minute: '2-digit' } as const
    : { hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;
  const fmt = new Intl.DateTimeFormat(locale, { ...f, hour12: false });
  return (ms) => fmt.format(ms);
}

/** The visible range for versions at `times`: their extent with a margin, never empty. */
export function paddedExtent(times: Iterable<number> & { readonly length: number }): [number, number] {
  if (times.length === 0) { const now = Date.now(); return [now - 3_600_000, now]; }
  let lo = Infinity; let hi = -Infinity;
  for (const t of times) { if (t < lo) lo = t; if (t > hi) hi = t; }
  const pad = Math.max((hi - lo) * 0.04, 1000);
  return [lo - pad, hi + pad];
}
