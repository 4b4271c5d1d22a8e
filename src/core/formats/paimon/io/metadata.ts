/**
 * All metadata reads of one Paimon table go through here: snapshots, schemas, manifest lists,
 * manifests, index manifests and files, tags, branches, consumers. Immutable files (a manifest, an
 * index file, a schema) are cached by name for the life of the object; "what exists" (listings) and
 * snapshots are re-read after {@link PaimonMetadata.invalidate} (commits call it).
 *
 * `snapshot/LATEST` and `EARLIEST` are hints: the snapshot folder is listed to know which snapshots
 * exist. A LATEST hint naming a snapshot that is not there means the table lost a committed snapshot
 * (Paimon moves LATEST before it deletes, on rollback, and never expires the latest): that is reported
 * rather than silently reading an older state.
 *
 * Where the storage cannot list (plain HTTP without a key list), snapshots are found as Paimon's own
 * `SnapshotManager` finds them without a listing: from the EARLIEST and LATEST hints, probing
 * `snapshot-N` past LATEST (a hint may lag) and, without hints, from snapshot 1; schemas are probed
 * `schema-0`, `schema-1`, … (schema ids are consecutive, `SchemaManager`). Tags, branches and consumers
 * cannot be found then and are empty.
 *
 * A newest `snapshot-N` that does not parse (torn by a crashed writer on a store without atomic PUT, or
 * damaged since) and a `LATEST` hint that is not a number are not hidden: reads fall back to the newest
 * snapshot that parses and {@link PaimonMetadata.integrity} names the file in a warning; writes refuse
 * (commit/context.ts), since a commit numbered after a snapshot it could not read would drop it.
 */
import { unreadableNewestOf, unreadableNewestWarningRef, type UnreadableNewest } from '../../../commit/unreadable-newest.ts';
import { errorRef, errorText } from '../../../messages/message-parts.ts';
import { LakeError, isLakeError, throwIfAborted, type LakeErrorRef } from '../../../errors.ts';
import { listAll, type Storage } from '../../../io/storage.ts';
import { sizeMismatch } from '../../../util/byte-source.ts';
import { utf8Decode } from '../../../util/bytes.ts';
import { Lru } from '../../../util/lru.ts';
import { parseConsumer, type Consumer } from '../spec/consumer.ts';
import { paimonError } from '../spec/errors.ts';
import { parseIndexManifest, type IndexManifestEntry } from '../spec/index-manifest.ts';
import {
  BRANCH_DIR, BRANCH_PREFIX, CONSUMER_DIR, CONSUMER_PREFIX, SCHEMA_DIR, SCHEMA_PREFIX, SNAPSHOT_DIR, SNAPSHOT_PREFIX, TAG_DIR,
  TAG_PREFIX, branchRoot, consumerKey, indexFileKey, manifestKey, schemaKey, snapshotHintKey, snapshotKey, tagKey, versionedId,
} from '../spec/layout.ts';
import { parseManifest, type Manifest } from '../spec/manifest-entry.ts';
import { parseManifestList, type ManifestList } from '../spec/manifest-list.ts';
import { parseTableSchema, type TableSchema } from '../spec/schema.ts';
import { parseSnapshot, type Snapshot } from '../spec/snapshot.ts';
import { parseTag, type Tag } from '../spec/tag.ts';
import { messageError } from '../../../message-error.ts';

/** How far past the LATEST hint snapshots are probed without a listing (bounds the requests). */
const MAX_PROBES = 100;

/** What reading "what is current" had to work around (see the file comment). */
export interface SnapshotIntegrity {
  /** One sentence each, naming the file. */
  readonly warnings: readonly string[];
  /** The same warnings as catalog messages, in order (for the reader's language). */
  readonly warningMessages: readonly LakeErrorRef[];
  /** Set when writes must refuse: the unreadable newest snapshot file, or the garbage LATEST hint. */
  readonly unreadable?: UnreadableNewest;
}

