/**
 * Re-rooting: Iceberg metadata stores absolute locations of wherever the table was written
 * (`s3a://bucket/t/…`, `hdfs://host:port/t/…`, bare `/warehouse/t/…`, even the malformed `file://data/…`
 * whose "host" is `data`). A table opened from another place — a local folder, another bucket — maps the
 * metadata `location` prefix onto the opened root, whose keys are relative (`metadata/v1.metadata.json`).
 * v4-style relative paths (no scheme, no leading '/') are already relative to the root.
 */
import { LakeError } from '../../../errors.ts';
import { normalizePath, splitUri } from '../../../util/paths.ts';

/** Maps locations written in metadata to keys of the Storage the table was opened with. */
export class Relocation {
  private readonly location: string;
  private readonly locationPath: string;
  /** `location/` when the location is absolute (only then can the fast path below agree with the full rules). */
  private readonly locationSlash: string | undefined;

  /** @param location the table metadata's `location` */
  constructor(location: string) {
    this.location = location.replace(/\/+$/, '');
    this.locationPath = pathPart(this.location);
    const absolute = /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(this.location) || this.location.startsWith('/');
    this.locationSlash = absolute && this.location !== '' && this.location !== '/' ? `${this.location}/` : undefined;
  }

  /** The location the metadata was written for: the table is always read "moved" from there onto the opened root. */
  get relocatedFrom(): string {
    return this.location;
  }

  /**
   * The storage key of a path from metadata. Tries, in order: relative path; exact `location` prefix;
   * the same path under another scheme or host (s3 vs s3a, an `hdfs://host:port` that a tool stripped).
   * Throws NotFound (naming the path and location) when the path lies outside the table's location.
   */
  toKey(path: string): string {
    // The common case first (every file a plan names): an absolute path under the exact location.
    if (this.locationSlash !== undefined && path.startsWith(this.locationSlash)) return checked(normalizePath(path.slice(this.locationSlash.length)), path);
    if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(path) && !path.startsWith('/')) return checked(normalizePath(path), path);
    const rest = under(path, this.location) ?? under(pathPart(path), this.locationPath);
    if (rest === undefined) {
      throw new LakeError('NotFound', `iceberg: ${path} lies outside the table location ${this.location}, so it cannot be found under the opened folder`, { file: path, location: this.location });
    }
    return checked(normalizePath(rest), path);
  }

  /** Like {@link toKey} but undefined instead of throwing. */
  tryKey(path: string): string | undefined {
    try {
      return this.toKey(path);
    } catch {
      return undefined;
    }
  }
}

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
  if (key === '') throw new LakeError('NotFound', `iceberg: ${path} names the table folder itself, not a file`, { file: path });
  return key;
}
