/**
 * The `history` metadata table: the snapshot log (when each snapshot became current), and whether each
 * is an ancestor of the current snapshot (false after a rollback made another line current).
 */
import type { Table } from 'apache-arrow';
import { T, columns, msToMicros, tableOf } from '../scan/arrow-build.ts';
import type { InspectContext } from './context.ts';

export const HISTORY_COLUMNS = columns([
  ['made_current_at', T.timestamptz, true], ['snapshot_id', T.long, true], ['parent_id', T.long], ['is_current_ancestor', T.bool, true],
]);

export async function inspectHistory(ctx: InspectContext): Promise<Table> {
  const byId = new Map(ctx.meta.snapshots.map((s) => [s.snapshotId, s]));
  const ancestors = new Set<bigint>();
  for (let id = ctx.meta.currentSnapshotId; id !== undefined && !ancestors.has(id); id = byId.get(id)?.parentSnapshotId) ancestors.add(id);
  return tableOf(HISTORY_COLUMNS, ctx.meta.snapshotLog.map((e) => ({
    made_current_at: msToMicros(e.timestampMs), snapshot_id: e.snapshotId, parent_id: byId.get(e.snapshotId)?.parentSnapshotId,
    is_current_ancestor: ancestors.has(e.snapshotId),
  })));
}
