/**
 * Running a compaction plan (compact.ts) and committing it as a COMPACT snapshot. Must hold: the rows of
 * the table are unchanged (the merge-all-levels read before equals the read after); a commit that lands
 * meanwhile makes the attempt clean up everything it wrote and start over from a fresh plan.
 */
import type { RecordBatch } from 'apache-arrow';
import { parseDeletionVectorAt } from '../spec/deletion-vector.ts';
import type { ManifestEntry } from '../spec/manifest-entry.ts';
import { keyFields, type TableSchema } from '../spec/schema.ts';
import { snapshotJson } from '../spec/write-layout.ts';
import { internalValueReader } from '../scan/arrow-type.ts';
import { readDataFile } from '../scan/data-file.ts';
import { SEQUENCE_COLUMN, VALUE_KIND_COLUMN } from '../scan/merge.ts';
import { planCompaction, inputDeletes, remainingIndexEntries, type BucketCompaction, type CompactRequest } from './compact.ts';
import { checkWritable, newCommitUser, refreshForWrite, type CommitContext } from './context.ts';
import { RowKind, writeAppendFile, writeKeyValueFile, type FileTarget, type KeyValueRecord } from './data-file-writer.ts';
import { CommitFiles } from './manifest-writer.ts';
import type { InternalValues } from './row-values.ts';
import { commitSnapshotFile, withRetries } from './snapshot-commit.ts';
import { compareKeys, layoutOf, LONG_MAX } from './write-rows.ts';
import { messageError } from '../../../message-error.ts';

export interface CompactOptions {
  readonly commitUser?: string;
  readonly retries?: number;
  readonly nowMs?: number;
}

export interface CompactResult {
  /** The COMPACT snapshot's id; undefined when there was nothing to compact. */
  readonly snapshotId?: string;
  readonly attempts: number;
  readonly buckets: number;
  readonly inputFiles: readonly string[];
  readonly outputFiles: readonly { key: string; level: number; rows: bigint }[];
}

/** Compacts the latest snapshot as `req` asks (see compact.ts). */
export async function compactTable(ctx: CommitContext, req: CompactRequest, opts: CompactOptions = {}): Promise<CompactResult> {
  checkWritable(ctx, 'compact');
  const commitUser = opts.commitUser ?? newCommitUser();
  return withRetries(opts.retries ?? 10, async (attempt) => {
    await refreshForWrite(ctx, 'compact');
    const latestId = await ctx.meta.latestSnapshotId(ctx.signal);
    if (latestId === undefined) return { attempts: attempt + 1, buckets: 0, inputFiles: [], outputFiles: [] };
    const latest = await ctx.meta.snapshot(latestId, ctx.signal);
    const plan = await planCompaction(ctx.meta, latest, ctx.schema, req, ctx.signal);
    if (plan.buckets.length === 0) return { attempts: attempt + 1, buckets: 0, inputFiles: [], outputFiles: [] };
    const files = new CommitFiles(ctx.storage, ctx.signal);
    const written: string[] = [];
    try {
      const uuid = crypto.randomUUID();
      const now = opts.nowMs ?? Date.now();
      const entries = [];
      const outputs: CompactResult['outputFiles'][number][] = [];
      let inputRows = 0n;
      let n = 0;
      for (const b of plan.buckets) {
        const name = `data-${uuid}-${n++}.parquet`;
        const target: FileTarget = { storage: ctx.storage, folder: b.folder, name, schemaId: ctx.schema.id, level: b.pick.outputLevel, fileSource: 1, nowMs: now, signal: ctx.signal };
        inputRows += b.pick.inputs.reduce((s, e) => s + e.file.rowCount, 0n);
        entries.push(...inputDeletes(b));
        const meta = await rewriteBucket(ctx, b, target, plan.primaryKey, () => written.push(b.folder + name));
        if (meta) {
          entries.push({ _VERSION: 2, _KIND: 0, _PARTITION: b.partition, _BUCKET: b.bucket, _TOTAL_BUCKETS: b.totalBuckets, _FILE: meta });
          outputs.push({ key: b.folder + name, level: b.pick.outputLevel, rows: meta._ROW_COUNT as bigint });
        }
      }
      const outputRows = outputs.reduce((s, o) => s + o.rows, 0n);
      const { manifestSchema, listSchema, baseMetas } = await layoutOf(ctx, latest);
      const base = await files.writeManifestList(listSchema, baseMetas);
      const delta = await files.writeManifestList(listSchema, [await files.writeManifest(manifestSchema, entries, ctx.schema)]);
      const index = plan.buckets.some((b) => b.deletionVectors.size > 0) ? await remainingIndexEntries(ctx.meta, latest, plan.buckets, ctx.signal) : undefined;
      const indexManifest = index ? (index.records.length ? await files.writeIndexManifest(index.schemaText, index.records) : undefined) : latest.indexManifest;
      const total = latest.totalRecordCount ?? plan.buckets.reduce((s, b) => s + b.pick.inputs.reduce((x, e) => x + e.file.rowCount, 0n), 0n);
      const id = latest.id + 1n;
      await commitSnapshotFile(ctx.storage, id, snapshotJson({
        id, schemaId: ctx.schema.id, baseManifestList: base.name, baseManifestListSize: BigInt(base.size), deltaManifestList: delta.name, deltaManifestListSize: BigInt(delta.size),
        ...(indexManifest ? { indexManifest } : {}), commitUser, commitIdentifier: LONG_MAX, commitKind: 'COMPACT', timeMillis: now,
        totalRecordCount: total - inputRows + outputRows, deltaRecordCount: outputRows - inputRows, changelogRecordCount: 0n,
        ...(latest.watermark !== undefined ? { watermark: latest.watermark } : {}),
      }), { signal: ctx.signal });
      return {
        snapshotId: id.toString(), attempts: attempt + 1, buckets: plan.buckets.length,
        inputFiles: plan.buckets.flatMap((b) => b.pick.inputs.map((e) => b.folder + e.file.fileName)), outputFiles: outputs,
      };
    } catch (e) {
      await files.cleanup();
      for (const k of written) await ctx.storage.delete(k).catch(() => undefined);
      throw e;
    }
  });
}

