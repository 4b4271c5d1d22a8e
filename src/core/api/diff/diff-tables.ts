/**
 * The metadata-level diff of two versions of any table (issue 15): files added, removed and rewritten,
 * deletes changed, totals, schema, partition specs, refs and a per-partition change map — all from the
 * two plans' `files` and the model's versions and schemas; no data file is read.
 */
import { note, type Note } from '../../messages/note.ts';
import type { AppliedFileDto, LakeTable, PartitionSpecDto, PlannedFileDto, SortOrderDto, VersionDto, VersionSelector } from '../../formats/table-format.ts';
import type { RunOptions } from '../progress.ts';
import { appliedKey, diffContext, versionPath, type DiffContext } from './diff-context.ts';
import type {
  DeletesChangedDto, DiffFileDto, DiffRefDto, DiffVersionDto, PartitionChangeDto, RewriteDto, TableDiffDto,
} from './diff-dto.ts';
import { diffSchemas } from './schema-diff.ts';

/** Operations that rewrite data without changing it (Iceberg replace, Paimon COMPACT, Delta OPTIMIZE, Hudi clustering…). */
const REWRITE_OPERATION = /^(replace|compact|optimize|rewrite|replacecommit|cluster|clustering|compaction|reorg)/i;

/** True when a version's operation is one that rewrites files (see {@link REWRITE_OPERATION}). */
export function isRewriteOperation(operation: string): boolean {
  return REWRITE_OPERATION.test(operation.trim());
}

/**
 * Diffs `from` and `to` at the metadata level. Must hold: a data file is `added` iff it is live in `to`
 * and not in `from` (by path), `removed` conversely; a file live in both is `unchanged` or, when its
 * applied deletes differ, in `deletesChanged`; the partition map sums exactly the added/removed lists.
 */
export async function diffTables(table: LakeTable, from: VersionSelector, to: VersionSelector, options: RunOptions = {}): Promise<TableDiffDto> {
  options.onProgress?.({ phase: 'plan', done: 0, total: 2 });
  const [ctx, specs, sortOrders] = await Promise.all([
    diffContext(table, from, to, options.signal), table.partitionSpecs(options.signal), table.sortOrders(options.signal),
  ]);
  options.onProgress?.({ phase: 'plan', done: 2, total: 2 });
  return tableDiffOf(ctx, { specs, sortOrders });
}

/** The metadata diff of an opened diff context (shared with the row diff). */
export function tableDiffOf(ctx: DiffContext, extra: { specs?: readonly PartitionSpecDto[]; sortOrders?: readonly SortOrderDto[] } = {}): TableDiffDto {
  const a = byPath(ctx.from.plan.files);
  const b = byPath(ctx.to.plan.files);
  const added = [...b.values()].filter((f) => !a.has(f.path)).map(diffFile);
  const removed = [...a.values()].filter((f) => !b.has(f.path)).map(diffFile);
  const deletesChanged: DeletesChangedDto[] = [];
  let unchanged = 0;
  for (const fa of a.values()) {
    const fb = b.get(fa.path);
    if (!fb) continue;
    const d = deletesDelta(fa.deletes, fb.deletes);
    if (d.added.length || d.removed.length) deletesChanged.push({ path: fa.path, partition: fb.partition, ...d });
    else unchanged++;
  }
  const deleteFiles = deletesDelta(ctx.from.plan.files.flatMap((f) => f.deletes), ctx.to.plan.files.flatMap((f) => f.deletes));
  const notes: Note[] = [...ctx.from.plan.notes.map((n) => note('note.atVersion', { version: ctx.from.version.id, note: n })), ...ctx.to.plan.notes.map((n) => note('note.atVersion', { version: ctx.to.version.id, note: n }))];
  const earlier = ctx.later === 'to' ? ctx.from : ctx.to;
  const later = ctx.later === 'to' ? ctx.to : ctx.from;
  const path = versionPath(ctx.versions, earlier.index, later.index);
  if (!path) notes.push(note('note.diff.notAncestor', { earlier: earlier.version.id, later: later.version.id }));
  const rewrite = rewriteOf(path ?? [later.version], added, removed, deleteFiles, deletesChanged, earlier.version, later.version);
  const refs: DiffRefDto[] = [ctx.from.version, ctx.to.version].flatMap((v) => v.refs.map((r) => ({ ...r, version: v.id })));
  return {
    format: ctx.table.format,
    from: versionOf(ctx.from.version),
    to: versionOf(ctx.to.version),
    backwards: ctx.later === 'from',
    files: { added, removed, unchanged, deletesChanged },
    deleteFiles,
    ...(rewrite ? { rewrite } : {}),
    schema: diffSchemas(earlier.schema, later.schema),
    partitionSpecs: { from: specIds(ctx.from.plan.files), to: specIds(ctx.to.plan.files), specs: extra.specs ?? [] },
    sortOrders: extra.sortOrders ?? [],
    properties: { current: { ...(ctx.table.properties ?? {}) }, changed: [] },
    refs: dedupeRefs(refs),
    partitions: partitionMap(added, removed, deletesChanged),
    notes,
  };
}

