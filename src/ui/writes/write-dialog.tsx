/**
 * The write dialog for every phase of a write (see use-write-flow.ts): parameters, "reading the
 * table…", the preview with an explicit Confirm (plus expire's second confirmation for deleting files
 * and the destructive rollback's typed confirmation), progress with bytes/s and Cancel, errors.
 */
import { useEffect, useState } from 'react';
import type { SchemaDto } from '../../core/api/table-dto.ts';
import { formatBytes, formatCount, formatRate } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { Modal } from './modal.tsx';
import { PreviewBody } from './preview-body.tsx';
import type { WriteFlow } from './use-write-flow.ts';
import { WriteForm, formTitle } from './write-forms.tsx';

function useNow(active: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const t = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(t);
  }, [active]);
  return now;
}

function seconds(ms: number): string {
  return ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function WriteDialog({ flow, existingRefs, schema }: { flow: WriteFlow; existingRefs: readonly string[]; schema?: SchemaDto }) {
  const tr = useMessages();
  const { t } = tr;
  const p = flow.phase;
  const now = useNow(p.kind === 'applying' || p.kind === 'preparing');
  const [deleteFiles, setDeleteFiles] = useState(false);
  const [reallyDelete, setReallyDelete] = useState(false);
  const [typed, setTyped] = useState('');
  const opId = p.kind === 'preview' ? p.preview.opId : '';
  useEffect(() => { setDeleteFiles(false); setReallyDelete(false); setTyped(''); }, [opId]);

  if (p.kind === 'idle') return null;
  if (p.kind === 'form') {
    return (
      <Modal key="form" title={formTitle(t, p.form)} onCancel={flow.cancel} wide={p.rowsInput !== undefined} testId="write-form">
        <WriteForm form={p.form} snapshotId={p.snapshotId} existingRefs={existingRefs} schema={schema} {...(p.rowsInput ? { rowsInput: p.rowsInput } : {})} onPreview={flow.prepare} onCancel={flow.cancel} />
      </Modal>
    );
  }
  if (p.kind === 'preparing') {
    return (
      <Modal key="preparing" title={tr.note(p.title)} onCancel={flow.cancel} busy testId="write-preparing">
        <div className="progress" role="status"><div className="progress-text"><span>{t('ui.write.preparing')}</span></div>
          <div className="progress-track"><div className="progress-bar indeterminate" /></div></div>
        <div className="ws-actions"><span className="spacer" /><button type="button" className="btn" onClick={flow.cancel}>{t('ui.common.cancel')}</button></div>
      </Modal>
    );
  }
  if (p.kind === 'error') {
    const conflict = (p.error as { code?: string }).code === 'Conflict';
    const aborted = (p.error as { code?: string }).code === 'Aborted';
    return (
      <Modal key="error" title={t('ui.write.errorTitle', { title: tr.note(p.title), aborted })} onCancel={flow.cancel} testId="write-error">
        {aborted
          ? <p>{t('ui.write.cancelled')}</p>
          : <ErrorPanel error={p.error} />}
        {conflict && <p className="small">{t('ui.write.conflict')}</p>}
        <div className="ws-actions">
          <span className="spacer" />
          {p.request && <button type="button" className="btn" onClick={() => flow.prepare(p.request!, p.title)}>{t('ui.write.previewAgain')}</button>}
          <button type="button" className="btn btn-primary" onClick={flow.cancel}>{t('ui.write.close')}</button>
        </div>
      </Modal>
    );
  }
  const preview = p.preview;
  if (p.kind === 'applying') {
    const elapsed = now - p.startedAt;
    const pr = p.progress;
    const pct = pr?.total ? Math.min(100, (100 * pr.done) / pr.total) : undefined;
    return (
      <Modal key="applying" title={tr.note(p.title)} onCancel={flow.cancel} busy wide testId="write-applying">
        <div className="progress ws-progress" role="status" aria-live="polite" data-testid="write-progress">
          <div className="progress-text">
            <span>{pr?.phase === 'write' ? t('ui.write.writing') : preview.inputBytes ? t('ui.write.rewriting') : t('ui.write.committing')}</span>
            {pr?.bytes ? <span className="muted num">{t('ui.write.moved', { bytes: formatBytes(pr.bytes), rate: formatRate(pr.bytes, elapsed) })}</span> : null}
            {pct !== undefined && <span className="muted num">{t('ui.write.ofInput', { pct: Math.round(pct), bytes: formatBytes(pr!.total!) })}</span>}
            <span className="muted num">{seconds(elapsed)}</span>
          </div>
          <div className="progress-track"><div className={`progress-bar${pct === undefined ? ' indeterminate' : ''}`} style={pct === undefined ? undefined : { width: `${pct}%` }} /></div>
          {pr?.current && <div className="progress-current mono muted" title={pr.current}>{pr.current}</div>}
        </div>
        <p className="small muted">{t('ui.write.workerNote')}</p>
        <div className="ws-actions"><span className="spacer" /><button type="button" className="btn" onClick={flow.cancel}>{t('ui.common.cancel')}</button></div>
      </Modal>
    );
  }
  // Preview: Confirm is explicit; deleting files and destructive rollbacks need a second, deliberate step.
  const needsTyped = preview.typedConfirmation !== undefined;
  const typedOk = !needsTyped || typed === preview.typedConfirmation;
  const wantsDelete = preview.deletesNeedSecondConfirmation === true && deleteFiles;
  const deleteBytes = preview.deletes.reduce((s, f) => s + (f.bytes ?? 0), 0);
  const confirm = () => {
    if (wantsDelete && !reallyDelete) { setReallyDelete(true); return; }
    flow.confirm({ ...(wantsDelete ? { deleteFiles: true } : {}), ...(needsTyped ? { confirmText: typed } : {}) });
  };
  return (
    <Modal key={`preview-${preview.opId}`} title={t('ui.write.previewTitle', { title: tr.note(p.title) })} onCancel={flow.cancel} wide testId="write-preview-dialog">
      <PreviewBody preview={preview} />
      {preview.deletesNeedSecondConfirmation && preview.deletes.length > 0 && (
        <label className="ws-second">
          <input type="checkbox" checked={deleteFiles} onChange={(e) => { setDeleteFiles(e.target.checked); setReallyDelete(false); }} />
          {t('ui.write.alsoDelete', { count: formatCount(preview.deletes.length), bytes: formatBytes(deleteBytes) })}
        </label>
      )}
      {needsTyped && (
        <label className="field ws-typed">
          <span>{t('ui.write.typeToConfirm')}<strong className="mono">{preview.typedConfirmation}</strong></span>
          <input value={typed} onChange={(e) => setTyped(e.target.value)} spellCheck={false} autoComplete="off" aria-label={t('ui.write.confirmText')} />
        </label>
      )}
      {reallyDelete && <p className="ws-really" role="alert">{t('ui.write.really')}</p>}
      <div className="ws-actions">
        <span className="muted small">{preview.overBudget ? t('ui.writes.overBudget.footer') : preview.noop ? t('ui.write.noop') : t('ui.write.notYet')}</span>
        <span className="spacer" />
        <button type="button" className="btn" onClick={flow.cancel}>{preview.noop ? t('ui.write.close') : t('ui.common.cancel')}</button>
        {!preview.noop && (
          <button type="button" className={`btn ${needsTyped || reallyDelete ? 'btn-danger' : 'btn-primary'}`} disabled={!typedOk} onClick={confirm}>
            {reallyDelete ? t('ui.write.deleteFiles', { count: formatCount(preview.deletes.length) }) : wantsDelete ? t('ui.write.confirmDelete') : needsTyped ? t('ui.write.deleteRollback') : t('ui.write.confirm')}
          </button>
        )}
      </div>
    </Modal>
  );
}
