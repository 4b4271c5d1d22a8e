/**
 * The Schema tab: every schema with what changed from the previous one by field id — by name where the
 * format has no field ids — (added, dropped, renamed, type-promoted, reordered …), its fields, and which
 * versions were written with it.
 */
import { useMemo, useState } from 'react';
import type { SchemaDto, OverviewVersionDto } from '../../core/api/table-dto.ts';
import { formatCount, formatTime } from '../common/format.ts';
import { type ChangeKind, type FlatField, type SchemaStep, changeKey, flattenSchema, schemaHistory, versionsBySchema } from './schema-diff.ts';
import { InlineText } from '../common/safe-text-view.tsx';
import { useMessages } from '../common/messages.ts';


export function SchemaView({ schemas, versions, selectedVersion, onSelectField, onSelectVersion }: {
  schemas: readonly SchemaDto[];
  versions: readonly OverviewVersionDto[];
  selectedVersion?: OverviewVersionDto;
  onSelectField: (f: FlatField, schemaId: string) => void;
  onSelectVersion: (id: string) => void;
}) {
  const { t } = useMessages();
  const history = useMemo(() => schemaHistory(schemas), [schemas]);
  const used = useMemo(() => versionsBySchema(versions), [versions]);
  const versionSchema = selectedVersion?.schemaId ?? schemas.find((s) => s.isCurrent)?.schemaId;
  const [picked, setPicked] = useState<string | undefined>();
  const shown = history.find((h) => h.to.schemaId === (picked ?? versionSchema)) ?? history[history.length - 1];
  if (!shown) return <p className="empty-state">{t('ui.schema.none')}</p>;
  return (
    <div className="schema-view">
      <ol className="schema-list" aria-label={t('ui.schema.list')}>
        {history.map((h) => {
          const vs = used.get(h.to.schemaId) ?? [];
          return (
            <li key={h.to.schemaId}>
              <button type="button" className={`schema-item${h === shown ? ' active' : ''}`} onClick={() => setPicked(h.to.schemaId)} aria-pressed={h === shown}>
                <span className="schema-item-head">
                  <strong>{t('ui.schema.name', { id: h.to.schemaId })}</strong>
                  {h.to.isCurrent && <span className="pill">{t('ui.overview.currentPill')}</span>}
                  {h.to.schemaId === versionSchema && selectedVersion && <span className="pill pill-accent">{t('ui.schema.selectedVersion')}</span>}
                </span>
                <span className="muted small">{t('ui.schema.itemSummary', { fields: flattenSchema(h.to.columns).length, changes: h.changes.length, first: !h.from, versions: vs.length })}</span>
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
  const { t } = useMessages();
  if (!step.from) return <p className="muted small">{t('ui.schema.first')}</p>;
  if (step.changes.length === 0) return <p className="muted small">{t('ui.schema.same', { id: step.from.schemaId })}</p>;
  return (
    <div className="schema-changes" aria-label={t('ui.schema.changesFrom', { id: step.from.schemaId })}>
      <div className="label">{t('ui.schema.changesFrom', { id: step.from.schemaId })}</div>
      <ul>
        {step.changes.map((c) => (
          <li key={changeKey(c)} className={`chg chg-${c.kind}`}>
            <span className="chg-kind">{t('ui.schema.change', { kind: c.kind })}</span>
            <span className="mono"><InlineText text={c.path} /></span>
            {c.id !== undefined && <span className="muted mono small">#{c.id}</span>}
            {c.kind === 'renamed' && <span className="muted">{t('ui.schema.from')}<span className="mono"><InlineText text={String(c.before)} /></span></span>}
            {(c.kind === 'promoted' || c.kind === 'type-changed') && <span className="mono muted"><InlineText text={String(c.before)} /> → <InlineText text={String(c.after)} /></span>}
            {c.kind === 'reordered' && <span className="muted">{t('ui.schema.position', { before: String(c.before), after: String(c.after) })}</span>}
            {c.kind === 'added' && <span className="mono muted"><InlineText text={String(c.after)} /></span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

function SchemaFields({ schema, step, onSelect }: { schema: SchemaDto; step: SchemaStep; onSelect: (f: FlatField) => void }) {
  const { t } = useMessages();
  const fields = useMemo(() => flattenSchema(schema.columns), [schema]);
  // Changes of this step by the field's path in this schema (ids where the diff went by id).
  const changed = useMemo(() => new Map(step.changes.filter((c) => c.kind !== 'dropped').map((c) => [c.path, c.kind])), [step]);
  const withIds = fields.some((f) => f.id !== undefined);
  return (
    <table className="grid compact fields" aria-label={t('ui.schema.fieldsOf', { id: schema.schemaId })}>
      <thead><tr>{withIds && <th className="num">{t('ui.schema.col.id')}</th>}<th>{t('ui.schema.col.field')}</th><th>{t('ui.schema.col.type')}</th><th>{t('ui.schema.col.required')}</th><th /></tr></thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f.path} onClick={() => onSelect(f)} className="clickable">
            {withIds && <td className="num mono muted">{f.id ?? ''}</td>}
            <td className="mono" style={{ paddingLeft: 12 + f.depth * 16 }}><InlineText text={f.name} />{f.id !== undefined && schema.identifierFieldIds.includes(f.id) && <span className="pill" title={t('ui.schema.keyTitle')}> {t('ui.schema.key')}</span>}</td>
            <td className="mono"><InlineText text={f.type} max={60} /></td>
            <td>{f.required ? t('ui.inspector.yes') : ''}</td>
            <td>{changed.has(f.path) && <span className={`chg-dot chg-${changed.get(f.path)}`} title={t('ui.schema.change', { kind: changed.get(f.path)! })}>{t('ui.schema.change', { kind: changed.get(f.path)! })}</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function UsedBy({ versions, onSelect }: { versions: readonly OverviewVersionDto[]; onSelect: (id: string) => void }) {
  const { t } = useMessages();
  if (versions.length === 0) return <p className="muted small">{t('ui.schema.unused')}</p>;
  const shown = versions.length > 12 ? [...versions.slice(0, 6), null, ...versions.slice(-5)] : versions;
  return (
    <div className="used-by">
      <div className="label">{t('ui.schema.usedBy', { count: versions.length })}</div>
      <ul className="chips">
        {shown.map((v, i) => v === null ? <li key={`gap${i}`} className="muted">…</li> : (
          <li key={v.id}><button type="button" className="chip mono" onClick={() => onSelect(v.id)} title={formatTime(v.timestampMs).local}>{v.id.length > 12 ? `…${v.id.slice(-8)}` : v.id}</button></li>
        ))}
      </ul>
    </div>
  );
}
