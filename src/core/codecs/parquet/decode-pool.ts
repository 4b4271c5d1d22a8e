/**
 * Parquet → Arrow decoding on worker threads: parquet-wasm's decode is synchronous and was ~70% of a full
 * scan's CPU on the one thread that also fetches, plans and assembles batches (issue 17), so a platform
 * may hand decodes to a small pool of workers, each with its own parquet-wasm instance, and the engine's
 * thread only reads the Arrow IPC stream that comes back. Written here rather than taken from a library:
 * the pool must retire a worker whose wasm memory passed a budget (WebAssembly memory never shrinks) or
 * whose wasm panicked, and keep a Node process alive only while a decode is in flight — no worker-pool
 * package does both, and the logic is small. The platform supplies the workers
 * (platform/node/parquet-decode-pool.ts, platform/browser/parquet-decode-pool.ts); core stays free of both.
 */
import { abortError } from '../../errors.ts';
import { messageError } from '../../message-error.ts';

/** One decode asked of a worker: the file's bytes (transferred) and parquet-wasm's read options. */
export interface DecodeRequest {
  readonly id: number;
  readonly bytes: Uint8Array;
  /** Row groups to decode; the whole file when absent. */
  readonly rowGroups?: readonly number[];
  readonly batchSize: number;
}

/** A worker's answer: the Arrow IPC stream, or parquet-wasm's error text; and its wasm memory after the decode. */
export interface DecodeReply {
  readonly id: number;
  readonly ipc?: Uint8Array;
  readonly error?: string;
  /** Bytes of the worker's parquet-wasm linear memory (only grows). */
  readonly memoryBytes: number;
}

/** The platform's handle on one decode worker. */
export interface DecodeWorkerPort {
  /** Posts a request, transferring `transfer`. */
  post(request: DecodeRequest, transfer: ArrayBuffer[]): void;
  /** Called with each reply. */
  onReply(listener: (reply: DecodeReply) => void): void;
  /** Called once if the worker dies (uncaught error, exit, failed start). */
  onFailure(listener: (detail: string) => void): void;
  /** Node: while busy the worker keeps the process alive; idle, it must not. Browsers ignore it. */
  setBusy(busy: boolean): void;
  terminate(): void;
}

/** How a pool is made: its size, its workers, and the memory after which a worker is replaced. */
export interface DecodePoolOptions {
  /** Workers at most (started on demand); less than one counts as one. */
  readonly size: number;
  readonly spawn: () => DecodeWorkerPort;
  /** A worker whose wasm memory passed this many bytes is replaced after its current decode. */
  readonly memoryBudgetBytes: number;
}

interface Job {
  readonly request: DecodeRequest;
  readonly name: string | undefined;
  readonly resolve: (ipc: Uint8Array) => void;
  readonly reject: (e: unknown) => void;
  readonly signal?: AbortSignal;
  readonly onAbort?: () => void;
  settled: boolean;
}

interface Slot { readonly port: DecodeWorkerPort; job?: Job; retired: boolean; memoryBytes: number; answered: boolean }

/** Counters of a pool, for tests and benches. */
export interface DecodePoolStats {
  readonly started: number;
  readonly retired: number;
  readonly decodes: number;
  readonly live: number;
  /** The wasm memory of the live workers, as each last reported it. */
  readonly memoryBytes: number;
}

/**
 * A pool of decode workers. Must hold: each worker runs one decode at a time, requests are served in the
 * order they came; a reply goes to the decode it answers; an abort settles its decode at once (Aborted)
 * and a queued one never reaches a worker; a worker that dies fails its decode with Internal naming the
 * file, and is replaced on demand (one that never answered hands its decode to the next, as it most likely
 * could not start); a worker past the memory budget, or one whose decode threw (a wasm
 * panic may leave its instance unusable), is terminated after replying and replaced on demand.
 */
