/**
 * A modal dialog for writes (notes/ui-design.md "Keyboard"): focus moves into it and is trapped there
 * (Tab / Shift+Tab cycle), Esc cancels, and Enter confirms only when a button has the focus — Enter in
 * a text field does nothing, so typing a name and pressing Enter can never commit a write by accident.
 * Focus returns to where it was when the dialog closes.
 */
import { type ReactNode, useEffect, useRef } from 'react';
import { useMessages } from '../common/messages.ts';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [href], [tabindex]:not([tabindex="-1"])';

export function Modal({ title, onCancel, children, wide = false, busy = false, testId }: {
  title: string;
  onCancel: () => void;
  children: ReactNode;
  wide?: boolean;
  /** While true, Esc still cancels (the caller aborts the work). */
  busy?: boolean;
  testId?: string;
}) {
  const closeLabel = useMessages().t('ui.write.closeEsc');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const el = ref.current;
    // Autofocus the first field, else the dialog itself (not Confirm: Enter must not confirm by accident).
    const first = el?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled])');
    (first ?? el)?.focus();
    return () => { if (before && document.contains(before)) before.focus(); };
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); onCancel(); return; }
    // A textarea (pasted CSV) takes Enter as a line break.
    if (e.key === 'Enter' && !(e.target instanceof HTMLButtonElement) && !['SUMMARY', 'TEXTAREA'].includes((e.target as HTMLElement).tagName)) {
      e.preventDefault();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((x) => x.offsetParent !== null || x === document.activeElement);
    if (items.length === 0) { e.preventDefault(); return; }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === ref.current)) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && active === last) { e.preventDefault(); first.focus(); }
  };

  return (
    <div className="ws-backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget && !busy) onCancel(); }}>
      <div ref={ref} className={`ws-dialog${wide ? ' ws-wide' : ''}`} role="dialog" aria-modal="true" aria-label={title} tabIndex={-1}
        onKeyDown={onKeyDown} data-testid={testId}>
        <header className="ws-head">
          <h2>{title}</h2>
          <span className="spacer" />
          <button type="button" className="btn btn-small btn-quiet" onClick={onCancel} aria-label={closeLabel} title={closeLabel}>✕</button>
        </header>
        {children}
      </div>
    </div>
  );
}
