/**
 * An opened Paimon table: the common LakeTable model (versions, schemas, plan/read, metadata tree)
 * plus what only Paimon has (LSM view per bucket, tags, branches, consumers, incremental reads) and
 * the writes (tags, rollback, expire) — each delegating to spec/, scan/, inspect/ and commit/.
 */
import { paimonEngineSql } from './commit/engine-sql.ts';
import type { EngineSql } from '../../commit/engine-sql.ts';
import type { RecordBatch, Table } from 'apache-arrow';
import { limitBatches } from '../../arrow/limit.ts';
import type { LakeErrorRef } from '../../errors.ts';
import type { Storage } from '../../io/storage.ts';
import type {
  ChangeLogSource, DeletedPositionsDto, LakePlan, LakeTable, PartitionSpecDto, ScanRequest, ScanTask, SchemaDto, SortOrderDto, TableFactDto, TableStateDto, TreeNode, VersionDto, VersionSelector,
} from '../table-format.ts';
import { LSM_EXPLANATION_MESSAGES, LSM_EXPLANATIONS, lsmView, type LsmView } from './inspect/lsm.ts';
import { treeNodes } from './inspect/tree.ts';
import { paimonDeletedPositions } from './inspect/deleted-positions.ts';
import { paimonFacts } from './inspect/facts.ts';
import { inspectBuckets } from './inspect/buckets.ts';
import { listSchemas, listVersions, partitionSpecOf, recordCount, sortOrderOf } from './inspect/versions.ts';
import { unreadableNewestRefusal, unreadableNewestRefusalRef } from '../../commit/unreadable-newest.ts';
import { PaimonMetadata, type SnapshotIntegrity } from './io/metadata.ts';
import { outputColumns, planSnapshot } from './scan/plan.ts';
import { bindFilter } from './scan/pruning.ts';
import { readChanges } from './scan/incremental.ts';
import { paimonChangeLog } from './scan/change-log.ts';
import { readTask } from './scan/read.ts';
import type { PaimonTask } from './scan/task.ts';
import { fromScanTask, toScanTasks } from './scan/planned-files.ts';
import { refreshForWrite, type CommitContext } from './commit/context.ts';
import { expireSnapshots, type ExpireOptions, type ExpirePlan } from './commit/expire.ts';
import { rollbackAsLatest, type RollbackAsLatestOptions, type RollbackResult } from './commit/rollback.ts';
import { rollbackDestructive, type DestructiveRollbackOptions, type DestructiveRollbackPlan } from './commit/rollback-destructive.ts';
import { createTag, deleteTag, type CreateTagOptions } from './commit/tags.ts';
import { createPaimonTable, type CreatePaimonTableOptions } from './commit/create-table.ts';
import type { RowObject } from './commit/row-values.ts';
import { writeRows, type RowWriteKind, type WriteRowsOptions, type WriteRowsResult } from './commit/write-rows.ts';
import { planCompaction, type CompactionPlan, type CompactRequest } from './commit/compact.ts';
import { compactTable, type CompactOptions, type CompactResult } from './commit/compact-run.ts';
import { orphanFiles } from './commit/orphans.ts';
import { paimonCapabilities, preparePaimonAction } from './commit/write-model.ts';
import type { CapabilityOptions, PreparedChange, WriteAction, WriteCapability } from '../../commit/write-action.ts';
import { resolveSnapshot, type ResolvedSnapshot } from './scan/time-travel.ts';
import { keyFields, type TableSchema } from './spec/schema.ts';
import { snapshotKey } from './spec/layout.ts';
import type { Snapshot } from './spec/snapshot.ts';
import { messageError } from '../../message-error.ts';

/** A scan request with Paimon-only choices. */
export interface PaimonScanRequest extends ScanRequest {
  /** Merge every LSM level, level 0 included, even where Paimon's batch scan skips it (see scan/plan.ts). */
  readonly mergeAllLevels?: boolean;
}

