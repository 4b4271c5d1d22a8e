/**
 * Error helpers of the Delta engine: every failure is a LakeError whose message starts with the Delta
 * subsystem (`delta log: …`, `delta read: …`) and whose context names the file involved.
 */
import { type LakeError, toLakeError, type LakeErrorCode, type LakeErrorContext } from '../../../errors.ts';
import { messageError, withinError } from '../../../message-error.ts';
import { type ErrorRef } from '../../../messages/message-parts.ts';

/**
 * Wraps anything thrown while handling `file` so that the message starts with `what` and the context has
 * `{file}`; the code of a LakeError is kept (Aborted stays Aborted), anything else becomes `fallback`.
 */
export function deltaError(e: unknown, what: string, file: string | undefined, fallback: LakeErrorCode = 'DataInvalid'): LakeError {
  const context: LakeErrorContext = file === undefined ? {} : { file };
  const le = toLakeError(e, what, context, fallback);
  if (le.message.startsWith('delta ') || le.code === 'Aborted') return le;
  return withinError(le, what);
}

/**
 * A DataInvalid error naming the file: `what: message`, carrying `error.within` around the catalog message
 * (the reader's language); English exactly `${what}: ${English of message}`.
 */
export function invalid(what: string, message: ErrorRef, file?: string): LakeError {
  const context = file === undefined ? {} : { file };
  return messageError('DataInvalid', 'error.within', { where: what, message }, context);
}
