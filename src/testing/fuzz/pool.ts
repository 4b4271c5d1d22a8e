/**
 * Runs fuzz cases in worker threads with a watchdog: a case that gives no answer within twice its time
 * limit (plus a grace second) is a hang — its thread is terminated and a fresh one continues with the
 * next case, so one stuck case never stops the run. A thread that dies (out of memory, a wasm abort)
 * marks its case FAIL-other-exception. Deterministic: case i is the same whichever thread runs it.
 */
import { Worker } from 'node:worker_threads';
import { planCase, type CaseResult } from './case.ts';
import { loadFixtures, type FuzzFormat } from './fixture-set.ts';

export interface RunOptions {
  readonly format: FuzzFormat;
  readonly seed: number;
  readonly cases: number;
  readonly timeLimitMs: number;
  /** Worker threads (default 1: the machine is shared). */
  readonly workers?: number;
  /** Stop starting new cases after this wall time (ms), counted from the first worker ready (after its baseline); the result says how many ran. */
  readonly wallLimitMs?: number;
  /** Heap limit of each worker in MB (a giant allocation then kills only that worker). */
  readonly heapMb?: number;
  readonly onResult?: (r: CaseResult) => void;
}

interface Slot { worker: Worker; index?: number; timer?: ReturnType<typeof setTimeout> }

/** Runs cases 0..cases-1 of one format; resolves with the results in index order (those that ran). */
export function runFuzz(o: RunOptions): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  // The guard counts case time only: loading the fixtures and the baseline reads come before it.
  let started: number | undefined;
  let next = 0;
  let live = 0;
  const fixtures = loadFixtures(o.format); // only to describe cases the worker could not report
  return new Promise((resolve, reject) => {
    const finish = () => { if (live === 0) resolve(results.sort((a, b) => a.index - b.index)); };
    const record = (r: CaseResult) => { results.push(r); o.onResult?.(r); };
    const failed = (index: number, outcome: 'FAIL-hang' | 'FAIL-other-exception', message: string) => {
      const { spec } = planCase(fixtures, o.seed, o.format, index);
      record({ ...spec, outcome, message, ms: o.timeLimitMs });
    };
    const spawn = () => {
      live++;
      const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
        workerData: { entry: new URL('./worker.ts', import.meta.url).href, format: o.format, seed: o.seed, timeLimitMs: o.timeLimitMs },
        resourceLimits: { maxOldGenerationSizeMb: o.heapMb ?? 1024 },
      });
      const slot: Slot = { worker };
      let ended = false;
      const end = () => { if (!ended) { ended = true; live--; } };
      const feed = () => {
        clearTimeout(slot.timer);
        started ??= Date.now();
        const outOfTime = o.wallLimitMs !== undefined && Date.now() - started > o.wallLimitMs;
        if (next >= o.cases || outOfTime) {
          slot.index = undefined;
          void worker.terminate().then(() => { end(); finish(); });
          return;
        }
        const index = next++;
        slot.index = index;
        slot.timer = setTimeout(() => {
          failed(index, 'FAIL-hang', `the worker gave no answer within ${2 * o.timeLimitMs + 1000} ms (synchronous loop?)`);
          slot.index = undefined;
          void worker.terminate().then(() => { end(); spawn(); });
        }, 2 * o.timeLimitMs + 1000);
        worker.postMessage(index);
      };
      worker.on('message', (msg: { type: string; result?: CaseResult; index?: number; message?: string }) => {
        if (msg.type === 'ready') feed();
        else if (msg.type === 'result') { record(msg.result!); feed(); }
        else if (msg.type === 'crash') { failed(msg.index!, 'FAIL-other-exception', `harness: ${msg.message}`); feed(); }
      });
      worker.on('error', (e) => {
        clearTimeout(slot.timer);
        if (slot.index === undefined) { end(); reject(e); return; }
        failed(slot.index, 'FAIL-other-exception', `worker died: ${e.name}: ${e.message}`);
        slot.index = undefined;
        end();
        spawn();
      });
      worker.on('exit', () => { clearTimeout(slot.timer); });
    };
    for (let i = 0; i < Math.max(1, o.workers ?? 1); i++) spawn();
  });
}
