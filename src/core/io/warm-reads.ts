/**
 * Whole-object reads started before a storage could serve them (issue 17). A deep link into a static folder
 * names its table before the folder's key list (`index.json`) has arrived; the table's first reads (Iceberg's
 * version hint and the metadata file it names) can start at once, beside the key list, instead of after it.
 * The storage built from the key list then takes each answer once, in place of its own request.
 *
 * Why this is safe: a taken answer is the object's bytes as they were a moment before the storage's own
 * request would have fetched them — the same race any read has with a writer. A storage takes an answer only
 * for a whole-object read and only when its size is the size its listing gives the key; anything else (a
 * failed or aborted early read, another size, an unlisted key) falls back to its own request.
 */
import { abortError } from '../errors.ts';
import { sleep } from '../util/async.ts';

/** Early reads offered by key; each taken at most once. */
export class WarmReads {
  private readonly offers = new Map<string, Promise<Uint8Array | undefined>>();
  private readonly issuing = new Set<Promise<unknown>>();
  private closed = false;

  /**
   * Tracks work that will offer more reads once an earlier one answers (Iceberg: the metadata file the hint
   * names). Its failure is ignored.
   */
  track(work: Promise<unknown>): void {
    const p = work.catch(() => undefined).finally(() => this.issuing.delete(p));
    this.issuing.add(p);
  }

  /**
   * Resolves once every tracked piece of work is done (its reads are all offered, so in flight), or after
   * `maxWaitMs`. A storage about to do a long stretch of work (a big key list's parse) waits here first: an
   * early answer that arrived with the key list then sends its next read before that work, not after it.
   */
  async issued(maxWaitMs: number): Promise<void> {
    if (this.issuing.size === 0) return;
    await Promise.race([Promise.allSettled([...this.issuing]), sleep(maxWaitMs, undefined, 'warm reads')]);
  }

  /** Offers the answer to a whole-object read of `key` (a failure is kept as "no answer", never thrown). */
  offer(key: string, bytes: Promise<Uint8Array>): void {
    if (this.closed || this.offers.has(key)) return;
    this.offers.set(key, bytes.catch(() => undefined));
  }

  /**
   * The offered bytes of `key`, once: undefined when none was offered, the early read failed, or `signal`
   * fires first (then the Aborted error is thrown, as the storage's own read would).
   */
  async take(key: string, signal?: AbortSignal): Promise<Uint8Array | undefined> {
    const offered = this.offers.get(key);
    if (!offered) return undefined;
    this.offers.delete(key);
    if (!signal) return offered;
    if (signal.aborted) throw abortError(signal, `warm read '${key}'`);
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, fail) => {
      onAbort = () => fail(abortError(signal, `warm read '${key}'`));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([offered, aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort!);
    }
  }

  /** Whether `key` has an answer waiting. */
  has(key: string): boolean {
    return this.offers.has(key);
  }

  /** Drops every answer not taken and refuses later offers (the bytes are freed). */
  close(): void {
    this.closed = true;
    this.offers.clear();
  }
}
