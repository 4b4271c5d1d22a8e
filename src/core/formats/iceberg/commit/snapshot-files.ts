/**
 * What commits read from the table and where they put new files: the manifests and entries of a snapshot
 * (through io/'s cached TableFiles), fresh snapshot ids, and the names of new metadata and data files
 * (`metadata/<uuid>-m<N>.avro`, `metadata/snap-<id>-<attempt>-<uuid>.avro`, `data/<partition>/…` — the
 * names Java writers use), as locations under the table `location` and as storage keys.
 */
import { pool } from '../../../util/async.ts';
import { partitionFieldsFor, specOf } from '../scan/partition-fields.ts';
import { readSnapshotManifests } from '../scan/snapshot-manifests.ts';
import type { ManifestEntry } from '../spec/manifest.ts';
import type { ManifestFile } from '../spec/manifest-list.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import type { TableMetadata } from '../spec/table-metadata.ts';
import type { TableState } from './table-state.ts';

/** One manifest of a snapshot with its parsed entries. */
export interface ManifestWithEntries {
  readonly manifest: ManifestFile;
  readonly entries: readonly ManifestEntry[];
}

/** The manifests of a snapshot (none for `undefined`). */
export function snapshotManifests(state: TableState, snapshot: Snapshot | undefined, signal?: AbortSignal): Promise<ManifestFile[]> {
  return snapshot ? readSnapshotManifests(state.files, snapshot, signal) : Promise.resolve([]);
}

/** The entries of one manifest, parsed with the partition type of its own spec. */
export function manifestEntries(state: TableState, m: ManifestFile, signal?: AbortSignal): Promise<ManifestEntry[]> {
  const spec = specOf(state.metadata, m.partitionSpecId, m.path);
  return state.files.readManifest(m, partitionFieldsFor(state.metadata, spec), signal);
}

/** Every manifest of a snapshot with its entries (8 manifests read at a time). */
export async function readAllEntries(state: TableState, snapshot: Snapshot | undefined, signal?: AbortSignal): Promise<ManifestWithEntries[]> {
  const manifests = await snapshotManifests(state, snapshot, signal);
  return pool(manifests, 8, async (manifest) => ({ manifest, entries: await manifestEntries(state, manifest, signal) }), signal);
}

/** Live (ADDED or EXISTING) entries of a set of manifests. */
export function liveEntries(all: readonly ManifestWithEntries[]): ManifestEntry[] {
  return all.flatMap((m) => m.entries.filter((e) => e.status !== 'deleted'));
}

/** A random positive 63-bit snapshot id not used by the table (Java: from a random UUID, made positive). */
export function newSnapshotId(meta: TableMetadata): bigint {
  const taken = new Set(meta.snapshots.map((s) => s.snapshotId));
  for (;;) {
    const b = crypto.getRandomValues(new BigUint64Array(1))[0] & 0x7fff_ffff_ffff_ffffn;
    if (b !== 0n && !taken.has(b)) return b;
  }
}

/** A location under the table location and its storage key. */
export interface NewFile {
  /** As written into metadata: `<location>/<key>`. */
  readonly path: string;
  readonly key: string;
}

function under(state: TableState, key: string): NewFile {
  return { path: `${state.metadata.location.replace(/\/+$/, '')}/${key}`, key };
}

/** A new manifest file name. */
export function newManifestFile(state: TableState, commitUuid: string, n: number): NewFile {
  return under(state, `metadata/${commitUuid}-m${n}.avro`);
}

/** A new manifest list file name (`snap-<snapshot id>-<attempt>-<uuid>.avro`). */
export function newManifestListFile(state: TableState, snapshotId: bigint, attempt: number, commitUuid: string): NewFile {
  return under(state, `metadata/snap-${snapshotId}-${attempt}-${commitUuid}.avro`);
}

/** A new data or delete file name: `data/[<partition path>/]<n>-<uuid>[-deletes].<ext>`. */
export function newDataFile(state: TableState, partitionPath: string, n: number, commitUuid: string, ext: 'parquet' | 'puffin', deletes = false): NewFile {
  const name = `${String(n).padStart(5, '0')}-${commitUuid}${deletes ? '-deletes' : ''}.${ext}`;
  return under(state, partitionPath ? `data/${partitionPath}/${name}` : `data/${name}`);
}
