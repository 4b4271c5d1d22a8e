/**
 * Turning rows into data files of a table: partition them with the spec, cut each partition into files of
 * at most `maxRowsPerFile` rows (or about `targetFileSizeBytes`), write Parquet with field ids and metrics,
 * and describe each as a manifest `DataFile`. Files are written before the commit; a failed commit removes
 * them (commit-table's shared files), a crash leaves them as orphans no snapshot references.
 */
import { ensureParquetWasm, type ParquetWasm } from '../../../codecs/parquet/wasm-init.ts';
import { pool } from '../../../util/async.ts';
import { stringifyJson } from '../../../util/json.ts';
import { schemaToJson } from '../spec/write-json.ts';
import type { DataFile } from '../spec/manifest.ts';
import type { PartitionSpec } from '../spec/partition-spec.ts';
import type { Schema } from '../spec/schema.ts';
import type { NestedField } from '../spec/types.ts';
import { type ParquetCodec, type WrittenParquet, writeParquet } from './data-file-writer.ts';
import { groupByPartition, partitionPath } from './partitioner.ts';
import type { Row } from './row-values.ts';
import { newDataFile } from './snapshot-files.ts';
import type { TableState } from './table-state.ts';
import { PROPS } from './table-update.ts';

export interface WriteFilesOptions {
  /** Split files at this many rows (default 1,000,000). */
  readonly maxRowsPerFile?: number;
  /** Aim for files of about this many bytes (estimated from the first file written per partition). */
  readonly targetFileSizeBytes?: number;
  /** Columns written besides the schema's (v3 row lineage `_row_id`, `_last_updated_sequence_number`). */
  readonly extraFields?: readonly NestedField[];
  /** Data sequence / first row id do not belong here: they are set by the snapshot producer. */
  readonly sortOrderId?: number;
  readonly signal?: AbortSignal;
}

/** A written data file: its manifest description and its storage key. */
export interface WrittenDataFile {
  readonly dataFile: DataFile;
  readonly key: string;
}

/** Counter for unique file numbers within one commit. */
export class FileNamer {
  private n = 0;
  constructor(readonly commitUuid: string = crypto.randomUUID()) {}
  next(): number {
    return this.n++;
  }
}

/** Partitions and writes `rows`; returns one entry per file written (none for no rows). */
export async function writeDataFiles(state: TableState, rows: readonly Row[], schema: Schema, spec: PartitionSpec, namer: FileNamer, opts: WriteFilesOptions = {}): Promise<WrittenDataFile[]> {
  const groups = groupByPartition(rows, spec, schema);
  const out: WrittenDataFile[] = [];
  for (const g of groups) out.push(...await writePartitionFiles(state, g.rows, g.partition, schema, spec, namer, opts));
  return out;
}

/** Writes rows that all belong to one partition tuple (compaction knows the tuple already). */
export async function writePartitionFiles(
  state: TableState, rows: readonly Row[], partition: DataFile['partition'], schema: Schema, spec: PartitionSpec, namer: FileNamer, opts: WriteFilesOptions = {},
): Promise<WrittenDataFile[]> {
  if (rows.length === 0) return [];
  const fields = [...schema.fields, ...(opts.extraFields ?? [])];
  const path = partitionPath(spec, schema, partition);
  const schemaJson = stringifyJson(schemaToJson({ ...schema, fields }));
  let perFile = opts.maxRowsPerFile ?? 1_000_000;
  const wasm = await parquetWasm();
  const codec = codecOf(state.metadata.properties[PROPS.parquetCodec]);
  const chunks: Row[][] = [];
  const out: WrittenDataFile[] = [];
  const write = async (chunk: readonly Row[]) => {
    // `iceberg.schema`: the write schema, as Java's Parquet writer records it (readers such as icebird use it).
    const pq = writeParquet(chunk, fields, { keyValueMetadata: { 'iceberg.schema': schemaJson }, wasm, codec });
    out.push(await storeDataFile(state, pq, path, spec, partition, namer, opts));
    return pq.bytes.length;
  };
  let start = 0;
  if (opts.targetFileSizeBytes !== undefined && rows.length > 1000) {
    // Estimate bytes per row from a first file of 1,000 rows, then size the rest to the target.
    const size = await write(rows.slice(0, 1000));
    start = 1000;
    perFile = Math.max(1000, Math.min(perFile, Math.floor(opts.targetFileSizeBytes / Math.max(1, size / 1000))));
  }
  for (let i = start; i < rows.length; i += perFile) chunks.push(rows.slice(i, i + perFile) as Row[]);
  await pool(chunks, 2, async (c) => { await write(c); }, opts.signal);
  return out;
}

/** Stores a written Parquet file under the partition's path and describes it as a manifest `DataFile`. */
export async function storeDataFile(
  state: TableState, pq: WrittenParquet, path: string, spec: PartitionSpec, partition: DataFile['partition'], namer: FileNamer,
  opts: { readonly sortOrderId?: number; readonly signal?: AbortSignal } = {},
): Promise<WrittenDataFile> {
  const file = newDataFile(state, path, namer.next(), namer.commitUuid, 'parquet');
  await state.storage.write(file.key, pq.bytes, { signal: opts.signal });
  return {
    key: file.key,
    dataFile: {
      content: 'data', filePath: file.path, fileFormat: 'parquet', specId: spec.specId, partition,
      recordCount: pq.recordCount, fileSizeInBytes: BigInt(pq.bytes.length),
      columnSizes: pq.metrics.columnSizes, valueCounts: pq.metrics.valueCounts, nullValueCounts: pq.metrics.nullValueCounts,
      nanValueCounts: pq.metrics.nanValueCounts, lowerBounds: pq.metrics.lowerBounds, upperBounds: pq.metrics.upperBounds,
      splitOffsets: pq.splitOffsets, sortOrderId: opts.sortOrderId ?? 0,
    },
  };
}

/** The `iceberg.schema` key-value metadata of a data file written with `fields` (Java's Parquet writer records it). */
export function icebergSchemaMetadata(schema: Schema, fields: readonly NestedField[]): Record<string, string> {
  return { 'iceberg.schema': stringifyJson(schemaToJson({ ...schema, fields })) };
}

/**
 * parquet-wasm when it can be instantiated (browser, worker, Node after installNodeParquetWasm), else
 * undefined and hyparquet-writer writes: same columns, ids and metrics, about twice as slow end to end.
 */
export async function parquetWasm(): Promise<ParquetWasm | undefined> {
  try {
    return await ensureParquetWasm();
  } catch {
    return undefined;
  }
}

/**
 * The page codec from `write.parquet.compression-codec` (Iceberg "Configuration", write properties: default
 * zstd, which Java writes since 1.4 and records on the tables it creates); unset → ZSTD. A codec parquet-wasm
 * lacks (lz4 is Hadoop-framed LZ4, deprecated in Parquet) → SNAPPY. hyparquet-writer (the fallback for
 * nested columns) has only SNAPPY and UNCOMPRESSED and writes SNAPPY for the others.
 */
export function codecOf(prop: string | undefined): ParquetCodec {
  switch (prop?.toLowerCase()) {
    case undefined: case 'zstd': return 'ZSTD';
    case 'gzip': return 'GZIP';
    case 'brotli': return 'BROTLI';
    case 'uncompressed': case 'none': return 'UNCOMPRESSED';
    default: return 'SNAPPY';
  }
}
