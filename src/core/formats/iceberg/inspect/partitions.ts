/**
 * The `partitions` metadata table: per (spec, partition) of a snapshot, counts and sizes of live data and
 * delete files and when the partition last changed (the newest snapshot that added one of its files).
 */
import type { Table } from 'apache-arrow';
import { partitionKey } from '../scan/delete-index.ts';
import { T, columns, msToMicros, tableOf } from '../scan/arrow-build.ts';
import { type InspectContext, type InspectOptions, snapshotEntries, snapshotOf } from './context.ts';
import { unifiedPartition } from './partition-struct.ts';

export async function inspectPartitions(ctx: InspectContext, opts: InspectOptions = {}): Promise<Table> {
  const partition = unifiedPartition(ctx.meta);
  const cols = [
    { id: 1, name: 'partition', required: true, type: partition.type },
    ...columns([
      ['spec_id', T.int, true], ['record_count', T.long, true], ['file_count', T.int, true], ['total_data_file_size_in_bytes', T.long, true],
      ['position_delete_record_count', T.long, true], ['position_delete_file_count', T.int, true],
      ['equality_delete_record_count', T.long, true], ['equality_delete_file_count', T.int, true],
      ['last_updated_at', T.timestamptz], ['last_updated_snapshot_id', T.long],
    ]).map((c) => ({ ...c, id: c.id + 1 })),
  ];
  const snapshot = snapshotOf(ctx, opts);
  const entries = snapshot ? await snapshotEntries(ctx, snapshot, opts.signal) : [];
  const times = new Map(ctx.meta.snapshots.map((s) => [s.snapshotId, s.timestampMs]));
  const groups = new Map<string, Record<string, unknown> & { record_count: bigint; file_count: number; total_data_file_size_in_bytes: bigint; position_delete_record_count: bigint; position_delete_file_count: number; equality_delete_record_count: bigint; equality_delete_file_count: number; last_updated_at: bigint | null; last_updated_snapshot_id: bigint | null }>();
  for (const { entry } of entries) {
    if (entry.status === 'deleted') continue;
    const f = entry.dataFile;
    const key = partitionKey(f.specId, f.partition);
    let g = groups.get(key);
    if (!g) {
      g = { partition: partition.value(f.specId, f.partition), spec_id: f.specId, record_count: 0n, file_count: 0, total_data_file_size_in_bytes: 0n,
        position_delete_record_count: 0n, position_delete_file_count: 0, equality_delete_record_count: 0n, equality_delete_file_count: 0, last_updated_at: null, last_updated_snapshot_id: null };
      groups.set(key, g);
    }
    if (f.content === 'data') { g.record_count += f.recordCount; g.file_count++; g.total_data_file_size_in_bytes += f.fileSizeInBytes; }
    else if (f.content === 'position-deletes') { g.position_delete_record_count += f.recordCount; g.position_delete_file_count++; }
    else { g.equality_delete_record_count += f.recordCount; g.equality_delete_file_count++; }
    const at = entry.snapshotId === undefined ? undefined : times.get(entry.snapshotId);
    if (at !== undefined && (g.last_updated_at === null || msToMicros(at)! > g.last_updated_at)) { g.last_updated_at = msToMicros(at); g.last_updated_snapshot_id = entry.snapshotId!; }
  }
  return tableOf(cols, [...groups.values()]);
}