export interface OpenPaimonOptions {
  readonly signal?: AbortSignal;
  /** Read a branch instead of main. */
  readonly branch?: string;
}

/** What a read sees: the snapshot and the schema its rows are read with. */
export interface ReadView {
  readonly snapshot?: Snapshot;
  readonly schema: TableSchema;
  readonly resolved: ResolvedSnapshot;
}

export class PaimonTable implements LakeTable {
  readonly format = 'paimon';
  readonly location: string;

  private constructor(readonly storage: Storage, readonly meta: PaimonMetadata, private latestSchema: TableSchema, private integrity: SnapshotIntegrity) {
    this.location = storage.description;
  }

  /** {@link LakeTable.warnings}: a torn newest snapshot skipped, a garbage LATEST hint (as of open/refresh). */
  get warnings(): readonly string[] {
    return this.integrity.warnings;
  }

  /** {@link LakeTable.warningMessages}. */
  get warningMessages(): readonly LakeErrorRef[] {
    return this.integrity.warningMessages;
  }

  /** {@link LakeTable.writeRefusalMessage}. */
  get writeRefusalMessage(): LakeErrorRef | undefined {
    return this.integrity.unreadable && unreadableNewestRefusalRef(this.integrity.unreadable);
  }

  /** {@link LakeTable.writeRefusal}: set while the newest snapshot file or the LATEST hint cannot be read. */
  get writeRefusal(): string | undefined {
    return this.integrity.unreadable && unreadableNewestRefusal(this.integrity.unreadable);
  }

  /**
   * Opens the table rooted at `storage`. Must hold: a folder without `schema/schema-N` → NotFound
   * `paimon table: …`; a corrupt latest schema → DataInvalid naming the file.
   */
  static async open(storage: Storage, opts: OpenPaimonOptions = {}): Promise<PaimonTable> {
    const meta = new PaimonMetadata(storage, opts.branch);
    const schema = await loadLatestSchema(meta, opts.signal);
    return new PaimonTable(storage, meta, schema, await meta.integrity(opts.signal));
  }

  /** Creates a table at the root of `storage` (commit/create-table.ts) and opens it. */
  static async create(storage: Storage, options: CreatePaimonTableOptions): Promise<PaimonTable> {
    await createPaimonTable(storage, options);
    return PaimonTable.open(storage, { signal: options.signal });
  }

  /** The latest schema (the table's current columns and options). */
  get schema(): TableSchema {
    return this.latestSchema;
  }

  /** {@link LakeTable.refresh}: a new object reading what is current (the same branch); this one is left as it is. */
  refresh(signal?: AbortSignal): Promise<PaimonTable> {
    return PaimonTable.open(this.storage, { signal, ...(this.meta.branch !== undefined ? { branch: this.meta.branch } : {}) });
  }

  /**
   * Re-reads what is current into this object: the write paths (here and commit/write-model.ts) use it
   * so that the table they wrote through shows their commit.
   */
  async reload(signal?: AbortSignal): Promise<void> {
    this.meta.invalidate();
    this.latestSchema = await loadLatestSchema(this.meta, signal);
    this.integrity = await this.meta.integrity(signal);
  }

  columnNames(): string[] {
    return this.latestSchema.fields.map((f) => f.name);
  }

  /** {@link LakeTable.properties}: the options of the latest schema. */
  get properties(): Readonly<Record<string, string>> { return this.latestSchema.options; }

  /** {@link LakeTable.facts}: primary key, buckets, merge engine, deletion vectors … (inspect/facts.ts). */
  get facts(): readonly TableFactDto[] { return paimonFacts(this.latestSchema); }

  /** {@link LakeTable.states}: the snapshot files (each a complete state: its base + delta manifest lists). */
  async states(signal?: AbortSignal): Promise<TableStateDto[]> {
    const ids = await this.meta.snapshotIds(signal);
    return ids.map((id) => {
      const key = snapshotKey(id);
      return { id: key, kind: 'snapshot' as const, key, name: key.split('/').pop()!, version: id.toString(), isCurrent: id === ids.at(-1) };
    });
  }

