/**
 * The `metadata_log_entries` metadata table: previous metadata files (spec `metadata-log`) plus the one
 * being read, each with the snapshot that was current when it was written (looked up in the snapshot log).
 */
import type { Table } from 'apache-arrow';
import { T, columns, msToMicros, tableOf } from '../scan/arrow-build.ts';
import type { InspectContext } from './context.ts';

export const METADATA_LOG_COLUMNS = columns([
  ['timestamp', T.timestamptz, true], ['file', T.string, true], ['latest_snapshot_id', T.long], ['latest_schema_id', T.int], ['latest_sequence_number', T.long],
]);

export async function inspectMetadataLogEntries(ctx: InspectContext): Promise<Table> {
  const { meta } = ctx;
  const entries = [...meta.metadataLog, { timestampMs: meta.lastUpdatedMs, metadataFile: ctx.metadataKey }];
  const byId = new Map(meta.snapshots.map((s) => [s.snapshotId, s]));
  return tableOf(METADATA_LOG_COLUMNS, entries.map((e) => {
    let latest: bigint | undefined;
    for (const l of meta.snapshotLog) if (l.timestampMs <= e.timestampMs) latest = l.snapshotId;
    const snap = latest === undefined ? undefined : byId.get(latest);
    return { timestamp: msToMicros(e.timestampMs), file: e.metadataFile, latest_snapshot_id: latest, latest_schema_id: snap?.schemaId, latest_sequence_number: snap?.sequenceNumber };
  }));
}
