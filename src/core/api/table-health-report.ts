/**
 * The table-health report from what the common model gives (pure: no I/O, so tests feed it exact inputs):
 * a version's planned files (LakePlan.files), the versions and their totals, the past state files, the
 * manifests per version, the table's properties and its write capabilities. Recommendations are in
 * table-health-advice.ts; the thresholds and why they are what they are in table-health-rules.ts.
 */
import type { WriteCapability } from '../commit/write-action.ts';
import type { PlannedFileDto, TableStateDto, VersionDto } from '../formats/table-format.ts';
import type { MessageRef } from '../messages/en.ts';
import { messageRef } from '../messages/message-format.ts';
import { recommend } from './table-health-advice.ts';
import type {
  FileHealthDto, ManifestPointDto, PartitionHealthDto, StatePointDto, TableHealthDto, VersionPointDto,
} from './table-health-dto.ts';
import { SIZE_BUCKETS, SMALL_FILE_RATIO, bucketOf, targetFileSize } from './table-health-rules.ts';

/** Everything the report is computed from. */
export interface HealthInput {
  /** The version measured (absent: the table has none). */
  readonly versionId?: string;
  readonly isCurrent: boolean;
  /** The version's planned files (a full scan's LakePlan.files). */
  readonly files: readonly PlannedFileDto[];
  /** All versions, oldest first. */
  readonly versions: readonly VersionDto[];
  readonly states: readonly TableStateDto[];
  readonly properties: Readonly<Record<string, string>>;
  /** Manifests per version, oldest first; undefined when the format keeps no manifest lists. */
  readonly manifests?: readonly ManifestPointDto[];
  /** Set when `manifests` covers only the latest versions. */
  readonly manifestsSampled?: { readonly shown: number; readonly versions: number };
  readonly capabilities: readonly WriteCapability[];
  /** "Now" for retention ages (ms since epoch). */
  readonly nowMs: number;
}

type MutablePartition = { -readonly [K in keyof PartitionHealthDto]: PartitionHealthDto[K] } & { histogram: number[] };