  versions(signal?: AbortSignal): Promise<VersionDto[]> {
    return listVersions(this.meta, signal);
  }

  schemas(signal?: AbortSignal): Promise<SchemaDto[]> {
    return listSchemas(this.meta, signal);
  }

  async partitionSpecs(): Promise<PartitionSpecDto[]> {
    return partitionSpecOf(this.latestSchema);
  }

  async sortOrders(): Promise<SortOrderDto[]> {
    return sortOrderOf(this.latestSchema);
  }

  /**
   * The snapshot a selector names and the schema to read it with: the latest schema for the latest
   * snapshot of main, else the snapshot's own schema (fixtures/expected/README.md "Schema per version").
   */
  async view(selector: VersionSelector = {}, signal?: AbortSignal): Promise<ReadView> {
    const resolved = await resolveSnapshot(this.meta, selector, signal);
    const s = resolved.snapshot;
    const meta = resolved.branch ? this.meta.forBranch(resolved.branch) : this.meta;
    const schema = !s || resolved.isLatest ? (resolved.branch ? await loadLatestSchema(meta, signal) : this.latestSchema) : await meta.schema(s.schemaId, signal);
    return { snapshot: s, schema, resolved };
  }

  /** The common model's plan: opaque tasks for {@link read}, one plain record per planned file. */
  async plan(scan: PaimonScanRequest = {}): Promise<LakePlan> {
    const p = await this.planScan(scan);
    return { ...p, tasks: toScanTasks(p.tasks) };
  }

  /** Plans a scan with Paimon's own split type (see scan/plan.ts). */
  async planScan(scan: PaimonScanRequest = {}): Promise<LakePlan<PaimonTask>> {
    const { snapshot, schema, resolved } = await this.view(scan, scan.signal);
    if (!snapshot) {
      // Nothing to read, but a typo in the filter or columns is still named (as with a snapshot).
      bindFilter(schema, scan.filter);
      const columns = outputColumns(schema, scan.columns);
      return { versionId: '', columns, tasks: [], files: [], skipped: [], counts: {}, notes: resolved.notes };
    }
    return planSnapshot({
      meta: resolved.branch ? this.meta.forBranch(resolved.branch) : this.meta, snapshot, readSchema: schema, filter: scan.filter, columns: scan.columns, notes: resolved.notes,
      mergeAllLevels: scan.mergeAllLevels, signal: scan.signal,
    });
  }

  /** Reads a split of {@link plan} (opaque) or of {@link planScan}. */
  read(scanTask: ScanTask | PaimonTask, options: { signal?: AbortSignal } = {}): AsyncIterable<RecordBatch> {
    const task = fromScanTask(scanTask);
    const meta = task.branch !== undefined && task.branch !== this.meta.branch ? this.meta.forBranch(task.branch) : this.meta;
    return readTask({ storage: this.storage, meta, signal: options.signal }, task);
  }

  /** Every batch of a scan (plan + read of every task, in task order), up to `limit` rows when given. */
  async *scan(request: PaimonScanRequest = {}): AsyncGenerator<RecordBatch> {
    const plan = await this.planScan(request);
    const read = (task: (typeof plan.tasks)[number]) => this.read(task, { signal: request.signal });
    yield* limitBatches((async function* () { for (const task of plan.tasks) yield* read(task); })(), request.limit);
  }

  /** {@link LakeTable.inspectTables}: Paimon's own system table beyond the model's (`$buckets`). */
  readonly inspectTables: readonly string[] = ['buckets'];

