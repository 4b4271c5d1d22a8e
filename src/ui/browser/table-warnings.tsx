/**
 * The banner over every tab of the table page: what opening the table had to work around (e.g. the
 * newest metadata file or snapshot cannot be read, so an older version is shown), one line each, naming
 * the file — and, when writes are refused because of it, that they are. A fallback to an older version
 * must never be silent, whichever tab is open.
 */
import type { ErrorRef } from '../../core/messages/message-parts.ts';
import { useMessages } from '../common/messages.ts';
import { MessageText } from '../errors/error-message.tsx';

export function TableWarnings({ warnings, warningMessages, writeRefusal, writeRefusalMessage }: {
  readonly warnings?: readonly string[];
  /** The same warnings as catalog messages, in order (shown in the reader's language when given). */
  readonly warningMessages?: readonly ErrorRef[];
  readonly writeRefusal?: string;
  readonly writeRefusalMessage?: ErrorRef;
}) {
  const tr = useMessages();
  if (!warnings?.length && !writeRefusal) return null;
  return (
    <div className="table-banner notice-inline small" role="alert" aria-label={tr.t('ui.table.warnings')} data-testid="table-warnings">
      {warnings?.map((w, i) => <div key={w}>⚠ <MessageText text={w} message={warningMessages?.[i]} /></div>)}
      {writeRefusal && !warnings?.length && <div>⚠ <MessageText text={writeRefusal} message={writeRefusalMessage} /></div>}
    </div>
  );
}
