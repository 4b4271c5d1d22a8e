/**
 * Reading `_delta_log/`: listings (from a version on, or all of it), `_last_checkpoint`, commit files
 * (newline-delimited JSON) and checkpoints (Parquet via hyparquet, or JSON; with V2 sidecars). Commits,
 * checkpoints and sidecars are immutable, so they are cached by key for the life of the table object;
 * listings and `_last_checkpoint` are what is current and are read again on `invalidate()`.
 * Every file is read whole, in one request.
 */
import { readParquetRows, bytesSource } from '../../../codecs/parquet/index.ts';
import { isLakeError, throwIfAborted } from '../../../errors.ts';
import type { ObjectInfo, Storage } from '../../../io/storage.ts';
import { utf8Decode } from '../../../util/bytes.ts';
import { parseJson } from '../../../util/json.ts';
import { parseActions, type Action, type Sidecar } from '../spec/actions.ts';
import { deltaError, invalid } from '../spec/errors.ts';
import { LAST_CHECKPOINT_KEY, LOG_DIR, SIDECAR_DIR, padVersion, parseLogFileName, type CheckpointFiles, type LogFile } from '../spec/log-files.ts';
import { errorRef } from '../../../messages/message-parts.ts';

/** `_last_checkpoint` as far as this reader uses it (PROTOCOL.md "Last Checkpoint File Schema"). */
export interface LastCheckpoint {
  readonly version: bigint;
  readonly parts?: number;
  /** The V2 checkpoint file it names, when the writer embedded it. */
  readonly v2Path?: string;
}

/** A checkpoint's actions: its own rows plus those of its sidecars. */
export interface CheckpointContent {
  readonly actions: Action[];
  readonly sidecars: readonly Sidecar[];
}

export class LogStore {
  private readonly commits = new Map<string, Promise<Action[]>>();
  private readonly checkpoints = new Map<string, Promise<CheckpointContent>>();
  private fullListing?: Promise<LogFile[]>;
  /** The last `_last_checkpoint` read: where probing starts on storages that cannot list. */
  private hint?: LastCheckpoint;
  /** Set once the storage refused to list (plain HTTP): the log is then found by probing. */
  probed = false;

  constructor(readonly storage: Storage) {}

  /** Forgets what is current (listings); immutable files stay cached. */
  invalidate(): void {
    this.fullListing = undefined;
  }

  /** `_last_checkpoint`, or undefined when absent or unreadable (it is only a hint). */
  async lastCheckpoint(signal?: AbortSignal): Promise<LastCheckpoint | undefined> {
    let bytes: Uint8Array;
    try {
      bytes = await this.storage.read(LAST_CHECKPOINT_KEY, { signal });
    } catch (e) {
      if (isLakeError(e, 'NotFound')) return undefined;
      throw e;
    }
    try {
      const j = parseJson(utf8Decode(bytes)) as Record<string, unknown>;
      const v = j.version;
      if (typeof v !== 'number' && typeof v !== 'bigint') return undefined;
      const v2 = j.v2Checkpoint as Record<string, unknown> | undefined;
      return this.hint = {
        version: BigInt(v),
        ...(typeof j.parts === 'number' ? { parts: j.parts } : {}),
        ...(typeof v2?.path === 'string' ? { v2Path: v2.path } : {}),
      };
    } catch {
      return undefined;
    }
  }

  /**
   * The log files from version `from` on (all of them when undefined), ascending by key. Must hold:
   * only names this reader knows are returned; `_sidecars/` and other folders are not descended into.
   */
  async list(from: bigint | undefined, signal?: AbortSignal): Promise<LogFile[]> {
    if (from === undefined || from <= 0n) return (this.fullListing ??= this.listFromKey(undefined, signal).catch((e) => {
      this.fullListing = undefined;
      throw e;
    }));
    // Every file of version `from` sorts after the bare padded number.
    return this.listFromKey(`${LOG_DIR}${padVersion(from)}`, signal);
  }

  private async listFromKey(startAfter: string | undefined, signal?: AbortSignal): Promise<LogFile[]> {
    try {
      return await this.listPages(startAfter, signal);
    } catch (e) {
      if (!isLakeError(e, 'Unsupported')) throw e;
      this.probed = true;
      return this.probe(startAfter === undefined ? 0n : BigInt(startAfter.slice(LOG_DIR.length)), signal);
    }
  }

