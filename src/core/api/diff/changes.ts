/**
 * The change log between two versions, `from` exclusive and `to` inclusive (issue 15; MaxCompute's
 * `BETWEEN` incremental query for the open formats): rows with their change type and the version that
 * made them. From the format's own change log where it has one ({@link LakeTable.changeLog}: Delta's
 * change data feed, Paimon's changelog files, Hudi's incremental query), else derived from the row diff of
 * each step of the history between them — and, where the format's log skips some versions (a Paimon
 * snapshot without changelog files), those versions derived, the result naming them.
 */
import { canonicalRows, type CanonicalRow } from '../../arrow/index.ts';
import { note, type Note } from '../../messages/note.ts';
import type { ChangeLogSource, LakeTable, VersionDto, VersionSelector } from '../../formats/table-format.ts';
import type { RunOptions } from '../progress.ts';
import { diffContext, versionPath, type DiffContext } from './diff-context.ts';
import type { ChangeLogDto, ChangeRowDto, RowProvenanceDto } from './diff-dto.ts';
import { diffRowsOf, tableKey } from './row-diff.ts';
import { columnNameMap } from './schema-diff.ts';
import { internalError, messageError } from '../../message-error.ts';

export interface ChangesOptions extends RunOptions {
  /** Most rows returned (`truncated` says when more exist). Default: all. */
  readonly limit?: number;
  /** Derive from the row diff even where the format has its own change log (for comparing the two). */
  readonly derive?: boolean;
  /** Key columns for derived updates (default the table's key; none: inserts and deletes only). */
  readonly key?: readonly string[];
  /** Timestamp columns kept to the nanosecond (nine fraction digits; SQL), not floored to the canonical microseconds. */
  readonly nanos?: ReadonlySet<string>;
}

/** Rows collected up to a limit. */
class Collector {
  readonly rows: ChangeRowDto[] = [];
  truncated = false;
  constructor(private readonly limit: number) {}
  push(row: ChangeRowDto): boolean {
    if (this.rows.length >= this.limit) { this.truncated = true; return false; }
    this.rows.push(row);
    return true;
  }
}

/**
 * The change log of `(from, to]`. Must hold: `from` is an ancestor of `to` (else DataInvalid); applying
 * the rows in version order (delete/update-before remove a row, insert/update-after add one — an insert
 * replacing the row of its key where `upsertKey` is set) to the rows of `from` gives the rows of `to`, in
 * `to`'s schema, except what the notes say the format's log does not show (Hudi: deletes).
 */
export async function changes(table: LakeTable, from: VersionSelector, to: VersionSelector, options: ChangesOptions = {}): Promise<ChangeLogDto> {
  const ctx = await diffContext(table, from, to, options.signal);
  const path = versionPath(ctx.versions, ctx.from.index, ctx.to.index);
  if (!path) throw messageError('DataInvalid', 'error.changes.notAncestor', { from: ctx.from.version.id, to: ctx.to.version.id }, { from: ctx.from.version.id, to: ctx.to.version.id });
  const out = new Collector(options.limit ?? Infinity);
  const versions = path.map((v) => v.id);
  const base = { from: ctx.from.version.id, to: ctx.to.version.id, versions };
  if (path.length === 0) return { ...base, columns: ctx.to.plan.columns, source: 'derived', sourceName: 'no versions between', rows: [], truncated: false, notes: [], derivedVersions: [] };

  const own = !options.derive && table.changeLog ? await table.changeLog(ctx.from.version.id, ctx.to.version.id, { signal: options.signal }) : undefined;
  const derive = new Set(own ? own.derive ?? [] : versions);
  const key = options.key ?? tableKey(ctx);
  const derivedNote = note('note.changes.derived', { key: key.join(', ') });
  if (own && derive.size < path.length) {
    const notes = [...own.notes];
    if (derive.size === 0) await readOwn(own, out, () => true, options.nanos);
    else {
      // Interleave in version order: the format's rows for the versions it holds, derived rows for the others.
      const rows = ownRows(own, options.nanos)[Symbol.asyncIterator]();
      let next = await rows.next();
      let prev = ctx.from.version.id;
      for (const [k, v] of path.entries()) {
        options.onProgress?.({ phase: 'changes', done: k, total: path.length, current: v.id });
        if (derive.has(v.id)) notes.push(...await deriveStep(table, ctx, prev, v, options, out));
        else for (; !next.done && next.value.version === v.id; next = await rows.next()) if (!out.push(next.value)) break;
        prev = v.id;
        if (out.truncated) break;
      }
      if (!next.done && !out.truncated) throw internalError(`changes: the ${own.name} gave rows of version ${next.value.version} out of version order`, { version: next.value.version });
      notes.push(note('note.changes.notInLog', { versions: [...derive].join(', '), log: own.name, derived: derivedNote }));
    }
    return {
      ...base, columns: own.columns, source: 'format', sourceName: own.name, rows: out.rows, truncated: out.truncated, notes,
      derivedVersions: versions.filter((v) => derive.has(v)), ...(own.upsertKey ? { upsertKey: own.upsertKey } : {}),
    };
  }

  // Derived: the row diff of each step, keyed by the table's key so an update shows as before/after.
  const notes: Note[] = [];
  let prev = ctx.from.version.id;
  for (const [k, v] of path.entries()) {
    options.onProgress?.({ phase: 'changes', done: k, total: path.length, current: v.id });
    notes.push(...await deriveStep(table, ctx, prev, v, options, out));
    prev = v.id;
    if (out.truncated) break;
  }
  // The format's own notes say why its log could not be used (e.g. no changelog files in the range).
  notes.unshift(derivedNote, ...(own?.notes ?? []));
  return { ...base, columns: ctx.to.plan.columns, source: 'derived', sourceName: 'row diff of each step', rows: out.rows, truncated: out.truncated, notes, derivedVersions: versions };
}

