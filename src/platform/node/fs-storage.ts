/**
 * Storage over a local folder (node:fs), for the CLI and tests.
 *
 * Atomicity and concurrency — what holds between processes on one local POSIX file system:
 * - Every write goes to a temporary file in the target's folder first; readers never see a torn object.
 * - `ifNoneMatch: '*'` publishes the temporary file with link(2), which fails with EEXIST when the key
 *   exists — the same exclusive-create guarantee as open(O_CREAT|O_EXCL) ('wx'), but the object appears
 *   complete in one step ('wx' would expose a half-written file and leave a torn one after a crash).
 *   Where link is not supported, the lock below plus an existence check is used instead.
 * - `ifMatch`, unconditional writes and deletes hold a per-key lock file (created with 'wx') around
 *   "check ETag, rename(2) over the target", so a compare-and-swap is linearizable with every other
 *   Lakescope writer. A lock older than `staleLockMs` (or whose process is gone) is taken to be left by a
 *   crash and broken. Writers that ignore the lock (other programs) only get rename's atomicity.
 * - The ETag is `<inode>-<mtime ns>-<size>` in hex: every write creates a new inode (temp file + rename),
 *   so it changes on every write without hashing the content.
 * On network file systems (NFS, SMB) link/O_EXCL semantics vary; these guarantees may not hold there.
 */
