/**
 * The Data tab: rows of any version, branch or tag, read page by page as the grid scrolls (never the
 * whole table), with column projection and a filter pushed down into planning (the `--where` syntax).
 * The applied filter and the chosen columns live in the URL (the page owns them: `state`/`onState`).
 */
import { useEffect, useState } from 'react';
import { useMessages } from '../common/messages.ts';
import type { SchemaDto, OverviewVersionDto } from '../../core/api/table-dto.ts';
import { DataGrid } from './data-grid.tsx';
import { columnTypes } from './grid-model.ts';
import { visibleText } from '../common/safe-text.ts';

/** What the Data tab reads besides the version: the applied filter and the chosen columns ([] = all). */
export interface DataState { readonly where?: string; readonly cols?: readonly string[] }

export function DataView({ tableId, versions, selectedId, columns, state, onState, incremental = false, schemas = [] }: {
  tableId: string;
  versions: readonly OverviewVersionDto[];
  /** The table's schemas: the grid heads each column with the format's own type name, as the Schema tab does. */
  schemas?: readonly SchemaDto[];
  /** The version selected on the timeline ('' = current). */
  selectedId: string;
  columns: readonly string[];
  state: DataState;
  onState: (next: DataState) => void;
  /** The format offers incremental reads: show "Changes since". */
  incremental?: boolean;
}) {
  const refs = versions.flatMap((v) => v.refs.map((r) => ({ ...r, id: v.id })));
  const [ref, setRef] = useState<string>(''); // '' = the timeline's selection
  const version = ref || selectedId;
  const filter = state.where ?? '';
  const [filterText, setFilterText] = useState(filter);
  useEffect(() => setFilterText(filter), [filter]); // Back/Forward or a link changed it
  const { t } = useMessages();
  const setFilter = (where: string) => onState({ ...state, where: where || undefined });
  // Columns the table no longer has (a link from another schema) are dropped.
  const picked = (state.cols ?? []).filter((c) => columns.includes(c));
  const setPicked = (cols: readonly string[]) => onState({ ...state, cols: cols.length ? cols : undefined });
  const [showCols, setShowCols] = useState(false);
  const shownVersion = versions.find((v) => v.id === version) ?? versions.find((v) => v.refs.some((r) => r.name === version));
  const [since, setSince] = useState('');
  // Only versions older than the one read can start a range (begin exclusive, end inclusive).
  const endIndex = shownVersion ? versions.indexOf(shownVersion) : versions.length - 1;
  const olderVersions = versions.slice(0, Math.max(0, endIndex));
  const changesSince = incremental && olderVersions.some((v) => v.id === since) ? since : '';
  const types = columnTypes(schemas, (shownVersion ?? versions.find((v) => v.isCurrent))?.schemaId);
  return (
    <div className="data-view">
      <div className="data-bar">
        <label className="field inline">
          <span className="label">{t('ui.data.read')}</span>
          <select value={ref} onChange={(e) => setRef(e.target.value)} aria-label={t('ui.data.refLabel')}>
            <option value="">{selectedId ? t('ui.data.selectedVersion', { id: short(selectedId) }) : t('ui.data.currentVersion')}</option>
            {refs.map((r) => <option key={`${r.type}:${r.name}`} value={r.name}>{visibleText(`${r.type} ${r.name} → ${short(r.id)}`)}</option>)}
          </select>
        </label>
        {incremental && (
          <label className="field inline">
            <span className="label">{t('ui.data.changesSince')}</span>
            <select value={changesSince} onChange={(e) => setSince(e.target.value)} aria-label={t('ui.data.changesSinceLabel')} title={t('ui.data.changesSinceLabel')}>
              <option value="">{t('ui.data.wholeVersion')}</option>
              {olderVersions.map((v) => <option key={v.id} value={v.id}>{visibleText(v.id)}</option>)}
            </select>
          </label>
        )}
        <div className="col-picker">
          <button type="button" className="btn btn-small" onClick={() => setShowCols((s) => !s)} aria-expanded={showCols}>
            {t('ui.data.columns', { picked: picked.length, count: columns.length })} ▾
          </button>
          {showCols && (
            <div className="popover" role="dialog" aria-label={t('ui.data.columnsLabel')} onKeyDown={(e) => { if (e.key === 'Escape') setShowCols(false); }}>
              <div className="popover-actions">
                <button type="button" className="btn-link small" onClick={() => setPicked([])}>{t('ui.data.all')}</button>
                <button type="button" className="btn-link small" onClick={() => setPicked(columns.slice(0, 1))}>{t('ui.data.onlyFirst')}</button>
                <span className="spacer" />
                <button type="button" className="btn-link small" onClick={() => setShowCols(false)}>{t('ui.data.done')}</button>
              </div>
              <ul>
                {columns.map((c) => {
                  const on = picked.length === 0 || picked.includes(c);
                  return (
                    <li key={c}><label className="check">
                      <input type="checkbox" checked={on} onChange={() => {
                        const base = picked.length === 0 ? [...columns] : [...picked];
                        const next = on ? base.filter((x) => x !== c) : columns.filter((x) => base.includes(x) || x === c);
                        setPicked(next.length === columns.length ? [] : next.length === 0 ? picked : next);
                      }} />
                      <span className="mono">{c}</span>
                    </label></li>
                  );
                })}
              </ul>
            </div>
          )}
        </div>
        {!changesSince && <form className="filter-row grow" onSubmit={(e) => { e.preventDefault(); setFilter(filterText.trim()); }}>
          <input className="grow mono" value={filterText} onChange={(e) => setFilterText(e.target.value)} placeholder={t('ui.data.filterPlaceholder')} title={t('ui.data.pushdown')}
            aria-label={t('ui.data.filterLabel')} spellCheck={false} />
          <button type="submit" className="btn btn-small">{t('ui.data.apply')}</button>
          {filter && <button type="button" className="btn btn-small btn-quiet" onClick={() => { setFilter(''); setFilterText(''); }}>{t('ui.data.clear')}</button>}
        </form>}
      </div>
      {/* A filter is not combined with an incremental read (the cursor refuses it): the form is hidden then. What is
          read leads the row count's line (each on a line of its own cost the grid a row at 1440×900; one line wraps
          where it must instead of cutting). */}
      <DataGrid key={`${version}|${filter}|${picked.join(',')}|${changesSince}`} tableId={tableId} version={version} filter={changesSince ? '' : filter}
        columns={picked} changesSince={changesSince} types={types} lead={shownVersion && (changesSince
          ? <span className="muted data-reading" data-testid="data-reading">{t('ui.data.readingChanges', { since: changesSince, id: shownVersion.id })}</span>
          : <span className="muted data-reading" data-testid="data-reading" title={`${t('ui.data.reading', { id: shownVersion.id, filter })} — ${t('ui.data.pushdown')}`}>
            {t('ui.data.reading', { id: short(shownVersion.id), filter })}</span>)} />
    </div>
  );
}

function short(id: string): string {
  return id.length > 14 ? `${id.slice(0, 6)}…${id.slice(-4)}` : id;
}

