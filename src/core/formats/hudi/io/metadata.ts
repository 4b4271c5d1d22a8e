/**
 * What a table's reads share: the configuration, the active timeline, commit metadata (cached per
 * instant file), the data file listing (cached: listing is the expensive step) and schemas.
 */
import { LakeError } from '../../../errors.ts';
import type { Storage } from '../../../io/storage.ts';
import { utf8Decode } from '../../../util/bytes.ts';
import { EMPTY_COMMIT_METADATA, readCommitMetadata, type CommitMetadata } from '../spec/commit-metadata.ts';
import { hudiError } from '../spec/errors.ts';
import { isWriteAction, type Instant } from '../spec/instant.ts';
import { parseTableConfig, PROPERTIES_FILE, type HudiTableConfig } from '../spec/properties.ts';
import { parseHudiSchema, type HudiSchema } from '../spec/schema.ts';
import { loadTimeline, type Timeline } from '../spec/timeline.ts';
import { listFileGroups, type ListedFileGroup } from '../scan/fs-view.ts';
import { loadArchivedInstants } from './archived-timeline.ts';
import { messageError } from '../../../message-error.ts';

export class HudiMetadata {
  private readonly commits = new Map<string, Promise<CommitMetadata>>();
  private listing?: Promise<{ groups: ListedFileGroup[]; partitions: string[] }>;

  private archive?: Promise<void>;

  private constructor(readonly storage: Storage, readonly config: HudiTableConfig, public timeline: Timeline) {}

  /**
   * Adds the archived timeline (read once, on demand: io/archived-timeline.ts) to {@link timeline}.
   * Must hold: an archive that cannot be read → LakeError naming its file, and the timeline unchanged.
   */
  loadArchive(signal?: AbortSignal): Promise<void> {
    if (!this.archive) {
      this.archive = loadArchivedInstants(this.storage, this.config, signal).then((instants) => { this.timeline = this.timeline.withArchived(instants); });
      this.archive.catch(() => { this.archive = undefined; });
    }
    return this.archive;
  }

  /** Reads hoodie.properties and the active timeline. Missing properties → NotFound `hudi table: …`. */
  static async load(storage: Storage, signal?: AbortSignal): Promise<HudiMetadata> {
    let bytes: Uint8Array;
    try {
      bytes = await storage.read(PROPERTIES_FILE, { signal });
    } catch (e) {
      if (e instanceof LakeError && e.code === 'NotFound') {
        throw messageError('NotFound', 'error.hudi.notHudi', { file: PROPERTIES_FILE, storage: storage.description }, { file: PROPERTIES_FILE });
      }
      throw hudiError(e, 'hudi table: cannot read hoodie.properties', PROPERTIES_FILE, 'Io');
    }
    const config = parseTableConfig(utf8Decode(bytes), PROPERTIES_FILE);
    const timeline = await loadTimeline(storage, config, signal);
    return new HudiMetadata(storage, config, timeline);
  }

  /** Completed commit / deltacommit / replacecommit instants: the table's versions, oldest first. */
  versions(): Instant[] {
    return this.timeline.completed().filter((i) => isWriteAction(i.action));
  }

  /** Commit metadata of a completed instant (empty for instants without a completed file). */
  commitMetadata(instant: Instant, signal?: AbortSignal): Promise<CommitMetadata> {
    if (instant.archived) return Promise.resolve(instant.archived.metadata ?? EMPTY_COMMIT_METADATA);
    const f = instant.completed;
    if (!f) return Promise.resolve(EMPTY_COMMIT_METADATA);
    let p = this.commits.get(f.key);
    if (!p) {
      p = readCommitMetadata(this.storage, f.key, signal);
      p.catch(() => this.commits.delete(f.key));
      this.commits.set(f.key, p);
    }
    return p;
  }

  /** The data files of the table (one listing, cached). */
  listFiles(signal?: AbortSignal): Promise<{ groups: ListedFileGroup[]; partitions: string[] }> {
    if (!this.listing) {
      this.listing = listFileGroups(this.storage, signal);
      this.listing.catch(() => { this.listing = undefined; });
    }
    return this.listing;
  }

  /**
   * The schema of the table as of a version: the schema recorded by the latest write instant ≤ it
   * that records one, else `hoodie.table.create.schema`. Must hold: a table with neither → DataInvalid.
   */
  async schemaAsOf(asOf: string | undefined, signal?: AbortSignal): Promise<HudiSchema> {
    const writes = this.versions().filter((i) => asOf === undefined || i.requestedTime <= asOf).reverse();
    for (const i of writes) {
      const m = await this.commitMetadata(i, signal);
      const text = m.extraMetadata.schema;
      if (text) return parseHudiSchema(text, i.completed?.key ?? i.archived!.file);
    }
    const create = this.config.raw.get('hoodie.table.create.schema');
    if (create) return parseHudiSchema(create, PROPERTIES_FILE);
    throw messageError('DataInvalid', 'error.hudi.noSchema', undefined, { file: PROPERTIES_FILE });
  }
}
