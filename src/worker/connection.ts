/**
 * How the page asks the worker to open a warehouse. Secrets (S3 keys, presigned URLs) travel inside
 * these objects to the worker only; {@link connectionLocation} and connection-label.ts give the
 * secret-free forms used in the UI, in URLs and in logs. No runtime import of the message catalog here:
 * the page's small entry (main.tsx → client.ts) imports this file, and the catalog (~190 kB) held the
 * engine worker's start back until it had loaded and run (issue 17).
 */

/** An S3-compatible bucket opened with keys (AWS S3, Aliyun OSS, R2, MinIO, Ceph RGW…). */
export interface S3Connection {
  readonly kind: 's3';
  readonly endpoint: string;
  readonly region: string;
  readonly bucket: string;
  readonly prefix: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
  readonly pathStyle: boolean;
}

export type ConnectionSpec =
  /** The built-in demo warehouse, served as static files with an `index.json` key list. */
  | { readonly kind: 'demo'; readonly baseUrl: string }
  /** A public http(s) folder: an `index.json` key list beside the files, or a public-read S3 bucket URL. */
  | { readonly kind: 'url'; readonly url: string }
  | S3Connection
  /** One presigned GET URL per object (pasted list); the keys are the URL paths. */
  | { readonly kind: 'presigned'; readonly urls: readonly string[] }
  /** A local folder through the File System Access API (read/write with permission). */
  | {
    readonly kind: 'folder'; readonly handle: FileSystemDirectoryHandle; /** Read-write permission was granted. */ readonly writable?: boolean;
    /** A sandbox (a folder of this browser's private storage): the name of what was copied into it. */
    readonly sandbox?: string;
  }
  /** Files picked with `<input webkitdirectory>` or dropped (read-only); keys from webkitRelativePath. */
  | { readonly kind: 'files'; readonly name: string; readonly files: readonly File[] };

export type ConnectionKind = ConnectionSpec['kind'];

/**
 * The secret-free location of a connection as URL search params (for deep links), or null when a
 * connection cannot be reopened from a link (local folders, presigned URL lists).
 */
export function connectionLocation(spec: ConnectionSpec): Record<string, string> | null {
  switch (spec.kind) {
    case 'demo': return {};
    case 'url': return { url: stripQuery(spec.url) };
    case 's3': return {
      endpoint: spec.endpoint, region: spec.region, bucket: spec.bucket,
      ...(spec.prefix ? { prefix: spec.prefix } : {}), ...(spec.pathStyle ? { pathStyle: '1' } : {}),
    };
    default: return null;
  }
}

/** `url` without its query and fragment (which may hold a signature). */
export function stripQuery(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return url.replace(/[?#].*$/, '');
  }
}

/** The host of `url`, or `url` itself when it does not parse. */
export function hostOf(url: string): string {
  try { return new URL(url).host; } catch { return url; }
}