function byPath(files: readonly PlannedFileDto[]): Map<string, PlannedFileDto> {
  return new Map(files.map((f) => [f.path, f]));
}

function diffFile(f: PlannedFileDto): DiffFileDto {
  return {
    path: f.path, key: f.key, partition: f.partition, bytes: f.bytes, deletes: f.deletes,
    ...(f.records !== undefined ? { records: f.records } : {}),
    ...(f.fileFormat !== undefined ? { fileFormat: f.fileFormat } : {}),
    ...(f.specId !== undefined ? { specId: f.specId } : {}),
  };
}

function versionOf(v: VersionDto): DiffVersionDto {
  return { id: v.id, timestampMs: v.timestampMs, operation: v.operation, refs: v.refs, totals: v.totals, ...(v.schemaId !== undefined ? { schemaId: v.schemaId } : {}) };
}

/** Applied files in `b` and not `a` (added) and conversely, each once. */
export function deletesDelta(a: readonly AppliedFileDto[], b: readonly AppliedFileDto[]): { added: AppliedFileDto[]; removed: AppliedFileDto[] } {
  const ka = new Map(a.map((d) => [appliedKey(d), d]));
  const kb = new Map(b.map((d) => [appliedKey(d), d]));
  return {
    added: [...kb].filter(([k]) => !ka.has(k)).map(([, d]) => d),
    removed: [...ka].filter(([k]) => !kb.has(k)).map(([, d]) => d),
  };
}

function sumRecords(files: readonly DiffFileDto[]): string | undefined {
  if (files.some((f) => f.records === undefined)) return undefined;
  return files.reduce((s, f) => s + BigInt(f.records!), 0n).toString();
}

/** A rewrite when every version of the step is a rewrite operation and it both removed and added files. */
function rewriteOf(path: readonly VersionDto[], added: DiffFileDto[], removed: DiffFileDto[], deleteFiles: { added: AppliedFileDto[]; removed: AppliedFileDto[] },
  deletesChanged: DeletesChangedDto[], before: VersionDto, after: VersionDto): RewriteDto | undefined {
  if (path.length === 0 || !path.every((v) => isRewriteOperation(v.operation)) || added.length === 0 || removed.length === 0) return undefined;
  const removedRecords = sumRecords(removed);
  const addedRecords = sumRecords(added);
  const recordsMatch = removedRecords !== undefined && removedRecords === addedRecords && deleteFiles.added.length === 0 && deletesChanged.length === 0;
  const r0 = before.totals.records;
  const r1 = after.totals.records;
  const liveEqual = !!r0?.live && !!r1?.live && r0.count === r1.count;
  return {
    operations: path.map((v) => v.operation), removedFiles: removed.length, addedFiles: added.length,
    ...(removedRecords !== undefined ? { removedRecords } : {}), ...(addedRecords !== undefined ? { addedRecords } : {}),
    ...(recordsMatch || liveEqual ? { sameRows: true } : {}),
  };
}

function specIds(files: readonly PlannedFileDto[]): string[] {
  return [...new Set(files.flatMap((f) => (f.specId === undefined ? [] : [f.specId])))].sort();
}

function dedupeRefs(refs: DiffRefDto[]): DiffRefDto[] {
  const seen = new Set<string>();
  return refs.filter((r) => { const k = `${r.type}|${r.name}|${r.version}`; if (seen.has(k)) return false; seen.add(k); return true; });
}

/** Files, records and bytes added and removed per partition, partitions in name order. */
export function partitionMap(added: readonly DiffFileDto[], removed: readonly DiffFileDto[], deletesChanged: readonly DeletesChangedDto[]): PartitionChangeDto[] {
  type Acc = { files: number; records: bigint; bytes: bigint };
  const zero = (): Acc => ({ files: 0, records: 0n, bytes: 0n });
  const map = new Map<string, { added: Acc; removed: Acc; deletesChanged: number }>();
  const get = (p: string) => { let e = map.get(p); if (!e) { e = { added: zero(), removed: zero(), deletesChanged: 0 }; map.set(p, e); } return e; };
  const add = (acc: Acc, f: DiffFileDto) => { acc.files++; acc.records += BigInt(f.records ?? 0); acc.bytes += BigInt(f.bytes); };
  for (const f of added) add(get(f.partition).added, f);
  for (const f of removed) add(get(f.partition).removed, f);
  for (const d of deletesChanged) get(d.partition).deletesChanged++;
  const side = (a: Acc) => ({ files: a.files, records: a.records.toString(), bytes: a.bytes.toString() });
  return [...map].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([partition, e]) => ({ partition, added: side(e.added), removed: side(e.removed), deletesChanged: e.deletesChanged }));
}
