/**
 * The diff page (issue 15): two versions of a table side by side — a summary card (totals before → after,
 * files added / removed / rewritten), the schema diff, the partition change map (a heat map), the file
 * lists, and the row view. Opened by shift-clicking a second version on the timeline or from "Compare…";
 * the URL holds the two versions and the row filters (src/ui/state/route.ts), so a link reopens it.
 */
import type { DiffFileDto, PartitionChangeDto, TableDiffDto } from '../../core/api/diff/diff-dto.ts';
import type { TableFormatName } from '../../core/api/dto.ts';
import type { VersionTotalsDto } from '../../core/formats/table-format.ts';
import { formatBytes, formatCount, formatRecords } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import type { DiffRoute } from '../state/route.ts';
import { OP_COLORS, opCategory } from '../timeline/operations.ts';
import { isSameRowsRewrite, partitionHeat } from './diff-model.ts';
import { useTableDiff } from './diff-queries.ts';
import { RowDiffView } from './row-diff-view.tsx';
import './diff.css';
import { InlineText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';

/** Which kind of change the inspector explains. */
export type ChangeKind = 'added' | 'removed' | 'changed' | 'rewritten';

export function DiffPage({ tableId, format, diff, onDiff, onClose, onExplain }: {
  tableId: string;
  format: TableFormatName;
  diff: DiffRoute;
  /** New filters (or versions) for the URL. */
  onDiff: (next: DiffRoute) => void;
  onClose: () => void;
  onExplain: (kind: ChangeKind) => void;
}) {
  const { t } = useMessages();
  const q = useTableDiff(tableId, diff.from, diff.to);
  return (
    <section className="diff-page" aria-label={t('ui.diff.title', { from: diff.from, to: diff.to })}>
      <header className="diff-head">
        <h2>{t('ui.diff.title', { from: diff.from, to: diff.to })}</h2>
        <button type="button" className="btn btn-small" onClick={() => onDiff({ from: diff.to, to: diff.from })} title="Swap the two versions">⇄ Swap</button>
        <span className="spacer" />
        <button type="button" className="btn btn-small btn-quiet" onClick={onClose}>{t('ui.diff.close')}</button>
      </header>
      {q.isPending && <ProgressLine label={t('ui.diff.planning')} />}
      {q.error && <ErrorPanel error={q.error} onRetry={() => void q.refetch()} />}
      {q.data && q.data.from.id === q.data.to.id && <p className="empty-state">{t('ui.diff.sameVersion')}</p>}
      {q.data && q.data.from.id !== q.data.to.id && (
        <>
          <SummaryCard d={q.data} onExplain={onExplain} />
          <div className="diff-grid2">
            <SchemaCard d={q.data} />
            <PartitionMap parts={q.data.partitions} selected={diff.partition} onSelect={(p) => onDiff({ ...diff, partition: p })} />
          </div>
          <FileLists d={q.data} />
          <RowDiffView tableId={tableId} format={format} meta={q.data} diff={diff} onDiff={onDiff} onExplain={onExplain} />
        </>
      )}
    </section>
  );
}

const recs = (t: VersionTotalsDto) => formatRecords(t.records) ?? '—';
const cnt = (s: string | undefined) => (s === undefined ? '—' : formatCount(Number(s)));
const byt = (s: string | undefined) => (s === undefined ? '—' : formatBytes(Number(s)));

function SummaryCard({ d, onExplain }: { d: TableDiffDto; onExplain: (k: ChangeKind) => void }) {
  const { t } = useMessages();
  const a = d.from.totals; const b = d.to.totals;
  const rw = d.rewrite;
  return (
    <div className="card diff-summary" data-testid="diff-summary">
      <div className="diff-versions">
        <span><span className="op-pill" style={{ background: OP_COLORS[opCategory(d.from.operation)] }}><InlineText text={d.from.operation} max={60} /></span> <span className="mono"><InlineText text={d.from.id} /></span></span>
        <span aria-hidden>→</span>
        <span><span className="op-pill" style={{ background: OP_COLORS[opCategory(d.to.operation)] }}><InlineText text={d.to.operation} max={60} /></span> <span className="mono"><InlineText text={d.to.id} /></span></span>
        {d.refs.map((r) => <span key={`${r.type}${r.name}`} className={`pill ref-${r.type}`} title={safeTitle(`${r.type} ${r.name} → ${r.version}`)}><InlineText text={r.name} max={60} /></span>)}
      </div>
      {d.backwards && <p className="warn small">{t('ui.diff.backwards')}</p>}
      <dl className="diff-totals">
        <div><dt>Rows</dt><dd>{recs(a)} → {recs(b)}</dd></div>
        <div><dt>Data files</dt><dd>{cnt(a.dataFiles)} → {cnt(b.dataFiles)}</dd></div>
        <div><dt>Delete files</dt><dd>{cnt(a.deleteFiles)} → {cnt(b.deleteFiles)}</dd></div>
        <div><dt>Bytes</dt><dd>{byt(a.bytes)} → {byt(b.bytes)}</dd></div>
      </dl>
      <ul className="diff-counts">
        <li><button type="button" className="linklike" onClick={() => onExplain('added')}><span className="chg dchg-added">+{formatCount(d.files.added.length)}</span> files added</button></li>
        <li><button type="button" className="linklike" onClick={() => onExplain('removed')}><span className="chg dchg-removed">−{formatCount(d.files.removed.length)}</span> files removed</button></li>
        {rw && <li><button type="button" className="linklike" onClick={() => onExplain('rewritten')}><span className="chg dchg-rewritten">{formatCount(rw.removedFiles)}→{formatCount(rw.addedFiles)}</span> rewritten</button></li>}
        <li><span className="num">{formatCount(d.files.deletesChanged.length)}</span> files with new deletes</li>
        <li className="muted"><span className="num">{formatCount(d.files.unchanged)}</span> unchanged (never read)</li>
      </ul>
      {rw && <p className="small diff-rewrite" data-testid="diff-rewrite">{t(isSameRowsRewrite(d) || rw.sameRows ? 'ui.diff.rewrittenSame' : 'ui.diff.rewrittenUnknown', { removed: rw.removedFiles, added: rw.addedFiles })}</p>}
      {d.notes.map((n) => <p key={n} className="muted small">{n}</p>)}
    </div>
  );
}

const KIND_LABEL: Record<string, string> = {
  added: 'added', dropped: 'dropped', renamed: 'renamed', 'type-changed': 'type changed', 'type-widened': 'type widened', reordered: 'reordered', nullability: 'nullability', doc: 'doc',
};

function SchemaCard({ d }: { d: TableDiffDto }) {
  const { t } = useMessages();
  const s = d.schema;
  return (
    <div className="card diff-schema" data-testid="diff-schema">
      <h3>Schema {s.fromSchemaId !== undefined && <span className="muted small">{s.fromSchemaId} → {s.toSchemaId}</span>}</h3>
      {s.changes.length === 0 ? <p className="muted small">{t('ui.diff.noSchemaChange')}</p> : (
        <table className="diff-table small">
          <thead><tr><th>Change</th><th>Column</th><th>From</th><th>To</th></tr></thead>
          <tbody>
            {s.changes.map((c, i) => (
              <tr key={i} className={`fc-${c.kind}`}>
                <td><span className={`pill fc fc-${c.kind}`}>{KIND_LABEL[c.kind] ?? c.kind}</span></td>
                <td className="mono"><InlineText text={String(c.before && c.after && c.before !== c.after ? `${c.before} → ${c.after}` : (c.after ?? c.before))} />{c.fieldId !== undefined && <span className="muted"> #{c.fieldId}</span>}</td>
                <td className="mono muted"><InlineText text={String(c.from ?? '')} /></td>
                <td className="mono"><InlineText text={String(c.to ?? '')} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted small">Matched by {s.matchedBy === 'field-id' ? 'field id' : 'column name (this format has no field ids)'}.</p>
    </div>
  );
}

const MAX_CELLS = 300;

function PartitionMap({ parts, selected, onSelect }: { parts: readonly PartitionChangeDto[]; selected?: string; onSelect: (p: string | undefined) => void }) {
  const heat = partitionHeat(parts);
  const shown = [...parts].sort((x, y) => (heat.get(y.partition) ?? 0) - (heat.get(x.partition) ?? 0)).slice(0, MAX_CELLS);
  return (
    <div className="card diff-partitions" data-testid="diff-partitions">
      <h3>Partitions changed <span className="muted small">{formatCount(parts.length)}</span></h3>
      {parts.length === 0 ? <p className="muted small">No partition gained or lost files.</p> : (
        <ul className="heat" aria-label="Partition change map: click one to filter the rows">
          {shown.map((p) => {
            const h = heat.get(p.partition) ?? 0;
            const label = p.partition || '(unpartitioned)';
            const title = `${label}\n+${p.added.files} files, +${p.added.records} rows, +${formatBytes(Number(p.added.bytes))}\n−${p.removed.files} files, −${p.removed.records} rows, −${formatBytes(Number(p.removed.bytes))}${p.deletesChanged ? `\n${p.deletesChanged} files with new deletes` : ''}`;
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
      {parts.length > MAX_CELLS && <p className="muted small">The {MAX_CELLS} busiest of {formatCount(parts.length)} shown.</p>}
    </div>
  );
}

const MAX_FILES = 200;

function FileList({ title, files, cls }: { title: string; files: readonly DiffFileDto[]; cls: string }) {
  return (
    <details className="diff-files">
      <summary><span className={`chg ${cls}`}>{formatCount(files.length)}</span> {title}</summary>
      <table className="diff-table small">
        <thead><tr><th>File</th><th>Partition</th><th className="num">Rows</th><th className="num">Bytes</th><th>Deletes applied</th></tr></thead>
        <tbody>
          {files.slice(0, MAX_FILES).map((f) => (
            <tr key={f.path}><td className="mono ellipsis" title={f.path}>{f.key}</td><td className="mono">{f.partition || '—'}</td><td className="num">{cnt(f.records)}</td><td className="num">{byt(f.bytes)}</td><td>{f.deletes.length || ''}</td></tr>
          ))}
        </tbody>
      </table>
      {files.length > MAX_FILES && <p className="muted small">First {MAX_FILES} of {formatCount(files.length)}.</p>}
    </details>
  );
}

function FileLists({ d }: { d: TableDiffDto }) {
  const { t } = useMessages();
  const rewritten = d.rewrite !== undefined;
  return (
    <div className="card diff-filelists" data-testid="diff-files">
      <h3>Files</h3>
      {d.files.added.length + d.files.removed.length + d.files.deletesChanged.length === 0 && <p className="muted small">{t('ui.diff.noFiles')}</p>}
      {d.files.added.length > 0 && <FileList title={rewritten ? 'added (including the rewrite’s new files)' : 'added'} files={d.files.added} cls="dchg-added" />}
      {d.files.removed.length > 0 && <FileList title={rewritten ? 'removed (including the rewrite’s old files)' : 'removed'} files={d.files.removed} cls="dchg-removed" />}
      {d.files.deletesChanged.length > 0 && (
        <details className="diff-files">
          <summary><span className="chg">{formatCount(d.files.deletesChanged.length)}</span> live in both, with other deletes applied</summary>
          <ul className="small mono">{d.files.deletesChanged.slice(0, MAX_FILES).map((f) => <li key={f.path}>{f.path} <span className="dchg-added">+{f.added.length}</span> <span className="dchg-removed">−{f.removed.length}</span></li>)}</ul>
        </details>
      )}
      {(d.deleteFiles.added.length > 0 || d.deleteFiles.removed.length > 0) && (
        <p className="small">Delete files / deletion vectors: <span className="dchg-added">+{d.deleteFiles.added.length}</span> <span className="dchg-removed">−{d.deleteFiles.removed.length}</span></p>
      )}
    </div>
  );
}
