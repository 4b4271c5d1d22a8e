/**
 * Compaction of Paimon buckets (paimon-core `mergetree/compact/MergeTreeCompactManager`,
 * `MergeTreeCompactRewriter`, `append/AppendCompactTask`, committed as `FileStoreCommitImpl` commits a
 * COMPACT snapshot): a plan picks, per (partition, bucket), the files to merge — every file (full
 * compaction) or what Paimon's universal strategy picks next (spec/compaction-pick.ts, the same function
 * the LSM view predicts with) — then apply reads them (schema-evolved to the latest schema, deletion
 * vectors applied), merges them by key keeping the highest sequence number (dropping DELETE records when
 * the output is the highest level), writes one file per bucket at the output level (file source COMPACT),
 * and commits a delta manifest of DELETE entries for the inputs and ADD entries for the outputs.
 *
 * Append tables: a bucket's files are concatenated in sequence order into one level-0 file.
 * Deletion-vector tables compact whole buckets (the vectors of a bucket's files go with them): the
 * new index manifest is the previous one without those buckets' deletion-vector files.
 */
import { readAvroFile } from '../../../codecs/avro/index.ts';
import { toHex } from '../../../util/bytes.ts';
import type { AvroRecord } from '../spec/avro-record.ts';
import { decodeBinaryRow } from '../spec/binary-row.ts';
import { bucketPick, compactionOptions, type CompactionPick } from '../spec/compaction-pick.ts';
import { withKind, type ManifestEntry } from '../spec/manifest-entry.ts';
import { bucketFolder, partitionPath, partitionPathOptions } from '../spec/partition-path.ts';
import { keyFields, partitionFields, type TableSchema } from '../spec/schema.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import { manifestKey } from '../spec/layout.ts';
import { DELETION_VECTORS_INDEX } from '../spec/index-manifest.ts';
import { liveDataFiles, liveIndexEntries } from '../scan/file-entries.ts';
import { deletionVectorIndex } from '../scan/plan.ts';
import type { PaimonMetadata } from '../io/metadata.ts';
import type { PaimonTaskFile } from '../scan/task.ts';

/** Where a data file's deletion vector is. */
export type DvLocation = NonNullable<PaimonTaskFile['deletionVector']>;

export type CompactStrategy = 'full' | 'universal';

export interface CompactRequest {
  readonly strategy?: CompactStrategy;
  /** Only these partitions (their path `k=v/…` without the trailing '/', '' when unpartitioned). */
  readonly partitions?: readonly string[];
  readonly bucket?: number;
}

/** One bucket's compaction. */
export interface BucketCompaction {
  readonly partition: Uint8Array;
  /** `k=v/…` without the trailing '/'. */
  readonly partitionPath: string;
  readonly bucket: number;
  readonly totalBuckets: number;
  /** Folder of the bucket under the table root, with '/'. */
  readonly folder: string;
  readonly pick: CompactionPick;
  /** Files with a deletion vector among the inputs: file name → vector location. */
  readonly deletionVectors: ReadonlyMap<string, DvLocation>;
}

export interface CompactionPlan {
  readonly snapshot: Snapshot;
  readonly buckets: readonly BucketCompaction[];
  readonly primaryKey: boolean;
  readonly deletionVectors: boolean;
}

/**
 * What a compaction of `snapshot` would merge, bucket by bucket. Must hold: the same files the LSM view's
 * prediction names for the universal strategy; a bucket with nothing to do is left out.
 */
export async function planCompaction(meta: PaimonMetadata, snapshot: Snapshot, schema: TableSchema, req: CompactRequest = {}, signal?: AbortSignal): Promise<CompactionPlan> {
  const strategy = req.strategy ?? 'full';
  const live = await liveDataFiles(meta, snapshot, signal);
  const dvs = await deletionVectorIndex(meta, snapshot, signal);
  const pFields = partitionFields(schema);
  const groups = new Map<string, ManifestEntry[]>();
  for (const e of live) {
    const id = `${toHex(e.partition)}|${e.bucket}`;
    groups.set(id, [...(groups.get(id) ?? []), e]);
  }
  const opts = compactionOptions(schema);
  const buckets: BucketCompaction[] = [];
  for (const [id, files] of groups) {
    const first = files[0]!;
    const path = partitionPath(pFields, decodeBinaryRow(first.partition, pFields.map((f) => f.type)), partitionPathOptions(schema.options)).replace(/\/$/, '');
    if (req.partitions && !req.partitions.includes(path)) continue;
    if (req.bucket !== undefined && req.bucket !== first.bucket) continue;
    const pick = bucketPick(files, strategy, opts, new Set(files.filter((e) => dvs.has(`${id}|${e.file.fileName}`)).map((e) => e.file.fileName)));
    if (!pick) continue;
    const vectors = new Map(pick.inputs.flatMap((e) => {
      const dv = dvs.get(`${id}|${e.file.fileName}`);
      return dv ? [[e.file.fileName, dv] as const] : [];
    }));
    buckets.push({ partition: first.partition, partitionPath: path, bucket: first.bucket, totalBuckets: first.totalBuckets, folder: bucketFolder(schema, first.partition, first.bucket), pick, deletionVectors: vectors });
  }
  buckets.sort((a, b) => (a.partitionPath + '|' + a.bucket < b.partitionPath + '|' + b.bucket ? -1 : 1));
  return { snapshot, buckets, primaryKey: opts.primaryKey, deletionVectors: dvs.size > 0 };
}

/** Keys of the trimmed primary key of `schema` (the `_MIN_KEY` row). */
export function keyNames(schema: TableSchema): string[] {
  return keyFields(schema).map((f) => f.name);
}

/**
 * The index manifest records left after dropping the deletion-vector index files of the compacted
 * buckets, with the index manifest's writer schema; undefined when the snapshot has no index manifest.
 */
export async function remainingIndexEntries(meta: PaimonMetadata, snapshot: Snapshot, compacted: readonly BucketCompaction[], signal?: AbortSignal): Promise<{ schemaText: string; records: AvroRecord[] } | undefined> {
  if (!snapshot.indexManifest) return undefined;
  const gone = new Set(compacted.map((b) => `${toHex(b.partition)}|${b.bucket}`));
  const live = await liveIndexEntries(meta, snapshot, signal);
  const schemaText = readAvroFile(await meta.storage.read(manifestKey(snapshot.indexManifest), { signal }), { name: snapshot.indexManifest }).schemaText;
  const records = live.filter((e) => !(e.indexType === DELETION_VECTORS_INDEX && gone.has(`${toHex(e.partition)}|${e.bucket}`))).map((e) => ({ ...e.raw, _KIND: 0 }));
  return { schemaText, records };
}

/** DELETE entries of a bucket's inputs (removed from the table by the COMPACT snapshot). */
export function inputDeletes(b: BucketCompaction): AvroRecord[] {
  return b.pick.inputs.map((e) => withKind(e, 'DELETE'));
}
