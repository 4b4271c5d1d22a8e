/**
 * Turning fetch failures and HTTP statuses into LakeErrors for the fetch-based adapters (http, s3).
 * Messages never contain a URL's query string: presigned URLs carry signatures and tokens there.
 */
import { LakeError, type LakeErrorCode, type LakeErrorContext, type LakeErrorRef, abortError } from '../errors.ts';
import { messageError } from '../message-error.ts';
import { errorRef, errorText } from '../messages/message-parts.ts';
import { sleep } from '../util/async.ts';
import { readResponseBody } from './response-body.ts';

/** True when running in a browser page or worker (where a network TypeError is usually CORS). */
function inBrowser(): boolean {
  const g = globalThis as Record<string, unknown>;
  return typeof g.document !== 'undefined' || typeof g.WorkerGlobalScope !== 'undefined';
}

/** `origin + path` of a URL, never its query (signatures) or fragment. */
export function redactUrl(url: string | URL): string {
  try {
    const u = new URL(String(url));
    return `${u.origin}${u.pathname}`;
  } catch {
    return String(url).replace(/[?#].*$/, '');
  }
}

/**
 * The LakeError for a rejected fetch: Aborted when the signal fired, Cors when a browser refused the
 * request (fetch gives only an opaque TypeError, and CORS is its usual cause), Io otherwise.
 */
function fetchFailure(e: unknown, what: LakeErrorRef, context: LakeErrorContext, signal?: AbortSignal, inBody = false): LakeError {
  if (e instanceof LakeError) return e;
  if (signal?.aborted || (e as { name?: string } | null)?.name === 'AbortError') {
    const err = abortError(signal, errorText(what));
    return new LakeError('Aborted', err.message, context, { cause: err.cause ?? e, ref: errorRef('error.aborted', { what }) });
  }
  // Once the answer's headers came, CORS has let it through: a TypeError while its body streams is the connection
  // failing (a retryable Io, a cut body), not CORS.
  if (e instanceof TypeError && inBrowser() && !inBody) return messageError('Cors', 'error.fetch.cors', { subject: what }, context, e);
  if (inBody) context = { ...context, shortBody: true };
  // The runtime's own text of a network failure (undici, the browser) is data: it names the host or the socket error.
  const detail = e instanceof Error ? (e.cause instanceof Error ? `${e.message} (${e.cause.message})` : e.message) : String(e);
  return messageError('Io', 'error.fetch.failed', { subject: what, detail }, context, e);
}

/** Default code for an HTTP error status (before any service-specific error code refines it). */
export function codeForStatus(status: number): LakeErrorCode {
  if (status === 404 || status === 410) return 'NotFound';
  if (status === 401 || status === 403) return 'Auth';
  if (status === 409 || status === 412) return 'Conflict';
  if (status === 400 || status === 405 || status === 501) return 'Unsupported';
  return 'Io';
}

/**
 * Runs `fetch` turning rejections into LakeErrors ({@link fetchFailure}). `what` says what the request was
 * doing (`s3: read 'k' in …`): a message reference makes the error's message translatable.
 */
export async function safeFetch(
  fetchFn: typeof fetch,
  request: Request | string,
  init: RequestInit | undefined,
  what: LakeErrorRef,
  context: LakeErrorContext,
  signal?: AbortSignal,
): Promise<Response> {
  if (signal?.aborted) throw fetchFailure(undefined, what, context, signal);
  try {
    return await fetchFn(request, init);
  } catch (e) {
    throw fetchFailure(e, what, context, signal);
  }
}

/** Reads a response body as bytes, mapping stream failures (including abort mid-body) to LakeErrors. */
export async function responseBytes(res: Response, what: LakeErrorRef, context: LakeErrorContext, signal?: AbortSignal): Promise<Uint8Array> {
  try {
    return await readResponseBody(res);
  } catch (e) {
    throw fetchFailure(e, what, context, signal, true);
  }
}

/** Waits before retry `attempt` (100 ms · 2^attempt, ±50% jitter); rejects with Aborted when the signal fires. */
export function backoff(attempt: number, what: string, signal?: AbortSignal): Promise<void> {
  return sleep(100 * 2 ** attempt * (0.5 + Math.random()), signal, what);
}
