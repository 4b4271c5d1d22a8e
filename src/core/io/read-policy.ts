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
}

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
      return await timed(what, context, policy.timeoutMs, attempt, signal);
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
 */
async function timed<T>(
  what: string,
  context: LakeErrorContext,
  timeoutMs: number,
  attempt: (signal: AbortSignal | undefined) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const ctl = new AbortController();
  const onAbort = () => ctl.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  if (!(timeoutMs > 0)) {
    try {
      return await attempt(ctl.signal);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      const err = messageError('Io', 'error.read.timeout', { what, ms: timeoutMs }, { ...context, timedOut: true, timeoutMs });
      ctl.abort(err);
      reject(err);
    }, timeoutMs);
  });
  try {
    // Racing as well as aborting: a fetch or body stream that ignores its signal still cannot hang us.
    return await Promise.race([attempt(ctl.signal), limit]);
  } catch (e) {
    if (timedOut && !signal?.aborted) {
      throw messageError('Io', 'error.read.timeout', { what, ms: timeoutMs }, { ...context, timedOut: true, timeoutMs }, e);
    }
    throw e;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    limit.catch(() => {});
  }
}

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
