/**
 * `<SafeText>`: the one way a view shows a string it read from a table (safe-text.ts says why): inside a
 * bidi isolate, bidi/control characters as visible marks, cut at `max` characters with a "show all" toggle.
 */
import { useState } from 'react';
import { capText, safeTitle, TEXT_CAP, textParts } from './safe-text.ts';
import { useMessages } from '../common/messages.ts';

export function SafeText({ text, max = TEXT_CAP, className, title }: {
  text: string;
  /** Characters shown before "show all" (the full value, when shown, scrolls inside a bounded box). */
  max?: number;
  className?: string;
  /** Tooltip; made safe the same way. */
  title?: string;
}) {
  const tr = useMessages();
  const [all, setAll] = useState(false);
  const { text: shown, omitted } = all ? { text, omitted: 0 } : capText(text, max);
  const cut = capText(text, max).omitted > 0;
  return (
    <bdi className={`safe-text${all ? ' safe-text-all' : ''}${className ? ` ${className}` : ''}`} title={title === undefined ? undefined : safeTitle(title)}>
      <Marked text={shown} />
      {omitted > 0 && <>… <button type="button" className="btn-link small safe-text-toggle" onClick={(e) => { e.stopPropagation(); setAll(true); }}>{tr.t('ui.common.showAll', { count: omitted })}</button></>}
      {all && cut && <> <button type="button" className="btn-link small safe-text-toggle" onClick={(e) => { e.stopPropagation(); setAll(false); }}>{tr.t('ui.common.showLess')}</button></>}
    </bdi>
  );
}

/** Text with its bidi/control characters as visible, styled marks (no cap; callers cap first). */
export function Marked({ text }: { text: string }) {
  const tr = useMessages();
  const parts = textParts(text);
  if (parts.length === 1 && !parts[0]!.mark) return <>{text}</>;
  return <>{parts.map((p, i) => (p.mark ? <span key={i} className="ctl-mark" title={tr.t('ui.common.controlMark')}>{p.text}</span> : p.text))}</>;
}

/**
 * A short string read from a table, for places that cannot hold a "show all" button (inside buttons, one-line
 * cells, headings): isolated, marked like {@link SafeText}, cut at `max` with `…` (the caller shows it whole elsewhere).
 */
export function InlineText({ text, max = 200, className }: { text: string; max?: number; className?: string }) {
  const { text: shown, omitted } = capText(text, max);
  return <bdi className={`safe-text${className ? ` ${className}` : ''}`}><Marked text={omitted ? `${shown}…` : shown} /></bdi>;
}
