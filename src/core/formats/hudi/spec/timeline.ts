/**
 * The active timeline: every instant file under the timeline folder, grouped into instants (see
 * instant.ts). The archived timeline (io/archived-timeline.ts) joins it on demand ({@link Timeline.withArchived});
 * until then an instant older than the active timeline's first counts as completed, as Hudi's
 * `containsOrBeforeTimelineStarts` does (the archiver only moves completed instants).
 */
import { LakeError } from '../../../errors.ts';
import { listAll, type Storage } from '../../../io/storage.ts';
import { ACTIONS, parseInstantFileName, type HudiAction, type Instant, type InstantFile } from './instant.ts';
import type { HudiTableConfig } from './properties.ts';
import { messageError } from '../../../message-error.ts';

export class Timeline {
  /** Instants ordered by requested time. */
  readonly instants: readonly Instant[];
  private readonly byTime: Map<string, Instant>;

  /** Requested time of the first active (not archived) instant; undefined for an empty timeline. */
  readonly activeStart?: string;

  constructor(instants: readonly Instant[], activeStart?: string) {
    this.instants = [...instants].sort((a, b) => (a.requestedTime < b.requestedTime ? -1 : a.requestedTime > b.requestedTime ? 1 : 0));
    this.byTime = new Map(this.instants.map((i) => [i.requestedTime, i]));
    this.activeStart = activeStart ?? this.instants[0]?.requestedTime;
  }

  /**
   * This timeline with the archived instants older than its first active instant added (marked
   * `archived`). Must hold: an archived entry never replaces an active instant of the same time.
   */
  withArchived(archived: readonly Instant[]): Timeline {
    const older = archived.filter((i) => !this.byTime.has(i.requestedTime) && (this.activeStart === undefined || i.requestedTime < this.activeStart));
    return new Timeline([...older, ...this.instants.filter((i) => !i.archived)], this.activeStart);
  }

  /** True for a time before the first active instant that no loaded instant covers: archived, so completed. */
  private beforeStart(time: string): boolean {
    return this.activeStart !== undefined && time < this.activeStart && !this.byTime.has(time);
  }

  get(requestedTime: string): Instant | undefined {
    return this.byTime.get(requestedTime);
  }

  /** Completed instants, by requested time. */
  completed(): Instant[] {
    return this.instants.filter((i) => i.state === 'COMPLETED');
  }

  /** True when `time` is a completed instant at or before `asOf` (requested times compared). */
  isCompletedAsOf(time: string, asOf: string): boolean {
    const i = this.byTime.get(time);
    if (i === undefined) return this.beforeStart(time) && time <= asOf;
    return i.state === 'COMPLETED' && time <= asOf;
  }

  /** Completion time of an instant (layout 2), or its requested time (layout 1 records none). */
  completionTimeOf(time: string): string | undefined {
    const i = this.byTime.get(time);
    if (!i) return this.beforeStart(time) ? time : undefined;
    if (i.state !== 'COMPLETED') return undefined;
    return i.completionTime ?? i.requestedTime;
  }
}

/**
 * Lists the timeline folder and groups its files. Must hold: an instant file whose action is unknown →
 * DataInvalid naming the file; files that are not instants (hoodie.properties, folders) are ignored.
 */
export async function loadTimeline(storage: Storage, config: HudiTableConfig, signal?: AbortSignal): Promise<Timeline> {
  const folder = `${config.timelineFolder}/`;
  const files: InstantFile[] = [];
  try {
    for await (const o of listAll(storage, { prefix: folder, delimiter: '/', signal })) {
      files.push(...instantFileOf(o, folder));
    }
  } catch (e) {
    if (e instanceof LakeError && e.code === 'Unsupported') {
      throw messageError('Unsupported', 'error.hudi.timelineUnlisted', { storage: storage.description, folder }, { file: folder });
    }
    throw e;
  }
  return new Timeline(groupInstants(files));
}

/** The instant file a listed object is (none for other files); an unknown action → DataInvalid naming it. */
function instantFileOf(o: { key: string; size: number; lastModified?: number }, folder: string): InstantFile[] {
  const parsed = parseInstantFileName(o.key.slice(folder.length));
  if (!parsed) return [];
  if (!(ACTIONS as readonly string[]).includes(parsed.action)) {
    throw messageError('DataInvalid', 'error.hudi.unknownAction', { action: parsed.action, file: o.key }, { file: o.key });
  }
  return [{ ...parsed, action: parsed.action as HudiAction, key: o.key, size: o.size, lastModified: o.lastModified }];
}

/** Groups instant files by requested time into instants. */
function groupInstants(files: readonly InstantFile[]): Instant[] {
  const groups = new Map<string, InstantFile[]>();
  for (const f of files) {
    const g = groups.get(f.requestedTime);
    if (g) g.push(f); else groups.set(f.requestedTime, [f]);
  }
  const out: Instant[] = [];
  for (const [time, fs] of groups) {
    const completed = fs.find((f) => f.state === 'COMPLETED');
    const requested = fs.find((f) => f.state === 'REQUESTED');
    const inflight = fs.find((f) => f.state === 'INFLIGHT');
    // The requested action: a pending file that is not the generic commit inflight (`<t>.inflight`) names it best.
    const pending = requested ?? inflight;
    const requestedAction = pending?.action ?? completed!.action;
    const action = completed?.action ?? requestedAction;
    out.push({
      requestedTime: time,
      action,
      requestedAction,
      state: completed ? 'COMPLETED' : inflight ? 'INFLIGHT' : 'REQUESTED',
      ...(completed?.completionTime ? { completionTime: completed.completionTime } : {}),
      ...(requested ? { requested } : {}),
      ...(inflight ? { inflight } : {}),
      ...(completed ? { completed } : {}),
    });
  }
  return out;
}
