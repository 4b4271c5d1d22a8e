/**
 * Paimon's LSM tab: for the selected snapshot, each partition + bucket as a small level diagram (level
 * 0 on top: one box per file, width by size; levels 1..N-1 below), the sorted-run count against the
 * compaction trigger, what the next compaction would merge, and per file its key range, sequence-number
 * range, rows and size. The teaching texts on minor and full compaction come from the engine.
 *
 * Compaction by clicks (issue 19): per bucket, a full compaction and the compaction Paimon's universal
 * strategy picks next (the same pick the "Next compaction" line names), both through the page's write flow
 * (preview, confirm, undo). After a commit made on this page, each bucket shows what it changed: the files
 * that left drawn fading out of their old level, the new ones arriving at theirs (no motion when the
 * reader prefers reduced motion), and a sentence per bucket.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { LsmView as LsmViewDto } from '../../core/formats/paimon/index.ts';
import { useMessages } from '../common/messages.ts';
import { note } from '../../core/messages/note.ts';
import { errorText } from '../../core/messages/message-parts.ts';
import { useTableWrites, useWriteCapabilities } from '../writes/table-writes.tsx';
import type { LsmBucketView, LsmFileView } from '../../core/formats/paimon/index.ts';
import { engine } from '../../worker/client.ts';
import { formatBytes, formatCount, middleEllipsis } from '../common/format.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { queryKeys } from '../queries/keys.ts';
import { type BucketChange, type DiagramLevel, boxWidths, bucketChange, bucketId, bucketTitle, changeByLevel, diagramLevels, diagramRows, levelNote, seqRange } from './lsm-model.ts';
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
  const tr = useMessages();
  const { t } = tr;
  const [filter, setFilter] = useState('');
  const [file, setFile] = useState<LsmFileView | undefined>();
  const compaction = useCompaction(warehouseId, root, q.data);
  const buckets = useMemo(() => (q.data?.buckets ?? []).filter((b) => !filter || bucketTitle(b, tr).includes(filter) || bucketTitle(b).includes(filter)), [q.data, filter, tr]);
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
          {Object.entries(v.explanations).map(([k, text]) => <div key={k}><dt>{t('ui.lsm.explainTitle', { key: k })}</dt><dd>{v.explanationMessages?.[k] ? tr.note(v.explanationMessages[k]) : text}</dd></div>)}
        </dl>
      </details>
      {buckets.length === 0 && <p className="empty-state">{v.buckets.length ? t('ui.lsm.noMatch') : t('ui.lsm.noFiles')}</p>}
      {buckets.slice(0, SHOWN).map((b) => (
        <BucketDiagram key={`${b.partitionHex}|${b.bucket}`} bucket={b} selected={file} onSelect={setFile} compaction={compaction}
          change={compaction.changes?.get(bucketId(b))} from={compaction.changedFrom} to={v.snapshotId} />
      ))}
      {buckets.length > SHOWN && <p className="muted small">{t('ui.lsm.more', { count: buckets.length - SHOWN })}</p>}
    </div>
  );
}


interface Compaction {
  /** Why compaction buttons are off (no writes here, not the latest snapshot), or undefined. */
  readonly off?: string;
  readonly run?: (b: LsmBucketView, strategy: 'full' | 'universal') => void;
  /** Per bucket id, what the commit that made the shown snapshot changed (only for commits made on this page). */
  readonly changes?: ReadonlyMap<string, BucketChange>;
  readonly changedFrom?: string;
}

/**
 * The page's compaction controls and the last commit's changes. Buttons go through the table's `compact`
 * capability (off with its reason) and only on the latest snapshot (a compaction merges the latest files).
 */
