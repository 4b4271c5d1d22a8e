/**
 * Producing a new snapshot on a branch (spec "Snapshots", "Manifests", "Sequence Numbers", "Row Lineage"):
 * the shared engine of append, overwrite, delete and compaction.
 *
 * On each attempt, against the branch head of the fresh base:
 * - added files go into new manifests (one per spec and content) as ADDED entries whose sequence numbers
 *   are inherited — or, for compaction, an explicit data sequence number (the starting one) — so these
 *   manifests do not depend on the base and are reused when a commit is retried;
 * - parent manifests holding a removed file are rewritten: the file DELETED (stamped with the new snapshot
 *   id), the others EXISTING with their original snapshot ids, sequence numbers and first row ids;
 *   manifests left without live files are dropped, the rest carried over unchanged;
 * - a removed file that is no longer live in the base (a concurrent commit removed it) is a
 *   non-retryable Conflict: the change was planned on files that are gone;
 * - the manifest list gets the new sequence number (v2+) and, in v3, assigns first row ids;
 * - the commit is `add-snapshot` + `set-snapshot-ref`, required to build on the head it read.
 */
import { bestEffortDelete } from '../../../commit/cleanup.ts';
import { messageError } from '../../../message-error.ts';
import { poolSettled } from '../../../util/async.ts';
import type { DataFile, ManifestEntry } from '../spec/manifest.ts';
import { plainDataFile } from '../spec/manifest-metrics.ts';
import type { ManifestFile } from '../spec/manifest-list.ts';
import { partitionFieldsFor, specOf } from '../scan/partition-fields.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import { currentSchema, findSnapshot } from '../spec/table-metadata.ts';
import { type ManifestEntryDraft, writeManifest } from '../spec/write-manifest.ts';
import { manifestFileOf, writeManifestList } from '../spec/write-manifest-list.ts';
import type { CommitPlan } from './commit-table.ts';
import { type ManifestWithEntries, newManifestFile, newManifestListFile, readAllEntries, snapshotManifests } from './snapshot-files.ts';
import { SummaryBuilder } from './snapshot-summary.ts';
import type { TableState } from './table-state.ts';
import { MAIN_BRANCH, manifestTargetBytes, PROPS, type JsonDoc, type TableUpdate } from './table-update.ts';

export type SnapshotOperation = 'append' | 'overwrite' | 'delete' | 'replace';

/** What a snapshot changes. */
export interface SnapshotChange {
  readonly operation: SnapshotOperation;
  /** Branch to commit to (default `main`; created when absent). */
  readonly branch?: string;
  readonly addedDataFiles?: readonly DataFile[];
  readonly addedDeleteFiles?: readonly DataFile[];
  /** {@link entryKey}s of live data or delete files to remove. */
  readonly removedPaths?: ReadonlySet<string>;
  /** Explicit data sequence number for the added files (compaction: the starting sequence number). */
  readonly dataSequenceNumber?: bigint;
  /** Extra summary properties (`source-snapshot-id`, `replace-partitions` …). */
  readonly summary?: Readonly<Record<string, string>>;
  /** Conflict checks on the base, given the head's manifests and entries (read only when this is set or files are removed). */
  readonly validate?: (base: TableState, head: Snapshot | undefined, contents: readonly ManifestWithEntries[]) => void;
  /**
   * Replaces the head's manifest set instead of adding/removing files (manifest rewrites): given the head's
   * manifests with entries, returns the new set, the keys written for it, and summary counters.
   */
  readonly replaceManifests?: (base: TableState, contents: readonly ManifestWithEntries[], ctx: ProducerContext, sequenceNumber: bigint, attemptFiles: string[]) => Promise<ReplacedManifests>;
}

/**
 * The result of a `replaceManifests` hook. The hook pushes each key it writes onto the `attemptFiles` it is given,
 * before the write: they are the attempt's, deleted when it does not commit — also when the hook itself throws.
 */
export interface ReplacedManifests {
  readonly manifests: readonly ManifestFile[];
  readonly summary: Readonly<Record<string, string>>;
}

/** State kept across attempts of one commit: the snapshot id and the manifests of added files. */
export class ProducerContext {
  readonly commitUuid = crypto.randomUUID();
  private manifestCount = 0;
  private readonly reusable = new Map<string, { file: ManifestFile; key: string }>();
  /** Keys of manifests written for added files (shared across attempts). */
  readonly sharedKeys: string[] = [];

  constructor(readonly snapshotId: bigint) {}

