/**
 * Error helpers of the Paimon engine: every failure is a LakeError whose message starts with the
 * Paimon subsystem (`paimon manifest: …`) and whose context names the file involved.
 */
import { LakeError, toLakeError, type LakeErrorCode, type LakeErrorContext } from '../../../errors.ts';
import { withinError } from '../../../message-error.ts';

/**
 * Wraps anything thrown while handling `file` so that the message starts with `what` (e.g.
 * `paimon manifest`) and the context has `{file}`; the code of a LakeError is kept (Aborted stays
 * Aborted), anything else becomes `fallback`.
 */
export function paimonError(e: unknown, what: string, file: string | undefined, fallback: LakeErrorCode = 'DataInvalid'): LakeError {
  const context: LakeErrorContext = file === undefined ? {} : { file };
  const le = toLakeError(e, what, context, fallback);
  if (le.message.startsWith('paimon ') || le.code === 'Aborted') return le;
  return withinError(le, what);
}
