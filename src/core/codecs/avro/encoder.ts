/**
 * Avro binary encoding (Avro spec 1.11, "Binary Encoding") for writing manifests and manifest lists:
 * a growable byte sink and a compiler from a normalised schema to encoder closures. Accepts the
 * values the decoder produces (so decode → encode round-trips) plus a few conveniences: a safe-integer
 * number for `long`, a plain object for `map`, a missing record field that has a default or a nullable type.
 */
import { LakeError } from '../../errors.ts';
import { utf8Encode } from '../../util/bytes.ts';
import type { AvroField, AvroType } from './schema.ts';
import { internalError, messageError } from '../../message-error.ts';

/** A growable output buffer. */
export class AvroSink {
  private buf = new Uint8Array(1024);
  private view = new DataView(this.buf.buffer);
  length = 0;

  private ensure(extra: number): void {
    if (this.length + extra <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.length + extra));
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  /** The bytes written so far (a view; copy before writing more if you keep it). */
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }

  reset(): void {
    this.length = 0;
  }

  writeByte(b: number): void {
    this.ensure(1);
    this.buf[this.length++] = b;
  }

  writeRaw(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }

  /** Zig-zag varint of a 32-bit integer. */
  writeInt(v: number): void {
    this.ensure(5);
    let n = ((v << 1) ^ (v >> 31)) >>> 0;
    while (n > 0x7f) {
      this.buf[this.length++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    this.buf[this.length++] = n;
  }

  /** Zig-zag varint of a 64-bit integer. */
  writeLong(v: bigint | number): void {
    if (typeof v === 'number' && v >= -0x40000000 && v < 0x40000000) return this.writeInt(v);
    this.ensure(10);
    let n = BigInt.asUintN(64, (BigInt(v) << 1n) ^ (BigInt(v) >> 63n));
    while (n > 0x7fn) {
      this.buf[this.length++] = Number(n & 0x7fn) | 0x80;
      n >>= 7n;
    }
    this.buf[this.length++] = Number(n);
  }

  writeFloat(v: number): void {
    this.ensure(4);
    this.view.setFloat32(this.length, v, true);
    this.length += 4;
  }

  writeDouble(v: number): void {
    this.ensure(8);
    this.view.setFloat64(this.length, v, true);
    this.length += 8;
  }

  writeBytes(b: Uint8Array): void {
    this.writeLong(b.length);
    this.writeRaw(b);
  }

  writeString(s: string): void {
    this.writeBytes(utf8Encode(s));
  }
}

/** Encodes one value into the sink. `path` names the value in errors. */
export type AvroEncodeFn = (sink: AvroSink, value: unknown, path: string) => void;

function mismatch(t: AvroType, value: unknown, path: string): LakeError {
  const shown = typeof value === 'bigint' ? `${value}n` : value instanceof Uint8Array ? `bytes[${value.length}]`
    : typeof value === 'object' && value !== null ? (value.constructor?.name ?? 'object') : JSON.stringify(value);
  return messageError('DataInvalid', 'error.avro.write.value', { value: String(shown), path: path || '(root)', type: t.kind }, { path });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array) && !(v instanceof Map);
}

/** True when `value` can be written as `t` (used to choose a union branch: the first that accepts wins). */
function accepts(t: AvroType, value: unknown): boolean {
  switch (t.kind) {
    case 'null': return value === null || value === undefined;
    case 'boolean': return typeof value === 'boolean';
    case 'int': return typeof value === 'number' && Number.isInteger(value) && value >= -0x80000000 && value <= 0x7fffffff;
    case 'long': return typeof value === 'bigint' ? BigInt.asIntN(64, value) === value : Number.isSafeInteger(value);
    case 'float': case 'double': return typeof value === 'number';
    case 'bytes': return value instanceof Uint8Array;
    case 'fixed': return value instanceof Uint8Array && value.length === t.size;
    case 'string': return typeof value === 'string';
    case 'enum': return typeof value === 'string' && t.symbols.includes(value);
    case 'array': return Array.isArray(value);
    case 'map': return value instanceof Map || isPlainObject(value);
    case 'record': return isPlainObject(value);
    case 'union': return t.branches.some((b) => accepts(b, value));
  }
}

/** Compiles the encoder for a normalised schema (recursive named types are supported). */
export function compileEncoder(t: AvroType): AvroEncodeFn {
  return new EncoderCompiler().compile(t);
}

class EncoderCompiler {
  private readonly named = new Map<AvroType, AvroEncodeFn>();

