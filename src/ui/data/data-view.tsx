/**
 * The Data tab: rows of any version, branch or tag, read page by page as the grid scrolls (never the
 * whole table), with column projection and a filter pushed down into planning (the `--where` syntax).
 */
import { useState } from 'react';
import { useMessages } from '../common/messages.ts';
import type { SchemaDto, VersionDto } from '../../core/api/table-dto.ts';
import { DataGrid } from './data-grid.tsx';
import { columnTypes } from './grid-model.ts';

export function DataView({ tableId, versions, schemas = [], selectedId, columns }: {
  tableId: string;
  versions: readonly VersionDto[];
  /** The table's schemas: the grid heads each column with the format's own type name, as the Schema tab does. */
  schemas?: readonly SchemaDto[];
  /** The version selected on the timeline ('' = current). */
  selectedId: string;
  columns: readonly string[];
}) {
  const refs = versions.flatMap((v) => v.refs.map((r) => ({ ...r, id: v.id })));
  const [ref, setRef] = useState<string>(''); // '' = the timeline's selection
  const version = ref || selectedId;
  const [filterText, setFilterText] = useState('');
  const { t } = useMessages();
  const [filter, setFilter] = useState('');
  const [picked, setPicked] = useState<readonly string[]>([]);
  const [showCols, setShowCols] = useState(false);
  const shownVersion = versions.find((v) => v.id === version) ?? versions.find((v) => v.refs.some((r) => r.name === version));
  const types = columnTypes(schemas, (shownVersion ?? versions.find((v) => v.isCurrent))?.schemaId);
  return (
    <div className="data-view">
      <div className="data-bar">
        <label className="field inline">
          <span className="label">{t('ui.data.read')}</span>
          <select value={ref} onChange={(e) => setRef(e.target.value)} aria-label={t('ui.data.refLabel')}>
            <option value="">{selectedId ? t('ui.data.selectedVersion', { id: short(selectedId) }) : t('ui.data.currentVersion')}</option>
            {refs.map((r) => <option key={`${r.type}:${r.name}`} value={r.name}>{r.type} {r.name} → {short(r.id)}</option>)}
          </select>
        </label>
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
        <form className="filter-row grow" onSubmit={(e) => { e.preventDefault(); setFilter(filterText.trim()); }}>
          <input className="grow mono" value={filterText} onChange={(e) => setFilterText(e.target.value)} placeholder={t('ui.data.filterPlaceholder')}
            aria-label={t('ui.data.filterLabel')} spellCheck={false} />
          <button type="submit" className="btn btn-small">{t('ui.data.apply')}</button>
          {filter && <button type="button" className="btn btn-small btn-quiet" onClick={() => { setFilter(''); setFilterText(''); }}>{t('ui.data.clear')}</button>}
        </form>
      </div>
      {shownVersion && <div className="muted small">{t('ui.data.reading', { id: shownVersion.id, filter })}</div>}
      <DataGrid key={`${version}|${filter}|${picked.join(',')}`} tableId={tableId} version={version} filter={filter} columns={picked} types={types} />
    </div>
  );
}

function short(id: string): string {
  return id.length > 14 ? `${id.slice(0, 6)}…${id.slice(-4)}` : id;
}

