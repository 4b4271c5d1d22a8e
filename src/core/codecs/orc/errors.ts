/**
 * Errors of the ORC reader. Every failure is a LakeError whose message starts with `orc:` and names the
 * file; anything thrown by a decoder that is not already a LakeError (a RangeError from a truncated
 * buffer, say) is turned into DataInvalid by {@link orcGuard}, so corrupt bytes never escape as a TypeError.
 */
import { LakeError, isLakeError, toLakeError, type LakeErrorCode } from '../../errors.ts';
import type { MessageKey } from '../../messages/en.ts';
import { errorRef, errorText, type ErrorParams, type ErrorRef } from '../../messages/message-parts.ts';

/**
 * The error `orc: <finding> (<file>)`, carrying its catalog message (en-orc-errors.ts): `error.orc` around
 * `finding`, inside `error.inFile` when the file is known, so the English is what it was before the reference.
 */
function orcError(code: LakeErrorCode, finding: ErrorRef, file: string | undefined): LakeError {
  const orc = errorRef('error.orc', { message: finding });
  const ref = file ? errorRef('error.inFile', { message: orc, file }) : orc;
  return new LakeError(code, errorText(ref), file === undefined ? {} : { file }, { ref });
}

/**
 * Thrown by the decoders: always DataInvalid (the file's bytes do not follow the ORC specification), e.g.
 * `orcInvalid('error.orc.stripe.pastData', { stripe: 2 }, file)`.
 */
export function orcInvalid<K extends MessageKey>(key: K, params: ErrorParams<K>, file?: string): LakeError {
  return orcError('DataInvalid', errorRef(key, params), file);
}

/** Valid input this reader does not handle (encryption, an unknown compression kind). */
export function orcUnsupported<K extends MessageKey>(key: K, params: ErrorParams<K>, file?: string): LakeError {
  return orcError('Unsupported', errorRef(key, params), file);
}

/** What is wrong in column `column` (its type id): `column <id>: <finding>`, DataInvalid. */
export function orcColumnInvalid<K extends MessageKey>(column: number, key: K, params: ErrorParams<K>, file?: string): LakeError {
  return orcInvalid('error.orc.column', { column, message: errorRef(key, params) }, file);
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
