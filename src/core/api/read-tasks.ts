/**
 * The one read loop (issue 11): reads the planned tasks of any LakeTable with bounded concurrency and
 * yields their Arrow batches — to the row cursor, the CLI scan and later diff and queries. Reading one
 * task after another leaves the network idle while a file decodes and the CPU idle while the next one is
 * fetched; with many small files (time travel over a table of appends) the round trips dominate.
 *
 * Bounds, so a wide window cannot exhaust memory or the connection pool:
 * - at most `concurrency` tasks in flight, and their planned bytes (file sizes from the plan) at most
 *   `maxBytesInFlight` — except that one task always runs, however large, so the loop never stalls;
 * - a task keeps at most `bufferBatches` decoded batches ahead of the consumer, then waits;
 * - the window starts at one task and doubles each time the consumer finishes a task, so a page that
 *   needs the first rows reads the first file, not eight (slow start: read-ahead is earned).
 * New tasks start only while the consumer asks for batches; a task counts against the bytes until its
 * last batch has been handed out.
 */
import type { RecordBatch } from 'apache-arrow';
import { abortError, isLakeError, LakeError, toLakeError } from '../errors.ts';
import type { LakePlan, LakeTable, ScanTask } from '../formats/table-format.ts';
import { abortable } from '../util/async.ts';
import type { ProgressCallback } from './progress.ts';
import { messageError } from '../message-error.ts';

export interface ReadTasksOptions<Task = ScanTask> {
  readonly signal?: AbortSignal;
  /** Most tasks read at once (default 8; browsers open about 6 connections a host). */
  readonly concurrency?: number;
  /** Most planned bytes of tasks started and not yet handed out (default 64 MiB). */
  readonly maxBytesInFlight?: number;
  /**
   * True (default): batches come in task order, each task's in its own order — the CLI's canonical
   * output and the row cursor's pages depend on it. False: a batch is handed out as soon as it is ready.
   */
  readonly ordered?: boolean;
  /**
   * Decoded batches one task may hold ahead of the consumer (default 4). 0: none — a task reads its
   * next batch only when the consumer waits for it (the Data tab: a page of a 1 GB file must not pull
   * the next row groups in behind it); tasks started by the window still read their first batch.
   */
  readonly bufferBatches?: number;
  /** Planned bytes of a task (default: summed from the plan's `files`, {@link planTaskBytes}). */
  readonly taskBytes?: (task: Task, index: number) => number;
  /** Called as tasks finish reading: `done` tasks of `total`, `bytes` their planned bytes. */
  readonly onProgress?: ProgressCallback;
}

/** What the loop yields: a batch of a task, or the end of a task (after its last batch, also for a task with none). */
export type TaskRead =
  | { readonly taskIndex: number; readonly batch: RecordBatch }
  | { readonly taskIndex: number; readonly taskDone: true };

/** Planned bytes of each task, summed from the plan's `files` (their `task` index), for {@link ReadTasksOptions.taskBytes}. */
export function planTaskBytes(plan: Pick<LakePlan, 'files'>): (task: unknown, index: number) => number {
  const bytes: number[] = [];
  for (const f of plan.files) bytes[f.task] = (bytes[f.task] ?? 0) + Number(f.bytes);
  return (_task, index) => bytes[index] ?? 0;
}

/** A wake-up any number of waiters can await; `notify` releases them all. */
class Wakeup {
  private resolve!: () => void;
  private promise!: Promise<void>;
  constructor() { this.reset(); }
  private reset(): void { this.promise = new Promise((r) => { this.resolve = r; }); }
  wait(): Promise<void> { return this.promise; }
  notify(): void { this.resolve(); this.reset(); }
}

interface Slot {
  readonly index: number;
  readonly bytes: number;
  readonly buffer: RecordBatch[];
  finished: boolean;
  /** With `bufferBatches: 0`: the consumer waits for this task's next batch. */
  wanted: boolean;
  /** What the task's read threw (made a LakeError naming the file when surfaced: the file may be known only once the plan is). */
  failure?: { readonly cause: unknown };
  readonly space: Wakeup;
}

/**
 * Reads `tasks` of `table` and yields their batches (see the file comment for the bounds). Must hold:
 * with `ordered`, the batches are exactly those of reading the tasks one after another, in that order;
 * an error is thrown when the consumer reaches the failing task (ordered) or as soon as it happens
 * (unordered), as a LakeError whose context names the task's file, and no task starts after it; an
 * abort of `signal`, or the consumer stopping early, aborts every read in flight and rejects a waiting
 * `next()` with Aborted at once.
 */
export function readTasks(table: LakeTable, plan: Pick<LakePlan, 'tasks' | 'files'>, options: ReadTasksOptions<ScanTask> = {}): AsyncGenerator<TaskRead> {
  return readFeed(table, {
    tasks: plan.tasks as readonly ScanTask[], settled: true,
    fileOf: (index) => plan.files.find((f) => f.task === index)?.path,
  }, options.taskBytes ? options : { ...options, taskBytes: planTaskBytes(plan) });
}

/**
 * The tasks the loop reads: all of a finished plan ({@link readTasks}), or those of a plan still being
 * made (read-scan.ts), told in plan order as they become final. Until `settled`, `tasks` may grow (and
 * the feed notifies the loop through {@link TaskFeed.listen}); once settled, it is the whole plan — or
 * `error` is set and the loop throws it.
 */
