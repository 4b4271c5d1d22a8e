/**
 * Value types and value representation shared by every table format's predicates.
 *
 * Formats map their column types onto {@link ValueType}; literals and statistics are converted to one
 * internal representation per kind so that comparison never depends on where a value came from:
 *
 * | kind                                   | internal value                               |
 * |----------------------------------------|----------------------------------------------|
 * | boolean                                | `boolean`                                    |
 * | int, date (days since 1970-01-01)      | `number` (integral)                          |
 * | long, time (µs), timestamp[tz] (µs), timestamp[tz]_ns (ns) | `bigint`                 |
 * | float, double                          | `number` (float is a float32-rounded number) |
 * | decimal(P,S)                           | `bigint` unscaled value                      |
 * | string                                 | `string`                                     |
 * | uuid                                   | `string`, lowercase 8-4-4-4-12 form          |
 * | fixed, binary                          | `Uint8Array`                                 |
 */

/** Kinds of primitive values a predicate can compare. `other` covers types with no ordering (variant, geometry …). */
export type PrimitiveKind =
  | 'boolean' | 'int' | 'long' | 'float' | 'double' | 'decimal'
  | 'date' | 'time' | 'timestamp' | 'timestamptz' | 'timestamp_ns' | 'timestamptz_ns'
  | 'string' | 'uuid' | 'fixed' | 'binary' | 'other';

/** A primitive column type as predicates see it. `precision`/`scale` for decimal, `length` for fixed. */
export interface ValueType {
  readonly kind: PrimitiveKind;
  readonly precision?: number;
  readonly scale?: number;
  readonly length?: number;
}

/** One non-null value in the internal representation (see the module comment). */
export type Value = boolean | number | bigint | string | Uint8Array;

/** True for float and double, the kinds that may hold NaN. */
export function isFloatingKind(kind: PrimitiveKind): boolean {
  return kind === 'float' || kind === 'double';
}

/** Human-readable type name, e.g. `decimal(10,2)`. */
export function typeName(t: ValueType): string {
  if (t.kind === 'decimal') return `decimal(${t.precision ?? '?'},${t.scale ?? '?'})`;
  if (t.kind === 'fixed') return `fixed[${t.length ?? '?'}]`;
  return t.kind;
}
