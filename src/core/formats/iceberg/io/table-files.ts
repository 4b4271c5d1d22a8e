/**
 * Reading a table's files through its Storage, with the re-rooting of {@link Relocation} and a cache.
 * Manifest lists and manifests are immutable once written (spec "File System Operations": "Files are not
 * moved or altered once they are written"), so they are cached by path for the life of the table
 * object; only "what is current" (version hint, metadata listing) is ever re-read.
 */
import { readAvroFile, readAvroHeader } from '../../../codecs/avro/index.ts';
// The footer module, not the Parquet barrel: the barrel reaches the row readers (hyparquet's decoders, the
// compressors, Arrow), which opening a table and drawing its tree never need (issue 17: the worker's first chunk).
import type { ByteSource } from '../../../codecs/parquet/byte-source.ts';
import { FOOTER_TAIL_BYTES, readParquetFooter, type ParquetFooter } from '../../../codecs/parquet/footer.ts';
import { checkSize, readRangeChecked } from '../../../util/byte-source.ts';
import { Lru } from '../../../util/lru.ts';
import { isLakeError, throwIfAborted, toLakeError } from '../../../errors.ts';
import type { ByteRange, Storage } from '../../../io/storage.ts';
import { type ManifestEntry, manifestMetadata } from '../spec/manifest.ts';
import { readManifestEntries } from '../spec/manifest-reader.ts';
import { type ManifestFile, parseManifestList } from '../spec/manifest-list.ts';
import type { PartitionTupleField } from '../spec/partition-spec.ts';
import { decoding } from './decoding.ts';
import { Relocation } from './relocation.ts';
import { messageError } from '../../../message-error.ts';

/** Cached, relocated access to the files of one table. */
export class TableFiles {
  private readonly lists = new Map<string, Promise<{ files: ManifestFile[]; snapshotId?: string }>>();
  private readonly manifests = new Map<string, Promise<ManifestEntry[]>>();
  private readonly specIds = new Map<string, Promise<number | undefined>>();
  // Data files are immutable too, but large: keep only footers, and whole small files whose footer
  // read already fetched every byte (so reading them after planning costs no second request).
  private readonly footers = new Lru<string, Promise<ParquetFooter>>(1024);
  private readonly smallFiles = new Lru<string, Uint8Array>(64 * 1024 * 1024, (b) => b.byteLength);

  constructor(readonly storage: Storage, readonly relocation: Relocation) {}

  /** The storage key of a metadata path (throws NotFound when outside the table location). */
  keyOf(path: string): string {
    return this.relocation.toKey(path);
  }

  /** A whole file (or a range) by metadata path, not cached. A missing file is NotFound `<subsystem>: <path> is missing`. */
  async read(path: string, subsystem: string, signal?: AbortSignal, range?: ByteRange): Promise<Uint8Array> {
    const key = this.keyOf(path);
    try {
      return await this.storage.read(key, { signal, range });
    } catch (e) {
      if (isLakeError(e, 'NotFound')) {
        const found = await this.readAlternative(path, signal, range);
        if (found) return found;
        throw messageError('NotFound', 'error.iceberg.missingFile', { subsystem, path, key, storage: this.storage.description }, { file: path, key }, e);
      }
      throw toLakeError(e, `${subsystem}: cannot read ${path}`, { file: path, key }, 'Io');
    }
  }

  /**
   * A relative path written against another working folder, under a shorter suffix than the first guess
   * (Relocation.alternatives); the prefix that worked is learned for the table's other paths.
   */
  private async readAlternative(path: string, signal?: AbortSignal, range?: ByteRange): Promise<Uint8Array | undefined> {
    for (const key of this.relocation.alternatives(path)) {
      try {
        const bytes = await this.storage.read(key, { signal, range });
        this.relocation.learn(path, key);
        return bytes;
      } catch (e) {
        if (!isLakeError(e, 'NotFound')) throw e;
      }
    }
    return undefined;
  }

  /**
   * A whole file whose size the metadata records (`file_size_in_bytes`, `manifest_length`): a file of
   * another size is DataInvalid `<subsystem>: <path>: file size: …` — it was truncated, appended to or
   * swapped, and reading it could give silently wrong rows (an Avro file cut at a block boundary is
   * still valid).
   */
  async readSized(path: string, subsystem: string, size: number, signal?: AbortSignal): Promise<Uint8Array> {
    const bytes = await this.read(path, subsystem, signal);
    return decoding(subsystem, path, () => checkSize(bytes, size, path));
  }