import { randomBytes } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import { link, mkdir, open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { LakeError, throwIfAborted } from '../../core/errors.ts';
import { checkRange, isEmptyRange, resolveRange } from '../../core/io/byte-range.ts';
import { checkKey } from '../../core/io/key.ts';
import { PageBuilder, compareKeys } from '../../core/io/list-page.ts';
import { fsError } from './fs-errors.ts';
import { INTERNAL, Walk } from './fs-walk.ts';
import { normalizeEtag, type ListOptions, type ListPage, type ObjectInfo, type ReadOptions, type Storage, type WriteOptions } from '../../core/io/storage.ts';
import { pool } from '../../core/util/async.ts';

export interface FsStorageOptions {
  /** Refuse writes and deletes (e.g. over shared fixtures). */
  readonly readOnly?: boolean;
  /** Give up waiting for a busy key lock after this long (default 10 s) with Io. */
  readonly lockTimeoutMs?: number;
  /** A lock file older than this is considered abandoned by a crashed writer (default 30 s). */
  readonly staleLockMs?: number;
}

/** Storage rooted at a folder. Keys are '/'-separated paths below it. */
export class FsStorage implements Storage {
  readonly description: string;
  readonly writable: boolean;

  constructor(readonly root: string, private readonly options: FsStorageOptions = {}) {
    this.description = `folder "${root}"`;
    this.writable = !options.readOnly;
  }

  async list(options: ListOptions = {}): Promise<ListPage> {
    throwIfAborted(options.signal, 'fs: list');
    const page = new PageBuilder(options, 'fs: list');
    const prefix = page.prefix;
    const bound = [options.startAfter, options.continuationToken].filter((k): k is string => !!k)
      .reduce<string | undefined>((a, b) => (a === undefined || compareKeys(b, a) > 0 ? b : a), undefined);
    const walk = new Walk(this.root, this.description, prefix, bound, options.delimiter === '/', options.signal);
    for await (const key of walk.dir(prefix.slice(0, prefix.lastIndexOf('/') + 1))) {
      if (!page.offer(key, () => ({ key, size: -1 }))) break;
    }
    const built = page.finish();
    const objects = await pool(built.objects, 16, async (o) => this.head(o.key, { signal: options.signal }), options.signal);
    return { ...built, objects };
  }

  async head(key: string, options: { signal?: AbortSignal } = {}): Promise<ObjectInfo> {
    throwIfAborted(options.signal, 'fs: head');
    const path = this.pathOf(key, 'head');
    const st = await stat(path, { bigint: true }).catch((e) => { throw fsError(e, 'head', key, this); });
    if (!st.isFile()) throw new LakeError('NotFound', `fs: head '${key}' in ${this.description}: not a file`, { key });
    return infoOf(key, st);
  }

  async read(key: string, options: ReadOptions = {}): Promise<Uint8Array> {
    const { range, signal } = options;
    throwIfAborted(signal, 'fs: read');
    checkRange(range, 'fs: read');
    const path = this.pathOf(key, 'read');
    if (!range) {
      const buf = await readFile(path, { signal }).catch((e) => { throw fsError(e, 'read', key, this); });
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    }
    // Ranges read through a file handle: only the requested bytes are read, never the whole file.
    const fh = await open(path, 'r').catch((e) => { throw fsError(e, 'read', key, this); });
    try {
      const st = await fh.stat();
      if (!st.isFile()) throw new LakeError('NotFound', `fs: read '${key}' in ${this.description}: not a file`, { key });
      if (isEmptyRange(range)) return new Uint8Array(0);
      const { start, end } = resolveRange(st.size, range);
      const out = new Uint8Array(end - start);
      let filled = 0;
      while (filled < out.length) {
        throwIfAborted(signal, 'fs: read');
        const { bytesRead } = await fh.read(out, filled, out.length - filled, start + filled);
        if (bytesRead === 0) break; // truncated since the stat: return what exists
        filled += bytesRead;
      }
      return filled === out.length ? out : out.slice(0, filled);
    } catch (e) {
      throw fsError(e, 'read', key, this);
    } finally {
      await fh.close();
    }
  }

  async write(key: string, data: Uint8Array, options: WriteOptions = {}): Promise<ObjectInfo> {
    this.checkWritable('write', key);
    throwIfAborted(options.signal, 'fs: write');
    const path = this.pathOf(key, 'write');
    const dir = dirname(path);
    const tmp = join(dir, `.${basename(key)}.lakescope-tmp-${randomBytes(6).toString('hex')}`);
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(tmp, data, { flag: 'wx', signal: options.signal });
      const info = infoOf(key, await stat(tmp, { bigint: true })); // link/rename keep inode, mtime, size
      throwIfAborted(options.signal, 'fs: write');
      if (options.ifNoneMatch === '*') await this.createExclusive(tmp, path, key);
      else await this.withLock(path, key, async () => {
        if (options.ifMatch !== undefined) await this.checkEtag(path, key, normalizeEtag(options.ifMatch));
        await rename(tmp, path);
      });
      return info;
    } catch (e) {
      throw fsError(e, 'write', key, this);
    } finally {
      await unlink(tmp).catch(() => undefined);
    }
  }

  async delete(key: string, options: { signal?: AbortSignal } = {}): Promise<void> {
    this.checkWritable('delete', key);
    throwIfAborted(options.signal, 'fs: delete');
    const path = this.pathOf(key, 'delete');
    try {
      await this.withLock(path, key, () => unlink(path).catch((e) => {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return; // the folder is gone: so is the key
      throw fsError(e, 'delete', key, this);
    }
  }

  /** Absolute path of a key; rejects keys the file system cannot hold faithfully. */
  pathOf(key: string, op: string): string {
    checkKey(key, `fs: ${op}`);
    const segments = key.split('/');
    if (segments.some((s) => s === '' || INTERNAL.test(s) || (process.platform === 'win32' && /[\\:*?"<>|]/.test(s)))) {
      throw new LakeError('Unsupported', `fs: ${op}: key ${JSON.stringify(key)} cannot be stored in a folder`, { key });
    }
    return join(this.root, ...segments);
  }

  private checkWritable(op: string, key: string): void {
    if (!this.writable) throw new LakeError('Unsupported', `fs: ${op} '${key}': ${this.description} is read-only`, { key });
  }

  /** Publishes `tmp` at `path` only if nothing is there (see the file comment for why link). */
  private async createExclusive(tmp: string, path: string, key: string): Promise<void> {
    try {
      await link(tmp, path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw conflict(key, "the key already exists (ifNoneMatch '*')");
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw e;
      await this.withLock(path, key, async () => {
        if (await stat(path).then(() => true, () => false)) throw conflict(key, "the key already exists (ifNoneMatch '*')");
        await rename(tmp, path);
      });
    }
  }

  private async checkEtag(path: string, key: string, expected: string | undefined): Promise<void> {
    const st = await stat(path, { bigint: true }).catch((e) => {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw conflict(key, 'the key does not exist (ifMatch)');
      throw e;
    });
    if (etagOf(st) !== expected) throw conflict(key, 'its ETag changed (ifMatch)');
  }

  /** Runs `fn` holding the key's lock file (see the file comment). */
  private async withLock<T>(path: string, key: string, fn: () => Promise<T>): Promise<T> {
    const lock = join(dirname(path), `.${basename(key)}.lakescope-lock`);
    const deadline = Date.now() + (this.options.lockTimeoutMs ?? 10_000);
    for (let attempt = 0; ; attempt++) {
      try {
        await writeFile(lock, `${process.pid} ${Date.now()}`, { flag: 'wx' });
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        if (await this.breakIfStale(lock)) continue;
        if (Date.now() > deadline) {
          throw new LakeError('Io', `fs: '${key}' in ${this.description}: timed out waiting for the lock ${lock}`, { key, lock });
        }
        await new Promise((r) => setTimeout(r, Math.min(2 * 2 ** Math.min(attempt, 5), 50) * (0.5 + Math.random())));
      }
    }
    try {
      return await fn();
    } finally {
      await unlink(lock).catch(() => undefined);
    }
  }

  /** Removes a lock left by a crashed writer: its process is gone, or it is older than staleLockMs. */
  private async breakIfStale(lock: string): Promise<boolean> {
    try {
      const [pidText, timeText] = (await readFile(lock, 'utf8')).split(' ');
      const age = Date.now() - Number(timeText);
      if (age > (this.options.staleLockMs ?? 30_000) || (age > 1000 && !processAlive(Number(pidText)))) {
        await unlink(lock);
        return true;
      }
      return false;
    } catch {
      return true; // vanished (released) or unreadable mid-write: try again
    }
  }
}

function basename(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

function etagOf(st: BigIntStats): string {
  return `${st.ino.toString(16)}-${st.mtimeNs.toString(16)}-${st.size.toString(16)}`;
}

function infoOf(key: string, st: BigIntStats): ObjectInfo {
  return { key, size: Number(st.size), etag: etagOf(st), lastModified: Number(st.mtimeMs) };
}

function conflict(key: string, why: string): LakeError {
  return new LakeError('Conflict', `fs: write '${key}': precondition failed: ${why}`, { key });
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
