/**
 * The browser's budget for one rewrite (compaction): the bytes a rewrite may read in this tab before the
 * preview offers the engine SQL instead of running it. A setting kept in localStorage (per browser); unset →
 * the engine's default (core/commit/engine-sql.ts DEFAULT_REWRITE_BUDGET_BYTES, 2 GiB, and why).
 */
/**
 * core/commit/engine-sql.ts's DEFAULT_REWRITE_BUDGET_BYTES, repeated: the UI may import core only as types
 * (architecture.test.ts); rewrite-budget.test.ts checks the two are equal.
 */
export const DEFAULT_REWRITE_BUDGET_BYTES = 2 * 1024 ** 3;

const KEY = 'lakescope.rewriteBudgetBytes';

function store(): Storage | undefined {
  try { return globalThis.localStorage ?? undefined; } catch { return undefined; }
}

/** The budget set on this browser, or undefined (the default applies). */
export function storedRewriteBudget(): number | undefined {
  const v = Number(store()?.getItem(KEY) ?? NaN);
  return Number.isFinite(v) && v > 0 ? v : undefined;
}

/** The budget in force: the stored one, else the default. */
export function rewriteBudget(): number {
  return storedRewriteBudget() ?? DEFAULT_REWRITE_BUDGET_BYTES;
}

/** Stores a budget (bytes > 0), or clears it (undefined): storage off (private mode) just does not remember. */
export function setRewriteBudget(bytes: number | undefined): void {
  try {
    if (bytes === undefined) store()?.removeItem(KEY);
    else if (Number.isFinite(bytes) && bytes > 0) store()?.setItem(KEY, String(Math.round(bytes)));
  } catch { /* not remembered */ }
}
