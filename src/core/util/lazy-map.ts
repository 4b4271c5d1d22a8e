/**
 * A read-only map whose entries are computed on first use. Why: a scan plan holds 100,000 manifest
 * entries with six column-metric maps each and usually reads none of them; building them all up front
 * was most of the planning time (allocations and garbage collection).
 */

/** Must hold: behaves exactly like the Map that {@link load} returns, which is called at most once. */
export abstract class LazyMap<K, V> implements ReadonlyMap<K, V> {
  private loaded: Map<K, V> | undefined;

  /** Builds the entries (called once, on the first access of any kind). */
  protected abstract load(): Map<K, V>;

  private map(): Map<K, V> {
    if (this.loaded === undefined) this.loaded = this.load();
    return this.loaded;
  }

  get size(): number { return this.map().size; }
  get(key: K): V | undefined { return this.map().get(key); }
  has(key: K): boolean { return this.map().has(key); }
  entries(): MapIterator<[K, V]> { return this.map().entries(); }
  keys(): MapIterator<K> { return this.map().keys(); }
  values(): MapIterator<V> { return this.map().values(); }
  [Symbol.iterator](): MapIterator<[K, V]> { return this.map()[Symbol.iterator](); }

  forEach(fn: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.map()) fn.call(thisArg, v, k, this);
  }

  /** A plain Map copy (for code that needs a real Map, e.g. structured clone). */
  toMap(): Map<K, V> {
    return new Map(this.map());
  }

  get [Symbol.toStringTag](): string { return 'LazyMap'; }
}

/** True for a Map or any other object with Map's read methods (a {@link LazyMap}, a codec's map view). */
export function isMapLike(v: unknown): v is ReadonlyMap<unknown, unknown> {
  if (v instanceof Map || v instanceof LazyMap) return true;
  const o = v as { get?: unknown; has?: unknown; entries?: unknown } | null;
  return typeof o === 'object' && o !== null && !Array.isArray(o) && typeof o.get === 'function' && typeof o.has === 'function' && typeof o.entries === 'function';
}