  compile(t: AvroType): AvroEncodeFn {
    switch (t.kind) {
      case 'null': return (s, v, p) => { if (!accepts(t, v)) throw mismatch(t, v, p); };
      case 'boolean': return (s, v, p) => { if (!accepts(t, v)) throw mismatch(t, v, p); s.writeByte(v ? 1 : 0); };
      case 'int': return (s, v, p) => { if (!accepts(t, v)) throw mismatch(t, v, p); s.writeInt(v as number); };
      case 'long': return (s, v, p) => { if (!accepts(t, v)) throw mismatch(t, v, p); s.writeLong(v as bigint | number); };
      case 'float': return (s, v, p) => { if (!accepts(t, v)) throw mismatch(t, v, p); s.writeFloat(v as number); };
      case 'double': return (s, v, p) => { if (!accepts(t, v)) throw mismatch(t, v, p); s.writeDouble(v as number); };
      case 'bytes': return (s, v, p) => { if (!accepts(t, v)) throw mismatch(t, v, p); s.writeBytes(v as Uint8Array); };
      case 'string': return (s, v, p) => { if (!accepts(t, v)) throw mismatch(t, v, p); s.writeString(v as string); };
      case 'fixed': return (s, v, p) => { if (!accepts(t, v)) throw mismatch(t, v, p); s.writeRaw(v as Uint8Array); };
      case 'enum': return (s, v, p) => { if (!accepts(t, v)) throw mismatch(t, v, p); s.writeInt(t.symbols.indexOf(v as string)); };
      case 'array': return this.array(t.items);
      case 'map': return this.map(t.values);
      case 'union': return this.union(t);
      case 'record': return this.record(t);
    }
  }

  private array(items: AvroType): AvroEncodeFn {
    const item = this.compile(items);
    return (s, v, p) => {
      if (!Array.isArray(v)) throw mismatch({ kind: 'array', items, attrs: {} }, v, p);
      if (v.length > 0) {
        s.writeLong(v.length);
        for (let i = 0; i < v.length; i++) item(s, v[i], `${p}[${i}]`);
      }
      s.writeByte(0);
    };
  }

  private map(values: AvroType): AvroEncodeFn {
    const value = this.compile(values);
    return (s, v, p) => {
      const entries = v instanceof Map ? [...v.entries()] : isPlainObject(v) ? Object.entries(v) : undefined;
      if (!entries) throw mismatch({ kind: 'map', values, attrs: {} }, v, p);
      if (entries.length > 0) {
        s.writeLong(entries.length);
        for (const [k, x] of entries) {
          if (typeof k !== 'string') throw messageError('DataInvalid', 'error.avro.write.mapKey', { path: p }, { path: p });
          s.writeString(k);
          value(s, x, `${p}.${k}`);
        }
      }
      s.writeByte(0);
    };
  }

  private union(t: Extract<AvroType, { kind: 'union' }>): AvroEncodeFn {
    const branches = t.branches;
    const encoders = branches.map((b) => this.compile(b));
    return (s, v, p) => {
      const i = branches.findIndex((b) => accepts(b, v));
      if (i < 0) throw mismatch(t, v, p);
      s.writeInt(i);
      encoders[i]!(s, v, p);
    };
  }

  private record(t: Extract<AvroType, { kind: 'record' }>): AvroEncodeFn {
    const existing = this.named.get(t);
    if (existing) return existing;
    let body: AvroEncodeFn = () => { throw internalError('avro write: recursive encoder used before compiled'); };
    const forward: AvroEncodeFn = (s, v, p) => body(s, v, p);
    this.named.set(t, forward);
    const fields = t.fields.map((f) => ({ f, enc: this.compile(f.type) }));
    body = (s, v, p) => {
      if (!isPlainObject(v)) throw mismatch(t, v, p);
      for (const { f, enc } of fields) {
        const path = p ? `${p}.${f.name}` : f.name;
        enc(s, fieldValue(f, v[f.name], path), path);
      }
    };
    return forward;
  }
}

/** A record field's value: as given, else its default (Avro "Complex Types / Records"), else null if nullable. */
function fieldValue(f: AvroField, value: unknown, path: string): unknown {
  if (value !== undefined) return value;
  if ('default' in f.attrs) return defaultValue(f.type, f.attrs.default);
  if (accepts(f.type, null)) return null;
  throw messageError('DataInvalid', 'error.avro.write.missing', { path }, { path });
}

/** A JSON default converted to the value the encoder expects (bytes/fixed defaults are ISO-8859-1 strings). */
function defaultValue(t: AvroType, d: unknown): unknown {
  const type = t.kind === 'union' ? t.branches[0]! : t;
  if ((type.kind === 'bytes' || type.kind === 'fixed') && typeof d === 'string') {
    return Uint8Array.from(d, (ch) => ch.charCodeAt(0) & 0xff);
  }
  if (type.kind === 'long' && typeof d === 'number') return BigInt(d);
  return d;
}
