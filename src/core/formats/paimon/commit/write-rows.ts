/**
 * Writing rows as Paimon's batch writer does (paimon-core `operation/KeyValueFileStoreWrite`,
 * `mergetree/MergeTreeWriter`, `append/AppendOnlyWriter`, `operation/FileStoreCommitImpl`):
 *
 * - rows are routed to `(partition, bucket)` by the fixed-bucket function (spec/bucket.ts); bucket-unaware
 *   append tables write bucket 0;
 * - each bucket's sequence numbers continue after the highest one of its live files (the writer restores
 *   `maxSequenceNumber`), in the order the rows were given;
 * - primary-key tables: the write buffer is sorted by key and merged with the deduplicate engine (the last
 *   record of a key wins) into one level-0 file per bucket, rows kinds INSERT (+I) for upserts and DELETE (-D)
 *   for deletes; with `changelog-producer = input` the unmerged records also go to a `changelog-…` file;
 * - append tables: one level-0 file per bucket, rows in input order;
 * - one commit: a delta manifest of ADD entries (and a changelog manifest), a base list = the previous
 *   snapshot's base + delta manifests, then `snapshot-N` created if absent (commit kind APPEND, commit
 *   identifier Long.MAX_VALUE as `BatchWriteBuilder` uses), LATEST after. A lost race deletes what the
 *   attempt wrote and retries from a fresh read (sequence numbers recomputed).
 */
import type { RowWriteKind } from '../../../commit/write-action.ts';
import { LakeError } from '../../../errors.ts';
import { compareValues, type Value } from '../../../expr/index.ts';
import { toHex } from '../../../util/bytes.ts';
import type { AvroRecord } from '../spec/avro-record.ts';
import { encodeBinaryRow } from '../spec/binary-row.ts';
import { bucketKeyFields, bucketOf } from '../spec/bucket.ts';
import type { DataField } from '../spec/data-type.ts';
import type { ManifestEntry } from '../spec/manifest-entry.ts';
import { bucketDir, partitionPath, partitionPathOptions } from '../spec/partition-path.ts';
import { keyFields, partitionFields, type TableSchema } from '../spec/schema.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import { MANIFEST_LIST_WRITER_SCHEMA_TEXT, MANIFEST_WRITER_SCHEMA_TEXT, snapshotJson } from '../spec/write-layout.ts';
import { dataManifests, liveDataFiles } from '../scan/file-entries.ts';
import { checkWritable, newCommitUser, refreshForWrite, type CommitContext } from './context.ts';
import { checkSupportedOptions } from './create-table.ts';
import { RowKind, writeAppendFile, writeKeyValueFile, type FileTarget, type KeyValueRecord } from './data-file-writer.ts';
import { CommitFiles } from './manifest-writer.ts';
import { internalValue, rowValues, type InternalValues, type RowObject } from './row-values.ts';
import { commitSnapshotFile, withRetries } from './snapshot-commit.ts';
import { messageError } from '../../../message-error.ts';

export type { RowWriteKind };

export interface WriteRowsOptions {
  readonly commitUser?: string;
  /** Retries after losing the commit race (default 60). */
  readonly retries?: number;
  readonly nowMs?: number;
}

export interface WriteRowsResult {
  readonly snapshotId: string;
  readonly attempts: number;
  /** Storage keys of the data files written (then changelog files). */
  readonly dataFiles: readonly string[];
  readonly changelogFiles: readonly string[];
  readonly rows: number;
}

export const LONG_MAX = 2n ** 63n - 1n;

/**
 * Retries of a row write after losing the race. More than Paimon's `commit.max-retries` (10): each attempt
 * here rewrites its data files with fresh sequence numbers, so attempts are slower and races more likely.
 */
const DEFAULT_RETRIES = 60;

