/**
 * The `files`, `data_files` and `delete_files` metadata tables: the live (ADDED or EXISTING) content files
 * of a snapshot with their partition, counts, metrics and v2/v3 delete fields.
 */
import type { Table } from 'apache-arrow';
import type { DataFile } from '../spec/manifest.ts';
import type { IcebergType, NestedField } from '../spec/types.ts';
import { INT_BINARY_MAP, INT_LONG_MAP, T, listOf, tableOf } from '../scan/arrow-build.ts';
import { type InspectContext, type InspectOptions, snapshotEntries, snapshotOf } from './context.ts';
import { unifiedPartition, type UnifiedPartition } from './partition-struct.ts';

const CONTENT: Record<DataFile['content'], number> = { 'data': 0, 'position-deletes': 1, 'equality-deletes': 2 };

/** The data_file columns (shared with `entries`), with the table's unified partition struct. */
export function fileColumns(partition: IcebergType): NestedField[] {
  const spec: [string, IcebergType, boolean?][] = [
    ['content', T.int, true], ['file_path', T.string, true], ['file_format', T.string, true], ['spec_id', T.int, true], ['partition', partition, true],
    ['record_count', T.long, true], ['file_size_in_bytes', T.long, true], ['column_sizes', INT_LONG_MAP], ['value_counts', INT_LONG_MAP],
    ['null_value_counts', INT_LONG_MAP], ['nan_value_counts', INT_LONG_MAP], ['lower_bounds', INT_BINARY_MAP], ['upper_bounds', INT_BINARY_MAP],
    ['key_metadata', T.binary], ['split_offsets', listOf(T.long)], ['equality_ids', listOf(T.int)], ['sort_order_id', T.int],
    ['first_row_id', T.long], ['referenced_data_file', T.string], ['content_offset', T.long], ['content_size_in_bytes', T.long],
  ];
  return spec.map(([name, type, required], i) => ({ id: i + 1, name, type, required: required ?? false }));
}

/** One row of the file columns. */
export function fileRow(f: DataFile, partition: UnifiedPartition): Record<string, unknown> {
  return {
    content: CONTENT[f.content], file_path: f.filePath, file_format: f.fileFormat.toUpperCase(), spec_id: f.specId,
    partition: partition.value(f.specId, f.partition), record_count: f.recordCount, file_size_in_bytes: f.fileSizeInBytes,
    column_sizes: f.columnSizes, value_counts: f.valueCounts, null_value_counts: f.nullValueCounts, nan_value_counts: f.nanValueCounts,
    lower_bounds: f.lowerBounds, upper_bounds: f.upperBounds, key_metadata: f.keyMetadata, split_offsets: f.splitOffsets,
    equality_ids: f.equalityIds, sort_order_id: f.sortOrderId, first_row_id: f.firstRowId, referenced_data_file: f.referencedDataFile,
    content_offset: f.contentOffset, content_size_in_bytes: f.contentSizeInBytes,
  };
}

async function liveFiles(ctx: InspectContext, opts: InspectOptions, keep: (f: DataFile) => boolean): Promise<Table> {
  const partition = unifiedPartition(ctx.meta);
  const snapshot = snapshotOf(ctx, opts);
  const entries = snapshot ? await snapshotEntries(ctx, snapshot, opts.signal) : [];
  const rows = entries.filter(({ entry }) => entry.status !== 'deleted' && keep(entry.dataFile)).map(({ entry }) => fileRow(entry.dataFile, partition));
  return tableOf(fileColumns(partition.type), rows);
}

export const inspectFiles = (ctx: InspectContext, opts: InspectOptions = {}) => liveFiles(ctx, opts, () => true);
export const inspectDataFiles = (ctx: InspectContext, opts: InspectOptions = {}) => liveFiles(ctx, opts, (f) => f.content === 'data');
export const inspectDeleteFiles = (ctx: InspectContext, opts: InspectOptions = {}) => liveFiles(ctx, opts, (f) => f.content !== 'data');
