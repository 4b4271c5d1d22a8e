/**
 * The worker's wait, after it sent a table's timeline outline, for the page to say the outline is on screen
 * (issue 17). The outline goes out before the exact parse of the same metadata file (~100 ms of CPU for a
 * 10,000-snapshot file); on a 2-core machine that parse, run at once, took the core the page needed to draw
 * the outline: the page's main thread got a third of a core between the outline's arrival and its paint
 * (UI bench traces: 35–60 ms of wall time for ~15 ms of its own work). The exact parse now starts once the
 * page reports the outline painted (`outlineShown`), or after a bound: a page that never draws it — a hidden
 * tab, whose frames do not run, or a table page already gone — costs the exact parse at most that.
 */
import { sleep } from '../core/util/async.ts';

/** The longest the exact parse waits for the page's word that the outline is on screen. */
export const OUTLINE_SHOWN_WAIT_MS = 100;

/** Waits keyed by table (warehouse id and root): each ends once, by `shown`, the bound, or its signal. */
export function createOutlineWaits(maxWaitMs = OUTLINE_SHOWN_WAIT_MS) {
  const waits = new Map<string, () => void>();
  const keyOf = (p: { warehouseId: string; root: string }) => `${p.warehouseId}\u0000${p.root}`;
  return {
    /**
     * Resolves when `shown` is called for this table, after `maxWaitMs`, or when `signal` aborts (the caller
     * checks it) — never rejects. A newer wait for the same table ends the older one.
     */
    wait(p: { warehouseId: string; root: string }, signal: AbortSignal): Promise<void> {
      const key = keyOf(p);
      waits.get(key)?.();
      const bound = new AbortController();
      const onAbort = () => bound.abort();
      signal.addEventListener('abort', onAbort, { once: true });
      if (signal.aborted) bound.abort();
      const done = () => {
        if (waits.get(key) === done) waits.delete(key);
        bound.abort();
      };
      waits.set(key, done);
      return sleep(maxWaitMs, bound.signal, 'outline shown').catch(() => undefined).finally(() => {
        signal.removeEventListener('abort', onAbort);
        if (waits.get(key) === done) waits.delete(key);
      });
    },
    /** The page has painted this table's outline: its wait ends. False when none was waiting. */
    shown(p: { warehouseId: string; root: string }): boolean {
      const done = waits.get(keyOf(p));
      done?.();
      return done !== undefined;
    },
  };
}
