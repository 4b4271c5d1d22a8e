/** The Overview of a readable table: facts, counters over time, properties and past metadata files. */
import { Suspense, lazy } from 'react';
import type { FileDto } from '../../core/api/dto.ts';
import type { PageOverviewDto, OverviewVersionDto } from '../../core/api/table-dto.ts';
import { formatBytes, formatCount, formatTime } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { CopyText, FormatBadge } from '../common/widgets.tsx';
import { FormatFacts } from './format-facts.tsx';
import { InlineText } from '../common/safe-text-view.tsx';
import { SafeText } from '../common/safe-text-view.tsx';

const MetricCharts = lazy(() => import('../timeline/metric-charts.tsx'));

export function OverviewTab({ overview, selected, files, onSelectVersion, onOpenRaw }: {
  overview: PageOverviewDto;
  selected?: OverviewVersionDto;
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
        <div><dt>{t('ui.overview.format')}</dt><dd><FormatBadge format={overview.format} />{overview.formatVersion !== undefined && <span className="muted"> v{overview.formatVersion}</span>}</dd></div>
        <div><dt>{t('ui.overview.versions')}</dt><dd className="num-left">{formatCount(overview.versions.length)}<span className="muted small"> · {t('ui.overview.refs', { branches: branches.size || 1, tags: tags.length })}</span></dd></div>
        <div><dt>{t('ui.overview.current')}</dt><dd>{current ? <CopyText text={current.id} /> : <span className="muted">{t('ui.overview.noCurrent')}</span>}</dd></div>
        <div><dt>{t('ui.overview.columns')}</dt><dd>{formatCount(overview.columns.length)}<span className="muted small"> · {t('ui.overview.schemaOf', { id: String(schema?.schemaId ?? '?'), count: overview.schemas.length })}</span></dd></div>
        {overview.partitioning === 'specs'
          ? <div><dt>{t('ui.overview.partitionSpecs')}</dt><dd>{formatCount(overview.partitionSpecs.length)}<span className="muted small"> · <InlineText text={overview.partitionSpecs.find((s) => s.isDefault)?.fields.map((f) => f.name).join(', ') || t('ui.overview.unpartitioned')} /></span></dd></div>
          // Numbered, evolving specs (Iceberg) or one fixed list of partition columns (the others).
          : <div><dt>{t('ui.partitions.title', { format: overview.format })}</dt><dd className="mono"><InlineText text={overview.partitionSpecs.find((s) => s.isDefault)?.fields.map((f) => f.name).join(', ') || t('ui.overview.unpartitioned')} /></dd></div>}
        <div><dt>{t('ui.overview.objects')}</dt><dd>{files ? <>{formatCount(files.files.length)}{files.truncated ? '+' : ''} <span className="muted small">· {formatBytes(files.totalBytes)}</span></> : '…'}</dd></div>
        <div className="wide"><dt>{t('ui.overview.location')}</dt><dd><CopyText text={overview.location} />
          {overview.relocatedFrom && <div className="muted small">{t('ui.overview.readFrom')}<span className="mono"><InlineText text={overview.root || '/'} max={500} /></span>{t('ui.overview.relocated')}</div>}</dd></div>
      </dl>
      <FormatFacts format={overview.format} facts={overview.facts ?? []} />
      {selected && !selected.isCurrent && (
        <p className="notice-inline small">{t('ui.overview.olderBefore')}<span className="mono"><InlineText text={selected.id} /></span>{t('ui.overview.olderAfter', { time: formatTime(selected.timestampMs).local })}</p>
      )}
      <h2 className="section-title">{t('ui.health.overTime')}</h2>
      <Suspense fallback={<div className="chart-skeleton muted small">{t('ui.table.loadingCharts')}</div>}>
        <MetricCharts versions={overview.versions} selectedId={selected?.id} onSelect={onSelectVersion} />
      </Suspense>
      {overview.states.length > 0 && (
        <>
          <h2 className="section-title">{t('ui.overview.states')} <span className="muted small">{t('ui.overview.statesNote')}</span></h2>
          <table className="grid compact" aria-label={t('ui.overview.states')}>
            <thead><tr><th>{t('ui.overview.col.file')}</th><th className="num">{t('ui.overview.col.version')}</th><th className="num">{t('ui.overview.col.size')}</th><th>{t('ui.overview.col.written')}</th></tr></thead>
            <tbody>
              {[...overview.states].reverse().slice(0, 20).map((m) => {
                const time = m.lastModified === undefined ? undefined : formatTime(m.lastModified);
                return (
                  <tr key={m.key}>
                    <td><button type="button" className="linklike mono" onClick={() => onOpenRaw(m.key)}><InlineText text={m.name} /></button>{m.isCurrent && <span className="pill"> {t('ui.overview.currentPill')}</span>}</td>
                    <td className="num">{m.version ?? m.sequence ?? '—'}</td>
                    <td className="num">{m.size === undefined ? '—' : formatBytes(m.size)}</td>
                    <td title={time?.utc}>{time?.local ?? '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {overview.states.length > 20 && <p className="muted small">{t('ui.overview.olderStates', { count: formatCount(overview.states.length - 20) })}</p>}
        </>
      )}
      {props.length > 0 && (
        <>
          <h2 className="section-title">{t('ui.facts.properties', { format: overview.format })}</h2>
          <table className="grid compact props" aria-label={t('ui.overview.properties')}>
            <tbody>{props.map(([k, v]) => <tr key={k}><td className="mono"><SafeText text={k} max={200} /></td><td className="mono wrap"><SafeText text={String(v)} max={300} /></td></tr>)}</tbody>
          </table>
        </>
      )}
    </div>
  );
}
