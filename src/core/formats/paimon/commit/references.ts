/**
 * Which files a snapshot (or tag) needs, for the writes that delete files (expire, destructive
 * rollback): its manifest lists, the manifests they name, its index manifest and index files, and its
 * live data files (with their extra files). A file may be deleted only when no retained snapshot or
 * tag needs it (paimon-core `operation/FileDeletionBase`, `SnapshotDeletion`, `TagDeletion`).
 */
import { isUnderRoot } from '../../../io/table-root.ts';
import { indexFileKey, manifestKey } from '../spec/layout.ts';
import type { ManifestEntry } from '../spec/manifest-entry.ts';
import { bucketFolder } from '../spec/partition-path.ts';
import type { TableSchema } from '../spec/schema.ts';
import { manifestListsOf, type Snapshot } from '../spec/snapshot.ts';
import { changelogEntries, liveDataFiles, liveIndexEntries } from '../scan/file-entries.ts';
import type { PaimonMetadata } from '../io/metadata.ts';

/** Storage keys a snapshot references, by kind. */
export interface SnapshotReferences {
  readonly manifestLists: Set<string>;
  readonly manifests: Set<string>;
  readonly indexManifests: Set<string>;
  readonly indexFiles: Set<string>;
  readonly dataFiles: Set<string>;
}

/** Storage keys, by kind, that no kept snapshot or tag references (what expire and rollback may delete). */
export type UnreferencedFiles = { readonly [K in keyof SnapshotReferences]: string[] };

export function emptyReferences(): SnapshotReferences {
  return { manifestLists: new Set(), manifests: new Set(), indexManifests: new Set(), indexFiles: new Set(), dataFiles: new Set() };
}

/** Adds every key of `b` to `a`. */
export function addReferences(a: SnapshotReferences, b: SnapshotReferences): void {
  for (const k of Object.keys(a) as (keyof SnapshotReferences)[]) for (const x of b[k]) a[k].add(x);
}

/** Storage keys of a data file and its extra files (partition path + bucket folder + name). */
function dataFileKeys(e: ManifestEntry, schema: TableSchema): string[] {
  const dir = bucketFolder(schema, e.partition, e.bucket);
  return [dir + e.file.fileName, ...e.file.extraFiles.map((x) => dir + x)];
}

/**
 * Everything snapshot `s` needs. With `dataFiles: false` only metadata files are collected (cheaper:
 * no manifest entries are merged).
 */
export async function snapshotReferences(meta: PaimonMetadata, s: Snapshot, schema: TableSchema, opts: { dataFiles?: boolean; signal?: AbortSignal } = {}): Promise<SnapshotReferences> {
  const refs = emptyReferences();
  for (const list of manifestListsOf(s)) {
    refs.manifestLists.add(manifestKey(list));
    for (const m of (await meta.manifestList(list, opts.signal)).entries) refs.manifests.add(manifestKey(m.fileName));
  }
  if (s.indexManifest) {
    refs.indexManifests.add(manifestKey(s.indexManifest));
    for (const ie of await liveIndexEntries(meta, s, opts.signal)) refs.indexFiles.add(indexFileKey(ie.fileName));
  }
  if (opts.dataFiles !== false) {
    for (const e of await liveDataFiles(meta, s, opts.signal)) for (const k of dataFileKeys(e, schema)) refs.dataFiles.add(k);
    for (const e of await changelogEntries(meta, s, opts.signal)) for (const k of dataFileKeys(e, schema)) refs.dataFiles.add(k);
  }
  return refs;
}

/**
 * `candidates` minus everything in `keep`, per kind, as sorted arrays. A key whose file name climbs out
 * of the table root (`../`, io/table-root.ts) is never a candidate: expire and rollback delete only under
 * the root (the table storage would refuse the delete anyway; leaving it out keeps the plan honest and the
 * apply from stopping half-way).
 */
export function unreferenced(candidates: SnapshotReferences, keep: SnapshotReferences): UnreferencedFiles {
  const out = {} as Record<keyof SnapshotReferences, string[]>;
  for (const k of Object.keys(candidates) as (keyof SnapshotReferences)[]) out[k] = [...candidates[k]].filter((x) => !keep[k].has(x) && isUnderRoot(x)).sort();
  return out;
}
