/**
 * A whole ORC file in memory as plain JavaScript records, the shape the Avro decoder gives (for
 * metadata files a table format writes in ORC or Avro alike, e.g. Paimon manifests with
 * `manifest.format = orc`): struct → object by field name, list → array, map → array of {key, value},
 * boolean, tinyint/smallint/int/date (days) → number, bigint → bigint, float/double → number,
 * string → string, binary → Uint8Array, timestamps → bigint milliseconds (wall clock; as Avro
 * timestamp-millis), decimal → string with the column's scale, union → {tag, value}.
 */
import { Schema, type Data } from 'apache-arrow';
import { decodeStripe, topColumns } from './arrow-reader.ts';
import { asOrcError } from './errors.ts';
import { Kind } from './proto-messages.ts';
import { arrowField, typeString, type OrcType } from './schema.ts';
import { readOrcTailSync } from './tail.ts';

/** True when the bytes start with ORC's magic ("ORC"). */
export function isOrcFile(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0x4f && bytes[1] === 0x52 && bytes[2] === 0x43;
}

/**
 * Decodes every row. Must hold: rows in file order; corrupt input → LakeError DataInvalid `orc: …`
 * naming the file. `schemaText` is the Hive type string of the root.
 */
export function readOrcRecordsSync(bytes: Uint8Array, name?: string): { records: Record<string, unknown>[]; schemaText: string } {
  const tail = readOrcTailSync(bytes, name);
  if (!tail.schema) return { records: [], schemaText: '' };
  const columns = topColumns(tail.schema);
  const schema = new Schema(columns.map((c) => arrowField(c)));
  const records: Record<string, unknown>[] = [];
  tail.footer.stripes.forEach((info, index) => {
    const start = info.offset + info.indexLength;
    const batch = decodeStripe(tail, info, index, bytes.subarray(start, start + info.dataLength + info.footerLength), info.indexLength, columns, schema, name);
    try {
      for (let i = 0; i < batch.numRows; i++) {
        const r: Record<string, unknown> = {};
        columns.forEach((c, k) => { r[c.name] = valueOf(c, batch.data.children[k]!, i); });
        records.push(r);
      }
    } catch (e) {
      throw asOrcError(e, name, `cannot convert stripe ${index} to records`);
    }
  });
  return { records, schemaText: typeString(tail.schema) };
}

function isValid(d: Data, i: number): boolean {
  const bm = d.nullBitmap;
  if (!bm || bm.length === 0 || d.nullCount === 0) return true;
  return ((bm[i >> 3]! >> (i & 7)) & 1) === 1;
}

const decoder = new TextDecoder();

/** One value of column `t` at slot `i`. */
export function valueOf(t: OrcType, d: Data, i: number): unknown {
  if (!isValid(d, i)) return null;
  const vals = d.values as ArrayLike<number | bigint>;
  switch (t.kind) {
    case Kind.BOOLEAN: return (((d.values as Uint8Array)[i >> 3]! >> (i & 7)) & 1) === 1;
    case Kind.BYTE: case Kind.SHORT: case Kind.INT: case Kind.DATE: case Kind.FLOAT: case Kind.DOUBLE: return vals[i] as number;
    case Kind.LONG: return vals[i] as bigint;
    case Kind.STRING: case Kind.VARCHAR: case Kind.CHAR:
      return decoder.decode((d.values as Uint8Array).subarray(d.valueOffsets[i]!, d.valueOffsets[i + 1]!));
    case Kind.BINARY: return (d.values as Uint8Array).slice(d.valueOffsets[i]!, d.valueOffsets[i + 1]!);
    case Kind.TIMESTAMP: case Kind.TIMESTAMP_INSTANT: {
      const ns = vals[i] as bigint;
      const q = ns / 1_000_000n;
      return ns < 0n && q * 1_000_000n !== ns ? q - 1n : q;
    }
    case Kind.DECIMAL: {
      let v = 0n;
      for (let k = 3; k >= 0; k--) v = (v << 32n) | BigInt((d.values as Uint32Array)[i * 4 + k]!);
      v = BigInt.asIntN(128, v);
      if (t.scale === 0) return v.toString();
      const neg = v < 0n;
      const digits = (neg ? -v : v).toString().padStart(t.scale + 1, '0');
      return `${neg ? '-' : ''}${digits.slice(0, -t.scale)}.${digits.slice(-t.scale)}`;
    }
    case Kind.LIST: {
      const out: unknown[] = [];
      for (let k = d.valueOffsets[i]!; k < d.valueOffsets[i + 1]!; k++) out.push(valueOf(t.children[0]!, d.children[0]!, k));
      return out;
    }
    case Kind.MAP: {
      const e = d.children[0]!;
      const out: { key: unknown; value: unknown }[] = [];
      for (let k = d.valueOffsets[i]!; k < d.valueOffsets[i + 1]!; k++) out.push({ key: valueOf(t.children[0]!, e.children[0]!, k), value: valueOf(t.children[1]!, e.children[1]!, k) });
      return out;
    }
    case Kind.STRUCT: {
      const out: Record<string, unknown> = {};
      t.children.forEach((c, k) => { out[c.name] = valueOf(c, d.children[k]!, i); });
      return out;
    }
    case Kind.UNION: {
      const tag = (d.children[0]!.values as Int8Array)[i]!;
      return { tag, value: valueOf(t.children[tag]!, d.children[tag + 1]!, i) };
    }
    default: return null;
  }
}
