/**
 * The row-level diff of two versions of any table (issue 15). Only the read tasks that differ between
 * the two plans are read (diff-context.ts `differingTasks`: a task of the same files with the same
 * deletes applied yields the same rows on both sides and cancels out); their rows go through the one
 * read loop (read-tasks.ts, bounded concurrency and bytes in flight, AbortSignal) in canonical form, in
 * the later version's schema, and are matched as a multiset — then, where there is a key, paired by key
 * into changed rows.
 *
 * Memory holds the rows of the differing tasks only (as canonical JSON text), never those of the files
 * both versions share. Limits of provenance: a row's position is given only where a task reads one
 * file whole with nothing applied; for merged reads (a Paimon bucket, a Hudi file slice with log files)
 * the provenance names every file of the task.
 */
import { note, type Note } from '../../messages/note.ts';
import { canonicalRows, type CanonicalRow } from '../../arrow/index.ts';
import { messageError } from '../../message-error.ts';
import type { LakePlan, LakeTable, PlannedFileDto, VersionSelector } from '../../formats/table-format.ts';
import type { RunOptions } from '../progress.ts';
import { readTasks } from '../read-tasks.ts';
import { diffContext, differingTasks, filesByTask, type DiffContext, type DiffSide } from './diff-context.ts';
import type { ChangedRowDto, DiffRowDto, RowDiffDto, RowProvenanceDto } from './diff-dto.ts';
import { deletesDelta } from './diff-tables.ts';
import { columnNameMap } from './schema-diff.ts';

export interface DiffRowsOptions extends RunOptions {
  /** Key columns (names in the later schema) to pair removed and added rows into changes; default the table's key. */
  readonly key?: readonly string[];
  /** Most rows kept in each list (added, removed, changed); the counts stay exact. Default: all. */
  readonly limit?: number;
  /** Tasks read at once (read-tasks.ts). */
  readonly concurrency?: number;
  /** Timestamp columns kept to the nanosecond (nine fraction digits; SQL's CHANGES BETWEEN), not floored to the canonical microseconds. */
  readonly nanos?: ReadonlySet<string>;
}

/**
 * Rows added, removed and changed from `from` to `to`. Must hold: as multisets of canonical rows in the
 * later schema, rows(to) − rows(from) = added + changed.after and rows(from) − rows(to) = removed +
 * changed.before; a task identical on both sides is never read.
 */
export async function diffRows(table: LakeTable, from: VersionSelector, to: VersionSelector, options: DiffRowsOptions = {}): Promise<RowDiffDto> {
  options.onProgress?.({ phase: 'plan', done: 0, total: 2 });
  const ctx = await diffContext(table, from, to, options.signal);
  return diffRowsOf(ctx, options);
}

/** A side's rows mapped into the later schema: target column → source column (absent: null). */
function projector(ctx: DiffContext, side: DiffSide, columns: readonly string[]): ((row: CanonicalRow) => CanonicalRow) | undefined {
  const later = ctx.later === 'to' ? ctx.to : ctx.from;
  if (side === later) return undefined;
  const map = side.schema && later.schema && side.schema.schemaId !== later.schema.schemaId
    ? columnNameMap(side.schema, later.schema)
    : new Map(side.plan.columns.map((c) => [c, c]));
  const source = new Map<string, string>();
  for (const [s, t] of map) if (side.plan.columns.includes(s)) source.set(t, s);
  // Identity only when every output column is the same-named column at the same place: a rename keeps
  // the place but not the name, and must be projected.
  const identity = columns.length === side.plan.columns.length && columns.every((c, i) => c === side.plan.columns[i] && source.get(c) === c);
  if (identity) return undefined;
  return (row) => {
    const out: CanonicalRow = {};
    for (const c of columns) { const s = source.get(c); out[c] = s === undefined ? null : row[s]; }
    return out;
  };
}

