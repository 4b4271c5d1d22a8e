/** The `manifests` metadata table: the manifest list of a snapshot, with readable partition summaries. */
import type { Table } from 'apache-arrow';
import { readSnapshotManifests } from '../scan/snapshot-manifests.ts';
import { partitionFieldsFor, specOf } from '../scan/partition-fields.ts';
import { decodeBinaryValue } from '../spec/single-value.ts';
import { partitionValueToString } from '../spec/transform.ts';
import { isNested, type IcebergType } from '../spec/types.ts';
import { T, columns, listOf, tableOf } from '../scan/arrow-build.ts';
import { type InspectContext, type InspectOptions, snapshotOf } from './context.ts';

const SUMMARY: IcebergType = {
  kind: 'struct', fields: columns([['contains_null', T.bool, true], ['contains_nan', T.bool], ['lower_bound', T.string], ['upper_bound', T.string]]),
};

export const MANIFESTS_COLUMNS = columns([
  ['content', T.int, true], ['path', T.string, true], ['length', T.long, true], ['partition_spec_id', T.int, true], ['added_snapshot_id', T.long],
  ['added_data_files_count', T.int], ['existing_data_files_count', T.int], ['deleted_data_files_count', T.int],
  ['added_delete_files_count', T.int], ['existing_delete_files_count', T.int], ['deleted_delete_files_count', T.int],
  ['partition_summaries', listOf(SUMMARY)],
]);

export async function inspectManifests(ctx: InspectContext, opts: InspectOptions = {}): Promise<Table> {
  const snapshot = snapshotOf(ctx, opts);
  const manifests = snapshot ? await readSnapshotManifests(ctx.files, snapshot, opts.signal) : [];
  return tableOf(MANIFESTS_COLUMNS, manifests.map((m) => {
    const fields = partitionFieldsFor(ctx.meta, specOf(ctx.meta, m.partitionSpecId, m.path));
    const data = m.content === 'data';
    const bound = (b: Uint8Array | undefined, i: number) => {
      const f = fields[i]; const t = f?.type;
      if (!b || !t || isNested(t)) return null;
      const v = decodeBinaryValue(t, b);
      return v === undefined ? null : partitionValueToString(f.field.transform, t, v);
    };
    return {
      content: data ? 0 : 1, path: m.path, length: m.length, partition_spec_id: m.partitionSpecId, added_snapshot_id: m.addedSnapshotId,
      added_data_files_count: data ? m.addedFilesCount : 0, existing_data_files_count: data ? m.existingFilesCount : 0, deleted_data_files_count: data ? m.deletedFilesCount : 0,
      added_delete_files_count: data ? 0 : m.addedFilesCount, existing_delete_files_count: data ? 0 : m.existingFilesCount, deleted_delete_files_count: data ? 0 : m.deletedFilesCount,
      partition_summaries: (m.partitions ?? []).map((s, i) => ({ contains_null: s.containsNull, contains_nan: s.containsNaN, lower_bound: bound(s.lowerBound, i), upper_bound: bound(s.upperBound, i) })),
    };
  }));
}
