/**
 * An error's message in the reader's language (issue 20). An engine error that carries its catalog message
 * (`ref`, core/message-error.ts) is rendered in the reader's catalog, the names and paths it quotes set apart
 * (monospace, through SafeText); a non-English reader can open the original English text below it. An error
 * without a reference is shown in English as the engine wrote it, marked as not translated.
 */
import type { ReactNode } from 'react';
import type { LakeErrorCode } from '../../core/errors.ts';
import { en } from '../../core/messages/en.ts';
import { errorText, isErrorRef, messageParts, type ErrorRef } from '../../core/messages/message-parts.ts';
import { useMessages, type Translator } from '../common/messages.ts';
import { SafeText } from '../common/safe-text-view.tsx';

/** What the panel needs of an error (a LakeError from the worker, or anything else). */
export interface ErrorLike {
  readonly code?: LakeErrorCode;
  readonly message?: string;
  readonly context?: Record<string, unknown>;
  /** The catalog message `message` is the English text of (core/errors.ts `LakeErrorRef`). */
  readonly ref?: ErrorRef;
}

/** The error's catalog reference, when it carries one this catalog knows. */
export function errorRefOf(error: unknown): ErrorRef | undefined {
  const ref = (error as ErrorLike | null | undefined)?.ref;
  return isErrorRef(ref, en) ? ref : undefined;
}

/** An error's message in the reader's language when it carries a catalog reference, else as sent (English). */
export function errorMessage(error: unknown, tr: Translator): string {
  const ref = errorRefOf(error);
  if (ref) return errorText(ref, tr.catalog);
  const e = (error ?? {}) as ErrorLike;
  return e.message ?? String(error);
}

/**
 * The message paragraph (class `error-message`) and, for a non-English reader, the English original in a
 * disclosure — or, without a reference, the English text marked "not translated". `english` overrides the
 * original text shown (the query tab gives the first line only; it shows the query and caret itself).
 */
export function ErrorMessage({ error, english, max = 2000, children }: {
  error: unknown;
  english?: string;
  max?: number;
  /** Shown right below the translated message, before the English original (the query tab's query line and caret). */
  children?: ReactNode;
}) {
  const tr = useMessages();
  const ref = errorRefOf(error);
  const original = english ?? ((error as ErrorLike | null | undefined)?.message ?? String(error));
  if (!ref) {
    return (
      <>
        <p className="error-message mono" lang="en"><SafeText text={original} max={max} /></p>
        <UntranslatedMark />
      </>
    );
  }
  return (
    <>
      <p className="error-message">
        {messageParts(ref, tr.catalog).map((p, i) => (typeof p === 'string'
          ? <SafeText key={i} text={p} max={max} />
          : <span key={i} className="mono error-data"><SafeText text={p.data} max={max} /></span>))}
      </p>
      {children}
      {tr.catalog !== en && (
        <details className="error-original">
          <summary>{tr.t('ui.error.original')}</summary>
          <p className="mono" lang="en"><SafeText text={original} max={max} /></p>
        </details>
      )}
    </>
  );
}

/**
 * An engine sentence inline: its catalog message in the reader's language, names and paths set apart as in
 * {@link ErrorMessage}; without one, the English text marked as English.
 */
export function MessageText({ message, text, max = 2000 }: { message?: ErrorRef; text: string; max?: number }) {
  const tr = useMessages();
  if (!message || !isErrorRef(message, tr.catalog)) return <span lang="en"><SafeText text={text} max={max} /></span>;
  return (
    <>
      {messageParts(message, tr.catalog).map((p, i) => (typeof p === 'string'
        ? <SafeText key={i} text={p} max={max} />
        : <span key={i} className="mono error-data"><SafeText text={p.data} max={max} /></span>))}
    </>
  );
}

/** For a non-English reader: the note that the English text above is not translated yet (nothing for English). */
export function UntranslatedMark() {
  const tr = useMessages();
  if (tr.catalog === en) return null;
  return <p className="error-untranslated small muted" data-testid="error-untranslated">{tr.t('ui.error.untranslated')}</p>;
}