function useCompaction(warehouseId: string, root: string, view: LsmViewDto | undefined): Compaction {
  const tr = useMessages();
  const { t } = tr;
  const writes = useTableWrites();
  const qc = useQueryClient();
  const caps = useWriteCapabilities(warehouseId, root, writes?.format ?? 'paimon', writes?.currentId, undefined);
  return useMemo(() => {
    if (!writes || !view) return {};
    const last = writes.lastCommit;
    let changes: Map<string, BucketChange> | undefined;
    if (last && last.currentBefore !== undefined && last.result.currentAfter === view.snapshotId) {
      const before = qc.getQueryData<LsmViewDto>(queryKeys.lsm(warehouseId, root, last.currentBefore));
      if (before) {
        const was = new Map(before.buckets.map((b) => [bucketId(b), b]));
        changes = new Map(view.buckets.map((b) => [bucketId(b), bucketChange(was.get(bucketId(b)), b)]));
      }
    }
    const done = changes ? { changes, changedFrom: last!.currentBefore } : {};
    // No compaction capability (once known): no buttons. While capabilities load: buttons off, nothing said.
    const cap = caps.data?.capabilities.find((c) => c.kind === 'compact' && c.scope === 'table');
    if (caps.data && !cap) return done;
    const off = !cap ? ''
      : !cap.available ? (cap.reasonMessage ? errorText(cap.reasonMessage, tr.catalog) : cap.reason ?? cap.description)
        : view.snapshotId !== writes.currentId ? t('ui.lsm.compact.notLatest', { id: writes.currentId ?? '—' }) : undefined;
    const run = (b: LsmBucketView, strategy: 'full' | 'universal') => {
      const title = strategy === 'full' ? note('ui.lsm.compact.titleFull', { bucket: bucketTitle(b, tr) }) : note('ui.lsm.compact.titleNext', { bucket: bucketTitle(b, tr) });
      writes.flow.prepare({ action: { kind: 'compact', strategy, partitions: [{ partition: b.partition }], bucket: b.bucket } }, title);
    };
    return { ...(off !== undefined ? { off } : {}), run, ...done };
  }, [writes, view, caps.data, qc, warehouseId, root, t, tr]);
}

function BucketDiagram({ bucket, selected, onSelect, compaction, change, from, to }: {
  bucket: LsmBucketView; selected?: LsmFileView; onSelect: (f: LsmFileView) => void; compaction: Compaction; change?: BucketChange; from?: string; to: string;
}) {
  const tr = useMessages();
  const { t } = tr;
  const title = bucketTitle(bucket, tr);
  const levels = diagramLevels(bucket);
  const leaving = new Map<number, LsmFileView[]>();
  for (const f of change?.left ?? []) leaving.set(f.level, [...(leaving.get(f.level) ?? []), f.file]);
  const arriving = new Set((change?.arrived ?? []).map((f) => f.file.fileName));
  const widths = boxWidths([...levels, ...[...leaving].map(([level, files]) => ({ level, files }))]);
  const top = levels.length - 1;
  const chosen = selected && levels.some((l) => l.files.includes(selected)) ? selected : undefined;
  const moved = change && (change.left.length > 0 || change.arrived.length > 0);
  return (
    <section className="lsm-bucket" aria-label={`LSM ${title}`} data-testid="lsm-bucket">
      <header className="lsm-bucket-head">
        <h3 className="mono">{title}</h3>
        <span className={`pill${bucket.compactionDue ? ' lsm-due' : ''}`} title={t('ui.lsm.runsTitle')}>
          {t('ui.lsm.runs', { runs: bucket.sortedRuns, trigger: bucket.compactionTrigger, due: bucket.compactionDue })}
        </span>
      </header>
      {moved && from !== undefined && (
        <p className="lsm-change small" role="status" aria-label={t('ui.lsm.change.label')} data-testid="lsm-change">
          <strong>{t('ui.lsm.change.head', { from, to })}</strong>{' '}
          {[...changeByLevel(change.left).map((c) => t('ui.lsm.change.left', { count: c.count, level: c.level })),
            ...changeByLevel(change.arrived).map((c) => t('ui.lsm.change.arrived', { count: c.count, level: c.level, rows: c.rows }))].join('; ')}.
        </p>
      )}
      <div className="lsm-levels" role="list">
        {diagramRows(levels, new Set(leaving.keys())).map((row) => (row.kind === 'gap'
          ? (
            <div key={`gap${row.from}`} className="lsm-level empty lsm-gap" role="listitem" data-level={`${row.from}-${row.to}`}>
              <div className="lsm-level-label"><strong>L{row.from}–L{row.to}</strong></div>
              <div className="lsm-row"><span className="muted small">{t('ui.lsm.empty')}</span></div>
              <div />
            </div>
          )
          : <LevelRow key={row.level.level} l={row.level} top={top} widths={widths} chosen={chosen} onSelect={onSelect} leaving={leaving.get(row.level.level) ?? []} arriving={arriving} />))}
      </div>
      <p className="lsm-next small" data-testid="lsm-next"><strong>{t('ui.lsm.next')}</strong>{bucket.nextCompactionMessage ? tr.note(bucket.nextCompactionMessage) : bucket.nextCompaction}</p>
      {compaction.run && (
        <div className="lsm-actions" role="group" aria-label={t('ui.lsm.compact.group', { bucket: title })}>
          <button type="button" className="btn btn-small" disabled={compaction.off !== undefined} title={compaction.off ?? t('ui.lsm.compact.fullTitle')}
            onClick={() => compaction.run!(bucket, 'full')}>{t('ui.lsm.compact.full')}</button>
          <button type="button" className="btn btn-small" disabled={compaction.off !== undefined || !bucket.nextPick}
            title={compaction.off ?? (bucket.nextPick ? t('ui.lsm.compact.nextTitle', { count: bucket.nextPick.files.length, level: bucket.nextPick.outputLevel }) : t('ui.lsm.compact.nothingNext'))}
            onClick={() => compaction.run!(bucket, 'universal')}>{t('ui.lsm.compact.next')}</button>
          {compaction.off && <span className="muted small">{compaction.off}</span>}
        </div>
      )}
      {chosen && <FileDetails file={chosen} />}
    </section>
  );
}

