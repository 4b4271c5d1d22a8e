/**
 * '/'-separated path helpers for storage keys and table locations (never the OS path module: core
 * runs in workers). URI schemes (`s3://bucket/…`, `file:/…`) are kept intact by {@link joinPath}.
 */

/**
 * Joins segments with single slashes. Must hold: no doubled slashes are introduced between segments,
 * a leading slash / scheme of the first segment is kept, empty segments are skipped.
 */
export function joinPath(...segments: string[]): string {
  let out = '';
  for (const seg of segments) {
    if (seg === '') continue;
    if (out === '') out = seg;
    else out = out.replace(/\/+$/, '') + '/' + seg.replace(/^\/+/, '');
  }
  return out;
}

/** Everything before the last '/' (trailing slashes ignored); '' for a bare name. */
export function dirname(path: string): string {
  const p = path.replace(/\/+$/, '');
  const i = p.lastIndexOf('/');
  return i < 0 ? '' : i === 0 ? '/' : p.slice(0, i);
}

/** The last segment (trailing slashes ignored). */
export function basename(path: string): string {
  const p = path.replace(/\/+$/, '');
  return p.slice(p.lastIndexOf('/') + 1);
}

/** Anything normalizePath would change: an empty, '.' or '..' segment, or a leading or trailing slash. */
const NOT_NORMAL = /^$|^\/|\/$|\/\/|(?:^|\/)\.\.?(?:\/|$)/;

/**
 * Normalises a relative storage key: collapses repeated slashes, drops '.' segments and resolves '..'
 * (never above the root: a leading '..' is dropped), removes leading and trailing slashes.
 */
export function normalizePath(path: string): string {
  // Already normal (the common case: every data file path of a plan): no split and join.
  if (!NOT_NORMAL.test(path)) return path;
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return out.join('/');
}

/** Splits `scheme://authority/path` into parts; `scheme` is '' for plain paths. */
export function splitUri(uri: string): { scheme: string; authority: string; path: string } {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):(\/\/([^/]*))?(.*)$/.exec(uri);
  if (!m) return { scheme: '', authority: '', path: uri };
  return { scheme: m[1]!.toLowerCase(), authority: m[3] ?? '', path: m[4] ?? '' };
}

/**
 * The part of `path` after `prefix` (both as written in metadata), or undefined when `path` is not
 * under `prefix`. Used to re-root absolute table paths onto the place the user opened.
 */
export function relativeTo(path: string, prefix: string): string | undefined {
  const p = prefix.replace(/\/+$/, '');
  if (path === p) return '';
  if (!path.startsWith(p + '/')) return undefined;
  return path.slice(p.length).replace(/^\/+/, '');
}
