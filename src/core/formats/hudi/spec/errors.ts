/**
 * Error helpers of the Hudi engine: every failure is a LakeError whose message starts with the Hudi
 * subsystem (`hudi timeline: …`, `hudi log: …`) and whose context names the file involved.
 */
import { LakeError, toLakeError, type LakeErrorCode, type LakeErrorContext } from '../../../errors.ts';
import { withinError } from '../../../message-error.ts';

/**
 * Wraps anything thrown while handling `file` so that the message starts with `what` and the context has
 * `{file}`; the code of a LakeError is kept (Aborted stays Aborted), anything else becomes `fallback`.
 */
export function hudiError(e: unknown, what: string, file: string | undefined, fallback: LakeErrorCode = 'DataInvalid'): LakeError {
  const context: LakeErrorContext = file === undefined ? {} : { file };
  const le = toLakeError(e, what, context, fallback);
  if (le.message.startsWith('hudi ') || le.code === 'Aborted') return le;
  return withinError(le, what);
}
