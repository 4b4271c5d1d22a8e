/**
 * The text of a date or timestamp inside SQL — `CAST(x AS STRING)` and CONCAT's arguments — as Spark 4 writes
 * it (Cast to STRING through TimestampFormatter with the session time zone, here UTC; `DateTimeUtils` /
 * `FractionTimestampFormatter`): a TIMESTAMP or TIMESTAMP_NTZ as `yyyy-MM-dd HH:mm:ss` and its fraction of a
 * second only when it is not zero, trailing zeros dropped (`2020-01-01 08:00:00.5`, `…00.123456`; a nanosecond
 * column keeps its digits below the microsecond the same way), a DATE as `yyyy-MM-dd`. The values reach SQL as
 * their canonical text (`2020-01-01T08:00:00.000000Z`, sql-values.ts), which is how a timestamp COLUMN of the
 * result still prints (grid, CSV, JSON, `--format canonical`); only SQL's own conversion to STRING changes here,
 * so `CAST(ts AS STRING) = '2020-01-01 08:00:00'` and LIKE over that text answer as Spark does.
 */
import type { SqlType } from './sql-types.ts';

const CANONICAL_TIMESTAMP = /^([+-]?\d{4,}-\d\d-\d\d)T(\d\d:\d\d:\d\d)(?:\.(\d+))?Z$/;

/** Spark's STRING of a canonical timestamp text; other values as they are. */
export function sparkTimestampText(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const m = CANONICAL_TIMESTAMP.exec(v);
  if (!m) return v;
  const frac = (m[3] ?? '').replace(/0+$/, '');
  return `${m[1]} ${m[2]}${frac ? `.${frac}` : ''}`;
}

/**
 * The text CAST(… AS STRING) gives of `v`, a value of type `t`: Spark's for a timestamp; a date's canonical
 * text already is Spark's (`yyyy-MM-dd`); other types as they are.
 */
export function sparkTimeText(v: unknown, t: SqlType | undefined): unknown {
  return t?.kind === 'timestamp' ? sparkTimestampText(v) : v;
}
