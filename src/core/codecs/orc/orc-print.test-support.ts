/**
 * Prints decoded ORC rows the way the ORC project's reference files (fixtures/orc/expected/*.jsn.gz)
 * are written: the ORC C++ tools' JSON printer (ColumnPrinter.cc): `{"name": value, …}`, floats as
 * printf %.7g, doubles as %.14g, decimals with their scale's digits, dates and timestamps quoted as
 * wall-clock text with the nanoseconds' trailing zeros removed, binary as byte lists, maps as lists of
 * {"key", "value"}, unions as {"tag", "value"}. Reads Arrow Data buffers directly (Vector.get turns
 * nanosecond timestamps into lossy milliseconds).
 */
import type { Data } from 'apache-arrow';
import { Kind } from './proto-messages.ts';
import type { OrcType } from './schema.ts';

/** printf("%.<p>g"). */
function printfG(v: number, p: number): string {
  if (Number.isNaN(v)) return 'nan';
  if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  const e = v.toExponential(p - 1);
  const exp = Number(e.slice(e.indexOf('e') + 1));
  if (exp < -4 || exp >= p) {
    let mant = e.slice(0, e.indexOf('e'));
    if (mant.includes('.')) mant = mant.replace(/0+$/, '').replace(/\.$/, '');
    return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  let f = v.toFixed(Math.max(0, p - 1 - exp));
  if (f.includes('.')) f = f.replace(/0+$/, '').replace(/\.$/, '');
  return f;
}

const decoder = new TextDecoder();

function quote(bytes: Uint8Array): string {
  const s = decoder.decode(bytes);
  let out = '"';
  for (const ch of s) {
    switch (ch) {
      case '\\': out += '\\\\'; break;
      case '\b': out += '\\b'; break;
      case '\f': out += '\\f'; break;
      case '\n': out += '\\n'; break;
      case '\r': out += '\\r'; break;
      case '\t': out += '\\t'; break;
      case '"': out += '\\"'; break;
      default: out += ch;
    }
  }
  return `${out}"`;
}

function pad(n: number | bigint, w: number): string {
  return String(n).padStart(w, '0');
}

/** "YYYY-MM-DD HH:MM:SS.f…" of nanoseconds since the epoch (wall clock), trailing zeros of the fraction removed. */
function timestampText(ns: bigint): string {
  let secs = ns / 1_000_000_000n;
  let nanos = ns % 1_000_000_000n;
  if (nanos < 0n) { nanos += 1_000_000_000n; secs -= 1n; }
  const d = new Date(Number(secs) * 1000);
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
  const time = `${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}`;
  let frac = nanos === 0n ? '0' : pad(nanos, 9).replace(/0+$/, '');
  if (frac === '') frac = '0';
  return `${date} ${time}.${frac}`;
}

function decimalText(words: Uint32Array, i: number, scale: number): string {
  let v = 0n;
  for (let k = 3; k >= 0; k--) v = (v << 32n) | BigInt(words[i * 4 + k]!);
  v = BigInt.asIntN(128, v);
  if (scale === 0) return v.toString();
  const neg = v < 0n;
  const digits = (neg ? -v : v).toString().padStart(scale + 1, '0');
  return `${neg ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

function isValid(d: Data, i: number): boolean {
  const bm = d.nullBitmap;
  if (!bm || bm.length === 0 || d.nullCount === 0) return true;
  const j = d.offset + i;
  return ((bm[j >> 3]! >> (j & 7)) & 1) === 1;
}

/** One value as the C++ printer writes it. */
export function printValue(t: OrcType, d: Data, i: number): string {
  if (!isValid(d, i)) return 'null';
  const vals = d.values as ArrayLike<number | bigint>;
  switch (t.kind) {
    case Kind.BOOLEAN: return ((d.values as Uint8Array)[i >> 3]! >> (i & 7)) & 1 ? 'true' : 'false';
    case Kind.BYTE: case Kind.SHORT: case Kind.INT: case Kind.LONG: return String(vals[i]);
    case Kind.FLOAT: return printfG(vals[i] as number, 7);
    case Kind.DOUBLE: return printfG(vals[i] as number, 14);
    case Kind.STRING: case Kind.VARCHAR: case Kind.CHAR:
      return quote((d.values as Uint8Array).subarray(d.valueOffsets[i]!, d.valueOffsets[i + 1]!));
    case Kind.BINARY:
      return `[${Array.from((d.values as Uint8Array).subarray(d.valueOffsets[i]!, d.valueOffsets[i + 1]!)).join(', ')}]`;
    case Kind.DATE: {
      const dt = new Date((vals[i] as number) * 86_400_000);
      return `"${pad(dt.getUTCFullYear(), 4)}-${pad(dt.getUTCMonth() + 1, 2)}-${pad(dt.getUTCDate(), 2)}"`;
    }
    case Kind.TIMESTAMP: case Kind.TIMESTAMP_INSTANT: return `"${timestampText(vals[i] as bigint)}"`;
    case Kind.DECIMAL: return decimalText(d.values as Uint32Array, i, t.scale);
    case Kind.LIST: {
      const child = d.children[0]!;
      const parts: string[] = [];
      for (let k = d.valueOffsets[i]!; k < d.valueOffsets[i + 1]!; k++) parts.push(printValue(t.children[0]!, child, k));
      return `[${parts.join(', ')}]`;
    }
    case Kind.MAP: {
      const entries = d.children[0]!;
      const parts: string[] = [];
      for (let k = d.valueOffsets[i]!; k < d.valueOffsets[i + 1]!; k++) {
        parts.push(`{"key": ${printValue(t.children[0]!, entries.children[0]!, k)}, "value": ${printValue(t.children[1]!, entries.children[1]!, k)}}`);
      }
      return `[${parts.join(', ')}]`;
    }
    case Kind.STRUCT: return `{${t.children.map((c, k) => `"${c.name}": ${printValue(c, d.children[k]!, i)}`).join(', ')}}`;
    case Kind.UNION: {
      const tag = (d.children[0]!.values as Int8Array)[i]!;
      return `{"tag": ${tag}, "value": ${printValue(t.children[tag]!, d.children[tag + 1]!, i)}}`;
    }
    default: return '?';
  }
}