export interface TaskFeed {
  readonly tasks: readonly ScanTask[];
  readonly settled: boolean;
  readonly error?: unknown;
  /** The file a task reads (for errors). */
  fileOf(index: number): string | undefined;
  /** Called with a function the feed calls whenever `tasks`, `settled` or `error` change. */
  listen?(changed: () => void): void;
  /** Most tasks read at once while the plan is not settled (default: the slow-start window, 1). */
  readonly windowWhileUnsettled?: number;
}

/**
 * {@link readTasks} over a feed. While the feed is not settled, tasks start (within every bound) but no
 * batch is handed out: a plan that fails late must fail before any row, as when planned first.
 */
export async function* readFeed(table: LakeTable, feed: TaskFeed, options: ReadTasksOptions<ScanTask> = {}): AsyncGenerator<TaskRead> {
  const fileOf = (index: number): string | undefined => feed.fileOf(index);
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 8));
  const maxBytes = Math.max(0, options.maxBytesInFlight ?? 64 * 1024 * 1024);
  const ordered = options.ordered ?? true;
  const onDemand = options.bufferBatches === 0;
  const bufferBatches = Math.max(1, options.bufferBatches ?? 4);
  const sizeOf = options.taskBytes ?? ((): number => 0);
  const inner = new AbortController();
  const onOuterAbort = () => inner.abort(options.signal?.reason);
  if (options.signal?.aborted) throw abortError(options.signal, 'read');
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  const active: Slot[] = []; // started and not fully handed out, in task order
  const changed = new Wakeup();
  feed.listen?.(() => changed.notify());
  let nextTask = 0;
  let window = 1;
  let bytesInFlight = 0;
  let failed = false;
  let finishedTasks = 0;
  let finishedBytes = 0;

  const pump = async (slot: Slot, task: ScanTask): Promise<void> => {
    // Every task reads under the loop's one signal. Node's fetch (undici) leaves an abort listener on the
    // signal it is given until the request is garbage-collected, but fetch never gets this one: each
    // request attempt runs under a signal of its own (io/read-policy.ts), dropped with the request.
    try {
      for await (const batch of table.read(task, { signal: inner.signal })) {
        slot.buffer.push(batch);
        changed.notify();
        slot.wanted = false;
        while ((slot.buffer.length >= bufferBatches || (onDemand && !slot.wanted)) && !inner.signal.aborted) await slot.space.wait();
        if (inner.signal.aborted) return;
      }
      finishedTasks++;
      finishedBytes += slot.bytes;
      options.onProgress?.({ phase: 'read', done: finishedTasks, total: feed.tasks.length, bytes: finishedBytes });
    } catch (e) {
      slot.failure = { cause: e };
      failed = true;
    } finally {
      slot.finished = true;
      changed.notify();
    }
  };

  const admit = (): void => {
    const tasks = feed.tasks;
    const width = feed.settled ? window : Math.max(window, feed.windowWhileUnsettled ?? 1);
    while (!failed && !feed.error && nextTask < tasks.length && active.length < Math.min(width, concurrency)) {
      const bytes = Math.max(0, sizeOf(tasks[nextTask]!, nextTask) || 0);
      if (active.length > 0 && bytesInFlight + bytes > maxBytes) return;
      const slot: Slot = { index: nextTask, bytes, buffer: [], finished: false, wanted: true, space: new Wakeup() };
      bytesInFlight += bytes;
      active.push(slot);
      window = Math.max(window, active.length); // tasks read ahead while planning count as earned
      void pump(slot, tasks[nextTask++]!);
    }
  };

  const release = (slot: Slot): void => {
    active.splice(active.indexOf(slot), 1);
    bytesInFlight -= slot.bytes;
    window = Math.min(concurrency, window * 2);
  };

  try {
    for (;;) {
      if (inner.signal.aborted) throw abortError(options.signal, 'read');
      if (feed.settled && feed.error !== undefined) throw feed.error;
      admit();
      if (active.length === 0 && feed.settled) return;
      // Ordered: only the oldest task may hand out. Unordered: the first task with something to say.
      const candidates = !feed.settled ? [] : ordered ? [active[0]!] : active;
      if (!ordered) { const err = candidates.find((s) => s.failure); if (err) throw taskError(err.failure!.cause, fileOf(err.index), err.index); }
      const slot = candidates.find((s) => s.buffer.length > 0 || s.finished);
      if (!slot) {
        for (const s of candidates) if (!s.wanted) { s.wanted = true; s.space.notify(); }
        await abortable(changed.wait(), inner.signal).catch(() => { throw abortError(options.signal ?? inner.signal, 'read'); });
        continue;
      }
      if (slot.buffer.length > 0) {
        const batch = slot.buffer.shift()!;
        slot.space.notify();
        yield { taskIndex: slot.index, batch };
        continue;
      }
      if (slot.failure) throw taskError(slot.failure.cause, fileOf(slot.index), slot.index);
      release(slot);
      yield { taskIndex: slot.index, taskDone: true };
    }
  } finally {
    options.signal?.removeEventListener('abort', onOuterAbort);
    if (!inner.signal.aborted) inner.abort(messageError('Aborted', 'error.read.stopped', undefined));
    for (const s of active) s.space.notify();
  }
}

/** The task's error as a LakeError naming the task's file (its own context wins where it names one). */
function taskError(e: unknown, file: string | undefined, index: number): LakeError {
  const context = { task: index, ...(file === undefined ? {} : { file }) };
  if (isLakeError(e)) return e.withContext(context);
  return toLakeError(e, `read: task ${index}${file ? ` (${file})` : ''}: ${e instanceof Error ? e.message : String(e)}`, context, 'Io');
}
