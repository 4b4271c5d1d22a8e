/**
 * Scan planning (spec "Scan Planning") in three steps, each recording why something was skipped:
 * 1. manifest list: live-file counts and partition summaries (filter projected per manifest spec);
 * 2. manifest entries: partition values against the projected filter, then column metrics;
 * 3. Parquet row groups by their statistics (one footer read per candidate file, cached for the read).
 * Delete files pass the same partition and metrics checks (spec: "If metrics show that a delete file has
 * no rows that match a scan predicate, it may be ignored") and are then matched to data files.
 */
import { note, type Note } from '../../../messages/note.ts';
import { type BoundExpr, type Expr, alwaysTrue } from '../../../expr/expr.ts';
import type { Value } from '../../../expr/types.ts';
import { bindExpr } from '../../../expr/bind.ts';
import { evaluateMetrics } from '../../../expr/metrics-evaluator.ts';
import { evaluateRow } from '../../../expr/row-evaluator.ts';
import { LakeError, throwIfAborted } from '../../../errors.ts';
import { pool } from '../../../util/async.ts';
import type { TableFiles } from '../io/table-files.ts';
import type { ManifestEntry } from '../spec/manifest.ts';
import type { ManifestFile } from '../spec/manifest-list.ts';
import type { PartitionTupleField } from '../spec/partition-spec.ts';
import { projectInclusive } from '../spec/projection.ts';
import { type Schema, schemaLookup } from '../spec/schema.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import type { TableMetadata } from '../spec/table-metadata.ts';
import { DeleteIndex } from './delete-index.ts';
import { fileStats, metricsFilter } from './file-metrics.ts';
import { evaluateManifestCounts, evaluateManifestPartitions } from './manifest-evaluator.ts';
import { partitionFieldsFor, specOf } from './partition-fields.ts';
import { partitionTupleText } from './partition-text.ts';
import { evaluateRowGroups } from './row-group-filter.ts';
import { checkManifestListTotals, readSnapshotManifests } from './snapshot-manifests.ts';
import type { DeleteFileRef, FileScanTask, ScanPlan, SkipRecord } from './task.ts';
import { messageError } from '../../../message-error.ts';
import { firstRepeat } from '../../../util/first-repeat.ts';

export interface PlanOptions {
  /** Row filter (unbound, names of the read schema). */
  readonly filter?: Expr;
  /** Top-level column names to output, in order; all columns of the read schema when absent. */
  readonly columns?: readonly string[];
  /** At most this many rows are wanted (planning stops adding unfiltered, delete-free files once reached). */
  readonly limit?: number;
  /** Read Parquet footers to skip row groups (default: when there is a filter). */
  readonly pruneRowGroups?: boolean;
  /** Parallel manifest/footer reads (default 16). */
  readonly concurrency?: number;
  readonly signal?: AbortSignal;
  /**
   * Told runs of tasks as soon as they are final, in plan order (the n-th told is `tasks[n]` of the plan,
   * the same object), so reading can start while later manifests are fetched. Only where nothing after a
   * manifest can change its tasks: no limit, no row-group pruning, no delete manifests (else told nothing;
   * the plan is the same either way).
   */
  readonly onTasks?: (tasks: readonly FileScanTask[]) => void;
}

/** The table state a plan is made from. */
export interface PlanInput {
  readonly meta: TableMetadata;
  readonly files: TableFiles;
  readonly snapshot: Snapshot;
  /** The schema rows are read with (the snapshot's). */
  readonly schema: Schema;
  readonly via: string;
  readonly viaNote?: Note;
  readonly note?: Note;
}

/** Default parallel manifest reads: enough to keep decoding busy while the next manifests arrive. */
const DEFAULT_CONCURRENCY = 16;

