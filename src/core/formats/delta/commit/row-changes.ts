/**
 * DELETE and UPDATE by predicate (delta-spark DeleteCommand / UpdateCommand). The preview reads every
 * file the predicate may touch (after partition and statistics skipping) and finds the physical
 * positions of the live rows that match. Applying then, per touched file:
 * - with deletion vectors enabled (`delta.enableDeletionVectors=true` and the feature in the protocol):
 *   the file is removed and re-added with a vector marking its old and new deleted rows (one DV file per
 *   commit, deletion-vector-writer.ts; `stats` kept with `tightBounds: false`, since the deleted rows
 *   may hold the bounds);
 * - otherwise: the file is removed and its remaining rows are rewritten as new files (copy-on-write);
 * - a file whose every row goes is only removed;
 * UPDATE also writes the matching rows with the new values as new files. All actions have dataChange=true.
 * With `delta.enableChangeDataFeed=true` the commit also holds change data files (`_change_data/`, `cdc`
 * actions): the deleted rows, or an UPDATE's rows before and after, with their `_change_type`.
 * The write conflicts with a concurrent commit that removed a file it read (log-commit.ts `read-files`).
 */
import { Field, Utf8, type RecordBatch } from 'apache-arrow';
import { batchFromColumns, constantData, takeRows } from '../../../arrow/index.ts';
import { bestEffortDelete } from '../../../commit/cleanup.ts';
import type { AppliedChange, PreparedChange } from '../../../commit/write-action.ts';
import { RoaringBitmap64 } from '../../../codecs/roaring.ts';
import { isLakeError } from '../../../errors.ts';
import { evaluateRow, type BoundExpr, type Value } from '../../../expr/index.ts';
import { parseJson, stringifyJson } from '../../../util/json.ts';
import { bindFilter, planSnapshot } from '../scan/plan.ts';
import { loadDeletionVector, readTask } from '../scan/read.ts';
import { fileKey, type Snapshot } from '../scan/replay.ts';
import { cellReader } from '../scan/row-values.ts';
import type { AddFile } from '../spec/actions.ts';
import type { StructType } from '../spec/schema.ts';
import type { DeltaTable } from '../table.ts';
import { columnMappingMode } from '../spec/table-features.ts';
import { addJson, liveFiles, loadWriteState, removeJson, type LiveFile } from './context.ts';
import { CHANGE_TYPE_COLUMN, writeChangeDataFiles, writeDataFiles, type WrittenFile } from './data-files.ts';
import { DeletionVectorFile } from './deletion-vector-writer.ts';
import { afterCommit } from './checkpoint.ts';
import { commitActions } from './log-commit.ts';
import { fileChange, preparedChange, totalsOf } from './prepared.ts';
import { rowsToBatch, type RowObject } from './rows-to-arrow.ts';
import { messageError } from '../../../message-error.ts';
import { described, noted, textRef, undoLabel } from '../../../commit/preview-text.ts';

/** A DELETE (`set` absent) or UPDATE (`set`: new values by column, in the forms rows-to-arrow.ts takes). */
export interface RowChange {
  readonly where: string;
  readonly set?: RowObject;
}

interface FileMatch {
  readonly live: LiveFile;
  /** Every physical row of the file, in order. */
  readonly batches: readonly RecordBatch[];
  readonly existing?: RoaringBitmap64;
  readonly positions: readonly number[];
  readonly physicalRows: number;
}

const NONE = { has: () => false };

/** True when this table writes deletion vectors for DELETE/UPDATE. */
export function writesDeletionVectors(s: Snapshot): boolean {
  const p = s.protocol;
  return s.metadata.configuration['delta.enableDeletionVectors'] === 'true'
    && p.minReaderVersion === 3 && (p.readerFeatures ?? []).includes('deletionVectors') && (p.writerFeatures ?? []).includes('deletionVectors');
}

