/** Small shared widgets: format badge, copy button, copyable path, progress line. */
import { useState } from 'react';
import type { TableFormatName } from '../../core/api/dto.ts';
import type { Progress } from '../../core/api/progress.ts';
import { formatBytes, formatCount } from './format.ts';
import { capText, safeTitle } from './safe-text.ts';
import { Marked, SafeText } from './safe-text-view.tsx';
import { useMessages } from '../common/messages.ts';

const FORMAT_LABEL: Record<TableFormatName, string> = { iceberg: 'Iceberg', delta: 'Delta', paimon: 'Paimon', hudi: 'Hudi' };

export function FormatBadge({ format, size = 'small' }: { format: TableFormatName; size?: 'small' | 'large' }) {
  return <span className={`badge badge-${format} badge-${size}`} title={useMessages().t('ui.common.formatTable', { format: FORMAT_LABEL[format] })}>{FORMAT_LABEL[format]}</span>;
}

export function formatLabel(format: TableFormatName): string {
  return FORMAT_LABEL[format];
}

/** Copies `text`; says "Copied" for a moment. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const tr = useMessages();
  const [done, setDone] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard may be denied (insecure origin); fall back to a hidden textarea + execCommand.
      const ta = document.createElement('textarea');
      ta.value = text;
      document.body.appendChild(ta);
      ta.select();
      document.execCommand('copy');
      ta.remove();
    }
    setDone(true);
    window.setTimeout(() => setDone(false), 1200);
  };
  return <button type="button" className="btn btn-small" onClick={() => void copy()}>{done ? tr.t('ui.common.copied') : label ?? tr.t('ui.common.copy')}</button>;
}

/** A path or id in monospace that copies itself on click. */
export function CopyText({ text, className = '' }: { text: string; className?: string }) {
  const tr = useMessages();
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className={`copytext mono ${className}`}
      title={done ? tr.t('ui.common.copied') : `${safeTitle(text)}\n${tr.t('ui.common.clickToCopy')}`}
      onClick={() => { void navigator.clipboard?.writeText(text).then(() => { setDone(true); window.setTimeout(() => setDone(false), 1000); }, () => {}); }}
    >
      {/* A button cannot hold the "show all" button: cut here; the whole text copies. */}
      {text ? <bdi className="safe-text"><Marked text={capped(text)} /></bdi> : '/'}
      {done && <span className="copied">{tr.t('ui.common.copiedShort')}</span>}
    </button>
  );
}

const capped = (text: string) => { const c = capText(text, 500); return c.omitted ? `${c.text}…` : c.text; };

/** A thin progress line with counts, bytes and a cancel button. */
export function ProgressLine({ progress, label, onCancel }: { progress?: Progress; label: string; onCancel?: () => void }) {
  const tr = useMessages();
  const pct = progress?.total ? Math.min(100, (100 * progress.done) / progress.total) : undefined;
  return (
    <div className="progress" role="status" aria-live="polite">
      <div className="progress-text">
        <span>{label}</span>
        {progress && <span className="muted num">{formatCount(progress.done)}{progress.total ? ` / ${formatCount(progress.total)}` : ''}</span>}
        {progress?.bytes ? <span className="muted num">{formatBytes(progress.bytes)}</span> : null}
        {onCancel && <button type="button" className="btn btn-link" onClick={onCancel}>{tr.t('ui.common.cancel')}</button>}
      </div>
      <div className="progress-track"><div className={`progress-bar${pct === undefined ? ' indeterminate' : ''}`} style={pct === undefined ? undefined : { width: `${pct}%` }} /></div>
      {progress?.current && <div className="progress-current mono muted" title={safeTitle(progress.current)}><SafeText text={progress.current} max={300} /></div>}
    </div>
  );
}
