/**
 * The full record of a tree node as its parent file stores it — a manifest entry (status, sequence
 * numbers, partition tuple, column sizes, value/null counts, lower/upper bounds) or a manifest-list
 * record (counts and partition summaries) — read through the raw decoder, with field notes.
 */
import type { DisplayValue, TreeNode } from '../../core/api/table-dto.ts';
import { useRawFile } from '../queries/table-queries.ts';
import { JsonTree } from '../raw/json-tree.tsx';
import { useMessages } from '../common/messages.ts';

const PAGE = 100;

/** True when the record names the node's file (so a position mismatch never shows another file's record). */
export function recordMatches(record: DisplayValue | undefined, node: TreeNode): boolean {
  if (record === undefined || record === null) return false;
  const needle = node.path ?? node.label;
  return JSON.stringify(record).includes(JSON.stringify(needle).slice(1, -1));
}

export function ParentRecord({ warehouseId, parent, index, node }: { warehouseId: string; parent: TreeNode; index: number; node: TreeNode }) {
  const offset = Math.floor(index / PAGE) * PAGE;
  const q = useRawFile(warehouseId, parent.location, offset);
  const record = q.data?.records?.[index - offset];
  const tr = useMessages();
  const what = parent.kind === 'manifest' ? tr.t('ui.parentRecord.entry') : tr.t('ui.parentRecord.listRecord');
  return (
    <details className="inspector-record" open>
      <summary>{what} <span className="muted small">{tr.t('ui.parentRecord.position', { index: index + 1, of: parent.label })}</span></summary>
      {q.isPending && <div className="muted small">{tr.t('ui.parentRecord.reading', { file: parent.label })}</div>}
      {q.error && <div className="error-inline small">{String((q.error as { message?: string }).message ?? q.error)}</div>}
      {q.data && (recordMatches(record, node)
        ? <div className="jt-root compact"><JsonTree value={record as DisplayValue} role={q.data.role} openDepth={1} /></div>
        : <div className="muted small">{tr.t('ui.parentRecord.mismatch')}</div>)}
    </details>
  );
}
