/**
 * Listing semantics shared by adapters that list from their own key set (memory, node fs, browser
 * folders, presigned-URL maps): S3 ListObjectsV2 behaviour — prefix filter, delimiter roll-up into
 * common prefixes, `start-after`, `max-keys` and continuation tokens — over keys fed in key order.
 */
import { messageError } from '../message-error.ts';
import type { ListOptions, ListPage, ObjectInfo } from './storage.ts';

/** S3's page size ceiling; `maxKeys` above it is clamped, as S3 does. */
export const MAX_KEYS = 1000;

/**
 * Compares keys in UTF-8 byte order (S3's listing order). JS `<` compares UTF-16 code units, which
 * disagrees with UTF-8 only between surrogates (U+D800–DFFF, i.e. astral characters) and U+E000–FFFF;
 * remapping those two ranges at the first difference gives code point = UTF-8 order.
 */
export function compareKeys(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** A UTF-16 code unit where code-unit order and UTF-8 order part (see {@link compareKeys}). */
export const HIGH_UNIT = /[\ud800-\uffff]/;

/**
 * Sorts keys in place in {@link compareKeys} order and returns the array. Keys without a code unit from U+D800
 * up (nearly all) sort with the engine's own string order, which is then the same order: the comparator,
 * interpreted on a cold page, took ~200 ms of a 20,000-key warehouse's open in the worker (issue 17).
 */
export function sortKeys<T extends string>(keys: T[]): T[] {
  for (const k of keys) if (HIGH_UNIT.test(k)) return keys.sort(compareKeys);
  return keys.sort();
}

/**
 * Builds one page from keys offered in ascending {@link compareKeys} order. Feed every key under
 * the prefix with {@link offer} until it returns false, then call {@link finish}.
 *
 * Must hold: at most `maxKeys` entries (objects + common prefixes) per page; a continuation token
 * only when at least one more entry exists; a common prefix appears once across all pages.
 * The token is the last entry returned (opaque to callers): entries `<=` it are skipped next time,
 * which also skips every key rolled up into a common prefix that ended the previous page.
 */
export class PageBuilder {
  readonly prefix: string;
  private readonly delimiter: string | undefined;
  private readonly max: number;
  private readonly after: string | undefined;
  private readonly startAfter: string | undefined;
  private readonly objects: ObjectInfo[] = [];
  private readonly prefixes: string[] = [];
  private last: string | undefined;
  private count = 0;
  private token: string | undefined;
  private done = false;

  constructor(options: ListOptions = {}, what = 'list') {
    this.prefix = options.prefix ?? '';
    this.delimiter = options.delimiter || undefined;
    const max = options.maxKeys ?? MAX_KEYS;
    if (!Number.isInteger(max) || max < 1) {
      throw messageError('Unsupported', 'error.list.maxKeys', { what }, { maxKeys: max });
    }
    this.max = Math.min(max, MAX_KEYS);
    this.after = options.continuationToken || undefined;
    this.startAfter = options.startAfter || undefined;
  }

  /** True when a key in ascending order can no longer fall under the prefix (stop feeding). */
  pastPrefix(key: string): boolean {
    return !key.startsWith(this.prefix) && compareKeys(key, this.prefix) > 0;
  }

  /** Offers the next key (ascending); `info` is called only if the key is returned as an object. Returns false when the page is full. */
  offer(key: string, info: () => ObjectInfo): boolean {
    if (this.done) return false;
    if (!key.startsWith(this.prefix)) return !this.pastPrefix(key);
    if (this.startAfter !== undefined && compareKeys(key, this.startAfter) <= 0) return true;
    const cut = this.delimiter === undefined ? -1 : key.indexOf(this.delimiter, this.prefix.length);
    const entry = cut < 0 ? key : key.slice(0, cut + this.delimiter!.length);
    if (this.after !== undefined && compareKeys(entry, this.after) <= 0) return true;
    if (entry === this.last) return true; // another key rolled up into the same common prefix
    if (this.count === this.max) {
      this.token = this.last;
      this.done = true;
      return false;
    }
    if (cut < 0) this.objects.push(info());
    else this.prefixes.push(entry);
    this.last = entry;
    this.count++;
    return true;
  }

  /**
   * The common prefix `key` (just offered) rolled up into, when that prefix is the page's last entry: every
   * later key under it changes nothing on the page. Undefined otherwise (no delimiter, an object, a skipped key).
   */
  rolledUp(key: string): string | undefined {
    if (this.delimiter === undefined || this.last === undefined || !key.startsWith(this.prefix)) return undefined;
    const cut = key.indexOf(this.delimiter, this.prefix.length);
    if (cut < 0 || cut + this.delimiter.length !== this.last.length || !key.startsWith(this.last)) return undefined;
    return this.last;
  }

  /** The page built so far. */
  finish(): ListPage {
    return this.token === undefined
      ? { objects: this.objects, prefixes: this.prefixes }
      : { objects: this.objects, prefixes: this.prefixes, continuationToken: this.token };
  }
}

/** One page over an already sorted array of keys (memory, presigned maps); `info` is given each key and its index in `sorted`. */
export function pageOfSortedKeys(sorted: readonly string[], options: ListOptions, info: (key: string, index: number) => ObjectInfo, what?: string): ListPage {
  const page = new PageBuilder(options, what);
  let i = lowerBound(sorted, maxKey(page.prefix, options.startAfter, options.continuationToken));
  for (; i < sorted.length; i++) {
    const key = sorted[i]!;
    const at = i;
    if (!page.offer(key, () => info(key, at))) break;
    // The keys under a common prefix are contiguous: jump past them rather than offer each (the root
    // listing of a static warehouse's 20,000-key index.json walked every key of every table, ~70 ms of
    // the worker's connect at load 6; issue 17).
    const rolled = page.rolledUp(key);
    if (rolled !== undefined) i = endOfPrefix(sorted, i + 1, rolled) - 1;
  }
  return page.finish();
}

/** Index of the first key at or after `from` that does not start with `prefix` (keys from `from` on are sorted and `>= prefix`). */
function endOfPrefix(sorted: readonly string[], from: number, prefix: string): number {
  let lo = from;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]!.startsWith(prefix)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The largest of the given lower bounds (keys below it cannot be on the page). */
function maxKey(...keys: (string | undefined)[]): string {
  let best = '';
  for (const k of keys) if (k !== undefined && compareKeys(k, best) > 0) best = k;
  return best;
}

/** Index of the first key `>= bound` in a sorted array. */
function lowerBound(sorted: readonly string[], bound: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKeys(sorted[mid]!, bound) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
