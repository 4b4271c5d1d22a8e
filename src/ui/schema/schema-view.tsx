/**
 * The Schema tab: every schema with what changed from the previous one by field id — by name where the
 * format has no field ids — (added, dropped, renamed, type-promoted, reordered …), its fields, and which
 * versions were written with it.
 */
import { useMemo, useState } from 'react';
import type { SchemaDto, VersionDto } from '../../core/api/table-dto.ts';
import { formatCount, formatTime } from '../common/format.ts';
import { type ChangeKind, type FlatField, type SchemaStep, changeKey, flattenSchema, schemaHistory, versionsBySchema } from './schema-diff.ts';
import { InlineText } from '../common/safe-text-view.tsx';

const CHANGE_LABEL: Record<ChangeKind, string> = {
  added: 'added', dropped: 'dropped', renamed: 'renamed', promoted: 'type promoted', 'type-changed': 'type changed',
  'made-optional': 'now optional', 'made-required': 'now required', reordered: 'moved', 'doc-changed': 'doc changed',
};

export function SchemaView({ schemas, versions, selectedVersion, onSelectField, onSelectVersion }: {
  schemas: readonly SchemaDto[];
  versions: readonly VersionDto[];
  selectedVersion?: VersionDto;
  onSelectField: (f: FlatField, schemaId: string) => void;
  onSelectVersion: (id: string) => void;
}) {
  const history = useMemo(() => schemaHistory(schemas), [schemas]);
  const used = useMemo(() => versionsBySchema(versions), [versions]);
  const versionSchema = selectedVersion?.schemaId ?? schemas.find((s) => s.isCurrent)?.schemaId;
  const [picked, setPicked] = useState<string | undefined>();
  const shown = history.find((h) => h.to.schemaId === (picked ?? versionSchema)) ?? history[history.length - 1];
  if (!shown) return <p className="empty-state">This table has no schema.</p>;
  return (
    <div className="schema-view">
      <ol className="schema-list" aria-label="Schemas">
        {history.map((h) => {
          const vs = used.get(h.to.schemaId) ?? [];
          return (
            <li key={h.to.schemaId}>
              <button type="button" className={`schema-item${h === shown ? ' active' : ''}`} onClick={() => setPicked(h.to.schemaId)} aria-pressed={h === shown}>
                <span className="schema-item-head">
                  <strong>schema {h.to.schemaId}</strong>
                  {h.to.isCurrent && <span className="pill">current</span>}
                  {h.to.schemaId === versionSchema && selectedVersion && <span className="pill pill-accent">selected version</span>}
                </span>
                <span className="muted small">{formatCount(flattenSchema(h.to.columns).length)} fields · {h.changes.length ? `${h.changes.length} change${h.changes.length > 1 ? 's' : ''}` : h.from ? 'no field changes' : 'first schema'} · {formatCount(vs.length)} version{vs.length === 1 ? '' : 's'}</span>
              </button>
            </li>
          );
        })}
      </ol>
      <div className="schema-detail">
        <SchemaChanges step={shown} />
        <SchemaFields schema={shown.to} step={shown} onSelect={(f) => onSelectField(f, shown.to.schemaId)} />
        <UsedBy versions={used.get(shown.to.schemaId) ?? []} onSelect={onSelectVersion} />
      </div>
    </div>
  );
}

function SchemaChanges({ step }: { step: SchemaStep }) {
  if (!step.from) return <p className="muted small">The first schema of the table.</p>;
  if (step.changes.length === 0) return <p className="muted small">Same fields as schema {step.from.schemaId} (only identifier fields or defaults may differ).</p>;
  return (
    <div className="schema-changes" aria-label={`Changes from schema ${step.from.schemaId}`}>
      <div className="label">Changes from schema {step.from.schemaId}</div>
      <ul>
        {step.changes.map((c) => (
          <li key={changeKey(c)} className={`chg chg-${c.kind}`}>
            <span className="chg-kind">{CHANGE_LABEL[c.kind]}</span>
            <span className="mono"><InlineText text={c.path} /></span>
            {c.id !== undefined && <span className="muted mono small">#{c.id}</span>}
            {c.kind === 'renamed' && <span className="muted">from <span className="mono"><InlineText text={String(c.before)} /></span></span>}
            {(c.kind === 'promoted' || c.kind === 'type-changed') && <span className="mono muted"><InlineText text={String(c.before)} /> → <InlineText text={String(c.after)} /></span>}
            {c.kind === 'reordered' && <span className="muted">position {c.before} → {c.after}</span>}
            {c.kind === 'added' && <span className="mono muted"><InlineText text={String(c.after)} /></span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

function SchemaFields({ schema, step, onSelect }: { schema: SchemaDto; step: SchemaStep; onSelect: (f: FlatField) => void }) {
  const fields = useMemo(() => flattenSchema(schema.columns), [schema]);
  // Changes of this step by the field's path in this schema (ids where the diff went by id).
  const changed = useMemo(() => new Map(step.changes.filter((c) => c.kind !== 'dropped').map((c) => [c.path, c.kind])), [step]);
  const withIds = fields.some((f) => f.id !== undefined);
  return (
    <table className="grid compact fields" aria-label={`Fields of schema ${schema.schemaId}`}>
      <thead><tr>{withIds && <th className="num">Id</th>}<th>Field</th><th>Type</th><th>Req.</th><th /></tr></thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f.path} onClick={() => onSelect(f)} className="clickable">
            {withIds && <td className="num mono muted">{f.id ?? ''}</td>}
            <td className="mono" style={{ paddingLeft: 12 + f.depth * 16 }}><InlineText text={f.name} />{f.id !== undefined && schema.identifierFieldIds.includes(f.id) && <span className="pill" title="identifier field (row key)"> key</span>}</td>
            <td className="mono"><InlineText text={f.type} max={60} /></td>
            <td>{f.required ? 'yes' : ''}</td>
            <td>{changed.has(f.path) && <span className={`chg-dot chg-${changed.get(f.path)}`} title={CHANGE_LABEL[changed.get(f.path)!]}>{CHANGE_LABEL[changed.get(f.path)!]}</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function UsedBy({ versions, onSelect }: { versions: readonly VersionDto[]; onSelect: (id: string) => void }) {
  if (versions.length === 0) return <p className="muted small">No version records this schema id (it may have been set without a commit, or its versions expired).</p>;
  const shown = versions.length > 12 ? [...versions.slice(0, 6), null, ...versions.slice(-5)] : versions;
  return (
    <div className="used-by">
      <div className="label">Written with this schema: {formatCount(versions.length)} version{versions.length === 1 ? '' : 's'}</div>
      <ul className="chips">
        {shown.map((v, i) => v === null ? <li key={`gap${i}`} className="muted">…</li> : (
          <li key={v.id}><button type="button" className="chip mono" onClick={() => onSelect(v.id)} title={formatTime(v.timestampMs).local}>{v.id.length > 12 ? `…${v.id.slice(-8)}` : v.id}</button></li>
        ))}
      </ul>
    </div>
  );
}
