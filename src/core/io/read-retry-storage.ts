/**
 * Gives any Storage the read resilience S3Storage has built in ({@link withReadRetries}): retried
 * list/head/read after retryable Io (5xx, throttling, cut bodies, time limits) with capped jittered
 * backoff, and a time limit per call so nothing hangs. Writes and deletes pass through untouched:
 * whether a failed write happened is the commit code's question (conditional-write.ts), not a retry's.
 */
import { DEFAULT_READ_POLICY, type ReadPolicy, withReadRetries } from './read-policy.ts';
import type { ListOptions, ListPage, ObjectInfo, ReadOptions, Storage, WriteOptions } from './storage.ts';

/** The decorator. Must hold: the caller's signal still aborts at once; errors are the inner adapter's or the policy's. */
export class ReadRetryStorage implements Storage {
  private readonly policy: ReadPolicy;

  constructor(readonly inner: Storage, policy: Partial<ReadPolicy> = {}) {
    this.policy = { ...DEFAULT_READ_POLICY, ...policy };
  }

  get description(): string {
    return this.inner.description;
  }

  get writable(): boolean {
    return this.inner.writable;
  }

  list(options: ListOptions = {}): Promise<ListPage> {
    return withReadRetries(`${this.inner.description}: list '${options.prefix ?? ''}'`, { prefix: options.prefix },
      this.policy, (signal) => this.inner.list({ ...options, signal }), options.signal);
  }

  head(key: string, options: { signal?: AbortSignal } = {}): Promise<ObjectInfo> {
    return withReadRetries(`${this.inner.description}: head '${key}'`, { key }, this.policy,
      (signal) => this.inner.head(key, { signal }), options.signal);
  }

  read(key: string, options: ReadOptions = {}): Promise<Uint8Array> {
    return withReadRetries(`${this.inner.description}: read '${key}'`, { key }, this.policy,
      (signal) => this.inner.read(key, { ...options, signal }), options.signal);
  }

  write(key: string, data: Uint8Array, options?: WriteOptions): Promise<ObjectInfo> {
    return this.inner.write(key, data, options);
  }

  delete(key: string, options?: { signal?: AbortSignal }): Promise<void> {
    return this.inner.delete(key, options);
  }
}
