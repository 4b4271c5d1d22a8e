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

/** A count grouped as `locale` groups digits (`1,234`). */
export const countIn = (locale: 'en-US' | 'zh-CN'): ((c: number) => string) => {
  const f = new Intl.NumberFormat(locale);
  return (c) => f.format(c);
};