/** The table's key in the later schema (identifier fields, primary key, record key), as column names. */
export function tableKey(ctx: DiffContext): string[] {
  const later = ctx.later === 'to' ? ctx.to : ctx.from;
  const s = later.schema;
  if (!s) return [];
  if (s.keyColumns?.length) return s.keyColumns.every((n) => later.plan.columns.includes(n)) ? [...s.keyColumns] : [];
  if (s.identifierFieldIds.length === 0) return [];
  const names = s.identifierFieldIds.map((id) => s.columns.find((c) => c.id === id)?.name);
  return names.every((n): n is string => n !== undefined && later.plan.columns.includes(n)) ? names : [];
}

interface Pending { readonly text: string; readonly row: CanonicalRow; readonly provenance: RowProvenanceDto }

/** Provenance shared by every row of one task of one side (positions added per row where exact). */
function taskProvenance(side: DiffSide, otherFiles: ReadonlyMap<string, PlannedFileDto>, files: readonly PlannedFileDto[], removedSide: boolean): { base: RowProvenanceDto; exact: boolean } {
  const via = files.flatMap((f) => {
    const o = otherFiles.get(f.path);
    if (!o) return [];
    // Removed rows: what the later side applies that this side did not; added rows: what this side applies anew.
    return removedSide ? deletesDelta(f.deletes, o.deletes).added : deletesDelta(o.deletes, f.deletes).added;
  });
  const gone = files.some((f) => !otherFiles.has(f.path));
  const exact = files.length === 1 && files[0]!.deletes.length === 0 && files[0]!.rowGroups === undefined && files[0]!.residual === undefined;
  return { base: { version: side.version.id, files: files.map((f) => f.path), partition: files[0]?.partition ?? '', ...(via.length ? { via } : {}), ...(gone ? { fileGone: true } : {}) }, exact };
}

/** The sub-plan of `plan` holding only the tasks `indices` (files renumbered), for the read loop. */
function subPlan(plan: LakePlan, indices: readonly number[]): Pick<LakePlan, 'tasks' | 'files'> {
  const byTask = filesByTask(plan);
  return {
    tasks: indices.map((i) => plan.tasks[i]!),
    files: indices.flatMap((i, k) => byTask[i]!.map((f) => ({ ...f, task: k }))),
  };
}

