/**
 * Optimistic-concurrency retry: how often and how long a commit that lost a race is rebuilt on the new
 * state and tried again. The knobs are Iceberg's table properties (spec "Table Properties"/Java
 * `TableProperties`: `commit.retry.num-retries` 4, `commit.retry.min-wait-ms` 100,
 * `commit.retry.max-wait-ms` 60000, `commit.retry.total-timeout-ms` 1800000); other formats pass their own.
 */
import { LakeError, isLakeError, throwIfAborted } from '../errors.ts';
import { messageError } from '../message-error.ts';
import { sleep as sleepFor } from '../util/async.ts';

/** When to give up retrying a commit that keeps losing races. */
export interface RetryPolicy {
  /** Retries after the first attempt (so at most `numRetries + 1` attempts). */
  readonly numRetries: number;
  readonly minWaitMs: number;
  readonly maxWaitMs: number;
  /** No new attempt starts once this much time has passed since the first one. */
  readonly totalTimeoutMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { numRetries: 4, minWaitMs: 100, maxWaitMs: 60_000, totalTimeoutMs: 1_800_000 };

/**
 * The policy from Iceberg-style properties (`commit.retry.*`); unparsable or negative values fall back to
 * the defaults rather than failing a commit over a typo.
 */
export function retryPolicyFromProperties(props: Readonly<Record<string, string>>, overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  const num = (key: string, fallback: number): number => {
    const v = props[key];
    const n = v === undefined ? NaN : Number(v);
    return Number.isFinite(n) && n >= 0 ? n : fallback;
  };
  return {
    numRetries: num('commit.retry.num-retries', DEFAULT_RETRY_POLICY.numRetries),
    minWaitMs: num('commit.retry.min-wait-ms', DEFAULT_RETRY_POLICY.minWaitMs),
    maxWaitMs: num('commit.retry.max-wait-ms', DEFAULT_RETRY_POLICY.maxWaitMs),
    totalTimeoutMs: num('commit.retry.total-timeout-ms', DEFAULT_RETRY_POLICY.totalTimeoutMs),
    ...overrides,
  };
}

/**
 * Wait before retry number `retry` (1-based): exponential from `minWaitMs`, capped at `maxWaitMs`, with
 * up to 50% random jitter added so that writers who collided do not collide again in lock-step.
 */
export function backoffMs(policy: RetryPolicy, retry: number, random: () => number = Math.random): number {
  const base = Math.min(policy.maxWaitMs, policy.minWaitMs * 2 ** Math.max(0, retry - 1));
  return Math.min(policy.maxWaitMs, Math.round(base * (1 + 0.5 * random())));
}

/** Resolves after `ms`, or rejects with Aborted when the signal fires first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return sleepFor(ms, signal, 'commit retry');
}

/** What {@link retryOnConflict} reports besides the result. */
export interface RetryOutcome<T> {
  readonly value: T;
  /** 1 when the first attempt landed. */
  readonly attempts: number;
}

/**
 * Runs `attempt` until it returns, retrying only on LakeError `Conflict` whose context does not say
 * `retryable: false`. Must hold: never more than `numRetries + 1` attempts; no attempt starts after
 * `totalTimeoutMs`; an abort stops at once; the final Conflict names the subsystem and the attempt count.
 */
export async function retryOnConflict<T>(
  what: string,
  policy: RetryPolicy,
  attempt: (n: number) => Promise<T>,
  signal?: AbortSignal,
  now: () => number = Date.now,
): Promise<RetryOutcome<T>> {
  const started = now();
  for (let n = 1; ; n++) {
    throwIfAborted(signal, what);
    try {
      return { value: await attempt(n), attempts: n };
    } catch (e) {
      if (!isLakeError(e, 'Conflict') || e.context.retryable === false) throw e;
      const exhausted = n > policy.numRetries;
      const wait = backoffMs(policy, n);
      const late = now() + wait - started > policy.totalTimeoutMs;
      if (exhausted || late) {
        throw messageError('Conflict', 'error.commit.gaveUp', { what, attempts: n, setting: exhausted ? 'commit.retry.num-retries' : 'commit.retry.total-timeout-ms', reason: e.ref ?? e.message },
          { ...e.context, attempts: n, retryable: false }, e);
      }
      await sleep(wait, signal);
    }
  }
}
