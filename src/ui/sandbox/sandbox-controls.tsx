/**
 * The sandbox's controls in the top bar (issue 20): "Try it here" on the demo warehouse, "Copy to sandbox" on
 * an open table elsewhere, and inside a sandbox its badge and Reset (with a confirmation). Copying runs in the
 * worker with a progress bar and Cancel; a cancelled or failed copy leaves no sandbox.
 */
import { useEffect, useRef, useState } from 'react';
import type { Progress } from '../../core/api/progress.ts';
import { engine, type ConnectionSpec } from '../../worker/client.ts';
import { useMessages } from '../common/messages.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import type { SandboxSession, Session } from '../state/session.ts';
import { Modal } from '../writes/modal.tsx';
import { findSandboxHandle, rememberedSandbox } from './sandbox-resume.ts';
import '../writes/writes.css';
import './sandbox.css';

/** Same figure as core's SANDBOX_LIMIT_BYTES (the worker enforces it; the page only names it). */
const LIMIT_MB = 200;

/** Opens a copied sandbox as the warehouse (app.tsx connects it), keeping `table` open when given. */
export type OpenSandbox = (spec: ConnectionSpec, sandbox: SandboxSession, table?: string) => Promise<void>;

interface CopyJob { readonly sandbox: SandboxSession; readonly table?: string }

export function SandboxControls({ session, table, onOpenSandbox }: { session: Session; table?: string; onOpenSandbox: OpenSandbox }) {
  const { t } = useMessages();
  const [job, setJob] = useState<CopyJob | undefined>();
  const [confirmReset, setConfirmReset] = useState(false);
  const sb = session.sandbox;
  const sourceText = (s: SandboxSession) => (s.source.kind === 'demo' ? t('ui.sandbox.source.demo') : t('ui.sandbox.source.table', { table: s.source.root.replace(/\/$/, '') }));

  const start = (s: SandboxSession, keepTable?: string) => setJob({ sandbox: s, ...(keepTable !== undefined ? { table: keepTable } : {}) });
  // A sandbox copied from here on an earlier visit, still in this browser: offered beside copying again.
  const candidate: SandboxSession | undefined = sb ? undefined
    : session.kind === 'demo' ? { name: 'demo', sourceWarehouseId: session.warehouseId, source: { kind: 'demo' }, prefix: '' }
    : table !== undefined ? { name: sandboxName(table), sourceWarehouseId: session.warehouseId, source: { kind: 'table', root: table }, prefix: table } : undefined;
  const [kept, setKept] = useState<{ name: string; handle: FileSystemDirectoryHandle } | undefined>();
  useEffect(() => {
    let live = true;
    setKept(undefined);
    const name = candidate?.name;
    if (name && rememberedSandbox(name)) void findSandboxHandle(name).then((handle) => { if (live && handle) setKept({ name, handle }); });
    return () => { live = false; };
  }, [candidate?.name]); // eslint-disable-line react-hooks/exhaustive-deps -- one look per candidate
  const reopen = () => {
    if (!candidate || !kept || kept.name !== candidate.name) return;
    void onOpenSandbox({ kind: 'folder', handle: kept.handle, writable: true, sandbox: sourceText(candidate) }, candidate, table);
  };
  return (
    <>
      {kept && candidate && kept.name === candidate.name && (
        <button type="button" className="btn btn-small btn-primary" title={t('ui.sandbox.resume.title')} onClick={reopen}>{t('ui.sandbox.resume')}</button>
      )}
      {sb && <span className="sb-badge" data-testid="sandbox-badge" data-short={t('ui.sandbox.badge.short')} title={t('ui.sandbox.badge.title')}>{t('ui.sandbox.badge')}</span>}
      {sb && <button type="button" className="btn btn-small" title={t('ui.sandbox.reset.title', { source: sourceText(sb) })} onClick={() => setConfirmReset(true)}>{t('ui.sandbox.reset')}</button>}
      {!sb && session.kind === 'demo' && (
        <button type="button" className={`btn btn-small${kept ? '' : ' btn-primary'}`} title={t('ui.sandbox.tryIt.title')}
          onClick={() => start({ name: 'demo', sourceWarehouseId: session.warehouseId, source: { kind: 'demo' }, prefix: '' }, table)}>{t('ui.sandbox.tryIt')}</button>
      )}
      {!sb && session.kind !== 'demo' && table !== undefined && (
        <button type="button" className="btn btn-small" title={t('ui.sandbox.copyTable.title', { limitMb: LIMIT_MB })}
          onClick={() => start({ name: sandboxName(table), sourceWarehouseId: session.warehouseId, source: { kind: 'table', root: table }, prefix: table }, table)}>{t('ui.sandbox.copyTable')}</button>
      )}
      {confirmReset && sb && (
        <Modal title={t('ui.sandbox.reset.dialog')} onCancel={() => setConfirmReset(false)} testId="sandbox-reset">
          <p>{t('ui.sandbox.reset.text', { source: sourceText(sb) })}</p>
          <div className="ws-actions">
            <span className="spacer" />
            <button type="button" className="btn" onClick={() => setConfirmReset(false)}>{t('ui.sandbox.cancel')}</button>
            <button type="button" className="btn btn-danger" onClick={() => { setConfirmReset(false); start(sb, table); }}>{t('ui.sandbox.reset.confirm')}</button>
          </div>
        </Modal>
      )}
      {job && <CopyDialog job={job} sourceText={sourceText(job.sandbox)} onOpenSandbox={onOpenSandbox} onClose={() => setJob(undefined)} />}
    </>
  );
}

/** A folder name for a copied table: its path, made safe (`sales/orders/` → `table-sales-orders`). */
export function sandboxName(root: string): string {
  const slug = root.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 50);
  return `table-${slug || 'root'}`;
}

function CopyDialog({ job, sourceText, onOpenSandbox, onClose }: { job: CopyJob; sourceText: string; onOpenSandbox: OpenSandbox; onClose: () => void }) {
  const { t } = useMessages();
  const [progress, setProgress] = useState<Progress | undefined>();
  const [error, setError] = useState<unknown>();
  const ac = useRef<AbortController | undefined>(undefined);
  useEffect(() => {
    const c = new AbortController();
    ac.current = c;
    const s = job.sandbox;
    engine().copyToSandbox({ warehouseId: s.sourceWarehouseId, prefix: s.prefix, name: s.name }, { signal: c.signal, onProgress: setProgress })
      .then(async (r) => {
        if (!r.handle) throw new Error('sandbox: the copy has no folder handle');
        await onOpenSandbox({ kind: 'folder', handle: r.handle, writable: true, sandbox: sourceText }, s, job.table);
        if (!c.signal.aborted) onClose();
      })
      .catch((e: unknown) => { if (!c.signal.aborted) setError(e); });
    return () => c.abort();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- one copy per dialog
  const cancel = () => { ac.current?.abort(); onClose(); };
  return (
    <Modal title={t('ui.sandbox.copy.dialog')} onCancel={cancel} busy={error === undefined} testId="sandbox-copy">
      <div>
        <p>{t('ui.sandbox.copy.text', { source: sourceText })}</p>
        {error === undefined
          ? <div className="sb-progress"><ProgressLine label={t('ui.sandbox.copy.progress')} progress={progress} onCancel={cancel} /></div>
          : <><p className="small">{t('ui.sandbox.copy.failed')}</p><ErrorPanel error={error} /></>}
      </div>
      {error !== undefined && (
        <div className="ws-actions"><span className="spacer" /><button type="button" className="btn" onClick={onClose}>{t('ui.sandbox.copy.close')}</button></div>
      )}
    </Modal>
  );
}
