/**
 * Paimon in the common write model (core/commit/write-action.ts): tag create/delete, rollback as a new
 * latest snapshot (non-destructive, the default) and the destructive rollback behind a typed confirmation.
 *
 * Paimon's commits here run in one step (tags.ts, rollback.ts, rollback-destructive.ts), so the preview
 * is built from the table's own metadata (and, for the destructive rollback, its dry run), and apply
 * first checks that the latest snapshot is still the one the preview saw: otherwise Conflict, preview again.
 */
import type { FileChange, TableTotals } from '../../../commit/change-preview.ts';
import {
  type AppliedChange, type CapabilityOptions, type PreparedChange, type WriteAction, type WriteCapability,
  disableAll, reasonOf, snapshotIdParam, unsupportedAction, writesOffMessage, writesOffReason,
} from '../../../commit/write-action.ts';
import { errorRef } from '../../../messages/message-parts.ts';
import type { Storage } from '../../../io/storage.ts';
import { pool } from '../../../util/async.ts';
import { snapshotKey, tagKey } from '../spec/layout.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import type { PaimonTable } from '../table.ts';
import { rowWriteApplied, rowWriteCapabilities, rowWritePreview } from './row-write-model.ts';
import { compactPreview, compactRequest, maintenanceCapabilities, prepareExpire, runCompact } from './maintenance-model.ts';
import { messageError } from '../../../message-error.ts';
import { errorText } from '../../../messages/message-parts.ts';
import { described, noted, textRef, undoLabel, warned } from '../../../commit/preview-text.ts';

/** A snapshot's row count and what it counts (inspect/versions.ts recordCount, handed in by the table: commit/ does not import inspect/). */
export type RecordCountOf = (s: Snapshot) => { count: string; live: boolean; basis?: string };

/** Files whose sizes a destructive-rollback preview looks up (the rest are listed without size). */
const MAX_SIZED = 400;

const CONCURRENCY_PAIMON_REF = textRef('note.write.paimon.concurrency');
const CONCURRENCY_PAIMON = errorText(CONCURRENCY_PAIMON_REF);

const DESTRUCTIVE_REF = textRef('note.write.paimon.destructiveConcurrency');
const DESTRUCTIVE_NOTE = errorText(DESTRUCTIVE_REF);


/** The actions of a Paimon table on `version` (an id; the latest when absent). */
export async function paimonCapabilities(table: PaimonTable, version: string | undefined, options: CapabilityOptions = {}): Promise<WriteCapability[]> {
  const versions = await table.versions(options.signal);
  const selected = version === undefined ? versions.find((v) => v.isCurrent) : versions.find((v) => v.id === version);
  const out: WriteCapability[] = [];
  if (selected) {
    const expired = selected.summary.expired === 'true';
    if (!selected.isCurrent) {
      out.push({ kind: 'rollback', scope: 'version', available: true, ...described(textRef('note.write.cap.paimon.rollback')), action: { kind: 'rollback', snapshotId: selected.id } });
      if (!expired) {
        out.push({ kind: 'rollback-destructive', scope: 'version', available: true, destructive: true, ...described(textRef('note.write.cap.paimon.rollbackDestructive')), action: { kind: 'rollback-destructive', snapshotId: selected.id } });
      }
    }
    out.push({ kind: 'tag', scope: 'version', available: !expired, needsInput: true, ...described(textRef('note.write.cap.paimon.tag')), ...(expired ? reasonOf(errorRef('error.paimon.expiredTag', undefined)) : {}) });
    for (const r of selected.refs.filter((x) => x.type === 'tag')) {
      out.push({ kind: 'remove-ref', scope: 'version', available: true, ref: { name: r.name, type: 'tag' }, ...described(textRef('note.write.cap.paimon.removeTag', { name: r.name })), action: { kind: 'remove-ref', name: r.name, refType: 'tag' } });
    }
  }
  out.push(...rowWriteCapabilities(table.schema), ...maintenanceCapabilities());
  for (const kind of ['rewrite-manifests'] as const) {
    out.push({ kind, scope: 'table', available: false, ...reasonOf(errorRef('error.paimon.notYet', { action: kind })), ...described(textRef('note.write.cap.paimon.notYet', { action: kind })) });
  }
  const off = writesOffReason(table.storage, table.writeRefusal, options);
  return off === undefined ? out : disableAll(out, off, writesOffMessage(table.storage, table.writeRefusalMessage, options));
}

/** A snapshot's totals from its metadata (rows live only for append tables without deletion vectors). */
async function totalsOf(table: PaimonTable, countOf: RecordCountOf, id: bigint | undefined, signal?: AbortSignal): Promise<TableTotals> {
  if (id === undefined) return { rows: 0n, rowsLive: true };
  const s = await table.meta.snapshot(id, signal);
  if (s.totalRecordCount === undefined) return {};
  const r = countOf(s);
  return { rows: BigInt(r.count), ...(r.live ? { rowsLive: true } : { rowsBasis: r.basis }) };
}

