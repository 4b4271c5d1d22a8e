/**
 * Key lists for stores that cannot list themselves: the `index.json` manifest served beside a static
 * warehouse (the built-in demo, or any public folder), and a pasted list of presigned URLs.
 */
import type { PresignedEntry } from '../core/io/http-storage.ts';
import { messageError } from '../core/message-error.ts';

/** The manifest format (`index.json`): every key under the folder with its size. */
export interface KeyManifest {
  readonly version: 1;
  readonly files: readonly { readonly key: string; readonly size: number }[];
}

/**
 * A `.` or `..` path segment: no URL can name such a key (the URL parser resolves dot segments, `%2e` included,
 * and a static server normalises them), so a key holding one would be read from another object's URL.
 */
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

/** One `files` entry as the manifest format has it: a relative key that names its own URL, and a size. */
function isKeyManifestEntry(f: unknown): boolean {
  const e = f as { key?: unknown; size?: unknown } | null;
  return !!e && typeof e.key === 'string' && e.key !== '' && !e.key.startsWith('/') && !DOT_SEGMENT.test(e.key) && Number.isSafeInteger(e.size) && (e.size as number) >= 0;
}

/**
 * Validates a parsed `index.json`. Throws DataInvalid naming the URL when the shape is wrong, or a key is
 * absolute or has a `.`/`..` segment (it could not be fetched by its own URL).
 */
export function parseKeyManifest(json: unknown, url: string): KeyManifest {
  const m = json as Partial<KeyManifest> | null;
  const ok = m && m.version === 1 && Array.isArray(m.files) && m.files.every(isKeyManifestEntry);
  if (!ok) throw messageError('DataInvalid', 'error.http.notKeyManifest', undefined, { url });
  return m as KeyManifest;
}

/**
 * Keys whose URL is the base URL followed by the key as it is: only characters {@link encodePathSegment}
 * and the URL parser leave alone, no `.`/`..` segment (the parser would resolve it) and no `:` before the
 * first `/` (the parser would read a scheme).
 */
const VERBATIM_KEY = /^(?![^/]*:)(?!(?:.*\/)?\.\.?(?:\/|$))[A-Za-z0-9\-_.!~*'()=:@$&+,;/]+$/;

/**
 * The function giving a key's URL under `baseUrl` (for HttpStorage's listed mode: called on a key's first
 * request, not for every key at connect; issue 17). Must hold: the URL is
 * `new URL('./' + <key, each segment encodePathSegment-ed>, base)` — the `./` keeps a first segment with a `:`
 * from being read as a scheme (`p:q/x` is a key, not a URL of scheme `p:`). Most keys need no encoding, and they are joined to
 * the base as strings: the URL parser per key took ~300 ms of a 100,000-file warehouse's open (issue 17).
 */
export function manifestUrlOf(baseUrl: string): (key: string) => string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const baseUrlParsed = new URL(base);
  // String joining is the parser's answer only for a base that is already in its normal form and ends its path.
  const plainBase = baseUrlParsed.href === base && baseUrlParsed.search === '' && baseUrlParsed.hash === '';
  const encode = (key: string) => key.split('/').map(encodePathSegment).join('/');
  return (key) => (plainBase && VERBATIM_KEY.test(key) ? base + key : new URL(`./${encode(key)}`, base).href);
}

/** key → URL entry (with size) for every file of `manifest` under `baseUrl`, each URL as {@link manifestUrlOf} makes it. */
export function manifestUrls(manifest: KeyManifest, baseUrl: string): Map<string, PresignedEntry> {
  const urlOf = manifestUrlOf(baseUrl);
  const out = new Map<string, PresignedEntry>();
  for (const f of manifest.files) out.set(f.key, { get: urlOf(f.key), size: f.size });
  return out;
}

/**
 * A key segment as a URL path segment. Characters RFC 3986 allows in a segment (`= : @ $ & + , ;`) stay
 * literal: static servers that decode paths with `decodeURI` (sirv, behind `vite preview`) would
 * otherwise look for `device%3Dmobile` instead of the Hive-style partition folder `device=mobile`.
 */
export function encodePathSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(3D|3A|40|24|26|2B|2C|3B)/g, (m) => decodeURIComponent(m));
}

/**
 * Keys for pasted presigned URLs: each URL's decoded path, minus the folders all of them share (so a
 * pasted table's files become `metadata/…`, `data/…` and the table sits at the root). Blank lines and
 * `#` comments are ignored; duplicates keep the last URL.
 */
export function presignedKeyMap(text: string): { urls: Map<string, string>; commonPrefix: string } {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  if (lines.length === 0) throw messageError('DataInvalid', 'error.presigned.none', undefined);
  const parsed = lines.map((l) => {
    let u: URL;
    try { u = new URL(l); } catch { throw messageError('DataInvalid', 'error.presigned.notUrl', undefined, { line: l.replace(/[?#].*$/, '') }); }
    if (u.protocol !== 'https:' && u.protocol !== 'http:') throw messageError('DataInvalid', 'error.presigned.notHttp', undefined, { line: `${u.origin}${u.pathname}` });
    return { url: l, segments: decodeURIComponent(u.pathname).split('/').filter((s) => s !== '') };
  });
  let common = Math.min(...parsed.map((p) => p.segments.length - 1));
  for (let i = 0; i < common; i++) {
    if (parsed.some((p) => p.segments[i] !== parsed[0].segments[i])) { common = i; break; }
  }
  const urls = new Map<string, string>();
  for (const p of parsed) urls.set(p.segments.slice(common).join('/'), p.url);
  return { urls, commonPrefix: parsed[0].segments.slice(0, common).join('/') };
}
