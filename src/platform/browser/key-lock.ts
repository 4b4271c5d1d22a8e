/**
 * Per-key locks for the browser adapters: Web Locks (`navigator.locks`, shared by every tab and
 * worker of the origin) where available, else a per-page promise chain (this page only).
 */

const chains = new Map<string, Promise<unknown>>();

/** Runs `fn` holding lock `name` in `mode`; the lock is released when `fn` settles. */
export function withKeyLock<T>(name: string, mode: 'shared' | 'exclusive', fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (locks) return locks.request(name, { mode }, fn) as Promise<T>;
  // Fallback: one at a time per name (shared holders are serialised too: correct, just slower).
  const previous = chains.get(name) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  const tail = run.catch(() => undefined);
  chains.set(name, tail);
  void tail.then(() => {
    if (chains.get(name) === tail) chains.delete(name);
  });
  return run;
}
