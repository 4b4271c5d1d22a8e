/**
 * The parameter forms that come before a preview: a tag or branch name, expire's retention (older
 * than / retain last N), compaction's target file size. Each ends in "Preview…", never in a write:
 * the preview dialog that follows is the only place a write is confirmed.
 */
import { useState } from 'react';
import type { SchemaDto } from '../../core/api/table-dto.ts';
import { formatBytes } from '../common/format.ts';
import type { Translator } from '../common/messages.ts';
import { RowsForm } from './rows-form.tsx';
import type { FormKind, RowsInput, WriteRequest } from './use-write-flow.ts';
import { parseAge, parseSize, refNameProblem } from './write-model.ts';
import { useMessages } from '../common/messages.ts';
import { note, type Note } from '../../core/messages/note.ts';

export interface FormProps {
  readonly form: FormKind;
  readonly snapshotId?: string;
  readonly existingRefs: readonly string[];
  /** Row forms: the current schema and which rows they ask for. */
  readonly schema?: SchemaDto;
  readonly rowsInput?: RowsInput;
  readonly onPreview: (request: WriteRequest, title: Note) => void;
  readonly onCancel: () => void;
}

function Actions({ disabled, onCancel, label }: { disabled: boolean; onCancel: () => void; label?: string }) {
  const { t } = useMessages();
  return (
    <div className="ws-actions">
      <span className="spacer" />
      <button type="button" className="btn" onClick={onCancel}>{t('ui.common.cancel')}</button>
      <button type="submit" className="btn btn-primary" disabled={disabled}>{label ?? t('ui.health.preview')}</button>
    </div>
  );
}

function RefForm({ form, snapshotId, existingRefs, onPreview, onCancel }: FormProps) {
  const tr = useMessages();
  const { t } = tr;
  const [name, setName] = useState('');
  const problem = refNameProblem(name, existingRefs, tr);
  const what = form === 'branch' ? 'branch' : 'tag';
  const submit = () => {
    if (problem || !snapshotId) return;
    const n = name.trim();
    const request: WriteRequest = { action: { kind: what, name: n, snapshotId } };
    onPreview(request, note('ui.forms.createRef', { what, name: n }));
  };
  return (
    <form className="ws-form" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <p className="small muted">
        {what === 'branch'
          ? <>{t('ui.forms.branchBefore')}<span className="mono">{snapshotId}</span>{t('ui.forms.branchAfter')}</>
          : <>{t('ui.forms.tagBefore')}<span className="mono">{snapshotId}</span>{t('ui.forms.tagAfter')}</>}
      </p>
      <label className="field">
        <span>{t('ui.forms.refName', { what })}</span>
        <input value={name} onChange={(e) => setName(e.target.value)} aria-invalid={name !== '' && problem !== undefined} spellCheck={false} autoComplete="off" />
      </label>
      {name !== '' && problem && <p className="ws-field-error small">{problem}</p>}
      <Actions disabled={problem !== undefined} onCancel={onCancel} />
    </form>
  );
}

function ExpireForm({ onPreview, onCancel }: FormProps) {
  const { t } = useMessages();
  const [mode, setMode] = useState<'age' | 'count'>('count');
  const [age, setAge] = useState('7d');
  const [count, setCount] = useState('1');
  const ageMs = parseAge(age);
  const n = /^\d+$/.test(count.trim()) ? Number(count) : undefined;
  const ok = mode === 'age' ? ageMs !== undefined : n !== undefined && n >= 1;
  const submit = () => {
    if (!ok) return;
    const op = mode === 'age' ? { kind: 'expire' as const, olderThanMs: Date.now() - ageMs! } : { kind: 'expire' as const, retainLast: n! };
    onPreview({ action: op }, note('ui.forms.title', { form: 'expire' }));
  };
  return (
    <form className="ws-form" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <p className="small muted">{t('ui.forms.expireIntro')}</p>
      <fieldset className="ws-radio">
        <legend className="small">{t('ui.forms.expire')}</legend>
        <label><input type="radio" name="expire-mode" checked={mode === 'count'} onChange={() => setMode('count')} /> {t('ui.forms.allBut')}
          <input className="ws-short" value={count} onChange={(e) => setCount(e.target.value)} onFocus={() => setMode('count')} aria-label={t('ui.forms.retain')} inputMode="numeric" /> {t('ui.forms.ofMain')}</label>
        <label><input type="radio" name="expire-mode" checked={mode === 'age'} onChange={() => setMode('age')} /> {t('ui.forms.olderThan')}
          <input className="ws-short" value={age} onChange={(e) => setAge(e.target.value)} onFocus={() => setMode('age')} aria-label={t('ui.forms.olderLabel')} /> <span className="muted small">(30m, 12h, 7d, 2w)</span></label>
      </fieldset>
      {!ok && <p className="ws-field-error small">{mode === 'age' ? t('ui.forms.ageError') : t('ui.forms.countError')}</p>}
      <Actions disabled={!ok} onCancel={onCancel} />
    </form>
  );
}

function CompactForm({ onPreview, onCancel }: FormProps) {
  const { t } = useMessages();
  const [size, setSize] = useState('128 MiB');
  const bytes = parseSize(size);
  const submit = () => {
    if (bytes === undefined) return;
    onPreview({ action: { kind: 'compact', targetFileSizeBytes: bytes } }, note('ui.forms.title', { form: 'compact' }));
  };
  return (
    <form className="ws-form" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <p className="small muted">{t('ui.forms.compactBefore')}<span className="mono">replace</span>{t('ui.forms.compactAfter')}</p>
      <label className="field">
        <span>{t('ui.forms.targetSize')}</span>
        <input value={size} onChange={(e) => setSize(e.target.value)} aria-invalid={bytes === undefined} spellCheck={false} />
      </label>
      <p className="small muted">{bytes !== undefined ? t('ui.forms.sizeOk', { bytes: formatBytes(bytes) }) : t('ui.forms.sizeError')}</p>
      <Actions disabled={bytes === undefined} onCancel={onCancel} />
    </form>
  );
}

export function WriteForm(props: FormProps) {
  switch (props.form) {
    case 'tag': case 'branch': return <RefForm {...props} />;
    case 'expire': return <ExpireForm {...props} />;
    case 'compact': return <CompactForm {...props} />;
    case 'append': case 'upsert': case 'delete':
      return <RowsForm kind={props.form} rowsInput={props.rowsInput ?? 'rows'} schema={props.schema} onPreview={props.onPreview} onCancel={props.onCancel} />;
  }
}

/** The title of a form's dialog. */
export function formTitle(t: Translator['t'], form: FormKind): string {
  switch (form) {
    case 'tag': case 'branch': case 'expire': case 'compact': return t('ui.forms.title', { form });
    case 'append': return t('ui.rows.title.append');
    case 'upsert': return t('ui.rows.title.upsert');
    case 'delete': return t('ui.rows.title.delete');
  }
}