  /**
   * The manifest list of a snapshot, parsed and cached by path. With `snapshotId`, the list's own
   * `snapshot-id` metadata (written by Java, PyIceberg and others; spec "Manifest Lists") must name
   * that snapshot: another snapshot's list in its place would read another version's files silently.
   */
  async readManifestList(path: string, signal?: AbortSignal, snapshotId?: bigint): Promise<ManifestFile[]> {
    const list = await cached(this.lists, path, async () => {
      const bytes = await this.read(path, 'iceberg manifest-list', signal);
      return decoding('iceberg manifest-list', path, () => {
        const avro = readAvroFile(bytes, { name: path });
        return { files: parseManifestList(avro, path), snapshotId: avro.metadata['snapshot-id'] };
      });
    }, signal);
    if (snapshotId !== undefined && list.snapshotId !== undefined && list.snapshotId.trim() !== String(snapshotId)) {
      throw messageError('DataInvalid', 'error.iceberg.listOfOtherSnapshot', { file: path, actual: list.snapshotId.trim(), expected: String(snapshotId) },
        { file: path, snapshotId: String(snapshotId) });
    }
    return list.files;
  }

  /**
   * The entries of a manifest, parsed with the partition tuple type of its spec and cached by path
   * (one table object always passes the same spec for the same manifest).
   */
  readManifest(manifest: ManifestFile, partitionFields: readonly PartitionTupleField[], signal?: AbortSignal): Promise<ManifestEntry[]> {
    return cached(this.manifests, manifest.path, async () => {
      // v1 snapshots that embed manifest paths record no length (0): nothing to check then.
      const bytes = manifest.length > 0n ? await this.readSized(manifest.path, 'iceberg manifest', Number(manifest.length), signal)
        : await this.read(manifest.path, 'iceberg manifest', signal);
      return decoding('iceberg manifest', manifest.path, () => readManifestEntries(bytes, manifest, partitionFields, manifest.path));
    }, signal);
  }

  /**
   * The footer of a Parquet data file (one ranged read of the tail; two for footers over 64 KiB), cached.
   * `size` comes from the manifest (`file_size_in_bytes`), which saves a HEAD request.
   */
  readFooter(path: string, size: number, signal?: AbortSignal): Promise<ParquetFooter> {
    return this.footers.getOrLoad(path, () => readParquetFooter(this.source(path, size), signal));
  }

  /** A whole data file: from the small-file cache when planning already fetched all of it, else one read. */
  async readDataFile(path: string, size: number | undefined, signal?: AbortSignal): Promise<Uint8Array> {
    const held = this.smallFiles.get(path);
    if (held) return held;
    return size === undefined ? this.read(path, 'iceberg data file', signal) : this.readSized(path, 'iceberg data file', size, signal);
  }

  /**
   * Ranged access to a data file by metadata path; a read of the whole file is remembered for later.
   * `size` is the recorded `file_size_in_bytes`; reads are checked against it (util/byte-source.ts).
   */
  source(path: string, size: number): ByteSource {
    return {
      size, name: path,
      read: async (offset, length, signal) => {
        const bytes = await readRangeChecked((o, l) => this.read(path, 'iceberg data file', signal, { offset: o, length: l }), offset, length, size, path);
        if (offset === 0 && length === size && size <= FOOTER_TAIL_BYTES) this.smallFiles.set(path, bytes);
        return bytes;
      },
    };
  }

  /** The `partition-spec-id` a manifest declares in its own metadata (v1 snapshots that embed manifest paths). */
  readManifestSpecId(path: string, signal?: AbortSignal): Promise<number | undefined> {
    return cached(this.specIds, path, async () => {
      const bytes = await this.read(path, 'iceberg manifest', signal);
      return decoding('iceberg manifest', path, () => manifestMetadata({ ...readAvroHeader(bytes, { name: path }), records: [] }).partitionSpecId);
    }, signal);
  }
}

/** Tables whose files one storage object keeps cached, most recently opened first. */
const TABLES_PER_STORAGE = 16;
const shared = new WeakMap<Storage, Lru<string, TableFiles>>();

/**
 * The cached files of the table at `location`, shared by every open of it through the same storage
 * object (issue 17: a second open fetches no manifest list, manifest or footer again — they are immutable,
 * spec "File System Operations"). A new storage object starts cold; so does a table once
 * TABLES_PER_STORAGE others were opened through its storage since.
 */
export function sharedTableFiles(storage: Storage, location: string): TableFiles {
  let tables = shared.get(storage);
  if (!tables) shared.set(storage, tables = new Lru<string, TableFiles>(TABLES_PER_STORAGE));
  return tables.getOrLoad(location.replace(/\/+$/, ''), () => new TableFiles(storage, new Relocation(location)));
}

/**
 * Shares one load per key. A failed load is forgotten so the next call retries; a waiter whose own
 * signal is still live retries once when the shared load was aborted by someone else's signal.
 */
async function cached<T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  throwIfAborted(signal);
  for (let attempt = 0; ; attempt++) {
    let p = map.get(key);
    if (!p) {
      p = load();
      map.set(key, p);
      p.catch(() => { if (map.get(key) === p) map.delete(key); });
    }
    try {
      return await p;
    } catch (e) {
      if (attempt === 0 && isLakeError(e, 'Aborted') && !signal?.aborted) continue;
      throw e;
    }
  }
}
