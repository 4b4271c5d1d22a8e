/**
 * The table-health use case (issue 12; what Amoro's dashboard shows, without a server): reads what the
 * common model offers — a full plan's files of the version, versions with totals, states, the tree's
 * manifest lists, write capabilities — for any format, and hands it to the pure report (table-health-report.ts).
 */
import type { CapabilityOptions } from '../commit/write-action.ts';
import type { LakeTable, TreeNode, VersionDto, VersionSelector } from '../formats/table-format.ts';
import { pool } from '../util/async.ts';
import type { ManifestPointDto, TableHealthDto } from './table-health-dto.ts';
import { healthReport } from './table-health-report.ts';
import { writeCapabilities } from './table-writes.ts';

export interface TableHealthOptions {
  readonly signal?: AbortSignal;
  /** "Now" for retention ages (default Date.now()). */
  readonly nowMs?: number;
  /** Passed to `capabilities` (e.g. the storage refusal the caller knows of). */
  readonly capabilities?: Omit<CapabilityOptions, 'signal'>;
  /** Versions whose manifests are counted, newest first (default 60; each costs one manifest-list read). */
  readonly maxManifestVersions?: number;
}

const DEFAULT_MANIFEST_VERSIONS = 60;

type ManifestCounts = Pick<ManifestPointDto, 'manifests' | 'bytes'>;

/**
 * The health of `version` (the current one by default). Must hold: only reads (no write is prepared);
 * an empty table (no version, or no data files) gives an empty report, not an error.
 */
export async function tableHealth(table: LakeTable, version: VersionSelector = {}, options: TableHealthOptions = {}): Promise<TableHealthDto> {
  const signal = options.signal;
  const [versions, states, capabilities] = await Promise.all([
    table.versions(signal), table.states(signal), writeCapabilities(table, undefined, { ...options.capabilities, signal }),
  ]);
  const common = { versions, states, properties: table.properties ?? {}, capabilities, nowMs: options.nowMs ?? Date.now() };
  if (versions.length === 0) return healthReport({ ...common, isCurrent: true, files: [] });
  const plan = await table.plan({ ...version, signal });
  const chosen = versions.find((v) => v.id === plan.versionId);
  const max = options.maxManifestVersions ?? DEFAULT_MANIFEST_VERSIONS;
  const manifests = await manifestHistory(table, versions, max, signal);
  return healthReport({
    ...common, versionId: plan.versionId, isCurrent: chosen?.isCurrent ?? false, files: plan.files,
    ...(manifests ? { manifests } : {}),
    ...(manifests && versions.length > max ? { manifestsSampled: { shown: max, versions: versions.length } } : {}),
  });
}

/** Manifests of the newest `max` versions (oldest first), or undefined when the tree of the current one has no manifest list. */
async function manifestHistory(table: LakeTable, versions: readonly VersionDto[], max: number, signal?: AbortSignal): Promise<ManifestPointDto[] | undefined> {
  const current = versions.find((v) => v.isCurrent) ?? versions.at(-1)!;
  if ((await manifestsOf(table, current.id, signal)) === undefined) return undefined;
  const recent = versions.slice(-max);
  const counts = await pool(recent, 4, (v) => manifestsOf(table, v.id, signal), signal);
  return recent.flatMap((v, i) => (counts[i] ? [{ versionId: v.id, timestampMs: v.timestampMs, ...counts[i]! }] : []));
}

/** Node kinds expanded on the way down to the manifest lists (the metadata file, a snapshot). */
const ON_THE_WAY = new Set<TreeNode['kind']>(['table', 'metadata-file', 'snapshot']);

/**
 * Manifests under the manifest lists of a version's tree (Iceberg: metadata file → manifest list →
 * manifests; Paimon: snapshot → base and delta manifest lists → manifests), found by node kind within
 * three levels; undefined when there is no manifest list. A version whose tree cannot be read (an
 * expired snapshot's missing list) is skipped.
 */
async function manifestsOf(table: LakeTable, versionId: string, signal?: AbortSignal): Promise<ManifestCounts | undefined> {
  try {
    const at = { version: versionId };
    let level = await table.tree(at, undefined, signal);
    const lists: TreeNode[] = [];
    for (let depth = 0; depth < 3 && level.length; depth++) {
      lists.push(...level.filter((n) => n.kind === 'manifest-list'));
      const next = level.filter((n) => ON_THE_WAY.has(n.kind) && n.hasChildren);
      level = (await Promise.all(next.map((n) => table.tree(at, n.id, signal)))).flat();
    }
    if (!lists.length) return undefined;
    const manifests = (await Promise.all(lists.map((l) => table.tree(at, l.id, signal)))).flat().filter((n) => n.kind === 'manifest');
    return { manifests: manifests.length, bytes: manifests.reduce((s, m) => s + (m.size ?? 0), 0) };
  } catch (e) {
    if ((e as { code?: string }).code === 'Aborted' || signal?.aborted) throw e;
    return undefined;
  }
}
