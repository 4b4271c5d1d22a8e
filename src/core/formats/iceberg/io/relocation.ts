/**
 * Re-rooting: Iceberg metadata stores absolute locations of wherever the table was written
 * (`s3a://bucket/t/…`, `hdfs://host:port/t/…`, bare `/warehouse/t/…`, even the malformed `file://data/…`
 * whose "host" is `data`). A table opened from another place — a local folder, another bucket — maps the
 * metadata `location` prefix onto the opened root, whose keys are relative (`metadata/v1.metadata.json`).
 * v4-style relative paths (no scheme, no leading '/') are already relative to the root.
 *
 * Relative paths written by other tools (`location: "./my_table"`, a manifest list at
 * `warehouse/db/my_table/metadata/snap-….avro`, relative to the writer's working folder) are re-rooted by
 * their suffix from a table folder (`metadata/…`, `data/…`): first under the relative location when the
 * path starts with it, else from the first such folder (the longest suffix); {@link Relocation.alternatives}
 * gives the shorter suffixes that a reader tries when that one does not exist, and {@link Relocation.learn}
 * keeps the prefix that worked for the table's other paths.
 */
import { outsideRootError, resolveRelativeKey } from '../../../io/table-root.ts';
import { normalizePath, splitUri } from '../../../util/paths.ts';
import { messageError } from '../../../message-error.ts';

/** Maps locations written in metadata to keys of the Storage the table was opened with. */
export class Relocation {
  private readonly location: string;
  private readonly locationPath: string;
  /** `location/` when the location is absolute (only then can the fast path below agree with the full rules). */
  private readonly locationSlash: string | undefined;
  /** A relative location, normalised (`./my_table` → `my_table`); undefined when absolute or the root itself. */
  private readonly relativeLocation: string | undefined;
  /** Prefixes of relative paths learned to lie outside the root (`warehouse/db/t/`), longest first. */
  private learned: string[] = [];

  /** @param location the table metadata's `location` */
  constructor(location: string) {
    this.location = location.replace(/\/+$/, '');
    this.locationPath = pathPart(this.location);
    const absolute = /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(this.location) || this.location.startsWith('/');
    this.locationSlash = absolute && this.location !== '' && this.location !== '/' ? `${this.location}/` : undefined;
    const rel = absolute ? '' : normalizePath(this.location);
    this.relativeLocation = rel === '' ? undefined : rel;
  }

  /** The location the metadata was written for: the table is always read "moved" from there onto the opened root. */
  get relocatedFrom(): string {
    return this.location;
  }

  /**
   * The storage key of a path from metadata. Tries, in order: relative path; exact `location` prefix;
   * the same path under another scheme or host (s3 vs s3a, an `hdfs://host:port` that a tool stripped).
   * Throws Unsupported ({@link outsideRootError}, naming the path and location) when the path lies outside
   * the table's location. A path whose `..` segments climb out of the location keeps them
   * (`location/../other/x` → `../other/x`): the table's storage refuses it, or reads it with consent
   * (io/table-root.ts), instead of it being clamped onto another file inside the table.
   */
  toKey(path: string): string {
    // The common case first (every file a plan names): an absolute path under the exact location.
    const slash = this.locationSlash;
    // Compared as a slice (~2x cheaper than startsWith in V8 for a long prefix: 100,000 paths a plan).
    if (slash !== undefined && path.length >= slash.length && path.slice(0, slash.length) === slash) return checked(resolveRelativeKey(path.slice(slash.length)), path);
    if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(path) && !path.startsWith('/')) return checked(this.relativeKeys(path)[0]!, path);
    const rest = under(path, this.location) ?? under(pathPart(path), this.locationPath);
    if (rest === undefined) {
      throw outsideRootError('iceberg', path, this.location).withContext({ location: this.location });
    }
    return checked(resolveRelativeKey(rest), path);
  }

  /**
   * Other keys a relative path may have, shorter suffixes from a table folder (`data/…`, `metadata/…`),
   * longest first, for a reader to try when {@link toKey}'s key does not exist. Empty for absolute paths.
   */
  alternatives(path: string): string[] {
    if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(path) || path.startsWith('/')) return [];
    return this.relativeKeys(path).slice(1).filter((k) => k !== '');
  }

  /** Records that relative `path` was found at `key`: its other paths under the same prefix map alike. */
  learn(path: string, key: string): void {
    const p = normalizePath(path);
    if (!p.endsWith(`/${key}`)) return;
    const prefix = p.slice(0, p.length - key.length);
    if (!this.learned.includes(prefix)) this.learned = [...this.learned, prefix].sort((a, b) => b.length - a.length);
  }

  /** Candidate keys of a relative path, best first (see the module comment). */
  private relativeKeys(path: string): string[] {
    const p = resolveRelativeKey(path);
    for (const prefix of this.learned) if (p.startsWith(prefix)) return [p.slice(prefix.length)];
    if (this.relativeLocation !== undefined) {
      const rest = under(p, this.relativeLocation);
      if (rest !== undefined) return [rest];
    }
    const segments = p.split('/');
    const out: string[] = [];
    // From the first table folder (the longest suffix) to the last; a path already under one stays as it is.
    segments.forEach((seg, i) => { if (TABLE_FOLDERS.has(seg) && i < segments.length - 1) out.push(segments.slice(i).join('/')); });
    return out.length === 0 || out[0] === p ? [p, ...out.slice(1)] : out;
  }

  /** Like {@link toKey} but undefined instead of throwing, and for a key outside the table root (never listed, written or deleted). */
  tryKey(path: string): string | undefined {
    try {
      const key = this.toKey(path);
      // toKey's keys are already resolved (resolveRelativeKey, idempotent), so only a leading `..` climbs out:
      // isUnderRoot without resolving the key again (planning asks this of every data file).
      return key !== '..' && !key.startsWith('../') ? key : undefined;
    } catch {
      return undefined;
    }
  }
}

/** The folders of a table root that data and metadata paths run through (spec "Table Metadata": `write.data.path`, `write.metadata.path` defaults). */
const TABLE_FOLDERS = new Set(['metadata', 'data']);

/** The path of a URI without scheme and authority (`s3a://b/t/x` → `/t/x`; `file:/t/x` → `/t/x`; `/t/x` stays). */
function pathPart(uri: string): string {
  const { scheme, path } = splitUri(uri);
  return scheme === '' ? uri : path.startsWith('/') ? path : `/${path}`;
}

function under(path: string, prefix: string): string | undefined {
  if (prefix === '' || prefix === '/') return undefined; // a root-level location would swallow everything
  if (path === prefix) return '';
  return path.startsWith(`${prefix}/`) ? path.slice(prefix.length + 1) : undefined;
}

function checked(key: string, path: string): string {
  if (key === '') throw messageError('NotFound', 'error.iceberg.tableFolder', { path }, { file: path });
  return key;
}
