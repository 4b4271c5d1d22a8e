/** The Overview of a readable table: facts, counters over time, properties and past metadata files. */
import { Suspense, lazy } from 'react';
import type { FileDto } from '../../core/api/dto.ts';
import type { TableOverviewDto, VersionDto } from '../../core/api/table-dto.ts';
import { formatBytes, formatCount, formatTime } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { CopyText, FormatBadge } from '../common/widgets.tsx';
import { FormatFacts } from './format-facts.tsx';
import { InlineText } from '../common/safe-text-view.tsx';
import { SafeText } from '../common/safe-text-view.tsx';

const MetricCharts = lazy(() => import('../timeline/metric-charts.tsx'));

export function OverviewTab({ overview, selected, files, onSelectVersion, onOpenRaw }: {
  overview: TableOverviewDto;
  selected?: VersionDto;
  files?: { files: readonly FileDto[]; totalBytes: number; truncated: boolean };
  onSelectVersion: (id: string) => void;
  onOpenRaw: (key: string) => void;
}) {
  const current = overview.versions.find((v) => v.isCurrent);
  const schema = overview.schemas.find((s) => s.isCurrent);
  const branches = new Set(overview.versions.flatMap((v) => v.refs.filter((r) => r.type === 'branch').map((r) => r.name)));
  const tags = overview.versions.flatMap((v) => v.refs.filter((r) => r.type === 'tag'));
  const props = Object.entries(overview.properties);
  const { t } = useMessages();
  return (
    <div className="overview">
      <dl className="facts">
        <div><dt>Format</dt><dd><FormatBadge format={overview.format} />{overview.formatVersion !== undefined && <span className="muted"> v{overview.formatVersion}</span>}</dd></div>
        <div><dt>Versions</dt><dd className="num-left">{formatCount(overview.versions.length)}<span className="muted small"> · {formatCount(branches.size || 1)} branch{branches.size > 1 ? 'es' : ''}, {formatCount(tags.length)} tag{tags.length === 1 ? '' : 's'}</span></dd></div>
        <div><dt>Current version</dt><dd>{current ? <CopyText text={current.id} /> : <span className="muted">none (empty table)</span>}</dd></div>
        <div><dt>Columns</dt><dd>{formatCount(overview.columns.length)}<span className="muted small"> · schema {schema?.schemaId ?? '?'} of {formatCount(overview.schemas.length)}</span></dd></div>
        {overview.partitioning === 'specs'
          ? <div><dt>Partition specs</dt><dd>{formatCount(overview.partitionSpecs.length)}<span className="muted small"> · <InlineText text={overview.partitionSpecs.find((s) => s.isDefault)?.fields.map((f) => f.name).join(', ') || 'unpartitioned'} /></span></dd></div>
          // Numbered, evolving specs (Iceberg) or one fixed list of partition columns (the others).
          : <div><dt>{t('ui.partitions.title', { format: overview.format })}</dt><dd className="mono"><InlineText text={overview.partitionSpecs.find((s) => s.isDefault)?.fields.map((f) => f.name).join(', ') || 'unpartitioned'} /></dd></div>}
        <div><dt>Objects on storage</dt><dd>{files ? <>{formatCount(files.files.length)}{files.truncated ? '+' : ''} <span className="muted small">· {formatBytes(files.totalBytes)}</span></> : '…'}</dd></div>
        <div className="wide"><dt>Location recorded in metadata</dt><dd><CopyText text={overview.location} />
          {overview.relocatedFrom && <div className="muted small">Read from <span className="mono"><InlineText text={overview.root || '/'} max={500} /></span>: every path in the metadata is mapped onto this folder.</div>}</dd></div>
      </dl>
      <FormatFacts format={overview.format} facts={overview.facts ?? []} />
      {selected && !selected.isCurrent && (
        <p className="notice-inline small">Viewing an older version, <span className="mono"><InlineText text={selected.id} /></span>, committed {formatTime(selected.timestampMs).local}. Every tab answers for it.</p>
      )}
      <h2 className="section-title">Over time</h2>
      <Suspense fallback={<div className="chart-skeleton muted small">Loading charts…</div>}>
        <MetricCharts versions={overview.versions} selectedId={selected?.id} onSelect={onSelectVersion} />
      </Suspense>
      {overview.states.length > 0 && (
        <>
          <h2 className="section-title">Past states <span className="muted small">(files that each hold the whole table as it was)</span></h2>
          <table className="grid compact" aria-label="Past states">
            <thead><tr><th>File</th><th className="num">Version</th><th className="num">Size</th><th>Written</th></tr></thead>
            <tbody>
              {[...overview.states].reverse().slice(0, 20).map((m) => {
                const t = m.lastModified === undefined ? undefined : formatTime(m.lastModified);
                return (
                  <tr key={m.key}>
                    <td><button type="button" className="linklike mono" onClick={() => onOpenRaw(m.key)}><InlineText text={m.name} /></button>{m.isCurrent && <span className="pill"> current</span>}</td>
                    <td className="num">{m.version ?? m.sequence ?? '—'}</td>
                    <td className="num">{m.size === undefined ? '—' : formatBytes(m.size)}</td>
                    <td title={t?.utc}>{t?.local ?? '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {overview.states.length > 20 && <p className="muted small">… and {formatCount(overview.states.length - 20)} older (see the Raw tab).</p>}
        </>
      )}
      {props.length > 0 && (
        <>
          <h2 className="section-title">{t('ui.facts.properties', { format: overview.format })}</h2>
          <table className="grid compact props" aria-label="Table properties">
            <tbody>{props.map(([k, v]) => <tr key={k}><td className="mono"><SafeText text={k} max={200} /></td><td className="mono wrap"><SafeText text={String(v)} max={300} /></td></tr>)}</tbody>
          </table>
        </>
      )}
    </div>
  );
}
