/**
 * Errors designed, not default: a LakeError's code picks the headline and the advice, the context names
 * the file, and CORS/credential failures show the fix (ui-design.md).
 */
import { useEffect, useRef } from 'react';
import type { LakeErrorCode } from '../../core/errors.ts';
import type { MessageKey } from '../../core/messages/en.ts';
import { useMessages, type Translator } from '../common/messages.ts';
import { CorsHelp } from './cors-help.tsx';
import { SafeText } from '../common/safe-text-view.tsx';
import { ErrorMessage, type ErrorLike } from './error-message.tsx';

export { errorMessage, type ErrorLike } from './error-message.tsx';

const HEADLINES = {
  Cors: 'ui.error.headline.Cors', Auth: 'ui.error.headline.Auth', NotFound: 'ui.error.headline.NotFound', Io: 'ui.error.headline.Io',
  DataInvalid: 'ui.error.headline.DataInvalid', Unsupported: 'ui.error.headline.Unsupported', Conflict: 'ui.error.headline.Conflict',
  Aborted: 'ui.error.headline.Aborted', Internal: 'ui.error.headline.Internal',
} as const satisfies Record<LakeErrorCode, MessageKey>;

/**
 * The headline and advice for I/O failures that have their own name (read-policy.ts): a throttling
 * bucket, a request time limit, a file changed under the reader — never shown as a generic error.
 */
function special(ctx: Record<string, unknown>, { t }: Translator): { headline: string; advice: string } | undefined {
  if (ctx.throttled) {
    const status = ctx.status === 429 ? '429 Too Many Requests' : `503 ${String(ctx.s3Code ?? 'SlowDown')}`;
    return { headline: t('ui.error.headline.throttled'), advice: t('ui.error.advice.throttled', { status, retries: Number(ctx.retries ?? 0) }) };
  }
  if (ctx.timedOut) return { headline: t('ui.error.headline.timeout'), advice: t('ui.error.advice.timeout', { seconds: Number(ctx.timeoutMs ?? 0) / 1000 }) };
  if (ctx.changed) return { headline: t('ui.error.headline.changed'), advice: t('ui.error.advice.changed') };
  return undefined;
}

function advice(code: LakeErrorCode | undefined, ctx: Record<string, unknown>, { t }: Translator): string {
  // A column the reader typed that the table lacks (core/api plan-scan.ts): a typo, not a missing file.
  if (typeof ctx.column === 'string' && typeof ctx.known === 'string') return t('ui.error.advice.unknownColumn', { known: ctx.known });
  switch (code) {
    case 'Auth': return t('ui.error.advice.Auth');
    case 'NotFound': {
      const where = ctx.key ?? ctx.url ?? ctx.prefix ?? ctx.bucket;
      return t('ui.error.advice.NotFound', where === undefined ? {} : { where: String(where) });
    }
    case 'Io': return t('ui.error.advice.Io');
    case 'DataInvalid': return t('ui.error.advice.DataInvalid');
    case 'Unsupported': return t('ui.error.advice.Unsupported');
    case 'Conflict': return t('ui.error.advice.Conflict');
    case 'Aborted': return t('ui.error.advice.Aborted');
    case 'Internal': return t('ui.error.advice.Internal');
    default: return '';
  }
}

/** Context keys shown as "where"; everything else goes under details. */
const WHERE_KEYS = ['key', 'url', 'prefix', 'bucket', 'host', 'storage', 'file', 'method'];

export function ErrorPanel({ error, bucket, endpoint, onRetry, reveal = false }: {
  error: unknown;
  /** Scroll the panel into view and focus it when it appears (forms whose error shows below the fold). */
  reveal?: boolean;
  /** For CORS help: the bucket and endpoint being opened, when known. */
  bucket?: string;
  endpoint?: string;
  onRetry?: () => void;
}) {
  const tr = useMessages();
  const { t } = tr;
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
  const named = special(ctx, tr);
  return (
    <section ref={ref} tabIndex={-1} className={`error-panel error-${code ?? 'Internal'}`} role="alert" aria-labelledby="error-title">
      <header>
        <span className="error-code mono">{code ?? t('ui.error.code.unknown')}</span>
        <h2 id="error-title">{named?.headline ?? t(typeof ctx.known === 'string' && typeof ctx.column === 'string' ? 'ui.error.headline.unknownColumn' : code ? HEADLINES[code] : 'ui.error.headline.unknown')}</h2>
      </header>
      {/* An error the engine built from a catalog message carries it: shown in the reader's language. */}
      <ErrorMessage error={error} />
      {where.length > 0 && (
        <dl className="kv">
          {where.map((k) => <div key={k}><dt title={k}>{t('ui.error.context', { name: k })}</dt><dd className="mono"><SafeText text={String(ctx[k])} max={1000} /></dd></div>)}
        </dl>
      )}
      {code === 'Cors' ? <CorsHelp bucket={bucket ?? String(ctx.bucket ?? '')} endpoint={endpoint} /> : <p className="error-advice">{named?.advice ?? advice(code, ctx, tr)}</p>}
      {rest.length > 0 && (
        <details className="error-details">
          <summary>{t('ui.error.details')}</summary>
          <dl className="kv">{rest.map((k) => <div key={k}><dt title={k}>{t('ui.error.context', { name: k })}</dt><dd className="mono"><SafeText text={String(ctx[k])} max={1000} /></dd></div>)}</dl>
        </details>
      )}
      {onRetry && <div className="error-actions"><button type="button" className="btn" onClick={onRetry}>{t('ui.error.retry')}</button></div>}
    </section>
  );
}
