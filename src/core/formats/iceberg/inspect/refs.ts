/** The `refs` metadata table: branches and tags with their retention settings (spec "Snapshot References"). */
import type { Table } from 'apache-arrow';
import { T, columns, tableOf } from '../scan/arrow-build.ts';
import type { InspectContext } from './context.ts';

export const REFS_COLUMNS = columns([
  ['name', T.string, true], ['type', T.string, true], ['snapshot_id', T.long, true],
  ['max_reference_age_in_ms', T.long], ['min_snapshots_to_keep', T.int], ['max_snapshot_age_in_ms', T.long],
]);

export async function inspectRefs(ctx: InspectContext): Promise<Table> {
  return tableOf(REFS_COLUMNS, ctx.meta.refs.map((r) => ({
    name: r.name, type: r.type.toUpperCase(), snapshot_id: r.snapshotId, max_reference_age_in_ms: r.maxRefAgeMs,
    min_snapshots_to_keep: r.minSnapshotsToKeep, max_snapshot_age_in_ms: r.maxSnapshotAgeMs,
  })));
}
