/**
 * Telling "CORS not set up" from "keys refused" in a browser. When a signed S3 request is refused for its
 * signature or key, S3 servers may answer 403 without CORS headers (Ceph RGW does — measured), so the page
 * sees the same opaque TypeError as for a bucket with no CORS rule at all, and would wrongly show the CORS
 * help. One anonymous, header-free GET of the bucket (a "simple" request: no preflight) separates them:
 * if the browser lets us read ANY answer to it (even 403 AccessDenied), the bucket's CORS rule does allow
 * this origin, so the signed request failed on its credentials.
 *
 * A host that does not resolve (or where nothing listens) fails with the same TypeError, and must not be
 * reported as CORS ("your keys were not even checked" would send the user to fix a bucket rule). A
 * `no-cors` request tells them apart: the browser completes it with an opaque response whenever the
 * server answers at all, whatever its CORS rules, and rejects it only when no answer came.
 */
import { isLakeError, type LakeError } from '../core/errors.ts';
import { s3Url } from '../core/io/s3-url.ts';
import type { S3Connection } from './connection.ts';
import { messageError } from '../core/message-error.ts';

/** Returns `error` unchanged, or an Auth LakeError when the anonymous probe shows CORS is in fact allowed. */
export async function refineCorsError(error: unknown, spec: S3Connection, signal?: AbortSignal, fetchFn: typeof fetch = fetch): Promise<unknown> {
  if (!isLakeError(error, 'Cors')) return error;
  let url: URL;
  try {
    url = s3Url(spec.endpoint.trim(), spec.bucket.trim(), undefined, spec.pathStyle, { 'list-type': '2', 'max-keys': '1' });
  } catch {
    return error;
  }
  try {
    const res = await fetchFn(url.href, { method: 'GET', mode: 'cors', credentials: 'omit', signal });
    await res.body?.cancel();
  } catch {
    // The browser refused the anonymous request too: CORS, or nothing answers at that host at all.
    return (await unreachable(url, error, signal, fetchFn)) ?? error;
  }
  return messageError('Auth', 'error.s3.keysRefused', undefined, { ...error.context, bucket: spec.bucket, endpoint: spec.endpoint }, error);
}

/** An Io LakeError "could not reach <host>" when even a `no-cors` request gets no answer; undefined when the host answers. */
async function unreachable(url: URL, error: LakeError, signal: AbortSignal | undefined, fetchFn: typeof fetch): Promise<LakeError | undefined> {
  try {
    await fetchFn(url.origin + '/', { method: 'GET', mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal });
    return undefined;
  } catch (e) {
    if (signal?.aborted) return undefined;
    const host = url.host;
    return messageError('Io', 'error.s3.unreachable', { host }, { ...error.context, host, endpoint: url.origin }, e);
  }
}
