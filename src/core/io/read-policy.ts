/**
 * How idempotent requests (GET, HEAD, LIST, DELETE) survive a flaky network or a throttling bucket:
 * jittered exponential backoff with a cap (AWS "Error retries and exponential backoff": 503 SlowDown
 * means "reduce your request rate"), a time limit per attempt so nothing hangs, and a recognisable
 * `throttled` error when the bucket keeps refusing. Sleep is injectable so tests run on a fake clock.
 */
import { LakeError, type LakeErrorContext, isLakeError, throwIfAborted } from '../errors.ts';
import { sleep as realSleep } from '../util/async.ts';
import { messageError } from '../message-error.ts';

/** Retry and time-limit settings for reads. */
export interface ReadPolicy {
  /** Retries after the first attempt (so at most `retries + 1` attempts). */
  readonly retries: number;
  /** First backoff wait; doubles per retry. */
  readonly minWaitMs: number;
  /** No single wait is longer than this. */
  readonly maxWaitMs: number;
  /** Time limit of one attempt (request and whole body); 0 = none. */
  readonly timeoutMs: number;
  /** Waits `ms` (rejects Aborted when the signal fires). Tests pass a fake clock's sleep. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Jitter source in [0, 1). */
  readonly random?: () => number;
  /**
   * The attempts' fetch removes every abort listener it adds to a request's signal by the time the request
   * settles ({@link RELEASES_ABORT_LISTENERS}): an attempt signal that was not aborted is then reused by a
   * later attempt instead of a new AbortController each (making an AbortSignal costs ~6 µs in Node 20).
   */
  readonly reuseSignals?: boolean;
}

/**
 * A fetch function carrying this property (`true`) promises: for an http(s) URL given as a string with a
 * plain body, every abort listener it adds to `init.signal` is removed once the request settles (the CLI's
 * transport, platform/node/node-fetch.ts). Node's own fetch keeps its listener until the request is
 * garbage-collected, so its signals must not be reused.
 */
export const RELEASES_ABORT_LISTENERS = Symbol.for('lakescope.fetch.releasesAbortListeners');

/** Attempt controllers free for reuse (never aborted; their signals carry no listener). */
const spareControllers: AbortController[] = [];
const SPARE_CONTROLLERS = 64;

export const DEFAULT_READ_POLICY: ReadPolicy = { retries: 4, minWaitMs: 100, maxWaitMs: 5_000, timeoutMs: 30_000 };

/** The wait before retry `retry` (1-based): min·2^(retry-1), capped, with "equal jitter" (half fixed, half random). */
export function readBackoffMs(policy: ReadPolicy, retry: number): number {
  const base = Math.min(policy.maxWaitMs, policy.minWaitMs * 2 ** Math.max(0, retry - 1));
  return Math.round(base / 2 + (base / 2) * (policy.random ?? Math.random)());
}

/** True for an error worth another attempt: Io not marked `retryable: false` (5xx, 429, network, cut bodies, timeouts). */
export function isRetryable(e: unknown): boolean {
  if (!isLakeError(e, 'Io') || e.context.retryable === false) return false;
  const status = e.context.status;
  return typeof status !== 'number' || status >= 500 || status === 429; // other 4xx will not change

}

/** True when the server said "slow down": HTTP 503 (S3 SlowDown) or 429. */
export function isThrottle(e: unknown): boolean {
  return isLakeError(e) && (e.context.status === 503 || e.context.status === 429 || e.context.s3Code === 'SlowDown');
}

/**
 * Runs `attempt` with a fresh per-attempt signal (the caller's, plus the time limit) until it returns or
 * fails with a non-retryable error. Must hold: at most `retries + 1` attempts; an abort of the caller's
 * signal stops at once (Aborted, never retried); a time limit ends in Io naming `what` and the limit;
 * giving up on throttling throws Io with context `throttled: true` and `retries`.
 */
export async function withReadRetries<T>(
  what: string,
  context: LakeErrorContext,
  policy: ReadPolicy,
  attempt: (signal: AbortSignal | undefined) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const sleep = policy.sleep ?? ((ms: number, s?: AbortSignal) => realSleep(ms, s, what));
  for (let n = 0; ; n++) {
    throwIfAborted(signal, what);
    let err: unknown;
    try {
      return await timed(what, context, policy.timeoutMs, attempt, signal, policy.reuseSignals === true);
    } catch (e) {
      err = e;
    }
    if (signal?.aborted || !isRetryable(err)) throw err;
    if (n >= policy.retries) throw gaveUp(err as LakeError, n);
    await sleep(readBackoffMs(policy, n + 1), signal);
  }
}

/**
 * One attempt under a time limit: the limit aborts the attempt's own signal, and becomes a retryable Io.
 * The attempt always gets a signal of its own, with or without a limit: Node's fetch (undici) leaves an
 * abort listener on the signal it is given until the request is garbage-collected, so the caller's
 * signal — one per scan, shared by a thousand reads (core/api/read-tasks.ts) — must never reach it.
 * The limits of all attempts share one timer ({@link deadlines}) instead of a timer and a raced promise each.
 */