/** Plans a scan of one snapshot. Errors: NotFound for unknown columns or missing files; DataInvalid for corrupt metadata. */
export async function planScan(input: PlanInput, opts: PlanOptions = {}): Promise<ScanPlan> {
  const { meta, files, snapshot, schema } = input;
  const signal = opts.signal;
  const concurrency = opts.concurrency ?? DEFAULT_CONCURRENCY;
  const bound: BoundExpr = opts.filter ? bindExpr(opts.filter, schemaLookup(schema)) : alwaysTrue;
  const projectedIds = projectColumns(schema, opts.columns);
  const skipped: SkipRecord[] = [];
  const counts = { manifests: { total: 0, read: 0, skipped: 0 }, dataFiles: { total: 0, matched: 0, skipped: 0 }, deleteFiles: { total: 0, matched: 0, skipped: 0 }, rowGroups: { total: 0, skipped: 0 } };

  // Step 1: the manifest list.
  const manifests = await readSnapshotManifests(files, snapshot, signal);
  counts.manifests.total = manifests.length;
  const toRead: ManifestFile[] = [];
  for (const m of manifests) {
    const spec = specOf(meta, m.partitionSpecId, m.path);
    const projected = projectInclusive(bound, spec, schema);
    const r = [evaluateManifestCounts(m), evaluateManifestPartitions(projected, m, partitionFieldsFor(meta, spec))].find((x) => !x.match);
    if (r) skipped.push({ step: 'manifest-list', kind: 'manifest', path: m.path, reason: r.reason! });
    else toRead.push(m);
  }
  counts.manifests.read = toRead.length;
  counts.manifests.skipped = manifests.length - toRead.length;

  // Step 2: manifest entries (partition values, then column metrics), all manifests fetched in parallel.
  const residual = bound.op === 'true' ? undefined : opts.filter;
  const early = opts.onTasks && opts.limit === undefined && !((opts.pruneRowGroups ?? true) && bound.op !== 'true') && toRead.every((m) => m.content === 'data')
    ? new EarlyTasks(opts.onTasks, (e, key) => fileTask(e, key, NO_DELETES, undefined, files, schema.schemaId, projectedIds, residual, undefined)) : undefined;
  const perManifest = await pool(toRead, concurrency, async (m, i) => {
    const spec = specOf(meta, m.partitionSpecId, m.path);
    const pfields = partitionFieldsFor(meta, spec);
    const entries = await files.readManifest(m, pfields, signal);
    const r = filterEntries(entries, projectInclusive(bound, spec, schema), bound, schema, pfields);
    early?.done(i, r.kept, files);
    return r;
  }, signal);
  const dataEntries: ManifestEntry[] = []; const deleteEntries: ManifestEntry[] = [];
  perManifest.forEach((r, i) => {
    for (const s of r.skips) skipped.push(s);
    for (const e of r.kept) (e.dataFile.content === 'data' ? dataEntries : deleteEntries).push(e);
    for (const s of r.skips) (s.kind === 'data' ? counts.dataFiles : counts.deleteFiles).skipped++;
    counts.dataFiles.total += toRead[i]!.content === 'data' ? r.live : 0;
    counts.deleteFiles.total += toRead[i]!.content === 'deletes' ? r.live : 0;
  });
  const keys = storageKeys(dataEntries, files);
  checkUniqueFiles(dataEntries, keys);
  checkManifestListTotals(manifests, snapshot);

  const index = new DeleteIndex(deleteEntries, new Map(meta.partitionSpecs.map((s) => [s.specId, s])));
  let cands: Candidates = { entries: dataEntries, keys, deletes: index.isEmpty ? undefined : dataEntries.map((e) => index.forDataFile(e)) };

  // A limit without filter: enough whole files, in manifest order, to cover it (delete-free files count exactly).
  if (opts.limit !== undefined && bound.op === 'true') {
    let rows = 0n; let cut = cands.entries.length;
    for (let i = 0; i < cands.entries.length; i++) {
      if (rows >= BigInt(opts.limit)) { cut = i; break; }
      if (deletesAt(cands, i).length === 0) rows += cands.entries[i]!.dataFile.recordCount;
    }
    for (let i = cut; i < cands.entries.length; i++) skipped.push({ step: 'limit', kind: 'data', path: cands.entries[i]!.dataFile.filePath, reason: `limit ${opts.limit} already reached by earlier files` });
    counts.dataFiles.skipped += cands.entries.length - cut;
    cands = { entries: cands.entries.slice(0, cut), keys: cands.keys.slice(0, cut), deletes: cands.deletes?.slice(0, cut) };
  }

  // Step 3: row groups (only with a filter: one footer read per candidate file).
  if ((opts.pruneRowGroups ?? true) && bound.op !== 'true') {
    const pruned = await pool(cands.entries, concurrency, (entry) => pruneRowGroups(entry, bound, schema, files, signal), signal);
    const kept = { entries: [] as ManifestEntry[], keys: [] as (string | undefined)[], deletes: [] as (readonly ManifestEntry[])[], rowGroups: [] as (number[] | undefined)[] };
    pruned.forEach((c, i) => {
      for (const s of c.skips) skipped.push(s);
      counts.rowGroups.total += c.total;
      counts.rowGroups.skipped += c.skips.length;
      if (c.rowGroups && c.rowGroups.length === 0) {
        skipped.push({ step: 'row-group', kind: 'data', path: cands.entries[i]!.dataFile.filePath, reason: 'no row group can match' });
        counts.dataFiles.skipped++;
      } else {
        kept.entries.push(cands.entries[i]!); kept.keys.push(cands.keys[i]); kept.deletes.push(deletesAt(cands, i)); kept.rowGroups.push(c.rowGroups);
      }
    });
    cands = kept;
  }
  throwIfAborted(signal, 'iceberg plan');

  const { tasks, usedDeletes } = buildTasks(cands, early?.tasks ?? [], files, schema.schemaId, projectedIds, residual, opts.limit);
  counts.dataFiles.matched = tasks.length;
  counts.deleteFiles.matched = usedDeletes.size;
  const usedPaths = new Set<string>();
  for (const ds of cands.deletes ?? []) for (const d of ds) usedPaths.add(d.dataFile.filePath);
  const pathNotes = [...index.normalised].filter(([path]) => usedPaths.has(path)).map(([path, n]) => note('note.iceberg.pathNormalised', { path, manifest: n.manifest, written: n.written }));
  return {
    snapshotId: snapshot.snapshotId, schemaId: schema.schemaId,
    columns: projectedIds.map((id) => schema.fields.find((f) => f.id === id)!.name),
    filter: opts.filter, tasks, skipped, counts, via: input.via, ...(input.viaNote ? { viaNote: input.viaNote } : {}), note: input.note, ...(pathNotes.length ? { pathNotes } : {}),
  };
}

