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

export interface FormProps {
  readonly form: FormKind;
  readonly snapshotId?: string;
  readonly existingRefs: readonly string[];
  /** Row forms: the current schema and which rows they ask for. */
  readonly schema?: SchemaDto;
  readonly rowsInput?: RowsInput;
  readonly onPreview: (request: WriteRequest, title: string) => void;
  readonly onCancel: () => void;
}

function Actions({ disabled, onCancel, label = 'Preview…' }: { disabled: boolean; onCancel: () => void; label?: string }) {
  return (
    <div className="ws-actions">
      <span className="spacer" />
      <button type="button" className="btn" onClick={onCancel}>Cancel</button>
      <button type="submit" className="btn btn-primary" disabled={disabled}>{label}</button>
    </div>
  );
}

function RefForm({ form, snapshotId, existingRefs, onPreview, onCancel }: FormProps) {
  const [name, setName] = useState('');
  const problem = refNameProblem(name, existingRefs);
  const what = form === 'branch' ? 'branch' : 'tag';
  const submit = () => {
    if (problem || !snapshotId) return;
    const n = name.trim();
    const request: WriteRequest = { action: { kind: what, name: n, snapshotId } };
    onPreview(request, `Create ${what} “${n}”`);
  };
  return (
    <form className="ws-form" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <p className="small muted">
        {what === 'branch'
          ? <>A branch is a named line of snapshots starting at <span className="mono">{snapshotId}</span>. Main does not change; writes to the branch do not affect main.</>
          : <>A tag names snapshot <span className="mono">{snapshotId}</span>, so it can be read by name and is kept when older snapshots expire.</>}
      </p>
      <label className="field">
        <span>{what === 'branch' ? 'Branch' : 'Tag'} name</span>
        <input value={name} onChange={(e) => setName(e.target.value)} aria-invalid={name !== '' && problem !== undefined} spellCheck={false} autoComplete="off" />
      </label>
      {name !== '' && problem && <p className="ws-field-error small">{problem}</p>}
      <Actions disabled={problem !== undefined} onCancel={onCancel} />
    </form>
  );
}

function ExpireForm({ onPreview, onCancel }: FormProps) {
  const [mode, setMode] = useState<'age' | 'count'>('count');
  const [age, setAge] = useState('7d');
  const [count, setCount] = useState('1');
  const ageMs = parseAge(age);
  const n = /^\d+$/.test(count.trim()) ? Number(count) : undefined;
  const ok = mode === 'age' ? ageMs !== undefined : n !== undefined && n >= 1;
  const submit = () => {
    if (!ok) return;
    const op = mode === 'age' ? { kind: 'expire' as const, olderThanMs: Date.now() - ageMs! } : { kind: 'expire' as const, retainLast: n! };
    onPreview({ action: op }, 'Expire snapshots');
  };
  return (
    <form className="ws-form" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <p className="small muted">Expiring removes old snapshots from the table metadata (time travel to them stops working). Snapshots that branches or tags need are kept. Files are deleted only if you also tick that in the preview.</p>
      <fieldset className="ws-radio">
        <legend className="small">Expire</legend>
        <label><input type="radio" name="expire-mode" checked={mode === 'count'} onChange={() => setMode('count')} /> all but the last
          <input className="ws-short" value={count} onChange={(e) => setCount(e.target.value)} onFocus={() => setMode('count')} aria-label="Snapshots to retain" inputMode="numeric" /> snapshots of main</label>
        <label><input type="radio" name="expire-mode" checked={mode === 'age'} onChange={() => setMode('age')} /> snapshots older than
          <input className="ws-short" value={age} onChange={(e) => setAge(e.target.value)} onFocus={() => setMode('age')} aria-label="Older than (e.g. 7d, 12h)" /> <span className="muted small">(30m, 12h, 7d, 2w)</span></label>
      </fieldset>
      {!ok && <p className="ws-field-error small">{mode === 'age' ? 'An age like 7d, 12h or 30m.' : 'A whole number, at least 1.'}</p>}
      <Actions disabled={!ok} onCancel={onCancel} />
    </form>
  );
}

function CompactForm({ onPreview, onCancel }: FormProps) {
  const [size, setSize] = useState('128 MiB');
  const bytes = parseSize(size);
  const submit = () => {
    if (bytes === undefined) return;
    onPreview({ action: { kind: 'compact', targetFileSizeBytes: bytes } }, 'Compact data files');
  };
  return (
    <form className="ws-form" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <p className="small muted">Compaction rewrites small data files (and files with deletes to apply) into files near the target size, per partition, as one <span className="mono">replace</span> snapshot. The table’s rows do not change.</p>
      <label className="field">
        <span>Target file size</span>
        <input value={size} onChange={(e) => setSize(e.target.value)} aria-invalid={bytes === undefined} spellCheck={false} />
      </label>
      <p className="small muted">{bytes !== undefined ? `= ${formatBytes(bytes)}; files under 75% of it are candidates.` : 'A size like 128 MiB, 64m or 1048576.'}</p>
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
    case 'tag': return 'Tag this snapshot';
    case 'branch': return 'Branch from this snapshot';
    case 'expire': return 'Expire snapshots';
    case 'compact': return 'Compact data files';
    case 'append': return t('ui.rows.title.append');
    case 'upsert': return t('ui.rows.title.upsert');
    case 'delete': return t('ui.rows.title.delete');
  }
}
