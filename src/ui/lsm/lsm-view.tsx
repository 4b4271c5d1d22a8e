/**
 * Paimon's LSM tab: for the selected snapshot, each partition + bucket as a small level diagram (level
 * 0 on top: one box per file, width by size; levels 1..N-1 below), the sorted-run count against the
 * compaction trigger, what the next compaction would merge, and per file its key range, sequence-number
 * range, rows and size. The teaching texts on minor and full compaction come from the engine.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { LsmBucketView, LsmFileView } from '../../core/formats/paimon/index.ts';
import { engine } from '../../worker/client.ts';
import { formatBytes, formatCount, middleEllipsis } from '../common/format.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { queryKeys } from '../queries/keys.ts';
import { type DiagramLevel, boxWidths, bucketTitle, diagramLevels, diagramRows, levelNote, seqRange } from './lsm-model.ts';
import './lsm.css';
import { InlineText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';
import { useMessages } from '../common/messages.ts';

/** Buckets drawn at once; a filter narrows larger tables. */
const SHOWN = 40;

export function LsmView({ warehouseId, root, version }: { warehouseId: string; root: string; version: string }) {
  const q = useQuery({
    queryKey: queryKeys.lsm(warehouseId, root, version),
    queryFn: ({ signal }) => engine().paimonLsm({ warehouseId, root, version: version || undefined }, { signal }),
    staleTime: Infinity,
  });
  const { t } = useMessages();
  const [filter, setFilter] = useState('');
  const [file, setFile] = useState<LsmFileView | undefined>();
  const buckets = useMemo(() => (q.data?.buckets ?? []).filter((b) => !filter || bucketTitle(b).includes(filter)), [q.data, filter]);
  if (q.isPending) return <ProgressLine label={t('ui.lsm.reading')} />;
  if (q.error) return <ErrorPanel error={q.error} onRetry={() => void q.refetch()} />;
  const v = q.data;
  return (
    <div className="lsm" aria-label={t('ui.lsm.label')}>
      <div className="lsm-head">
        <p className="small">
          {t('ui.lsm.snapshot')}<span className="mono">{v.snapshotId || '—'}</span>{t('ui.lsm.buckets', { count: v.buckets.length, primaryKey: v.primaryKey })}
        </p>
        {v.buckets.length > 4 && <input className="lsm-filter" placeholder={t('ui.lsm.filter')} value={filter} onChange={(e) => setFilter(e.target.value)} aria-label={t('ui.lsm.filterLabel')} />}
      </div>
      <details className="lsm-explain" open={v.buckets.length <= 2}>
        <summary>{t('ui.lsm.how')}</summary>
        <dl>
          {Object.entries(v.explanations).map(([k, text]) => <div key={k}><dt>{t('ui.lsm.explainTitle', { key: k })}</dt><dd>{text}</dd></div>)}
        </dl>
      </details>
      {buckets.length === 0 && <p className="empty-state">{v.buckets.length ? t('ui.lsm.noMatch') : t('ui.lsm.noFiles')}</p>}
      {buckets.slice(0, SHOWN).map((b) => <BucketDiagram key={`${b.partitionHex}|${b.bucket}`} bucket={b} selected={file} onSelect={setFile} />)}
      {buckets.length > SHOWN && <p className="muted small">{t('ui.lsm.more', { count: buckets.length - SHOWN })}</p>}
    </div>
  );
}


function BucketDiagram({ bucket, selected, onSelect }: { bucket: LsmBucketView; selected?: LsmFileView; onSelect: (f: LsmFileView) => void }) {
  const { t } = useMessages();
  const levels = diagramLevels(bucket);
  const widths = boxWidths(levels);
  const top = levels.length - 1;
  const chosen = selected && levels.some((l) => l.files.includes(selected)) ? selected : undefined;
  return (
    <section className="lsm-bucket" aria-label={`LSM ${bucketTitle(bucket)}`} data-testid="lsm-bucket">
      <header className="lsm-bucket-head">
        <h3 className="mono">{bucketTitle(bucket)}</h3>
        <span className={`pill${bucket.compactionDue ? ' lsm-due' : ''}`} title={t('ui.lsm.runsTitle')}>
          {t('ui.lsm.runs', { runs: bucket.sortedRuns, trigger: bucket.compactionTrigger, due: bucket.compactionDue })}
        </span>
      </header>
      <div className="lsm-levels" role="list">
        {diagramRows(levels).map((row) => (row.kind === 'gap'
          ? (
            <div key={`gap${row.from}`} className="lsm-level empty lsm-gap" role="listitem" data-level={`${row.from}-${row.to}`}>
              <div className="lsm-level-label"><strong>L{row.from}–L{row.to}</strong></div>
              <div className="lsm-row"><span className="muted small">{t('ui.lsm.empty')}</span></div>
              <div />
            </div>
          )
          : <LevelRow key={row.level.level} l={row.level} top={top} widths={widths} chosen={chosen} onSelect={onSelect} />))}
      </div>
      <p className="lsm-next small" data-testid="lsm-next"><strong>{t('ui.lsm.next')}</strong>{bucket.nextCompaction}</p>
      {chosen && <FileDetails file={chosen} />}
    </section>
  );
}

