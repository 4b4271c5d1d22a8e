/**
 * "What does this delete?" for a delete file or deletion vector of the tree: the (data file, position)
 * pairs it holds, and one click away the rows at those positions, read from the data file as written
 * (engine call `deletedRows`, core/api deleted-rows.ts).
 */
import { useState } from 'react';
import type { DeletedRowsOfFileDto } from '../../core/api/deleted-rows.ts';
import type { TreeNode } from '../../core/api/table-dto.ts';
import { formatCount } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { cellText } from '../data/grid-model.ts';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { useDeletedRows } from '../queries/table-queries.ts';

/** Positions listed before "… and N more". */
const SHOWN_POSITIONS = 200;

export function DeletedRowsPanel({ tableId, version, node, onOpenRaw }: { tableId: string; version: string; node: TreeNode; onOpenRaw?: (key: string) => void }) {
  const { t } = useMessages();
  const [withRows, setWithRows] = useState(false);
  const positions = useDeletedRows(tableId, version, node, false);
  const rows = useDeletedRows(tableId, version, node, true, withRows);
  if (node.details?.content === 'equality-deletes') return <p className="muted small">{t('ui.deletes.equality')}</p>;
  const data = rows.data ?? positions.data;
  const total = data?.files.reduce((n, f) => n + f.count, 0) ?? 0;
  return (
    <section className="deleted-rows" aria-label={t('ui.deletes.title')} data-testid="deleted-positions">
      <h3 className="label">{t('ui.deletes.title')}</h3>
      {positions.isPending && <ProgressLine label={t('ui.deletes.loading')} />}
      {positions.error && <ErrorPanel error={positions.error} onRetry={() => void positions.refetch()} />}
      {data && (
        <>
          <p className="small">{data.files.length === 0 ? t('ui.deletes.none') : t('ui.deletes.summary', { count: total, files: data.files.length })}</p>
          {data.files.map((f) => <FilePositions key={f.dataFile} file={f} onOpenRaw={onOpenRaw} />)}
          {!withRows && data.files.length > 0 && (
            <button type="button" className="btn btn-small" onClick={() => setWithRows(true)}>{t('ui.deletes.showRows')}</button>
          )}
          {withRows && rows.isPending && <ProgressLine label={t('ui.deletes.readingRows')} />}
          {rows.error && <ErrorPanel error={rows.error} onRetry={() => void rows.refetch()} />}
          {rows.data && <p className="muted small">{t('ui.deletes.rowsNote')}</p>}
        </>
      )}
    </section>
  );
}

function FilePositions({ file, onOpenRaw }: { file: DeletedRowsOfFileDto; onOpenRaw?: (key: string) => void }) {
  const { t } = useMessages();
  const name = file.dataFile.split('/').pop() ?? file.dataFile;
  const shown = file.positions.slice(0, SHOWN_POSITIONS);
  const more = file.count - shown.length;
  return (
    <div className="deleted-file">
      <div className="small">
        <span className="mono wrap" title={file.dataFile}>{name}</span>
        {file.key && onOpenRaw && <> <button type="button" className="btn-link small" onClick={() => onOpenRaw(file.key as string)}>{t('ui.deletes.openData')}</button></>}
      </div>
      <div className="muted small">{t('ui.deletes.positions', { count: file.count })}</div>
      <div className="mono small deleted-positions-list" data-testid="deleted-position-list">{shown.join(', ')}{more > 0 && <span className="muted"> {t('ui.deletes.more', { count: more })}</span>}</div>
      {file.rowsError && <div className="error-inline small" role="alert">{t('ui.deletes.rowsError', { message: file.rowsError })}</div>}
      {file.rows && file.columns && (
        <div className="deleted-rows-table">
          <table className="grid compact" aria-label={t('ui.deletes.rowsLabel', { file: name })} data-testid="deleted-rows">
            <thead><tr><th className="num">{t('ui.deletes.position')}</th>{file.columns.map((c) => <th key={c.name} className={c.kind === 'number' ? 'num' : ''}>{c.name}</th>)}</tr></thead>
            <tbody>
              {file.rows.map((r) => (
                <tr key={r.position}>
                  <td className="num">{formatCount(r.position)}</td>
                  {file.columns!.map((c) => {
                    const v = cellText(r.values[c.name]);
                    return <td key={c.name} className={`${c.kind === 'number' ? 'num' : ''}${v.isNull ? ' null' : ''}`} title={v.full.length > 24 ? v.full : undefined}>{v.text}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