function LevelRow({ l, top, widths, chosen, onSelect, leaving, arriving }: {
  l: DiagramLevel; top: number; widths: Map<string, number>; chosen?: LsmFileView; onSelect: (f: LsmFileView) => void; leaving: readonly LsmFileView[]; arriving: ReadonlySet<string>;
}) {
  const tr = useMessages();
  const { t } = tr;
  return (
    <div className={`lsm-level${l.files.length ? '' : ' empty'}`} role="listitem" data-level={l.level}>
      <div className="lsm-level-label">
        <strong>L{l.level}</strong>
        <span className="muted small">{l.view ? t('ui.lsm.levelSize', { rows: formatCount(Number(l.view.rowCount)), bytes: formatBytes(l.view.totalSize) }) : ''}</span>
      </div>
      <div className="lsm-row" title={levelNote(l.level, l.files.length, top, tr)}>
        {l.files.length === 0 && leaving.length === 0 && <span className="muted small">{levelNote(l.level, 0, top, tr)}</span>}
        {leaving.map((f) => (
          <span key={`gone-${f.key}`} className={`lsm-file leaving${l.level === 0 ? ' l0' : ''}`} style={{ width: `${widths.get(f.key)}%` }} data-file={f.fileName}
            title={`${f.fileName}\n${t('ui.lsm.change.leaving')}`} aria-hidden="true">
            <span className="num">{formatCount(Number(f.rowCount))}</span>
          </span>
        ))}
        {l.files.map((f) => (
          <button key={f.key} type="button" className={`lsm-file${l.level === 0 ? ' l0' : ''}${chosen === f ? ' selected' : ''}${f.deletedRows && f.deletedRows !== '0' ? ' has-dv' : ''}${arriving.has(f.fileName) ? ' arriving' : ''}`}
            style={{ width: `${widths.get(f.key)}%` }} onClick={() => onSelect(f)} data-file={f.fileName}
            title={`${t('ui.lsm.fileTitle', { name: f.fileName, minKey: f.minKey, maxKey: f.maxKey, seq: seqRange(f.minSequenceNumber, f.maxSequenceNumber), rows: formatCount(Number(f.rowCount)), bytes: formatBytes(f.fileSize), deleted: f.deletedRows ?? '' })}${arriving.has(f.fileName) ? `\n${t('ui.lsm.change.arriving')}` : ''}`}>
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
