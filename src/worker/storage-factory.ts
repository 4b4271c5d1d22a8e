/**
 * Connection spec → Storage, inside the worker (credentials never go anywhere else). Adapters come from
 * core/io (fetch-based: http, s3) and platform/browser (File System Access, picked files).
 */
import { toLakeError } from '../core/errors.ts';
import { HttpStorage } from '../core/io/http-storage.ts';
import { S3Storage } from '../core/io/s3-storage.ts';
import type { Storage } from '../core/io/storage.ts';
import type { WarmReads } from '../core/io/warm-reads.ts';
import { DroppedFilesStorage, droppedFiles } from '../platform/browser/dropped-files-storage.ts';
import { FsaStorage } from '../platform/browser/fsa-storage.ts';
import type { ConnectionSpec } from './connection.ts';
import { manifestUrlOf, presignedKeyMap } from './key-list.ts';
import { parseKeyManifestText } from './key-list-text.ts';
import { messageError } from '../core/message-error.ts';

/**
 * Builds the Storage for `spec`. Must hold: no secret from the spec appears in a description or error.
 * `warm`: reads started before the storage was ready (see {@link earlyStorage}), for a static folder's storage to take.
 */
export async function makeStorage(spec: ConnectionSpec, signal: AbortSignal, fetchFn: typeof fetch = uncachedFetch, warm?: WarmReads): Promise<Storage> {
  switch (spec.kind) {
    case 'demo':
      return manifestStorage(spec.baseUrl, 'demo warehouse', signal, fetchFn, warm);
    case 'url':
      return manifestStorage(spec.url, undefined, signal, fetchFn, warm);
    case 's3':
      return new S3Storage({
        endpoint: spec.endpoint.trim(),
        region: spec.region.trim() || 'us-east-1',
        bucket: spec.bucket.trim(),
        prefix: spec.prefix.trim().replace(/^\/+/, ''),
        accessKeyId: spec.accessKeyId.trim(),
        secretAccessKey: spec.secretAccessKey.trim(),
        ...(spec.sessionToken?.trim() ? { sessionToken: spec.sessionToken.trim() } : {}),
        forcePathStyle: spec.pathStyle,
      });
    case 'presigned': {
      const { urls, commonPrefix } = presignedKeyMap(spec.urls.join('\n'));
      return new HttpStorage({ urls, description: `presigned URLs for ${commonPrefix || '/'} (${urls.size} keys)`, fetch: fetchFn });
    }
    case 'folder':
      // The picker asks for read-write permission and falls back to read (ui/connect/folder-picker.tsx).
      // Writes to a folder are guarded by Web Locks plus a re-read (FsaStorage), which the write preview states.
      return new FsaStorage(spec.handle, { readOnly: !spec.writable });
    case 'files':
      return new DroppedFilesStorage(droppedFiles(spec.files), `folder "${spec.name}" (read-only copy)`);
  }
}

/**
 * A storage that can read `spec`'s objects before its key list has arrived: a static folder's files by their
 * URLs under the base (the deep link's first reads, issue 17); undefined for every other kind (their storage
 * needs no key list, or has no URL per key before it).
 */
export function earlyStorage(spec: ConnectionSpec, fetchFn: typeof fetch = uncachedFetch): Storage | undefined {
  const base = spec.kind === 'demo' ? spec.baseUrl : spec.kind === 'url' ? spec.url : undefined;
  return base === undefined ? undefined : new HttpStorage({ baseUrl: base.endsWith('/') ? base : `${base}/`, fetch: fetchFn });
}

/**
 * fetch without the browser's HTTP cache. The engine caches immutable table files itself, and the HTTP
 * cache does harm here: static servers (sirv behind `vite preview`) answer `no-cache` + weak ETags, and
 * Chromium revalidating a URL it has also seen a HEAD or a Range request for served empty or wrong
 * bodies (a 4-byte range came back with 0 bytes; a manifest list decoded as a different file).
 */
export const uncachedFetch: typeof fetch = (input, init) => fetch(input, { ...init, cache: 'no-store' });

/** How long a connect waits for a deep link's early reads to send their follow-up reads (see manifestStorage). */
const WARM_WAIT_MS = 100;

/**
 * A static folder served over http with an `index.json` key manifest beside its files (plain HTTP has no
 * listing). A missing manifest is reported as NotFound naming the manifest URL.
 */
async function manifestStorage(baseUrl: string, description: string | undefined, signal: AbortSignal, fetchFn: typeof fetch, warm?: WarmReads): Promise<Storage> {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const manifestUrl = new URL('index.json', base).href;
  const manifestStore = new HttpStorage({ baseUrl: base, keys: ['index.json'], fetch: fetchFn });
  let bytes: Uint8Array;
  try {
    bytes = await manifestStore.read('index.json', { signal });
  } catch (e) {
    const err = toLakeError(e, 'http: reading index.json failed', { url: manifestUrl }, 'Io');
    if (err.code !== 'NotFound') throw err;
    throw messageError('NotFound', 'error.http.noIndex', undefined, { url: manifestUrl }, e);
  }
  // A deep link's early reads (engine-linked.ts): the version hint, as small as it is, usually answers with the
  // key list; let it send the read it leads to before the key list's parse starts (it gives way between slices,
  // but the read goes out sooner still). Bounded: a slow hint does not hold the connect.
  if (warm) await warm.issued(WARM_WAIT_MS);
  // A slice at a time: the linked table's metadata, arriving meanwhile, is taken in between (key-list-text.ts).
  const manifest = await parseKeyManifestText(new TextDecoder().decode(bytes), manifestUrl, signal);
  // Each key's URL is made when the key is first requested (issue 17: not 20,000 of them before the first table opens).
  return new HttpStorage({ listed: { files: manifest.files, urlOf: manifestUrlOf(base) }, description: description ?? base.replace(/\/$/, ''), fetch: fetchFn, warm });
}
