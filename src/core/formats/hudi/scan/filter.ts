/**
 * `--where` filters on Hudi reads: bound against the version's Avro schema by column name and
 * evaluated on each row after the merge (a filter must never see a base row its log update replaces),
 * SQL three-valued: unknown drops the row. Nested columns are not comparable.
 */
import { DataType, Type, type Data, type RecordBatch } from 'apache-arrow';
import { filterRows } from '../../../arrow/index.ts';
import type { AvroType } from '../../../codecs/avro/index.ts';
import { bindExpr, convertLiteral, evaluateRow, parseWhere, type BoundExpr, type Expr, type Value, type ValueType } from '../../../expr/index.ts';
import { utf8Decode } from '../../../util/bytes.ts';
import type { HudiSchema } from '../spec/schema.ts';

/** The predicate type of an Avro field type (union with null unwrapped); undefined for nested types. */
export function valueTypeOfAvro(t: AvroType): ValueType | undefined {
  if (t.kind === 'union') {
    const rest = t.branches.filter((b) => b.kind !== 'null');
    return rest.length === 1 ? valueTypeOfAvro(rest[0]!) : undefined;
  }
  const lt = ('logicalType' in t ? t.logicalType : undefined) ?? (t.attrs.logicalType as string | undefined);
  if (lt === 'decimal') return { kind: 'decimal', precision: Number(t.attrs.precision), scale: Number(t.attrs.scale ?? 0) };
  if (lt === 'date') return { kind: 'date' };
  if (lt === 'timestamp-micros' || lt === 'timestamp-millis') return { kind: 'timestamptz' };
  if (lt === 'local-timestamp-micros' || lt === 'local-timestamp-millis') return { kind: 'timestamp' };
  switch (t.kind) {
    case 'boolean': return { kind: 'boolean' };
    case 'int': return { kind: 'int' };
    case 'long': return { kind: 'long' };
    case 'float': return { kind: 'float' };
    case 'double': return { kind: 'double' };
    case 'string': case 'enum': return { kind: 'string' };
    case 'bytes': return { kind: 'binary' };
    case 'fixed': return { kind: 'fixed', length: t.size };
    default: return undefined;
  }
}

/** Binds a filter (or `--where` text) to the schema; undefined when there is none. */
export function bindFilter(schema: HudiSchema, filter: Expr | string | undefined): BoundExpr | undefined {
  if (filter === undefined || filter === '') return undefined;
  const expr = typeof filter === 'string' ? parseWhere(filter) : filter;
  return bindExpr(expr, (name) => {
    const k = schema.type.fields.findIndex((f) => f.name === name);
    const type = k < 0 ? undefined : valueTypeOfAvro(schema.type.fields[k]!.type);
    return type && { id: k + 1, name, type };
  });
}

function bytesAt(d: Data, i: number): Uint8Array {
  const o = d.valueOffsets as Int32Array;
  return (d.values as Uint8Array).subarray(o[i]!, o[i + 1]!);
}

/** Reads predicate values (see expr/types.ts) from Arrow data; undefined for types predicates do not compare. */
function valueReader(type: DataType): ((d: Data, i: number) => Value) | undefined {
  switch (type.typeId) {
    case Type.Bool: return (d, i) => ((d.values as Uint8Array)[(d.offset + i) >> 3]! & (1 << ((d.offset + i) & 7))) !== 0;
    case Type.Int: return (type as unknown as { bitWidth: number }).bitWidth === 64 ? (d, i) => BigInt((d.values as BigInt64Array)[i]!) : (d, i) => Number((d.values as Int32Array)[i]!);
    case Type.Float: return (d, i) => Number((d.values as Float64Array)[i]!);
    case Type.Date: return (type as unknown as { unit: number }).unit === 0 ? (d, i) => Number((d.values as Int32Array)[i]!) : (d, i) => Math.floor(Number((d.values as BigInt64Array)[i]!) / 86_400_000);
    case Type.Timestamp: {
      const unit = (type as unknown as { unit: number }).unit; // 0 s, 1 ms, 2 µs, 3 ns
      return (d, i) => {
        const v = BigInt((d.values as BigInt64Array)[i]!);
        if (unit === 2) return v;
        if (unit < 2) return v * (unit === 0 ? 1_000_000n : 1000n);
        return v >= 0n ? v / 1000n : -((-v + 999n) / 1000n);
      };
    }
    case Type.Decimal: return (d, i) => {
      const w = d.values as Uint32Array;
      let v = 0n;
      for (let k = 3; k >= 0; k--) v = (v << 32n) | BigInt(w[i * 4 + k]!);
      return BigInt.asIntN(128, v);
    };
    case Type.Utf8: return (d, i) => utf8Decode(bytesAt(d, i));
    case Type.Binary: return (d, i) => bytesAt(d, i);
    case Type.FixedSizeBinary: {
      const n = (type as unknown as { byteWidth: number }).byteWidth;
      return (d, i) => (d.values as Uint8Array).subarray(i * n, (i + 1) * n);
    }
    default: return undefined;
  }
}

/**
 * The schema a commit records can differ from the files' own types (Hudi records the partition field of a
 * time-based key generator as a string while the files keep the long): the value is brought to the bound
 * type where that is lossless, else left as it is (and compares as unknown).
 */
function coerce(v: Value, type: ValueType): Value {
  if (type.kind === 'string' && (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean')) return String(v);
  if (typeof v === 'string' && type.kind !== 'string') {
    try {
      return convertLiteral(v, type);
    } catch {
      return v;
    }
  }
  return v;
}

/** Keeps the rows for which the bound filter is true. */
export function applyFilter(batch: RecordBatch, filter: BoundExpr): RecordBatch {
  const readers = new Map<string, { data: Data; read: (d: Data, i: number) => Value }>();
  batch.schema.fields.forEach((f, k) => {
    const read = valueReader(f.type);
    if (read) readers.set(f.name, { data: batch.data.children[k]!, read });
  });
  const keep = new Uint8Array(batch.numRows);
  for (let i = 0; i < keep.length; i++) {
    keep[i] = evaluateRow(filter, (ref) => {
      const r = readers.get(ref.name);
      if (!r) return undefined;
      return r.data.getValid(i) ? coerce(r.read(r.data, i), ref.type) : null;
    }) ? 1 : 0;
  }
  return filterRows(batch, keep);
}
