/**
 * An opened Iceberg table: one metadata file (the current one, or any past one) read through a Storage
 * rooted at the table folder, with re-rooting of absolute paths and per-object caches of immutable files.
 * Implements the common LakeTable model; Iceberg-specific views (scan plans with bigint ids, metadata
 * tables) are extra methods.
 */
import { note, type Note } from '../../messages/note.ts';
import { icebergEngineSql } from './commit/engine-sql.ts';
import type { EngineSql } from '../../commit/engine-sql.ts';
import type { RecordBatch, Table } from 'apache-arrow';
import { unreadableNewestRefusal, unreadableNewestRefusalRef, type UnreadableNewest } from '../../commit/unreadable-newest.ts';
import { LakeError, isLakeError, type LakeErrorRef } from '../../errors.ts';
import type { Expr } from '../../expr/expr.ts';
import { parseWhere } from '../../expr/parse.ts';
import type { Storage } from '../../io/storage.ts';
import type { CapabilityOptions, PreparedChange, WriteAction, WriteCapability } from '../../commit/write-action.ts';
import type { DeletedPositionsDto, EarlyOutline, LakePlan, LakeTable, OpenOptions, ScanRequest, ScanTask, TableStateDto, TreeNode, VersionSelector } from '../table-format.ts';
import { partitionSpecDtos, schemaDtos, sortOrderDtos, versionDtos } from './inspect/dto.ts';
import { loadCurrentMetadata, prefetchCurrentMetadata } from './io/current-metadata.ts';
import { listMetadataFiles, type MetadataFileRef, readTableMetadata } from './io/metadata-files.ts';
import { type TableFiles, sharedTableFiles } from './io/table-files.ts';
import type { DeleteCache } from './scan/deletes.ts';
import { parseNameMapping, type NameMapping } from './scan/name-mapping.ts';
import { planScan, projectColumns } from './scan/plan.ts';
import { bindExpr } from '../../expr/bind.ts';
import { schemaLookup } from './spec/schema.ts';
import { fromScanTask, plannedFiles, toScanTasks } from './scan/planned-files.ts';
import type { readTask } from './scan/read-task.ts';
import { PREVIEW_MIN_FILE_SIZE } from './scan/preview-size.ts';
import type { FileScanTask, ScanPlan } from './scan/task.ts';
import type { Schema } from './spec/schema.ts';
import { columnNames } from './spec/schema.ts';
import type { Snapshot } from './spec/snapshot.ts';
import { currentSchema, schemaForSnapshot, type TableMetadata } from './spec/table-metadata.ts';
import { type ResolvedSnapshot, resolveSnapshot } from './spec/time-travel.ts';
import { icebergTree } from './inspect/tree.ts';
import { outlineOfMetadataText } from './inspect/outline.ts';
import type { InspectOptions } from './inspect/index.ts';
import { METADATA_TABLE_NAMES } from './inspect/table-names.ts';
import { messageError } from '../../message-error.ts';
import { errorRef } from '../../messages/message-parts.ts';

export interface OpenIcebergOptions extends OpenOptions {
  /** Storage key (or metadata path) of a metadata file to open instead of the current one: a past state. */
  readonly metadataPath?: string;
}

/** Iceberg-specific scan request: the common one plus planning switches. */
export interface IcebergScanRequest extends ScanRequest {
  readonly pruneRowGroups?: boolean;
  readonly concurrency?: number;
}

/**
 * Opens the table whose root is the storage root: the newest readable metadata file (see
 * io/current-metadata.ts), or exactly `opts.metadataPath`. NotFound when there is no metadata file;
 * a requested metadata file that does not parse is DataInvalid naming it (no fallback).
 */
export async function openIcebergTable(storage: Storage, opts: OpenIcebergOptions = {}): Promise<IcebergTable> {
  // A state of states() is a metadata file's key: the same thing as a metadata path.
  const given = opts.metadataPath ?? opts.state;
  if (given) {
    const key = given.includes('://') || given.startsWith('/') ? metadataKeyOf(given) : given;
    return new IcebergTable(storage, await readTableMetadata(storage, key, opts.signal, outlineSink(opts.onOutline)), key, 'given');
  }
  const found = await loadCurrentMetadata(storage, opts.signal, undefined, outlineSink(opts.onOutline));
  return new IcebergTable(storage, found.metadata, found.key, found.via, found.files, undefined, found.warnings, found.unreadableNewest, found.warningMessages);
}