export class PaimonMetadata {
  private readonly schemasById = new Map<number, Promise<TableSchema>>();
  private readonly snapshotsById = new Map<bigint, Promise<Snapshot>>();
  private readonly manifestLists = new Lru<string, Promise<{ list: ManifestList; size: number }>>(512);
  private readonly manifests = new Lru<string, Promise<{ manifest: Manifest; size: number }>>(2048);
  private readonly indexManifests = new Lru<string, Promise<IndexManifestEntry[]>>(256);
  private readonly indexFiles = new Lru<string, Promise<Uint8Array>>(256);
  private snapshotIdsPromise?: Promise<{ ids: bigint[]; integrity: SnapshotIntegrity }>;

  /** `storage` is rooted at the table root; `branch` selects a branch's snapshots/schemas/tags (main by default). */
  constructor(readonly storage: Storage, readonly branch?: string) {}

  /** Forgets listings and snapshots (after a commit, or to see other writers' commits). */
  invalidate(): void {
    this.snapshotIdsPromise = undefined;
    this.snapshotsById.clear();
  }

  /** The same table seen through another branch (shares nothing mutable). */
  forBranch(branch: string | undefined): PaimonMetadata {
    return new PaimonMetadata(this.storage, branch);
  }

  async readText(key: string, what: string, signal?: AbortSignal): Promise<string> {
    try {
      return utf8Decode(await this.storage.read(key, { signal }), true);
    } catch (e) {
      throw paimonError(e, what, key, 'Io');
    }
  }

  private async readBytes(key: string, what: string, signal?: AbortSignal): Promise<Uint8Array> {
    try {
      return await this.storage.read(key, { signal });
    } catch (e) {
      throw paimonError(e, what, key, 'Io');
    }
  }

  /** File names directly under a folder (keys relative to it). */
  async listNames(dir: string, signal?: AbortSignal): Promise<{ name: string; size: number; lastModified?: number }[]> {
    const out: { name: string; size: number; lastModified?: number }[] = [];
    try {
      for await (const o of listAll(this.storage, { prefix: dir, delimiter: '/', signal })) {
        out.push({ name: o.key.slice(dir.length), size: o.size, lastModified: o.lastModified });
      }
    } catch (e) {
      throw paimonError(e, 'paimon table: cannot list', dir, 'Io');
    }
    return out;
  }

  /** {@link listNames}, or undefined where the storage cannot list at all (plain HTTP). */
  private async listNamesIfListable(dir: string, signal?: AbortSignal): Promise<{ name: string; size: number; lastModified?: number }[] | undefined> {
    try {
      return await this.listNames(dir, signal);
    } catch (e) {
      if (isLakeError(e, 'Unsupported')) return undefined;
      throw e;
    }
  }

  /** True when `key` exists (HEAD); other failures than NotFound are thrown. */
  private async exists(key: string, signal?: AbortSignal): Promise<boolean> {
    try {
      await this.storage.head(key, { signal });
      return true;
    } catch (e) {
      if (isLakeError(e, 'NotFound')) return false;
      throw paimonError(e, 'paimon table: cannot probe', key, 'Io');
    }
  }

  /**
   * Without a listing: snapshot ids from EARLIEST (else 1) up to the last existing one at or after LATEST,
   * probing with HEAD requests (Paimon keeps the snapshots between EARLIEST and LATEST consecutive).
   */
  private async probeSnapshotIds(signal?: AbortSignal): Promise<bigint[]> {
    const [earliestHint, latestHint] = await Promise.all([this.readHint('EARLIEST', signal), this.readHint('LATEST', signal)]);
    let first = earliestHint ?? 1n;
    const last = latestHint ?? first - 1n;
    // An EARLIEST hint can lag an expiration: move up to the first snapshot that exists.
    while (first <= last && !(await this.exists(snapshotKey(first, this.branch), signal))) first++;
    if (latestHint !== undefined && first > latestHint) {
      throw messageError('DataInvalid', 'error.paimon.latestMissing', { id: String(latestHint), file: snapshotKey(latestHint, this.branch) },
        { file: snapshotKey(latestHint, this.branch), hint: snapshotHintKey('LATEST', this.branch) });
    }
    let end = last;
    for (let probes = 0; probes < MAX_PROBES && (await this.exists(snapshotKey(end + 1n, this.branch), signal)); probes++) end++;
    const ids: bigint[] = [];
    for (let id = first; id <= end; id++) ids.push(id);
    return ids;
  }