function timed<T>(
  what: string,
  context: LakeErrorContext,
  timeoutMs: number,
  attempt: (signal: AbortSignal | undefined) => Promise<T>,
  signal: AbortSignal | undefined,
  reuse: boolean,
): Promise<T> {
  // No named closures per attempt: the CLI runs through tsx, whose keep-names wrapper costs a
  // defineProperty for each one made; nor a bound function, whose "bound …" name V8 builds on each bind
  // (both were in a profile of a thousand one-row reads). The listener is a plain object (DOM §2.7 handleEvent).
  const ctl = (reuse && spareControllers.pop()) || new AbortController();
  const onAbort = new AbortRelay(ctl, signal);
  signal?.addEventListener('abort', onAbort, { once: true });
  if (!(timeoutMs > 0)) {
    return attempt(ctl.signal).finally(() => release(ctl, signal, onAbort, reuse));
  }
  return new Promise<T>((resolve, reject) => {
    // Settling first wins: the attempt's answer, or the limit's error — also when the fetch or body stream
    // ignores its signal, so nothing can hang us.
    let settled = false;
    const entry = deadlines.add(timeoutMs, () => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      const err = messageError('Io', 'error.read.timeout', { what, ms: timeoutMs }, { ...context, timedOut: true, timeoutMs });
      ctl.abort(err);
      reject(err);
    });
    attempt(ctl.signal).then((v) => {
      if (settled) return;
      settled = true;
      deadlines.remove(entry);
      release(ctl, signal, onAbort, reuse);
      resolve(v);
    }, (e: unknown) => {
      if (settled) return;
      settled = true;
      deadlines.remove(entry);
      release(ctl, signal, onAbort, reuse);
      reject(e);
    });
  });
}

/** Listens to the caller's signal: when it fires, aborts the attempt with its reason. */
class AbortRelay implements EventListenerObject {
  constructor(private readonly ctl: AbortController, private readonly signal: AbortSignal | undefined) {}
  handleEvent(): void { this.ctl.abort(this.signal?.reason); }
}

/** An attempt settled: stop listening to the caller's signal; keep an unaborted controller for reuse. */
function release(ctl: AbortController, signal: AbortSignal | undefined, onAbort: AbortRelay, reuse: boolean): void {
  signal?.removeEventListener('abort', onAbort);
  if (reuse && !ctl.signal.aborted && spareControllers.length < SPARE_CONTROLLERS) spareControllers.push(ctl);
}

/** Attempts in flight with the same time limit, oldest first, and the timer armed for the oldest. */
interface DeadlineQueue { readonly timeoutMs: number; readonly entries: Set<Deadline>; timer?: ReturnType<typeof setTimeout> }
/** An attempt's time limit in {@link Deadlines}. */
interface Deadline { readonly at: number; readonly expire: () => void; readonly queue: DeadlineQueue }

/**
 * The time limits of attempts in flight, one timer for all of them: limits of the same length end in the
 * order they began, so each length keeps its attempts in insertion order and one timer armed for the
 * oldest. A finished attempt leaves its queue at once; the timer stops when no attempt of that length is
 * left (an armed timer would keep a Node process alive). A timer per attempt (set, cleared, and a promise
 * raced against the attempt) was a visible share of the client's CPU per small request (issue 17).
 */
class Deadlines {
  private readonly queues = new Map<number, DeadlineQueue>();

  add(timeoutMs: number, expire: () => void): Deadline {
    let queue = this.queues.get(timeoutMs);
    if (!queue) this.queues.set(timeoutMs, queue = { timeoutMs, entries: new Set() });
    const entry: Deadline = { at: Date.now() + timeoutMs, expire, queue };
    queue.entries.add(entry);
    if (queue.timer === undefined) arm(queue, timeoutMs);
    return entry;
  }

  remove(entry: Deadline): void {
    const q = entry.queue;
    q.entries.delete(entry);
    if (q.entries.size === 0 && q.timer !== undefined) { clearTimeout(q.timer); q.timer = undefined; }
  }
}

/** Arms the queue's timer: expires every attempt past its limit, then re-arms for the oldest left. */
function arm(q: DeadlineQueue, inMs: number): void {
  q.timer = setTimeout(() => {
    q.timer = undefined;
    const now = Date.now();
    for (const e of q.entries) {
      if (e.at > now) break;
      q.entries.delete(e);
      e.expire();
    }
    const next = q.entries.values().next();
    if (!next.done && q.timer === undefined) arm(q, Math.max(0, next.value.at - now));
  }, inMs);
}

const deadlines = new Deadlines();

/** The final error after the last retry; throttling gets its own wording and `throttled` detail. */
function gaveUp(e: LakeError, retries: number): LakeError {
  if (retries === 0) return e;
  const message = e.ref ?? e.message;
  if (isThrottle(e)) {
    const how = e.context.status === 429 ? '429 Too Many Requests' : `503 ${e.context.s3Code ?? 'SlowDown'}`;
    return messageError('Io', 'error.read.throttled', { message, status: how, retries }, { ...e.context, throttled: true, retries, retryable: false }, e);
  }
  return messageError('Io', 'error.read.retried', { message, retries }, { ...e.context, retries, retryable: false }, e);
}