/** Hands a metadata file's outline (inspect/outline.ts) to `onOutline`, where its text gives one. */
function outlineSink(onOutline: OpenOptions['onOutline']): ((text: string) => void | Promise<void>) | undefined {
  if (!onOutline) return undefined;
  return (text) => {
    const outline = outlineOfMetadataText(text);
    return outline ? onOutline(outline) : undefined;
  };
}

/**
 * TableFormat.prefetchOpen: the version hint and the metadata file it names, read ahead; with `outline`,
 * that file's outline (inspect/outline.ts) sent once it arrives, while wanted — the outline `open` would send
 * first too (io/current-metadata.ts: before its listing answers, the hinted file's).
 */
export function prefetchIcebergOpen(storage: Storage, offer: (key: string, bytes: Promise<Uint8Array>) => void, signal: AbortSignal, outline?: EarlyOutline): Promise<void> {
  return prefetchCurrentMetadata(storage, offer, signal, outline && {
    wanted: () => outline.wanted(),
    take: (text) => {
      const versions = outlineOfMetadataText(text);
      if (versions && outline.wanted()) outline.send(versions);
    },
  });
}

/** `…/metadata/v3.metadata.json` → `metadata/v3.metadata.json` (a path copied from a metadata log). */
function metadataKeyOf(path: string): string {
  const i = path.lastIndexOf('/metadata/');
  if (i < 0) throw messageError('NotFound', 'error.iceberg.notMetadataFolder', { path }, { file: path });
  return path.slice(i + 1);
}

export class IcebergTable implements LakeTable {
  readonly format = 'iceberg';
  readonly files: TableFiles;
  /**
   * The reader and this table's delete cache, loaded on the first read: opening a table (the first paint) needs
   * neither, and the reader brings Arrow, Parquet, ORC and Avro decoding with it (issue 17).
   */
  private reader?: Promise<{ readonly readTask: typeof readTask; readonly deleteCache: DeleteCache }>;
  private readonly nameMapping: NameMapping[] | undefined;
  /** Read tuning: files at least this large serve a small `limit` with ranged reads of the first rows. */
  previewMinFileSize = PREVIEW_MIN_FILE_SIZE;

  constructor(
    readonly storage: Storage,
    readonly metadata: TableMetadata,
    /** Storage key of the metadata file this object reads. */
    readonly metadataKey: string,
    /** How that file was chosen: `version-hint`, `latest-version` or `given`. */
    readonly metadataVia: string,
    private readonly knownMetadataFiles: readonly MetadataFileRef[] = [],
    files?: TableFiles,
    /** What opening had to work around (a stale version hint, skipped unreadable metadata files); shown with plans. {@link LakeTable.warnings}. */
    readonly warnings: readonly string[] = [],
    /** The newest metadata file when it cannot be parsed (this object reads an older one): writes refuse. */
    readonly unreadableNewest?: UnreadableNewest,
    /** The same warnings as catalog messages ({@link LakeTable.warningMessages}). */
    readonly warningMessages: readonly LakeErrorRef[] = [],
  ) {
    this.files = files && files.relocation.relocatedFrom === metadata.location.replace(/\/+$/, '') ? files : sharedTableFiles(storage, metadata.location);
    this.nameMapping = parseNameMapping(metadata.properties['schema.name-mapping.default']);
  }

  get location(): string { return this.metadata.location; }

  /** {@link LakeTable.writeRefusal}: set while the newest metadata file cannot be parsed. */
  get writeRefusal(): string | undefined {
    return this.unreadableNewest && unreadableNewestRefusal(this.unreadableNewest);
  }

  /** The warnings as plan notes: their catalog messages where every one has one. */
  private warningNotes(): readonly Note[] {
    return this.warningMessages.length === this.warnings.length ? this.warningMessages as readonly Note[] : this.warnings;
  }

  /** {@link LakeTable.writeRefusalMessage}. */
  get writeRefusalMessage(): LakeErrorRef | undefined {
    return this.unreadableNewest && unreadableNewestRefusalRef(this.unreadableNewest);
  }