  nextManifest(state: TableState) {
    return newManifestFile(state, this.commitUuid, this.manifestCount++);
  }

  reuse(key: string): ManifestFile | undefined {
    return this.reusable.get(key)?.file;
  }

  remember(key: string, file: ManifestFile, storageKey: string): void {
    this.reusable.set(key, { file, key: storageKey });
    this.sharedKeys.push(storageKey);
  }
}

/**
 * Builds the commit plan of one attempt. Must hold: when it throws, the manifests and manifest list this attempt
 * wrote are deleted first (best effort, not abortable: nothing references them yet) — a plan that is never returned
 * cannot hand them to the commit's cleanup, and an attempt that fails after some writes (a PUT refused, a removed
 * file no longer live, an abort) must not leave them in the bucket.
 */
export async function produceSnapshot(base: TableState, change: SnapshotChange, ctx: ProducerContext, attempt: number, now: number, signal?: AbortSignal): Promise<CommitPlan> {
  const attemptFiles: string[] = [];
  try {
    return await buildPlan(base, change, ctx, attempt, now, attemptFiles, signal);
  } catch (e) {
    await bestEffortDelete(base.storage, attemptFiles).catch(() => []);
    throw e;
  }
}

async function buildPlan(base: TableState, change: SnapshotChange, ctx: ProducerContext, attempt: number, now: number, attemptFiles: string[], signal?: AbortSignal): Promise<CommitPlan> {
  const meta = base.metadata;
  const v = meta.formatVersion;
  const branch = change.branch ?? MAIN_BRANCH;
  const ref = meta.refs.find((r) => r.name === branch);
  if (ref && ref.type !== 'branch') throw messageError('DataInvalid', 'error.iceberg.commit.tagNotBranch', { name: branch }, { ref: branch });
  const head = ref ? findSnapshot(meta, ref.snapshotId) : undefined;
  const seq = v >= 2 ? meta.lastSequenceNumber + 1n : 0n;
  const summary = new SummaryBuilder();

  const needEntries = (change.removedPaths?.size ?? 0) > 0 || change.validate !== undefined || change.replaceManifests !== undefined;
  const contents = needEntries ? await readAllEntries(base, head, signal) : undefined;
  change.validate?.(base, head, contents ?? []);
  const parentManifests = contents ? contents.map((c) => c.manifest) : await snapshotManifests(base, head, signal);

  const added = [
    ...await addedManifests(base, change, change.addedDataFiles ?? [], 'data', ctx, summary, signal),
    ...await addedManifests(base, change, change.addedDeleteFiles ?? [], 'deletes', ctx, summary, signal),
  ].map((m) => ({ ...m, sequenceNumber: seq, minSequenceNumber: m.minSequenceNumber === -1n ? seq : m.minSequenceNumber }));

  let carried: ManifestFile[] = parentManifests;
  if (contents && (change.removedPaths?.size ?? 0) > 0) {
    carried = await rewriteForRemovals(base, contents, change.removedPaths!, ctx, seq, summary, attemptFiles, signal);
  }
  // Parent manifests left without live files are dropped; the ones this snapshot rewrote stay, so its
  // DELETED entries record what it removed (spec "Manifests": status 2 with the deleting snapshot's id).
  carried = carried.filter((m) => m.addedSnapshotId === ctx.snapshotId || m.addedFilesCount === undefined || m.existingFilesCount === undefined || m.addedFilesCount + m.existingFilesCount > 0);

  let manifests = [...added, ...carried];
  let hookSummary: Readonly<Record<string, string>> = {};
  if (change.replaceManifests) {
    const replaced = await change.replaceManifests(base, contents!, ctx, seq, attemptFiles);
    manifests = [...replaced.manifests];
    hookSummary = replaced.summary;
  }
  const list = writeManifestList(manifests, {
    formatVersion: v, snapshotId: ctx.snapshotId, parentSnapshotId: head?.snapshotId, sequenceNumber: seq,
    firstRowId: v >= 3 ? meta.nextRowId ?? 0n : undefined,
  });
  const listFile = newManifestListFile(base, ctx.snapshotId, attempt, ctx.commitUuid);
  attemptFiles.push(listFile.key); // before the write: a PUT that fails may still have landed
  await base.storage.write(listFile.key, list.bytes, { signal });

  const snapshot: JsonDoc = {
    'snapshot-id': ctx.snapshotId,
    ...(head ? { 'parent-snapshot-id': head.snapshotId } : {}),
    ...(v >= 2 ? { 'sequence-number': seq } : {}),
    'timestamp-ms': Math.max(now, (head?.timestampMs ?? 0) + 1),
    'manifest-list': listFile.path,
    summary: summary.build(change.operation, head?.summary, list.manifests, { ...hookSummary, ...change.summary }),
    'schema-id': meta.currentSchemaId,
    ...(v >= 3 ? { 'first-row-id': meta.nextRowId ?? 0n, 'added-rows': list.assignedRows } : {}),
  };
  const updates: TableUpdate[] = [
    { action: 'add-snapshot', snapshot },
    { action: 'set-snapshot-ref', 'ref-name': branch, type: 'branch', 'snapshot-id': ctx.snapshotId, ...retention(ref) },
  ];
  return {
    updates,
    requirements: [{ type: 'assert-ref-snapshot-id', ref: branch, 'snapshot-id': head?.snapshotId ?? null }],
    attemptFiles,
    details: { snapshotId: ctx.snapshotId, sequenceNumber: seq, manifestList: listFile.key, manifests: manifests.length },
  };
}

