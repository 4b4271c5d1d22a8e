/**
 * An opened Delta table: the common LakeTable model (versions, schemas, plan/read, the log as a tree)
 * delegating to io/ (log files), scan/ (log segment, replay, planning, reading, time travel) and
 * inspect/ (history, schemas, tree). Format internals stay in those folders; this class only adapts
 * them to the model.
 */
import { note, noteText, type Note } from '../../messages/note.ts';
import { deltaEngineSql } from './commit/engine-sql.ts';
import type { EngineSql } from '../../commit/engine-sql.ts';
import type { CapabilityOptions, PreparedChange, WriteAction, WriteCapability } from '../../commit/write-action.ts';
import { deltaCapabilities, prepareDeltaAction } from './commit/write-model.ts';
import type { RecordBatch, Table } from 'apache-arrow';
import { limitBatches } from '../../arrow/limit.ts';
import type { Storage } from '../../io/storage.ts';
import { pool } from '../../util/async.ts';
import type {
  ChangeLogSource, LakePlan, LakeTable, PartitionSpecDto, ScanRequest, ScanTask, SchemaDto, SortOrderDto, TableFactDto, TableStateDto, TreeNode, VersionDto, VersionSelector,
} from '../table-format.ts';
import { listVersions, schemaDto } from './inspect/versions.ts';
import { schemaChanges, schemaIdAt, type SchemaChange } from './inspect/schema-history.ts';
import { treeNodes } from './inspect/tree.ts';
import { deltaFacts } from './inspect/facts.ts';
import { inspectLog } from './inspect/log-table.ts';
import { LogStore } from './io/log-store.ts';
import { currentListing, latestVersion, segmentFor, type LogSegment } from './scan/log-segment.ts';
import { planSnapshot, readSchema } from './scan/plan.ts';
import { fromScanTask, toScanTasks } from './scan/planned-files.ts';
import { readTask } from './scan/read.ts';
import { Replay, type Snapshot } from './scan/replay.ts';
import type { DeltaTask } from './scan/task.ts';
import { commitTimes, versionAt, type TimestampSource } from './scan/time-travel.ts';
import { readChanges } from './scan/changes.ts';
import { toChangeLogBatches } from './scan/change-log.ts';
import type { LogFile } from './spec/log-files.ts';
import { fieldId } from './spec/schema.ts';
import { messageError } from '../../message-error.ts';
import type { LakeErrorRef } from '../../errors.ts';

export interface OpenDeltaOptions {
  readonly signal?: AbortSignal;
  /**
   * Time travel by timestamp: `protocol` (default) uses in-commit timestamps where enabled, else commit
   * file modification times made monotonic; `commitInfo` uses each commit's `commitInfo.timestamp`.
   */
  readonly timestamps?: TimestampSource;
  /** The table's absolute location (e.g. `s3://bucket/table`), to map absolute paths in the log. */
  readonly location?: string;
}

/** A resolved version with its snapshot and how it was found. */
export interface DeltaView {
  readonly snapshot: Snapshot;
  readonly segment: LogSegment;
  readonly isLatest: boolean;
  readonly notes: readonly Note[];
}

export class DeltaTable implements LakeTable {
  readonly format = 'delta';

  /** {@link LakeTable.capabilities} (commit/write-model.ts): RESTORE as rollback, OPTIMIZE as compact. */
  capabilities(version?: string, options?: CapabilityOptions): Promise<WriteCapability[]> {
    return deltaCapabilities(this, version, options);
  }

  /** {@link LakeTable.engineSql} (commit/engine-sql.ts): Delta's OPTIMIZE, RESTORE and VACUUM on the table's path. */
  engineSql(action: WriteAction): EngineSql | undefined {
    return deltaEngineSql({ location: this.opts.location ?? this.location, configuration: this.current.snapshot.metadata.configuration ?? {} }, action);
  }

  /** {@link LakeTable.prepare} (commit/write-model.ts). */
  prepare(action: WriteAction, options: { signal?: AbortSignal } = {}): Promise<PreparedChange> {
    return prepareDeltaAction(this, action, options.signal);
  }
  readonly location: string;
  readonly warnings: readonly string[];
  /** The same warnings as catalog messages ({@link LakeTable.warningMessages}), so the page shows them in the reader's language. */
  readonly warningMessages: readonly LakeErrorRef[];
  private readonly snapshots = new Map<bigint, Promise<Snapshot>>();

