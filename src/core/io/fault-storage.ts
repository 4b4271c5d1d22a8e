/**
 * A fault-injecting decorator for tests: make the Nth write (or writes matching a predicate) fail,
 * get cut off half-way, or succeed while the caller sees a failure; add latency. Commit code must
 * stay correct under every one of these (tested in the formats' commit/ suites).
 */
import { LakeError, throwIfAborted } from '../errors.ts';
import type { StorageMethod } from './counting-storage.ts';
import type { ListOptions, ListPage, ObjectInfo, ReadOptions, Storage, WriteOptions } from './storage.ts';
import { sleep } from '../util/async.ts';

/**
 * - `fail`: throw Io before the call reaches the inner storage (nothing happens);
 * - `cutoff`: (writes) store only the first `cutoffBytes` (default half) with the same preconditions,
 *   then throw Io — a torn write, as a crash mid-way through a non-atomic file write leaves;
 * - `lost-ack`: perform the call, then throw Io — the change happened but the caller cannot know;
 * - `throttle` / `server-error`: throw Io as an adapter does for HTTP 503 SlowDown / 500 (retryable);
 * - `cutoff` on a read: throw the retryable Io an adapter throws for a body cut short;
 * - `stall`: never answer until the call's signal fires (a hung connection).
 */
export type FaultMode = 'fail' | 'cutoff' | 'lost-ack' | 'throttle' | 'server-error' | 'stall';

export interface FaultRule {
  /** Which method the rule watches (default 'write'). */
  readonly method?: StorageMethod;
  /** Only calls whose key matches (list: its prefix). */
  readonly match?: (key: string) => boolean;
  /** Fire on the Nth matching call (1-based); absent = every matching call. */
  readonly nth?: number;
  readonly mode?: FaultMode;
  /** For `cutoff`: how many bytes reach the inner storage (default half of the data). */
  readonly cutoffBytes?: number;
  /** How many times the rule may fire (default 1 with `nth`, unlimited without). */
  readonly times?: number;
}

export interface FaultOptions {
  readonly rules?: FaultRule[];
  /** Delay before every call, in ms (or per call). Abortable. */
  readonly latencyMs?: number | ((method: StorageMethod, key: string) => number);
}

interface ArmedRule {
  readonly rule: FaultRule;
  seen: number;
  fired: number;
}

/** The decorator. `injected` counts faults fired so far (tests assert the fault really happened). */
export class FaultStorage implements Storage {
  injected = 0;
  private readonly rules: ArmedRule[] = [];

  constructor(readonly inner: Storage, private readonly options: FaultOptions = {}) {
    for (const r of options.rules ?? []) this.addRule(r);
  }

  get description(): string {
    return this.inner.description;
  }

  get writable(): boolean {
    return this.inner.writable;
  }

  /** Arms one more rule. */
  addRule(rule: FaultRule): this {
    this.rules.push({ rule, seen: 0, fired: 0 });
    return this;
  }

  /** Disarms every rule. */
  clearRules(): void {
    this.rules.length = 0;
  }

  async list(options: ListOptions = {}): Promise<ListPage> {
    const fault = await this.before('list', options.prefix ?? '', options.signal);
    return this.after(fault, 'list', options.prefix ?? '', () => this.inner.list(options));
  }

  async head(key: string, options?: { signal?: AbortSignal }): Promise<ObjectInfo> {
    const fault = await this.before('head', key, options?.signal);
    return this.after(fault, 'head', key, () => this.inner.head(key, options));
  }

  async read(key: string, options?: ReadOptions): Promise<Uint8Array> {
    const fault = await this.before('read', key, options?.signal);
    return this.after(fault, 'read', key, () => this.inner.read(key, options));
  }

  async write(key: string, data: Uint8Array, options?: WriteOptions): Promise<ObjectInfo> {
    const fault = await this.before('write', key, options?.signal);
    if (fault?.mode === 'cutoff') {
      const n = Math.min(data.length, fault.cutoffBytes ?? Math.floor(data.length / 2));
      await this.inner.write(key, data.slice(0, n), options);
      throw new LakeError('Io', `fault: write '${key}' cut off after ${n} of ${data.length} bytes (injected)`, { key, injected: true });
    }
    return this.after(fault, 'write', key, () => this.inner.write(key, data, options));
  }

  async delete(key: string, options?: { signal?: AbortSignal }): Promise<void> {
    const fault = await this.before('delete', key, options?.signal);
    return this.after(fault, 'delete', key, () => this.inner.delete(key, options));
  }

  /** Applies latency, then finds the rule that fires for this call (at most one). */
  private async before(method: StorageMethod, key: string, signal?: AbortSignal): Promise<FaultRule | undefined> {
    const { latencyMs } = this.options;
    const ms = typeof latencyMs === 'function' ? latencyMs(method, key) : latencyMs ?? 0;
    if (ms > 0) await sleep(ms, signal, `fault: ${method}`);
    throwIfAborted(signal, `fault: ${method}`);
    let firing: FaultRule | undefined;
    for (const armed of this.rules) {
      const r = armed.rule;
      if ((r.method ?? 'write') !== method || (r.match && !r.match(key))) continue;
      armed.seen++;
      const limit = r.times ?? (r.nth === undefined ? Infinity : 1);
      const due = r.nth === undefined ? true : armed.seen >= r.nth;
      if (!firing && due && armed.fired < limit) {
        armed.fired++;
        firing = r;
      }
    }
    if (firing) this.injected++;
    const mode = firing?.mode ?? 'fail';
    if (firing && mode === 'fail') {
      throw new LakeError('Io', `fault: ${method} '${key}' failed (injected)`, { key, injected: true });
    }
    if (firing && (mode === 'throttle' || mode === 'server-error')) {
      const [status, s3Code] = mode === 'throttle' ? [503, 'SlowDown'] : [500, 'InternalError'];
      throw new LakeError('Io', `fault: ${method} '${key}': HTTP ${status} ${s3Code} (injected)`, { key, status, s3Code, injected: true });
    }
    if (firing && mode === 'cutoff' && method !== 'write') {
      throw new LakeError('Io', `fault: ${method} '${key}': body cut short (injected)`, { key, shortBody: true, injected: true });
    }
    if (firing && mode === 'stall') await stall(signal, `fault: ${method} '${key}'`);
    return firing;
  }

  private async after<T>(fault: FaultRule | undefined, method: StorageMethod, key: string, call: () => Promise<T>): Promise<T> {
    const result = await call();
    if (fault?.mode === 'lost-ack') {
      throw new LakeError('Io', `fault: ${method} '${key}' succeeded but its answer was lost (injected)`, { key, injected: true });
    }
    return result;
  }
}

/** Waits until `signal` fires (forever without one: a stall is only safe under a time limit). */
function stall(signal: AbortSignal | undefined, what: string): Promise<never> {
  return new Promise<never>((_, reject) => {
    const fire = () => reject(new LakeError('Aborted', `${what}: stalled call aborted`, { injected: true }));
    if (signal?.aborted) fire();
    else signal?.addEventListener('abort', fire, { once: true });
  });
}
