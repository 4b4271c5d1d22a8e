/**
 * "Remember on this device": S3 connections (with their keys) saved in localStorage only when the user
 * ticks the box, listed on the Connect screen with a Forget button. Nothing is stored otherwise, and
 * nothing here is ever logged or put in a URL.
 */
import type { S3Connection } from '../../worker/connection.ts';

const KEY = 'lakescope.remembered-s3';

/** The minimal Web Storage surface (injectable for tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface RememberedConnection extends S3Connection {
  /** Stable id: endpoint + bucket + prefix (never the keys). */
  readonly id: string;
  readonly savedAt: number;
}

function connectionId(c: Pick<S3Connection, 'endpoint' | 'bucket' | 'prefix'>): string {
  return `${c.endpoint.replace(/\/+$/, '')}|${c.bucket}|${c.prefix}`;
}

function defaultStore(): KeyValueStore | undefined {
  try { return globalThis.localStorage ?? undefined; } catch { return undefined; }
}

/** Saved connections, newest first. Corrupt storage reads as empty. */
export function listRemembered(store = defaultStore()): RememberedConnection[] {
  if (!store) return [];
  try {
    const v = JSON.parse(store.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as RememberedConnection[]).filter((c) => c && c.kind === 's3' && typeof c.id === 'string') : [];
  } catch {
    return [];
  }
}

/** Saves (or replaces) a connection. */
export function remember(c: S3Connection, store = defaultStore(), now = Date.now()): RememberedConnection {
  const entry: RememberedConnection = { ...c, id: connectionId(c), savedAt: now };
  if (store) {
    const rest = listRemembered(store).filter((r) => r.id !== entry.id);
    store.setItem(KEY, JSON.stringify([entry, ...rest]));
  }
  return entry;
}

/** Removes one saved connection; with no id, removes them all. */
export function forget(id?: string, store = defaultStore()): void {
  if (!store) return;
  if (id === undefined) { store.removeItem(KEY); return; }
  const rest = listRemembered(store).filter((r) => r.id !== id);
  if (rest.length) store.setItem(KEY, JSON.stringify(rest));
  else store.removeItem(KEY);
}

/** The saved connection for a location (from a deep link), if any. */
export function findRemembered(loc: Pick<S3Connection, 'endpoint' | 'bucket' | 'prefix'>, store = defaultStore()): RememberedConnection | undefined {
  const id = connectionId(loc);
  return listRemembered(store).find((r) => r.id === id);
}