  private constructor(
    readonly storage: Storage, readonly log: LogStore, private current: DeltaView, private readonly opts: OpenDeltaOptions,
  ) {
    this.location = opts.location ?? storage.description;
    const missing = current.notes.filter((n): n is Exclude<Note, string> => typeof n !== 'string' && n.key === 'note.delta.lastCheckpointMissing');
    this.warnings = missing.map((n) => noteText(n));
    this.warningMessages = missing.map((n) => ({ key: n.key, ...(n.params ? { params: n.params as Readonly<Record<string, unknown>> } : {}) }));
  }

  /**
   * Opens the table rooted at `storage`: its current version from `_last_checkpoint` (when it checks
   * out) and a listing. Must hold: no `_delta_log` commit or checkpoint → NotFound `delta table: …`; an
   * unreadable protocol → Unsupported naming the feature.
   */
  static async open(storage: Storage, opts: OpenDeltaOptions = {}): Promise<DeltaTable> {
    const log = new LogStore(storage);
    const view = await loadCurrent(log, opts.signal);
    return new DeltaTable(storage, log, view, opts);
  }

  /** The current version's snapshot. */
  get snapshot(): Snapshot {
    return this.current.snapshot;
  }

  /**
   * {@link LakeTable.refresh}: a new object at the current version, sharing the cached log files (they
   * are immutable); this one keeps its version.
   */
  async refresh(signal?: AbortSignal): Promise<DeltaTable> {
    this.log.invalidate();
    return new DeltaTable(this.storage, this.log, await loadCurrent(this.log, signal), this.opts);
  }

  /**
   * Re-reads the current version into this object (the writers in commit/ work on one object across a
   * commit and its checkpoint); readers that must keep their version use {@link refresh} instead.
   */
  async reload(signal?: AbortSignal): Promise<void> {
    this.log.invalidate();
    this.current = await loadCurrent(this.log, signal);
    this.snapshots.clear();
  }

  columnNames(): string[] {
    return readSchema(this.current.snapshot).schema.fields.map((f) => f.name);
  }

  private async commits(signal?: AbortSignal): Promise<Extract<LogFile, { kind: 'commit' }>[]> {
    const files = await this.log.list(undefined, signal);
    return files.filter((f): f is Extract<LogFile, { kind: 'commit' }> => f.kind === 'commit' && f.version <= this.current.snapshot.version);
  }

  /** {@link LakeTable.properties}: the metaData action's `configuration`. */
  get properties(): Readonly<Record<string, string>> { return this.current.snapshot.metadata.configuration ?? {}; }

  /** {@link LakeTable.facts}: protocol, features, partition columns, column mapping, DVs, CDF (inspect/facts.ts). */
  get facts(): readonly TableFactDto[] { return deltaFacts(this.current.snapshot.protocol, this.current.snapshot.metadata); }

  /** {@link LakeTable.states}: the checkpoints (PROTOCOL.md "Checkpoints": the whole state at a version), one per version. */
  async states(signal?: AbortSignal): Promise<TableStateDto[]> {
    const files = await this.log.list(undefined, signal);
    const seen = new Set<bigint>();
    const out: TableStateDto[] = [];
    for (const f of files) {
      if (f.kind !== 'checkpoint' || f.version > this.current.snapshot.version || seen.has(f.version)) continue;
      seen.add(f.version); // a multi-part checkpoint is one state: named by its first part
      out.push({
        id: f.key, kind: 'checkpoint', key: f.key, name: f.key.split('/').pop()!, version: f.version.toString(),
        ...(f.size !== undefined ? { size: f.size } : {}), ...(f.lastModified !== undefined ? { lastModified: f.lastModified } : {}),
        isCurrent: f.version === this.current.snapshot.version,
      });
    }
    return out.sort((a, b) => (BigInt(a.version!) < BigInt(b.version!) ? -1 : 1));
  }

  async versions(signal?: AbortSignal): Promise<VersionDto[]> {
    const commits = await this.commits(signal);
    const first = commits[0]?.version;
    // A log cleaned up to a checkpoint: totals run from that version's replayed state (when it can be rebuilt).
    const start = first !== undefined && first > 0n ? await this.view({ version: first.toString() }, signal).then((v) => v.snapshot, () => undefined) : undefined;
    const [versions, changes] = await Promise.all([
      listVersions(this.log, commits, this.current.snapshot.version, signal, start?.files.values()),
      this.schemaChanges(commits, signal),
    ]);
    return versions.map((v) => {
      const schemaId = schemaIdAt(changes, BigInt(v.id));
      return schemaId === undefined ? v : { ...v, schemaId };
    });
  }

  /** Every distinct schema in the log, by the version whose metaData action set it (inspect/schema-history.ts). */
  async schemas(signal?: AbortSignal): Promise<SchemaDto[]> {
    const changes = await this.schemaChanges(await this.commits(signal), signal);
    return changes.map((c, i) => schemaDto(c.metadata, c.version, i === changes.length - 1));
  }

