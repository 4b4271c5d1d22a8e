/**
 * An opened Hudi table: the common LakeTable model (versions, schemas, plan/read, metadata tree) over
 * spec/ (hoodie.properties, timeline, commit metadata), scan/ (file system view, merge-on-read) and
 * inspect/ (versions, tree). Read-only: Hudi writes are not offered (see `capabilities`).
 */
import { noWrites, type WriteCapability } from '../../commit/write-action.ts';
import type { RecordBatch, Table } from 'apache-arrow';
import { limitBatches } from '../../arrow/limit.ts';
import { LakeError, type LakeErrorRef } from '../../errors.ts';
import { errorRef } from '../../messages/message-parts.ts';
import type { Storage } from '../../io/storage.ts';
import type {
  ChangeLogSource, LakePlan, LakeTable, PartitionSpecDto, ScanRequest, ScanTask, SchemaDto, SortOrderDto, TableFactDto, TableStateDto, TreeNode, VersionDto, VersionSelector,
} from '../table-format.ts';
import { treeNodes } from './inspect/tree.ts';
import { hudiFacts } from './inspect/facts.ts';
import { inspectFileGroups } from './inspect/file-groups.ts';
import { timelineView, type TimelineViewDto } from './inspect/timeline.ts';
import { listSchemas, listVersions } from './inspect/versions.ts';
import { HudiMetadata } from './io/metadata.ts';
import { planIncremental, type IncrementalRange } from './scan/incremental.ts';
import { hudiChangeLog } from './scan/change-log.ts';
import { planSnapshot } from './scan/plan.ts';
import { readTask } from './scan/read.ts';
import type { HudiTask } from './scan/task.ts';
import { fromScanTask, toScanTasks } from './scan/planned-files.ts';
import { resolveInstant } from './scan/time-travel.ts';
import type { HudiTableConfig } from './spec/properties.ts';
import type { HudiSchema } from './spec/schema.ts';
import { messageError } from '../../message-error.ts';

export interface OpenHudiOptions {
  readonly signal?: AbortSignal;
}

/** What this reader can do with a Hudi table, and why not more. */
export const HUDI_CAPABILITIES = {
  read: true,
  write: false,
  why: 'Hudi tables are read-only here: writing needs Hudi\'s own write protocol (markers, rollbacks, the metadata table, table services), which this reader does not implement.',
} as const;

/** Simple and complex key generators write the values as they are; others (time-based, custom) transform them. */
function keyGeneratorTransform(keyGenerator: string | undefined): string {
  const k = (keyGenerator ?? '').toLowerCase();
  if (k === '' || k.includes('simple') || k.includes('complex')) return 'identity';
  return keyGenerator!.replace(/^org\.apache\.hudi\.keygen\./, '');
}

export class HudiTable implements LakeTable {
  readonly format = 'hudi';
  readonly location: string;
  /** {@link LakeTable.capabilities}: every write unavailable, saying why (HUDI_CAPABILITIES.why). */
  async capabilities(): Promise<WriteCapability[]> {
    return noWrites(errorRef('error.hudi.readOnly', undefined));
  }

  /** Corrupt log regions skipped by reads so far (one sentence each, naming the file and offset). */
  readonly readWarnings: string[] = [];
  /** The same warnings as catalog messages, in order (`error.hudi.log.*`), for the reader's language. */
  readonly readWarningMessages: LakeErrorRef[] = [];

  /** What opening noticed without failing (e.g. an archived timeline that is not read). */
  readonly warnings: readonly string[];

  private constructor(readonly storage: Storage, readonly meta: HudiMetadata, private readonly latestSchema: HudiSchema, warnings: readonly string[]) {
    this.location = storage.description;
    this.warnings = warnings;
  }

