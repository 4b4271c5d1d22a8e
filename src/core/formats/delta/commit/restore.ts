/**
 * RESTORE (delta-spark RestoreTableCommand): a new version whose live files are exactly those of an
 * earlier version — files live now but not then are removed, files live then but not now are added
 * back, both with `dataChange=true` (the table's content changes) — with the earlier version's metadata
 * when it differs, and a protocol that is never downgraded (the union of both). Files to add back must
 * still exist (VACUUM may have deleted them): the preview refuses otherwise. RESTORE reads the whole
 * table, so any concurrent add or remove makes it fail with Conflict (log-commit.ts `whole-table`).
 */
import type { AppliedChange } from '../../../commit/write-action.ts';
import { isLakeError } from '../../../errors.ts';
import { pool } from '../../../util/async.ts';
import { resolveLogPath } from '../scan/paths.ts';
import type { Protocol } from '../spec/actions.ts';
import type { DeltaTable } from '../table.ts';
import { addJson, loadWriteState, metadataJson, removeJson } from './context.ts';
import { stringifyJson } from '../../../util/json.ts';
import { afterCommit } from './checkpoint.ts';
import { commitActions } from './log-commit.ts';
import { fileChange, preparedChange, totalsOf, totalsOfFiles } from './prepared.ts';
import { checkWritable } from './writer-features.ts';
import type { PreparedChange } from '../../../commit/write-action.ts';
import { messageError } from '../../../message-error.ts';
import { described, noted, textRef, undoLabel } from '../../../commit/preview-text.ts';

export interface RestoreTarget {
  readonly version?: bigint;
  readonly timestampMs?: number;
}

/** The union of two protocols (RESTORE never downgrades: readers of the new version may rely on either). */
export function mergeProtocols(a: Protocol, b: Protocol): Protocol {
  const features = (x: readonly string[] | undefined, y: readonly string[] | undefined) => (x || y ? [...new Set([...(x ?? []), ...(y ?? [])])] : undefined);
  const rf = features(a.readerFeatures, b.readerFeatures);
  const wf = features(a.writerFeatures, b.writerFeatures);
  return {
    minReaderVersion: Math.max(a.minReaderVersion, b.minReaderVersion), minWriterVersion: Math.max(a.minWriterVersion, b.minWriterVersion),
    ...(rf ? { readerFeatures: rf } : {}), ...(wf ? { writerFeatures: wf } : {}),
  };
}

const sameProtocol = (a: Protocol, b: Protocol) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Prepares RESTORE to `target` (a version, or the newest version at or before a time). Must hold: the
 * target must be older than the current version (equal → a no-op preview); files to add back that are
 * gone → NotFound naming them; a table or target whose writer features are unsupported → Unsupported.
 */
export async function prepareRestore(table: DeltaTable, target: RestoreTarget, opts: { signal?: AbortSignal; now?: () => number } = {}): Promise<PreparedChange> {
  const { signal } = opts;
  const now = opts.now ?? Date.now;
  const { snapshot: current } = await loadWriteState(table, 'restore', signal);
  if (target.version === undefined && target.timestampMs === undefined) throw messageError('DataInvalid', 'error.delta.restore.target', undefined);
  const view = await table.view(target.version !== undefined ? { version: target.version.toString() } : { asOfTimestampMs: target.timestampMs! }, signal);
  const old = view.snapshot;
  if (old.version > current.version) throw messageError('DataInvalid', 'error.delta.restore.newer', { version: String(old.version), current: String(current.version) });
  checkWritable(old.protocol, old.metadata, 'restore');
  const toRemove = [...current.files.entries()].filter(([k]) => !old.files.has(k)).map(([, a]) => a);
  const toAdd = [...old.files.entries()].filter(([k]) => !current.files.has(k)).map(([, a]) => a);
  const missing = (await pool(toAdd, 16, async (a) => {
    const key = resolveLogPath(a.path, undefined);
    try {
      await table.storage.head(key, { signal });
      return undefined;
    } catch (e) {
      if (isLakeError(e, 'NotFound')) return key;
      throw e;
    }
  }, signal)).filter((k): k is string => k !== undefined);
  if (missing.length > 0) {
    throw messageError('NotFound', 'error.delta.restore.filesGone', { version: String(old.version), count: missing.length, example: missing[0]! }, { file: missing[0]!, missing: missing.length });
  }
  const protocol = mergeProtocols(current.protocol, old.protocol);
  // Compared as the log would spell them (the same metadata read from a checkpoint and a commit is equal).
  const metadataChanged = stringifyJson(metadataJson(old.metadata)) !== stringifyJson(metadataJson(current.metadata));
  const before = totalsOf(current);
  const after = totalsOfFiles(old.files.values());
  const noop = toAdd.length === 0 && toRemove.length === 0 && !metadataChanged;
  const params = target.version !== undefined ? { version: String(old.version) } : { timestamp: new Date(target.timestampMs!).toISOString() };
  const said = { target: String(old.version), next: String(current.version + 1n), removed: toRemove.length, added: toAdd.length };
  return preparedChange({
    noop,
    preview: {
      operation: 'restore', ...described(textRef(metadataChanged ? 'note.write.delta.restoreMetadata' : 'note.write.delta.restore', said)), before, after,
      writes: [...toAdd.map((a) => ({ ...fileChange(a), ...noted(textRef('note.write.delta.addedBack')) })), { key: `_delta_log/${String(current.version + 1n).padStart(20, '0')}.json`, kind: 'metadata', ...noted(textRef('note.write.onApplyCreate')) }],
      deletes: toRemove.map((a) => ({ ...fileChange(a), ...noted(textRef('note.write.delta.untilVacuum')) })),
      warnings: [], details: { currentVersion: current.version.toString(), targetVersion: old.version.toString() },
    },
  }, async (o): Promise<AppliedChange> => {
    const t = now();
    const actions = [
      ...(!sameProtocol(protocol, current.protocol) ? [{ protocol }] : []),
      ...(metadataChanged ? [{ metaData: metadataJson(old.metadata) }] : []),
      ...toRemove.map((a) => removeJson(a, true, t)),
      ...toAdd.map((a) => addJson(a, true)),
    ];
    const sum = (xs: typeof toAdd) => xs.reduce((n, a) => n + a.size, 0n);
    const r = await commitActions({
      storage: table.storage, log: table.log, readVersion: current.version, protocol, metadata: old.metadata,
      ...(current.commitInfo?.inCommitTimestamp !== undefined ? { previousInCommitTimestamp: current.commitInfo.inCommitTimestamp } : {}),
      operation: 'RESTORE', operationParameters: params,
      operationMetrics: {
        numRestoredFiles: String(toAdd.length), numRemovedFiles: String(toRemove.length), restoredFilesSize: String(sum(toAdd)), removedFilesSize: String(sum(toRemove)),
        numOfFilesAfterRestore: String(old.files.size), tableSizeAfterRestore: String(sum([...old.files.values()])),
      },
      actions, conflicts: { kind: 'whole-table' }, signal: o.signal, now,
    });
    const { warnings, warningMessages } = await afterCommit(table, r.version, o.signal);
    return {
      operation: 'restore', committedKey: r.key, attempts: r.attempts, warnings, warningMessages, currentAfter: r.version.toString(),
      written: [{ key: r.key, kind: 'metadata' }], deleted: [], details: { version: r.version.toString(), restoredTo: old.version.toString() },
      undo: { ...undoLabel(textRef('note.write.undo.restore', { version: current.version.toString() })), action: { kind: 'rollback', snapshotId: current.version.toString() } },
    };
  });
}