async function sized(storage: Storage, keys: readonly string[], kind: FileChange['kind'], signal?: AbortSignal): Promise<FileChange[]> {
  const head = keys.slice(0, MAX_SIZED);
  const infos = await pool(head, 16, (key) => storage.head(key, { signal }).then((i) => i.size, () => undefined), signal);
  return keys.map((key, i) => ({ key, kind, ...(infos[i] !== undefined ? { bytes: infos[i] } : noted(textRef(i >= MAX_SIZED ? 'note.write.paimon.sizeNotLooked' : 'note.write.paimon.alreadyGone'))) }));
}

type Run = (signal: AbortSignal | undefined, deleteFiles: boolean) => Promise<Omit<AppliedChange, 'operation'>>;

/**
 * Prepares `action` on a Paimon table (main branch). Must hold: an unreadable newest snapshot or LATEST
 * hint refuses before anything is previewed; apply refuses with Conflict when the latest snapshot moved.
 */
export async function preparePaimonAction(table: PaimonTable, countOf: RecordCountOf, action: WriteAction, signal?: AbortSignal): Promise<PreparedChange> {
  // The refusal names the operation as the engine's own write would (`paimon tag: …`, `paimon rollback: …`).
  const what = action.kind === 'remove-ref' ? 'tag' : action.kind === 'rollback-destructive' ? 'rollback' : action.kind === 'append' || action.kind === 'upsert' || action.kind === 'delete' ? 'write' : action.kind;
  await table.checkWritable(signal, what);
  const latest = await table.meta.latestSnapshotId(signal);
  const before = await totalsOf(table, countOf, latest, signal);
  const details = { latestSnapshot: latest?.toString() ?? '—' };
  let change: Omit<PreparedChange, 'apply' | 'noop'>;
  let run: Run;
  let noop = false;
  switch (action.kind) {
    case 'tag': {
      const name = action.name.trim();
      if (name === '') throw messageError('DataInvalid', 'error.paimon.write.blankTag', undefined);
      const id = action.snapshotId ?? latest?.toString();
      change = { preview: { operation: 'create-tag', ...described(id === undefined ? textRef('note.write.paimon.createTagLatest', { name }) : textRef('note.write.paimon.createTag', { name, id })),
        writes: [{ key: tagKey(name), kind: 'other', ...noted(id === undefined ? textRef('note.write.paimon.tagFileLatest') : textRef('note.write.paimon.tagFile', { id })) }], deletes: [], before, after: before, warnings: [], details } };
      run = async (s) => {
        const r = await table.createTag(name, { version: action.snapshotId, signal: s });
        return { committedKey: r.file, written: [{ key: r.file, kind: 'other' }], deleted: [], attempts: 1, warnings: [], details: { tag: name, snapshot: r.snapshotId },
          undo: { ...undoLabel(textRef('note.write.undo.deleteTag', { name })), action: { kind: 'remove-ref', name, refType: 'tag' } } };
      };
      break;
    }
    case 'remove-ref': {
      if (action.refType === 'branch') throw unsupportedAction('paimon remove-ref', errorRef('error.paimon.why.branchRemove', undefined));
      const tag = await table.meta.tag(action.name, signal);
      const ids = await table.meta.snapshotIds(signal);
      const expired = !ids.includes(tag.snapshot.id);
      change = { preview: { operation: 'delete-tag', ...described(textRef('note.write.paimon.deleteTag', { name: action.name, id: String(tag.snapshot.id) })),
        writes: [], deletes: [{ key: tagKey(action.name), kind: 'other' }], before, after: before, details,
        ...warned(expired ? [textRef('note.write.paimon.deleteExpiredTag', { id: String(tag.snapshot.id) })] : []) } };
      run = async (s) => {
        const r = await table.deleteTag(action.name, { signal: s });
        return { written: [], deleted: [tagKey(action.name), ...r.deletedFiles].map((key) => ({ key, kind: 'other' as const })), attempts: 1, warnings: [], details: { tag: action.name, snapshot: r.snapshotId } };
      };
      break;
    }
    case 'rollback': {
      if (action.snapshotId === undefined) throw messageError('DataInvalid', 'error.paimon.write.rollbackTarget', undefined);
      const target = action.snapshotId;
      const next = latest === undefined ? 1n : latest + 1n;
      const targetId = /^\d+$/.test(target) ? BigInt(target) : (await table.meta.tag(target, signal)).snapshot.id;
      change = { preview: { operation: 'rollback-as-latest',
        ...described(textRef('note.write.paimon.rollback', { target, next: next.toString() })),
        writes: [{ key: 'manifest/<one delta manifest + manifest lists>', kind: 'manifest', ...noted(textRef('note.write.paimon.rollbackManifest')) }, { key: snapshotKey(next), kind: 'metadata', ...noted(textRef('note.write.onApplyCreate')) }],
        deletes: [], before, after: await totalsOf(table, countOf, targetId, signal), warnings: [], details: { ...details, target, newSnapshot: next.toString() } } };
      run = async (s) => {
        const r = await table.rollbackAsLatest({ version: target }, { signal: s });
        return { committedKey: snapshotKey(BigInt(r.snapshotId)), written: [{ key: snapshotKey(BigInt(r.snapshotId)), kind: 'metadata' }], deleted: [], attempts: r.attempts, warnings: [],
          details: { target: r.targetId, snapshot: r.snapshotId, addedFiles: String(r.addedFiles), deletedFiles: String(r.deletedFiles) }, currentAfter: r.snapshotId,
          ...(latest !== undefined ? { undo: { ...undoLabel(textRef('note.write.undo.rollbackAgain', { id: latest.toString() })), action: { kind: 'rollback', snapshotId: latest.toString() } } } : {}) };
      };
      break;
    }
    case 'rollback-destructive': {
      snapshotIdParam(action.snapshotId);
      const plan = await table.rollbackDestructive({ version: action.snapshotId }, { dryRun: true, signal });
      const deletes = [
        ...plan.snapshots.map((key) => ({ key, kind: 'metadata' as const })), ...plan.tags.map((key) => ({ key, kind: 'other' as const })),
        ...await sized(table.storage, [...plan.manifestLists, ...plan.manifests, ...plan.indexManifests], 'manifest', signal),
        ...await sized(table.storage, plan.indexFiles, 'delete', signal), ...await sized(table.storage, plan.dataFiles, 'data', signal),
      ];
      change = { concurrencyOverride: DESTRUCTIVE_NOTE, concurrencyOverrideMessage: DESTRUCTIVE_REF, typedConfirmation: `delete ${plan.snapshots.length} snapshots`, preview: { operation: 'rollback-destructive',
        ...described(textRef('note.write.paimon.destructive', { target: String(plan.targetId), snapshots: plan.snapshots.length, tags: plan.tags.length })),
        writes: [{ key: 'snapshot/LATEST', kind: 'version-hint', ...noted(textRef('note.write.paimon.pointsAt', { id: String(plan.targetId) })) }], deletes, before, after: await totalsOf(table, countOf, BigInt(plan.targetId), signal),
        ...warned([textRef('note.write.paimon.destructiveWarning')]),
        details: { ...details, target: plan.targetId, snapshots: String(plan.snapshots.length), tags: String(plan.tags.length), dataFiles: String(plan.dataFiles.length) } } };
      run = async (s) => {
        const r = await table.rollbackDestructive({ version: action.snapshotId }, { confirmDestructive: true, signal: s });
        const deleted = [...r.snapshots, ...r.tags, ...r.manifestLists, ...r.manifests, ...r.indexManifests, ...r.indexFiles, ...r.dataFiles].map((key) => ({ key, kind: 'other' as const }));
        return { written: [], deleted, attempts: 1, warnings: [], details: { target: r.targetId }, currentAfter: r.targetId };
      };
      break;
    }
    case 'compact': {
      const req = compactRequest(action);
      const plan = await table.planCompaction(req, signal);
      const preview = compactPreview(plan, req, before);
      change = { preview, inputBytes: preview.deletes.reduce((n, f) => n + (f.bytes ?? 0), 0) };
      noop = !plan || plan.buckets.length === 0;
      run = (s) => runCompact(table, req, latest, s);
      break;
    }
    case 'expire': {
      const e = await prepareExpire(table, action, before, signal);
      change = { preview: e.preview, deletesNeedSecondConfirmation: true };
      noop = e.preview.deletes.length === 0;
      run = (s, deleteFiles) => e.run(deleteFiles, s);
      break;
    }
    case 'append': case 'upsert': case 'delete': {
      const { kind } = action;
      // Paimon deletes by primary key (DELETE records); a predicate would need a read first, not offered here.
      const rows = action.rows ?? (() => { throw unsupportedAction('paimon delete', errorRef('error.paimon.why.deleteByKey', undefined)); })();
      change = { preview: rowWritePreview(table.schema, kind, rows, latest, before) };
      run = async (s) => rowWriteApplied(kind, await table.writeRows(kind, rows, { signal: s }), latest);
      break;
    }
    default:
      throw unsupportedAction(`paimon ${action.kind}`, errorRef('error.paimon.why.notYet', { action: action.kind }));
  }
  return {
    ...change, concurrency: CONCURRENCY_PAIMON, concurrencyMessage: CONCURRENCY_PAIMON_REF, noop,
    async apply(o = {}) {
      if (change.typedConfirmation !== undefined && o.confirmText !== change.typedConfirmation) {
        throw messageError('DataInvalid', 'error.paimon.write.confirm', { text: change.typedConfirmation });
      }
      await table.reload(o.signal);
      const now = await table.meta.latestSnapshotId(o.signal);
      if (now !== latest) {
        throw messageError('Conflict', 'error.paimon.changedSincePreview', { before: String(latest ?? 'none'), now: String(now ?? 'none') }, { table: table.location });
      }
      return { operation: change.preview.operation, ...await run(o.signal, o.deleteFiles === true) };
    },
  };
}
