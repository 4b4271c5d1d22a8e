/**
 * The Partitions tab: every partition spec with its transforms and how specs evolved; files, rows and
 * bytes per partition of the selected version (bar chart of the largest + a full virtualised table);
 * and a filter box whose "explain" shows which manifests, files and row groups planning skipped, and why.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { Bar, BarChart, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TableFormatName } from '../../core/api/dto.ts';
import type { PartitionSpecDto, PartitionStatDto } from '../../core/api/table-dto.ts';
import { useMessages } from '../common/messages.ts';
import { formatBytes, formatCount } from '../common/format.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { usePartitionStats } from '../queries/table-queries.ts';
import { partitionLabel } from './partition-label.ts';
import { ExplainPanel } from './explain-panel.tsx';
import { fieldText, specHistory } from './spec-evolution.ts';
import { InlineText } from '../common/safe-text-view.tsx';
import { safeTitle, visibleText } from '../common/safe-text.ts';

type Measure = 'records' | 'dataFiles' | 'bytes';
const MEASURES = [['records', 'ui.partitions.measure.rows'], ['dataFiles', 'ui.partitions.measure.files'], ['bytes', 'ui.partitions.measure.bytes']] as const;

export interface PartitionsViewProps {
  readonly tableId: string;
  readonly version: string;
  readonly specs: readonly PartitionSpecDto[];
  /** Whose words to use (the catalog's titles are keyed by format). */
  readonly format?: TableFormatName;
  /** `specs`: numbered, evolving partition specs with spec cards; `columns`: one fixed list of partition columns. */
  readonly partitioning?: 'specs' | 'columns';
  readonly columns: readonly string[];
  readonly onSelectPartition: (p: PartitionStatDto) => void;
}

