/**
 * Bounded-concurrency helpers. Every one takes an AbortSignal and stops starting new work once it fires.
 */
import { abortError, throwIfAborted } from '../errors.ts';

/**
 * Maps `fn` over `items` with at most `limit` calls in flight; results keep the input order.
 * Must hold: the first failure rejects the whole call (no new items start after it), an abort rejects
 * with LakeError Aborted, and `fn` receives the signal to pass on to its own I/O.
 */
export async function pool<T, R>(
  items: Iterable<T>,
  limit: number,
  fn: (item: T, index: number, signal?: AbortSignal) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  throwIfAborted(signal);
  const list = Array.from(items);
  const results = new Array<R>(list.length);
  const width = Math.max(1, Math.min(Math.floor(limit) || 1, list.length));
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < list.length) {
      if (signal?.aborted) throw abortError(signal);
      const i = next++;
      try {
        results[i] = await fn(list[i]!, i, signal);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  const workers = Array.from({ length: width }, worker);
  await Promise.all(workers);
  throwIfAborted(signal);
  return results;
}

/**
 * {@link pool} for writes: the same order, limit and abort, but on a failure it stops starting new items and
 * waits for the calls already in flight before it rejects (with the first failure). Must hold: when it
 * settles, no call of `fn` is still running — a caller cleaning up after a failed batch of writes sees every
 * object that batch will ever write.
 */
export async function poolSettled<T, R>(
  items: Iterable<T>,
  limit: number,
  fn: (item: T, index: number, signal?: AbortSignal) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  throwIfAborted(signal);
  let first: { error: unknown } | undefined;
  // The signal is checked here, not by pool: pool rejects on an abort at once, with calls still in flight.
  const results = await pool(items, limit, async (item, i) => {
    if (!first && signal?.aborted) first = { error: abortError(signal) };
    if (first) return undefined as R; // a failure elsewhere: start nothing new
    try {
      return await fn(item, i, signal);
    } catch (e) {
      first ??= { error: e };
      return undefined as R;
    }
  });
  if (first) throw first.error;
  throwIfAborted(signal); // aborted while the last calls ran, and they all succeeded: as pool, Aborted
  return results;
}

/** A promise that rejects with LakeError Aborted when `signal` fires; races it against work that ignores signals. */
export function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    // A listener object, not a named closure: the read loop calls this once per task, and under tsx (the
    // CLI) each named closure made costs a defineProperty of its name.
    const onAbort = new AbortRejecter(reject, signal);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => { signal.removeEventListener('abort', onAbort); resolve(v); },
      (e) => { signal.removeEventListener('abort', onAbort); reject(e); },
    );
  });
}

/** Rejects with the Aborted LakeError when the signal it listens to fires (DOM §2.7 handleEvent). */
class AbortRejecter implements EventListenerObject {
  constructor(private readonly reject: (e: unknown) => void, private readonly signal: AbortSignal) {}
  handleEvent(): void { this.reject(abortError(this.signal)); }
}

/**
 * Resolves in a later task, not a microtask: a long run of work split by it lets the thread's other tasks
 * run in between (a response's body arriving, a message). `setImmediate` where it exists (Node), else a
 * MessageChannel message (browsers and workers; unlike `setTimeout(0)`, never clamped to 4 ms when nested).
 */
export function nextTask(): Promise<void> {
  const g = globalThis as { setImmediate?: (f: () => void) => unknown };
  if (typeof g.setImmediate === 'function') return new Promise((resolve) => { g.setImmediate!(resolve); });
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
    channel.port2.postMessage(undefined);
  });
}

/** Resolves after `ms`, or rejects with the Aborted LakeError (`what: aborted`) when the signal fires first. */
export function sleep(ms: number, signal: AbortSignal | undefined, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal, what));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal, what));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