async function matchFile(table: DeltaTable, schema: StructType, live: LiveFile, filter: BoundExpr, signal?: AbortSignal): Promise<FileMatch> {
  const ctx = { storage: table.storage, signal };
  const { filter: _drop, ...task } = live.task;
  const existing = await loadDeletionVector(ctx, live.task) as RoaringBitmap64 | undefined;
  const batches: RecordBatch[] = [];
  const positions: number[] = [];
  let p = 0;
  for await (const b of readTask(ctx, task, NONE)) {
    batches.push(b);
    const cols = schema.fields.map((f) => {
      const k = b.schema.fields.findIndex((x) => x.name === f.name);
      const data = b.data.children[k]!;
      return { data, read: cellReader(data.type) };
    });
    for (let i = 0; i < b.numRows; i++, p++) {
      if (existing?.has(p)) continue;
      const get = (ref: { id: number }): Value | null | undefined => {
        const c = cols[ref.id - 1];
        return c?.read ? c.read(c.data, i) : undefined;
      };
      if (evaluateRow(filter, get)) positions.push(p);
    }
  }
  return { live, batches, ...(existing ? { existing } : {}), positions, physicalRows: p };
}

/** The rows of `batches` at the positions `keep` says, in order. */
function selectRows(batches: readonly RecordBatch[], keep: (pos: number) => boolean): RecordBatch[] {
  const out: RecordBatch[] = [];
  let start = 0;
  for (const b of batches) {
    const idx: number[] = [];
    for (let i = 0; i < b.numRows; i++) if (keep(start + i)) idx.push(i);
    start += b.numRows;
    if (idx.length) out.push(takeRows(b, Int32Array.from(idx)));
  }
  return out;
}

/** True when the table asks for change data files (`delta.enableChangeDataFeed=true`, PROTOCOL.md "Change Data Files"). */
export function writesChangeData(s: Snapshot): boolean {
  return s.metadata.configuration['delta.enableChangeDataFeed'] === 'true';
}

/** `b` with a constant `_change_type` column. */
function withChangeType(b: RecordBatch, type: string): RecordBatch {
  const f = new Field(CHANGE_TYPE_COLUMN, new Utf8(), false);
  return batchFromColumns([...b.schema.fields, f], [...b.data.children, constantData(f.type, type, b.numRows)], b.numRows);
}

/**
 * The change data of a DELETE (the matching rows as `delete`) or an UPDATE (as `update_preimage`, and with
 * the new values as `update_postimage`). With change data files in a commit, readers take its changes from
 * them alone (PROTOCOL.md "Reader Requirements for AddCDCFile"), so they must hold every changed row.
 */
function changeRows(matches: readonly FileMatch[], op: 'delete' | 'update', updated: ((b: RecordBatch) => RecordBatch) | undefined): RecordBatch[] {
  const out: RecordBatch[] = [];
  for (const m of matches) {
    const gone = new Set(m.positions);
    const old = selectRows(m.batches, (p) => gone.has(p));
    out.push(...old.map((b) => withChangeType(b, op === 'delete' ? 'delete' : 'update_preimage')));
    if (updated) out.push(...old.map((b) => withChangeType(updated(b), 'update_postimage')));
  }
  return out;
}

/** `b` with the `set` columns replaced by constants. */
function withValues(b: RecordBatch, schema: StructType, set: RowObject): RecordBatch {
  const setFields = schema.fields.filter((f) => f.name in set);
  const one = rowsToBatch([set], { kind: 'struct', fields: setFields });
  const copies = takeRows(one, new Int32Array(b.numRows));
  const fields = b.schema.fields.map((f) => {
    const k = copies.schema.fields.findIndex((x) => x.name === f.name);
    return k < 0 ? f : copies.schema.fields[k]!;
  });
  const columns = b.schema.fields.map((f, i) => {
    const k = copies.schema.fields.findIndex((x) => x.name === f.name);
    return k < 0 ? b.data.children[i]! : copies.data.children[k]!;
  });
  return batchFromColumns(fields, columns, b.numRows);
}

