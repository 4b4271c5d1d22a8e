/**
 * Per-file statistics as Delta writers record them (PROTOCOL.md "Per-file Statistics"): `numRecords`,
 * and per top-level primitive column `nullCount`, `minValues`, `maxValues`, keyed by the column's
 * (physical) name. Partition columns are not in the data file and get none. Bounds follow what
 * delta-spark writes: timestamps as ISO 8601 UTC truncated to milliseconds (readers widen the maximum
 * by 999 µs), strings only when shorter than 32 characters (longer ones Spark truncates; a truncated
 * maximum would need a bumped last character), floats without NaN, no bounds for decimals (a JSON number may round), binary or booleans.
 */
import type { Data, RecordBatch } from 'apache-arrow';
import { codePointLength, compareValues, formatDate, formatTimestamp, type Value } from '../../../expr/index.ts';
import { cellReader } from '../scan/row-values.ts';
import type { StructField } from '../spec/schema.ts';

interface ColumnAcc { min?: Value; max?: Value; nulls: number; boundsOff: boolean }

const BOUNDED = new Set(['byte', 'short', 'integer', 'long', 'float', 'double', 'date', 'timestamp', 'string']);

/** The JSON form of a bound (the stats JSON is written with the bigint-safe stringifier). */
function boundJson(v: Value, f: StructField): unknown {
  if (f.type.kind !== 'primitive') return undefined;
  switch (f.type.name) {
    case 'date': return formatDate(v as number);
    case 'timestamp': {
      const us = v as bigint;
      const ms = us >= 0n ? us / 1000n : -((-us + 999n) / 1000n);
      return `${formatTimestamp(ms * 1000n, 'us', true).slice(0, 23)}Z`;
    }
    default: return v;
  }
}

/**
 * The `stats` JSON value of a file holding `batches` (columns by logical name, `fields` the data
 * columns written, `names` their names in the file). Must hold: nullCount counts nulls exactly; a bound
 * is present only when every non-null value lies within it.
 */
export function fileStatistics(batches: readonly RecordBatch[], fields: readonly StructField[], names: readonly string[]): Record<string, unknown> {
  const accs = fields.map((): ColumnAcc => ({ nulls: 0, boundsOff: false }));
  let rows = 0;
  for (const b of batches) {
    rows += b.numRows;
    fields.forEach((f, k) => {
      const idx = b.schema.fields.findIndex((x) => x.name === f.name);
      if (idx < 0 || f.type.kind !== 'primitive') return;
      const data = b.data.children[idx]!;
      accumulate(accs[k]!, data, f);
    });
  }
  const minValues: Record<string, unknown> = {};
  const maxValues: Record<string, unknown> = {};
  const nullCount: Record<string, unknown> = {};
  fields.forEach((f, k) => {
    if (f.type.kind !== 'primitive') return;
    const a = accs[k]!;
    nullCount[names[k]!] = a.nulls;
    if (a.boundsOff || a.min === undefined || a.max === undefined || !BOUNDED.has(f.type.name)) return;
    minValues[names[k]!] = boundJson(a.min, f);
    maxValues[names[k]!] = boundJson(a.max, f);
  });
  return { numRecords: rows, minValues, maxValues, nullCount };
}

function accumulate(a: ColumnAcc, data: Data, f: StructField): void {
  const read = cellReader(data.type);
  if (!read) { a.boundsOff = true; return; }
  const isString = f.type.kind === 'primitive' && f.type.name === 'string';
  for (let i = 0; i < data.length; i++) {
    const v = read(data, i);
    if (v === null) { a.nulls++; continue; }
    if (a.boundsOff) continue;
    if (typeof v === 'number' && Number.isNaN(v)) { a.boundsOff = true; continue; }
    if (isString && codePointLength(v as string) >= 32) { a.boundsOff = true; continue; }
    if (a.min === undefined || compareValues(v, a.min) < 0) a.min = v;
    if (a.max === undefined || compareValues(v, a.max) > 0) a.max = v;
  }
}