function retention(ref: TableState['metadata']['refs'][number] | undefined) {
  return {
    ...(ref?.minSnapshotsToKeep !== undefined ? { 'min-snapshots-to-keep': ref.minSnapshotsToKeep } : {}),
    ...(ref?.maxSnapshotAgeMs !== undefined ? { 'max-snapshot-age-ms': ref.maxSnapshotAgeMs } : {}),
    ...(ref?.maxRefAgeMs !== undefined ? { 'max-ref-age-ms': ref.maxRefAgeMs } : {}),
  };
}

/**
 * Writes (or reuses from an earlier attempt) one manifest per spec for added files. `minSequenceNumber`
 * is -1 when every entry inherits (filled with the attempt's sequence number by the caller).
 */
async function addedManifests(base: TableState, change: SnapshotChange, files: readonly DataFile[], content: 'data' | 'deletes', ctx: ProducerContext, summary: SummaryBuilder, signal?: AbortSignal): Promise<ManifestFile[]> {
  const bySpec = new Map<number, DataFile[]>();
  for (const f of files) {
    summary.added(f);
    const list = bySpec.get(f.specId) ?? [];
    list.push(f);
    bySpec.set(f.specId, list);
  }
  const out: ManifestFile[] = [];
  for (const [specId, group] of bySpec) {
    const meta = base.metadata;
    const schema = currentSchema(meta);
    const cacheKey = `${content}:${specId}:${schema.schemaId}:${meta.formatVersion}`;
    const cached = ctx.reuse(cacheKey);
    if (cached) { out.push(cached); continue; }
    const spec = specOf(meta, specId, '(new manifest)');
    const entries: ManifestEntryDraft[] = group.map((dataFile) => ({
      status: 'added', snapshotId: ctx.snapshotId,
      sequenceNumber: change.dataSequenceNumber, dataFile: stripInherited(dataFile),
    }));
    const w = writeManifest(entries, { formatVersion: meta.formatVersion, spec, partition: partitionFieldsFor(meta, spec), schema, content, snapshotId: ctx.snapshotId });
    const file = ctx.nextManifest(base);
    await base.storage.write(file.key, w.bytes, { signal });
    const mf = manifestFileOf(w, file.path, -1n);
    const min = w.minExplicitSequenceNumber;
    const entry: ManifestFile = { ...mf, minSequenceNumber: w.hasInheritedSequenceNumber ? -1n : min ?? -1n };
    ctx.remember(cacheKey, entry, file.key);
    out.push(entry);
  }
  return out;
}

/** New files never carry a first row id of their own: it is assigned by inheritance (spec "Row Lineage"). */
function stripInherited(f: DataFile): DataFile {
  // plainDataFile: a file read by planning keeps its metric maps as prototype getters, which a spread drops.
  return f.firstRowId === undefined ? f : { ...plainDataFile(f), firstRowId: undefined };
}

/** Rewritten manifests written at once (PUTs in flight; each holds one encoded manifest in memory). */
const MANIFEST_WRITES = 8;
/** A manifest entry's encoded size, roughly (path, counts, a few bounds), for manifests of unknown length. */
const ESTIMATED_ENTRY_BYTES = 512;

/** One output manifest of a removal: the parent manifests (same spec and content) it replaces, in order. */
interface RewriteBin {
  readonly at: number;
  readonly key: string;
  readonly path: string;
  readonly sources: ManifestWithEntries[];
  bytes: number;
}

