/**
 * Non-destructive rollback: a new latest snapshot whose content equals an older one (paimon-core
 * `FileStoreCommitImpl.rollbackToAsLatest`, used by Paimon's `rollback_to` when the catalog supports
 * it). Nothing is deleted; history stays readable and the rollback itself can be rolled back.
 *
 * Snapshot N+1 (N = latest) gets: base list = the latest snapshot's manifests (reused, not rewritten),
 * delta list = one new manifest with DELETE entries for files live in N but not in the target and ADD
 * entries for files live in the target but not in N; the target's schema id, index manifest (the full
 * set of deletion vectors), total record count, watermark, statistics and properties; commit kind
 * OVERWRITE and commit identifier Long.MAX_VALUE, as Paimon writes them. Committed by create-if-absent
 * of `snapshot-(N+1)`; a lost race cleans up its new files, re-reads and retries.
 */
import type { JsonValue } from '../../../util/json.ts';
import type { AvroRecord } from '../spec/avro-record.ts';
import { entryIdentifier, withKind, type ManifestEntry } from '../spec/manifest-entry.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import { dataManifests, liveDataFiles } from '../scan/file-entries.ts';
import type { VersionChoice } from '../scan/time-travel.ts';
import { checkWritable, newCommitUser, refreshForWrite, targetSnapshot, type CommitContext } from './context.ts';
import { CommitFiles } from './manifest-writer.ts';
import { commitSnapshotFile, withRetries } from './snapshot-commit.ts';

export interface RollbackAsLatestOptions {
  readonly commitUser?: string;
  /** Retries after losing the commit race (default 10). */
  readonly retries?: number;
  /** Commit time (ms; default now). */
  readonly nowMs?: number;
}

export interface RollbackResult {
  /** The new snapshot's id. */
  readonly snapshotId: string;
  readonly targetId: string;
  readonly addedFiles: number;
  readonly deletedFiles: number;
  readonly attempts: number;
}

const LONG_MAX = 2n ** 63n - 1n;

/**
 * Makes the content of `target` (a snapshot id or tag) the latest version. Must hold: afterwards the
 * latest snapshot reads exactly the target's rows; no existing file is modified or deleted; a
 * concurrent commit never gets overwritten (Conflict → retry from a fresh read).
 */
export async function rollbackAsLatest(ctx: CommitContext, target: VersionChoice, opts: RollbackAsLatestOptions = {}): Promise<RollbackResult> {
  checkWritable(ctx, 'rollback');
  const commitUser = opts.commitUser ?? newCommitUser();
  return withRetries(opts.retries ?? 10, async (attempt) => {
    await refreshForWrite(ctx, 'rollback');
    const goal = await targetSnapshot(ctx, target, 'rollback');
    const latestId = (await ctx.meta.latestSnapshotId(ctx.signal))!;
    const latest = await ctx.meta.snapshot(latestId, ctx.signal);
    const files = new CommitFiles(ctx.storage, ctx.signal);
    try {
      const result = await writeRollback(ctx, files, latest, goal, commitUser, opts.nowMs ?? Date.now());
      return { ...result, attempts: attempt + 1 };
    } catch (e) {
      await files.cleanup();
      throw e;
    }
  });
}

async function writeRollback(ctx: CommitContext, files: CommitFiles, latest: Snapshot, goal: Snapshot, commitUser: string, now: number): Promise<Omit<RollbackResult, 'attempts'>> {
  const [latestLive, goalLive] = await Promise.all([liveDataFiles(ctx.meta, latest, ctx.signal), liveDataFiles(ctx.meta, goal, ctx.signal)]);
  const byId = (es: ManifestEntry[]) => new Map(es.map((e) => [entryIdentifier(e), e]));
  const latestMap = byId(latestLive);
  const goalMap = byId(goalLive);
  const deleted = latestLive.filter((e) => !goalMap.has(entryIdentifier(e)));
  const added = goalLive.filter((e) => !latestMap.has(entryIdentifier(e)));
  const delta: AvroRecord[] = [...deleted.map((e) => withKind(e, 'DELETE')), ...added.map((e) => withKind(e, 'ADD'))];

  const baseMetas = await dataManifests(ctx.meta, latest, ctx.signal);
  const listSchema = (await ctx.meta.manifestList(latest.baseManifestList, ctx.signal)).schemaText;
  const manifestSchema = await anyManifestSchema(ctx, [latest, goal]);
  const deltaMetas = delta.length && manifestSchema ? [await files.writeManifest(manifestSchema, delta, ctx.schema)] : [];
  const base = await files.writeManifestList(listSchema, baseMetas.map((m) => m.raw));
  const deltaList = await files.writeManifestList(listSchema, deltaMetas);

  const rows = (es: ManifestEntry[]) => es.reduce((n, e) => n + e.file.rowCount, 0n);
  const id = latest.id + 1n;
  const json: Record<string, JsonValue> = {
    ...latest.raw,
    id,
    schemaId: goal.schemaId,
    baseManifestList: base.name,
    baseManifestListSize: base.size,
    deltaManifestList: deltaList.name,
    deltaManifestListSize: deltaList.size,
    changelogManifestList: null,
    indexManifest: goal.indexManifest ?? null,
    commitUser,
    commitIdentifier: LONG_MAX,
    commitKind: 'OVERWRITE',
    timeMillis: now,
    totalRecordCount: goal.totalRecordCount ?? rows(goalLive),
    deltaRecordCount: rows(added) - rows(deleted),
    changelogRecordCount: 0,
    watermark: goal.raw.watermark ?? null,
    statistics: goal.raw.statistics ?? null,
    properties: goal.raw.properties ?? null,
  };
  delete json.changelogManifestListSize;
  for (const k of ['watermark', 'statistics', 'properties', 'changelogManifestList', 'indexManifest'] as const) if (json[k] === null) delete json[k];
  if ('changelogManifestList' in latest.raw) json.changelogManifestList = null;
  await commitSnapshotFile(ctx.storage, id, json, { signal: ctx.signal });
  return { snapshotId: id.toString(), targetId: goal.id.toString(), addedFiles: added.length, deletedFiles: deleted.length };
}

/** The Avro schema text of a manifest of either snapshot (new manifests are written in the table's own layout). */
async function anyManifestSchema(ctx: CommitContext, snapshots: readonly Snapshot[]): Promise<string | undefined> {
  for (const s of snapshots) {
    for (const m of await dataManifests(ctx.meta, s, ctx.signal)) return (await ctx.meta.manifest(m.fileName, ctx.signal)).schemaText;
  }
  return undefined;
}
