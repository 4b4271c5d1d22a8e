/**
 * English text of the table-health view that the engine makes (core/api/table-health-*.ts): the rules behind
 * its numbers and its recommendations, carried to the page as message references. Counts go through `plural`.
 * The screen's own labels are the page's part of the catalog, en-health-view.ts (issue 17).
 */
import { plural } from './catalog.ts';
import { bytes, countIn } from './health-format.ts';

const count = countIn('en-US');
const n = (c: number, one: string, other: string): string => `${count(c)} ${plural('en', c, { one, other })}`;
const pct = (part: number, whole: number): string => (whole > 0 ? `${Math.round((100 * part) / whole)}%` : '—');
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const age = (ms: number): string => (ms % 86_400_000 === 0 ? n(ms / 86_400_000, 'day', 'days') : ms % 3_600_000 === 0 ? n(ms / 3_600_000, 'hour', 'hours') : n(Math.round(ms / 60_000), 'minute', 'minutes'));
const from = (source: string): string => (source ? `the table's ${source}` : 'default');

export const enHealth = {
  // Rules (shown under the numbers they explain)
  'health.rule.smallFiles': (p: { threshold: number; target: number; source: string }) =>
    `A data file counts as small below ${bytes(p.threshold)}: 75% of the target file size ${bytes(p.target)} (${from(p.source)}), the line Iceberg's RewriteDataFiles and Lakescope's compaction draw.`,
  'health.rule.recommendationsCurrentOnly': () => 'Recommendations act on the current version: select it on the timeline to see them.',
  'health.rule.manifestsSampled': (p: { shown: number; versions: number }) => `Manifests counted for the latest ${count(p.shown)} of ${n(p.versions, 'version', 'versions')} (one manifest-list read each).`,
  'health.rule.noManifests': () => 'This format keeps no manifest lists, so there are no manifests to count.',
  'health.rule.noStateSizes': () => 'The sizes of this table\'s metadata files are not known (the storage listing gave none).',

  // Recommendations
  'health.compactPartition.title': (p: { partition: string }) => `Compact partition ${p.partition}`,
  // The one partition of an unpartitioned table: its own key (a parameter is data, never compared in the message).
  'health.compactUnpartitioned.title': () => 'Compact partition (unpartitioned)',
  'health.compactPartition.reason': (p: { small: number; files: number; smallBytes: number; threshold: number; withDeletes: number; estimate: number }) =>
    `${count(p.small)} of ${n(p.files, 'data file', 'data files')} are below ${bytes(p.threshold)} (${bytes(p.smallBytes)} in all)`
    + `${p.withDeletes ? `; ${n(p.withDeletes, 'file has', 'files have')} deletes to apply` : ''}. Rewriting them gives about ${n(p.estimate, 'file', 'files')}.`,
  'health.compactTable.title': (p: { partitions: number }) => `Compact ${n(p.partitions, 'partition', 'partitions')}`,
  'health.compactTable.reason': (p: { small: number; files: number; partitions: number; smallBytes: number; threshold: number; withDeletes: number }) =>
    `${count(p.small)} of ${n(p.files, 'data file', 'data files')} (${pct(p.small, p.files)}) are below ${bytes(p.threshold)}, ${bytes(p.smallBytes)} in all, spread over ${n(p.partitions, 'partition', 'partitions')} with two or more of them`
    + `${p.withDeletes ? `; ${n(p.withDeletes, 'file has', 'files have')} deletes a reader applies on every scan` : ''}. Every file costs a request and a footer read per scan.`,
  'health.rewriteManifests.title': (p: { manifests: number }) => `Rewrite ${n(p.manifests, 'manifest', 'manifests')}`,
  'health.rewriteManifests.reason': (p: { manifests: number; bytes: number; target: number; source: string; fit: number }) =>
    `The current version has ${n(p.manifests, 'manifest', 'manifests')} (${bytes(p.bytes)} in all); at the manifest target size ${bytes(p.target)} (${from(p.source)}) they fit in ${count(p.fit)}. Planning reads every manifest, so fewer means faster planning.`,
  'health.expire.title': (p: { cutoffMs: number }) => `Expire snapshots older than ${day(p.cutoffMs)}`,
  'health.expire.reason': (p: { expirable: number; versions: number; maxAgeMs: number; ageSource: string; keep: number; metadataBytes: number }) =>
    `${count(p.expirable)} of ${n(p.versions, 'version', 'versions')} are older than ${age(p.maxAgeMs)} (${from(p.ageSource)}), not the head of a branch or tag and not among the last ${count(p.keep)} kept`
    + `${p.metadataBytes ? `; the current metadata file is ${bytes(p.metadataBytes)} and grows with every snapshot it lists` : ''}. The preview lists exactly which expire.`,
  'health.notOffered': (p: { action: string }) => `This table does not offer “${p.action}” here.`,
} as const;