/**
 * Rewrites the parent manifests that hold removed files; returns the new manifest set (rewritten + untouched).
 * The manifests it must rewrite are merged, per partition spec and content, into outputs of about the table's
 * `commit.manifest.target-size-bytes` (as Java's merge of a commit's manifests does; off when
 * `commit.manifest-merge.enabled` is false): a compaction of 200 appends writes one manifest of DELETED
 * entries, not 200 — and later plans read one.
 */
async function rewriteForRemovals(
  base: TableState, contents: readonly ManifestWithEntries[], removed: ReadonlySet<string>, ctx: ProducerContext, seq: bigint,
  summary: SummaryBuilder, attemptFiles: string[], signal?: AbortSignal,
): Promise<ManifestFile[]> {
  const meta = base.metadata;
  const merge = meta.properties[PROPS.manifestMergeEnabled]?.trim().toLowerCase() !== 'false';
  const target = manifestTargetBytes(meta.properties);
  const found = new Set<string>();
  const out: ManifestFile[] = [];
  // First which manifests change, how they merge and their names (in order: names stay deterministic), then
  // encode and write them several at a time: on a bucket, many PUTs end to end are slow. Every key is recorded
  // before its write starts, and poolSettled returns only when no write is in flight: no manifest of a failed
  // attempt lands after the failure is reported.
  const bins: RewriteBin[] = [];
  const open = new Map<string, RewriteBin>();
  for (const source of contents) {
    const { manifest, entries } = source;
    if (!entries.some((e) => e.status !== 'deleted' && removed.has(entryKey(e.dataFile)))) { out.push(manifest); continue; }
    const group = `${manifest.partitionSpecId}:${manifest.content}`;
    // A v1 snapshot's embedded manifest paths carry no length (0): estimated from its entries, so the bound holds.
    const size = manifest.length > 0n ? Number(manifest.length) : entries.length * ESTIMATED_ENTRY_BYTES;
    let bin = merge ? open.get(group) : undefined;
    if (!bin || bin.bytes + size > target) {
      const file = ctx.nextManifest(base);
      bin = { at: out.length, key: file.key, path: file.path, sources: [], bytes: 0 };
      out.push(manifest); // its place in the list, taken by the written manifest below (merged parents take none)
      bins.push(bin);
      open.set(group, bin);
      attemptFiles.push(file.key);
    }
    bin.sources.push(source);
    bin.bytes += size;
  }
  await poolSettled(bins, MANIFEST_WRITES, async ({ at, key, path, sources }, _i, s) => {
    const drafts: ManifestEntryDraft[] = [];
    for (const { entries } of sources) {
      for (const e of entries) {
        if (e.status === 'deleted') continue; // DELETED entries of older snapshots are not carried (Java drops them too)
        const gone = removed.has(entryKey(e.dataFile));
        if (gone) { found.add(entryKey(e.dataFile)); summary.removed(e.dataFile); }
        drafts.push(carriedEntry(e, gone ? 'deleted' : 'existing', gone ? ctx.snapshotId : e.snapshotId));
      }
    }
    const first = sources[0]!.manifest;
    const spec = specOf(meta, first.partitionSpecId, first.path);
    const w = writeManifest(drafts, {
      formatVersion: meta.formatVersion, spec, partition: partitionFieldsFor(meta, spec), schema: currentSchema(meta),
      content: first.content, snapshotId: ctx.snapshotId,
    });
    await base.storage.write(key, w.bytes, { signal: s });
    out[at] = manifestFileOf(w, path, seq);
  }, signal);
  const missing = [...removed].filter((p) => !found.has(p));
  if (missing.length > 0) {
    throw messageError('Conflict', 'error.iceberg.notLive', { count: missing.length, example: missing[0]! }, { file: missing[0], retryable: false });
  }
  return out;
}

/** An entry carried into a rewritten manifest: explicit sequence numbers and first row id (spec "Sequence Number Inheritance"). */
export function carriedEntry(e: ManifestEntry, status: 'existing' | 'deleted', snapshotId: bigint | undefined): ManifestEntryDraft {
  return { status, snapshotId, sequenceNumber: e.sequenceNumber, fileSequenceNumber: e.fileSequenceNumber, dataFile: e.dataFile };
}

/**
 * What identifies one manifest entry's file for removal: its path — except deletion vectors, several of
 * which may live in one Puffin file, each its own entry: path plus blob offset.
 */
export function entryKey(f: DataFile): string {
  return f.fileFormat === 'puffin' && f.contentOffset !== undefined ? `${f.filePath}@${f.contentOffset}` : f.filePath;
}
