/**
 * The diff page's metadata cards (issue 15): the schema diff (one line per column change — the column,
 * or its old → new name, and what changed in it), the partition change map (a heat map; click to filter
 * the rows) and the lists of files added, removed and with other deletes applied.
 */
import type { DiffFileDto, FieldChangeDto, FieldChangeKind, PartitionChangeDto, TableDiffDto } from '../../core/api/diff/diff-dto.ts';
import { formatBytes, formatCount } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { partitionHeat } from './diff-model.ts';
import { InlineText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';

export const cnt = (s: string | undefined) => (s === undefined ? '—' : formatCount(Number(s)));
export const byt = (s: string | undefined) => (s === undefined ? '—' : formatBytes(Number(s)));

const FIELD_LABEL = {
  added: 'ui.diff.field.added', dropped: 'ui.diff.field.dropped', renamed: 'ui.diff.field.renamed', 'type-changed': 'ui.diff.field.typeChanged',
  'type-widened': 'ui.diff.field.typeWidened', reordered: 'ui.diff.field.reordered', nullability: 'ui.diff.field.nullability', doc: 'ui.diff.field.doc',
} as const satisfies Record<FieldChangeKind, string>;

/** The column a change is about: its path, or old → new path for a rename. */
const columnOf = (c: FieldChangeDto) => (c.before && c.after && c.before !== c.after ? `${c.before} → ${c.after}` : (c.after ?? c.before ?? ''));
/** What changed in it, before → after (a rename says it all in the column: nothing more). */
function detailOf(c: FieldChangeDto): string {
  if (c.kind === 'renamed' || (c.from === undefined && c.to === undefined)) return '';
  if (c.kind === 'added') return c.to ?? '';
  if (c.kind === 'dropped') return c.from ?? '';
  return `${c.from ?? '—'} → ${c.to ?? '—'}`;
}

export function SchemaCard({ d }: { d: TableDiffDto }) {
  const { t } = useMessages();
  const s = d.schema;
  return (
    <div className="card diff-schema" data-testid="diff-schema">
      <h3>{t('ui.diff.schema.title')} {s.fromSchemaId !== undefined && <span className="muted small">{s.fromSchemaId} → {s.toSchemaId}</span>}</h3>
      {s.changes.length === 0 ? <p className="muted small">{t('ui.diff.noSchemaChange')}</p> : (
        <table className="diff-table diff-fields small">
          <thead><tr><th>{t('ui.diff.schema.change')}</th><th>{t('ui.diff.schema.column')}</th><th>{t('ui.diff.schema.detail')}</th></tr></thead>
          <tbody>
            {s.changes.map((c, i) => (
              <tr key={i}>
                <td className="fc-kind"><span className={`pill fc fc-${c.kind}`}>{t(FIELD_LABEL[c.kind])}</span></td>
                <td className="mono"><InlineText text={columnOf(c)} />{c.fieldId !== undefined && <span className="muted"> #{c.fieldId}</span>}</td>
                <td className="mono"><InlineText text={detailOf(c)} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted small">{t('ui.diff.schema.matchedBy', { by: s.matchedBy })}</p>
    </div>
  );
}

const MAX_CELLS = 300;

export function PartitionMap({ parts, selected, onSelect }: { parts: readonly PartitionChangeDto[]; selected?: string; onSelect: (p: string | undefined) => void }) {
  const { t } = useMessages();
  const heat = partitionHeat(parts);
  const shown = [...parts].sort((x, y) => (heat.get(y.partition) ?? 0) - (heat.get(x.partition) ?? 0)).slice(0, MAX_CELLS);
  return (
    <div className="card diff-partitions" data-testid="diff-partitions">
      <h3>{t('ui.diff.part.title')} <span className="muted small">{formatCount(parts.length)}</span></h3>
      {parts.length === 0 ? <p className="muted small">{t('ui.diff.part.none')}</p> : (
        <ul className="heat" aria-label={t('ui.diff.part.mapLabel')}>
          {shown.map((p) => {
            const h = heat.get(p.partition) ?? 0;
            const label = p.partition || t('ui.diff.unpartitioned');
            const title = t('ui.diff.part.tooltip', {
              partition: label, addedFiles: p.added.files, addedRows: p.added.records, addedBytes: formatBytes(Number(p.added.bytes)),
              removedFiles: p.removed.files, removedRows: p.removed.records, removedBytes: formatBytes(Number(p.removed.bytes)), deletesChanged: p.deletesChanged,
            });
            return (
              <li key={p.partition}>
                <button type="button" className={`heat-cell${selected === p.partition ? ' selected' : ''}`} title={safeTitle(title)} aria-pressed={selected === p.partition}
                  style={{ background: `color-mix(in srgb, var(--heat, #e8590c) ${Math.round(10 + 80 * h)}%, transparent)` }}
                  onClick={() => onSelect(selected === p.partition ? undefined : p.partition)}>
                  <InlineText className="heat-name" text={label} />
                  <span className="heat-nums num"><span className="dchg-added">+{formatCount(Number(p.added.records))}</span> <span className="dchg-removed">−{formatCount(Number(p.removed.records))}</span></span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {parts.length > MAX_CELLS && <p className="muted small">{t('ui.diff.part.busiest', { shown: MAX_CELLS, total: parts.length })}</p>}
    </div>
  );
}

const MAX_FILES = 200;

function FileList({ title, files, cls }: { title: string; files: readonly DiffFileDto[]; cls: string }) {
  const { t } = useMessages();
  return (
    <details className="diff-files">
      <summary><span className={`chg ${cls}`}>{formatCount(files.length)}</span> {title}</summary>
      <table className="diff-table small">
        <thead><tr><th>{t('ui.diff.files.file')}</th><th>{t('ui.diff.files.partition')}</th><th className="num">{t('ui.diff.files.rows')}</th><th className="num">{t('ui.diff.files.bytes')}</th><th>{t('ui.diff.files.deletes')}</th></tr></thead>
        <tbody>
          {files.slice(0, MAX_FILES).map((f) => (
            <tr key={f.path}><td className="mono ellipsis" title={safeTitle(f.path)}><InlineText text={f.key} /></td><td className="mono">{f.partition ? <InlineText text={f.partition} /> : '—'}</td><td className="num">{cnt(f.records)}</td><td className="num">{byt(f.bytes)}</td><td>{f.deletes.length || ''}</td></tr>
          ))}
        </tbody>
      </table>
      {files.length > MAX_FILES && <p className="muted small">{t('ui.diff.files.first', { shown: MAX_FILES, total: files.length })}</p>}
    </details>
  );
}

export function FileLists({ d }: { d: TableDiffDto }) {
  const { t } = useMessages();
  const rewrite = d.rewrite !== undefined;
  return (
    <div className="card diff-filelists" data-testid="diff-files">
      <h3>{t('ui.diff.files.title')}</h3>
      {d.files.added.length + d.files.removed.length + d.files.deletesChanged.length === 0 && <p className="muted small">{t('ui.diff.noFiles')}</p>}
      {d.files.added.length > 0 && <FileList title={t('ui.diff.files.added', { rewrite })} files={d.files.added} cls="dchg-added" />}
      {d.files.removed.length > 0 && <FileList title={t('ui.diff.files.removed', { rewrite })} files={d.files.removed} cls="dchg-removed" />}
      {d.files.deletesChanged.length > 0 && (
        <details className="diff-files">
          <summary><span className="chg">{formatCount(d.files.deletesChanged.length)}</span> {t('ui.diff.files.deletesChanged')}</summary>
          <ul className="small mono">{d.files.deletesChanged.slice(0, MAX_FILES).map((f) => <li key={f.path}><InlineText text={f.path} max={400} /> <span className="dchg-added">+{f.added.length}</span> <span className="dchg-removed">−{f.removed.length}</span></li>)}</ul>
        </details>
      )}
      {(d.deleteFiles.added.length > 0 || d.deleteFiles.removed.length > 0) && (
        <p className="small">{t('ui.diff.files.deleteFiles')} <span className="dchg-added">+{d.deleteFiles.added.length}</span> <span className="dchg-removed">−{d.deleteFiles.removed.length}</span></p>
      )}
    </div>
  );
}
