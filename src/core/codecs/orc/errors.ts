/**
 * Errors of the ORC reader. Every failure is a LakeError whose message starts with `orc:` and names the
 * file; anything thrown by a decoder that is not already a LakeError (a RangeError from a truncated
 * buffer, say) is turned into DataInvalid by {@link orcGuard}, so corrupt bytes never escape as a TypeError.
 */
import { LakeError, isLakeError, toLakeError } from '../../errors.ts';
import { errorRef } from '../../messages/message-parts.ts';

/** Thrown by the decoders: always DataInvalid (the file's bytes do not follow the ORC specification). */
export function orcInvalid(message: string, file?: string): LakeError {
  return new LakeError('DataInvalid', `orc: ${message}${file ? ` (${file})` : ''}`, file === undefined ? {} : { file });
}

/** Valid input this reader does not handle (encryption, an unknown compression kind). */
export function orcUnsupported(message: string, file?: string): LakeError {
  return new LakeError('Unsupported', `orc: ${message}${file ? ` (${file})` : ''}`, file === undefined ? {} : { file });
}

/** Runs `fn`; anything but a LakeError becomes DataInvalid `orc: <what>: <cause> (<file>)`. */
export function orcGuard<T>(file: string | undefined, what: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw asOrcError(e, file, what);
  }
}

/** The LakeError for anything caught while decoding `file`. */
export function asOrcError(e: unknown, file: string | undefined, what: string): LakeError {
  const context = file === undefined ? {} : { file };
  if (isLakeError(e)) {
    const le = toLakeError(e, what, context);
    return file && !le.message.includes(file)
      // The file named after the message, which stays in the reader's language where it has its catalog message.
      ? new LakeError(le.code, `${le.message} (${file})`, le.context, { cause: le.cause, ref: errorRef('error.inFile', { message: le.ref ?? errorRef('error.untranslated', { text: le.message }), file }) })
      : le;
  }
  return toLakeError(e, `orc: ${what}${file ? ` (${file})` : ''}`, context, 'DataInvalid');
}
