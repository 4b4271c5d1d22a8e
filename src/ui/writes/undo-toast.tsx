/**
 * The toast after a write: what was committed (the new metadata / snapshot file), how long it took,
 * warnings, and a one-click Undo where the write can be undone (the undo is previewed before it applies).
 * It stays until closed (Esc or ✕) or replaced by the next write: an undo offer should not vanish.
 */
import type { WriteResultDto } from '../../worker/engine-writes.ts';
import { formatCount } from '../common/format.ts';
import { InlineText, SafeText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';
import { useMessages } from '../common/messages.ts';
import { MessageText } from '../errors/error-message.tsx';
import type { Note } from '../../core/messages/note.ts';
import { undoTooltip } from './write-model.ts';

export function UndoToast({ result, title, onUndo, onClose }: { result: WriteResultDto; title: Note; onUndo?: () => void; onClose: () => void }) {
  const tr = useMessages();
  const { t } = tr;
  const file = result.committedKey?.split('/').pop();
  return (
    <div className="ws-toast" role="status" aria-live="polite" data-testid="write-toast" onKeyDown={(e) => { if (e.key === 'Escape') onClose(); }}>
      <div className="ws-toast-main">
        <strong>✓ <InlineText text={tr.note(title)} max={300} /></strong>
        <span className="small muted">
          {file ? <>{t('ui.toast.committed')}<span className="mono"><InlineText text={file} /></span></> : t('ui.toast.done')}
          {result.currentAfter ? <> · {t('ui.toast.mainAt')}<span className="mono"><InlineText text={result.currentAfter} /></span></> : null}
          {result.deleted.length ? ` · ${t('ui.toast.deleted', { count: result.deleted.length })}` : ''}
          {result.attempts > 1 ? ` · ${t('ui.toast.attempts', { count: result.attempts })}` : ''}
          {` · ${(result.elapsedMs / 1000).toFixed(1)} s`}
        </span>
        {result.warnings.map((w, i) => <span key={w} className="small ws-toast-warn"><MessageText text={w} message={result.warningMessages?.[i]} max={500} /></span>)}
      </div>
      {onUndo && <button type="button" className="btn btn-small" onClick={onUndo} title={result.undo === undefined ? undefined : safeTitle(undoTooltip(result.undo, tr))}>{t('ui.toast.undo')}</button>}
      {!onUndo && <span className="small muted" title={t('ui.toast.noUndoTitle')}>{t('ui.toast.noUndo')}</span>}
      <button type="button" className="btn btn-small btn-quiet" onClick={onClose} aria-label={t('ui.toast.dismiss')}>✕</button>
    </div>
  );
}