/** A random pause growing with the attempt (up to 40 ms × attempt), so racing writers spread out. */
function backoff(attempt: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    // Full jitter over an exponential window (25 ms · 2^n, capped at 2 s): losers of a race spread out instead of
    // colliding again; a linear 0–400 ms window let one of 8 writers lose 30 times in a row on the gateway.
    const t = setTimeout(resolve, Math.random() * Math.min(2000, 25 * 2 ** Math.min(attempt, 7)));
    signal?.addEventListener('abort', () => { clearTimeout(t); reject(messageError('Aborted', 'error.paimon.write.aborted', undefined)); }, { once: true });
  });
}

/** One (partition, bucket) of a write with its rows' values in input order. */
interface BucketGroup {
  readonly partition: Uint8Array;
  readonly partitionValues: (Value | null)[];
  readonly bucket: number;
  readonly rows: InternalValues[];
}

/** The rows as internal values, checked (see row-values.ts); deletes need only the primary key. */
export function prepareRows(schema: TableSchema, kind: RowWriteKind, rows: readonly RowObject[]): InternalValues[] {
  const pk = schema.primaryKeys.length > 0;
  if (!pk && kind !== 'append') throw messageError('Unsupported', 'error.paimon.write.needsPk', { subsystem: `paimon ${kind}`, kind });
  // Paimon's INSERT into a primary-key table is an upsert: said so, rather than taken silently as one.
  if (pk && kind === 'append') throw messageError('Unsupported', 'error.paimon.write.pkAppend', undefined);
  checkSupportedOptions(schema.options, pk, 'paimon write');
  if (kind !== 'delete') return rows.map((r, i) => rowValues(schema.fields, r, i));
  return rows.map((r, i) => {
    for (const k of schema.primaryKeys) if (r[k] === null || r[k] === undefined) throw messageError('DataInvalid', 'error.paimon.write.deleteKey', { row: i + 1, column: k }, { column: k, row: i });
    // A delete record carries the key; Paimon drops the row whatever else it holds, so absent NOT NULL columns get a zero value.
    return schema.fields.map((f) => internalValue(f, r[f.name] ?? (f.type.nullable ? null : zeroOf(f)), i));
  });
}

function zeroOf(f: DataField): unknown {
  switch (f.type.root) {
    case 'BOOLEAN': return false;
    case 'BIGINT': case 'TIMESTAMP': case 'TIMESTAMP_LTZ': return 0n;
    case 'CHAR': case 'VARCHAR': return '';
    case 'BINARY': case 'VARBINARY': return new Uint8Array();
    case 'DECIMAL': return '0';
    default: return 0;
  }
}

/** Rows grouped by partition and bucket, in first-seen order. */
export function groupByBucket(schema: TableSchema, rows: readonly InternalValues[]): BucketGroup[] {
  const index = (fs: readonly DataField[]) => fs.map((f) => schema.fields.findIndex((x) => x.id === f.id));
  const partFields = partitionFields(schema);
  const partIdx = index(partFields);
  const buckets = Number(schema.options.bucket ?? '-1');
  const bucketFields = buckets > 0 ? bucketKeyFields(schema) : [];
  const bucketIdx = index(bucketFields);
  const groups = new Map<string, BucketGroup>();
  for (const r of rows) {
    const partitionValues = partIdx.map((i) => r[i]!);
    const partition = encodeBinaryRow(partitionValues, partFields.map((f) => f.type));
    const bucket = buckets > 0 ? bucketOf(bucketIdx.map((i) => r[i]!), bucketFields.map((f) => f.type), buckets) : 0;
    const id = `${toHex(partition)}|${bucket}`;
    let g = groups.get(id);
    if (!g) groups.set(id, g = { partition, partitionValues, bucket, rows: [] });
    g.rows.push(r);
  }
  return [...groups.values()];
}

/** Orders keys field by field (`RecordComparator` of the key type; nulls first). */
export function compareKeys(a: InternalValues, b: InternalValues): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]; const y = b[i];
    if (x === null || y === null) { if (x !== y) return x === null ? -1 : 1; continue; }
    const c = compareValues(x!, y!);
    if (c !== 0) return c;
  }
  return 0;
}

