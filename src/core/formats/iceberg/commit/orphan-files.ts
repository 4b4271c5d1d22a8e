/**
 * Orphan files (Java `DeleteOrphanFiles`): files under the table folder that no metadata references —
 * left by failed or crashed commits, or by other tools. Referenced means: the current metadata file and
 * those in its metadata log, `version-hint.text`, statistics files, and for every snapshot its manifest
 * list, manifests and every file an entry names (DELETED entries included). Only files older than
 * `olderThanMs` (default 3 days, as Java) are candidates for deletion: a younger one may belong to a
 * commit in progress.
 */
import type { FileChange } from '../../../commit/change-preview.ts';
import { bestEffortDelete } from '../../../commit/cleanup.ts';
import { totalBytes } from '../../../commit/change-preview.ts';
import { described, textRef, warned } from '../../../commit/preview-text.ts';
import { listAll, type Storage } from '../../../io/storage.ts';
import type { ApplyOptions, PreparedOperation } from './prepared-operation.ts';
import { reachableFiles } from './reachable-files.ts';
import { loadTableState } from './table-state.ts';
import { metadataVersion, VERSION_HINT_KEY } from '../io/metadata-files.ts';
import { basename } from '../../../util/paths.ts';

const DAY_MS = 86_400_000;

export interface OrphanFile extends FileChange {
  readonly lastModified?: number;
  /** True when old enough to delete. */
  readonly deletable: boolean;
}

export interface OrphanReport {
  readonly orphans: readonly OrphanFile[];
  readonly scanned: number;
  readonly referenced: number;
}

/** Lists orphan files. `olderThanMs` marks which are old enough to delete (default now − 3 days). */
export async function findOrphanFiles(storage: Storage, opts: { olderThanMs?: number; signal?: AbortSignal } = {}): Promise<OrphanReport> {
  const state = await loadTableState(storage, opts.signal);
  const meta = state.metadata;
  const olderThan = opts.olderThanMs ?? Date.now() - 3 * DAY_MS;
  const reach = await reachableFiles(state, meta.snapshots, opts.signal);
  const referenced = new Set<string>([state.key, VERSION_HINT_KEY, ...reach.manifestLists.keys(), ...reach.manifests.keys(), ...reach.mentioned]);
  for (const p of [...meta.metadataLog.map((e) => e.metadataFile), ...meta.statistics.map((s) => s.statisticsPath), ...meta.partitionStatistics.map((s) => s.statisticsPath)]) {
    const k = state.relocation.tryKey(p);
    if (k) referenced.add(k);
  }
  const orphans: OrphanFile[] = [];
  let scanned = 0;
  for await (const o of listAll(storage, { signal: opts.signal })) {
    scanned++;
    if (referenced.has(o.key)) continue;
    // A metadata file newer than the one loaded is a commit that landed after we looked, not an orphan.
    const version = o.key.startsWith('metadata/') ? metadataVersion(basename(o.key)) : undefined;
    if (version !== undefined && version > state.version) continue;
    const kind = kindOf(o.key);
    const size = o.size >= 0 ? o.size : undefined;
    orphans.push({ key: o.key, kind, bytes: size, lastModified: o.lastModified, deletable: o.lastModified !== undefined && o.lastModified < olderThan });
  }
  return { orphans, scanned, referenced: referenced.size };
}

/** Previews deleting the deletable orphans; apply deletes them (best effort) and reports what went. */
export async function prepareDeleteOrphanFiles(storage: Storage, opts: { olderThanMs?: number; signal?: AbortSignal } = {}): Promise<PreparedOperation & { readonly report: OrphanReport }> {
  const report = await findOrphanFiles(storage, opts);
  const deletable = report.orphans.filter((o) => o.deletable);
  return {
    report,
    preview: {
      operation: 'delete-orphan-files',
      ...described(textRef('note.write.iceberg.orphans', { count: deletable.length, bytes: totalBytes(deletable), found: report.orphans.length, scanned: report.scanned })),
      writes: [], deletes: deletable, before: {}, after: {},
      ...warned(report.orphans.length > deletable.length ? [textRef('note.write.iceberg.orphansRecent', { count: report.orphans.length - deletable.length })] : []),
      details: { scanned: report.scanned, referenced: report.referenced, orphans: report.orphans.length },
    },
    apply: async (o: ApplyOptions = {}) => {
      const failed = new Set(await bestEffortDelete(storage, deletable.map((f) => f.key), o.signal));
      return {
        operation: 'delete-orphan-files', written: [], deleted: deletable.filter((f) => !failed.has(f.key)), attempts: 1,
        ...warned(failed.size ? [textRef('note.write.iceberg.orphansFailed', { count: failed.size })] : []), details: { deleted: deletable.length - failed.size },
      };
    },
  };
}

function kindOf(key: string): FileChange['kind'] {
  const name = basename(key);
  if (key.startsWith('data/')) return name.endsWith('.puffin') || name.includes('-deletes') ? 'delete' : 'data';
  if (!key.startsWith('metadata/')) return 'other';
  if (name.endsWith('.metadata.json') || name.includes('.metadata.json')) return 'metadata';
  if (name.startsWith('snap-') && name.endsWith('.avro')) return 'manifest-list';
  if (name.endsWith('.avro')) return 'manifest';
  return name.endsWith('.stats') || name.endsWith('.puffin') ? 'statistics' : 'other';
}
