/**
 * Message catalogs: every sentence Lakescope shows a person is a key with named parameters, so a second
 * language is one more catalog with the same keys (tsc checks that: `Messages` is the English catalog's shape).
 *
 * A message is a function of its parameters. Parameters are plain values (strings, numbers, booleans) so a
 * {@link MessageRef} survives `postMessage` from the worker and JSON in the CLI. Counts go through
 * {@link plural} so each language picks its own plural forms (Intl.PluralRules), never `n + 's'`.
 */

const rules = new Map<string, Intl.PluralRules>();
const counts = new Map<string, Intl.NumberFormat>();

/**
 * `n` grouped as `n.toLocaleString(locale)` writes it, through one Intl.NumberFormat per locale:
 * toLocaleString builds a formatter on every call, which a scrolling list paying it per row per frame
 * felt (issue 17).
 */
export function groupedCount(locale: string, n: number | bigint): string {
  // A value of another type (a parameter that came through JSON as a string) is written as toLocaleString writes it.
  if (typeof n !== 'number' && typeof n !== 'bigint') return (n as { toLocaleString(locale: string): string }).toLocaleString(locale);
  let f = counts.get(locale);
  if (!f) counts.set(locale, (f = new Intl.NumberFormat(locale)));
  return f.format(n);
}

/**
 * `forms[category]` for the count `n` in `locale` (Intl.PluralRules categories: zero, one, two, few, many,
 * other). `other` must always be given; it is used when the language's category has no form here.
 */
export function plural(locale: string, n: number | string | bigint, forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }): string {
  let r = rules.get(locale);
  if (!r) rules.set(locale, (r = new Intl.PluralRules(locale)));
  return forms[r.select(Number(n))] ?? forms.other;
}
