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

/**
 * The key two spellings of one file path share, for matching paths written by different engines
 * (a position delete's `file_path`, a DV's `referenced_data_file`, against a manifest's data file path).
 * Drops scheme and authority (`hdfs://nn:8020/w/t` and `/w/t`, `s3://b/w/t`, `s3a://b/w/t` and
 * `s3n://b/w/t`, `oss://b/w/t` all give `/w/t`), decodes valid percent-escapes as UTF-8 (`a%20b` = `a b`),
 * and collapses repeated slashes and `.` segments. Must hold: equal paths give equal keys; the key of a
 * relative path stays relative. Dropping the authority is safe here because the paths compared all
 * belong to one table, under one location.
 */
export function pathMatchKey(path: string): string {
  const { scheme, path: rest } = splitUri(path);
  let p = scheme === '' ? path : rest;
  if (p.includes('%')) p = decodePercent(p);
  if (p.includes('//') || p.includes('/.')) {
    const absolute = p.startsWith('/');
    p = (absolute ? '/' : '') + p.split('/').filter((s) => s !== '' && s !== '.').join('/');
  }
  return p;
}

/** Decodes every run of valid `%XX` escapes as UTF-8, leaving a stray `%` (not an escape) as it is. */
function decodePercent(text: string): string {
  return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run; // not UTF-8: keep the escapes as written
    }
  });
}