  private schemaChanges(commits: Extract<LogFile, { kind: 'commit' }>[], signal?: AbortSignal): Promise<SchemaChange[]> {
    const first = commits[0]?.version;
    const baseline = () => (first === undefined ? Promise.resolve(undefined)
      : this.view({ version: first.toString() }, signal).then((v) => v.snapshot.metadata, () => undefined));
    return schemaChanges(this.log, commits, this.current.snapshot, baseline, signal);
  }

  async partitionSpecs(): Promise<PartitionSpecDto[]> {
    const { schema } = readSchema(this.current.snapshot);
    const cols = this.current.snapshot.metadata.partitionColumns;
    return [{
      specId: '0',
      fields: cols.map((name) => {
        const field = schema.fields.find((f) => f.name === name);
        const id = field && fieldId(field); // column-mapping id; none without column mapping
        return { name, sourceIds: id === undefined ? [] : [id], sourceNames: [field ? name : '?'], transform: 'identity' };
      }),
      isDefault: true,
    }];
  }

  /** Delta has no declared sort order (clustering is recorded in domain metadata, not as an order). */
  async sortOrders(): Promise<SortOrderDto[]> {
    return [];
  }

  /** The version a selector names: an id (a version number) or a time. */
  async view(selector: VersionSelector = {}, signal?: AbortSignal): Promise<DeltaView> {
    const latest = this.current.snapshot.version;
    let target: bigint | undefined;
    const notes: Note[] = [];
    if (selector.version !== undefined) {
      if (!/^\d+$/.test(selector.version)) throw messageError('NotFound', 'error.delta.notVersionNumber', { version: selector.version }, { version: selector.version });
      target = BigInt(selector.version);
      if (target > latest) throw messageError('NotFound', 'error.delta.noVersion', { version: String(target), latest: String(latest) }, { version: selector.version });
    } else if (selector.asOfTimestampMs !== undefined) {
      const times = await commitTimes(this.log, await this.commits(signal), this.opts.timestamps ?? 'protocol', this.current.snapshot, signal);
      const t = versionAt(times, selector.asOfTimestampMs);
      target = t.version;
      notes.push(note('note.delta.asOf', { version: String(t.version), at: new Date(selector.asOfTimestampMs).toISOString(), source: t.source }));
    }
    if (target === undefined || target === latest) return { ...this.current, notes: [...notes, ...this.current.notes] };
    const files = await this.log.list(undefined, signal);
    const segment = segmentFor(files, target);
    const snapshot = await this.snapshotOf(segment, signal);
    return { snapshot, segment, isLatest: false, notes: [...notes, ...segment.notes] };
  }

  private snapshotOf(segment: LogSegment, signal?: AbortSignal): Promise<Snapshot> {
    let p = this.snapshots.get(segment.version);
    if (!p) {
      p = replaySegment(this.log, segment, signal);
      this.snapshots.set(segment.version, p);
      p.catch(() => this.snapshots.delete(segment.version));
    }
    return p;
  }

  /** The common model's plan: opaque tasks for {@link read}, one plain record per planned file. */
  async plan(scan: ScanRequest = {}): Promise<LakePlan> {
    const p = await this.planScan(scan);
    return { ...p, tasks: toScanTasks(p.tasks) };
  }

  /** Plans a scan with Delta's own task type (see scan/plan.ts). */
  async planScan(scan: ScanRequest = {}): Promise<LakePlan<DeltaTask>> {
    const v = await this.view(scan, scan.signal);
    return planSnapshot({ snapshot: v.snapshot, filter: scan.filter, columns: scan.columns, notes: v.notes, ...(this.opts.location ? { location: this.opts.location } : {}) });
  }

  /** Reads a task of {@link plan} (opaque) or of {@link planScan}. */
  read(task: ScanTask | DeltaTask, options: { signal?: AbortSignal } = {}): AsyncIterable<RecordBatch> {
    return readTask({ storage: this.storage, signal: options.signal, ...(this.opts.location ? { location: this.opts.location } : {}) }, fromScanTask(task));
  }

  /** Every batch of a scan (plan + read of every task), up to `limit` rows when given. */
  async *scan(request: ScanRequest = {}): AsyncGenerator<RecordBatch> {
    const plan = await this.planScan(request);
    const read = (task: (typeof plan.tasks)[number]) => this.read(task, { signal: request.signal });
    yield* limitBatches((async function* () { for (const task of plan.tasks) yield* read(task); })(), request.limit);
  }