/**
 * The plan's tasks, one per candidate, in order (a task told early is used as it is: built from the same
 * entry and key by the same function, see EarlyTasks), and the ids of the delete files they apply.
 * A function of its own rather than a loop inside the long async planScan: V8 optimises it sooner — a
 * cold process built 100,000 tasks in 71–87 ms inside planScan, 50–57 ms here (issue 17).
 */
function buildTasks(cands: Candidates, told: readonly FileScanTask[], files: TableFiles, schemaId: number, projectedIds: readonly number[],
  residual: Expr | undefined, limit: number | undefined): { tasks: FileScanTask[]; usedDeletes: Set<string> } {
  const usedDeletes = new Set<string>();
  const n = cands.entries.length;
  const tasks = new Array<FileScanTask>(n);
  for (let i = 0; i < n; i++) {
    const deletes = deletesAt(cands, i);
    for (let j = 0; j < deletes.length; j++) usedDeletes.add(deleteId(deletes[j]!));
    tasks[i] = told[i] ?? fileTask(cands.entries[i]!, cands.keys[i], deletes, cands.rowGroups?.[i], files, schemaId, projectedIds, residual, limit);
  }
  return { tasks, usedDeletes };
}

/** The task reading one data file (its key: undefined for a path outside the table, which `keyOf` then reports). */
function fileTask(entry: ManifestEntry, key: string | undefined, deletes: readonly ManifestEntry[], rowGroups: number[] | undefined, files: TableFiles,
  schemaId: number, projectedIds: readonly number[], residual: Expr | undefined, limit: number | undefined): FileScanTask {
  const f = entry.dataFile;
  return new FileTask(f.filePath, key ?? files.keyOf(f.filePath), f.fileFormat, f.recordCount, f.fileSizeInBytes, f.specId, f.partition,
    entry.sequenceNumber, f.firstRowId, rowGroups, deletes.length === 0 ? NO_DELETES : deletes.map((d) => deleteRef(d, files)), schemaId, projectedIds,
    residual, limit);
}

/**
 * A task as {@link fileTask} makes it: a class, not an object literal, for the reason spec/manifest.ts's
 * `Entry` gives (no allocation-site pretenuring switch discarding buildTasks' optimized code in a cold plan).
 * Own properties only, in the interface's order.
 */
class FileTask implements FileScanTask {
  readonly kind = 'iceberg-file-scan';
  constructor(readonly path: string, readonly key: string, readonly format: string, readonly recordCount: bigint, readonly fileSizeInBytes: bigint,
    readonly specId: number, readonly partition: readonly (Value | null)[], readonly dataSequenceNumber: bigint, readonly firstRowId: bigint | undefined,
    readonly rowGroups: readonly number[] | undefined, readonly deletes: readonly DeleteFileRef[], readonly schemaId: number,
    readonly projectedIds: readonly number[], readonly residual: Expr | undefined, readonly limit: number | undefined) {}
}

