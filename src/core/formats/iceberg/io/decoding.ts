/**
 * Naming the file in codec errors: a codec reports `avro: truncated block …` or `puffin: bad magic`;
 * the engine re-raises it as `iceberg manifest: <path>: avro: truncated block …`, keeping the code,
 * the context (plus `file`) and the original as cause.
 */
import { toLakeError, type LakeError } from '../../../errors.ts';
import { withinError } from '../../../message-error.ts';

/** Runs `fn`; any failure is re-raised with `subsystem: path:` in front of its message. */
export function decoding<T>(subsystem: string, path: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw named(e, subsystem, path);
  }
}

/** Async form of {@link decoding}. */
export async function decodingAsync<T>(subsystem: string, path: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw named(e, subsystem, path);
  }
}

/** The error with subsystem and path in front (unchanged when an Iceberg subsystem already named it; Aborted passes through). */
export function named(e: unknown, subsystem: string, path: string): LakeError {
  const le = toLakeError(e, `${subsystem}: cannot decode ${path}`, { file: path }, 'DataInvalid');
  if (le.code === 'Aborted' || le.message.startsWith('iceberg')) return le;
  return withinError(le, subsystem, { ...le.context, file: path }, path);
}
