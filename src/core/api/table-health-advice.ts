/**
 * What to do about a table's health, each recommendation with its reason in numbers and the write that
 * does it, as the tagged action the model's `prepare()` takes:
 * - compact a partition: two or more small files, or any file with deletes to apply (exactly the partitions
 *   compaction rewrites, MIN_INPUT_FILES); the worst MAX_PARTITION_RECOMMENDATIONS one by one, and the
 *   whole table when two or more partitions qualify;
 * - rewrite manifests: at least MIN_MANIFESTS_TO_REWRITE manifests in the current version that would fit
 *   in half as many or fewer at the manifest target size;
 * - expire snapshots older than the retention age, keeping the table's minimum; versions at a branch or tag
 *   head and the newest kept ones on main's line are not counted (the preview gives the exact list).
 * Each is offered only when the table's capabilities make the action available; otherwise it says why.
 */
import type { WriteAction, WriteCapability } from '../commit/write-action.ts';
import { format, messageRef } from '../messages/message-format.ts';
import type { HealthInput } from './table-health-report.ts';
import type { PartitionHealthDto, RecommendationDto, SmallFileRuleDto, StatePointDto } from './table-health-dto.ts';
import {
  MAX_PARTITION_RECOMMENDATIONS, MIN_INPUT_FILES, MIN_MANIFESTS_TO_REWRITE, manifestTargetSize, maxSnapshotAge, minSnapshotsToKeep,
} from './table-health-rules.ts';

/** Available or the capability's reason (or that the table does not offer the action at all). */
function offer(caps: readonly WriteCapability[], action: WriteAction): Pick<RecommendationDto, 'available' | 'unavailableReason' | 'unavailableReasonMessage'> {
  const c = caps.find((x) => x.kind === action.kind);
  if (!c) return { available: false, unavailableReason: format('health.notOffered', { action: action.kind }), unavailableReasonMessage: messageRef('health.notOffered', { action: action.kind }) };
  if (c.available) return { available: true };
  const message = c.reason === undefined ? c.descriptionMessage : c.reasonMessage;
  return { available: false, unavailableReason: c.reason ?? c.description, ...(message ? { unavailableReasonMessage: message } : {}) };
}

/** 'Compact partition d=1'; the one partition of an unpartitioned table has its own message (a parameter is data, never tested in a message). */
function partitionTitle(partition: string): RecommendationDto['title'] {
  if (partition === '') return messageRef('health.compactUnpartitioned.title');
  return messageRef('health.compactPartition.title', { partition });
}

/** Files compaction would take from a partition: the small ones, plus larger ones with deletes. */
function candidates(p: PartitionHealthDto): number {
  return p.smallFiles + Math.max(0, p.filesWithDeletes - p.smallFiles);
}

const qualifies = (p: PartitionHealthDto) => candidates(p) >= MIN_INPUT_FILES || p.filesWithDeletes > 0;

/** The recommendations for the current version of the table. */
export function recommend(input: HealthInput, rule: SmallFileRuleDto, parts: readonly PartitionHealthDto[], states: readonly StatePointDto[]): RecommendationDto[] {
  const caps = input.capabilities;
  const out: RecommendationDto[] = [];
  const add = (r: Omit<RecommendationDto, 'available' | 'unavailableReason' | 'unavailableReasonMessage'>) => out.push({ ...r, ...offer(caps, r.action) });
  const target = rule.targetFileSizeBytes;

  const due = parts.filter(qualifies).sort((a, b) => candidates(b) - candidates(a) || (a.partition < b.partition ? -1 : 1));
  if (due.length >= 2) {
    const sum = (f: (p: PartitionHealthDto) => number) => due.reduce((s, p) => s + f(p), 0);
    add({
      id: 'compact-table', kind: 'compact-table', action: { kind: 'compact', targetFileSizeBytes: target },
      title: messageRef('health.compactTable.title', { partitions: due.length }),
      reason: messageRef('health.compactTable.reason', {
        small: sum((p) => p.smallFiles), files: input.files.length, partitions: due.length, smallBytes: sum((p) => p.smallBytes),
        threshold: rule.smallFileBytes, withDeletes: sum((p) => p.filesWithDeletes),
      }),
    });
  }
  for (const p of due.slice(0, MAX_PARTITION_RECOMMENDATIONS)) {
    add({
      id: `compact-partition:${p.specId ?? ''}:${p.partition}`, kind: 'compact-partition',
      action: { kind: 'compact', targetFileSizeBytes: target, partitions: [{ partition: p.partition, ...(p.specId !== undefined ? { specId: p.specId } : {}) }] },
      title: partitionTitle(p.partition),
      reason: messageRef('health.compactPartition.reason', {
        small: p.smallFiles, files: p.dataFiles, smallBytes: p.smallBytes, threshold: rule.smallFileBytes, withDeletes: p.filesWithDeletes,
        estimate: Math.max(1, Math.ceil(p.smallBytes / target)),
      }),
    });
  }

  const current = input.manifests?.find((m) => m.versionId === input.versionId);
  const mt = manifestTargetSize(input.properties);
  if (current && current.manifests >= MIN_MANIFESTS_TO_REWRITE) {
    const fit = Math.max(1, Math.ceil(current.bytes / mt.value));
    if (2 * fit <= current.manifests) {
      add({
        id: 'rewrite-manifests', kind: 'rewrite-manifests', action: { kind: 'rewrite-manifests', targetSizeBytes: mt.value },
        title: messageRef('health.rewriteManifests.title', { manifests: current.manifests }),
        reason: messageRef('health.rewriteManifests.reason', { manifests: current.manifests, bytes: current.bytes, target: mt.value, source: mt.source, fit }),
      });
    }
  }

  const age = maxSnapshotAge(input.properties);
  const keep = minSnapshotsToKeep(input.properties);
  const cutoff = input.nowMs - age.value;
  const expirable = expirableVersions(input, cutoff, keep.value);
  if (expirable > 0) {
    add({
      id: 'expire-snapshots', kind: 'expire-snapshots', action: { kind: 'expire', olderThanMs: cutoff, retainLast: keep.value },
      title: messageRef('health.expire.title', { cutoffMs: cutoff }),
      reason: messageRef('health.expire.reason', {
        expirable, versions: input.versions.length, maxAgeMs: age.value, ageSource: age.source, keep: keep.value, metadataBytes: states.at(-1)?.bytes ?? 0,
      }),
    });
  }
  return out;
}

/** Versions older than `cutoff` that are neither a ref's head nor among the newest `keep` on the current version's line. */
function expirableVersions(input: HealthInput, cutoff: number, keep: number): number {
  const byId = new Map(input.versions.map((v) => [v.id, v]));
  const kept = new Set<string>();
  let v = input.versions.find((x) => x.isCurrent);
  while (v && kept.size < keep) { kept.add(v.id); v = v.parentId === undefined ? undefined : byId.get(v.parentId); }
  return input.versions.filter((x) => x.timestampMs < cutoff && !x.isCurrent && x.refs.length === 0 && !kept.has(x.id)).length;
}
