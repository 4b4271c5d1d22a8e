/** The `entries` metadata table: every manifest entry of a snapshot (DELETED ones too), with inherited sequence numbers. */
import type { Table } from 'apache-arrow';
import { T, columns, tableOf } from '../scan/arrow-build.ts';
import { type InspectContext, type InspectOptions, snapshotEntries, snapshotOf } from './context.ts';
import { fileColumns, fileRow } from './files.ts';
import { unifiedPartition } from './partition-struct.ts';

const STATUS = { existing: 0, added: 1, deleted: 2 } as const;

export async function inspectEntries(ctx: InspectContext, opts: InspectOptions = {}): Promise<Table> {
  const partition = unifiedPartition(ctx.meta);
  const cols = columns([['status', T.int, true], ['snapshot_id', T.long], ['sequence_number', T.long], ['file_sequence_number', T.long]]);
  const dataFile = { id: 5, name: 'data_file', required: true, type: { kind: 'struct' as const, fields: fileColumns(partition.type) } };
  const snapshot = snapshotOf(ctx, opts);
  const entries = snapshot ? await snapshotEntries(ctx, snapshot, opts.signal) : [];
  return tableOf([...cols, dataFile], entries.map(({ entry }) => ({
    status: STATUS[entry.status], snapshot_id: entry.snapshotId, sequence_number: entry.sequenceNumber,
    file_sequence_number: entry.fileSequenceNumber, data_file: fileRow(entry.dataFile, partition),
  })));
}
