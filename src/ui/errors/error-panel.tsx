/**
 * Errors designed, not default: a LakeError's code picks the headline and the advice, the context names
 * the file, and CORS/credential failures show the fix (ui-design.md).
 */
import { useEffect, useRef } from 'react';
import type { LakeErrorCode } from '../../core/errors.ts';
import { CorsHelp } from './cors-help.tsx';

/** What the panel needs of an error (a LakeError from the worker, or anything else). */
export interface ErrorLike {
  readonly code?: LakeErrorCode;
  readonly message?: string;
  readonly context?: Record<string, unknown>;
}

const HEADLINES: Record<LakeErrorCode, string> = {
  Cors: 'The browser refused the request (CORS)',
  Auth: 'The keys were refused',
  NotFound: 'Not found',
  Io: 'The storage could not be reached',
  DataInvalid: 'The file is not valid',
  Unsupported: 'Not supported (yet)',
  Conflict: 'Someone else changed it first',
  Aborted: 'Cancelled',
  Internal: 'Something went wrong inside Lakescope',
};

function advice(code: LakeErrorCode | undefined, ctx: Record<string, unknown>): string {
  switch (code) {
    case 'Auth': return 'The server answered 401/403 to a signed request. Check the access key id and secret, that a session token has not expired, '
      + 'that the region matches the bucket, and that these keys may list and read this bucket.';
    case 'NotFound': return `Nothing exists at ${String(ctx.key ?? ctx.url ?? ctx.prefix ?? ctx.bucket ?? 'the requested location')}. Check the bucket, prefix or URL.`;
    case 'Io': return 'The request failed on the network or the server answered with an error. Retrying may help.';
    case 'DataInvalid': return 'The bytes do not follow the format’s specification, so Lakescope will not guess an answer.';
    case 'Unsupported': return 'This build cannot do this yet; the message says what is missing.';
    case 'Conflict': return 'The object changed between reading and writing. Reload and try again.';
    case 'Aborted': return 'The operation was cancelled before it finished.';
    case 'Internal': return 'This is a bug. The details below help to report it.';
    default: return '';
  }
}

/** Context keys shown as "where"; everything else goes under details. */
const WHERE_KEYS = ['key', 'url', 'prefix', 'bucket', 'storage', 'file', 'method'];

export function ErrorPanel({ error, bucket, endpoint, onRetry, reveal = false }: {
  error: unknown;
  /** Scroll the panel into view and focus it when it appears (forms whose error shows below the fold). */
  reveal?: boolean;
  /** For CORS help: the bucket and endpoint being opened, when known. */
  bucket?: string;
  endpoint?: string;
  onRetry?: () => void;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!reveal) return;
    ref.current?.scrollIntoView({ block: 'start' });
    ref.current?.focus({ preventScroll: true });
  }, [reveal, error]);
  const e = (error ?? {}) as ErrorLike;
  const code = e.code;
  const ctx = e.context ?? {};
  const where = WHERE_KEYS.filter((k) => ctx[k] !== undefined && ctx[k] !== '');
  const rest = Object.keys(ctx).filter((k) => !WHERE_KEYS.includes(k) && ctx[k] !== undefined);
  return (
    <section ref={ref} tabIndex={-1} className={`error-panel error-${code ?? 'Internal'}`} role="alert" aria-labelledby="error-title">
      <header>
        <span className="error-code mono">{code ?? 'Error'}</span>
        <h2 id="error-title">{code ? HEADLINES[code] : 'Something went wrong'}</h2>
      </header>
      <p className="error-message mono">{e.message ?? String(error)}</p>
      {where.length > 0 && (
        <dl className="kv">
          {where.map((k) => <div key={k}><dt>{k}</dt><dd className="mono">{String(ctx[k])}</dd></div>)}
        </dl>
      )}
      {code === 'Cors' ? <CorsHelp bucket={bucket ?? String(ctx.bucket ?? '')} endpoint={endpoint} /> : <p className="error-advice">{advice(code, ctx)}</p>}
      {rest.length > 0 && (
        <details className="error-details">
          <summary>Details</summary>
          <dl className="kv">{rest.map((k) => <div key={k}><dt>{k}</dt><dd className="mono">{String(ctx[k])}</dd></div>)}</dl>
        </details>
      )}
      {onRetry && <div className="error-actions"><button type="button" className="btn" onClick={onRetry}>Try again</button></div>}
    </section>
  );
}
