/**
 * Number forms the health catalogs share (en-health.ts, en-health-view.ts and their zh-CN twins): one copy, so the
 * engine's recommendations and the Health tab's labels print sizes and counts alike in both languages.
 */

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** Bytes in binary units, three significant digits (the same form as the UI's formatBytes). */
export const bytes = (b: number): string => {
  let v = b; let u = 0;
  while (v >= 1024 && u < UNITS.length - 1) { v /= 1024; u++; }
  return u === 0 ? `${b} B` : `${v.toFixed(v < 10 ? 2 : v < 100 ? 1 : 0)} ${UNITS[u]}`;
};

/**
 * A count grouped as `locale` groups digits (`1,234`). The formatter is made on the first count, not here: the
 * catalogs call this as they load, and the first Intl.NumberFormat of a thread loads ICU's locale data
 * (~25–35 ms of the engine worker's start in a profile of a deep link, before its first request; issue 17).
 */
export const countIn = (locale: 'en-US' | 'zh-CN'): ((c: number) => string) => {
  let f: Intl.NumberFormat | undefined;
  return (c) => (f ??= new Intl.NumberFormat(locale)).format(c);
};
