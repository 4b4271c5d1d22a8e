/**
 * The table-level "Maintain" menu (Iceberg): expire snapshots, compact, rewrite manifests. A menu
 * button with a keyboard-navigable menu (arrows, Home/End, Esc closes and returns focus).
 */
import { useEffect, useRef, useState } from 'react';
import { useMessages } from '../common/messages.ts';

export interface MaintainItem {
  readonly id: string;
  readonly label: string;
  readonly title: string;
  readonly run: () => void;
}

export function MaintainMenu({ items, disabledReason }: { items: readonly MaintainItem[]; disabledReason?: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const close = (e: MouseEvent) => { if (!menu.current?.contains(e.target as Node) && e.target !== button.current) setOpen(false); };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const onKey = (e: React.KeyboardEvent) => {
    const list = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = list.indexOf(document.activeElement as HTMLElement);
    const go = (j: number) => { e.preventDefault(); list[(j + list.length) % list.length]?.focus(); };
    if (e.key === 'ArrowDown') go(i + 1);
    else if (e.key === 'ArrowUp') go(i - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(list.length - 1);
    else if (e.key === 'Escape' || e.key === 'Tab') { if (e.key === 'Escape') e.preventDefault(); setOpen(false); button.current?.focus(); }
  };

  const { t } = useMessages();
  return (
    <div className="ws-menu-wrap">
      <button ref={button} type="button" className="btn btn-small" aria-haspopup="menu" aria-expanded={open} disabled={disabledReason !== undefined}
        title={disabledReason ?? t('ui.maintain.title')} onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => { if (e.key === 'ArrowDown') { e.preventDefault(); setOpen(true); } }}>
        {t('ui.maintain.button')} ▾
      </button>
      {open && (
        <div ref={menu} className="ws-menu" role="menu" aria-label={t('ui.maintain.button')} onKeyDown={onKey}>
          {items.map((it) => (
            <button key={it.id} type="button" role="menuitem" tabIndex={-1} title={it.title} onClick={() => { setOpen(false); it.run(); }}>
              {it.label}
              <span className="muted small">{it.title}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
