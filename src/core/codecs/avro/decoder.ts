/**
 * Compiles a normalised Avro schema into a tree of closures that decode one value (Avro spec 1.11,
 * "Binary Encoding"). Compiling once per distinct schema — not interpreting the schema per value —
 * is what makes manifest decoding fast (avsc measured 78k → 334k entries/s from the same idea, see
 * notes/toolchain.md). Closures rather than `new Function` code generation: a page under a strict
 * Content-Security-Policy (no 'unsafe-eval') must still be able to read manifests.
 *
 * Value mapping: null → null, boolean, int/float/double → number, long → bigint (always), bytes/fixed →
 * Uint8Array (a view into the block buffer, not a copy), string → string, enum → symbol string,
 * record → plain object with the fields in schema order (or, with `recordsAsArrays`, an array of the field
 * values in schema order: element stores and loads instead of per-name property lookups, which made up
 * most of decoding a manifest), array → Array, map → Map<string, V>
 * (a Map, not an object, so that keys like `__proto__` are data), union → the branch's value unwrapped.
 * Logical types are not interpreted: the underlying value is returned.
 */
import { LakeError } from '../../errors.ts';
import { type AvroDecodeFn, type AvroLazyFields, blockCount, lazyFieldDecoder } from './lazy.ts';
import { minEncodedSize, type AvroType } from './schema.ts';
import { internalError, messageError } from '../../message-error.ts';

export type { AvroDecodeFn } from './lazy.ts';

/** How records are decoded. */
export interface DecoderOptions {
  /** Record fields to decode to an {@link AvroLazy} (or null for the null branch of a union). */
  readonly lazy?: AvroLazyFields;
  /** Records as arrays of field values in schema order instead of objects keyed by field name. */
  readonly recordsAsArrays?: boolean;
}

/** Compiles the decoder for a normalised schema (recursive named types are supported). */
export function compileDecoder(t: AvroType, options: DecoderOptions = {}): AvroDecodeFn {
  return new DecoderCompiler(options).compile(t);
}

class DecoderCompiler {
  private readonly named = new Map<AvroType, AvroDecodeFn>();
  private readonly lazy: AvroLazyFields | undefined;

  constructor(private readonly options: DecoderOptions) {
    this.lazy = options.lazy;
  }

  compile(t: AvroType): AvroDecodeFn {
    switch (t.kind) {
      case 'null': return () => null;
      case 'boolean': return (c) => c.readBoolean();
      case 'int': return (c) => c.readInt();
      case 'long': return (c) => c.readLong();
      case 'float': return (c) => c.readFloat();
      case 'double': return (c) => c.readDouble();
      case 'bytes': return (c) => c.readBytes();
      case 'string': return (c) => c.readString();
      case 'fixed': {
        const size = t.size;
        return (c) => c.readFixed(size);
      }
      case 'enum': return enumDecoder(t.name, t.symbols);
      case 'array': return arrayDecoder(this.compile(t.items), minEncodedSize(t.items));
      case 'map': return mapDecoder(this.compile(t.values), minEncodedSize(t.values));
      case 'union': return unionDecoder(t.branches.map((b) => this.compile(b)));
      case 'record': return this.record(t);
    }
  }

  private record(t: Extract<AvroType, { kind: 'record' }>): AvroDecodeFn {
    const existing = this.named.get(t);
    if (existing) return existing;
    // Register a forwarding decoder first so that recursive references compile to it.
    let body: AvroDecodeFn = () => { throw internalError('avro: recursive decoder used before compiled'); };
    const forward: AvroDecodeFn = (c) => body(c);
    this.named.set(t, forward);
    const names = t.fields.map((f) => f.name);
    const decoders = t.fields.map((f) => (this.lazy?.test(f) ? lazyFieldDecoder(f.type, (x) => this.compile(x), this.lazy.factory) : this.compile(f.type)));
    const n = names.length;
    body = this.options.recordsAsArrays
      ? (c) => {
        const arr = new Array<unknown>(n);
        for (let i = 0; i < n; i++) arr[i] = decoders[i]!(c);
        return arr;
      }
      : (c) => {
        const obj: Record<string, unknown> = {};
        for (let i = 0; i < n; i++) obj[names[i]!] = decoders[i]!(c);
        return obj;
      };
    return forward;
  }
}

function enumDecoder(name: string, symbols: readonly string[]): AvroDecodeFn {
  return (c) => {
    const i = c.readInt();
    const s = symbols[i];
    if (s === undefined) throw messageError('DataInvalid', 'error.avro.enumIndex', { name, index: i }, { offset: c.pos });
    return s;
  };
}

function unionDecoder(branches: AvroDecodeFn[]): AvroDecodeFn {
  return (c) => {
    const i = c.readInt();
    const d = branches[i];
    if (d === undefined) throw messageError('DataInvalid', 'error.avro.unionBranch', { index: i, branches: branches.length }, { offset: c.pos });
    return d(c);
  };
}

function arrayDecoder(item: AvroDecodeFn, minItemSize: number): AvroDecodeFn {
  return (c) => {
    const out: unknown[] = [];
    for (let n = blockCount(c, minItemSize, 'array'); n !== 0; n = blockCount(c, minItemSize, 'array')) {
      for (let i = 0; i < n; i++) out.push(item(c));
    }
    return out;
  };
}

function mapDecoder(value: AvroDecodeFn, minValueSize: number): AvroDecodeFn {
  return (c) => {
    const out = new Map<string, unknown>();
    for (let n = blockCount(c, minValueSize + 1, 'map'); n !== 0; n = blockCount(c, minValueSize + 1, 'map')) {
      for (let i = 0; i < n; i++) {
        const k = c.readString();
        out.set(k, value(c));
      }
    }
    return out;
  };
}
