/**
 * Creating and deleting tags (paimon-core `utils/TagManager.createTag` / `deleteTag`, the
 * `create_tag` / `delete_tag` procedures). A tag file is the tagged snapshot's JSON plus
 * `tagCreateTime` (and `tagTimeRetained`), written with create-if-absent so two writers can never
 * both create the same tag, and an existing tag is never overwritten.
 */
import { isLakeError, LakeError } from '../../../errors.ts';
import { messageError } from '../../../message-error.ts';
import { utf8Encode } from '../../../util/bytes.ts';
import { checkRefName, tagKey } from '../spec/layout.ts';
import { serializeSnapshotJson } from '../spec/snapshot.ts';
import { tagJson } from '../spec/tag.ts';
import type { VersionChoice } from '../scan/time-travel.ts';
import { checkWritable, refreshForWrite, targetSnapshot, type CommitContext } from './context.ts';
import { addReferences, emptyReferences, snapshotReferences, unreferenced } from './references.ts';

export interface CreateTagOptions {
  /** The snapshot (id or another tag); the latest by default. */
  readonly version?: string;
  /** `tagTimeRetained` in ms (Paimon's `tag.default-time-retained` when tags expire automatically). */
  readonly timeRetainedMs?: number;
  /** Creation time (ms; default now). */
  readonly nowMs?: number;
}

/**
 * Creates tag `name`. Must hold: an invalid name (blank, purely numeric, with '/') → DataInvalid; an
 * existing tag → Conflict `paimon tag: tag 'x' already exists` and the file is left as it was.
 */
export async function createTag(ctx: CommitContext, name: string, opts: CreateTagOptions = {}): Promise<{ name: string; snapshotId: string; file: string }> {
  checkRefName(name, 'tag');
  checkWritable(ctx, 'tag');
  await refreshForWrite(ctx, 'tag');
  const snapshot = await targetSnapshot(ctx, { version: opts.version } satisfies VersionChoice, 'tag');
  const key = tagKey(name);
  const body = utf8Encode(serializeSnapshotJson(tagJson(snapshot, opts.nowMs ?? Date.now(), opts.timeRetainedMs)));
  try {
    await ctx.storage.write(key, body, { ifNoneMatch: '*', contentType: 'application/json', signal: ctx.signal });
  } catch (e) {
    if (isLakeError(e, 'Conflict')) throw messageError('Conflict', 'error.paimon.tagExists', { name }, { file: key, tag: name }, e);
    throw e;
  }
  return { name, snapshotId: snapshot.id.toString(), file: key };
}

/**
 * Deletes tag `name`. When its snapshot has already expired, the files only that tag kept alive are
 * deleted too (Paimon's `TagDeletion`): everything the tag references minus what any snapshot or other
 * tag references. Missing tag → NotFound.
 */
export async function deleteTag(ctx: CommitContext, name: string): Promise<{ name: string; snapshotId: string; deletedFiles: string[] }> {
  checkWritable(ctx, 'tag');
  await refreshForWrite(ctx, 'tag');
  const tag = await ctx.meta.tag(name, ctx.signal);
  const ids = await ctx.meta.snapshotIds(ctx.signal);
  let orphans: string[] = [];
  if (!ids.includes(tag.snapshot.id)) {
    const keep = emptyReferences();
    for (const id of ids) addReferences(keep, await snapshotReferences(ctx.meta, await ctx.meta.snapshot(id, ctx.signal), ctx.schema, { signal: ctx.signal }));
    for (const t of await ctx.meta.tags(ctx.signal)) {
      if (t.name !== name) addReferences(keep, await snapshotReferences(ctx.meta, t.snapshot, ctx.schema, { signal: ctx.signal }));
    }
    const files = unreferenced(await snapshotReferences(ctx.meta, tag.snapshot, ctx.schema, { signal: ctx.signal }), keep);
    orphans = [...files.manifestLists, ...files.manifests, ...files.indexManifests, ...files.indexFiles, ...files.dataFiles];
  }
  await ctx.storage.delete(tagKey(name), { signal: ctx.signal });
  for (const key of orphans) await ctx.storage.delete(key, { signal: ctx.signal });
  return { name, snapshotId: tag.snapshot.id.toString(), deletedFiles: orphans };
}
