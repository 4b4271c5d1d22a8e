/**
 * The Query tab's history: the last queries run on a table, newest first, kept in localStorage under the
 * table's path (never the warehouse's credentials: only the query text, when it ran, and its row count).
 * A query that looks like it carries a secret (an access key, a presigned signature) is not kept.
 */

export interface HistoryEntry {
  readonly sql: string;
  /** Epoch ms when it last ran. */
  readonly at: number;
  /** Rows it returned, when it finished. */
  readonly rows?: number;
}

/** Entries kept per table. */
export const HISTORY_MAX = 30;
const PREFIX = 'lakescope.queryHistory:';
const SECRET = /X-Amz-(Signature|Credential|Security-Token)|AKIA[0-9A-Z]{12,}|aws_secret|secret_?access_?key|session_?token|password\s*=/i;

/** The part of `Storage` (window.localStorage) the history uses, so tests pass a plain map. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Past queries of the table at `scope` (its root path), newest first; [] when none or unreadable. */
export function loadHistory(store: KeyValueStore, scope: string): HistoryEntry[] {
  try {
    const raw = JSON.parse(store.getItem(PREFIX + scope) ?? '[]') as unknown;
    if (!Array.isArray(raw)) return [];
    return raw.filter((e): e is HistoryEntry => typeof e?.sql === 'string' && typeof e?.at === 'number').slice(0, HISTORY_MAX);
  } catch {
    return [];
  }
}

/**
 * Adds a run of `sql` at the top (an earlier identical query moves up, not duplicated), keeps
 * {@link HISTORY_MAX}, saves, and returns the new list. Queries that look secret-bearing are not saved.
 */
export function addToHistory(store: KeyValueStore, scope: string, entry: HistoryEntry): HistoryEntry[] {
  const sql = entry.sql.trim();
  const old = loadHistory(store, scope);
  if (!sql || SECRET.test(sql)) return old;
  const next = [{ ...entry, sql }, ...old.filter((e) => e.sql !== sql)].slice(0, HISTORY_MAX);
  try {
    store.setItem(PREFIX + scope, JSON.stringify(next));
  } catch {
    // Storage full or disabled (private mode): the history lives for this page only.
  }
  return next;
}

/** The browser's localStorage when usable, else an in-memory store (so the tab works with storage disabled). */
export function browserStore(): KeyValueStore {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Access to localStorage can throw (sandboxed frame, disabled cookies).
  }
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => { m.set(k, v); } };
}
