/**
 * Damage a read stepped over without failing (LakeTable.readWarnings: Hudi's corrupt or torn log blocks, skipped
 * as Hudi's own reader skips them), shown over the rows it concerns — the Data tab's grid and a query's
 * result — one line each naming the file and offset, in the reader's language. Rows read past damage must
 * never look like a clean read.
 */
import type { ErrorRef } from '../../core/messages/message-parts.ts';
import { useMessages } from '../common/messages.ts';
import { MessageText } from '../errors/error-message.tsx';

export function ReadWarnings({ warnings, messages }: {
  readonly warnings?: readonly string[];
  /** The same as catalog messages, in order. */
  readonly messages?: readonly ErrorRef[];
}) {
  const tr = useMessages();
  if (!warnings?.length) return null;
  return (
    <div className="notice-inline small" role="alert" aria-label={tr.t('ui.table.warnings')} data-testid="read-warnings">
      {warnings.map((w, i) => <div key={w}>⚠ <MessageText text={w} message={messages?.[i]} /></div>)}
    </div>
  );
}