  /** Sub-folder names directly under a folder. */
  async listFolders(dir: string, signal?: AbortSignal): Promise<string[]> {
    const out: string[] = [];
    let token: string | undefined;
    do {
      throwIfAborted(signal, 'paimon table');
      const page = await this.storage.list({ prefix: dir, delimiter: '/', continuationToken: token, signal })
        .catch((e: unknown) => { throw paimonError(e, 'paimon table: cannot list', dir, 'Io'); });
      out.push(...page.prefixes.map((p) => p.slice(dir.length).replace(/\/$/, '')));
      token = page.continuationToken;
    } while (token);
    return out;
  }

  /**
   * Ids of every readable `snapshot-N` file of the branch, ascending (the listing is authoritative; hints
   * are checked against it). Newest files that do not parse are left out and reported by {@link integrity}.
   */
  async snapshotIds(signal?: AbortSignal): Promise<bigint[]> {
    return (await this.current(signal)).ids;
  }

  /** What reading the snapshot list had to work around: warnings, and why writes must refuse. */
  async integrity(signal?: AbortSignal): Promise<SnapshotIntegrity> {
    return (await this.current(signal)).integrity;
  }

  private current(signal?: AbortSignal): Promise<{ ids: bigint[]; integrity: SnapshotIntegrity }> {
    this.snapshotIdsPromise ??= this.loadSnapshotIds(signal).catch((e: unknown) => {
      this.snapshotIdsPromise = undefined;
      throw e;
    });
    return this.snapshotIdsPromise;
  }

  private async loadSnapshotIds(signal?: AbortSignal): Promise<{ ids: bigint[]; integrity: SnapshotIntegrity }> {
    const dir = branchRoot(this.branch) + SNAPSHOT_DIR;
    // LATEST is read before the listing: a writer creates snapshot-N before it writes LATEST = N, so the
    // snapshot a hint read first names is in the listing after it. Read after, a commit landing in between
    // names a snapshot the listing missed (seen with 8 concurrent writers on S3).
    const hintText = await this.readHintText('LATEST', signal);
    const names = await this.listNamesIfListable(dir, signal);
    // Without a listing the ids come from the hints and probes; torn newest files are handled alike below.
    const ids = names === undefined ? await this.probeSnapshotIds(signal)
      : names.map((n) => versionedId(n.name, SNAPSHOT_PREFIX)).filter((x): x is bigint => x !== undefined);
    ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const warnings: LakeErrorRef[] = [];
    let unreadable: UnreadableNewest | undefined;
    const hintKey = snapshotHintKey('LATEST', this.branch);
    const hint = names === undefined || names.some((n) => n.name === 'LATEST') ? hintText : undefined;
    const latestHint = hint !== undefined && /^\d+$/.test(hint.trim()) ? BigInt(hint.trim()) : undefined;
    const max = ids[ids.length - 1];
    if (latestHint !== undefined && (max === undefined || latestHint > max)) {
      throw messageError('DataInvalid', 'error.paimon.latestMissing', { id: String(latestHint), file: snapshotKey(latestHint, this.branch) },
        { file: snapshotKey(latestHint, this.branch), hint: hintKey });
    }
    // Newest first: a snapshot file that does not parse is skipped (reads) and refuses writes.
    const torn: UnreadableNewest[] = [];
    while (ids.length > 0) {
      const id = ids[ids.length - 1]!;
      try {
        await this.snapshot(id, signal);
        break;
      } catch (e) {
        if (!isLakeError(e, 'DataInvalid') || ids.length === 1) throw e;
        torn.push(unreadableNewestOf(snapshotKey(id, this.branch), e));
        ids.pop();
      }
    }
    for (const t of torn) warnings.push(unreadableNewestWarningRef(t, errorRef('error.term.snapshot', { id: String(ids[ids.length - 1]) })));
    unreadable = torn[0];
    if (hint !== undefined && latestHint === undefined) {
      const shown = JSON.stringify(hint.slice(0, 40));
      const reasonRef = errorRef('error.paimon.hintGarbageReason', { hint: shown });
      const garbage: UnreadableNewest = { file: hintKey, reason: errorText(reasonRef), reasonRef };
      warnings.push(errorRef('error.paimon.hintGarbage', { file: hintKey, hint: shown, dir }));
      unreadable ??= garbage;
    }
    return { ids, integrity: { warnings: warnings.map((w) => errorText(w)), warningMessages: warnings, ...(unreadable ? { unreadable } : {}) } };
  }