  /**
   * The change data feed of versions `start`..`end` (both inclusive; `end` defaults to the current
   * version): the schema's columns plus `_change_type`, `_commit_version`, `_commit_timestamp`, from
   * change data files where a commit wrote them, derived from its add/remove actions otherwise
   * (scan/changes.ts).
   */
  async *changes(start: bigint, end?: bigint, opts: { signal?: AbortSignal } = {}): AsyncGenerator<RecordBatch> {
    const last = end ?? this.current.snapshot.version;
    const commits = await this.commits(opts.signal);
    const endView = await this.view({ version: (last > this.current.snapshot.version ? this.current.snapshot.version : last).toString() }, opts.signal);
    const times = new Map((await commitTimes(this.log, commits, this.opts.timestamps ?? 'protocol', this.current.snapshot, opts.signal)).map((t) => [t.version, t.timestampMs]));
    yield* readChanges({
      log: this.log, ctx: { storage: this.storage, signal: opts.signal, ...(this.opts.location ? { location: this.opts.location } : {}) },
      commits, start, end: last, endSnapshot: endView.snapshot, times, ...(this.opts.location ? { location: this.opts.location } : {}),
    });
  }

  /**
   * {@link LakeTable.changeLog}: the change data feed of versions `from`+1 … `to` (scan/changes.ts):
   * change data files where a commit wrote them, else its add/remove actions and deletion vectors.
   */
  async changeLog(from: string, to: string, options: { signal?: AbortSignal } = {}): Promise<ChangeLogSource | undefined> {
    const start = BigInt(from) + 1n;
    const end = BigInt(to);
    if (start > end) return undefined;
    const endView = await this.view({ version: to }, options.signal);
    const columns = readSchema(endView.snapshot).schema.fields.map((f) => f.name);
    const enabled = endView.snapshot.metadata.configuration?.['delta.enableChangeDataFeed'] === 'true';
    return {
      name: 'Delta change data feed', columns,
      notes: [enabled ? note('note.delta.cdfOn') : note('note.delta.cdfOff')],
      batches: toChangeLogBatches(this.changes(start, end, options), columns),
    };
  }

  /** {@link LakeTable.inspectTables}: Delta's own metadata table, the transaction log as rows. */
  readonly inspectTables: readonly string[] = ['log'];

  /** `log` (inspect/log-table.ts): every action of every commit up to the version (the current by default). */
  async inspect(name: string, opts: VersionSelector & { signal?: AbortSignal } = {}): Promise<Table> {
    if (name !== 'log') throw messageError('NotFound', 'error.delta.noMetadataTable', { name }, { table: name });
    const v = await this.view(opts, opts.signal);
    const commits = (await this.commits(opts.signal)).filter((c) => c.version <= v.snapshot.version);
    const times = await commitTimes(this.log, commits, this.opts.timestamps ?? 'protocol', this.current.snapshot, opts.signal);
    return inspectLog(this.log, commits, new Map(times.map((t) => [t.version, t.timestampMs])), opts.signal);
  }

  /** The log as a tree for a version (inspect/tree.ts). */
  async tree(version: VersionSelector = {}, nodeId?: string, signal?: AbortSignal): Promise<TreeNode[]> {
    const v = await this.view(version, signal);
    return treeNodes({ log: this.log, snapshot: v.snapshot, segment: v.segment, ...(this.opts.location ? { location: this.opts.location } : {}), signal }, nodeId);
  }
}

/** Replays a segment: its checkpoint, then its commits in order. */
async function replaySegment(log: LogStore, segment: LogSegment, signal?: AbortSignal): Promise<Snapshot> {
  const replay = new Replay();
  if (segment.checkpoint) replay.apply((await log.checkpoint(segment.checkpoint, signal)).actions, segment.checkpoint.files[0]?.key);
  const commits = await pool(segment.commits, 8, (c, _i, sig) => log.commit(c, sig), signal);
  commits.forEach((actions, i) => replay.apply(actions, segment.commits[i]!.key));
  const where = segment.checkpoint ? `checkpoint ${segment.checkpoint.version} and the ${segment.commits.length} commits after it` : `commits 0..${segment.version}`;
  return replay.snapshot(segment.version, where, segment.checkpoint?.files[0]?.key ?? segment.commits[0]?.key);
}

async function loadCurrent(log: LogStore, signal?: AbortSignal): Promise<DeltaView> {
  const { files, notes } = await currentListing(log, signal);
  const latest = latestVersion(files);
  if (latest === undefined) {
    throw messageError('NotFound', 'error.delta.notDelta', { storage: log.storage.description }, { file: '_delta_log/' });
  }
  const segment = segmentFor(files, latest, notes);
  return { snapshot: await replaySegment(log, segment, signal), segment, isLatest: true, notes: segment.notes };
}