/**
 * Tasks told before the plan ends ({@link PlanOptions.onTasks}): when the manifests before a manifest are
 * all done, its kept data entries' tasks are final — without deletes, a limit or row-group pruning, a
 * data entry's task depends only on the entry and its storage key, and the plan keeps data entries in
 * manifest order. Stops telling at an entry whose path lies outside the table (the plan reports it) —
 * the end of the plan tells the rest, and checks what was told.
 */
class EarlyTasks {
  readonly tasks: FileScanTask[] = [];
  private readonly pending: (readonly ManifestEntry[] | undefined)[] = [];
  private next = 0;
  private stopped = false;

  constructor(private readonly onTasks: (tasks: readonly FileScanTask[]) => void, private readonly build: (e: ManifestEntry, key: string) => FileScanTask) {}

  /** Manifest `index` (in the order read) is filtered: tell the tasks that became final. */
  done(index: number, kept: readonly ManifestEntry[], files: TableFiles): void {
    this.pending[index] = kept;
    if (this.stopped) return;
    const from = this.tasks.length;
    for (let m = this.pending[this.next]; m !== undefined && !this.stopped; m = this.pending[++this.next]) {
      this.pending[this.next] = undefined;
      for (const e of m) {
        // A relative path's key can change as reads learn where its folder lies (io/relocation.ts `learn`):
        // only absolute paths, whose keys never change, are told early.
        const key = ABSOLUTE.test(e.dataFile.filePath) ? files.relocation.tryKey(e.dataFile.filePath) : undefined;
        if (key === undefined) { this.stopped = true; break; }
        this.tasks.push(this.build(e, key));
      }
    }
    if (this.tasks.length > from) this.onTasks(this.tasks.slice(from));
  }
}

/** A URI with a scheme, or a path from the root. */
const ABSOLUTE = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|\/)/;

/**
 * The data files that may match, as parallel arrays (not an object per file: planning 1,000,000 entries
 * made as many short-lived objects, garbage-collector work): the entry, its storage key (undefined when the
 * path lies outside the table: reported when its task is made), the deletes that apply to it (absent: none
 * for any file) and, after step 3, the row groups to read (absent or undefined: all).
 */
interface Candidates {
  readonly entries: readonly ManifestEntry[];
  readonly keys: readonly (string | undefined)[];
  readonly deletes?: readonly (readonly ManifestEntry[])[];
  readonly rowGroups?: readonly (number[] | undefined)[];
}

function deletesAt(c: Candidates, i: number): readonly ManifestEntry[] {
  return c.deletes?.[i] ?? NO_DELETES;
}

/** Shared by every task without deletes (100,000 empty arrays are not free); frozen, so never changed. */
const NO_DELETES: readonly never[] = Object.freeze([]);

interface FilteredManifest { readonly kept: ManifestEntry[]; readonly skips: SkipRecord[]; readonly live: number }

/** Step 2 for one manifest: its live entries that may match, and why the others cannot. */
function filterEntries(entries: readonly ManifestEntry[], projected: BoundExpr, bound: BoundExpr, schema: Schema, pfields: readonly PartitionTupleField[]): FilteredManifest {
  const kept: ManifestEntry[] = []; const skips: SkipRecord[] = []; let live = 0;
  if (projected.op === 'true' && bound.op === 'true') {
    // No filter: every live entry is kept (the common "scan everything" case, kept free of per-entry work).
    for (const entry of entries) if (entry.status !== 'deleted') kept.push(entry);
    return { kept, skips, live: kept.length };
  }
  const partitionIndex = new Map(pfields.map((f, i) => [f.field.fieldId, i]));
  for (const entry of entries) {
    if (entry.status === 'deleted') continue;
    live++;
    const reason = entrySkipReason(entry, projected, bound, schema, pfields, partitionIndex);
    if (reason) skips.push({ step: 'manifest', kind: kindOf(entry), path: entry.dataFile.filePath, reason });
    else kept.push(entry);
  }
  return { kept, skips, live };
}

/** Step 3 for one candidate: its Parquet row groups by their statistics (the footer is cached for the read). */
async function pruneRowGroups(entry: ManifestEntry, bound: BoundExpr, schema: Schema, files: TableFiles, signal?: AbortSignal): Promise<{ rowGroups?: number[]; skips: SkipRecord[]; total: number }> {
  const f = entry.dataFile;
  if (f.fileFormat !== 'parquet') return { skips: [], total: 0 };
  const footer = await files.readFooter(f.filePath, Number(f.fileSizeInBytes), signal);
  const results = evaluateRowGroups(bound, footer, schema);
  const skips: SkipRecord[] = [];
  const keep: number[] = [];
  results.forEach((r, i) => (r.match ? keep.push(i) : skips.push({ step: 'row-group', kind: 'row-group', path: f.filePath, rowGroup: i, reason: r.reason! })));
  return { rowGroups: keep.length === results.length ? undefined : keep, skips, total: results.length };
}