  /**
   * Opens the table rooted at `storage`. Must hold: a folder without `.hoodie/hoodie.properties` →
   * NotFound; an unsupported table version, a bootstrap table or a custom payload → Unsupported.
   */
  static async open(storage: Storage, opts: OpenHudiOptions = {}): Promise<HudiTable> {
    const meta = await HudiMetadata.load(storage, opts.signal);
    const schema = await meta.schemaAsOf(undefined, opts.signal);
    const warnings: string[] = [];
    return new HudiTable(storage, meta, schema, warnings);
  }

  /** {@link LakeTable.refresh}: the table opened again (hoodie.properties and the timeline read anew). */
  refresh(signal?: AbortSignal): Promise<HudiTable> {
    return HudiTable.open(this.storage, { signal });
  }

  get config(): HudiTableConfig {
    return this.meta.config;
  }

  columnNames(): string[] {
    return [...this.latestSchema.columns];
  }

  /** {@link LakeTable.properties}: hoodie.properties as written. */
  get properties(): Readonly<Record<string, string>> { return Object.fromEntries(this.meta.config.raw); }

  /** {@link LakeTable.facts}: table type, record key, ordering field, partition fields … (inspect/facts.ts). */
  get facts(): readonly TableFactDto[] { return hudiFacts(this.meta.config); }

  /** {@link LakeTable.states}: the completed instant files of the versions (each commit's metadata). */
  async states(): Promise<TableStateDto[]> {
    const versions = this.meta.versions().filter((i) => i.completed !== undefined);
    return versions.map((i, k) => ({
      id: i.completed!.key, kind: 'instant' as const, key: i.completed!.key, name: i.completed!.key.split('/').pop()!,
      version: i.requestedTime, isCurrent: k === versions.length - 1,
    }));
  }

  /** Every version, the archived timeline's included (read on demand, here: io/archived-timeline.ts). */
  async versions(signal?: AbortSignal): Promise<VersionDto[]> {
    await this.meta.loadArchive(signal);
    return listVersions(this.meta, signal);
  }

  /** Resolves a selector, reading the archived timeline first when the active one does not hold it. */
  private async resolve(selector: VersionSelector & { signal?: AbortSignal }) {
    try {
      return resolveInstant(this.meta, selector);
    } catch (e) {
      if (!(e instanceof LakeError) || e.code !== 'NotFound') throw e;
      await this.meta.loadArchive(selector.signal);
      return resolveInstant(this.meta, selector);
    }
  }

  schemas(signal?: AbortSignal): Promise<SchemaDto[]> {
    return listSchemas(this.meta, signal);
  }

  async partitionSpecs(): Promise<PartitionSpecDto[]> {
    const fields = this.config.partitionFields;
    const names = this.latestSchema.type.fields.map((f) => f.name);
    return [{
      specId: '0', isDefault: true,
      // Hudi has no field ids: the source column is named only.
      fields: fields.map((f) => ({ name: f, sourceIds: [], sourceNames: [names.includes(f) ? f : '?'], transform: keyGeneratorTransform(this.config.keyGenerator) })),
    }];
  }

  async sortOrders(): Promise<SortOrderDto[]> {
    return [];
  }

  /** The common model's plan: opaque tasks for {@link read}, one plain record per planned file. */
  async plan(scan: ScanRequest = {}): Promise<LakePlan> {
    const p = await this.planScan(scan);
    return { ...p, tasks: toScanTasks(p.tasks) };
  }

  /** Plans a scan with Hudi's own task type, one file slice each (see scan/plan.ts). */
  async planScan(scan: ScanRequest = {}): Promise<LakePlan<HudiTask>> {
    const resolved = await this.resolve(scan);
    if (!resolved.instant) {
      return { versionId: '', columns: scan.columns ? [...scan.columns] : this.columnNames(), tasks: [], files: [], skipped: [], counts: {}, notes: resolved.notes };
    }
    return planSnapshot({ meta: this.meta, instant: resolved.instant, columns: scan.columns, filter: scan.filter, notes: resolved.notes, signal: scan.signal });
  }