/**
 * Writes `rows` as one commit. Must hold: afterwards the latest snapshot reads the previous rows with these
 * applied (appends added; upserts replace the row of their key; deletes remove it); a concurrent commit is
 * never overwritten (Conflict → everything this attempt wrote is deleted, then a retry from a fresh read).
 */
export async function writeRows(ctx: CommitContext, kind: RowWriteKind, rows: readonly RowObject[], opts: WriteRowsOptions = {}): Promise<WriteRowsResult> {
  checkWritable(ctx, 'write');
  const values = prepareRows(ctx.schema, kind, rows);
  if (values.length === 0) throw messageError('DataInvalid', 'error.paimon.write.noRows', { subsystem: `paimon ${kind}` });
  const commitUser = opts.commitUser ?? newCommitUser();
  return withRetries(opts.retries ?? DEFAULT_RETRIES, async (attempt) => {
    if (attempt > 0) await backoff(attempt, ctx.signal);
    await refreshForWrite(ctx, 'write');
    const latestId = await ctx.meta.latestSnapshotId(ctx.signal);
    const latest = latestId === undefined ? undefined : await ctx.meta.snapshot(latestId, ctx.signal);
    const files = new CommitFiles(ctx.storage, ctx.signal);
    const dataKeys: string[] = [];
    try {
      const r = await attemptWrite(ctx, files, dataKeys, latest, kind, values, commitUser, opts.nowMs ?? Date.now());
      return { ...r, attempts: attempt + 1 };
    } catch (e) {
      await files.cleanup();
      for (const k of dataKeys) await ctx.storage.delete(k).catch(() => undefined);
      throw e;
    }
  });
}

