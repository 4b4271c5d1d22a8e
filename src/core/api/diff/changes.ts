/**
 * The change log between two versions, `from` exclusive and `to` inclusive (issue 15; MaxCompute's
 * `BETWEEN` incremental query for the open formats): rows with their change type and the version that
 * made them. From the format's own change log where it has one ({@link LakeTable.changeLog}: Delta's
 * change data feed), else derived from the row diff of each step of the history between them.
 */
import { canonicalRows, type CanonicalRow } from '../../arrow/index.ts';
import { LakeError } from '../../errors.ts';
import type { LakeTable, VersionSelector } from '../../formats/table-format.ts';
import type { RunOptions } from '../progress.ts';
import { diffContext, versionPath } from './diff-context.ts';
import type { ChangeLogDto, ChangeRowDto } from './diff-dto.ts';
import { diffRowsOf, tableKey } from './row-diff.ts';
import { columnNameMap } from './schema-diff.ts';

export interface ChangesOptions extends RunOptions {
  /** Most rows returned (`truncated` says when more exist). Default: all. */
  readonly limit?: number;
  /** Derive from the row diff even where the format has its own change log (for comparing the two). */
  readonly derive?: boolean;
  /** Key columns for derived updates (default the table's key; none: inserts and deletes only). */
  readonly key?: readonly string[];
}

/**
 * The change log of `(from, to]`. Must hold: `from` is an ancestor of `to` (else DataInvalid); applying
 * the rows in version order (delete/update-before remove a row, insert/update-after add one) to the rows
 * of `from` gives the rows of `to`, in `to`'s schema.
 */
export async function changes(table: LakeTable, from: VersionSelector, to: VersionSelector, options: ChangesOptions = {}): Promise<ChangeLogDto> {
  const ctx = await diffContext(table, from, to, options.signal);
  const path = versionPath(ctx.versions, ctx.from.index, ctx.to.index);
  if (!path) throw new LakeError('DataInvalid', `changes: version ${ctx.from.version.id} is not an ancestor of ${ctx.to.version.id} (give the earlier version first; for versions on different branches use diff)`, { from: ctx.from.version.id, to: ctx.to.version.id });
  const limit = options.limit ?? Infinity;
  const versions = path.map((v) => v.id);
  const base = { from: ctx.from.version.id, to: ctx.to.version.id, versions };
  if (path.length === 0) return { ...base, columns: ctx.to.plan.columns, source: 'derived', sourceName: 'no versions between', rows: [], truncated: false, notes: [] };

  const own = !options.derive && table.changeLog ? await table.changeLog(ctx.from.version.id, ctx.to.version.id, { signal: options.signal }) : undefined;
  if (own) {
    const rows: ChangeRowDto[] = [];
    let truncated = false;
    for await (const b of own.batches) {
      const data = canonicalRows(b.batch, { columns: own.columns });
      for (let i = 0; i < data.length; i++) {
        if (rows.length >= limit) { truncated = true; break; }
        rows.push({ changeType: b.changeTypes[i]!, version: b.versions[i]!, row: data[i]! });
      }
      if (truncated) break;
    }
    return { ...base, columns: own.columns, source: 'format', sourceName: own.name, rows, truncated, notes: [...own.notes] };
  }

  // Derived: the row diff of each step, keyed by the table's key so an update shows as before/after.
  const rows: ChangeRowDto[] = [];
  const notes: string[] = [];
  let truncated = false;
  const toSchema = ctx.to.schema;
  let prev = ctx.from.version.id;
  for (const [k, v] of path.entries()) {
    options.onProgress?.({ phase: 'changes', done: k, total: path.length, current: v.id });
    const step = await diffContext(table, { version: prev }, { version: v.id }, options.signal);
    const key = options.key ?? tableKey(step);
    const d = await diffRowsOf(step, { signal: options.signal, key });
    const map = step.to.schema && toSchema && step.to.schema.schemaId !== toSchema.schemaId ? columnNameMap(step.to.schema, toSchema) : undefined;
    const project = (row: Record<string, unknown>): CanonicalRow => {
      if (!map) return row;
      const source = new Map([...map].map(([s, t]) => [t, s]));
      return Object.fromEntries(ctx.to.plan.columns.map((c) => [c, source.has(c) ? row[source.get(c)!] : null]));
    };
    const push = (changeType: ChangeRowDto['changeType'], row: Record<string, unknown>) => {
      if (rows.length >= limit) { truncated = true; return; }
      rows.push({ changeType, version: v.id, row: project(row) });
    };
    for (const r of d.removed) push('delete', r.row);
    for (const c of d.changed) { push('update-before', c.before.row); push('update-after', c.after.row); }
    for (const r of d.added) push('insert', r.row);
    if (d.schemaMapped) notes.push(`${v.id}: ${d.notes[0]}`);
    prev = v.id;
    if (truncated) break;
  }
  const key = options.key ?? tableKey(ctx);
  notes.unshift(`derived from the row diff of each version against its parent${key.length ? `, updates paired by ${key.join(', ')}` : ' (no key: updates show as a delete and an insert)'}`);
  return { ...base, columns: ctx.to.plan.columns, source: 'derived', sourceName: 'row diff of each step', rows, truncated, notes };
}
