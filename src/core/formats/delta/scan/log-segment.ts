/**
 * Which files make up version V (PROTOCOL.md "Checkpoints": "readers should prefer to use the newest
 * complete checkpoint possible. For time travel, the checkpoint used must not be newer than the time
 * travel version"): the newest complete checkpoint ≤ V plus the commits after it up to V — never the
 * whole log when a checkpoint exists.
 *
 * Finding the files: for the current version, `_last_checkpoint` names a recent checkpoint and the log is
 * listed only from that version on; the hint is trusted only when the listing shows that checkpoint
 * complete (every part, or the V2 file it names), else the whole log is listed. Time travel lists the
 * whole log (once per table object). Log compaction files are ignored (see spec/log-files.ts).
 */
import { note, type Note } from '../../../messages/note.ts';
import { completeCheckpoints, type CheckpointFiles, type LogFile } from '../spec/log-files.ts';
import type { LogStore } from '../io/log-store.ts';
import { messageError } from '../../../message-error.ts';

export interface LogSegment {
  readonly version: bigint;
  readonly checkpoint?: CheckpointFiles;
  /** Commit files after the checkpoint, ascending, ending at `version`. */
  readonly commits: readonly Extract<LogFile, { kind: 'commit' }>[];
  /** How the files were found, for plan notes. */
  readonly notes: readonly Note[];
}

/** The listing used to find the current version, and notes on how it was obtained. */
export async function currentListing(log: LogStore, signal?: AbortSignal): Promise<{ files: LogFile[]; notes: Note[] }> {
  const hint = await log.lastCheckpoint(signal);
  if (hint) {
    const files = await log.list(hint.version, signal);
    const cp = completeCheckpoints(files).get(hint.version);
    const named = hint.v2Path === undefined || cp?.files.some((f) => f.key.endsWith(`/${hint.v2Path}`));
    if (cp && named && (hint.parts === undefined || cp.files.length === hint.parts)) {
      return { files, notes: [note('note.delta.lastCheckpoint', { version: String(hint.version) })] };
    }
    return { files: await log.list(undefined, signal), notes: [note('note.delta.lastCheckpointMissing', { version: String(hint.version) })] };
  }
  return { files: await log.list(undefined, signal), notes: [] };
}

/** The newest version the listing knows of (commit or checkpoint), or undefined for an empty log. */
export function latestVersion(files: readonly LogFile[]): bigint | undefined {
  let v: bigint | undefined;
  for (const f of files) if ((f.kind === 'commit' || f.kind === 'checkpoint') && (v === undefined || f.version > v)) v = f.version;
  return v;
}

/**
 * The segment of version `target` within a listing. Must hold: a gap in the commit versions after the
 * checkpoint, or no way to reach `target`, → DataInvalid / NotFound `delta log: …`.
 */
export function segmentFor(files: readonly LogFile[], target: bigint, notes: readonly Note[] = []): LogSegment {
  const checkpoints = [...completeCheckpoints(files).values()].filter((c) => c.version <= target).sort((a, b) => (a.version < b.version ? 1 : -1));
  const checkpoint = checkpoints[0];
  const from = checkpoint ? checkpoint.version + 1n : 0n;
  const byVersion = new Map<bigint, Extract<LogFile, { kind: 'commit' }>>();
  for (const f of files) if (f.kind === 'commit' && f.version >= from && f.version <= target) byVersion.set(f.version, f);
  const commits: Extract<LogFile, { kind: 'commit' }>[] = [];
  for (let v = from; v <= target; v++) {
    const c = byVersion.get(v);
    if (!c) {
      if (!checkpoint && v === 0n && byVersion.size === 0) {
        throw messageError('NotFound', 'error.delta.cannotReconstruct', { version: target.toString() }, { version: target.toString() });
      }
      throw checkpoint
        ? messageError('DataInvalid', 'error.delta.gapAfterCheckpoint', { commit: v.toString(), checkpoint: checkpoint.version.toString(), version: target.toString() }, { version: v.toString() })
        : messageError('DataInvalid', 'error.delta.gapAfterStart', { commit: v.toString(), version: target.toString() }, { version: v.toString() });
    }
    commits.push(c);
  }
  const how = checkpoint
    ? note('note.delta.segmentCheckpoint', { version: String(target), checkpoint: String(checkpoint.version), naming: checkpoint.naming, files: checkpoint.files.length, commits: commits.length })
    : note('note.delta.segmentCommits', { version: String(target), commits: commits.length });
  return { version: target, ...(checkpoint ? { checkpoint } : {}), commits, notes: [...notes, how] };
}
