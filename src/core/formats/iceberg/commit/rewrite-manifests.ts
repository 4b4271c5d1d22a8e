/**
 * Rewriting manifests (Java `RewriteManifests`): many small manifests — one per append — make planning read
 * many files. Small manifests of the same content and spec are merged into manifests of about the target
 * size (`commit.manifest.target-size-bytes`, default 8 MiB); their live entries are carried as EXISTING
 * with their original snapshot ids, sequence numbers and first row ids (spec "Sequence Number
 * Inheritance"), DELETED entries are dropped. The table's data does not change: a `replace` snapshot.
 */
import { LakeError } from '../../../errors.ts';
import type { Storage } from '../../../io/storage.ts';
import { partitionFieldsFor, specOf } from '../scan/partition-fields.ts';
import type { ManifestFile } from '../spec/manifest-list.ts';
import { currentSchema, findSnapshot } from '../spec/table-metadata.ts';
import { writeManifest } from '../spec/write-manifest.ts';
import { manifestFileOf } from '../spec/write-manifest-list.ts';
import { type ApplyOptions, NEXT_METADATA, type PreparedOperation, totalsOf } from './prepared-operation.ts';
import { changeResult, commitSnapshot } from './snapshot-commit.ts';
import { type ManifestWithEntries, snapshotManifests } from './snapshot-files.ts';
import { carriedEntry, type ProducerContext, type ReplacedManifests } from './snapshot-producer.ts';
import { loadTableState, type TableState } from './table-state.ts';
import { manifestTargetBytes } from './table-update.ts';
import { internalError } from '../../../message-error.ts';
import { described, textRef, warned } from '../../../commit/preview-text.ts';


export interface RewriteManifestsOptions {
  readonly targetSizeBytes?: number;
  readonly signal?: AbortSignal;
}

/** Groups of manifests (same content and spec) that would be merged, by `content:spec`. */
function manifestGroups(manifests: readonly ManifestFile[], target: number): ManifestFile[][] {
  const groups = new Map<string, ManifestFile[]>();
  for (const m of manifests) {
    if (Number(m.length) >= target) continue;
    const k = `${m.content}:${m.partitionSpecId}`;
    groups.set(k, [...(groups.get(k) ?? []), m]);
  }
  return [...groups.values()].filter((g) => g.length >= 2);
}

/** Previews merging small manifests of the current snapshot. */
export async function prepareRewriteManifests(storage: Storage, opts: RewriteManifestsOptions = {}): Promise<PreparedOperation> {
  const state = await loadTableState(storage, opts.signal);
  const meta = state.metadata;
  const head = meta.currentSnapshotId === undefined ? undefined : findSnapshot(meta, meta.currentSnapshotId);
  const target = opts.targetSizeBytes ?? manifestTargetBytes(meta.properties);
  const manifests = await snapshotManifests(state, head, opts.signal);
  const groups = manifestGroups(manifests, target);
  const replaced = groups.flat();
  const totals = totalsOf(head);
  return {
    preview: {
      operation: 'rewrite-manifests',
      ...described(groups.length ? textRef('note.write.iceberg.mergeManifests', { replaced: replaced.length, groups: groups.length, kept: manifests.length - replaced.length }) : textRef('note.write.iceberg.mergeNone')),
      writes: groups.length ? [{ key: 'metadata/<merged manifests and manifest list>', kind: 'manifest' }, NEXT_METADATA] : [],
      deletes: [], before: totals, after: totals,
      ...warned(groups.length ? [textRef('note.write.iceberg.manifestsStay')] : []),
      details: { manifests: manifests.length, replaced: replaced.length, groups: groups.length },
    },
    apply: async (o: ApplyOptions = {}) => {
      if (!groups.length) return { operation: 'rewrite-manifests', written: [], deleted: [], attempts: 0, ...warned([textRef('note.write.iceberg.mergeNothing')]) };
      const r = await commitSnapshot(storage, {
        operation: 'replace',
        replaceManifests: (base, contents, ctx, seq, attemptFiles) => mergeManifests(base, contents, ctx, seq, target, attemptFiles),
      }, { signal: o.signal, retry: o.retry });
      return changeResult('rewrite-manifests', r, []);
    },
  };
}

/** The manifests of `contents` merged toward `target` bytes; each key it writes is recorded in `written` first. */
async function mergeManifests(base: TableState, contents: readonly ManifestWithEntries[], ctx: ProducerContext, seq: bigint, target: number, written: string[]): Promise<ReplacedManifests> {
  const meta = base.metadata;
  const groups = manifestGroups(contents.map((c) => c.manifest), target);
  const merging = new Set(groups.flat().map((m) => m.path));
  const kept = contents.filter((c) => !merging.has(c.manifest.path)).map((c) => c.manifest);
  const created: ManifestFile[] = [];
  let entriesProcessed = 0;
  for (const group of groups) {
    const spec = specOf(meta, group[0].partitionSpecId, group[0].path);
    const entries = contents.filter((c) => group.includes(c.manifest)).flatMap((c) => c.entries).filter((e) => e.status !== 'deleted');
    entriesProcessed += entries.length;
    // Cut by the group's average entry size so each new manifest lands near the target.
    const bytes = group.reduce((n, m) => n + Number(m.length), 0);
    const total = group.reduce((n, m) => n + (m.addedFilesCount ?? 0) + (m.existingFilesCount ?? 0) + (m.deletedFilesCount ?? 0), 0);
    const perManifest = Math.max(1, Math.floor(target / Math.max(1, bytes / Math.max(1, total))));
    for (let i = 0; i < entries.length; i += perManifest) {
      const chunk = entries.slice(i, i + perManifest).map((e) => carriedEntry(e, 'existing', e.snapshotId));
      const w = writeManifest(chunk, {
        formatVersion: meta.formatVersion, spec, partition: partitionFieldsFor(meta, spec), schema: currentSchema(meta), content: group[0].content, snapshotId: ctx.snapshotId,
      });
      const file = ctx.nextManifest(base);
      written.push(file.key); // before the write: a PUT that fails may still have landed
      await base.storage.write(file.key, w.bytes);
      created.push(manifestFileOf(w, file.path, seq));
    }
  }
  const before = contents.reduce((n, c) => n + c.entries.filter((e) => e.status !== 'deleted').length, 0);
  const after = created.reduce((n, m) => n + (m.existingFilesCount ?? 0), 0) + kept.reduce((n, m) => n + (m.addedFilesCount ?? 0) + (m.existingFilesCount ?? 0), 0);
  if (before !== after) throw internalError(`iceberg rewrite-manifests: ${before} live entries before but ${after} after`, {});
  return {
    manifests: [...created, ...kept],
    summary: { 'manifests-created': String(created.length), 'manifests-kept': String(kept.length), 'manifests-replaced': String(merging.size), 'entries-processed': String(entriesProcessed) },
  };
}