export default function PartitionsView({ tableId, version, specs, columns, format = 'iceberg', partitioning = 'specs', onSelectPartition }: PartitionsViewProps) {
  const bySpec = partitioning === 'specs';
  const { t } = useMessages();
  const stats = usePartitionStats(tableId, version);
  const [measure, setMeasure] = useState<Measure>('records');
  const history = useMemo(() => specHistory(specs), [specs]);
  const partitioned = specs.some((s) => s.fields.length > 0);
  return (
    <div className="partitions">
      <section aria-label={t('ui.overview.partitionSpecs')}>
        <h2 className="section-title">{t('ui.partitions.title', { format })}</h2>
        {!partitioned && <p className="muted small">{t('ui.partitions.notPartitioned')}</p>}
        {!bySpec && partitioned && <FormatPartitioning format={format} specs={specs} />}
        {bySpec && <div className="spec-cards">
          {history.map(({ spec, added, removed }) => (
            <div key={spec.specId} className={`spec-card${spec.isDefault ? ' default' : ''}`}>
              <div className="spec-card-head">
                <strong>{t('ui.partitions.spec', { id: spec.specId })}</strong>
                {spec.isDefault && <span className="pill">{t('ui.partitions.default')}</span>}
              </div>
              {spec.fields.length === 0 ? <div className="muted small">{t('ui.overview.unpartitioned')}</div> : (
                <table className="mini">
                  <tbody>
                    {spec.fields.map((f) => (
                      <tr key={`${f.fieldId}-${f.name}`} className={added.includes(f) ? 'added' : ''}>
                        <td className="mono"><InlineText text={f.name} /></td><td className="mono muted"><InlineText text={fieldText(f)} /></td><td className="num muted">{f.fieldId ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {(added.length > 0 || removed.length > 0) && (
                <div className="spec-delta small">
                  {added.map((f) => <span key={`a${f.name}`} className="chg chg-added">+ {fieldText(f)}</span>)}
                  {removed.map((f) => <span key={`r${f.name}${f.transform}`} className="chg chg-dropped">− {fieldText(f)}</span>)}
                </div>
              )}
            </div>
          ))}
        </div>}
      </section>

      <section aria-label={t('ui.partitions.ofVersion')}>
        <div className="section-head">
          <h2 className="section-title">{t('ui.partitions.ofVersion')}</h2>
          <div className="segmented small" role="radiogroup" aria-label={t('ui.partitions.measure')}>
            {MEASURES.map(([m, label]) => (
              <button key={m} type="button" role="radio" aria-checked={measure === m} className={measure === m ? 'active' : ''} onClick={() => setMeasure(m)}>{t(label)}</button>
            ))}
          </div>
        </div>
        {stats.isPending && <ProgressLine label={t('ui.partitions.reading')} />}
        {stats.error && <ErrorPanel error={stats.error} onRetry={() => void stats.refetch()} />}
        {stats.data && stats.data.partitions.length === 0 && <p className="empty-state">{stats.data.versionId === '' ? t('ui.empty.noVersions.partitions') : t('ui.partitions.noLive')}</p>}
        {stats.data && stats.data.partitions.length > 0 && (
          <>
            <PartitionBars partitions={stats.data.partitions} measure={measure} onSelect={onSelectPartition} />
            <PartitionTable partitions={stats.data.partitions} onSelect={onSelectPartition} showSpec={bySpec} />
            <p className="muted small">{t('ui.partitions.count', { count: stats.data.partitions.length })}</p>
          </>
        )}
      </section>

      <section aria-label={t('ui.partitions.filterExplain')}>
        <h2 className="section-title">{t('ui.partitions.whichFiles')}</h2>
        <ExplainPanel tableId={tableId} version={version} columns={columns} />
      </section>
    </div>
  );
}

function PartitionBars({ partitions, measure, onSelect }: { partitions: readonly PartitionStatDto[]; measure: Measure; onSelect: (p: PartitionStatDto) => void }) {
  const tr = useMessages();
  const { t } = tr;
  // Each bar with its label in the reader's language (the unpartitioned one is a word, not a path).
  const top = useMemo(() => [...partitions].sort((a, b) => b[measure] - a[measure]).slice(0, 30)
    .map((p) => ({ ...p, label: partitionLabel(p.partition, p.unpartitioned, tr) })), [partitions, measure, tr.catalog]);
  const max = Math.max(1, ...top.map((p) => p[measure]));
  const fmt = (v: number) => (measure === 'bytes' ? formatBytes(v) : formatCount(v));
  return (
    <div className="partition-bars" aria-label={t('ui.partitions.largest', { measure })}>
      <ResponsiveContainer width="100%" height={Math.max(80, 16 + top.length * 18)}>
        <BarChart data={top} layout="vertical" margin={{ top: 4, right: 60, bottom: 4, left: 8 }}>
          <XAxis type="number" hide domain={[0, max]} />
          <YAxis type="category" dataKey="label" width={220} tick={{ fontSize: 11, fontFamily: 'var(--mono)' }} interval={0}
            tickFormatter={(s: string) => visibleText(s.length > 34 ? `${s.slice(0, 33)}…` : s)} />
          <Tooltip labelFormatter={(l) => visibleText(String(l))} formatter={(v) => fmt(Number(v))} cursor={{ fill: '#f1f1ed' }} isAnimationActive={false} />
          <Bar dataKey={measure} isAnimationActive={false} onClick={(d: unknown) => onSelect((d as { payload: PartitionStatDto }).payload)}
            label={{ position: 'right', fontSize: 11, fill: '#676d73', formatter: (v: unknown) => fmt(Number(v)) }}>
            {top.map((p) => <Cell key={`${p.specId}/${p.partition}`} fill={p.deleteFiles > 0 ? '#d98e04' : '#2f6feb'} cursor="pointer" />)}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      {partitions.length > top.length && <div className="muted small">{t('ui.partitions.showing', { shown: top.length, count: partitions.length })}</div>}
    </div>
  );
}

const ROW = 26;

function PartitionTable({ partitions, onSelect, showSpec }: { partitions: readonly PartitionStatDto[]; onSelect: (p: PartitionStatDto) => void; showSpec: boolean }) {
  const tr = useMessages();
  const { t } = tr;
  const parent = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({ count: partitions.length, getScrollElement: () => parent.current, estimateSize: () => ROW, overscan: 10 });
  return (
    <div className="vtable" role="table" aria-label={t('ui.partitions.label')} aria-rowcount={partitions.length}>
      <div className="vtable-head vt-partitions" role="row">
        <span role="columnheader">{t('ui.diff.files.partition')}</span><span role="columnheader" className="num">{showSpec ? t('ui.partitions.col.spec') : ''}</span><span role="columnheader" className="num">{t('ui.partitions.measure.files')}</span>
        <span role="columnheader" className="num">{t('ui.partitions.measure.rows')}</span><span role="columnheader" className="num">{t('ui.partitions.measure.bytes')}</span><span role="columnheader" className="num">{t('ui.inspector.partition.deleteFiles')}</span>
      </div>
      <div ref={parent} className="vtable-body" style={{ maxHeight: 260 }}>
        <div style={{ height: v.getTotalSize(), position: 'relative' }}>
          {v.getVirtualItems().map((item) => {
            const p = partitions[item.index];
            return (
              <div key={`${p.specId}/${p.partition}`} role="row" className="vtable-row vt-partitions" style={{ transform: `translateY(${item.start}px)`, height: ROW }} onClick={() => onSelect(p)}>
                {p.unpartitioned
                  ? <span role="cell" className="muted ellipsis">{partitionLabel(p.partition, true, tr)}</span>
                  : <span role="cell" className="mono ellipsis" title={safeTitle(p.partition)}><InlineText text={p.partition} max={300} /></span>}
                <span role="cell" className="num">{showSpec ? p.specId : ''}</span>
                <span role="cell" className="num">{formatCount(p.dataFiles)}</span>
                <span role="cell" className="num">{formatCount(p.records)}</span>
                <span role="cell" className="num" title={t('ui.bytes.exact', { count: p.bytes })}>{formatBytes(p.bytes)}</span>
                <span role="cell" className="num">{p.deleteFiles ? formatCount(p.deleteFiles) : ''}</span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/**
 * Partitioning in the format's own words: Paimon's partition keys, Delta's partition columns, Hudi's
 * partition fields — one list of columns whose values name a folder, with no spec ids, transforms or
 * evolution (those are Iceberg's).
 */
function FormatPartitioning({ format, specs }: { format: TableFormatName; specs: readonly PartitionSpecDto[] }) {
  const { t } = useMessages();
  const spec = specs.find((s) => s.isDefault) ?? specs[specs.length - 1];
  if (!spec) return null;
  return (
    <div className="spec-cards">
      <div className="spec-card default" data-testid="format-partitioning">
        <div className="spec-card-head"><strong>{t('ui.partitions.keys', { format, count: spec.fields.length })}</strong></div>
        <table className="mini">
          <tbody>
            {spec.fields.map((f) => <tr key={f.name}><td className="mono">{f.name}</td><td className="mono muted">{f.sourceNames.join(', ') !== f.name ? fieldText(f) : ''}</td></tr>)}
          </tbody>
        </table>
        <p className="muted small">{t('ui.partitions.keysExplain', { format })}</p>
      </div>
    </div>
  );
}
