/**
 * Partition values (PROTOCOL.md "Partition Value Serialization"): strings in `add.partitionValues`, keyed by
 * the column's physical name under column mapping. An empty string or null is a null value. Parsed into
 * the internal representation of spec/value-type.ts.
 *
 * Timestamps: `YYYY-MM-DD HH:MM:SS[.ffffff]` or ISO 8601 adjusted to UTC (`…T…Z`). The protocol says a
 * zone-less timestamp (with time zone type) is in the writer's zone, which the log does not record; it is
 * read as UTC here (what Spark does with its session zone set to UTC) and the plan says so.
 */
import { parseDate, parseDecimal, parseTimestamp, type Value } from '../../../expr/index.ts';
import type { DeltaType } from './schema.ts';
import { messageError } from '../../../message-error.ts';

/**
 * Parses one partition value of a primitive type. Must hold: '' and null → null; a value that does not
 * parse as its type → DataInvalid naming the column and the text.
 */
export function parsePartitionValue(text: string | null | undefined, type: DeltaType, column: string): Value | null {
  if (text === null || text === undefined || text === '') return null;
  const fail = (): never => {
    throw messageError('DataInvalid', 'error.delta.partitionValue', { value: text, column, type: type.kind === 'primitive' ? type.name : type.kind }, { column });
  };
  if (type.kind !== 'primitive') throw messageError('Unsupported', 'error.delta.partitionType', { column, type: type.kind }, { column });
  switch (type.name) {
    case 'string': return text;
    case 'byte': case 'short': case 'integer': {
      if (!/^\s*[+-]?\d+\s*$/.test(text)) fail();
      return Number(text);
    }
    case 'long': {
      if (!/^\s*[+-]?\d+\s*$/.test(text)) fail();
      return BigInt(text.trim());
    }
    case 'float': case 'double': {
      const n = /^\s*[+-]?(nan|infinity|inf)\s*$/i.test(text) ? specialFloat(text) : Number(text);
      if (Number.isNaN(n) && !/nan/i.test(text)) fail();
      return type.name === 'float' ? Math.fround(n) : n;
    }
    case 'decimal': return parseDecimal(text.trim(), type.precision ?? 38, type.scale ?? 0) ?? fail();
    case 'boolean': {
      const t = text.trim().toLowerCase();
      return t === 'true' ? true : t === 'false' ? false : fail();
    }
    case 'date': return parseDate(text.trim()) ?? fail();
    case 'timestamp': case 'timestamp_ntz': {
      const r = parseTimestamp(text.trim(), 'us', type.name === 'timestamp');
      return typeof r === 'string' ? fail() : r;
    }
    case 'binary': return Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
    default: return fail();
  }
}

function specialFloat(s: string): number {
  const t = s.trim().toLowerCase();
  if (t.endsWith('nan')) return NaN;
  return t.startsWith('-') ? -Infinity : Infinity;
}
