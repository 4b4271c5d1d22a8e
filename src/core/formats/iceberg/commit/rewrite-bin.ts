/**
 * Rewriting one compaction bin: the live rows of its files, as Arrow batches from the read path
 * (live-rows.ts readLiveBatches, deletes applied as masks), streamed into output files of about the target
 * size (arrow-data-writer.ts, metrics from the Arrow columns). Memory is bounded by one output file's
 * batches: a file is written as soon as enough rows are pending. Columns parquet-wasm cannot write with field
 * ids (nested, uuid) — or no parquet-wasm at all — take the row path (readLiveRows + writePartitionFiles).
 */
import type { RecordBatch } from 'apache-arrow';
import type { ManifestEntry } from '../spec/manifest.ts';
import type { PartitionSpec } from '../spec/partition-spec.ts';
import type { Schema } from '../spec/schema.ts';
import { arrowWriteFields, writeParquetBatches } from './arrow-data-writer.ts';
import { LAST_UPDATED_FIELD, ROW_ID_FIELD, readLiveBatches, readLiveRows } from './live-rows.ts';
import { partitionPath } from './partitioner.ts';
import type { TableState } from './table-state.ts';
import { PROPS } from './table-update.ts';
import { codecOf, type FileNamer, icebergSchemaMetadata, parquetWasm, storeDataFile, type WrittenDataFile, writePartitionFiles } from './write-data-files.ts';

/** Rows per output file at most (as writePartitionFiles cuts them). */
const MAX_ROWS_PER_FILE = 1_000_000;

export interface RewriteBinInput {
  readonly files: readonly ManifestEntry[];
  readonly deletesOf: ReadonlyMap<string, readonly ManifestEntry[]>;
  readonly schema: Schema;
  readonly spec: PartitionSpec;
  readonly lineage: boolean;
  readonly namer: FileNamer;
  readonly targetFileSizeBytes: number;
  readonly signal?: AbortSignal;
  /** Force the row path (tests compare the two). */
  readonly rowPath?: boolean;
}

/**
 * Rewrites one bin's files into new data files in their partition; `onWritten` sees every file as soon as it
 * is stored (so a failure later can remove it). Returns the rows written and which path wrote them.
 */
export async function rewriteBin(state: TableState, bin: RewriteBinInput, onWritten: (w: WrittenDataFile) => void): Promise<{ rows: number; path: 'arrow' | 'rows' }> {
  const fields = [...bin.schema.fields, ...(bin.lineage ? [ROW_ID_FIELD, LAST_UPDATED_FIELD] : [])];
  const arrowFields = bin.rowPath ? undefined : arrowWriteFields(fields);
  const wasm = arrowFields && await parquetWasm();
  const first = bin.files[0].dataFile;
  if (!arrowFields || !wasm) {
    const rows: Record<string, unknown>[] = [];
    for (const e of bin.files) rows.push(...(await readLiveRows(state, e, bin.deletesOf.get(e.dataFile.filePath) ?? [], bin.schema, { lineage: bin.lineage, signal: bin.signal })).rows);
    const written = await writePartitionFiles(state, rows, first.partition, bin.schema, bin.spec, bin.namer, {
      targetFileSizeBytes: bin.targetFileSizeBytes, extraFields: bin.lineage ? [ROW_ID_FIELD, LAST_UPDATED_FIELD] : [], signal: bin.signal,
    });
    written.forEach(onWritten);
    return { rows: rows.length, path: 'rows' };
  }
  const path = partitionPath(bin.spec, bin.schema, first.partition);
  const opts = { wasm, codec: codecOf(state.metadata.properties[PROPS.parquetCodec]), keyValueMetadata: icebergSchemaMetadata(bin.schema, fields) };
  // Output bytes per row estimated from the inputs' (already compressed Parquet) bytes per row.
  const inBytes = bin.files.reduce((n, e) => n + Number(e.dataFile.fileSizeInBytes), 0);
  const inRows = bin.files.reduce((n, e) => n + Number(e.dataFile.recordCount), 0);
  const perFile = Math.max(1000, Math.min(MAX_ROWS_PER_FILE, Math.floor(bin.targetFileSizeBytes / Math.max(1, inBytes / Math.max(1, inRows)))));
  let pending: RecordBatch[] = []; let pendingRows = 0; let total = 0;
  const flush = async (batches: RecordBatch[]) => {
    const pq = writeParquetBatches(batches, fields, arrowFields, opts);
    onWritten(await storeDataFile(state, pq, path, bin.spec, first.partition, bin.namer, { signal: bin.signal }));
  };
  const sources = bin.files.map((e) => () => readLiveBatches(state, e, bin.deletesOf.get(e.dataFile.filePath) ?? [], bin.schema, { lineage: bin.lineage, signal: bin.signal }));
  for await (const batch of prefetchedBatches(sources)) {
    total += batch.numRows;
    let b = batch;
    while (pendingRows + b.numRows >= perFile) {
      const take = perFile - pendingRows;
      await flush([...pending, b.slice(0, take)]);
      pending = []; pendingRows = 0;
      b = b.slice(take);
    }
    if (b.numRows > 0) { pending.push(b); pendingRows += b.numRows; }
  }
  if (pendingRows > 0) await flush(pending);
  return { rows: total, path: 'arrow' };
}

/**
 * The batches of `sources` in order, each source's first batch asked for as soon as the one before it starts:
 * the next file's reads are in flight while this one is decoded and its batches written (fetch and decode
 * overlapped; on a remote bucket a bin of 200 small files otherwise waits 200 round trips end to end). Must
 * hold: the same batches in the same order as reading the sources one after another; at most one source
 * ahead (memory: its first batch); a failure of either surfaces as it would have in order, and leaving early
 * closes both sources.
 */
export async function* prefetchedBatches<T>(sources: readonly (() => AsyncGenerator<T>)[]): AsyncGenerator<T> {
  let ahead: { gen: AsyncGenerator<T>; first: Promise<IteratorResult<T>> } | undefined;
  let current: AsyncGenerator<T> | undefined;
  const start = (k: number) => {
    if (k >= sources.length) return undefined;
    const gen = sources[k]!();
    const first = gen.next();
    first.catch(() => {}); // awaited below when its turn comes; until then its failure is not unhandled
    return { gen, first };
  };
  try {
    ahead = start(0);
    for (let k = 0; ahead; k++) {
      const { gen, first } = ahead;
      current = gen;
      ahead = start(k + 1); // before this source's first batch: the next file's reads overlap this one's decode
      let r = await first;
      while (!r.done) {
        yield r.value;
        r = await gen.next();
      }
      current = undefined;
    }
  } finally {
    // Leaving early (a failure, or the consumer stopped): close the source being read and the one read
    // ahead. A pending read settles on its own; return() waits for it, and its outcome no longer matters.
    if (current) void current.return(undefined).catch(() => {});
    if (ahead) void ahead.gen.return(undefined).catch(() => {});
  }
}
