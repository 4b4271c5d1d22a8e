/**
 * Storage key validation shared by the adapters. Keys are '/'-separated, relative to the storage root.
 */
import { messageError } from '../message-error.ts';

/** A '.' or '..' segment anywhere in a key (tested per request: no split into segments). */
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

/**
 * Throws Unsupported for a key no adapter can address faithfully: empty, with a leading '/', with a
 * '.' or '..' segment (URL parsers and file systems normalise them away and would reach a different
 * object), or with a NUL character. Empty segments ('a//b') and a trailing '/' are legal in object
 * stores (Hadoop writes "folder/" marker objects); file-system adapters reject them themselves.
 */
export function checkKey(key: string, what: string): void {
  const bad = typeof key !== 'string' || key === '' || key.startsWith('/') || key.includes('\0') || DOT_SEGMENT.test(key);
  if (bad) throw messageError('Unsupported', 'error.key.invalid', { what, key: JSON.stringify(key) ?? String(key) }, { key: String(key) });
}

/** Normalises a root prefix: '' or ends in exactly one '/', no leading '/'. Throws Unsupported on '.'/'..' segments. */
export function normalizePrefix(prefix: string | undefined, what: string): string {
  const p = (prefix ?? '').replace(/^\/+/, '').replace(/\/+$/, '');
  if (p === '') return '';
  if (p.split('/').some((s) => s === '' || s === '.' || s === '..')) {
    throw messageError('Unsupported', 'error.key.invalidPrefix', { what, prefix: JSON.stringify(prefix) }, { prefix });
  }
  return `${p}/`;
}
