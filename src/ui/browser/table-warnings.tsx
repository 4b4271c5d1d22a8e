/**
 * The banner over every tab of the table page: what opening the table had to work around (e.g. the
 * newest metadata file or snapshot cannot be read, so an older version is shown), one line each, naming
 * the file — and, when writes are refused because of it, that they are. A fallback to an older version
 * must never be silent, whichever tab is open.
 */
import { useMessages } from '../common/messages.ts';

export function TableWarnings({ warnings, writeRefusal }: { readonly warnings?: readonly string[]; readonly writeRefusal?: string }) {
  const tr = useMessages();
  if (!warnings?.length && !writeRefusal) return null;
  return (
    <div className="table-banner notice-inline small" role="alert" aria-label={tr.t('ui.table.warnings')} data-testid="table-warnings">
      {warnings?.map((w) => <div key={w}>⚠ {w}</div>)}
      {writeRefusal && !warnings?.length && <div>⚠ {writeRefusal}</div>}
    </div>
  );
}
