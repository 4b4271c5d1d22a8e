/**
 * The row diff's key picker (issue 15): a table without a key of its own (Delta; Iceberg without
 * identifier fields) compares rows whole, so an update shows as one row removed and one added. Picking key
 * columns pairs them into changed rows (before/after, changed cells highlighted). The pick goes into the
 * URL (route.ts `dkey`), so a link reopens the diff with it. Escape closes the popover.
 */
import { useEffect, useRef, useState } from 'react';
import { useMessages } from '../common/messages.ts';

export function KeyPicker({ columns, picked, current, onPick }: {
  /** The later version's columns, in table order. */
  columns: readonly string[];
  /** Key columns the user picked (from the URL); empty = none picked. */
  picked: readonly string[];
  /** The key rows are matched by now (checked when the picker opens). */
  current: readonly string[];
  /** A new pick (empty: back to the table's key, or whole rows when it has none). */
  onPick: (key: readonly string[]) => void;
}) {
  const { t } = useMessages();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<readonly string[]>(picked);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => { if (open) { setChosen(picked.length ? picked : current); first.current?.focus(); } }, [open]); // eslint-disable-line react-hooks/exhaustive-deps
  const toggle = (c: string) => setChosen((xs) => (xs.includes(c) ? xs.filter((x) => x !== c) : columns.filter((x) => x === c || xs.includes(x))));
  return (
    <span className="compare-menu key-picker" data-testid="diff-key-picker" onKeyDown={(e) => { if (e.key === 'Escape') setOpen(false); }}>
      <button type="button" className="btn btn-small" aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpen((o) => !o)}>
        {t(picked.length || current.length ? 'ui.diff.key.change' : 'ui.diff.key.pick')}
      </button>
      {open && (
        <form className="compare-pop key-pop" role="dialog" aria-label={t('ui.diff.key.dialog')}
          onSubmit={(e) => { e.preventDefault(); setOpen(false); onPick(chosen); }}>
          <fieldset>
            <legend className="small">{t('ui.diff.key.legend')}</legend>
            <div className="key-columns">
              {columns.map((c, i) => (
                <label key={c} className="small mono">
                  <input ref={i === 0 ? first : undefined} type="checkbox" checked={chosen.includes(c)} onChange={() => toggle(c)} /> {c}
                </label>
              ))}
            </div>
          </fieldset>
          <p className="muted small">{t('ui.diff.key.hint')}</p>
          <div>
            <button type="submit" className="btn btn-small btn-primary" disabled={chosen.length === 0}>{t('ui.diff.key.apply')}</button>{' '}
            {picked.length > 0 && <button type="button" className="btn btn-small" onClick={() => { setOpen(false); onPick([]); }}>{t('ui.diff.key.clear')}</button>}{' '}
            <button type="button" className="btn btn-small btn-quiet" onClick={() => setOpen(false)}>{t('ui.diff.cancel')}</button>
          </div>
        </form>
      )}
    </span>
  );
}