/** Why an entry cannot match (partition first, then metrics), or undefined when it might. */
function entrySkipReason(entry: ManifestEntry, projected: BoundExpr, bound: BoundExpr, schema: Schema, pfields: readonly PartitionTupleField[], partitionIndex: ReadonlyMap<number, number>): string | undefined {
  const f = entry.dataFile;
  if (projected.op !== 'true') {
    const valueOf = (id: number) => { const i = partitionIndex.get(id); return i === undefined ? undefined : f.partition[i]; };
    if (!evaluateRow(projected, (ref) => valueOf(ref.id))) return `partition (${partitionTupleText(pfields, f.partition)}) cannot match the filter`;
  }
  if (bound.op === 'true') return undefined;
  const filter = metricsFilter(f, bound);
  if (filter.op === 'true') return undefined;
  const r = evaluateMetrics(filter, fileStats(f, schema), Number(f.recordCount));
  return r.match ? undefined : `column metrics: ${r.reason}`;
}


function kindOf(e: ManifestEntry): SkipRecord['kind'] {
  return e.dataFile.fileFormat === 'puffin' ? 'deletion-vector' : e.dataFile.content;
}

/** Field ids of the projected columns (all when absent). Must hold: an unknown name → NotFound with `context.column`. */
export function projectColumns(schema: Schema, columns: readonly string[] | undefined): number[] {
  if (!columns) return schema.fields.map((f) => f.id);
  return columns.map((name) => {
    const f = schema.fields.find((x) => x.name === name) ?? schema.fields.find((x) => x.name.toLowerCase() === name.toLowerCase());
    if (!f) throw messageError('NotFound', 'error.iceberg.scan.unknownColumn', { column: name, columns: schema.fields.map((x) => x.name).join(', ') }, { column: name });
    return f.id;
  });
}

/** The storage key of every entry's file (undefined for a path outside the table location). */
function storageKeys(entries: readonly ManifestEntry[], files: TableFiles): (string | undefined)[] {
  return entries.map((e) => files.relocation.tryKey(e.dataFile.filePath));
}

/**
 * Spec "Scan Planning": a data file may be live at most once; results are undefined otherwise, so refuse
 * (it would be read twice). Compared by storage key — shorter than the path, so faster to hash for 100,000
 * files, and stricter: two spellings of one object (`s3://` and `s3a://`) are the same file too. The first
 * repeat in entry order is reported, with the entry it repeats (util/first-repeat.ts: linear to a million).
 */
function checkUniqueFiles(entries: readonly ManifestEntry[], keys: readonly (string | undefined)[]): void {
  const repeat = firstRepeat(entries.length, (i) => keys[i] ?? entries[i]!.dataFile.filePath);
  if (!repeat) return;
  const [j, i] = repeat;
  const key = keys[i] ?? entries[i]!.dataFile.filePath;
  const path = entries[i]!.dataFile.filePath;
  const first = entries[j]!.dataFile.filePath;
  throw first === path ? messageError('DataInvalid', 'error.iceberg.manifest.twice', { file: path }, { file: path })
    : messageError('DataInvalid', 'error.iceberg.manifest.sameFile', { first, file: path, key }, { file: path });
}

function deleteId(d: ManifestEntry): string {
  return `${d.dataFile.filePath}#${d.dataFile.contentOffset ?? ''}`;
}

function deleteRef(d: ManifestEntry, files: TableFiles): DeleteFileRef {
  const f = d.dataFile;
  return {
    kind: f.fileFormat === 'puffin' ? 'deletion-vector' : f.content === 'equality-deletes' ? 'equality' : 'position',
    path: f.filePath, key: files.keyOf(f.filePath), format: f.fileFormat, recordCount: f.recordCount, fileSizeInBytes: f.fileSizeInBytes,
    sequenceNumber: d.sequenceNumber, specId: f.specId, equalityIds: f.equalityIds,
    contentOffset: f.contentOffset, contentSizeInBytes: f.contentSizeInBytes, referencedDataFile: f.referencedDataFile,
  };
}