async function attemptWrite(
  ctx: CommitContext, files: CommitFiles, dataKeys: string[], latest: Snapshot | undefined, kind: RowWriteKind,
  values: readonly InternalValues[], commitUser: string, now: number,
): Promise<Omit<WriteRowsResult, 'attempts'>> {
  const schema = ctx.schema;
  const pk = schema.primaryKeys.length > 0;
  const live = latest ? await liveDataFiles(ctx.meta, latest, ctx.signal) : [];
  const totalBuckets = Number(schema.options.bucket ?? '-1');
  const uuid = crypto.randomUUID();
  let n = 0;
  const entries: AvroRecord[] = [];
  const changelog: AvroRecord[] = [];
  const changelogKeys: string[] = [];
  let changelogRows = 0n;
  const partFields = partitionFields(schema);
  const keyFs = keyFields(schema);
  const keyIdx = keyFs.map((f) => schema.fields.findIndex((x) => x.id === f.id));
  for (const g of groupByBucket(schema, values)) {
    const folder = partitionPath(partFields, g.partitionValues, partitionPathOptions(schema.options)) + bucketDir(g.bucket) + '/';
    const target = (name: string): FileTarget => ({ storage: ctx.storage, folder, name, schemaId: schema.id, level: 0, fileSource: 0, nowMs: now, signal: ctx.signal });
    const firstSeq = nextSequence(live, g);
    const entry = (file: AvroRecord): AvroRecord => ({ _VERSION: 2, _KIND: 0, _PARTITION: g.partition, _BUCKET: g.bucket, _TOTAL_BUCKETS: totalBuckets, _FILE: file });
    if (!pk) {
      const name = `data-${uuid}-${n++}.parquet`;
      dataKeys.push(folder + name);
      entries.push(entry(await writeAppendFile(target(name), schema.fields, g.rows, firstSeq)));
      continue;
    }
    const rowKind = kind === 'delete' ? RowKind.DELETE : RowKind.INSERT;
    const raw: KeyValueRecord[] = g.rows.map((v, i) => ({ key: keyIdx.map((k) => v[k]!), sequence: firstSeq + BigInt(i), kind: rowKind, values: v }));
    const sorted = [...raw].sort((a, b) => compareKeys(a.key, b.key) || (a.sequence < b.sequence ? -1 : a.sequence > b.sequence ? 1 : 0));
    // Deduplicate: of equal keys the one with the highest sequence number (the last given) stays.
    const merged = sorted.filter((r, i) => i + 1 === sorted.length || compareKeys(r.key, sorted[i + 1]!.key) !== 0);
    const name = `data-${uuid}-${n++}.parquet`;
    dataKeys.push(folder + name);
    entries.push(entry(await writeKeyValueFile(target(name), keyFs, schema.fields, merged)));
    if ((schema.options['changelog-producer'] ?? 'none') === 'input') {
      const cname = `changelog-${uuid}-${n++}.parquet`;
      dataKeys.push(folder + cname);
      changelogKeys.push(folder + cname);
      changelog.push(entry(await writeKeyValueFile(target(cname), keyFs, schema.fields, sorted)));
      changelogRows += BigInt(sorted.length);
    }
  }
  const addedRows = entries.reduce((s, e) => s + ((e._FILE as AvroRecord)._ROW_COUNT as bigint), 0n);
  const { manifestSchema, listSchema, baseMetas } = await layoutOf(ctx, latest);
  const base = await files.writeManifestList(listSchema, baseMetas);
  const delta = await files.writeManifestList(listSchema, [await files.writeManifest(manifestSchema, entries, schema)]);
  const changes = changelog.length ? await files.writeManifestList(listSchema, [await files.writeManifest(manifestSchema, changelog, schema)]) : undefined;
  const id = (latest?.id ?? 0n) + 1n;
  const json = snapshotJson({
    id, schemaId: schema.id, baseManifestList: base.name, baseManifestListSize: BigInt(base.size), deltaManifestList: delta.name, deltaManifestListSize: BigInt(delta.size),
    ...(changes ? { changelogManifestList: changes.name, changelogManifestListSize: BigInt(changes.size) } : {}),
    ...(latest?.indexManifest ? { indexManifest: latest.indexManifest } : {}),
    commitUser, commitIdentifier: LONG_MAX, commitKind: 'APPEND', timeMillis: now,
    totalRecordCount: (latest?.totalRecordCount ?? live.reduce((s, e) => s + e.file.rowCount, 0n)) + addedRows, deltaRecordCount: addedRows, changelogRecordCount: changelogRows,
    ...(latest?.watermark !== undefined ? { watermark: latest.watermark } : {}),
  });
  await commitSnapshotFile(ctx.storage, id, json, { signal: ctx.signal });
  return { snapshotId: id.toString(), dataFiles: dataKeys.filter((k) => !changelogKeys.includes(k)), changelogFiles: changelogKeys, rows: values.length };
}

/** The first sequence number of a bucket's new records: one past the highest of its live files (0 for a new bucket). */
function nextSequence(live: readonly ManifestEntry[], g: BucketGroup): bigint {
  const hex = toHex(g.partition);
  let max = -1n;
  for (const e of live) if (e.bucket === g.bucket && toHex(e.partition) === hex && e.file.maxSequenceNumber > max) max = e.file.maxSequenceNumber;
  return max + 1n;
}

/** The writer schemas new metadata files use (the table's own when it has metadata, else Paimon 1.3's) and the next base list. */
export async function layoutOf(ctx: CommitContext, latest: Snapshot | undefined): Promise<{ manifestSchema: string; listSchema: string; baseMetas: AvroRecord[] }> {
  if (!latest) return { manifestSchema: MANIFEST_WRITER_SCHEMA_TEXT, listSchema: MANIFEST_LIST_WRITER_SCHEMA_TEXT, baseMetas: [] };
  const metas = await dataManifests(ctx.meta, latest, ctx.signal);
  const listSchema = (await ctx.meta.manifestList(latest.baseManifestList, ctx.signal)).schemaText;
  const manifestSchema = metas.length ? (await ctx.meta.manifest(metas[0]!.fileName, ctx.signal)).schemaText : MANIFEST_WRITER_SCHEMA_TEXT;
  return { manifestSchema, listSchema, baseMetas: metas.map((m) => m.raw) };
}