function looseStats(stats: string | undefined): string | undefined {
  if (stats === undefined) return undefined;
  try {
    return stringifyJson({ ...(parseJson(stats) as Record<string, unknown>), tightBounds: false });
  } catch {
    return undefined;
  }
}

/**
 * Prepares a DELETE (or UPDATE with `set`). Must hold: after apply, the rows read are those before less
 * the matching ones (UPDATE: plus them with the new values); no matching row → a no-op preview.
 */
export async function prepareRowChange(table: DeltaTable, change: RowChange, opts: { signal?: AbortSignal; now?: () => number } = {}): Promise<PreparedChange> {
  const { signal } = opts;
  const now = opts.now ?? Date.now;
  const op = change.set ? 'update' : 'delete';
  const OP = op.toUpperCase();
  if (change.where.trim() === '') throw messageError('DataInvalid', 'error.delta.write.noPredicate', { subsystem: `delta ${op}` });
  const { snapshot, schema } = await loadWriteState(table, op, signal);
  if (change.set) {
    for (const k of Object.keys(change.set)) if (!schema.fields.some((f) => f.name === k)) throw messageError('NotFound', 'error.delta.write.unknownColumn', { column: k }, { column: k });
    rowsToBatch([change.set], { kind: 'struct', fields: schema.fields.filter((f) => f.name in change.set!) }); // values checked now, not on apply
  }
  const filter = bindFilter(schema, change.where)!;
  // Files partition values and statistics prove hold no matching row are not read (and not in the read set).
  const planned = new Set(planSnapshot({ snapshot, filter: change.where }).tasks.map((t) => fileKey({ path: t.path, deletionVector: t.deletionVector } as AddFile)));
  const scanned = liveFiles(snapshot).filter((f) => planned.has(fileKey(f.add)));
  const matches: FileMatch[] = [];
  for (const f of scanned) {
    const m = await matchFile(table, schema, f, filter, signal);
    if (m.positions.length > 0) matches.push(m);
  }
  const rowsMatched = matches.reduce((n, m) => n + m.positions.length, 0);
  const dv = writesDeletionVectors(snapshot);
  const cdf = writesChangeData(snapshot);
  const before = totalsOf(snapshot);
  const after = before.rows === undefined ? { ...before } : { ...before, rows: op === 'delete' ? before.rows - BigInt(rowsMatched) : before.rows };
  const said = { count: rowsMatched, where: change.where, files: matches.length };
  const key = op === 'update' ? (dv ? 'note.write.delta.updateDv' : 'note.write.delta.updateCow') : (dv ? 'note.write.delta.deleteDv' : 'note.write.delta.deleteCow');
  return preparedChange({
    noop: rowsMatched === 0,
    preview: {
      operation: op,
      ...described(rowsMatched === 0 ? textRef('note.write.delta.noMatch', { op: OP, where: change.where }) : textRef(key, said)),
      before, after: { ...after, bytes: undefined, dataFiles: undefined },
      writes: rowsMatched ? [
        { key: dv ? 'deletion_vector_<uuid>.bin' : '<new data files>', kind: dv ? 'delete' : 'data', ...noted(textRef('note.write.onApply')) },
        ...(cdf ? [{ key: '_change_data/<cdc files>', kind: 'other' as const, ...noted(textRef(op === 'delete' ? 'note.write.delta.cdcDeleted' : 'note.write.delta.cdcUpdated')) }] : []),
      ] : [],
      deletes: matches.map((m) => ({ ...fileChange(m.live.add), ...noted(textRef(dv ? 'note.write.delta.matchRemovedDv' : 'note.write.delta.matchRemoved', { count: m.positions.length })) })),
      warnings: [], details: { version: snapshot.version.toString(), where: change.where, rows: rowsMatched, deletionVectors: dv },
    },
  }, async (o): Promise<AppliedChange> => {
    const t = now();
    const dvFile = new DeletionVectorFile();
    const actions: Record<string, unknown>[] = [];
    const rewrite: RecordBatch[] = [];
    let copied = 0;
    for (const m of matches) {
      actions.push(removeJson(m.live.add, true, t));
      const gone = new Set(m.positions);
      const remaining = m.physicalRows - (m.existing?.size ?? 0) - gone.size;
      if (change.set) rewrite.push(...selectRows(m.batches, (p) => gone.has(p)).map((b) => withValues(b, schema, change.set!)));
      if (remaining === 0) continue;
      if (dv) {
        const descriptor = dvFile.add(RoaringBitmap64.from([...(m.existing?.toArray() ?? []), ...m.positions]));
        const add = { ...m.live.add, deletionVector: descriptor, stats: looseStats(m.live.add.stats) };
        actions.push(addJson(add, true));
      } else {
        rewrite.push(...selectRows(m.batches, (p) => !gone.has(p) && !m.existing?.has(p)));
        copied += remaining;
      }
    }
    const written: WrittenFile[] = [];
    const changeFiles: WrittenFile[] = [];
    const extra: string[] = [];
    let landed = false; // after the commit point nothing written may be deleted
    try {
      if (!dvFile.empty) {
        await table.storage.write(dvFile.key, dvFile.bytes(), { signal: o.signal });
        extra.push(dvFile.key);
      }
      const files = { storage: table.storage, schema, partitionColumns: snapshot.metadata.partitionColumns, dataChange: true, nowMs: t, signal: o.signal,
        columnMapping: columnMappingMode(snapshot.protocol, snapshot.metadata) };
      written.push(...await writeDataFiles({ ...files, batches: rewrite }));
      actions.push(...written.map((f) => ({ add: f.add })));
      if (cdf) {
        changeFiles.push(...await writeChangeDataFiles({ ...files, batches: changeRows(matches, op, change.set ? (b) => withValues(b, schema, change.set!) : undefined) }));
        actions.push(...changeFiles.map((f) => ({ cdc: f.add })));
      }
      const r = await commitActions({
        storage: table.storage, log: table.log, readVersion: snapshot.version, protocol: snapshot.protocol, metadata: snapshot.metadata,
        ...(snapshot.commitInfo?.inCommitTimestamp !== undefined ? { previousInCommitTimestamp: snapshot.commitInfo.inCommitTimestamp } : {}),
        operation: OP, operationParameters: { predicate: JSON.stringify([change.where]) },
        operationMetrics: {
          [op === 'delete' ? 'numDeletedRows' : 'numUpdatedRows']: String(rowsMatched), numCopiedRows: String(copied),
          numRemovedFiles: String(matches.length), numAddedFiles: String(written.length),
          numDeletionVectorsAdded: String(dv ? matches.filter((m) => m.physicalRows - (m.existing?.size ?? 0) > m.positions.length).length : 0),
        },
        actions, conflicts: { kind: 'read-files', files: new Set(scanned.map((f) => fileKey(f.add))) }, signal: o.signal, now,
      });
      landed = true;
      const { warnings, warningMessages } = await afterCommit(table, r.version, o.signal);
      return {
        operation: op, committedKey: r.key, attempts: r.attempts, warnings, warningMessages, currentAfter: r.version.toString(),
        written: [
          ...extra.map((key) => ({ key, kind: 'delete' as const })), ...written.map((f) => ({ key: f.key, kind: 'data' as const, bytes: f.bytes })),
          ...changeFiles.map((f) => ({ key: f.key, kind: 'other' as const, bytes: f.bytes, ...noted(textRef('note.write.delta.cdcFile')) })), { key: r.key, kind: 'metadata' as const },
        ],
        deleted: [], details: { version: r.version.toString(), rows: rowsMatched },
        undo: { ...undoLabel(textRef('note.write.undo.restore', { version: snapshot.version.toString() })), action: { kind: 'rollback', snapshotId: snapshot.version.toString() } },
      };
    } catch (e) {
      if (!landed && !(isLakeError(e) && e.context.commitStateUnknown === true)) await bestEffortDelete(table.storage, [...extra, ...[...written, ...changeFiles].map((f) => f.key)]);
      throw e;
    }
  });
}
