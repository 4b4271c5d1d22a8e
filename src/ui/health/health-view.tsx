/**
 * The Health tab (issue 12; Amoro's dashboard without a server): for the selected version, the file-size
 * histogram (whole table or one partition), small-file, delete-file and delete-row ratios as cards, the
 * table's history (versions, files, metadata size, manifests), and what to do about it — each
 * recommendation with its reason in numbers and a button that prepares its write and opens the writes
 * bar's preview dialog (nothing is written before Confirm). Computed in the worker (core/api tableHealth).
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TableFormatName } from '../../core/api/dto.ts';
import type { RecommendationDto, TableHealthDto } from '../../core/api/table-health-dto.ts';
import { engine } from '../../worker/client.ts';
import type { WriteResultDto } from '../../worker/engine-writes.ts';
import { formatBytes, formatCount } from '../common/format.ts';
import type { Note } from '../../core/messages/note.ts';
import { useMessages } from '../common/messages.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { queryKeys } from '../queries/keys.ts';
import { UndoToast } from '../writes/undo-toast.tsx';
import { useWriteFlow } from '../writes/use-write-flow.ts';
import { WriteDialog } from '../writes/write-dialog.tsx';
import { undoTitle } from '../writes/write-model.ts';
import { useWriteAccess } from '../writes/writes-bar.tsx';
import { HealthSeries, SizeHistogram } from './health-charts.tsx';
import { histogramBars, partitionKey, partitionName, percent } from './health-model.ts';
import './health.css';
import { safeTitle, visibleText } from '../common/safe-text.ts';
import { InlineText } from '../common/safe-text-view.tsx';
import { errorText } from '../../core/messages/message-parts.ts';

export interface HealthViewProps {
  readonly tableId: string;
  /** Version id ('' = current). */
  readonly version: string;
  readonly warehouseId: string;
  readonly root: string;
  readonly format: TableFormatName;
}

/** Partitions listed in the table and the picker (the worst first). */
const MAX_LISTED = 200;

function useTableHealth(tableId: string, version: string, storageRefusal: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.health(tableId, version, storageRefusal ?? ''),
    queryFn: ({ signal }) => engine().tableHealth({ tableId, version: version || undefined, ...(storageRefusal ? { storageRefusal } : {}) }, { signal }),
    enabled, staleTime: Infinity, gcTime: 5 * 60_000,
    // A write from a recommendation commits a new metadata file, so the table id (and this key) changes: the
    // report shown stays until the new one is read, or the body — and the write's result toast with its Undo —
    // would be unmounted. The page is keyed by the table's root, so the kept report is always this table's.
    placeholderData: keepPreviousData,
  });
}

export default function HealthView({ tableId, version, warehouseId, root, format }: HealthViewProps) {
  const tr = useMessages();
  const { t } = tr;
  const access = useWriteAccess(warehouseId);
  const refusal = access.data && !access.data.writable ? (access.data.reasonMessage ? tr.ref(access.data.reasonMessage) : access.data.reason) ?? tr.t('ui.writes.readOnly') : undefined;
  const q = useTableHealth(tableId, version, refusal, access.data !== undefined || access.isError);
  if (q.error) return <ErrorPanel error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <ProgressLine label={t('ui.health.loading')} />;
  if (q.data.empty) return <p className="empty-state" data-testid="health-empty">{t('ui.health.empty')}</p>;
  return (
    <>
      {q.isPlaceholderData && <ProgressLine label={t('ui.health.loading')} />}
      <HealthBody health={q.data} warehouseId={warehouseId} root={root} format={format} />
    </>
  );
}

