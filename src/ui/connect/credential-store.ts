/**
 * "Remember on this device": S3 connections saved in localStorage only when the user ticks the box,
 * listed on the Connect screen with a Forget button. Nothing is stored otherwise, and nothing here is
 * ever logged or put in a URL.
 *
 * The secret key and the session token are never stored in clear (issue 18): they are sealed with
 * AES-GCM under a per-device key that WebCrypto generates as non-extractable and IndexedDB keeps as a
 * `CryptoKey` object — script on this origin can use it to unseal, but its bytes can be read by no one,
 * so a copy of localStorage (a synced profile, a backup, a disk image of the storage file) holds no
 * usable secret. Where WebCrypto or IndexedDB is missing, nothing is remembered.
 */
import type { S3Connection } from '../../worker/connection.ts';

const KEY = 'lakescope.remembered-s3';

/** The minimal Web Storage surface (injectable for tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Gives the device key (tests pass one; the app keeps it in IndexedDB, see {@link idbDeviceKey}). */
export type DeviceKeyProvider = () => Promise<CryptoKey | undefined>;

/** A saved connection as listed: everything but the secrets, which stay sealed in `sealed`. */
export interface RememberedConnection extends Omit<S3Connection, 'secretAccessKey' | 'sessionToken'> {
  /** Stable id: endpoint + bucket + prefix (never the keys). */
  readonly id: string;
  readonly savedAt: number;
  /** base64 of the 12-byte IV followed by the AES-GCM ciphertext of `{ secretAccessKey, sessionToken }`. */
  readonly sealed: string;
}

function connectionId(c: Pick<S3Connection, 'endpoint' | 'bucket' | 'prefix'>): string {
  return `${c.endpoint.replace(/\/+$/, '')}|${c.bucket}|${c.prefix}`;
}

function defaultStore(): KeyValueStore | undefined {
  try { return globalThis.localStorage ?? undefined; } catch { return undefined; }
}

const DB = 'lakescope-device';
const STORE = 'keys';
const KEY_NAME = 'remember-s3';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => { r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
}

/**
 * The device key from IndexedDB, made on first use: AES-GCM 256, non-extractable (WebCrypto refuses to
 * export it), stored as the CryptoKey object itself (structured clone keeps it non-extractable).
 */
export const idbDeviceKey: DeviceKeyProvider = async () => {
  const idb = globalThis.indexedDB;
  const subtle = globalThis.crypto?.subtle;
  if (!idb || !subtle) return undefined;
  const open = idb.open(DB, 1);
  open.onupgradeneeded = () => { open.result.createObjectStore(STORE); };
  const db = await request(open);
  try {
    const found = await request(db.transaction(STORE).objectStore(STORE).get(KEY_NAME)) as CryptoKey | undefined;
    if (found) return found;
    const key = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await request(db.transaction(STORE, 'readwrite').objectStore(STORE).put(key, KEY_NAME));
    return key;
  } finally {
    db.close();
  }
};

const toBase64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
const fromBase64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

async function seal(secrets: { secretAccessKey: string; sessionToken?: string }, key: CryptoKey): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify(secrets))));
  const out = new Uint8Array(iv.length + data.length);
  out.set(iv);
  out.set(data, iv.length);
  return toBase64(out);
}

/** Saved connections, newest first, without their secrets. Corrupt storage and entries from before sealing read as absent. */
export function listRemembered(store = defaultStore()): RememberedConnection[] {
  if (!store) return [];
  try {
    const v = JSON.parse(store.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v)
      ? (v as RememberedConnection[]).filter((c) => c && c.kind === 's3' && typeof c.id === 'string' && typeof c.sealed === 'string' && !('secretAccessKey' in c))
      : [];
  } catch {
    return [];
  }
}

/**
 * Saves (or replaces) a connection with its secrets sealed. Resolves to undefined, saving nothing, when this
 * browser gives no device key (no WebCrypto or IndexedDB). Entries saved in clear by older versions are dropped.
 */
export async function remember(c: S3Connection, store = defaultStore(), now = Date.now(), deviceKey: DeviceKeyProvider = idbDeviceKey): Promise<RememberedConnection | undefined> {
  const key = await deviceKey().catch(() => undefined);
  if (!store || !key) return undefined;
  const { secretAccessKey, sessionToken, ...open } = c;
  const entry: RememberedConnection = { ...open, id: connectionId(c), savedAt: now, sealed: await seal({ secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }, key) };
  const rest = listRemembered(store).filter((r) => r.id !== entry.id);
  store.setItem(KEY, JSON.stringify([entry, ...rest]));
  return entry;
}

/** The connection with its secrets unsealed; undefined when the device key is gone or does not open it (another browser profile). */
export async function unseal(r: RememberedConnection, deviceKey: DeviceKeyProvider = idbDeviceKey): Promise<S3Connection | undefined> {
  const key = await deviceKey().catch(() => undefined);
  if (!key) return undefined;
  try {
    const bytes = fromBase64(r.sealed);
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.subarray(0, 12) }, key, bytes.subarray(12));
    const secrets = JSON.parse(new TextDecoder().decode(plain)) as { secretAccessKey: string; sessionToken?: string };
    const { id: _id, savedAt: _s, sealed: _sealed, ...open } = r;
    return { ...open, secretAccessKey: secrets.secretAccessKey, ...(secrets.sessionToken ? { sessionToken: secrets.sessionToken } : {}) };
  } catch {
    return undefined;
  }
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
