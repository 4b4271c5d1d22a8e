/**
 * The timeline as Hudi's own timeline UI draws it (RFC-94): one lane per action, each instant a bar from
 * its requested time to its completion, pending instants open-ended and marked, rollbacks naming what
 * they rolled back. Times: the requested time is the instant id; the completion time is in the file
 * name for layout 2 and, for layout 1 (which records none), the completed file's modification time when
 * storage reports it; the inflight mark is the inflight file's modification time.
 */
import { utf8Decode } from '../../../util/bytes.ts';
import { AVRO_MAGIC, readAvroFile } from '../../../codecs/avro/index.ts';
import { parseJson } from '../../../util/json.ts';
import { instantTimeToMs, type Instant } from '../spec/instant.ts';
import type { HudiMetadata } from '../io/metadata.ts';

export interface TimelineBarDto {
  readonly lane: string;
  readonly requestedTime: string;
  readonly action: string;
  readonly state: 'REQUESTED' | 'INFLIGHT' | 'COMPLETED';
  readonly startMs: number;
  readonly inflightMs?: number;
  readonly endMs?: number;
  /** True for instants not completed: never read as committed. */
  readonly pending: boolean;
  /** Rollback and restore instants: the instants they undid. */
  readonly rolledBack?: readonly string[];
  /** True when a later rollback undid this instant. */
  readonly wasRolledBack: boolean;
  /** The archive file for instants of the archived timeline (older than the active timeline). */
  readonly archivedIn?: string;
}

export interface TimelineViewDto {
  readonly lanes: readonly string[];
  readonly bars: readonly TimelineBarDto[];
  readonly explanation: string;
}

async function rollbackTargets(meta: HudiMetadata, i: Instant, signal?: AbortSignal): Promise<string[]> {
  if (!i.completed || (i.action !== 'rollback' && i.action !== 'restore')) return [];
  try {
    const bytes = await meta.storage.read(i.completed.key, { signal });
    if (bytes.length === 0) return [];
    const raw = AVRO_MAGIC.every((b, k) => bytes[k] === b) ? readAvroFile(bytes, { name: i.completed.key }).records[0] : parseJson(utf8Decode(bytes));
    const o = raw as { commitsRollback?: unknown; instantsToRollback?: unknown; restoreInstantInfo?: unknown };
    const list = o.commitsRollback ?? o.instantsToRollback;
    return Array.isArray(list) ? list.map((x) => (typeof x === 'string' ? x : String((x as { commitTime?: unknown }).commitTime ?? ''))).filter((x) => x !== '') : [];
  } catch {
    return [];
  }
}

/** The RFC-94 timeline: the active timeline, and the archived one once loaded (bars marked `archivedIn`). */
export async function timelineView(meta: HudiMetadata, signal?: AbortSignal): Promise<TimelineViewDto> {
  const offset = meta.config.timelineTimezone === 'UTC' ? 0 : meta.config.writerZoneOffsetMinutes;
  const targets = new Map<string, string[]>();
  for (const i of meta.timeline.instants) targets.set(i.requestedTime, await rollbackTargets(meta, i, signal));
  const undone = new Set([...targets.values()].flat());
  const bars: TimelineBarDto[] = meta.timeline.instants.map((i) => {
    const end = i.completionTime ? instantTimeToMs(i.completionTime, offset) : i.completed?.lastModified;
    const rolledBack = targets.get(i.requestedTime)!;
    return {
      lane: i.requestedAction, requestedTime: i.requestedTime, action: i.action, state: i.state,
      startMs: instantTimeToMs(i.requestedTime, offset),
      ...(i.inflight?.lastModified !== undefined ? { inflightMs: i.inflight.lastModified } : {}),
      ...(i.state === 'COMPLETED' && end !== undefined ? { endMs: end } : {}),
      pending: i.state !== 'COMPLETED',
      ...(rolledBack.length ? { rolledBack } : {}),
      wasRolledBack: undone.has(i.requestedTime),
      ...(i.archived ? { archivedIn: i.archived.file } : {}),
    };
  });
  return {
    lanes: [...new Set(bars.map((b) => b.lane))],
    bars,
    explanation: 'Each lane is an action; each bar an instant from its request to its completion. Open bars are pending (requested or inflight): readers ignore them. A rollback names the instants it undid. Archived instants (older than the active timeline) come from the archived timeline and carry no requested/inflight times.',
  };
}
