/**
 * Date functions of the columnar executor: DATE_TRUNC, EXTRACT/DATE_PART and `± INTERVAL`, ported from
 * squirreling 0.12 (expression/date.js) so their values equal the engine's: a value is a date when it is
 * text starting `YYYY-MM-DD` (optionally `THH:MM:SS`) that `new Date` parses (the canonical dates and
 * timestamps of our rows are); the result keeps the input's form — ISO-8601 with milliseconds when the
 * input had a `T`, else the date alone. Anything else gives NULL, as there.
 */

const DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2})?/;

/** squirreling's toDate: a fresh Date for date-like text (Date inputs never occur in our rows). */
function toDate(v: unknown): Date | null {
  if (typeof v === 'string' && DATE_OR_TIME.test(v)) {
    const d = new Date(v);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return null;
}

/** The result in the input's form (date.js: "Return in same format as input"). */
const sameForm = (input: unknown, d: Date) => (String(input).includes('T') ? d.toISOString() : d.toISOString().split('T')[0]!);

/** squirreling's applyIntervalToDate. */
export function applyInterval(value: unknown, amount: number, unit: string, op: '+' | '-'): string | null {
  const d = toDate(value);
  if (d == null) return null;
  const n = op === '+' ? amount : -amount;
  if (unit === 'SECOND') d.setUTCSeconds(d.getUTCSeconds() + n);
  else if (unit === 'MINUTE') d.setUTCMinutes(d.getUTCMinutes() + n);
  else if (unit === 'HOUR') d.setUTCHours(d.getUTCHours() + n);
  else if (unit === 'DAY') d.setUTCDate(d.getUTCDate() + n);
  else if (unit === 'MONTH') d.setUTCMonth(d.getUTCMonth() + n);
  else if (unit === 'YEAR') d.setUTCFullYear(d.getUTCFullYear() + n);
  return sameForm(value, d);
}

/** squirreling's dateTrunc(precision, value). */
export function dateTrunc(precision: unknown, value: unknown): string | null {
  if (precision == null || value == null) return null;
  const d = toDate(value);
  if (d == null) return null;
  const unit = String(precision).toUpperCase();
  if (unit === 'YEAR') { d.setUTCMonth(0, 1); d.setUTCHours(0, 0, 0, 0); }
  else if (unit === 'MONTH') { d.setUTCDate(1); d.setUTCHours(0, 0, 0, 0); }
  else if (unit === 'DAY') d.setUTCHours(0, 0, 0, 0);
  else if (unit === 'HOUR') d.setUTCMinutes(0, 0, 0);
  else if (unit === 'MINUTE') d.setUTCSeconds(0, 0);
  else if (unit === 'SECOND') d.setUTCMilliseconds(0);
  return sameForm(value, d);
}

/** squirreling's extractField(field, value). */
export function extractField(field: unknown, value: unknown): number | null {
  if (field == null || value == null) return null;
  const d = toDate(value);
  if (d == null) return null;
  switch (String(field).toUpperCase()) {
    case 'YEAR': return d.getUTCFullYear();
    case 'MONTH': return d.getUTCMonth() + 1;
    case 'DAY': return d.getUTCDate();
    case 'HOUR': return d.getUTCHours();
    case 'MINUTE': return d.getUTCMinutes();
    case 'SECOND': return d.getUTCSeconds();
    case 'DOW': return d.getUTCDay();
    case 'EPOCH': return d.getTime() / 1000;
    default: return null;
  }
}
