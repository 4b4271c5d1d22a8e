/**
 * A small LRU cache on top of Map's insertion order. Used for immutable files (manifests, footers)
 * keyed by path. Optional `weigh` bounds the total weight (e.g. bytes) instead of the entry count.
 */
export class Lru<K, V> {
  private readonly map = new Map<K, { value: V; weight: number }>();
  private total = 0;

  /**
   * @param capacity maximum total weight (entry count when `weigh` is absent); must be > 0.
   * @param weigh weight of one value (default 1); an entry heavier than `capacity` is not cached.
   */
  constructor(readonly capacity: number, private readonly weigh: (value: V) => number = () => 1) {
    if (!(capacity > 0)) throw new RangeError('Lru capacity must be > 0');
  }

  get size(): number {
    return this.map.size;
  }

  /** Current total weight. */
  get weight(): number {
    return this.total;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  /** The value, marking it most recently used. */
  get(key: K): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  /** Inserts or replaces; evicts least recently used entries until the total weight fits. */
  set(key: K, value: V): this {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.capacity) return this;
    this.map.set(key, { value, weight });
    this.total += weight;
    for (const [k, e] of this.map) {
      if (this.total <= this.capacity) break;
      this.map.delete(k);
      this.total -= e.weight;
    }
    return this;
  }

  delete(key: K): boolean {
    const e = this.map.get(key);
    if (!e) return false;
    this.map.delete(key);
    this.total -= e.weight;
    return true;
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }

  /** Cached value, or `load()`'s (concurrent callers share one pending promise; failures are not cached). */
  getOrLoad(key: K, load: () => V): V {
    if (this.map.has(key)) return this.get(key)!;
    const v = load();
    this.set(key, v);
    if (v instanceof Promise) v.catch(() => { if (this.map.get(key)?.value === v) this.delete(key); });
    return v;
  }
}
