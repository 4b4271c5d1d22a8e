/**
 * Lazily decoded fields: a reader that needs only some fields of every record (scan planning reads
 * paths, partitions and counts of 100,000 manifest entries but the column metrics of none, unless a
 * filter asks) steps over the others with a skipper, which checks the encoding exactly as the decoder
 * does (varint lengths, bounds, union and enum indexes) but allocates nothing, and keeps an
 * {@link AvroLazy} that decodes the value on demand. Truncated or garbage input still fails while the
 * file is read, not later.
 */
import { LakeError } from '../../errors.ts';
import { AvroCursor } from './cursor.ts';
import { minEncodedSize, type AvroField, type AvroType } from './schema.ts';
import { internalError, messageError } from '../../message-error.ts';

/** Decodes one value at the cursor and advances it. */
export type AvroDecodeFn = (c: AvroCursor) => unknown;

/** Steps the cursor over one value, checking its encoding. */
export type AvroSkipFn = (c: AvroCursor) => void;

/**
 * Which record fields to decode lazily. `key` names the rule: decoders are compiled and cached per
 * (schema, key), so one key must always mean the same `test` and `create`.
 */
export interface AvroLazyFields {
  readonly key: string;
  readonly test: (field: AvroField) => boolean;
  /**
   * Given a lazy field's type (once, when the decoder is compiled), the function that makes its lazy
   * values (default: {@link AvroLazy}s); a subclass may read parts of the encoded value directly (e.g.
   * look up one key of a map) without decoding all of it.
   */
  readonly factory?: LazyFactory;
}

/** Makes the lazy values of one type: see {@link AvroLazyFields.factory}. */
export type LazyFactory = (type: AvroType, decode: AvroDecodeFn) => (bytes: Uint8Array, pos: number) => AvroLazy;

/** A type and its decoder, shared by every lazy value of that type (so each lazy value holds three fields). */
export interface LazyKind {
  readonly type: AvroType;
  readonly decode: AvroDecodeFn;
}

/**
 * A value not decoded yet: where its encoding starts in its (decompressed) block, its type and how to
 * decode it. Holding one keeps the block's bytes alive — less memory than the decoded values would take.
 */
export class AvroLazy {
  constructor(readonly bytes: Uint8Array, readonly pos: number, protected readonly kind: LazyKind) {}

  /** The value's Avro type. */
  get type(): AvroType {
    return this.kind.type;
  }

  /** A cursor at the start of the encoded value (the encoding was checked when the record was read). */
  cursor(): AvroCursor {
    return new AvroCursor(this.bytes, this.pos);
  }

  /** Decodes the value (again on every call: callers keep the result). Bytes/fixed values are views into the block. */
  decode(): unknown {
    return this.kind.decode(this.cursor());
  }
}

const defaultFactory: LazyFactory = (type, decode) => {
  const kind: LazyKind = { type, decode };
  return (bytes, pos) => new AvroLazy(bytes, pos, kind);
};

/** Upper bound on items of zero-byte types (e.g. array<null>) in one block, so garbage cannot spin for ages. */
const MAX_ZERO_SIZE_ITEMS = 10_000_000;

/**
 * Reads one block count of an array/map (Avro: a negative count is followed by the block's byte size)
 * and checks it can fit in the bytes left. Returns 0 at the end marker.
 */
export function blockCount(c: AvroCursor, minItemSize: number, what: string): number {
  let count = c.readLongNumber();
  if (count < 0) {
    count = -count;
    c.readLength(`${what} block size`);
  }
  const fits = minItemSize > 0 ? count * minItemSize <= c.remaining : count <= MAX_ZERO_SIZE_ITEMS;
  if (!fits) throw messageError('DataInvalid', 'error.avro.blockFit', { what, count, bytes: c.remaining }, { offset: c.pos });
  return count;
}

/** Compiles the skipper of a normalised type (recursive named types are supported). */
export function compileSkipper(t: AvroType, named = new Map<AvroType, AvroSkipFn>()): AvroSkipFn {
  switch (t.kind) {
    case 'null': return () => {};
    case 'boolean': return (c) => { c.readBoolean(); };
    case 'int': return (c) => { c.readInt(); };
    case 'long': return (c) => c.skipVarint();
    case 'float': return (c) => c.skip(4);
    case 'double': return (c) => c.skip(8);
    case 'bytes': case 'string': {
      const what = `${t.kind} length`; // not built per value
      return (c) => c.skip(c.readLength(what));
    }
    case 'fixed': {
      const size = t.size;
      return (c) => c.skip(size);
    }
    case 'enum': {
      const n = t.symbols.length;
      const name = t.name;
      return (c) => {
        const i = c.readInt();
        if (i < 0 || i >= n) throw messageError('DataInvalid', 'error.avro.enumIndex', { name, index: i }, { offset: c.pos });
      };
    }
    case 'array': return blocksSkipper(compileSkipper(t.items, named), minEncodedSize(t.items), 'array', false);
    case 'map': return blocksSkipper(compileSkipper(t.values, named), minEncodedSize(t.values) + 1, 'map', true);
    case 'union': {
      const branches = t.branches.map((b) => compileSkipper(b, named));
      return (c) => {
        const i = c.readInt();
        const s = branches[i];
        if (s === undefined) throw messageError('DataInvalid', 'error.avro.unionBranch', { index: i, branches: branches.length }, { offset: c.pos });
        s(c);
      };
    }
    case 'record': {
      const existing = named.get(t);
      if (existing) return existing;
      let body: AvroSkipFn = () => { throw internalError('avro: recursive skipper used before compiled'); };
      const forward: AvroSkipFn = (c) => body(c);
      named.set(t, forward);
      const fields = t.fields.map((f) => compileSkipper(f.type, named));
      body = (c) => { for (let i = 0; i < fields.length; i++) fields[i]!(c); };
      return forward;
    }
  }
}

/** Arrays and maps: item by item (not by the optional block byte size, which would leave the items unchecked). */
function blocksSkipper(item: AvroSkipFn, minItemSize: number, what: string, keyed: boolean): AvroSkipFn {
  return (c) => {
    for (let n = blockCount(c, minItemSize, what); n !== 0; n = blockCount(c, minItemSize, what)) {
      for (let i = 0; i < n; i++) {
        if (keyed) c.skip(c.readLength('string length'));
        item(c);
      }
    }
  };
}

/**
 * The decoder of a lazy field: an optional union decodes its branch index at once (so null stays a
 * plain null) and defers the branch's value; any other type is deferred whole.
 */
export function lazyFieldDecoder(t: AvroType, decoderOf: (t: AvroType) => AvroDecodeFn, factory: LazyFactory = defaultFactory): AvroDecodeFn {
  if (t.kind !== 'union') {
    const create = factory(t, decoderOf(t));
    const skip = compileSkipper(t);
    return (c) => {
      const v = create(c.bytes, c.pos);
      skip(c);
      return v;
    };
  }
  const branches = t.branches.map((b) => ({ isNull: b.kind === 'null', create: factory(b, decoderOf(b)), skip: compileSkipper(b) }));
  return (c) => {
    const i = c.readInt();
    const b = branches[i];
    if (b === undefined) throw messageError('DataInvalid', 'error.avro.unionBranch', { index: i, branches: branches.length }, { offset: c.pos });
    if (b.isNull) return null;
    const v = b.create(c.bytes, c.pos);
    b.skip(c);
    return v;
  };
}
