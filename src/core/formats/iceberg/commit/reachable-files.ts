/**
 * Which files a set of snapshots needs (their manifest lists, manifests and the data and delete files live
 * in them), as storage keys with sizes: the basis of snapshot expiry's file cleanup (files reachable only
 * from expired snapshots) and of the orphan-file report (files no snapshot reaches).
 */
import { pool } from '../../../util/async.ts';
import type { FileChange } from '../../../commit/change-preview.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import { manifestEntries, snapshotManifests } from './snapshot-files.ts';
import type { TableState } from './table-state.ts';

/** Files reached from some snapshots, by storage key. */
export interface ReachableFiles {
  readonly manifestLists: Map<string, FileChange>;
  readonly manifests: Map<string, FileChange>;
  /** Data and delete files live in the reached manifests. */
  readonly contentFiles: Map<string, FileChange>;
  /** Every file an entry names, DELETED entries included (never an orphan). */
  readonly mentioned: Set<string>;
}

/**
 * Walks the snapshots' metadata trees; a manifest shared by several snapshots is read once. Paths outside
 * the table location (which a relocated copy cannot reach) are skipped.
 */
export async function reachableFiles(state: TableState, snapshots: readonly Snapshot[], signal?: AbortSignal): Promise<ReachableFiles> {
  const out: ReachableFiles = { manifestLists: new Map(), manifests: new Map(), contentFiles: new Map(), mentioned: new Set() };
  const key = (p: string) => state.relocation.tryKey(p);
  const manifests = new Map<string, Awaited<ReturnType<typeof snapshotManifests>>[number]>();
  for (const s of snapshots) {
    const k = s.manifestList ? key(s.manifestList) : undefined;
    if (k) out.manifestLists.set(k, { key: k, kind: 'manifest-list' });
    for (const m of await snapshotManifests(state, s, signal)) {
      const mk = key(m.path);
      if (mk && !manifests.has(mk)) manifests.set(mk, m);
    }
  }
  await pool([...manifests.entries()], 8, async ([mk, m]) => {
    out.manifests.set(mk, { key: mk, kind: 'manifest', bytes: m.length > 0n ? Number(m.length) : undefined });
    for (const e of await manifestEntries(state, m, signal)) {
      const fk = key(e.dataFile.filePath);
      if (!fk) continue;
      out.mentioned.add(fk);
      if (e.status !== 'deleted') {
        out.contentFiles.set(fk, { key: fk, kind: e.dataFile.content === 'data' ? 'data' : 'delete', bytes: Number(e.dataFile.fileSizeInBytes) });
      }
    }
  }, signal);
  return out;
}

/** Files in `a` but not in `b`, per kind. */
export function minus(a: ReachableFiles, b: ReachableFiles): FileChange[] {
  const diff = (x: Map<string, FileChange>, y: Map<string, FileChange>) => [...x.values()].filter((f) => !y.has(f.key));
  return [...diff(a.manifestLists, b.manifestLists), ...diff(a.manifests, b.manifests), ...diff(a.contentFiles, b.contentFiles)];
}
