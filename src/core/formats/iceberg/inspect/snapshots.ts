/** The `snapshots` metadata table (as pyiceberg's): one row per snapshot in the metadata file. */
import type { Table } from 'apache-arrow';
import { STRING_MAP, T, columns, msToMicros, tableOf } from '../scan/arrow-build.ts';
import type { InspectContext } from './context.ts';

export const SNAPSHOTS_COLUMNS = columns([
  ['committed_at', T.timestamptz, true], ['snapshot_id', T.long, true], ['parent_id', T.long], ['operation', T.string],
  ['manifest_list', T.string], ['summary', STRING_MAP],
]);

export async function inspectSnapshots(ctx: InspectContext): Promise<Table> {
  return tableOf(SNAPSHOTS_COLUMNS, ctx.meta.snapshots.map((s) => ({
    committed_at: msToMicros(s.timestampMs), snapshot_id: s.snapshotId, parent_id: s.parentSnapshotId, operation: s.operation,
    manifest_list: s.manifestList ?? null, summary: Object.entries(s.summary).filter(([k]) => k !== 'operation'),
  })));
}