  /**
   * Where the storage cannot list (plain HTTP without a key list): the checkpoint `_last_checkpoint`
   * names, then commit files probed with HEAD from `from` (or from the checkpoint when commit `from` is
   * gone) until the first missing one.
   */
  private async probe(from: bigint, signal?: AbortSignal): Promise<LogFile[]> {
    const out: LogFile[] = [];
    const exists = async (key: string): Promise<LogFile | undefined> => {
      try {
        const o = await this.storage.head(key, { signal });
        return parseLogFileName(key, info(o));
      } catch (e) {
        if (isLakeError(e, 'NotFound')) return undefined;
        throw e;
      }
    };
    const hint = this.hint;
    if (hint && hint.version >= from) {
      const v = padVersion(hint.version);
      const keys = hint.v2Path ? [`${LOG_DIR}${hint.v2Path}`]
        : hint.parts ? Array.from({ length: hint.parts }, (_, i) => `${LOG_DIR}${v}.checkpoint.${String(i + 1).padStart(10, '0')}.${String(hint.parts).padStart(10, '0')}.parquet`)
          : [`${LOG_DIR}${v}.checkpoint.parquet`];
      for (const k of keys) {
        const f = await exists(k);
        if (f) out.push(f);
      }
    }
    let v = from;
    let f = await exists(`${LOG_DIR}${padVersion(v)}.json`);
    if (!f && hint && hint.version > from) {
      v = hint.version;
      f = await exists(`${LOG_DIR}${padVersion(v)}.json`);
      if (!f) f = await exists(`${LOG_DIR}${padVersion(v += 1n)}.json`);
    }
    while (f) {
      out.push(f);
      f = await exists(`${LOG_DIR}${padVersion(v += 1n)}.json`);
    }
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  private async listPages(startAfter: string | undefined, signal?: AbortSignal): Promise<LogFile[]> {
    const out: LogFile[] = [];
    let token: string | undefined;
    do {
      throwIfAborted(signal, 'delta log');
      const page = await this.storage.list({ prefix: LOG_DIR, delimiter: '/', startAfter, continuationToken: token, signal });
      for (const o of page.objects) {
        const f = parseLogFileName(o.key, info(o));
        if (f) out.push(f);
      }
      token = page.continuationToken;
    } while (token);
    return out;
  }

  /** The actions of a commit file (cached). Corrupt JSON → DataInvalid naming the file and line. */
  commit(file: LogFile, signal?: AbortSignal): Promise<Action[]> {
    let p = this.commits.get(file.key);
    if (!p) {
      p = this.readNdjson(file.key, signal);
      this.commits.set(file.key, p);
      p.catch(() => this.commits.delete(file.key));
    }
    return p;
  }

  /**
   * Must hold: a commit or JSON checkpoint without a single action is DataInvalid naming it — every
   * commit holds the atomic set of actions it made (PROTOCOL.md "Delta Log Entries"), and reading an
   * emptied one as "nothing happened" would silently drop its adds and removes.
   */
  private async readNdjson(key: string, signal?: AbortSignal): Promise<Action[]> {
    const bytes = await this.storage.read(key, { signal });
    const actions = parseNdjsonActions(utf8Decode(bytes), key);
    if (actions.length === 0) throw invalid('delta log', errorRef('error.delta.noAction', { file: key, bytes: bytes.length }), key);
    return actions;
  }

  /** Every action of a checkpoint (all parts, and the sidecars a V2 checkpoint names), cached. */
  checkpoint(cp: CheckpointFiles, signal?: AbortSignal): Promise<CheckpointContent> {
    const cacheKey = cp.files.map((f) => f.key).join('|');
    let p = this.checkpoints.get(cacheKey);
    if (!p) {
      p = this.readCheckpoint(cp, signal);
      this.checkpoints.set(cacheKey, p);
      p.catch(() => this.checkpoints.delete(cacheKey));
    }
    return p;
  }

  private async readCheckpoint(cp: CheckpointFiles, signal?: AbortSignal): Promise<CheckpointContent> {
    const actions: Action[] = [];
    for (const f of cp.files) {
      actions.push(...(f.fileFormat === 'json' ? await this.readNdjson(f.key, signal) : await this.readParquetActions(f.key, signal)));
    }
    const sidecars = actions.flatMap((a) => (a.type === 'sidecar' ? [a.sidecar] : []));
    for (const s of sidecars) {
      const key = sidecarKey(s.path);
      for (const a of await this.readParquetActions(key, signal, s.sizeInBytes > 0n ? Number(s.sizeInBytes) : undefined)) {
        if (a.type !== 'add' && a.type !== 'remove') throw invalid('delta checkpoint', errorRef('error.delta.sidecarAction', { type: a.type }), key);
        actions.push(a);
      }
    }
    return { actions, sidecars };
  }

  /**
   * A Parquet checkpoint or sidecar: one action per row. Must hold: a sidecar whose size differs from the
   * `sizeInBytes` its checkpoint recorded (`expectedSize`) is DataInvalid naming it (cut, or another file).
   */
  async readParquetActions(key: string, signal?: AbortSignal, expectedSize?: number): Promise<Action[]> {
    const bytes = await this.storage.read(key, { signal });
    if (expectedSize !== undefined && bytes.length !== expectedSize) {
      throw invalid('delta checkpoint', errorRef('error.delta.checkpointSize', { file: key, bytes: bytes.length, recorded: String(expectedSize) }), key);
    }
    try {
      const rows = await readParquetRows(bytesSource(bytes, key), { signal });
      const out: Action[] = [];
      rows.forEach((row, i) => out.push(...parseActions(row, { file: key, index: i })));
      return out;
    } catch (e) {
      throw deltaError(e, 'delta checkpoint', key);
    }
  }
}

/** Key of a sidecar named in a V2 checkpoint (a bare file name, or a path ending in `_sidecars/<name>`). */
export function sidecarKey(path: string): string {
  const name = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  return `${SIDECAR_DIR}${name}`;
}

function info(o: ObjectInfo): { size: number; lastModified?: number } {
  return o.lastModified === undefined ? { size: o.size } : { size: o.size, lastModified: o.lastModified };
}

/** Parses newline-delimited JSON actions. Must hold: a bad line → DataInvalid naming file and line. */
function parseNdjsonActions(text: string, file: string): Action[] {
  const out: Action[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    let record: unknown;
    try {
      record = parseJson(line);
    } catch {
      throw invalid('delta log', errorRef('error.delta.lineJson', { line: i + 1 }), file);
    }
    out.push(...parseActions(record, { file, index: i }));
  }
  return out;
}