  /** The text of a LATEST/EARLIEST hint; undefined when absent or unreadable. */
  private async readHintText(hint: 'LATEST' | 'EARLIEST', signal?: AbortSignal): Promise<string | undefined> {
    try {
      return utf8Decode(await this.storage.read(snapshotHintKey(hint, this.branch), { signal }));
    } catch (e) {
      if ((e as LakeError).code === 'Aborted') throw e;
      return undefined;
    }
  }

  /** The LATEST or EARLIEST hint, undefined when absent or unreadable (hints are advisory). */
  async readHint(hint: 'LATEST' | 'EARLIEST', signal?: AbortSignal): Promise<bigint | undefined> {
    try {
      const text = utf8Decode(await this.storage.read(snapshotHintKey(hint, this.branch), { signal })).trim();
      return /^\d+$/.test(text) ? BigInt(text) : undefined;
    } catch (e) {
      if ((e as LakeError).code === 'Aborted') throw e;
      return undefined;
    }
  }

  /** The latest snapshot id, undefined for a table without snapshots. */
  async latestSnapshotId(signal?: AbortSignal): Promise<bigint | undefined> {
    const ids = await this.snapshotIds(signal);
    return ids[ids.length - 1];
  }

  /** Reads `snapshot-N`. Missing → NotFound `paimon snapshot: …`; corrupt → DataInvalid; both with `{file}`. */
  snapshot(id: bigint, signal?: AbortSignal): Promise<Snapshot> {
    let p = this.snapshotsById.get(id);
    if (!p) {
      const key = snapshotKey(id, this.branch);
      p = this.readText(key, 'paimon snapshot', signal).then((t) => {
        const s = parseSnapshot(t, key);
        // A snapshot file holding another snapshot (swapped, or copied by hand) would read another version.
        if (s.id !== id) throw messageError('DataInvalid', 'error.paimon.holdsOtherSnapshot', { file: key, actual: String(s.id), expected: String(id) }, { file: key });
        return s;
      });
      p.catch(() => this.snapshotsById.delete(id));
      this.snapshotsById.set(id, p);
    }
    return p;
  }

  /** Reads `schema-N` (cached: schema files never change). */
  schema(id: number, signal?: AbortSignal): Promise<TableSchema> {
    let p = this.schemasById.get(id);
    if (!p) {
      const key = schemaKey(id, this.branch);
      p = this.readText(key, 'paimon schema', signal).then((t) => {
        const s = parseTableSchema(t, key);
        if (s.id !== id) throw messageError('DataInvalid', 'error.paimon.holdsOtherSchema', { file: key, actual: String(s.id), expected: String(id) }, { file: key });
        return s;
      });
      p.catch(() => this.schemasById.delete(id));
      this.schemasById.set(id, p);
    }
    return p;
  }

  /** Ids of every `schema-N` file, ascending. */
  async schemaIds(signal?: AbortSignal): Promise<number[]> {
    const names = await this.listNamesIfListable(branchRoot(this.branch) + SCHEMA_DIR, signal);
    if (names === undefined) {
      const ids: number[] = [];
      while (ids.length < MAX_PROBES * 100 && (await this.exists(schemaKey(ids.length, this.branch), signal))) ids.push(ids.length);
      return ids;
    }
    return names.map((n) => versionedId(n.name, SCHEMA_PREFIX)).filter((x): x is bigint => x !== undefined).map(Number).sort((a, b) => a - b);
  }

