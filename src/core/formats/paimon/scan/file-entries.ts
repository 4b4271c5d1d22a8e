/**
 * The files of a snapshot (paimon-core `operation/AbstractFileStoreScan`): read the manifests named by
 * the base and delta manifest lists in order and merge their entries (`FileEntry.mergeEntries`) —
 * what remains ADD is live. The delta list alone gives what one commit changed; the changelog list
 * gives the changelog files a `changelog-producer` wrote.
 */
import { pool } from '../../../util/async.ts';
import { liveIndexFiles, type IndexManifestEntry } from '../spec/index-manifest.ts';
import { mergeEntries, type ManifestEntry } from '../spec/manifest-entry.ts';
import type { ManifestFileMeta } from '../spec/manifest-list.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import type { PaimonMetadata } from '../io/metadata.ts';
import { messageError } from '../../../message-error.ts';

/** Manifests read in parallel at most (each is one small read). */
const MANIFEST_CONCURRENCY = 8;

/** The manifest file metas of a snapshot's base then delta list, in order. */
export async function dataManifests(meta: PaimonMetadata, s: Snapshot, signal?: AbortSignal): Promise<ManifestFileMeta[]> {
  const [base, delta] = await Promise.all([
    meta.manifestList(s.baseManifestList, signal, s.baseManifestListSize), meta.manifestList(s.deltaManifestList, signal, s.deltaManifestListSize),
  ]);
  return [...base.entries, ...delta.entries];
}

/** Entries of the given manifests in manifest order (read concurrently, concatenated in order). */
export async function readEntries(meta: PaimonMetadata, manifests: readonly ManifestFileMeta[], signal?: AbortSignal): Promise<ManifestEntry[]> {
  const lists = await pool(manifests, MANIFEST_CONCURRENCY, async (m, _i, sig) => (await meta.manifest(m.fileName, sig, m.fileSize)).entries, signal);
  return lists.flat();
}

/**
 * The live data files of a snapshot. Must hold: equals Paimon's plan of the snapshot (every ADD not
 * cancelled by a later DELETE); an ADD of a file already live → DataInvalid naming the manifest list.
 */
export async function liveDataFiles(meta: PaimonMetadata, s: Snapshot, signal?: AbortSignal): Promise<ManifestEntry[]> {
  const entries = await readEntries(meta, await dataManifests(meta, s, signal), signal);
  const merged = mergeEntries(entries, { file: `manifest/${s.deltaManifestList}` });
  const live = [...merged.values()].filter((e) => e.kind === 'ADD');
  checkRecordCount(live, s);
  return live;
}

/**
 * The rows of the live files against the snapshot's `totalRecordCount` (Paimon `Snapshot`: the running
 * sum of every commit's added minus deleted file rows). Manifest lists record no size, and one cut at
 * an Avro block boundary or swapped for another still parses: this total is what notices. Checked
 * only where the snapshot records it, and over every manifest (a plan that pruned manifests cannot).
 */
export function checkRecordCount(live: readonly ManifestEntry[], s: Snapshot): void {
  if (s.totalRecordCount === undefined) return;
  const rows = live.reduce((sum, e) => sum + e.file.rowCount, 0n);
  if (rows !== s.totalRecordCount) {
    throw messageError('DataInvalid', 'error.paimon.totalRecords', { snapshot: String(s.id), rows: String(rows), recorded: String(s.totalRecordCount) }, { file: `manifest/${s.baseManifestList}`, deltaManifestList: `manifest/${s.deltaManifestList}` });
  }
}

/** The entries one commit wrote (its delta manifest list), ADD and DELETE. */
export async function deltaEntries(meta: PaimonMetadata, s: Snapshot, signal?: AbortSignal): Promise<ManifestEntry[]> {
  return readEntries(meta, (await meta.manifestList(s.deltaManifestList, signal)).entries, signal);
}

/** The changelog files of a commit (empty without a changelog manifest list). */
export async function changelogEntries(meta: PaimonMetadata, s: Snapshot, signal?: AbortSignal): Promise<ManifestEntry[]> {
  if (!s.changelogManifestList) return [];
  return readEntries(meta, (await meta.manifestList(s.changelogManifestList, signal)).entries, signal);
}

/** The live index files of a snapshot (deletion vectors, hash indexes); empty without an index manifest. */
export async function liveIndexEntries(meta: PaimonMetadata, s: Snapshot, signal?: AbortSignal): Promise<IndexManifestEntry[]> {
  return s.indexManifest ? liveIndexFiles(await meta.indexManifest(s.indexManifest, signal)) : [];
}