  /** `buckets` (inspect/buckets.ts) at a version (the current by default). */
  async inspect(name: string, opts: VersionSelector & { signal?: AbortSignal } = {}): Promise<Table> {
    if (name !== 'buckets') throw messageError('NotFound', 'error.paimon.noMetadataTable', { name }, { table: name });
    const { snapshot, schema, resolved } = await this.view(opts, opts.signal);
    return inspectBuckets(resolved.branch ? this.meta.forBranch(resolved.branch) : this.meta, snapshot, schema, opts.signal);
  }

  /** The metadata tree of a version (see inspect/tree.ts); only the schema when the table has no snapshot. */
  async tree(version: VersionSelector = {}, nodeId?: string, signal?: AbortSignal): Promise<TreeNode[]> {
    const { snapshot, schema, resolved } = await this.view(version, signal);
    const meta = resolved.branch ? this.meta.forBranch(resolved.branch) : this.meta;
    if (!snapshot) return nodeId === undefined ? [] : Promise.reject(messageError('NotFound', 'error.paimon.tree.noSnapshot', undefined, { node: nodeId }));
    return treeNodes({ meta, snapshot, schema, snapshotFile: resolved.file, signal }, nodeId);
  }

  /** The positions a deletion vector node (or a DV index file node's vectors) deletes (inspect/deleted-positions.ts). */
  async deletedPositions(version: VersionSelector, node: TreeNode, options: { limit?: number; signal?: AbortSignal } = {}): Promise<DeletedPositionsDto> {
    const { schema, resolved } = await this.view(version, options.signal);
    return paimonDeletedPositions(resolved.branch ? this.meta.forBranch(resolved.branch) : this.meta, schema, node, options);
  }

  /**
   * The LSM trees of a version's buckets: levels, files per level, key and sequence ranges, sizes, and
   * what the next compaction would merge (see inspect/lsm.ts). Narrow with a partition path
   * (`f1=10`) or BinaryRow hex, and a bucket.
   */
  async lsmView(version: VersionSelector = {}, partition?: string, bucket?: number, signal?: AbortSignal): Promise<LsmView> {
    const { snapshot, schema, resolved } = await this.view(version, signal);
    if (!snapshot) return { snapshotId: '', primaryKey: schema.primaryKeys.length > 0, buckets: [], explanations: LSM_EXPLANATIONS, explanationMessages: LSM_EXPLANATION_MESSAGES };
    const meta = resolved.branch ? this.meta.forBranch(resolved.branch) : this.meta;
    return lsmView(meta, snapshot, schema, { partition, bucket }, signal);
  }

  /** Every tag, by name. */
  async tags(signal?: AbortSignal): Promise<{ name: string; snapshotId: string; createTimeMs?: number; timeRetainedMs?: number }[]> {
    return (await this.meta.tags(signal)).map((t) => ({
      name: t.name, snapshotId: t.snapshot.id.toString(), createTimeMs: t.createTimeMs, timeRetainedMs: t.timeRetainedMs,
    }));
  }

  /** Every branch (`branch/branch-NAME`) with its latest snapshot id (undefined when it has none). */
  async branches(signal?: AbortSignal): Promise<{ name: string; latestSnapshotId?: string }[]> {
    const out: { name: string; latestSnapshotId?: string }[] = [];
    for (const name of await this.meta.branches(signal)) {
      const latest = await this.meta.forBranch(name).latestSnapshotId(signal);
      out.push({ name, ...(latest !== undefined ? { latestSnapshotId: latest.toString() } : {}) });
    }
    return out;
  }

  /** Every consumer (streaming reader progress) with the next snapshot it will read. */
  async consumers(signal?: AbortSignal): Promise<{ id: string; nextSnapshot: string; lastModified?: number }[]> {
    return (await this.meta.consumers(signal)).map((c) => ({ id: c.id, nextSnapshot: c.nextSnapshot.toString(), lastModified: c.lastModified }));
  }

