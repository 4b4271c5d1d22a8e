/**
 * The `$log` metadata table (issue 16): the transaction log as rows, one per action of every commit file
 * up to a version (PROTOCOL.md "Delta Log Entries" and "Actions") — the commit's version, time and
 * operation (its commitInfo), the action type (`add`, `remove`, `metaData`, `protocol`, `commitInfo`,
 * `cdc`, `txn`, `domainMetadata`, …), and for file actions the path, size, dataChange, partition values
 * and deletion vector cardinality. Commits older than the last checkpoint whose JSON files were cleaned up
 * (log retention) are not in the listing and so not in the table; checkpoints themselves are `$states`.
 */
import type { Table } from 'apache-arrow';
import { rowsTable } from '../../../arrow/index.ts';
import { pool } from '../../../util/async.ts';
import type { LogStore } from '../io/log-store.ts';
import type { Action } from '../spec/actions.ts';
import type { LogFile } from '../spec/log-files.ts';

export const LOG_COLUMNS = [
  ['version', 'long'], ['timestamp', 'timestamp'], ['operation', 'string'], ['action', 'string'], ['path', 'string'], ['size', 'long'],
  ['data_change', 'bool'], ['partition_values', 'string'], ['dv_cardinality', 'long'], ['detail', 'string'], ['commit_file', 'string'],
] as const;

type Commit = Extract<LogFile, { kind: 'commit' }>;

/** The fields of one action that the table shows besides its type. */
function actionFields(a: Action): Record<string, unknown> {
  const pv = (v: Readonly<Record<string, string | null>> | undefined) => (v ? JSON.stringify(v) : null);
  switch (a.type) {
    case 'add': return { path: a.add.path, size: a.add.size, data_change: a.add.dataChange, partition_values: pv(a.add.partitionValues), dv_cardinality: a.add.deletionVector?.cardinality ?? null };
    case 'remove': return { path: a.remove.path, size: a.remove.size ?? null, data_change: a.remove.dataChange, partition_values: pv(a.remove.partitionValues), dv_cardinality: a.remove.deletionVector?.cardinality ?? null };
    case 'cdc': return { path: a.cdc.path, size: a.cdc.size, data_change: a.cdc.dataChange, partition_values: pv(a.cdc.partitionValues) };
    case 'metaData': return { detail: `id ${a.metaData.id}${a.metaData.partitionColumns.length ? `, partitioned by ${a.metaData.partitionColumns.join(', ')}` : ''}` };
    case 'protocol': return { detail: `reader ${a.protocol.minReaderVersion}, writer ${a.protocol.minWriterVersion}${a.protocol.readerFeatures?.length || a.protocol.writerFeatures?.length ? `, features ${[...new Set([...(a.protocol.readerFeatures ?? []), ...(a.protocol.writerFeatures ?? [])])].join(', ')}` : ''}` };
    case 'commitInfo': return { detail: a.commitInfo.engineInfo ?? null };
    case 'txn': return { detail: `${a.txn.appId} ${a.txn.version}` };
    case 'domainMetadata': return { detail: `${a.domainMetadata.domain}${a.domainMetadata.removed ? ' (removed)' : ''}` };
    case 'sidecar': return { path: a.sidecar.path, size: a.sidecar.sizeInBytes };
    case 'checkpointMetadata': return { detail: `version ${a.checkpointMetadata.version}` };
  }
}

/** The actions of `commits` (oldest first) as rows; `times` gives each version's commit time. */
export async function inspectLog(log: LogStore, commits: readonly Commit[], times: ReadonlyMap<bigint, number>, signal?: AbortSignal): Promise<Table> {
  const actions = await pool(commits, 8, (c, _i, sig) => log.commit(c, sig), signal);
  const rows = commits.flatMap((c, k) => {
    const operation = actions[k]!.find((a) => a.type === 'commitInfo')?.commitInfo.operation ?? null;
    return actions[k]!.map((a) => ({ version: c.version, timestamp: times.get(c.version) ?? null, operation, action: a.type, commit_file: c.key, ...actionFields(a) }));
  });
  return rowsTable(LOG_COLUMNS, rows);
}