/** The health of `input.versionId`. Must hold: every number is a count or sum over `input` only (nothing sampled but the manifests). */
export function healthReport(input: HealthInput): TableHealthDto {
  const target = targetFileSize(input.properties);
  const rule = { targetFileSizeBytes: target.value, source: target.source, smallFileBytes: Math.floor(target.value * SMALL_FILE_RATIO) };
  const partitions = new Map<string, MutablePartition>();
  const histogram = SIZE_BUCKETS.map(() => 0);
  const deletes = new Map<string, { kind: string; records?: number; bytes: number }>();
  let dataRows = 0;
  for (const f of input.files) {
    const bytes = Number(f.bytes);
    const key = `${f.specId ?? ''}\u0000${f.partition}`;
    let p = partitions.get(key);
    if (!p) {
      p = { partition: f.partition, ...(f.specId !== undefined ? { specId: f.specId } : {}), dataFiles: 0, bytes: 0, records: 0, smallFiles: 0, smallBytes: 0, filesWithDeletes: 0, histogram: SIZE_BUCKETS.map(() => 0) };
      partitions.set(key, p);
    }
    const b = bucketOf(bytes);
    p.histogram[b]++; histogram[b]++;
    p.dataFiles++; p.bytes += bytes; p.records += Number(f.records ?? 0);
    dataRows += Number(f.records ?? 0);
    if (bytes < rule.smallFileBytes) { p.smallFiles++; p.smallBytes += bytes; }
    const applied = f.deletes.filter((d) => d.kind !== 'log-file');
    if (applied.length) p.filesWithDeletes++;
    for (const d of applied) {
      // A deletion vector belongs to one data file (several may share a Puffin file); a delete file is counted once.
      const id = d.kind === 'deletion-vector' ? `dv\u0000${d.path}\u0000${f.path}` : `${d.kind}\u0000${d.path}`;
      if (!deletes.has(id)) deletes.set(id, { kind: d.kind, ...(d.records !== undefined ? { records: Number(d.records) } : {}), bytes: Number(d.bytes ?? 0) });
    }
  }
  const parts = [...partitions.values()].sort((a, b) => b.smallFiles - a.smallFiles || b.filesWithDeletes - a.filesWithDeletes || (a.partition < b.partition ? -1 : a.partition > b.partition ? 1 : 0));
  const byKind = { position: 0, equality: 0, deletionVector: 0 };
  let deletesWithoutCount = 0;
  for (const d of deletes.values()) {
    if (d.records === undefined) deletesWithoutCount++;
    else if (d.kind === 'position-deletes') byKind.position += d.records;
    else if (d.kind === 'equality-deletes') byKind.equality += d.records;
    else byKind.deletionVector += d.records;
  }
  const version = input.versions.find((v) => v.id === input.versionId);
  const liveRows = version?.totals.records?.live ? version.totals.records.count : undefined;
  const files: FileHealthDto = {
    dataFiles: input.files.length, dataBytes: sum(parts.map((p) => p.bytes)), smallFiles: sum(parts.map((p) => p.smallFiles)), smallBytes: sum(parts.map((p) => p.smallBytes)),
    filesWithDeletes: sum(parts.map((p) => p.filesWithDeletes)), deleteFiles: deletes.size, deleteBytes: sum([...deletes.values()].map((d) => d.bytes)),
    dataRows, deleteRows: byKind.position + byKind.equality + byKind.deletionVector, deleteRowsByKind: byKind, deletesWithoutCount, ...(liveRows !== undefined ? { liveRows } : {}),
  };
  const states = stateSeries(input.states);
  const empty = input.files.length === 0;
  const notes: MessageRef[] = [];
  if (!input.isCurrent && !empty) notes.push(messageRef('health.rule.recommendationsCurrentOnly'));
  if (!empty && input.manifests === undefined) notes.push(messageRef('health.rule.noManifests'));
  else if (!empty && input.manifestsSampled) notes.push(messageRef('health.rule.manifestsSampled', input.manifestsSampled));
  if (!empty && input.states.length > 0 && states.length === 0) notes.push(messageRef('health.rule.noStateSizes'));
  return {
    ...(input.versionId !== undefined ? { versionId: input.versionId } : {}), isCurrent: input.isCurrent, empty, rule,
    buckets: SIZE_BUCKETS, histogram, partitions: parts, files,
    versions: versionSeries(input.versions), states, ...(input.manifests ? { manifests: input.manifests } : {}),
    recommendations: input.isCurrent && input.versionId !== undefined ? recommend(input, rule, parts, states) : [],
    notes,
  };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const num = (s: string | undefined) => (s === undefined ? undefined : Number(s));

function versionSeries(versions: readonly VersionDto[]): VersionPointDto[] {
  const byId = new Map(versions.map((v) => [v.id, v]));
  const line = new Set<string>();
  for (let v = versions.find((x) => x.isCurrent); v && !line.has(v.id); v = v.parentId === undefined ? undefined : byId.get(v.parentId)) line.add(v.id);
  return versions.map((v, i) => {
    const t = v.totals;
    const records = num(t.records?.count); const dataFiles = num(t.dataFiles); const deleteFiles = num(t.deleteFiles); const bytes = num(t.bytes);
    return {
      id: v.id, timestampMs: v.timestampMs, versions: i + 1, onCurrentLine: line.has(v.id),
      ...(dataFiles !== undefined ? { dataFiles } : {}), ...(deleteFiles !== undefined ? { deleteFiles } : {}),
      ...(records !== undefined ? { records } : {}), ...(bytes !== undefined ? { bytes } : {}),
    };
  });
}

/** The state files whose size is known, in the format's order. */
function stateSeries(states: readonly TableStateDto[]): StatePointDto[] {
  return states.flatMap((s, i) => (s.size === undefined ? [] : [{
    name: s.name, sequence: s.sequence ?? i + 1, bytes: s.size, ...(s.lastModified !== undefined ? { lastModified: s.lastModified } : {}),
  }]));
}