function LevelRow({ l, top, widths, chosen, onSelect }: { l: DiagramLevel; top: number; widths: Map<string, number>; chosen?: LsmFileView; onSelect: (f: LsmFileView) => void }) {
  const { t } = useMessages();
  return (
    <div className={`lsm-level${l.files.length ? '' : ' empty'}`} role="listitem" data-level={l.level}>
      <div className="lsm-level-label">
        <strong>L{l.level}</strong>
        <span className="muted small">{l.view ? t('ui.lsm.levelSize', { rows: formatCount(Number(l.view.rowCount)), bytes: formatBytes(l.view.totalSize) }) : ''}</span>
      </div>
      <div className="lsm-row" title={levelNote(l.level, l.files.length, top)}>
        {l.files.length === 0 && <span className="muted small">{levelNote(l.level, 0, top)}</span>}
        {l.files.map((f) => (
          <button key={f.key} type="button" className={`lsm-file${l.level === 0 ? ' l0' : ''}${chosen === f ? ' selected' : ''}${f.deletedRows && f.deletedRows !== '0' ? ' has-dv' : ''}`}
            style={{ width: `${widths.get(f.key)}%` }} onClick={() => onSelect(f)}
            title={t('ui.lsm.fileTitle', { name: f.fileName, minKey: f.minKey, maxKey: f.maxKey, seq: seqRange(f.minSequenceNumber, f.maxSequenceNumber), rows: formatCount(Number(f.rowCount)), bytes: formatBytes(f.fileSize), deleted: f.deletedRows ?? '' })}>
            <span className="num">{formatCount(Number(f.rowCount))}</span>
          </button>
        ))}
      </div>
      <div className="lsm-level-seq muted small mono">{l.view ? seqRange(l.view.minSequenceNumber, l.view.maxSequenceNumber) : ''}</div>
    </div>
  );
}

function FileDetails({ file }: { file: LsmFileView }) {
  const { t } = useMessages();
  const rows: [string, React.ReactNode][] = [
    [t('ui.lsm.file.file'), <span key="f" className="mono" title={safeTitle(file.key)}><InlineText text={middleEllipsis(file.key, 70)} /></span>],
    [t('ui.lsm.file.keyRange'), <span key="k" className="mono"><InlineText text={file.minKey || '—'} /> … <InlineText text={file.maxKey || '—'} /></span>],
    [t('ui.lsm.file.sequence'), <span key="s" className="mono">{file.minSequenceNumber} … {file.maxSequenceNumber}</span>],
    [t('ui.lsm.file.rows'), <span key="r" className="num">{formatCount(Number(file.rowCount))}</span>],
    [t('ui.lsm.file.size'), formatBytes(file.fileSize)],
    [t('ui.lsm.file.schemaId'), String(file.schemaId)],
    ...(file.fileSource ? [[t('ui.lsm.file.source'), file.fileSource] as [string, React.ReactNode]] : []),
    ...(file.deleteRowCount ? [[t('ui.lsm.file.deleteRows'), file.deleteRowCount] as [string, React.ReactNode]] : []),
    ...(file.deletedRows ? [[t('ui.lsm.file.dvRows'), file.deletedRows] as [string, React.ReactNode]] : []),
  ];
  return (
    <dl className="kv lsm-file-details" aria-label={t('ui.lsm.file.label')}>
      {rows.map(([k, val]) => <div key={k}><dt>{k}</dt><dd>{val}</dd></div>)}
    </dl>
  );
}
