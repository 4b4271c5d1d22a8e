/**
 * Instants of the timeline (Hudi tech spec "Timeline"; RFC-66 for layout 2). An instant is an action
 * at a requested time that moves through REQUESTED → INFLIGHT → COMPLETED, each state one file:
 * - layout 1 (`.hoodie/`): `<t>.<action>.requested`, `<t>.<action>.inflight` (`<t>.inflight` for
 *   commit), `<t>.<action>` when completed;
 * - layout 2 (`.hoodie/timeline/`): the same pending files, and `<t>_<completion t>.<action>`.
 * Compaction completes as `commit`, log compaction as `deltacommit`, clustering as `replacecommit`.
 */

import type { CommitMetadata } from './commit-metadata.ts';

export type InstantState = 'REQUESTED' | 'INFLIGHT' | 'COMPLETED';

/** Every action this reader knows; an instant file with another action is an error naming the file. */
export const ACTIONS = [
  'commit', 'deltacommit', 'replacecommit', 'compaction', 'logcompaction', 'clustering', 'clean', 'rollback',
  'restore', 'savepoint', 'indexing', 'schemacommit',
] as const;
export type HudiAction = (typeof ACTIONS)[number];

/** One instant file, parsed from its name. */
export interface InstantFile {
  readonly requestedTime: string;
  readonly completionTime?: string;
  readonly action: HudiAction;
  readonly state: InstantState;
  /** Storage key of the file. */
  readonly key: string;
  readonly size: number;
  readonly lastModified?: number;
}

const INSTANT_NAME = /^(\d{14,17}(?:\d{3})?)(?:_(\d{14,20}))?(?:\.([a-z]+))?(?:\.(requested|inflight))?$/;

/**
 * Parses an instant file name. Returns undefined for names that are not instants (hoodie.properties,
 * folders, temp files); throws DataInvalid-free: an unknown action is reported by the caller, as
 * `{ unknownAction }`.
 */
export function parseInstantFileName(name: string): { requestedTime: string; completionTime?: string; action: string; state: InstantState } | undefined {
  const m = INSTANT_NAME.exec(name);
  if (!m) return undefined;
  const [, requestedTime, completionTime, action, suffix] = m;
  // `<t>.inflight` is the inflight state of a commit (the regex reads `inflight` as the action).
  if (action === 'inflight' && suffix === undefined) return { requestedTime: requestedTime!, action: 'commit', state: 'INFLIGHT' };
  if (action === undefined) return undefined;
  const state: InstantState = suffix === 'requested' ? 'REQUESTED' : suffix === 'inflight' ? 'INFLIGHT' : 'COMPLETED';
  return { requestedTime: requestedTime!, ...(completionTime ? { completionTime } : {}), action, state };
}

/** One instant with the files of each state it reached. */
export interface Instant {
  readonly requestedTime: string;
  /** The action as completed (commit for a compaction) or, while pending, the pending action. */
  readonly action: HudiAction;
  /** The action the instant was requested as (compaction, clustering, logcompaction, or the same as `action`). */
  readonly requestedAction: HudiAction;
  readonly state: InstantState;
  /** Layout 2: from the completed file's name; layout 1: absent (Hudi 0.x records none). */
  readonly completionTime?: string;
  readonly requested?: InstantFile;
  readonly inflight?: InstantFile;
  readonly completed?: InstantFile;
  /**
   * Set on instants read from the archived timeline (io/archived-timeline.ts): the archive file holding
   * the entry and, for write actions, the commit metadata it carries (there is no instant file).
   */
  readonly archived?: { readonly file: string; readonly metadata?: CommitMetadata };
}

/** True for the actions that write data files: their completed instants are the table's versions. */
export function isWriteAction(action: HudiAction): boolean {
  return action === 'commit' || action === 'deltacommit' || action === 'replacecommit';
}

/**
 * Instant time → ms since epoch: `yyyyMMddHHmmss[SSS]` read as wall-clock time in a zone `offsetMinutes`
 * east of UTC (the writer's zone; Hudi writes local time unless `hoodie.table.timeline.timezone=UTC`).
 */
export function instantTimeToMs(time: string, offsetMinutes = 0): number {
  const d = (a: number, b: number) => Number(time.slice(a, b));
  const ms = time.length >= 17 ? d(14, 17) : 0;
  return Date.UTC(d(0, 4), d(4, 6) - 1, d(6, 8), d(8, 10), d(10, 12), d(12, 14), ms) - offsetMinutes * 60_000;
}