/** Reads, merges and writes one bucket; undefined when no row is left (every key deleted). */
async function rewriteBucket(ctx: CommitContext, b: BucketCompaction, target: FileTarget, primaryKey: boolean, onWrite: () => void) {
  const schema = ctx.schema;
  const records: KeyValueRecord[] = [];
  const order = new Map<KeyValueRecord, number>();
  for (const [i, e] of b.pick.inputs.entries()) {
    for await (const batch of readInput(ctx, b, e, primaryKey)) {
      for (const r of batchRecords(batch, schema, primaryKey)) { records.push(r); order.set(r, i); }
    }
  }
  if (!primaryKey) {
    if (records.length === 0) return undefined;
    onWrite();
    return writeAppendFile(target, schema.fields, records.map((r) => r.values), b.pick.inputs[0]!.file.minSequenceNumber);
  }
  // Highest sequence number last within a key; on a tie the newer file (lower level, later in the pick) wins, as the merge readers do.
  const levelOf = (r: KeyValueRecord) => b.pick.inputs[order.get(r)!]!.file.level;
  records.sort((x, y) => compareKeys(x.key, y.key) || (x.sequence < y.sequence ? -1 : x.sequence > y.sequence ? 1 : levelOf(y) - levelOf(x) || order.get(y)! - order.get(x)!));
  const winners = records.filter((r, i) => i + 1 === records.length || compareKeys(r.key, records[i + 1]!.key) !== 0);
  const kept = b.pick.dropDelete ? winners.filter((r) => r.kind !== RowKind.DELETE && r.kind !== RowKind.UPDATE_BEFORE) : winners;
  if (kept.length === 0) return undefined;
  onWrite();
  return writeKeyValueFile(target, keyFields(schema), schema.fields, kept);
}

function readInput(ctx: CommitContext, b: BucketCompaction, e: ManifestEntry, systemColumns: boolean): AsyncGenerator<RecordBatch> {
  const f = e.file;
  const file = {
    key: b.folder + f.fileName, fileName: f.fileName, schemaId: f.schemaId, level: f.level, rowCount: f.rowCount.toString(), fileSize: Number(f.fileSize),
    minSequenceNumber: f.minSequenceNumber.toString(), maxSequenceNumber: f.maxSequenceNumber.toString(), ...(f.externalPath ? { externalPath: f.externalPath } : {}),
  };
  return (async function* () {
    const dv = b.deletionVectors.get(f.fileName);
    const deletionVector = dv ? parseDeletionVectorAt(await ctx.meta.indexFile(dv.indexFile, ctx.signal, dv.indexFileSize), { dataFileName: f.fileName, offset: dv.offset, length: dv.length }, `index/${dv.indexFile}`) : undefined;
    const fileSchema = f.schemaId === ctx.schema.id ? ctx.schema : await ctx.meta.schema(f.schemaId, ctx.signal);
    yield* readDataFile({ storage: ctx.storage, file, fileSchema, readSchema: ctx.schema, systemColumns, deletionVector, signal: ctx.signal });
  })();
}

/** A batch (read schema columns, plus the system columns for primary-key files) as records of internal values. */
function batchRecords(batch: RecordBatch, schema: TableSchema, primaryKey: boolean): KeyValueRecord[] {
  const column = (name: string) => {
    const i = batch.schema.fields.findIndex((x) => x.name === name);
    if (i < 0) throw messageError('DataInvalid', 'error.paimon.compact.noColumn', { column: name }, { column: name });
    return batch.data.children[i]!;
  };
  const readers = schema.fields.map((f) => {
    const d = column(f.name);
    const read = internalValueReader(f.type, d.type);
    if (!read) throw messageError('Unsupported', 'error.paimon.compact.type', { column: f.name, type: f.type.root }, { column: f.name });
    return (i: number) => read(d, i);
  });
  const keyIdx = keyFields(schema).map((k) => schema.fields.findIndex((f) => f.id === k.id));
  const seq = primaryKey ? column(SEQUENCE_COLUMN) : undefined;
  const kind = primaryKey ? column(VALUE_KIND_COLUMN) : undefined;
  const out: KeyValueRecord[] = [];
  for (let i = 0; i < batch.numRows; i++) {
    const values: InternalValues = readers.map((r) => r(i));
    out.push({
      key: keyIdx.map((k) => values[k]!), values,
      sequence: seq ? BigInt((seq.values as BigInt64Array)[i]!) : 0n,
      kind: kind ? Number((kind.values as Int8Array | Int32Array)[i]!) : RowKind.INSERT,
    });
  }
  return out;
}
