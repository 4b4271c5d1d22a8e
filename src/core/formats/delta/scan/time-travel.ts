/**
 * Commit timestamps and time travel by timestamp. Which timestamp a version has depends on the table:
 * - with In-Commit Timestamps enabled (PROTOCOL.md "In-Commit Timestamps"): `commitInfo.inCommitTimestamp`
 *   from the enablement version on; earlier versions use the file time below;
 * - otherwise the commit file's modification time, made monotonic as Delta's reference implementation
 *   does (a version's time is at least its predecessor's + 1 ms), since clocks and copies can reorder them;
 * - option `timestamps: 'commitInfo'`: `commitInfo.timestamp` of each commit (copies of a table carry
 *   copy-time modification times, so this is what a copied table's history really says).
 * The version as of time T is the newest version whose timestamp is ≤ T.
 */
import { pool } from '../../../util/async.ts';
import type { LogStore } from '../io/log-store.ts';
import type { CommitInfo, Metadata, Protocol } from '../spec/actions.ts';
import type { LogFile } from '../spec/log-files.ts';
import { inCommitTimestampsEnabled } from '../spec/table-features.ts';
import { messageError } from '../../../message-error.ts';

export type TimestampSource = 'protocol' | 'commitInfo';

export interface CommitTime {
  readonly version: bigint;
  readonly timestampMs: number;
  /** Where the time came from. */
  readonly source: 'inCommitTimestamp' | 'fileModificationTime' | 'commitInfo.timestamp';
}

/** commitInfo of a commit file (undefined when it has none). */
async function commitInfoOf(log: LogStore, file: LogFile, signal?: AbortSignal): Promise<CommitInfo | undefined> {
  const actions = await log.commit(file, signal);
  for (const a of actions) if (a.type === 'commitInfo') return a.commitInfo;
  return undefined;
}

/**
 * The timestamp of every commit in `commits` (ascending). `latest`: protocol and metadata of the current
 * version (In-Commit Timestamps enablement lives there).
 */
export async function commitTimes(
  log: LogStore, commits: readonly Extract<LogFile, { kind: 'commit' }>[], source: TimestampSource,
  latest: { protocol: Protocol; metadata: Metadata }, signal?: AbortSignal,
): Promise<CommitTime[]> {
  const ict = inCommitTimestampsEnabled(latest.protocol, latest.metadata);
  const enablement = ict ? BigInt(latest.metadata.configuration['delta.inCommitTimestampEnablementVersion'] ?? '0') : undefined;
  const needInfo = (v: bigint) => source === 'commitInfo' || (enablement !== undefined && v >= enablement);
  const infos = await pool(commits, 8, (c, _i, sig) => (needInfo(c.version) ? commitInfoOf(log, c, sig) : Promise.resolve(undefined)), signal);
  const out: CommitTime[] = [];
  let prevFileTime: number | undefined;
  commits.forEach((c, i) => {
    const info = infos[i];
    if (source === 'commitInfo' && info?.timestamp !== undefined) {
      out.push({ version: c.version, timestampMs: info.timestamp, source: 'commitInfo.timestamp' });
      return;
    }
    if (enablement !== undefined && c.version >= enablement && info?.inCommitTimestamp !== undefined) {
      out.push({ version: c.version, timestampMs: info.inCommitTimestamp, source: 'inCommitTimestamp' });
      return;
    }
    let t = c.lastModified ?? info?.timestamp ?? 0;
    if (prevFileTime !== undefined && t <= prevFileTime) t = prevFileTime + 1;
    prevFileTime = t;
    out.push({ version: c.version, timestampMs: t, source: 'fileModificationTime' });
  });
  return out;
}

/**
 * The newest version whose time is ≤ `timestampMs`. Must hold: a time before the first version →
 * NotFound naming the earliest time.
 */
export function versionAt(times: readonly CommitTime[], timestampMs: number): CommitTime {
  let best: CommitTime | undefined;
  for (const t of times) if (t.timestampMs <= timestampMs && (best === undefined || t.version > best.version)) best = t;
  if (!best) {
    const first = times[0];
    const time = new Date(timestampMs).toISOString();
    if (!first) throw messageError('NotFound', 'error.delta.noVersionBefore', { time }, { timestampMs });
    // Times taken from file modification times are the copy's when the table was copied (commitInfo has the log's own).
    const key = first.source === 'fileModificationTime' ? 'error.delta.noVersionBeforeCopied' : 'error.delta.noVersionBeforeEarliest';
    throw messageError('NotFound', key, { time, version: String(first.version), at: new Date(first.timestampMs).toISOString() }, { timestampMs });
  }
  return best;
}
