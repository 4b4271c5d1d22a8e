/**
 * Containment: a table's metadata cannot reach outside the table. A table is opened at a root (a prefix
 * of a warehouse storage) and every byte a format reads, writes or deletes goes through the Storage this
 * module builds for that root. Metadata written by someone else may name paths that leave the root
 * (`../other-table/…`, a location in another bucket, an absolute URL of another origin); such a path is
 *
 * - never written or deleted — expire, orphan removal, VACUUM, Paimon expire and compaction can only
 *   touch objects under the root, whatever the metadata says;
 * - read only with the user's consent (an {@link OutsideRootConsent} given when opening, which the UI can
 *   answer), and then only inside the same warehouse storage (the credentials the user gave for it);
 *   a path in another bucket or origin is never fetched at all.
 *
 * Formats map the paths written in metadata to keys relative to the root (re-rooting foreign prefixes
 * such as `s3a://` vs `s3://` by their common suffix, which lands inside the root); a key that climbs out
 * of the root keeps its leading `..` segments so this storage, not the format, decides. Paths that no
 * mapping brings under the root are refused by the format with {@link outsideRootError}.
 */
import type { LakeError } from '../errors.ts';
import { messageError } from '../message-error.ts';
import { errorRef } from '../messages/message-parts.ts';
import { checkKey, normalizePrefix } from './key.ts';
import type { ListOptions, ListPage, ObjectInfo, ReadOptions, Storage, WriteOptions } from './storage.ts';
import { subStorage } from './sub-storage.ts';

/** What a table asks to read outside its root. */
export interface OutsideRootRequest {
  /** The path as the table named it, relative to the root (`../other/data/x.parquet`) or absolute. */
  readonly path: string;
  /** The table root, as the storage describes it (`s3://bucket/warehouse/t`). */
  readonly root: string;
  /** The warehouse key that would be read when allowed. */
  readonly key: string;
}

/**
 * Asked before a read outside the table root; true allows that key (the answer is remembered per key for
 * the storage's life). Never asked for writes or deletes: those are always refused.
 */
export type OutsideRootConsent = (request: OutsideRootRequest) => boolean | Promise<boolean>;

export interface TableRootOptions {
  /** Consent for reads outside the root; absent = refuse them all (the default). */
  readonly consent?: OutsideRootConsent;
}

/**
 * The LakeError for a path outside the table root: Unsupported (the table is valid, reaching outside it
 * is what Lakescope will not do unasked), naming the path and the root, `context.outsideRoot` = true so a
 * UI can offer consent.
 */
export function outsideRootError(subsystem: string, path: string, root: string, action: 'read' | 'write' | 'delete' = 'read'): LakeError {
  const why = action === 'read' ? errorRef('error.tableRoot.why.consent', undefined) : errorRef('error.tableRoot.why.never', { op: action });
  return messageError('Unsupported', 'error.tableRoot.outside', { subsystem, path, root, why }, { file: path, root, outsideRoot: true, action });
}

/**
 * Resolves '.', '..' and empty segments of a relative key. Must hold: a key that stays under the root
 * comes back normal (`a/./b//c` → `a/b/c`, `a/../b` → `b`); a key that climbs above the root keeps as
 * many leading `..` as it climbs (`a/../../x` → `../x`) instead of being clamped onto another file.
 */
export function resolveRelativeKey(key: string): string {
  // Already normal (the common case: every data file a plan names): no empty, '.' or '..' segment.
  if (key !== '' && key[0] !== '/' && key[0] !== '.' && !key.endsWith('/') && !key.includes('//') && !key.includes('/.')) return key;
  const out: string[] = [];
  for (const seg of key.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(seg);
  }
  return out.join('/');
}

/** True when a relative key does not climb above the root through its `..` segments. */
export function isUnderRoot(key: string): boolean {
  const k = resolveRelativeKey(key);
  return k !== '..' && !k.startsWith('../');
}

/**
 * The key to use under the root, or undefined when `key` climbs out of it. Keys without a `..` segment
 * pass unchanged (the adapters validate them); a `..` that stays inside is resolved.
 */
function insideKey(key: string): string | undefined {
  if (!key.split('/').includes('..')) return key;
  if (!isUnderRoot(key)) return undefined;
  return resolveRelativeKey(key) || key;
}

/**
 * The Storage of the table rooted at `root` of `warehouse`: keys are relative to the root; a key with
 * `..` segments is resolved, and when it leaves the root it is refused for writes and deletes, and read
 * from the warehouse only with consent (see the module comment). Listings never leave the root.
 */
export function tableRootStorage(warehouse: Storage, root: string, options: TableRootOptions = {}): Storage {
  return new TableRootStorage(warehouse, normalizePrefix(root, `${warehouse.description}: table root`), options);
}

class TableRootStorage implements Storage {
  readonly description: string;
  private readonly inside: Storage;
  private readonly allowed = new Map<string, Promise<boolean>>();

  constructor(private readonly warehouse: Storage, private readonly prefix: string, private readonly options: TableRootOptions) {
    this.inside = subStorage(warehouse, prefix);
    this.description = this.inside.description;
  }

  get writable(): boolean {
    return this.inside.writable;
  }

  list(options?: ListOptions): Promise<ListPage> {
    return this.inside.list(options);
  }

  async head(key: string, options?: { signal?: AbortSignal }): Promise<ObjectInfo> {
    const k = insideKey(key);
    if (k !== undefined) return { ...(await this.inside.head(k, options)), key };
    const info = await this.warehouse.head(await this.outsideKey(key, 'head'), options);
    return { ...info, key };
  }

  async read(key: string, options?: ReadOptions): Promise<Uint8Array> {
    const k = insideKey(key);
    if (k !== undefined) return this.inside.read(k, options);
    return this.warehouse.read(await this.outsideKey(key, 'read'), options);
  }

  async write(key: string, data: Uint8Array, options?: WriteOptions): Promise<ObjectInfo> {
    const k = insideKey(key);
    if (k === undefined) throw outsideRootError(`${this.description}: write`, key, this.description, 'write');
    const info = await this.inside.write(k, data, options);
    return { ...info, key };
  }

  async delete(key: string, options?: { signal?: AbortSignal }): Promise<void> {
    const k = insideKey(key);
    if (k === undefined) throw outsideRootError(`${this.description}: delete`, key, this.description, 'delete');
    return this.inside.delete(k, options);
  }

  /** The warehouse key of a read outside the root, once consent is given; else the refusal. */
  private async outsideKey(key: string, what: 'head' | 'read'): Promise<string> {
    const refuse = () => outsideRootError(`${this.description}: ${what}`, key, this.description);
    if (key.startsWith('/') || key.includes('\0')) throw refuse();
    const wkey = resolveRelativeKey(this.prefix + key);
    // Above the warehouse itself: another bucket or folder the user never opened — never, with or without consent.
    if (!isUnderRoot(wkey) || wkey === '' || !this.options.consent) throw refuse();
    checkKey(wkey, `${this.description}: ${what}`);
    let answer = this.allowed.get(wkey);
    if (!answer) {
      answer = Promise.resolve(this.options.consent({ path: key, root: this.description, key: wkey })).then((ok) => ok === true);
      this.allowed.set(wkey, answer);
    }
    if (!(await answer)) throw refuse();
    return wkey;
  }
}
