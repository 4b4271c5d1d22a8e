/**
 * "What this write did" (issue 20): after a write in the sandbox, the files it wrote and deleted and the
 * change of the table's state file (metadata before → after), removed lines red and added lines green.
 */
import type { MetadataChangeDto, WriteEffectDto } from '../../core/api/sandbox/write-effect.ts';
import { useState } from 'react';
import { formatBytes, middleEllipsis } from '../common/format.ts';
import { useMessages, type Translator } from '../common/messages.ts';
import { InlineText, SafeText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { useSandbox } from './sandbox-context.ts';
import './sandbox.css';

/** The key relative to the table root (shorter to read; the root is shown once). */
const rel = (root: string, key: string): string => (key.startsWith(root) ? key.slice(root.length) : key);
const base = (key: string): string => key.slice(key.lastIndexOf('/') + 1);

function metaTitle(t: Translator['t'], m: MetadataChangeDto): string {
  const after = base(m.afterKey);
  if (m.kind === 'delta-log-entry') return t('ui.sandbox.effect.meta.delta', { after });
  if (m.kind === 'iceberg-metadata') return m.beforeKey ? t('ui.sandbox.effect.meta.iceberg', { before: base(m.beforeKey), after }) : t('ui.sandbox.effect.meta.icebergNew', { after });
  return m.beforeKey ? t('ui.sandbox.effect.meta.paimon', { before: base(m.beforeKey), after }) : t('ui.sandbox.effect.meta.paimonNew', { after });
}

export function WriteEffectPanel({ root }: { root: string }) {
  const tr = useMessages();
  const { t } = tr;
  const sandbox = useSandbox();
  const [open, setOpen] = useState(true);
  const e = sandbox.effect;
  if (!sandbox.active || !e || e.root !== root) return null;
  return (
    <section className={`sb-effect${open ? '' : ' sb-collapsed'}`} aria-label={t('ui.sandbox.effect.title')} data-testid="write-effect" data-status={e.status}>
      <header className="sb-effect-head">
        <h2>{t('ui.sandbox.effect.title')}</h2>
        <span className="muted small sb-effect-what"><InlineText text={tr.note(e.title)} max={120} /></span>
        <span className="spacer" />
        <button type="button" className="btn btn-small btn-quiet" aria-expanded={open} onClick={() => setOpen(!open)}>{t(open ? 'ui.sandbox.effect.hide' : 'ui.sandbox.effect.show')}</button>
        <button type="button" className="btn btn-small btn-quiet" onClick={sandbox.close}>{t('ui.sandbox.effect.close')}</button>
      </header>
      {open && e.status === 'loading' && <ProgressLine label={t('ui.sandbox.effect.reading')} />}
      {open && e.status === 'error' && <ErrorPanel error={e.error} />}
      {open && e.effect && <EffectBody root={root} effect={e.effect} />}
    </section>
  );
}

function EffectBody({ root, effect }: { root: string; effect: WriteEffectDto }) {
  const { t } = useMessages();
  return (
    <div className="sb-effect-body">
      <div className="sb-files">
        <details open className="sb-files-group" data-testid="effect-written">
          <summary className="sb-added-text">{t('ui.sandbox.effect.written', { count: effect.written.length })}</summary>
          <ul>{effect.written.map((k) => (
            <li key={k.key} className="mono small" title={safeTitle(rel(root, k.key))}><span className="sb-mark sb-added-text" aria-hidden>+</span><InlineText text={middleEllipsis(rel(root, k.key), 56)} max={60} /> <span className="muted num">{formatBytes(k.size)}</span></li>
          ))}</ul>
        </details>
        <details open={effect.deleted.length > 0 && effect.deleted.length <= 12} className="sb-files-group" data-testid="effect-deleted">
          <summary className="sb-removed-text">{t('ui.sandbox.effect.deleted', { count: effect.deleted.length })}</summary>
          <ul>{effect.deleted.map((k) => (
            <li key={k} className="mono small" title={safeTitle(rel(root, k))}><span className="sb-mark sb-removed-text" aria-hidden>−</span><InlineText text={middleEllipsis(rel(root, k), 56)} max={60} /></li>
          ))}</ul>
        </details>
        <p className="muted small">{t('ui.sandbox.effect.treeHint')}</p>
      </div>
      <div className="sb-meta">
        {effect.metadata
          ? <>
            <div className="small sb-meta-title" data-testid="effect-meta-title">{metaTitle(t, effect.metadata)}</div>
            <div className="sb-diff mono" role="region" aria-label={t('ui.sandbox.effect.diffLabel')} data-testid="metadata-diff" tabIndex={0}>
              {effect.metadata.lines.map((l, i) => l.op === '…'
                ? <div key={i} className="sb-line sb-hidden muted">{t('ui.sandbox.effect.hidden', { count: l.hidden })}</div>
                : <div key={i} className={`sb-line${l.op === '+' ? ' sb-add' : l.op === '-' ? ' sb-del' : ''}`} data-op={l.op}>
                  <span className="sb-op" aria-hidden>{l.op === '=' ? ' ' : l.op}</span><SafeText text={l.text} max={400} />
                </div>)}
            </div>
          </>
          : <p className="muted small">{t('ui.sandbox.effect.noMeta')}</p>}
      </div>
    </div>
  );
}
