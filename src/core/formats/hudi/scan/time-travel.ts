/**
 * Which instant a request reads (Hudi "time travel", `as.of.instant`): a version id is an instant's
 * requested time; a timestamp selects the latest version whose requested time is at or before it —
 * for table versions 8+ too, as hudi-rs does (`InstantRange` compares requested instant times), not the
 * completion time. Instant times are wall-clock times of the writer's zone (see properties.ts).
 */
import { instantTimeToMs, type Instant } from '../spec/instant.ts';
import type { VersionSelector } from '../../table-format.ts';
import type { HudiMetadata } from '../io/metadata.ts';
import { parseBaseFileName } from '../spec/file-names.ts';
import { messageError } from '../../../message-error.ts';
import { note, type Note } from '../../../messages/note.ts';

export interface ResolvedInstant {
  /** Undefined when the table has no completed write yet. */
  readonly instant?: Instant;
  readonly isLatest: boolean;
  readonly notes: Note[];
}

/** Resolves a selector. Must hold: an unknown or pending version → NotFound naming it and the timeline file or folder looked in. */
export function resolveInstant(meta: HudiMetadata, selector: VersionSelector = {}): ResolvedInstant {
  const versions = meta.versions();
  const latest = versions[versions.length - 1];
  if (selector.version !== undefined) {
    const v = selector.version;
    const hit = versions.find((i) => i.requestedTime === v) ?? versions.find((i) => i.completionTime === v);
    if (!hit) {
      const pending = meta.timeline.get(v);
      const file = pending ? (pending.completed ?? pending.inflight ?? pending.requested)!.key : `${meta.config.timelineFolder}/`;
      const context = { version: v, file };
      if (pending && pending.state !== 'COMPLETED') {
        throw messageError('NotFound', 'error.hudi.travel.pending', { instant: v, action: pending.requestedAction, state: pending.state.toLowerCase(), file }, context);
      }
      throw pending ? messageError('NotFound', 'error.hudi.travel.noData', { instant: v, action: pending.action, file }, context)
        : messageError('NotFound', 'error.hudi.travel.noInstant', { instant: v, file }, context);
    }
    const notes = hit.archived ? [note('note.hudi.asOfArchived', { instant: v, action: hit.action, file: hit.archived.file })] : hit.requestedTime === v ? [note('note.hudi.asOf', { instant: v, action: hit.action })]
      : [note('note.hudi.completionTime', { time: v, instant: hit.requestedTime })];
    return { instant: hit, isLatest: hit === latest, notes };
  }
  if (selector.asOfTimestampMs !== undefined) {
    const offset = meta.config.timelineTimezone === 'UTC' ? 0 : meta.config.writerZoneOffsetMinutes;
    const ts = selector.asOfTimestampMs;
    const hit = [...versions].reverse().find((i) => instantTimeToMs(i.requestedTime, offset) <= ts);
    if (!hit) {
      const file = `${meta.config.timelineFolder}/`;
      throw messageError('NotFound', 'error.hudi.travel.before', { time: new Date(ts).toISOString(), file }, { asOfTimestampMs: ts, file });
    }
    return {
      instant: hit, isLatest: hit === latest,
      notes: [note('note.hudi.asOfTime', { time: new Date(ts).toISOString(), instant: hit.requestedTime, zone: `UTC${offset >= 0 ? '+' : ''}${offset / 60}` })],
    };
  }
  return { instant: latest, isLatest: true, notes: latest ? [note('note.hudi.latest', { instant: latest.requestedTime, action: latest.action })] : [note('note.hudi.noCommit')] };
}

/**
 * Time travel to an archived instant reads only where its data files still exist: the cleaner removes
 * file slices older than the ones it retains, and the listing would then silently offer an older slice or
 * none. The files the table held as of `asOf` are known from the commit metadata of every write ≤ `asOf`
 * (archived and active): per file group, its latest base file and the log files written after it. Must
 * hold: one of them missing from the listing → NotFound naming it and the instant that wrote it.
 */
export async function checkArchivedInstantFiles(meta: HudiMetadata, instant: Instant, replaced: ReadonlyMap<string, string>, signal?: AbortSignal): Promise<void> {
  const asOf = instant.requestedTime;
  const listed = new Set<string>();
  for (const g of (await meta.listFiles(signal)).groups) for (const f of [...g.baseFiles, ...g.logFiles]) listed.add(f.key);
  const groups = new Map<string, Map<string, string>>(); // group → file key → writing instant
  for (const i of meta.versions()) {
    if (i.requestedTime > asOf) break;
    for (const s of (await meta.commitMetadata(i, signal)).writeStats) {
      if (!s.path) continue;
      const group = `${s.partitionPath}/${s.fileId}`;
      const name = s.path.slice(s.path.lastIndexOf('/') + 1);
      if (parseBaseFileName(name)) groups.set(group, new Map([[s.path, i.requestedTime]]));
      else (groups.get(group) ?? groups.set(group, new Map()).get(group)!).set(s.path, i.requestedTime);
    }
  }
  for (const [group, files] of groups) {
    if (replaced.has(group)) continue;
    for (const [key, by] of files) {
      if (listed.has(key)) continue;
      throw messageError('NotFound', 'error.hudi.cleaned', { instant: asOf, archive: instant.archived?.file ?? '?', file: key, by }, { file: key, version: asOf });
    }
  }
}