  /**
   * Incremental read: the rows that changed between two versions, with a leading `_ROW_KIND` column
   * (`+I`, `+U`, `-D`); both read with the schema of `to` (see scan/incremental.ts).
   */
  async *readChanges(from: VersionSelector, to: VersionSelector = {}, opts: { columns?: readonly string[]; signal?: AbortSignal } = {}): AsyncGenerator<RecordBatch> {
    const [a, b] = [await this.view(from, opts.signal), await this.view(to, opts.signal)];
    const plan = async (v: ReadView) => v.snapshot
      ? planSnapshot({ meta: this.meta, snapshot: v.snapshot, readSchema: b.schema, columns: opts.columns, signal: opts.signal })
      : { versionId: '', columns: [], tasks: [], files: [], skipped: [], counts: {}, notes: [] };
    const keys = keyFields(b.schema).map((f) => f.name);
    const columns = opts.columns ?? b.schema.fields.map((f) => f.name);
    const missing = keys.filter((k) => !columns.includes(k));
    if (b.schema.primaryKeys.length && missing.length) {
      throw messageError('DataInvalid', 'error.paimon.incrementalKeys', { columns: missing.join(', ') }, { columns: columns.join(',') });
    }
    yield* readChanges({ storage: this.storage, meta: this.meta, signal: opts.signal }, await plan(a), await plan(b), b.schema.primaryKeys.length ? keys : []);
  }

  /**
   * {@link LakeTable.changeLog}: the changelog files of the snapshots after `from` up to `to`
   * (scan/change-log.ts); snapshots without any are left to derive. Undefined for an empty range.
   */
  async changeLog(from: string, to: string, options: { signal?: AbortSignal } = {}): Promise<ChangeLogSource | undefined> {
    const [a, b] = [BigInt(from), BigInt(to)];
    const ids = (await this.meta.snapshotIds(options.signal)).filter((id) => id > a && id <= b);
    if (ids.length === 0) return undefined;
    const { schema } = await this.view({ version: to }, options.signal);
    const snapshots = await Promise.all(ids.map((id) => this.meta.snapshot(id, options.signal)));
    return paimonChangeLog({ storage: this.storage, meta: this.meta, snapshots, readSchema: schema, signal: options.signal });
  }

  // ---- writes (main branch only; the table is refreshed after each) ----------------------------

  /**
   * Re-reads what is current and throws DataInvalid naming the file while the newest snapshot or the
   * LATEST hint cannot be read (every write checks this itself; previews call it to refuse up front).
   */
  async checkWritable(signal?: AbortSignal, what = 'commit'): Promise<void> {
    await refreshForWrite({ storage: this.storage, meta: this.meta, schema: this.latestSchema, signal }, what);
  }

  /** {@link LakeTable.capabilities} (commit/write-model.ts). */
  capabilities(version?: string, options?: CapabilityOptions): Promise<WriteCapability[]> {
    return paimonCapabilities(this, version, options);
  }

  /** {@link LakeTable.engineSql} (commit/engine-sql.ts): Paimon's Spark procedures. */
  engineSql(action: WriteAction): EngineSql | undefined {
    return paimonEngineSql({ location: this.location, options: this.latestSchema.options, primaryKey: this.latestSchema.primaryKeys.length > 0 }, action);
  }

  /** {@link LakeTable.prepare} (commit/write-model.ts): main branch, its latest snapshot. */
  prepare(action: WriteAction, options: { signal?: AbortSignal } = {}): Promise<PreparedChange> {
    return preparePaimonAction(this, (s) => recordCount(s, this.schema), action, options.signal);
  }

  /** Appends, upserts or deletes rows as one commit (see commit/write-rows.ts). */
  writeRows(kind: RowWriteKind, rows: readonly RowObject[], opts: WriteRowsOptions & { signal?: AbortSignal } = {}): Promise<WriteRowsResult> {
    return this.write(opts.signal, (ctx) => writeRows(ctx, kind, rows, opts));
  }

