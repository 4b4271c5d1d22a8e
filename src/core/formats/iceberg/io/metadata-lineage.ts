/**
 * A Hadoop-style table's metadata files form a chain: `v<N>.metadata.json` is written from
 * `v<N-1>.metadata.json` and its `metadata-log` ends with that file (spec "Table Metadata Fields",
 * `metadata-log`; Java `TableMetadata.Builder` appends the previous file on every commit). A file
 * whose log ends elsewhere is not the commit after its predecessor — an older file copied or swapped
 * into its place, which would silently show an older state as current.
 */
import type { LakeError } from '../../../errors.ts';
import { basename } from '../../../util/paths.ts';
import type { TableMetadata } from '../spec/table-metadata.ts';
import { messageError } from '../../../message-error.ts';

/**
 * The predecessor `key` (a `v<N>.metadata.json`) should continue but does not, or undefined when the
 * chain holds or cannot be checked. Must hold: UUID-named files (metastore tables, where failed commits
 * leave orphans of the same number), logs naming UUID files, and tables that keep no log are never
 * questioned. The caller
 * refuses the file only when that predecessor is readable: a commit made after a torn `v<N-1>` (a
 * crashed writer) rightly continues `v<N-2>`.
 */
export function brokenLineage(key: string, metadata: TableMetadata, listedNames: ReadonlySet<string>): { previous: string; loggedLast: string } | undefined {
  const m = /^v(\d+)\.metadata\.json$/.exec(basename(key));
  if (!m) return undefined;
  const previous = `v${Number(m[1]) - 1}.metadata.json`;
  const last = metadata.metadataLog[metadata.metadataLog.length - 1];
  if (!last || !listedNames.has(previous)) return undefined;
  // Only a log that is itself Hadoop-style and ends before the predecessor is a broken chain: tables
  // renamed from UUID names to vN (test-data copies do this) keep their original names in the log.
  const logged = /^v(\d+)\.metadata\.json$/.exec(basename(last.metadataFile));
  if (!logged || Number(logged[1]) >= Number(m[1]) - 1) return undefined;
  return { previous, loggedLast: basename(last.metadataFile) };
}

/** The DataInvalid error of a file that does not continue its readable predecessor. */
export function lineageError(key: string, b: { previous: string; loggedLast: string }): LakeError {
  return messageError('DataInvalid', 'error.iceberg.lineage', { file: key, previous: b.previous, last: b.loggedLast }, { file: key });
}
