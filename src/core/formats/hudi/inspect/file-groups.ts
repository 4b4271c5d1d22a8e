/**
 * The `$file_groups` metadata table (issue 16): one row per file group live at a version (Hudi tech spec
 * "File groups and file slices"; what `hudi-cli show fsview latest` prints) — its partition and file id,
 * the latest file slice's base file and log files, the latest instant that wrote into the slice, and the
 * slice's size. Built from the file system view as of the version (scan/fs-view.ts), so replaced groups
 * (clustering, insert overwrite) are absent.
 */
import type { Table } from 'apache-arrow';
import { rowsTable } from '../../../arrow/index.ts';
import type { HudiMetadata } from '../io/metadata.ts';
import { fsViewAsOf } from '../scan/plan.ts';

export const FILE_GROUPS_COLUMNS = [
  ['partition', 'string'], ['file_id', 'string'], ['base_instant', 'string'], ['base_file', 'string'], ['log_files', 'string'],
  ['log_file_count', 'int'], ['latest_instant', 'string'], ['size_in_bytes', 'long'],
] as const;

const nameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** The file groups as of instant `asOf` (none when the table has no version yet). */
export async function inspectFileGroups(meta: HudiMetadata, asOf: string | undefined, signal?: AbortSignal): Promise<Table> {
  const view = asOf === undefined ? undefined : await fsViewAsOf(meta, asOf, signal);
  const rows = (view?.fileGroups ?? []).map((g) => {
    const slice = g.slices.at(-1)!;
    const instants = [slice.baseFile?.instantTime ?? slice.baseInstant, ...slice.logFiles.map((l) => l.instantTime)];
    return {
      partition: g.partition, file_id: g.fileId, base_instant: slice.baseInstant,
      base_file: slice.baseFile ? nameOf(slice.baseFile.key) : null,
      log_files: slice.logFiles.map((l) => nameOf(l.key)).join(', '), log_file_count: slice.logFiles.length,
      latest_instant: instants.reduce((a, b) => (b > a ? b : a)),
      size_in_bytes: BigInt((slice.baseFile?.size ?? 0) + slice.logFiles.reduce((s, l) => s + l.size, 0)),
    };
  });
  return rowsTable(FILE_GROUPS_COLUMNS, rows);
}