  /** What a compaction of the latest snapshot would merge (see commit/compact.ts); undefined without a snapshot. */
  async planCompaction(req: CompactRequest = {}, signal?: AbortSignal): Promise<CompactionPlan | undefined> {
    const id = await this.meta.latestSnapshotId(signal);
    return id === undefined ? undefined : planCompaction(this.meta, await this.meta.snapshot(id, signal), this.latestSchema, req, signal);
  }

  /** Compacts buckets as one COMPACT snapshot (see commit/compact-run.ts). */
  compact(req: CompactRequest = {}, opts: CompactOptions & { signal?: AbortSignal } = {}): Promise<CompactResult> {
    return this.write(opts.signal, (ctx) => compactTable(ctx, req, opts));
  }

  /** Files no snapshot, tag or branch references, older than a day by default (see commit/orphans.ts). */
  orphanFiles(opts: { olderThanMs?: number; nowMs?: number; ignore?: ReadonlySet<string>; signal?: AbortSignal } = {}): Promise<string[]> {
    return orphanFiles({ storage: this.storage, meta: this.meta, schema: this.latestSchema, signal: opts.signal }, opts);
  }

  /** Creates a tag (see commit/tags.ts). */
  createTag(name: string, opts: CreateTagOptions & { signal?: AbortSignal } = {}): Promise<{ name: string; snapshotId: string; file: string }> {
    return this.write(opts.signal, (ctx) => createTag(ctx, name, opts));
  }

  /** Deletes a tag and the files only it kept alive (see commit/tags.ts). */
  deleteTag(name: string, opts: { signal?: AbortSignal } = {}): Promise<{ name: string; snapshotId: string; deletedFiles: string[] }> {
    return this.write(opts.signal, (ctx) => deleteTag(ctx, name));
  }

  /** Non-destructive rollback: a new latest snapshot equal to `target` (see commit/rollback.ts). */
  rollbackAsLatest(target: VersionSelector, opts: RollbackAsLatestOptions & { signal?: AbortSignal } = {}): Promise<RollbackResult> {
    return this.write(opts.signal, (ctx) => rollbackAsLatest(ctx, selectorChoice(target), opts));
  }

  /** Destructive rollback behind `confirmDestructive`, with a `dryRun` preview (see commit/rollback-destructive.ts). */
  rollbackDestructive(target: VersionSelector, opts: DestructiveRollbackOptions & { signal?: AbortSignal } = {}): Promise<DestructiveRollbackPlan> {
    return this.write(opts.signal, (ctx) => rollbackDestructive(ctx, selectorChoice(target), opts));
  }

  /** Snapshot expiration honouring consumers and tags, with a `dryRun` preview (see commit/expire.ts). */
  expireSnapshots(opts: ExpireOptions & { signal?: AbortSignal } = {}): Promise<ExpirePlan> {
    return this.write(opts.signal, (ctx) => expireSnapshots(ctx, opts));
  }

  private async write<T>(signal: AbortSignal | undefined, work: (ctx: CommitContext) => Promise<T>): Promise<T> {
    if (this.meta.branch !== undefined) {
      throw messageError('Unsupported', 'error.paimon.branchWrites', { branch: this.meta.branch });
    }
    try {
      return await work({ storage: this.storage, meta: this.meta, schema: this.latestSchema, signal });
    } finally {
      await this.reload(signal).catch(() => undefined);
    }
  }
}

function selectorChoice(v: VersionSelector): VersionSelector {
  return { version: v.version, asOfTimestampMs: v.asOfTimestampMs };
}

async function loadLatestSchema(meta: PaimonMetadata, signal?: AbortSignal): Promise<TableSchema> {
  const ids = await meta.schemaIds(signal);
  const latest = ids[ids.length - 1];
  if (latest === undefined) {
    throw messageError('NotFound', 'error.paimon.notPaimon', { storage: meta.storage.description }, { file: 'schema/' });
  }
  return meta.schema(latest, signal);
}