/** The rows of the format's log in canonical form with their provenance. */
async function* ownRows(own: ChangeLogSource, nanos?: ReadonlySet<string>): AsyncGenerator<ChangeRowDto> {
  for await (const b of own.batches) {
    const data = canonicalRows(b.batch, { columns: own.columns, ...(nanos ? { nanos } : {}) });
    for (let i = 0; i < data.length; i++) {
      const o = b.origins?.[i];
      const provenance: RowProvenanceDto | undefined = o && {
        version: b.versions[i]!, files: [o.file], partition: o.partition ?? '', ...(o.position !== undefined ? { position: o.position.toString() } : {}),
      };
      yield { changeType: b.changeTypes[i]!, version: b.versions[i]!, row: data[i]!, ...(provenance ? { provenance } : {}) };
    }
  }
}

async function readOwn(own: ChangeLogSource, out: Collector, keep: (r: ChangeRowDto) => boolean, nanos?: ReadonlySet<string>): Promise<void> {
  for await (const r of ownRows(own, nanos)) if (keep(r) && !out.push(r)) break;
}

/** Derives the rows of one step `prev → v` from the row diff, in the `to` version's schema; returns notes. */
async function deriveStep(table: LakeTable, ctx: DiffContext, prev: string, v: VersionDto, options: ChangesOptions, out: Collector): Promise<Note[]> {
  const toSchema = ctx.to.schema;
  const step = await diffContext(table, { version: prev }, { version: v.id }, options.signal);
  const d = await diffRowsOf(step, { signal: options.signal, key: options.key ?? tableKey(step), ...(options.nanos ? { nanos: options.nanos } : {}) });
  const map = step.to.schema && toSchema && step.to.schema.schemaId !== toSchema.schemaId ? columnNameMap(step.to.schema, toSchema) : undefined;
  const source = map && new Map([...map].map(([s, t]) => [t, s]));
  const project = (row: Record<string, unknown>): CanonicalRow => {
    if (!source) return row;
    return Object.fromEntries(ctx.to.plan.columns.map((c) => [c, source.has(c) ? row[source.get(c)!] : null]));
  };
  const push = (changeType: ChangeRowDto['changeType'], r: { row: Record<string, unknown>; provenance: RowProvenanceDto }) =>
    out.push({ changeType, version: v.id, row: project(r.row), provenance: r.provenance });
  for (const r of d.removed) if (!push('delete', r)) break;
  for (const c of d.changed) if (!push('update-before', c.before) || !push('update-after', c.after)) break;
  for (const r of d.added) if (!push('insert', r)) break;
  return d.schemaMapped ? [note('note.atVersion', { version: v.id, note: d.notes[0] })] : [];
}
