/**
 * A lazily kept array of (int key, value) records — how Avro writers encode a map with non-string keys
 * (Iceberg: "an array of key/value records with logicalType map") — read as a ReadonlyMap straight from
 * its encoding. `get(key)` walks the encoded items (a few varints each) and decodes only the value it
 * returns; nothing is cached, so holding one costs no more memory than the encoded bytes it points into.
 * Why: a scan filter asks each of 100,000 manifest entries for one or two columns' metrics; building
 * Maps of every metric of every entry was slower than the whole plan and kept them all alive.
 */
import { AvroCursor } from './cursor.ts';
import { compileDecoder } from './decoder.ts';
import { type AvroDecodeFn, AvroLazy, type AvroSkipFn, blockCount, compileSkipper, type LazyFactory, type LazyKind } from './lazy.ts';
import { type AvroType, minEncodedSize } from './schema.ts';

/** The kind of the lazy value (type, decoder of the whole array) and how to read its pairs. */
interface PairCodec extends LazyKind {
  readonly value: AvroDecodeFn;
  readonly skipValue: AvroSkipFn;
  readonly minItem: number;
  /** The value's Avro type kind (`long`, `bytes`…), for callers that need a particular value type. */
  readonly valueKind: AvroType['kind'];
}

/** The codec of an `array<record{int, V}>` type with V not a union; undefined for any other type. */
function pairCodec(t: AvroType, decode: AvroDecodeFn): PairCodec | undefined {
  const item = t.kind === 'array' ? t.items : undefined;
  if (item?.kind !== 'record' || item.fields.length !== 2 || item.fields[0]!.type.kind !== 'int' || item.fields[1]!.type.kind === 'union') return undefined;
  const valueType = item.fields[1]!.type;
  return { type: t, decode, value: compileDecoder(valueType), skipValue: compileSkipper(valueType), minItem: minEncodedSize(item), valueKind: valueType.kind };
}

/** Must hold: reads exactly like the Map of its decoded (key, value) pairs, later duplicates winning. */
export class AvroPairMap<V = unknown> extends AvroLazy implements ReadonlyMap<number, V> {
  /** Use {@link AvroPairMap.factory}, which checks the type. */
  private constructor(bytes: Uint8Array, pos: number, codec: PairCodec) {
    super(bytes, pos, codec); // the codec is the kind: three fields per map (100,000 entries hold four each)
  }

  private get codec(): PairCodec {
    return this.kind as PairCodec;
  }

  /** An `AvroLazyFields.factory`: AvroPairMaps for `array<record{int, V}>` values, plain {@link AvroLazy}s for any other type. */
  static readonly factory: LazyFactory = (type, decode) => {
    const codec = pairCodec(type, decode);
    const kind: LazyKind = { type, decode };
    return codec ? (bytes, pos) => new AvroPairMap(bytes, pos, codec) : (bytes, pos) => new AvroLazy(bytes, pos, kind);
  };

  /** The Avro kind of the values (`long`, `bytes`, …). */
  get valueKind(): AvroType['kind'] {
    return this.codec.valueKind;
  }

  get(key: number): V | undefined {
    const c = this.cursor();
    const { value, skipValue, minItem } = this.codec;
    let found: V | undefined;
    for (let n = blockCount(c, minItem, 'array'); n !== 0; n = blockCount(c, minItem, 'array')) {
      for (let i = 0; i < n; i++) {
        if (c.readInt() === key) found = value(c) as V;
        else skipValue(c);
      }
    }
    return found;
  }

  has(key: number): boolean {
    const c = this.cursor();
    const { skipValue, minItem } = this.codec;
    for (let n = blockCount(c, minItem, 'array'); n !== 0; n = blockCount(c, minItem, 'array')) {
      for (let i = 0; i < n; i++) {
        if (c.readInt() === key) return true;
        skipValue(c);
      }
    }
    return false;
  }

  get size(): number {
    return this.toMap().size;
  }

  /** A new Map of every pair (nothing is cached). */
  toMap(): Map<number, V> {
    const c: AvroCursor = this.cursor();
    const { value, minItem } = this.codec;
    const out = new Map<number, V>();
    for (let n = blockCount(c, minItem, 'array'); n !== 0; n = blockCount(c, minItem, 'array')) {
      for (let i = 0; i < n; i++) {
        const k = c.readInt();
        out.set(k, value(c) as V);
      }
    }
    return out;
  }

  entries(): MapIterator<[number, V]> { return this.toMap().entries(); }
  keys(): MapIterator<number> { return this.toMap().keys(); }
  values(): MapIterator<V> { return this.toMap().values(); }
  [Symbol.iterator](): MapIterator<[number, V]> { return this.toMap()[Symbol.iterator](); }

  forEach(fn: (value: V, key: number, map: ReadonlyMap<number, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.toMap()) fn.call(thisArg, v, k, this);
  }

  get [Symbol.toStringTag](): string { return 'AvroPairMap'; }
}
