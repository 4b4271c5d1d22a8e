/**
 * Paths in the log (PROTOCOL.md "Add File and Remove File": "a URI as specified by RFC 2396 … which needs
 * to be decoded to get the data file path"): relative paths are under the table root; absolute URIs are
 * mapped onto the opened root when they start with the table's location (given when opening), else they
 * point outside the table and are refused (io/table-root.ts); a relative path climbing out with `..` is
 * left for the table's storage to refuse (or read with the user's consent).
 */
import { outsideRootError } from '../../../io/table-root.ts';

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

function decode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The storage key of a log path. `location`: the table's absolute URI, if known. Must hold: relative →
 * percent-decoded; absolute under `location` → relative to it; other absolute paths → Unsupported (outsideRootError) naming them and the location.
 */
export function resolveLogPath(path: string, location: string | undefined, what = 'data file'): string {
  if (!SCHEME.test(path) && !path.startsWith('/')) return decode(path).replace(/^\.\//, '');
  const abs = decode(path);
  if (location) {
    const variants = [location, decode(location)].map((l) => (l.endsWith('/') ? l : `${l}/`));
    for (const l of variants) if (abs.startsWith(l)) return abs.slice(l.length);
    const noScheme = (s: string) => s.replace(/^[A-Za-z][A-Za-z0-9+.-]*:(\/\/[^/]*)?/, '');
    for (const l of variants) if (noScheme(abs).startsWith(noScheme(l))) return noScheme(abs).slice(noScheme(l).length);
  }
  const e = outsideRootError(`delta read: the ${what}`, path, location ?? 'opened without its location (open the table with its location to map absolute paths)');
  throw e.withContext({ what });
}
