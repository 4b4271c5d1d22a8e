/**
 * The active timeline: every instant file under the timeline folder, grouped into instants (see
 * instant.ts). The archived timeline (layout 1 `archived/` files, the LSM history of layout 2) is not
 * read here: versions older than the active timeline are not offered.
 */
import { LakeError } from '../../../errors.ts';
import { listAll, type Storage } from '../../../io/storage.ts';
import { ACTIONS, parseInstantFileName, type HudiAction, type Instant, type InstantFile } from './instant.ts';
import type { HudiTableConfig } from './properties.ts';

export class Timeline {
  /** Instants ordered by requested time. */
  readonly instants: readonly Instant[];
  private readonly byTime: Map<string, Instant>;

  constructor(instants: readonly Instant[]) {
    this.instants = [...instants].sort((a, b) => (a.requestedTime < b.requestedTime ? -1 : a.requestedTime > b.requestedTime ? 1 : 0));
    this.byTime = new Map(this.instants.map((i) => [i.requestedTime, i]));
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
    return i !== undefined && i.state === 'COMPLETED' && time <= asOf;
  }

  /** Completion time of an instant (layout 2), or its requested time (layout 1 records none). */
  completionTimeOf(time: string): string | undefined {
    const i = this.byTime.get(time);
    if (!i || i.state !== 'COMPLETED') return undefined;
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
      throw new LakeError('Unsupported', `hudi timeline: ${storage.description} cannot be listed, and a Hudi table's timeline is the listing of ${folder} (the metadata table is no way around it: it is found through the timeline too); open the table through storage that lists (S3, a local folder)`, { file: folder });
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
    throw new LakeError('DataInvalid', `hudi timeline: unknown action '${parsed.action}' in instant file ${o.key}`, { file: o.key });
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