  /** Reads a slice of {@link plan} (opaque) or of {@link planScan}. */
  read(task: ScanTask | HudiTask, options: { signal?: AbortSignal } = {}): AsyncIterable<RecordBatch> {
    return readTask({
      storage: this.storage, config: this.meta.config, timeline: this.meta.timeline, signal: options.signal,
      warn: (m, ref) => {
        if (this.readWarnings.includes(m)) return;
        this.readWarnings.push(m);
        this.readWarningMessages.push(ref);
      },
    }, fromScanTask(task));
  }

  /** Every batch of a scan (plan + read of every task, in task order), up to `limit` rows when given. */
  async *scan(request: ScanRequest = {}): AsyncGenerator<RecordBatch> {
    const plan = await this.planScan(request);
    const read = (task: (typeof plan.tasks)[number]) => this.read(task, { signal: request.signal });
    yield* limitBatches((async function* () { for (const task of plan.tasks) yield* read(task); })(), request.limit);
  }

  /**
   * Incremental query: records inserted or updated after `range.begin` up to `range.end`, latest values,
   * `_hoodie_commit_time` first (see scan/incremental.ts).
   */
  async *readIncremental(range: IncrementalRange, opts: { columns?: readonly string[]; signal?: AbortSignal } = {}): AsyncGenerator<RecordBatch> {
    const plan = await planIncremental(this.meta, range, opts.columns, opts.signal);
    for (const task of plan.tasks) yield* this.read(task, { signal: opts.signal });
  }

  /** The model's incremental query: {@link readIncremental} as a plan whose tasks `read` keeps only (since, version]. */
  async planIncremental(since: string, scan: ScanRequest = {}): Promise<LakePlan> {
    const end = scan.version === undefined || scan.version === '' ? undefined : (await this.resolve(scan)).instant?.requestedTime;
    const p = await planIncremental(this.meta, { begin: since, ...(end ? { end } : {}) }, scan.columns, scan.signal);
    return { ...p, tasks: toScanTasks(p.tasks) };
  }

  /**
   * {@link LakeTable.changeLog}: Hudi's incremental query over the write instants after `from` up to `to`
   * (scan/change-log.ts says what it does not show). Undefined for an empty range.
   */
  async changeLog(from: string, to: string, options: { signal?: AbortSignal } = {}): Promise<ChangeLogSource | undefined> {
    await this.meta.loadArchive(options.signal);
    const instants = this.meta.versions().filter((i) => i.requestedTime > from && i.requestedTime <= to);
    if (instants.length === 0) return undefined;
    return hudiChangeLog({ meta: this.meta, from, instants, read: (task) => this.read(task, options), signal: options.signal });
  }

  /** {@link LakeTable.inspectTables}: Hudi's own metadata table beyond the model's (`$file_groups`). */
  readonly inspectTables: readonly string[] = ['file_groups'];

  /** `file_groups` (inspect/file-groups.ts) at a version (the current by default). */
  async inspect(name: string, opts: VersionSelector & { signal?: AbortSignal } = {}): Promise<Table> {
    if (name !== 'file_groups') throw messageError('NotFound', 'error.hudi.noMetadataTable', { name }, { table: name });
    const resolved = await this.resolve(opts);
    return inspectFileGroups(this.meta, resolved.instant?.requestedTime, opts.signal);
  }

  /** The timeline as Hudi's RFC-94 UI draws it: lanes by action, bars from requested to completed. */
  async timeline(signal?: AbortSignal): Promise<TimelineViewDto> {
    await this.meta.loadArchive(signal);
    return timelineView(this.meta, signal);
  }

  async tree(version: VersionSelector = {}, nodeId?: string, signal?: AbortSignal): Promise<TreeNode[]> {
    const resolved = await this.resolve({ ...version, signal });
    return treeNodes({ meta: this.meta, instant: resolved.instant, signal }, nodeId);
  }
}