  /** The recorded location this table is read away from (every path is re-rooted onto the opened folder). */
  get relocatedFrom(): string | undefined {
    const here = this.storage.description.replace(/\/+$/, '').replace(/^s3a?:\/\//, 's3://');
    return here === this.metadata.location.replace(/\/+$/, '').replace(/^s3a?:\/\//, 's3://') ? undefined : this.metadata.location;
  }

  async versions() { return versionDtos(this.metadata); }
  async schemas() { return schemaDtos(this.metadata); }
  async partitionSpecs() { return partitionSpecDtos(this.metadata); }
  async sortOrders() { return sortOrderDtos(this.metadata); }

  /** Column names of the current schema, in order. */
  columnNames(): string[] { return columnNames(currentSchema(this.metadata)); }

  /** {@link LakeTable.properties}: the metadata's `properties`. */
  get properties(): Readonly<Record<string, string>> { return this.metadata.properties; }

  /** {@link LakeTable.formatVersion}: the metadata's `format-version`. */
  get formatVersion(): number { return this.metadata.formatVersion; }

  /** {@link LakeTable.states}: every metadata file (spec "Table Metadata": each commit writes a new one), its key as id. */
  async states(signal?: AbortSignal): Promise<TableStateDto[]> {
    // A storage that cannot list (plain HTTP) shows only the file read.
    const files = await this.metadataFiles(signal).catch((e: unknown) => { if (isLakeError(e, 'Unsupported')) return []; throw e; });
    const listed = files.some((f) => f.key === this.metadataKey) ? files : [...files, { key: this.metadataKey, name: this.metadataKey.split('/').pop()!, version: -1 }];
    return listed.map((f) => ({
      id: f.key, kind: 'metadata-file' as const, key: f.key, name: f.name, ...(f.version >= 0 ? { sequence: f.version } : {}),
      ...(f.size !== undefined ? { size: f.size } : {}), ...(f.lastModified !== undefined ? { lastModified: f.lastModified } : {}),
      isCurrent: f.key === this.metadataKey,
    }));
  }

  /** {@link LakeTable.capabilities} (commit/capabilities.ts). */
  async capabilities(version?: string, options?: CapabilityOptions): Promise<WriteCapability[]> {
    // Loaded when first asked (issue 17: opening a table does not compile it); not the writers (write-model.ts),
    // which the writes bar's first question does not need.
    const { icebergCapabilities } = await import('./commit/capabilities.ts');
    return icebergCapabilities(this.storage, this.metadata, this.writeRefusal, version, options, this.writeRefusalMessage);
  }

  /** {@link LakeTable.engineSql} (commit/engine-sql.ts): Spark's Iceberg procedures. */
  engineSql(action: WriteAction): EngineSql | undefined {
    return icebergEngineSql(this.metadata, action);
  }

  /** {@link LakeTable.prepare} (commit/write-model.ts): acts on the table's current metadata. */
  async prepare(action: WriteAction, options: { signal?: AbortSignal } = {}): Promise<PreparedChange> {
    const { prepareIcebergAction } = await import('./commit/write-model.ts');
    return prepareIcebergAction(this.storage, action, options.signal);
  }

  /** Every metadata file in `metadata/` (each a past state), oldest first. */
  async metadataFiles(signal?: AbortSignal): Promise<MetadataFileRef[]> {
    return this.knownMetadataFiles.length > 0 ? [...this.knownMetadataFiles] : listMetadataFiles(this.storage, signal);
  }

  /** The same table at a past metadata file (sharing this object's caches). */
  async atMetadataFile(key: string, signal?: AbortSignal): Promise<IcebergTable> {
    const meta = await readTableMetadata(this.storage, key, signal);
    return new IcebergTable(this.storage, meta, key, 'given', this.knownMetadataFiles, this.files);
  }

  /** Re-reads only "what is current" (version hint / listing); returns this object when nothing changed. */
  async refresh(signal?: AbortSignal): Promise<IcebergTable> {
    const found = await loadCurrentMetadata(this.storage, signal, { key: this.metadataKey, metadata: this.metadata });
    if (found.key === this.metadataKey) return this;
    return new IcebergTable(this.storage, found.metadata, found.key, found.via, found.files, this.files, found.warnings, found.unreadableNewest, found.warningMessages);
  }

  /** The snapshot a selector names (current by default); NotFound when none. */
  resolveVersion(sel: VersionSelector = {}): ResolvedSnapshot {
    try {
      if (sel.asOfTimestampMs !== undefined) return resolveSnapshot(this.metadata, { asOfTimestampMs: sel.asOfTimestampMs });
      if (sel.version !== undefined) return resolveSnapshot(this.metadata, { version: sel.version });
      return resolveSnapshot(this.metadata, { current: true });
    } catch (e) {
      // Name the metadata file that was searched, and what opening skipped: a version missing because
      // a newer metadata file was unreadable must say which file, not just "not found".
      if (!isLakeError(e) || e.code !== 'NotFound') throw e;
      const skipped = this.warnings.length ? `; ${this.warnings.join('; ')}` : '';
      // What opening skipped, in the reader's language where every warning has its message, else as its English.
      const quoted = (text: string) => errorRef('error.untranslated', { text });
      const warnings = this.warningMessages.length === this.warnings.length ? [...this.warningMessages] : this.warnings.map(quoted);
      const message = e.ref ?? quoted(e.message);
      const ref = warnings.length
        ? errorRef('error.iceberg.readFromSkipping', { message, file: this.metadataKey, skipped: warnings.reduceRight((rest, w) => errorRef('error.semicolon', { first: w, rest })) })
        : errorRef('error.iceberg.readFrom', { message, file: this.metadataKey });
      throw new LakeError(e.code, `${e.message} (read from ${this.metadataKey}${skipped})`, { ...e.context, file: this.metadataKey }, { cause: e, ref });
    }
  }

  /** The schema a snapshot is read with (its own `schema-id`; the current schema for the current snapshot). */
  schemaFor(snapshot: Snapshot): Schema {
    return schemaForSnapshot(this.metadata, snapshot);
  }

  /** Plans a scan with Iceberg's own task type (bigint ids) and full skip records. */
  async planScan(req: IcebergScanRequest = {}, onTasks?: (tasks: readonly FileScanTask[]) => void): Promise<ScanPlan> {
    const resolved = this.resolveVersion(req);
    return planScan({
      meta: this.metadata, files: this.files, snapshot: resolved.snapshot, schema: this.schemaFor(resolved.snapshot), via: resolved.via, viaNote: resolved.viaNote, note: resolved.note,
    }, { filter: toExpr(req.filter), columns: req.columns, limit: req.limit, pruneRowGroups: req.pruneRowGroups, concurrency: req.concurrency, signal: req.signal, onTasks });
  }

  /** {@link LakeTable.partitioning}: numbered partition specs that evolve (spec "Partition Evolution"). */
  readonly partitioning = 'specs';

  /** The common model's plan: opaque tasks for {@link read}, one plain record per planned file. */
  async plan(req: ScanRequest = {}): Promise<LakePlan> {
    return this.planEarly(req);
  }

  /** {@link LakeTable.planEarly}: tasks told as their manifests are read (scan/plan.ts `onTasks`). */
  async planEarly(req: ScanRequest, onTasks?: (tasks: readonly ScanTask[], bytes: readonly number[]) => void): Promise<LakePlan> {
    if (req.version === undefined && req.asOfTimestampMs === undefined && this.metadata.currentSnapshotId === undefined) return this.emptyPlan(req);
    const p = await this.planScan(req, onTasks && ((tasks) => onTasks(toScanTasks(tasks), tasks.map((t) => Number(t.fileSizeInBytes)))));
    return {
      versionId: String(p.snapshotId), columns: p.columns, tasks: toScanTasks(p.tasks), files: plannedFiles(this.metadata, p.tasks), skipped: p.skipped,
      counts: p.counts as unknown as LakePlan["counts"], notes: [p.viaNote ?? `snapshot chosen by ${p.via}`, ...(p.note ? [p.note] : []), ...(p.pathNotes ?? []), ...this.warningNotes()],
    };
  }

  /** The (data file, position) pairs a delete file or deletion vector node deletes (inspect/deleted-positions.ts). */
  async deletedPositions(_version: VersionSelector, node: TreeNode, options?: { limit?: number; signal?: AbortSignal }): Promise<DeletedPositionsDto> {
    const { icebergDeletedPositions } = await import('./inspect/deleted-positions.ts');
    return icebergDeletedPositions(this.files, node, options);
  }

  /**
   * The current state of a table created but never written (no `current-snapshot-id`, spec "Table
   * Metadata"): no files and no rows, as Paimon plans a table without a snapshot. The filter and columns
   * are still checked against the current schema, so a typo fails here too.
   */
  private emptyPlan(req: ScanRequest): LakePlan {
    const schema = currentSchema(this.metadata);
    const filter = toExpr(req.filter);
    if (filter) bindExpr(filter, schemaLookup(schema));
    const columns = projectColumns(schema, req.columns).map((id) => schema.fields.find((f) => f.id === id)!.name);
    return { versionId: '', columns, tasks: [], files: [], skipped: [], counts: {}, notes: [note('note.noSnapshotYet'), ...this.warningNotes()] };
  }

  /**
   * Every file a scan considers, with what planning decided: data files `read` (with their row groups and
   * deletes), delete files `applied`, and everything `skipped` with the step and reason (the CLI's `files`).
   */
  async explainFiles(req: IcebergScanRequest = {}): Promise<FileExplanation[]> {
    const plan = await this.planScan(req);
    const out: FileExplanation[] = [];
    const applied = new Map<string, FileExplanation>();
    for (const t of plan.tasks) {
      out.push({ path: t.path, key: t.key, kind: 'data', status: 'read', recordCount: t.recordCount, rowGroups: t.rowGroups, deletes: t.deletes.length });
      for (const d of t.deletes) {
        const id = `${d.path}#${d.contentOffset ?? ''}`;
        if (!applied.has(id)) applied.set(id, { path: d.path, key: d.key, kind: d.kind === 'deletion-vector' ? 'deletion-vector' : d.kind === 'equality' ? 'equality-deletes' : 'position-deletes', status: 'applied', recordCount: d.recordCount });
      }
    }
    out.push(...applied.values());
    for (const s of plan.skipped) out.push({ path: s.path, key: this.files.relocation.tryKey(s.path), kind: s.kind, status: 'skipped', step: s.step, rowGroup: s.rowGroup, reason: s.reason });
    return out;
  }

  /** Reads a task of {@link plan} (opaque) or of {@link planScan}. */
  read(task: ScanTask | FileScanTask, options: { signal?: AbortSignal } = {}): AsyncIterable<RecordBatch> {
    const t = 'kind' in task ? task : fromScanTask(task);
    return this.readLoaded(t, options.signal);
  }

  private async *readLoaded(task: FileScanTask, signal?: AbortSignal): AsyncGenerator<RecordBatch> {
    // One load per table object, so that every read shares one delete cache.
    // A load that failed (a chunk the network lost) is forgotten, so the next read tries again.
    this.reader ??= Promise.all([import('./scan/read-task.ts'), import('./scan/deletes.ts')])
      .then(([r, d]) => ({ readTask: r.readTask, deleteCache: new d.DeleteCache() }))
      .catch((e: unknown) => { this.reader = undefined; throw e; });
    const { readTask: read, deleteCache } = await this.reader;
    yield* read({ meta: this.metadata, files: this.files, deleteCache, nameMapping: this.nameMapping, previewMinFileSize: this.previewMinFileSize }, task, signal);
  }

  /** Plans and reads every task in order, honouring the overall limit. */
  async *scan(req: IcebergScanRequest = {}): AsyncGenerator<RecordBatch> {
    const plan = await this.planScan(req);
    let left = req.limit;
    for (const task of plan.tasks) {
      if (left !== undefined && left <= 0) return;
      for await (const batch of this.read(left === undefined ? task : { ...task, limit: left }, { signal: req.signal })) {
        if (left !== undefined) left -= batch.numRows;
        yield batch;
      }
    }
  }

  /** {@link LakeTable.inspectTables}: the pyiceberg metadata tables {@link inspect} serves. */
  readonly inspectTables: readonly string[] = METADATA_TABLE_NAMES;

  /** Names of the metadata tables {@link inspect} accepts. */
  static readonly metadataTables: readonly string[] = METADATA_TABLE_NAMES;

  /** A metadata table (`snapshots`, `refs`, `history`, `metadata_log_entries`, `manifests`, `entries`, `files`, `data_files`, `delete_files`, `partitions`) as Arrow. */
  async inspect(name: string, opts: InspectOptions = {}): Promise<Table> {
    const { METADATA_TABLES } = await import('./inspect/index.ts');
    const fn = METADATA_TABLES[name];
    if (!fn) throw messageError('NotFound', 'error.iceberg.noMetadataTable', { name, known: Object.keys(METADATA_TABLES).join(', ') }, { table: name });
    return fn({ meta: this.metadata, files: this.files, metadataKey: this.metadataKey }, opts);
  }

  tree(version?: VersionSelector, nodeId?: string, signal?: AbortSignal): Promise<TreeNode[]> {
    return icebergTree(this, version, nodeId, signal);
  }
}

/** One line of {@link IcebergTable.explainFiles}. */
export interface FileExplanation {
  readonly path: string;
  readonly key?: string;
  readonly kind: string;
  readonly status: 'read' | 'applied' | 'skipped';
  readonly recordCount?: bigint;
  readonly rowGroups?: readonly number[];
  readonly deletes?: number;
  readonly step?: string;
  readonly rowGroup?: number;
  readonly reason?: string;
}

function toExpr(filter: Expr | string | undefined): Expr | undefined {
  if (filter === undefined) return undefined;
  return typeof filter === 'string' ? (filter.trim() === '' ? undefined : parseWhere(filter)) : filter;
}
