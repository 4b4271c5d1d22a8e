/**
 * The form of a row write (append, upsert, delete by key): one row typed into a field per column of the
 * current schema (key columns marked, the type shown, checked as typed), or several pasted as CSV whose
 * first line names the columns. Problems name the row and the column; the form ends in "Preview…", never
 * in a write — the preview dialog that follows is where the write is confirmed.
 */
import { useState } from 'react';
import type { SchemaDto } from '../../core/api/table-dto.ts';
import { useMessages } from '../common/messages.ts';
import { note, type Note } from '../../core/messages/note.ts';
import { type RowColumn, problemText, rowColumns, rowsFromCsv, rowsFromForm } from './row-input.ts';
import type { RowsInput, WriteRequest } from './use-write-flow.ts';

export type RowWriteKind = 'append' | 'upsert' | 'delete';

export interface RowsFormProps {
  readonly kind: RowWriteKind;
  readonly rowsInput: RowsInput;
  readonly schema?: SchemaDto;
  readonly onPreview: (request: WriteRequest, title: Note) => void;
  readonly onCancel: () => void;
}

/** The form a value takes where the type name does not say it (numbers need no hint; an empty nullable field is NULL). */
const PLACEHOLDER: Partial<Record<RowColumn['kind'], string>> = { date: 'YYYY-MM-DD', timestamp: 'YYYY-MM-DD HH:MM:SS' };

function Field({ col, value, onChange }: { col: RowColumn; value: string; onChange: (v: string) => void }) {
  const { t } = useMessages();
  const numeric = col.kind === 'int' || col.kind === 'bigint' || col.kind === 'float' || col.kind === 'decimal';
  return (
    <label className="ws-row-field" data-column={col.name}>
      <span className="ws-row-name">
        <strong className="mono">{col.name}</strong>
        {col.key && <span className="pill ws-key" title={t('ui.rows.keyTitle')}>{t('ui.rows.key')}</span>}
        {col.required && !col.key && <span className="muted small">{t('ui.rows.notNull')}</span>}
        <span className="muted small mono ws-row-type" title={col.type}>{col.type}</span>
      </span>
      {col.kind === 'boolean'
        ? (
          <select value={value} onChange={(e) => onChange(e.target.value)} aria-label={col.name}>
            <option value="">{t('ui.rows.bool.empty')}</option>
            <option value="true">true</option>
            <option value="false">false</option>
          </select>
        )
        : col.kind === 'nested'
          ? <input value="" disabled aria-label={col.name} placeholder={t('ui.rows.nestedField')} />
          : (
            <input value={value} onChange={(e) => onChange(e.target.value)} aria-label={col.name} spellCheck={false} autoComplete="off"
              inputMode={numeric ? 'decimal' : undefined} placeholder={PLACEHOLDER[col.kind] ?? (col.required ? '' : 'NULL')} />
          )}
    </label>
  );
}

export function RowsForm({ kind, rowsInput, schema, onPreview, onCancel }: RowsFormProps) {
  const { t } = useMessages();
  const all = rowColumns(schema, 'rows');
  const shown = rowsInput === 'keys' ? all.filter((c) => c.key) : all;
  const [mode, setMode] = useState<'form' | 'csv'>('form');
  const [values, setValues] = useState<Record<string, string>>({});
  const [csv, setCsv] = useState('');
  const typed = mode === 'form' ? Object.values(values).some((v) => v !== '') : csv.trim() !== '';
  const result = mode === 'form' ? rowsFromForm(shown, values, rowsInput) : rowsFromCsv(all, csv, rowsInput);
  const submit = () => {
    if (!result.ok) return;
    onPreview({ action: { kind, rows: result.rows } }, kind === 'append' ? note('ui.rows.title.append') : kind === 'upsert' ? note('ui.rows.title.upsert') : note('ui.rows.title.delete'));
  };
  return (
    <form className="ws-form ws-rows-form" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <p className="small muted">{rowsInput === 'keys' ? t('ui.rows.intro.keys') : all.some((c) => c.key) ? t('ui.rows.intro.rows') : t('ui.rows.intro.noKeys')}</p>
      <div className="ws-mode" role="group" aria-label={t('ui.rows.mode')}>
        <button type="button" className={`btn btn-small${mode === 'form' ? ' active' : ''}`} aria-pressed={mode === 'form'} onClick={() => setMode('form')}>{t('ui.rows.mode.form')}</button>
        <button type="button" className={`btn btn-small${mode === 'csv' ? ' active' : ''}`} aria-pressed={mode === 'csv'} onClick={() => setMode('csv')}>{t('ui.rows.mode.csv')}</button>
      </div>
      {shown.length === 0 && <p className="ws-field-error small">{t('ui.rows.noColumns')}</p>}
      {mode === 'form'
        ? (
          <div className="ws-row-fields">
            {shown.map((c) => <Field key={c.name} col={c} value={values[c.name] ?? ''} onChange={(v) => setValues((cur) => ({ ...cur, [c.name]: v }))} />)}
          </div>
        )
        : (
          <label className="field ws-csv">
            <span>{t('ui.rows.csv.label')}</span>
            <textarea value={csv} onChange={(e) => setCsv(e.target.value)} rows={7} spellCheck={false} aria-label={t('ui.rows.csv.label')}
              placeholder={`${shown.map((c) => c.name).join(',')}\n…`} />
            <span className="muted small">{t('ui.rows.csv.hint', { columns: shown.map((c) => c.name).join(', ') })}</span>
          </label>
        )}
      {typed && !result.ok && <p className="ws-field-error small" role="alert" data-testid="rows-problem">{problemText(t, result.problem)}</p>}
      {typed && result.ok && <p className="muted small" data-testid="rows-ready">{t('ui.rows.ready', { count: result.rows.length })}</p>}
      <div className="ws-actions">
        <span className="spacer" />
        <button type="button" className="btn" onClick={onCancel}>{t('ui.rows.cancel')}</button>
        <button type="submit" className="btn btn-primary" disabled={!typed || !result.ok}>{t('ui.rows.preview')}</button>
      </div>
    </form>
  );
}
