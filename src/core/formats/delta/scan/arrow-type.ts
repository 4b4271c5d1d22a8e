/**
 * Delta types as Arrow types (PROTOCOL.md "Delta Data Type to Parquet Type Mappings"): timestamps are
 * microseconds (UTC-adjusted for `timestamp`, zone-less for `timestamp_ntz`), dates are days, decimals
 * 128-bit. Used for partition columns, columns missing from a file and widened columns.
 */
import {
  Binary, Bool, DateDay, Decimal, Field, Float32, Float64, Int16, Int32, Int64, Int8, List, Map_, Null, Struct, TimestampMicrosecond, Utf8,
  type DataType,
} from 'apache-arrow';
import type { DeltaType, StructField } from '../spec/schema.ts';
import { messageError } from '../../../message-error.ts';

/** The Arrow type of a Delta type. Variant → Unsupported. */
export function arrowType(t: DeltaType): DataType {
  switch (t.kind) {
    case 'struct': return new Struct(t.fields.map(arrowField));
    case 'array': return new List(new Field('element', arrowType(t.elementType), t.containsNull));
    case 'map': return new Map_(new Field('entries', new Struct([
      new Field('key', arrowType(t.keyType), false), new Field('value', arrowType(t.valueType), t.valueContainsNull),
    ]), false) as never);
    case 'primitive':
      switch (t.name) {
        case 'string': return new Utf8();
        case 'long': return new Int64();
        case 'integer': return new Int32();
        case 'short': return new Int16();
        case 'byte': return new Int8();
        case 'float': return new Float32();
        case 'double': return new Float64();
        case 'boolean': return new Bool();
        case 'binary': return new Binary();
        case 'date': return new DateDay();
        case 'timestamp': return new TimestampMicrosecond('UTC');
        case 'timestamp_ntz': return new TimestampMicrosecond();
        case 'decimal': return new Decimal(t.scale ?? 0, t.precision ?? 38, 128);
        case 'void': return new Null();
        case 'variant': throw messageError('Unsupported', 'error.delta.variantRead', undefined);
      }
  }
}

/** The Arrow field of a struct field (logical name). */
function arrowField(f: StructField): Field {
  return new Field(f.name, arrowType(f.type), f.nullable);
}
