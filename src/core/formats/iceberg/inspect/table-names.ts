/**
 * The names of the metadata tables inspect/index.ts serves, without their code: a table lists them when it
 * opens, and loads the functions only when one is read (issue 17). index.test.ts checks they are the same.
 */
export const METADATA_TABLE_NAMES: readonly string[] = [
  'snapshots', 'refs', 'history', 'metadata_log_entries', 'manifests', 'entries', 'files', 'data_files', 'delete_files', 'partitions',
];
