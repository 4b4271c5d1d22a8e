/**
 * "Compare…": pick two versions, branches or tags of the table from a menu and open their diff (the
 * keyboard way to what shift-click on the timeline does). Escape closes it.
 */
import { useEffect, useRef, useState } from 'react';
import type { OverviewVersionDto } from '../../core/api/table-dto.ts';
import { formatTime } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { visibleText } from '../common/safe-text.ts';
// Its dialog's styles (.compare-menu, .compare-pop): without them it was drawn unstyled in the tabs row until a diff page had loaded diff.css.
import './diff.css';

/** Options: every ref by name, then every version (newest first). */
function refOptions(versions: readonly OverviewVersionDto[]): { value: string; label: string }[] {
  const refs = versions.flatMap((v) => v.refs.map((r) => ({ value: r.name, label: visibleText(`${r.type === 'tag' ? '⚑' : '⎇'} ${r.name} (${v.id})`) })));
  const vs = [...versions].sort((a, b) => b.timestampMs - a.timestampMs)
    .map((v) => ({ value: v.id, label: visibleText(`${v.id} · ${v.operation} · ${formatTime(v.timestampMs).local}`) }));
  return [...refs, ...vs];
}

export function CompareMenu({ versions, selectedId, onCompare }: { versions: readonly OverviewVersionDto[]; selectedId?: string; onCompare: (from: string, to: string) => void }) {
  const { t } = useMessages();
  const [open, setOpen] = useState(false);
  const opts = refOptions(versions);
  const byTime = [...versions].sort((a, b) => a.timestampMs - b.timestampMs);
  const sel = selectedId ?? byTime.at(-1)?.id ?? '';
  const prev = byTime[byTime.findIndex((v) => v.id === sel) - 1]?.id ?? sel;
  const [from, setFrom] = useState(prev);
  const [to, setTo] = useState(sel);
  useEffect(() => { if (open) { setFrom(prev); setTo(sel); } }, [open]); // eslint-disable-line react-hooks/exhaustive-deps
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => { if (open) first.current?.focus(); }, [open]);
  if (versions.length < 2) return null;
  return (
    <div className="compare-menu" onKeyDown={(e) => { if (e.key === 'Escape') setOpen(false); }}>
      <button type="button" className="btn btn-small" aria-expanded={open} aria-haspopup="dialog" title={t('ui.diff.compareTitle')} onClick={() => setOpen((o) => !o)}>{t('ui.diff.compare')}</button>
      {open && (
        <form className="compare-pop" role="dialog" aria-label={t('ui.diff.compareDialog')} onSubmit={(e) => { e.preventDefault(); setOpen(false); onCompare(from, to); }}>
          <label>{t('ui.diff.compareFrom')}
            <select ref={first} value={from} onChange={(e) => setFrom(e.target.value)}>{opts.map((o) => <option key={`f${o.value}${o.label}`} value={o.value}>{o.label}</option>)}</select>
          </label>
          <label>{t('ui.diff.compareTo')}
            <select value={to} onChange={(e) => setTo(e.target.value)}>{opts.map((o) => <option key={`t${o.value}${o.label}`} value={o.value}>{o.label}</option>)}</select>
          </label>
          <p className="muted small">{t('ui.diff.shiftHint')}</p>
          <div><button type="submit" className="btn btn-small btn-primary" disabled={from === to}>{t('ui.diff.compareSubmit')}</button> <button type="button" className="btn btn-small btn-quiet" onClick={() => setOpen(false)}>{t('ui.diff.cancel')}</button></div>
        </form>
      )}
    </div>
  );
}