function HealthBody({ health, warehouseId, root, format }: { health: TableHealthDto; warehouseId: string; root: string; format: TableFormatName }) {
  const tr = useMessages();
  const { t, ref } = tr;
  const [picked, setPicked] = useState('');
  const listed = useMemo(() => health.partitions.slice(0, MAX_LISTED), [health]);
  const manySpecs = new Set(health.partitions.map((p) => p.specId)).size > 1;
  const bars = useMemo(() => histogramBars(health, picked), [health, picked]);
  const f = health.files;
  const current = health.manifests?.find((m) => m.versionId === health.versionId);
  const pickedPart = health.partitions.find((p) => partitionKey(p) === picked);
  return (
    <div className="health" data-testid="health-view">
      <section className="health-cards" aria-label={t('ui.health.ratios')}>
        <Card label={t('ui.health.card.smallFiles')} value={percent(f.smallFiles, f.dataFiles)} detail={`${t('ui.health.card.smallFilesValue', { small: f.smallFiles, files: f.dataFiles })} · ${formatBytes(f.smallBytes)}`} warn={f.smallFiles > 1} />
        <Card label={t('ui.health.card.deleteFiles')} value={percent(f.deleteFiles, f.dataFiles + f.deleteFiles)} detail={t('ui.health.card.deleteFilesValue', { deleteFiles: f.deleteFiles, dataFiles: f.dataFiles, withDeletes: f.filesWithDeletes })} warn={f.deleteFiles > 0} />
        <Card label={t('ui.health.card.deleteRows')} value={`${f.deletesWithoutCount ? '≥ ' : ''}${percent(f.deleteRows, f.dataRows)}`}
          detail={`${t('ui.health.card.deleteRowsValue', { deleteRows: f.deleteRows, dataRows: f.dataRows, liveRows: f.liveRows })}${f.deletesWithoutCount ? `; ${t('ui.health.card.deleteRowsUnknown', { files: f.deletesWithoutCount })}` : ''}`}
          warn={f.deleteRows > 0 || f.deletesWithoutCount > 0} />
        <Card label={t('ui.health.card.manifests')} value={current ? formatCount(current.manifests) : t('ui.health.card.none')} detail={current ? t('ui.health.card.manifestsValue', { manifests: current.manifests, bytes: current.bytes }) : ''} />
      </section>
      <p className="muted small health-rule">{t('health.rule.smallFiles', { threshold: health.rule.smallFileBytes, target: health.rule.targetFileSizeBytes, source: health.rule.source })} {t('health.rule.buckets')}</p>
      {f.deleteFiles > 0 && <p className="muted small health-rule">{t('health.rule.deletes')}</p>}

      <Recommendations health={health} warehouseId={warehouseId} root={root} format={format} />

      <section aria-label={t('ui.health.histogram')}>
        <div className="section-head health-head">
          <h2 className="section-title">{t('ui.health.histogram')}</h2>
          <label className="small">{t('ui.health.partitionPick')}{' '}
            <select value={picked} onChange={(e) => setPicked(e.target.value)} aria-label={t('ui.health.partitionPick')}>
              <option value="">{t('ui.health.histogramAll')} ({formatCount(health.partitions.length)})</option>
              {listed.map((p) => <option key={partitionKey(p)} value={partitionKey(p)}>{visibleText(partitionName(p, manySpecs, tr))}</option>)}
            </select>
          </label>
          <span className="small health-legend"><i className="sw small" /> {t('ui.health.smallLine', { threshold: health.rule.smallFileBytes })}</span>
        </div>
        <SizeHistogram bars={bars} caption={`${t('ui.health.histogram')}: ${pickedPart ? partitionName(pickedPart, manySpecs, tr) : t('ui.health.histogramAll')}`} />
      </section>

      {health.partitions.length > 1 && (
        <section aria-label={t('ui.health.partitions')}>
          <h2 className="section-title">{t('ui.health.partitions')}</h2>
          <div className="health-table-wrap">
            <table className="grid compact health-parts">
              <thead><tr>
                <th>{t('ui.health.col.partition')}</th><th className="num">{t('ui.health.col.files')}</th><th className="num">{t('ui.health.col.small')}</th>
                <th className="num">{t('ui.health.col.withDeletes')}</th><th className="num">{t('ui.health.col.bytes')}</th><th className="num">{t('ui.health.col.avg')}</th>
              </tr></thead>
              <tbody>
                {listed.slice(0, 20).map((p) => (
                  <tr key={partitionKey(p)} className={partitionKey(p) === picked ? 'selected' : ''}>
                    <td><button type="button" className="btn-link mono" title={safeTitle(partitionName(p, manySpecs, tr))} onClick={() => setPicked(partitionKey(p))}><InlineText text={partitionName(p, manySpecs, tr)} /></button></td>
                    <td className="num">{formatCount(p.dataFiles)}</td><td className="num">{formatCount(p.smallFiles)}</td><td className="num">{formatCount(p.filesWithDeletes)}</td>
                    <td className="num">{formatBytes(p.bytes)}</td><td className="num">{formatBytes(Math.round(p.bytes / p.dataFiles))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      <section aria-label={t('ui.health.overTime')}>
        <h2 className="section-title">{t('ui.health.overTime')}</h2>
        <HealthSeries health={health} />
      </section>
      {health.notes.length > 0 && <ul className="muted small health-notes">{health.notes.map((n) => <li key={n.key}>{ref(n)}</li>)}</ul>}
    </div>
  );
}

function Card({ label, value, detail, warn = false }: { label: string; value: string; detail: string; warn?: boolean }) {
  return (
    <div className={`health-card${warn ? ' warn' : ''}`} role="group" aria-label={label}>
      <span className="health-card-label">{label}</span>
      <strong className="health-card-value num">{value}</strong>
      <span className="small muted">{detail}</span>
    </div>
  );
}

function Recommendations({ health, warehouseId, root, format }: { health: TableHealthDto; warehouseId: string; root: string; format: TableFormatName }) {
  const tr = useMessages();
  const { t, ref } = tr;
  const qc = useQueryClient();
  const [toast, setToast] = useState<{ result: WriteResultDto; title: Note } | undefined>();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: queryKeys.table(warehouseId, root) });
    void qc.invalidateQueries({ queryKey: queryKeys.tableFiles(warehouseId, root) });
  };
  const flow = useWriteFlow({ warehouseId, root, format }, {
    onCommitted: (result, title) => { refresh(); setToast({ result, title }); },
    onUncertain: refresh,
  });
  const open = (r: RecommendationDto) => flow.prepare({ action: r.action }, r.title);
  // Why an action is unavailable, in the reader's language where the engine gave the reason as a message.
  const why = (r: RecommendationDto) => (r.unavailableReasonMessage ? errorText(r.unavailableReasonMessage, tr.catalog) : r.unavailableReason);
  // One reason for all (read-only storage, a format without writes) is said once, above the list.
  const reasons = new Set(health.recommendations.map((r) => (r.available ? '' : why(r) ?? '')));
  const common = reasons.size === 1 && !reasons.has('') ? [...reasons][0] : undefined;
  return (
    <section aria-label={t('ui.health.recommendations')}>
      <h2 className="section-title">{t('ui.health.recommendations')}</h2>
      {health.recommendations.length === 0
        ? <p className="muted small">{health.isCurrent ? t('health.healthy') : t('health.rule.recommendationsCurrentOnly')}</p>
        : (
          <>
          {common && <p className="small muted health-rec-why" data-testid="health-unavailable">{t('ui.health.unavailableWhy', { reason: common })}</p>}
          <ol className="health-recs" data-testid="health-recommendations">
            {health.recommendations.map((r) => (
              <li key={r.id} className={`health-rec${r.available ? '' : ' off'}`}>
                <div className="health-rec-text">
                  <strong>{ref(r.title)}</strong>
                  <p className="small">{ref(r.reason)}</p>
                  {!r.available && !common && <p className="small muted health-rec-why">{t('ui.health.unavailableWhy', { reason: why(r) ?? '' })}</p>}
                </div>
                <button type="button" className="btn btn-small" disabled={!r.available} title={r.available ? undefined : why(r)}
                  aria-label={`${t('ui.health.preview')} ${ref(r.title)}`} onClick={() => open(r)}>{t('ui.health.preview')}</button>
              </li>
            ))}
          </ol>
          </>
        )}
      <WriteDialog flow={flow} existingRefs={[]} />
      {toast && (
        <UndoToast result={toast.result} title={toast.title} onClose={() => setToast(undefined)}
          onUndo={toast.result.undo ? () => { const u = toast.result.undo!; setToast(undefined); flow.prepare(u.request, undoTitle(u, tr)); } : undefined} />
      )}
    </section>
  );
}
