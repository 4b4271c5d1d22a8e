/**
 * The `$buckets` system table as Paimon has it (Paimon docs "System Tables" › Buckets Table; paimon-core
 * `table/system/BucketsTable` over `FileStoreScan.readBucketEntries`): one row per (partition, bucket)
 * with live data files in a snapshot — `partition` (the partition values as `{v1, v2}`, `{}` when
 * unpartitioned), `bucket`, `record_count` (rows of its files, before merging keys), `file_size_in_bytes`,
 * `file_count` and `last_update_time` (the newest file's creation time).
 */
import type { Table } from 'apache-arrow';
import { rowsTable } from '../../../arrow/index.ts';
import { toHex } from '../../../util/bytes.ts';
import type { PaimonMetadata } from '../io/metadata.ts';
import { decodeBinaryRow } from '../spec/binary-row.ts';
import { partitionFields, type TableSchema } from '../spec/schema.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import { liveDataFiles } from '../scan/file-entries.ts';

export const BUCKETS_COLUMNS = [
  ['partition', 'string'], ['bucket', 'int'], ['record_count', 'long'], ['file_size_in_bytes', 'long'], ['file_count', 'long'], ['last_update_time', 'timestamp'],
] as const;

interface Bucket { partition: string; bucket: number; record_count: bigint; file_size_in_bytes: bigint; file_count: bigint; last_update_time: number | null }

/** The buckets of `snapshot` (no rows without one), ordered by partition then bucket. */
export async function inspectBuckets(meta: PaimonMetadata, snapshot: Snapshot | undefined, schema: TableSchema, signal?: AbortSignal): Promise<Table> {
  const fields = partitionFields(schema);
  const out = new Map<string, Bucket>();
  for (const e of snapshot ? await liveDataFiles(meta, snapshot, signal) : []) {
    const id = `${toHex(e.partition)}|${e.bucket}`;
    let b = out.get(id);
    if (!b) {
      const values = decodeBinaryRow(e.partition, fields.map((f) => f.type));
      out.set(id, b = { partition: `{${values.map((v) => (v === null ? 'null' : String(v))).join(', ')}}`, bucket: e.bucket, record_count: 0n, file_size_in_bytes: 0n, file_count: 0n, last_update_time: null });
    }
    b.record_count += e.file.rowCount;
    b.file_size_in_bytes += e.file.fileSize;
    b.file_count++;
    const created = e.file.creationTime === undefined ? null : Number(e.file.creationTime);
    if (created !== null && (b.last_update_time === null || created > b.last_update_time)) b.last_update_time = created;
  }
  const rows = [...out.values()].sort((x, y) => (x.partition === y.partition ? x.bucket - y.bucket : x.partition < y.partition ? -1 : 1));
  return rowsTable(BUCKETS_COLUMNS, rows as unknown as Record<string, unknown>[]);
}