export class ParquetDecodePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private counts = { started: 0, retired: 0, decodes: 0 };
  /** Workers that died before their first answer: a script that cannot load (a CSP without `worker-src`, no nested workers). */
  private startFailures = 0;

  /** Workers at most: the options' size, at least one. */
  private readonly size: number;

  constructor(private readonly opts: DecodePoolOptions) {
    this.size = Math.max(1, Math.trunc(opts.size) || 1);
  }

  /** Decodes `bytes` (copied; the caller keeps its array) to an Arrow IPC stream. */
  decode(bytes: Uint8Array, options: { rowGroups?: readonly number[]; batchSize: number; name?: string; signal?: AbortSignal }): Promise<Uint8Array> {
    if (options.signal?.aborted) return Promise.reject(abortError(options.signal, 'parquet decode'));
    return new Promise<Uint8Array>((resolve, reject) => {
      const request: DecodeRequest = { id: this.nextId++, bytes, batchSize: options.batchSize, ...(options.rowGroups ? { rowGroups: options.rowGroups } : {}) };
      const job: Job = { request, name: options.name, resolve, reject, settled: false, ...(options.signal ? { signal: options.signal } : {}) };
      if (options.signal) {
        const onAbort = () => this.settle(job, undefined, abortError(options.signal, 'parquet decode'));
        (job as { onAbort?: () => void }).onAbort = onAbort;
        options.signal.addEventListener('abort', onAbort, { once: true });
      }
      this.queue.push(job);
      this.pump();
    });
  }

  /** Terminates every worker; decodes in flight or queued fail with Aborted. */
  close(): void {
    for (const job of this.queue.splice(0)) this.settle(job, undefined, abortError(undefined, 'parquet decode'));
    for (const slot of this.slots.splice(0)) {
      if (slot.job) this.settle(slot.job, undefined, abortError(undefined, 'parquet decode'));
      slot.port.terminate();
    }
  }

  /**
   * False once workers have twice died before answering at all: they cannot start here, and callers decode on
   * their own thread instead (readParquetToArrow does) rather than fail every read.
   */
  get usable(): boolean {
    return this.startFailures < START_FAILURES_MAX;
  }

  stats(): DecodePoolStats {
    return { ...this.counts, live: this.slots.length, memoryBytes: this.slots.reduce((n, s) => n + s.memoryBytes, 0) };
  }

  /** Hands queued decodes to idle workers, starting workers up to the pool's size. */
  private pump(): void {
    if (!this.usable) {
      for (const job of this.queue.splice(0)) this.settle(job, undefined, messageError('Internal', 'error.parquet.decodeWorkerUnnamed', { detail: 'decode workers cannot start here' }));
      return;
    }
    while (this.queue.length > 0) {
      const job = this.queue[0]!;
      if (job.settled) { this.queue.shift(); continue; }
      const slot = this.slots.find((s) => !s.job && !s.retired) ?? (this.slots.length < this.size ? this.start() : undefined);
      if (!slot) return;
      this.queue.shift();
      this.run(slot, job);
    }
  }

  private run(slot: Slot, job: Job): void {
    slot.job = job;
    slot.port.setBusy(true);
    // A copy of exactly the file's bytes, transferred: the caller's array may be a view into a larger buffer
    // (a structured clone would copy all of it) or be decoded again (its row groups one by one). Not
    // `bytes.slice()`: on a Node Buffer that is a view, and transferring it would detach the caller's memory.
    const copy = new Uint8Array(job.request.bytes);
    try {
      slot.port.post({ ...job.request, bytes: copy }, [copy.buffer as ArrayBuffer]);
    } catch (e) {
      this.fail(slot, e instanceof Error ? e.message : String(e));
    }
  }

  private start(): Slot {
    const slot: Slot = { port: this.opts.spawn(), retired: false, memoryBytes: 0, answered: false };
    this.counts.started++;
    this.slots.push(slot);
    slot.port.onReply((reply) => this.reply(slot, reply));
    slot.port.onFailure((detail) => this.fail(slot, detail));
    return slot;
  }

  private reply(slot: Slot, reply: DecodeReply): void {
    const job = slot.job;
    if (!job || job.request.id !== reply.id) return; // a late answer to a decode already failed over
    slot.job = undefined;
    slot.port.setBusy(false);
    slot.memoryBytes = reply.memoryBytes;
    slot.answered = true;
    this.counts.decodes++;
    if (reply.error !== undefined || reply.memoryBytes > this.opts.memoryBudgetBytes) this.retire(slot);
    if (reply.ipc) this.settle(job, reply.ipc);
    else this.settle(job, undefined, new Error(reply.error ?? 'no answer'));
    this.pump();
  }

  /** The worker died: its decode fails, it leaves the pool, queued decodes go on with the others (or a new one). */
  private fail(slot: Slot, detail: string): void {
    if (slot.retired) return;
    const job = slot.job;
    slot.job = undefined;
    if (!slot.answered) this.startFailures++;
    this.retire(slot);
    // A worker that never answered most likely could not start: its decode waits for the next one (or, once
    // the pool is unusable, fails so that its caller decodes it itself).
    if (job && !slot.answered) this.queue.unshift(job);
    if (!job || !slot.answered) { this.pump(); return; }
    this.settle(job, undefined, job.name === undefined ? messageError('Internal', 'error.parquet.decodeWorkerUnnamed', { detail })
      : messageError('Internal', 'error.parquet.decodeWorker', { file: job.name, detail }, { file: job.name }));
    this.pump();
  }

  private retire(slot: Slot): void {
    slot.retired = true;
    this.counts.retired++;
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    slot.port.setBusy(false);
    slot.port.terminate();
  }

  private settle(job: Job, ipc: Uint8Array | undefined, error?: unknown): void {
    if (job.settled) return;
    job.settled = true;
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (ipc) job.resolve(ipc);
    else job.reject(error);
  }
}

let pool: ParquetDecodePool | undefined;

/** Installs (or, with `undefined`, removes) the pool Parquet → Arrow reads use; without one they decode on the calling thread. */
export function setParquetDecodePool(p: ParquetDecodePool | undefined): void {
  pool = p;
}

/** The installed pool, if any. */
export function parquetDecodePool(): ParquetDecodePool | undefined {
  return pool;
}

/**
 * The wasm memory the installed pool's live workers hold (0 without a pool): part of what an engine worker
 * holds, for its recycling (worker/engine-host.ts) — ending an engine worker ends its decode workers.
 */
export function decodePoolMemoryBytes(): number {
  return pool?.stats().memoryBytes ?? 0;
}

/** Workers dying before their first answer this many times make a pool unusable ({@link ParquetDecodePool.usable}). */
const START_FAILURES_MAX = 2;

/**
 * Decodes smaller than this stay on the calling thread: the round trip (a copy each way, two messages) costs
 * more than decoding a few kilobytes.
 */
export const POOL_MIN_BYTES = 16 * 1024;
