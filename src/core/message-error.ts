/**
 * LakeErrors that carry their catalog message (issue 20): `message` is the English text — what the CLI
 * prints and logs keep, unchanged — and `ref` the key and parameters the UI renders in the reader's language
 * (core/messages/message-parts.ts says how parameters are shown).
 */
import { isLakeError, LakeError, toLakeError, type LakeErrorCode, type LakeErrorContext } from './errors.ts';
import type { MessageKey } from './messages/en.ts';
import { errorRef, errorText, type ErrorParams } from './messages/message-parts.ts';

/**
 * A LakeError whose message is `key`'s English text with `params`, carrying the reference for the UI, e.g.
 * `messageError('NotFound', 'error.open.nothing', { location }, { location })`.
 */
export function messageError<K extends MessageKey>(code: LakeErrorCode, key: K, params: ErrorParams<K>, context: LakeErrorContext = {}, cause?: unknown): LakeError {
  const ref = errorRef(key, params);
  return new LakeError(code, errorText(ref), context, cause === undefined ? { ref } : { cause, ref });
}

/**
 * An Internal error — a check of Lakescope's own invariants that failed, i.e. a bug — with the same arguments as
 * `new LakeError('Internal', message, context, options)`: English exactly `message`, carrying `error.internal`,
 * which quotes that English whole as data (it is written for whoever fixes the bug) and says in the reader's
 * language that it is one.
 */
export function internalError(message: string, context: LakeErrorContext = {}, options: { cause?: unknown } = {}): LakeError {
  const ref = errorRef('error.internal', { detail: message });
  return new LakeError('Internal', message, context, options.cause === undefined ? { ref } : { cause: options.cause, ref });
}

/**
 * `inner` re-raised with `where` (the subsystem and file it happened in, e.g. `paimon manifest`) in front of its
 * message — English exactly `${where}: ${inner.message}` — keeping its code, `context` and `inner` as the cause.
 * It carries a reference, `error.within` quoting the inner one; an inner error without a catalog message is quoted
 * as its English text, marked in the reader's language as not translated (`error.untranslated`), so the wrapper's
 * own words are still in the reader's language.
 */
export function withinError(inner: LakeError, where: string, context: LakeErrorContext = inner.context, file?: string): LakeError {
  const message = file === undefined ? `${where}: ${inner.message}` : `${where}: ${file}: ${inner.message}`;
  // An inner error without a message of its own is quoted as its English text, marked as such (its own site is
  // what testing/error-refs.ts counts).
  const quoted = inner.ref ?? errorRef('error.untranslated', { text: inner.message });
  const ref = file === undefined ? errorRef('error.within', { where, message: quoted }) : errorRef('error.withinFile', { where, file, message: quoted });
  return new LakeError(inner.code, message, context, { cause: inner, ref });
}

/**
 * Like `toLakeError(e, prefix, context, code)` (a LakeError passes with `context`, an abort is Aborted), except
 * that anything else — a library's own Error — becomes `key`'s message, the thrown text its `detail` (data):
 * English exactly `${prefix}: ${detail}`, as before.
 */
export function causedError<K extends MessageKey>(e: unknown, prefix: string, context: LakeErrorContext, code: LakeErrorCode, key: K, params: (detail: string) => ErrorParams<K>): LakeError {
  if (e instanceof LakeError || isLakeError(e) || (e as { name?: string } | null)?.name === 'AbortError') return toLakeError(e, prefix, context, code);
  return messageError(code, key, params(e instanceof Error ? e.message : String(e)), context, e);
}