  /** Reads a manifest list (cached); `fileSize` is the size the snapshot records (`baseManifestListSize`…, newer writers), checked as for manifests. */
  async manifestList(name: string, signal?: AbortSignal, fileSize?: bigint): Promise<ManifestList> {
    const key = manifestKey(name);
    const held = await this.manifestLists.getOrLoad(name, async () => {
      const bytes = await this.readBytes(key, 'paimon manifest-list', signal);
      return { list: parseManifestList(bytes, key), size: bytes.length };
    });
    checkRecordedSize(held.size, fileSize, 'paimon manifest-list', key);
    return held.list;
  }

  /**
   * Reads a manifest (cached). `fileSize` is the size its manifest list records (`_FILE_SIZE`): a file of
   * another size is DataInvalid naming it — truncated at an Avro block boundary it would still parse,
   * with entries missing.
   */
  async manifest(name: string, signal?: AbortSignal, fileSize?: bigint): Promise<Manifest> {
    const key = manifestKey(name);
    const held = await this.manifests.getOrLoad(name, async () => {
      const bytes = await this.readBytes(key, 'paimon manifest', signal);
      return { manifest: parseManifest(bytes, key), size: bytes.length };
    });
    checkRecordedSize(held.size, fileSize, 'paimon manifest', key);
    return held.manifest;
  }

  indexManifest(name: string, signal?: AbortSignal): Promise<IndexManifestEntry[]> {
    return this.indexManifests.getOrLoad(name, async () => parseIndexManifest(await this.readBytes(manifestKey(name), 'paimon index-manifest', signal), manifestKey(name)));
  }

  /** Reads an index file (cached); `fileSize` is the size its index manifest records, checked as for manifests. */
  async indexFile(name: string, signal?: AbortSignal, fileSize?: bigint | number): Promise<Uint8Array> {
    const bytes = await this.indexFiles.getOrLoad(name, () => this.readBytes(indexFileKey(name), 'paimon index', signal));
    checkRecordedSize(bytes.length, fileSize, 'paimon index', indexFileKey(name));
    return bytes;
  }

  /** Every tag of the branch, by name order. */
  async tags(signal?: AbortSignal): Promise<Tag[]> {
    const dir = branchRoot(this.branch) + TAG_DIR;
    const names = ((await this.listNamesIfListable(dir, signal)) ?? []).map((n) => n.name).filter((n) => n.startsWith(TAG_PREFIX));
    const out: Tag[] = [];
    for (const n of names.sort()) out.push(await this.tag(n.slice(TAG_PREFIX.length), signal));
    return out;
  }

  /** Reads one tag. Missing → NotFound `paimon tag: …`. */
  async tag(name: string, signal?: AbortSignal): Promise<Tag> {
    const key = tagKey(name, this.branch);
    return parseTag(name, await this.readText(key, 'paimon tag', signal), key);
  }

  /** Names of the branches (`branch/branch-NAME/`). */
  async branches(signal?: AbortSignal): Promise<string[]> {
    let folders: string[];
    try {
      folders = await this.listFolders(BRANCH_DIR, signal);
    } catch (e) {
      if (isLakeError(e, 'Unsupported')) return []; // plain HTTP: branches cannot be found
      throw e;
    }
    return folders.filter((f) => f.startsWith(BRANCH_PREFIX)).map((f) => f.slice(BRANCH_PREFIX.length)).sort();
  }

  /** Every consumer of the branch. */
  async consumers(signal?: AbortSignal): Promise<Consumer[]> {
    const dir = branchRoot(this.branch) + CONSUMER_DIR;
    const out: Consumer[] = [];
    for (const n of (await this.listNamesIfListable(dir, signal)) ?? []) {
      if (!n.name.startsWith(CONSUMER_PREFIX)) continue;
      const id = n.name.slice(CONSUMER_PREFIX.length);
      const key = consumerKey(id, this.branch);
      out.push(parseConsumer(id, await this.readText(key, 'paimon consumer', signal), key, n.lastModified));
    }
    return out;
  }
}

/** A file's actual size against the size the metadata records (nothing recorded: nothing to check). */
function checkRecordedSize(actual: number, recorded: bigint | number | undefined, what: string, key: string): void {
  if (recorded !== undefined && actual !== Number(recorded)) throw paimonError(sizeMismatch(key, Number(recorded), actual), what, key);
}
