/**
 * Choosing the snapshot a read sees (Paimon docs "Time Travel": `scan.snapshot-id`, `scan.tag-name`,
 * `scan.timestamp-millis`, branches): a snapshot id, a tag (whose file is a full snapshot copy, so it
 * still works after the snapshot expired), a branch (its latest snapshot), or the latest snapshot at
 * or before a time (`SnapshotManager.earlierOrEqualTimeMills`).
 */
import { note, type Note } from '../../../messages/note.ts';
import { LakeError, isLakeError } from '../../../errors.ts';
import { messageError } from '../../../message-error.ts';
import { snapshotKey, tagKey } from '../spec/layout.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import type { PaimonMetadata } from '../io/metadata.ts';

export interface VersionChoice {
  /** Snapshot id, tag name or branch name. An id wins over a same-named ref (Paimon forbids numeric tag names anyway). */
  readonly version?: string;
  readonly asOfTimestampMs?: number;
}

export interface ResolvedSnapshot {
  /** Undefined for a table (or branch) without any snapshot. */
  readonly snapshot?: Snapshot;
  /** True when this is the latest snapshot of the main branch (it is read with the latest schema). */
  readonly isLatest: boolean;
  readonly branch?: string;
  /** The file the snapshot JSON was read from (`snapshot/snapshot-N`, or `tag/tag-NAME` for an expired snapshot). */
  readonly file?: string;
  readonly notes: Note[];
}

/**
 * Resolves a version choice. Must hold: an unknown id/tag/branch, or a time before the first
 * snapshot → NotFound `paimon time travel: …`; the default is the latest snapshot.
 */
export async function resolveSnapshot(meta: PaimonMetadata, choice: VersionChoice, signal?: AbortSignal): Promise<ResolvedSnapshot> {
  const ids = await meta.snapshotIds(signal);
  const latest = ids[ids.length - 1];
  if (choice.version !== undefined && choice.asOfTimestampMs !== undefined) {
    throw messageError('DataInvalid', 'error.paimon.timeTravelBoth', undefined);
  }
  if (choice.asOfTimestampMs !== undefined) {
    const s = await snapshotAsOf(meta, ids, choice.asOfTimestampMs, signal);
    return { snapshot: s, isLatest: s.id === latest, file: snapshotKey(s.id), notes: [note('note.paimon.asOf', { id: String(s.id), at: new Date(choice.asOfTimestampMs).toISOString(), committed: new Date(s.timeMillis).toISOString() })] };
  }
  const v = choice.version;
  if (v === undefined || v === 'latest' || v === 'main') {
    if (latest === undefined) return { isLatest: true, notes: [note('note.noSnapshotYet')] };
    return { snapshot: await meta.snapshot(latest, signal), isLatest: true, file: snapshotKey(latest, meta.branch), notes: [] };
  }
  if (/^\d+$/.test(v)) {
    const id = BigInt(v);
    if (ids.includes(id)) return { snapshot: await meta.snapshot(id, signal), isLatest: id === latest, file: snapshotKey(id, meta.branch), notes: [] };
    const tagged = (await meta.tags(signal)).find((t) => t.snapshot.id === id);
    if (tagged) return { snapshot: tagged.snapshot, isLatest: false, file: tagKey(tagged.name, meta.branch), notes: [note('note.paimon.expiredTag', { id: String(id), tag: tagged.name })] };
    // A snapshot file left out because it does not parse (torn, or another snapshot in its place) is not
    // "missing": asked for by id, its own error names the file and the cause.
    await meta.snapshot(id, signal).catch((e: unknown) => { if (isLakeError(e, 'DataInvalid')) throw e; });
    throw messageError('NotFound', 'error.paimon.tt.noSnapshot', ids.length ? { id: String(id), first: String(ids[0]), latest: String(latest) } : { id: String(id) }, { snapshot: v });
  }
  const tag = await meta.tag(v, signal).catch((e: unknown) => {
    if ((e as LakeError).code === 'NotFound') return undefined;
    throw e;
  });
  if (tag) return { snapshot: tag.snapshot, isLatest: false, file: tagKey(v, meta.branch), notes: [note('note.paimon.tag', { tag: v, id: String(tag.snapshot.id) })] };
  if ((await meta.branches(signal)).includes(v)) {
    const b = meta.forBranch(v);
    const bLatest = await b.latestSnapshotId(signal);
    return {
      snapshot: bLatest === undefined ? undefined : await b.snapshot(bLatest, signal),
      isLatest: false,
      branch: v,
      file: bLatest === undefined ? undefined : snapshotKey(bLatest, v),
      notes: [note('note.paimon.branch', bLatest === undefined ? { branch: v } : { branch: v, latest: String(bLatest) })],
    };
  }
  throw messageError('NotFound', 'error.paimon.tt.unknown', { text: v }, { version: v });
}

/** The latest snapshot committed at or before `ts` (snapshot times increase with ids). */
async function snapshotAsOf(meta: PaimonMetadata, ids: readonly bigint[], ts: number, signal?: AbortSignal): Promise<Snapshot> {
  let lo = 0;
  let hi = ids.length - 1;
  let found: Snapshot | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = await meta.snapshot(ids[mid]!, signal);
    if (s.timeMillis <= ts) { found = s; lo = mid + 1; } else hi = mid - 1;
  }
  if (!found) {
    throw messageError('NotFound', 'error.paimon.tt.noneAt', { time: new Date(ts).toISOString() }, { timestampMs: ts });
  }
  return found;
}
