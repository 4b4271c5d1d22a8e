/**
 * Delta primitive types as core/expr sees them, and the one internal value representation shared by
 * partition values, statistics, predicates and Arrow constants (core/expr/types.ts): int/short/byte and
 * date (days) are numbers; long, decimal (unscaled), timestamp and timestamp_ntz (µs) are bigints; float
 * and double numbers; string strings; binary Uint8Array; boolean boolean.
 */
import type { ValueType } from '../../../expr/index.ts';
import type { DeltaType } from './schema.ts';

/** The expr value type of a Delta type (`other` for nested, variant and void). */
export function valueTypeOf(t: DeltaType): ValueType {
  if (t.kind !== 'primitive') return { kind: 'other' };
  switch (t.name) {
    case 'byte': case 'short': case 'integer': return { kind: 'int' };
    case 'long': return { kind: 'long' };
    case 'float': return { kind: 'float' };
    case 'double': return { kind: 'double' };
    case 'decimal': return { kind: 'decimal', precision: t.precision, scale: t.scale };
    case 'boolean': return { kind: 'boolean' };
    case 'string': return { kind: 'string' };
    case 'binary': return { kind: 'binary' };
    case 'date': return { kind: 'date' };
    case 'timestamp': return { kind: 'timestamptz' };
    case 'timestamp_ntz': return { kind: 'timestamp' };
    default: return { kind: 'other' };
  }
}
