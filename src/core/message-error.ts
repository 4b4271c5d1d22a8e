/**
 * LakeErrors that carry their catalog message (issue 20): `message` is the English text — what the CLI
 * prints and logs keep, unchanged — and `ref` the key and parameters the UI renders in the reader's language
 * (core/messages/message-parts.ts says how parameters are shown).
 */
import { LakeError, type LakeErrorCode, type LakeErrorContext } from './errors.ts';
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
