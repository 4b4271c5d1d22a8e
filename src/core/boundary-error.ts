/**
 * LakeErrors the page's side of the engine raises itself (worker/rpc.ts, worker/engine-host.ts): the same error
 * `messageError` builds — English `message`, catalog `ref` — from the few messages of messages/en-boundary.ts,
 * so that the page's entry, which imports these files, does not load the whole catalog (issue 17: the catalog
 * had grown the entry from 12 to 228 kB).
 */
import { LakeError, type LakeErrorCode, type LakeErrorContext } from './errors.ts';
import { enBoundary } from './messages/en-boundary.ts';

/** A key of the page-side messages. */
export type BoundaryKey = keyof typeof enBoundary;

/** The parameters of `K` (`undefined` when it takes none). */
export type BoundaryParams<K extends BoundaryKey> = Parameters<(typeof enBoundary)[K]> extends [infer P] ? P : undefined;

// messages/message-parts.ts strips these private-use marks from data values while it renders; so do we, so
// that the English is exactly messageError's.
const MARKS = /[\uE000\uE001]/g;

/**
 * The LakeError `messageError(code, key, params, context, cause)` gives, for a message of en-boundary.ts.
 * Must hold: same `message`, `ref`, `context` and `cause` as messageError (boundary-error.test.ts).
 */
export function boundaryError<K extends BoundaryKey>(code: LakeErrorCode, key: K, params: BoundaryParams<K>, context: LakeErrorContext = {}, cause?: unknown): LakeError {
  const clean = params && Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v.replace(MARKS, '') : v]));
  const message = (enBoundary[key] as (p: unknown) => string)(clean);
  const ref = params === undefined ? { key } : { key, params: params as Record<string, unknown> };
  return new LakeError(code, message, context, cause === undefined ? { ref } : { cause, ref });
}