/** The row diff of an opened diff context. */
export async function diffRowsOf(ctx: DiffContext, options: DiffRowsOptions = {}): Promise<RowDiffDto> {
  const later = ctx.later === 'to' ? ctx.to : ctx.from;
  const columns = later.plan.columns;
  const key = options.key ?? tableKey(ctx);
  const keySource = options.key ? 'user' : key.length ? 'table' : 'none';
  const missing = key.filter((k) => !columns.includes(k));
  if (missing.length) throw messageError('DataInvalid', 'error.diff.keyMissing', { count: missing.length, missing: missing.join(', '), columns: columns.join(', ') }, { key: key.join(',') });
  const tasks = differingTasks(ctx.from.plan, ctx.to.plan);
  const notes: Note[] = [];
  const projFrom = projector(ctx, ctx.from, columns);
  const projTo = projector(ctx, ctx.to, columns);
  const schemaMapped = !!(projFrom || projTo);
  if (schemaMapped) notes.push(note('note.diff.schemasDiffer', { earlier: (ctx.later === 'to' ? ctx.from : ctx.to).version.id, later: later.version.id, byName: later.schema?.idsArePositions === true }));

  // The from side's rows wait here (by canonical text) for a matching row of the to side.
  const waiting = new Map<string, Pending[]>();
  const added: Pending[] = [];
  const sides = [
    { side: ctx.from, other: ctx.to, indices: tasks.from, project: projFrom, removed: true },
    { side: ctx.to, other: ctx.from, indices: tasks.to, project: projTo, removed: false },
  ];
  const readFiles = new Set<string>();
  const totalTasks = tasks.from.length + tasks.to.length;
  let doneTasks = 0;
  let doneBytes = 0;
  for (const s of sides) {
    const plan = subPlan(s.side.plan, s.indices);
    const byTask = filesByTask(plan);
    for (const f of plan.files) { readFiles.add(f.path); for (const d of f.deletes) readFiles.add(d.path); }
    const otherFiles = new Map(s.other.plan.files.map((f) => [f.path, f]));
    const prov = byTask.map((files) => taskProvenance(s.side, otherFiles, files, s.removed));
    const offsets = byTask.map(() => 0);
    const base = { done: doneTasks, bytes: doneBytes };
    for await (const r of readTasks(ctx.table, plan, {
      signal: options.signal, ordered: false, concurrency: options.concurrency,
      onProgress: (p) => { doneTasks = base.done + p.done; doneBytes = base.bytes + (p.bytes ?? 0); options.onProgress?.({ phase: 'read', done: doneTasks, total: totalTasks, bytes: doneBytes, current: s.side.version.id }); },
    })) {
      if (!('batch' in r)) continue;
      const p = prov[r.taskIndex]!;
      for (const raw of canonicalRows(r.batch, { columns: s.side.plan.columns, ...(options.nanos ? { nanos: options.nanos } : {}) })) {
        const row = s.project ? s.project(raw) : raw;
        const position = offsets[r.taskIndex]!++;
        const provenance = p.exact ? { ...p.base, position: String(position) } : p.base;
        const text = JSON.stringify(row);
        if (s.removed) { const list = waiting.get(text); if (list) list.push({ text, row, provenance }); else waiting.set(text, [{ text, row, provenance }]); continue; }
        const list = waiting.get(text);
        if (list?.length) { list.pop(); if (list.length === 0) waiting.delete(text); continue; }
        added.push({ text, row, provenance });
      }
    }
  }
  options.onProgress?.({ phase: 'match', done: totalTasks, total: totalTasks, bytes: doneBytes });
  const removed = [...waiting.values()].flat();
  return {
    from: ctx.from.version.id, to: ctx.to.version.id, columns, key, keySource, schemaMapped,
    ...pairByKey(removed, added, key, options.limit ?? Infinity),
    read: { fromTasks: tasks.from.length, toTasks: tasks.to.length, skippedTasks: tasks.skipped, files: [...readFiles].sort() },
    notes,
  };
}

/** Removed and added rows paired by key into changes (in read order per key); the rest stay removed/added. */
function pairByKey(removed: Pending[], added: Pending[], key: readonly string[], limit: number):
  Pick<RowDiffDto, 'counts' | 'added' | 'removed' | 'changed' | 'truncated'> {
  const dto = (p: Pending): DiffRowDto => ({ row: p.row, provenance: p.provenance });
  const changed: ChangedRowDto[] = [];
  let restRemoved = removed;
  let restAdded = added;
  let changedCount = 0;
  if (key.length) {
    const keyOf = (r: CanonicalRow) => JSON.stringify(key.map((k) => r[k]));
    const byKey = new Map<string, Pending[]>();
    for (const p of removed) { const k = keyOf(p.row); const l = byKey.get(k); if (l) l.push(p); else byKey.set(k, [p]); }
    restAdded = [];
    for (const p of added) {
      const k = keyOf(p.row);
      const before = byKey.get(k)?.shift();
      if (!before) { restAdded.push(p); continue; }
      changedCount++;
      if (changed.length < limit) {
        const changedColumns = Object.keys(p.row).filter((c) => JSON.stringify(p.row[c]) !== JSON.stringify(before.row[c]));
        changed.push({ key: Object.fromEntries(key.map((c) => [c, p.row[c]])), before: dto(before), after: dto(p), changedColumns });
      }
    }
    restRemoved = [...byKey.values()].flat();
  }
  const sorted = (xs: Pending[]) => xs.sort((x, y) => (x.text < y.text ? -1 : x.text > y.text ? 1 : 0));
  const truncated = restAdded.length > limit || restRemoved.length > limit || changedCount > limit;
  return {
    counts: { added: restAdded.length, removed: restRemoved.length, changed: changedCount },
    added: sorted(restAdded).slice(0, limit).map(dto),
    removed: sorted(restRemoved).slice(0, limit).map(dto),
    changed,
    truncated,
  };
}
