/**
 * The one error class of Lakescope. Every failure the engine reports is a LakeError with a code from a
 * small fixed set, a message that starts with the subsystem (`iceberg manifest: …`, `s3: …`) and a
 * context map naming the file, key or snapshot involved. It survives postMessage intact (see
 * {@link serializeError} / {@link deserializeError}).
 */

/** The fixed set of error codes. UI and CLI branch on these, never on message text. */
export type LakeErrorCode =
  | 'NotFound' // object/table/snapshot/ref does not exist
  | 'DataInvalid' // bytes or metadata do not follow the format (corrupt, truncated, missing field)
  | 'Unsupported' // valid input this build does not handle (e.g. Iceberg v4)
  | 'Conflict' // precondition failed: object exists (ifNoneMatch) or changed (ifMatch), concurrent commit
  | 'Io' // transport failure: network, HTTP 5xx, file system error
  | 'Auth' // credentials refused (HTTP 401/403, bad signature, expired token)
  | 'Cors' // the browser refused a cross-origin request
  | 'Aborted' // the caller's AbortSignal fired
  | 'Internal'; // a bug in Lakescope

const LAKE_ERROR_CODES: readonly LakeErrorCode[] = [
  'NotFound', 'DataInvalid', 'Unsupported', 'Conflict', 'Io', 'Auth', 'Cors', 'Aborted', 'Internal',
];

/** Context values are plain, structured-cloneable data (bigint ids are stringified before they get here). */
export type LakeErrorContext = Record<string, string | number | boolean | null | undefined>;

/**
 * The catalog message an error stands for (a key of core/messages and its named parameters, plain data), so
 * the UI can show it in the reader's language; `message` stays its English text (CLI, logs). A parameter may
 * itself be a reference (an inner error's message, rendered first). Typed loosely here: errors.ts imports no
 * catalog (core/messages/message-error.ts builds checked references).
 */
export interface LakeErrorRef {
  readonly key: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** Plain-object form of a LakeError that crosses the worker boundary or is printed as JSON. */
export interface SerializedLakeError {
  readonly name: 'LakeError';
  readonly code: LakeErrorCode;
  readonly message: string;
  readonly context: LakeErrorContext;
  /** The catalog message of `message`, when the error has one. */
  readonly ref?: LakeErrorRef;
  readonly cause?: SerializedLakeError | { name: string; message: string };
  readonly stack?: string;
}

/** The one error class. `message` must start with the subsystem, e.g. `iceberg manifest-list: truncated block`. */
export class LakeError extends Error {
  override readonly name = 'LakeError';
  readonly code: LakeErrorCode;
  readonly context: LakeErrorContext;
  /** The catalog message `message` is the English text of, for the reader's language (see {@link LakeErrorRef}). */
  readonly ref?: LakeErrorRef;

  constructor(code: LakeErrorCode, message: string, context: LakeErrorContext = {}, options?: { cause?: unknown; ref?: LakeErrorRef }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.context = context;
    if (options?.ref) this.ref = options.ref;
  }

  /** A copy with extra context (e.g. the file being read when a codec failed). Existing keys win; the message reference stays. */
  withContext(extra: LakeErrorContext): LakeError {
    const e = new LakeError(this.code, this.message, { ...extra, ...this.context }, { cause: this.cause, ref: this.ref });
    if (this.stack) e.stack = this.stack;
    return e;
  }
}

/** True for a LakeError, optionally of one code. Works across realms because it checks the shape too. */
export function isLakeError(e: unknown, code?: LakeErrorCode): e is LakeError {
  const ok = e instanceof LakeError
    || (typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'LakeError'
      && LAKE_ERROR_CODES.includes((e as { code?: LakeErrorCode }).code as LakeErrorCode));
  return ok && (code === undefined || (e as LakeError).code === code);
}

/**
 * The catalog reference of `${what}: aborted` (en-errors11.ts `error.aborted`), written as plain data: this file
 * imports no catalog; messages/catalog.test.ts checks that the key exists.
 */
function abortedRef(what: string): LakeErrorRef {
  return { key: 'error.aborted', params: { what } };
}

/** The LakeError for an aborted signal; keeps the signal's reason as cause. */
export function abortError(signal?: AbortSignal, what = 'operation'): LakeError {
  return new LakeError('Aborted', `${what}: aborted`, {}, { cause: signal?.reason, ref: abortedRef(what) });
}

/** Throws the Aborted LakeError when the signal has fired. Call between I/O steps of long loops. */
export function throwIfAborted(signal: AbortSignal | undefined, what?: string): void {
  if (signal?.aborted) throw abortError(signal, what);
}

/**
 * Wraps anything thrown into a LakeError: LakeErrors pass through (with extra context added, message
 * reference kept; also LakeErrors from another realm or a structured clone), an
 * AbortError becomes Aborted, anything else becomes `fallback` (Internal by default) with the original as cause.
 */
export function toLakeError(e: unknown, message: string, context: LakeErrorContext = {}, fallback: LakeErrorCode = 'Internal'): LakeError {
  if (e instanceof LakeError) return Object.keys(context).length ? e.withContext(context) : e;
  if (isLakeError(e)) return deserializeError(e as unknown as SerializedLakeError).withContext(context);
  const name = (e as { name?: string } | null)?.name;
  if (name === 'AbortError') return new LakeError('Aborted', `${message}: aborted`, context, { cause: e, ref: abortedRef(message) });
  // Another library's or the runtime's text: kept whole as data, marked in the reader's language as the English
  // original (en-errors12.ts `error.foreign`; plain data here, as abortedRef is).
  const detail = e instanceof Error ? e.message : String(e);
  return new LakeError(fallback, `${message}: ${detail}`, context, { cause: e, ref: { key: 'error.foreign', params: { where: message, detail } } });
}

/** Plain-object form for postMessage/JSON. Causes are kept one level deep as name+message. */
export function serializeError(e: unknown): SerializedLakeError {
  const le = e instanceof LakeError ? e : toLakeError(e, 'internal');
  const cause = le.cause;
  return {
    name: 'LakeError',
    code: le.code,
    message: le.message,
    context: { ...le.context },
    ...(le.ref ? { ref: le.ref } : {}),
    stack: le.stack,
    cause: cause === undefined ? undefined
      : cause instanceof LakeError ? serializeError(cause)
        : { name: (cause as Error)?.name ?? 'Error', message: (cause as Error)?.message ?? String(cause) },
  };
}

/** Rebuilds a LakeError from {@link serializeError}'s output; code, message, context and message reference are identical. */
export function deserializeError(s: SerializedLakeError): LakeError {
  const code = LAKE_ERROR_CODES.includes(s.code) ? s.code : 'Internal';
  const cause = s.cause === undefined ? undefined
    : s.cause.name === 'LakeError' ? deserializeError(s.cause as SerializedLakeError)
      : Object.assign(new Error(s.cause.message), { name: s.cause.name });
  const ref = s.ref && typeof s.ref === 'object' && typeof s.ref.key === 'string' ? s.ref : undefined;
  const e = new LakeError(code, s.message, { ...s.context }, { cause, ref });
  if (s.stack) e.stack = s.stack;
  return e;
}
