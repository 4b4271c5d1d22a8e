/**
 * The table-level "Maintain" menu (Iceberg): expire snapshots, compact, rewrite manifests. A menu
 * button with a keyboard-navigable menu (arrows, Home/End, Esc closes and returns focus).
 */
import { useMessages } from '../common/messages.ts';
import { useMenuButton } from './menu-button.ts';

export interface MaintainItem {
  readonly id: string;
  readonly label: string;
  readonly title: string;
  readonly run: () => void;
}

export function MaintainMenu({ items, disabledReason }: { items: readonly MaintainItem[]; disabledReason?: string }) {
  const { open, setOpen, button, menu, onKey } = useMenuButton();

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
