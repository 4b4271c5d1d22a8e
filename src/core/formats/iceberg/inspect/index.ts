/**
 * Iceberg metadata tables as Arrow, one function each with an explicit schema (as pyiceberg's `inspect`):
 * snapshots, refs, history, metadata_log_entries, manifests, entries, files, data_files, delete_files,
 * partitions. Snapshot-level tables take `{version | asOfTimestampMs}` (current snapshot by default).
 */
export { inspectSnapshots } from './snapshots.ts';
export { inspectRefs } from './refs.ts';
export { inspectHistory } from './history.ts';
export { inspectMetadataLogEntries } from './metadata-log-entries.ts';
export { inspectManifests } from './manifests.ts';
export { inspectEntries } from './entries.ts';
export { inspectFiles, inspectDataFiles, inspectDeleteFiles } from './files.ts';
export { inspectPartitions } from './partitions.ts';
export type { InspectContext, InspectOptions, InspectFn } from './context.ts';
import { inspectSnapshots } from './snapshots.ts';
import { inspectRefs } from './refs.ts';
import { inspectHistory } from './history.ts';
import { inspectMetadataLogEntries } from './metadata-log-entries.ts';
import { inspectManifests } from './manifests.ts';
import { inspectEntries } from './entries.ts';
import { inspectFiles, inspectDataFiles, inspectDeleteFiles } from './files.ts';
import { inspectPartitions } from './partitions.ts';
import type { InspectFn } from './context.ts';

/** Every metadata table by its Iceberg name. */
export const METADATA_TABLES: Readonly<Record<string, InspectFn>> = {
  snapshots: inspectSnapshots, refs: inspectRefs, history: inspectHistory, metadata_log_entries: inspectMetadataLogEntries,
  manifests: inspectManifests, entries: inspectEntries, files: inspectFiles, data_files: inspectDataFiles,
  delete_files: inspectDeleteFiles, partitions: inspectPartitions,
};
