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

/** Buckets drawn at once; a filter narrows larger tables. */
const SHOWN = 40;

export function LsmView({ warehouseId, root, version }: { warehouseId: string; root: string; version: string }) {
  const q = useQuery({
    queryKey: queryKeys.lsm(warehouseId, root, version),
    queryFn: ({ signal }) => engine().paimonLsm({ warehouseId, root, version: version || undefined }, { signal }),
    staleTime: Infinity,
  });
  const [filter, setFilter] = useState('');
  const [file, setFile] = useState<LsmFileView | undefined>();
  const buckets = useMemo(() => (q.data?.buckets ?? []).filter((b) => !filter || bucketTitle(b).includes(filter)), [q.data, filter]);
  if (q.isPending) return <ProgressLine label="Reading the manifests of this snapshot…" />;
  if (q.error) return <ErrorPanel error={q.error} onRetry={() => void q.refetch()} />;
  const v = q.data;
  return (
    <div className="lsm" aria-label="LSM trees">
      <div className="lsm-head">
        <p className="small">
          Snapshot <span className="mono">{v.snapshotId || '—'}</span>: {formatCount(v.buckets.length)} bucket{v.buckets.length === 1 ? '' : 's'}
          {v.primaryKey ? ', each an LSM tree.' : '. This is an append table (no primary key): files stay on level 0 and are never merged by key.'}
        </p>
        {v.buckets.length > 4 && <input className="lsm-filter" placeholder="Filter partition / bucket" value={filter} onChange={(e) => setFilter(e.target.value)} aria-label="Filter buckets" />}
      </div>
      <details className="lsm-explain" open={v.buckets.length <= 2}>
        <summary>How the LSM tree and compaction work</summary>
        <dl>
          {Object.entries(v.explanations).map(([k, text]) => <div key={k}><dt>{EXPLAIN_TITLE[k] ?? k}</dt><dd>{text}</dd></div>)}
        </dl>
      </details>
      {buckets.length === 0 && <p className="empty-state">{v.buckets.length ? 'No bucket matches the filter.' : 'This snapshot has no live files.'}</p>}
      {buckets.slice(0, SHOWN).map((b) => <BucketDiagram key={`${b.partitionHex}|${b.bucket}`} bucket={b} selected={file} onSelect={setFile} />)}
      {buckets.length > SHOWN && <p className="muted small">{formatCount(buckets.length - SHOWN)} more buckets: narrow with the filter.</p>}
    </div>
  );
}

const EXPLAIN_TITLE: Record<string, string> = { levels: 'Levels and sorted runs', minorCompaction: 'Minor compaction', fullCompaction: 'Full compaction', deletionVectors: 'Deletion vectors' };

function BucketDiagram({ bucket, selected, onSelect }: { bucket: LsmBucketView; selected?: LsmFileView; onSelect: (f: LsmFileView) => void }) {
  const levels = diagramLevels(bucket);
  const widths = boxWidths(levels);
  const top = levels.length - 1;
  const chosen = selected && levels.some((l) => l.files.includes(selected)) ? selected : undefined;
  return (
    <section className="lsm-bucket" aria-label={`LSM ${bucketTitle(bucket)}`} data-testid="lsm-bucket">
      <header className="lsm-bucket-head">
        <h3 className="mono">{bucketTitle(bucket)}</h3>
        <span className={`pill${bucket.compactionDue ? ' lsm-due' : ''}`} title="Sorted runs a read merges, against num-sorted-run.compaction-trigger">
          {bucket.sortedRuns} / {bucket.compactionTrigger} sorted runs{bucket.compactionDue ? ' — compaction due' : ''}
        </span>
      </header>
      <div className="lsm-levels" role="list">
        {diagramRows(levels).map((row) => (row.kind === 'gap'
          ? (
            <div key={`gap${row.from}`} className="lsm-level empty lsm-gap" role="listitem" data-level={`${row.from}-${row.to}`}>
              <div className="lsm-level-label"><strong>L{row.from}–L{row.to}</strong></div>
              <div className="lsm-row"><span className="muted small">empty</span></div>
              <div />
            </div>
          )
          : <LevelRow key={row.level.level} l={row.level} top={top} widths={widths} chosen={chosen} onSelect={onSelect} />))}
      </div>
      <p className="lsm-next small" data-testid="lsm-next"><strong>Next compaction: </strong>{bucket.nextCompaction}</p>
      {chosen && <FileDetails file={chosen} />}
    </section>
  );
}

function LevelRow({ l, top, widths, chosen, onSelect }: { l: DiagramLevel; top: number; widths: Map<string, number>; chosen?: LsmFileView; onSelect: (f: LsmFileView) => void }) {
  return (
    <div className={`lsm-level${l.files.length ? '' : ' empty'}`} role="listitem" data-level={l.level}>
      <div className="lsm-level-label">
        <strong>L{l.level}</strong>
        <span className="muted small">{l.view ? `${formatCount(Number(l.view.rowCount))} rows · ${formatBytes(l.view.totalSize)}` : ''}</span>
      </div>
      <div className="lsm-row" title={levelNote(l.level, l.files.length, top)}>
        {l.files.length === 0 && <span className="muted small">{levelNote(l.level, 0, top)}</span>}
        {l.files.map((f) => (
          <button key={f.key} type="button" className={`lsm-file${l.level === 0 ? ' l0' : ''}${chosen === f ? ' selected' : ''}${f.deletedRows && f.deletedRows !== '0' ? ' has-dv' : ''}`}
            style={{ width: `${widths.get(f.key)}%` }} onClick={() => onSelect(f)}
            title={`${f.fileName}\nkeys ${f.minKey} … ${f.maxKey}\n${seqRange(f.minSequenceNumber, f.maxSequenceNumber)}\n${formatCount(Number(f.rowCount))} rows · ${formatBytes(f.fileSize)}${f.deletedRows ? `\n${f.deletedRows} rows deleted by a deletion vector` : ''}`}>
            <span className="num">{formatCount(Number(f.rowCount))}</span>
          </button>
        ))}
      </div>
      <div className="lsm-level-seq muted small mono">{l.view ? seqRange(l.view.minSequenceNumber, l.view.maxSequenceNumber) : ''}</div>
    </div>
  );
}

function FileDetails({ file }: { file: LsmFileView }) {
  const rows: [string, React.ReactNode][] = [
    ['File', <span key="f" className="mono" title={safeTitle(file.key)}><InlineText text={middleEllipsis(file.key, 70)} /></span>],
    ['Key range', <span key="k" className="mono"><InlineText text={file.minKey || '—'} /> … <InlineText text={file.maxKey || '—'} /></span>],
    ['Sequence numbers', <span key="s" className="mono">{file.minSequenceNumber} … {file.maxSequenceNumber}</span>],
    ['Rows', <span key="r" className="num">{formatCount(Number(file.rowCount))}</span>],
    ['Size', formatBytes(file.fileSize)],
    ['Schema id', String(file.schemaId)],
    ...(file.fileSource ? [['Source', file.fileSource] as [string, React.ReactNode]] : []),
    ...(file.deleteRowCount ? [['Delete rows in file', file.deleteRowCount] as [string, React.ReactNode]] : []),
    ...(file.deletedRows ? [['Rows removed by deletion vector', file.deletedRows] as [string, React.ReactNode]] : []),
  ];
  return (
    <dl className="kv lsm-file-details" aria-label="Selected file">
      {rows.map(([k, val]) => <div key={k}><dt>{k}</dt><dd>{val}</dd></div>)}
    </dl>
  );
}
