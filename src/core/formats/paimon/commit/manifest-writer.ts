/**
 * Writing manifests and manifest lists for a commit (paimon-core `manifest/ManifestFile.write`,
 * `ManifestList.write`). New files use the Avro writer schema of the table's existing files (so a
 * table written by Paimon 0.9 keeps 0.9's layout), zstd blocks, and Paimon's names
 * `manifest-<uuid>-<n>` / `manifest-list-<uuid>-<n>`. Each file is created with create-if-absent.
 */
import { writeAvroFile, type AvroSchema } from '../../../codecs/avro/index.ts';
import { compareValues, type Value } from '../../../expr/index.ts';
import { parseJson } from '../../../util/json.ts';
import type { Storage } from '../../../io/storage.ts';
import type { AvroRecord } from '../spec/avro-record.ts';
import { decodeBinaryRow, encodeBinaryRow } from '../spec/binary-row.ts';
import { paimonError } from '../spec/errors.ts';
import { manifestKey } from '../spec/layout.ts';
import { writeManifest } from '../spec/manifest-entry.ts';
import { writeManifestList } from '../spec/manifest-list.ts';
import { partitionFields, type TableSchema } from '../spec/schema.ts';

/** Names new metadata files of one commit attempt and remembers them for cleanup on failure. */
export class CommitFiles {
  private n = 0;
  readonly written: string[] = [];
  private readonly uuid = crypto.randomUUID();

  constructor(private readonly storage: Storage, private readonly signal?: AbortSignal) {}

  /** Writes a manifest of the given entry records; returns its ManifestFileMeta record. */
  async writeManifest(schemaText: string, entries: readonly AvroRecord[], tableSchema: TableSchema): Promise<AvroRecord> {
    const name = `manifest-${this.uuid}-${this.n++}`;
    const bytes = writeManifest(schemaText, entries);
    await this.put(name, bytes);
    return manifestFileMeta(name, bytes.length, entries, tableSchema);
  }

  /** Writes a manifest list; returns its name and size. */
  async writeManifestList(schemaText: string, metas: readonly AvroRecord[]): Promise<{ name: string; size: number }> {
    const name = `manifest-list-${this.uuid}-${this.n++}`;
    const bytes = writeManifestList(schemaText, metas);
    await this.put(name, bytes);
    return { name, size: bytes.length };
  }

  /** Writes an index manifest (the complete list of live index files) with the given writer schema; returns its name. */
  async writeIndexManifest(schemaText: string, records: readonly AvroRecord[]): Promise<string> {
    const name = `index-manifest-${this.uuid}-${this.n++}`;
    await this.put(name, writeAvroFile(parseJson(schemaText) as AvroSchema, records, { codec: 'zstandard' }));
    return name;
  }

  private async put(name: string, bytes: Uint8Array): Promise<void> {
    const key = manifestKey(name);
    try {
      await this.storage.write(key, bytes, { ifNoneMatch: '*', signal: this.signal });
    } catch (e) {
      throw paimonError(e, 'paimon commit: cannot write', key, 'Io');
    }
    this.written.push(key);
  }

  /** Deletes what this attempt wrote (after a lost race), ignoring failures: leftovers are only orphans. */
  async cleanup(): Promise<void> {
    for (const key of this.written.splice(0)) await this.storage.delete(key).catch(() => undefined);
  }
}

/** The ManifestFileMeta record of a new manifest: counts, partition stats (min/max/null counts), schema id, bucket/level ranges. */
function manifestFileMeta(name: string, size: number, entries: readonly AvroRecord[], schema: TableSchema): AvroRecord {
  const fields = partitionFields(schema);
  const types = fields.map((f) => f.type);
  const mins: (Value | null)[] = fields.map(() => null);
  const maxs: (Value | null)[] = fields.map(() => null);
  const nulls = fields.map(() => 0n);
  let added = 0n;
  let deleted = 0n;
  let minBucket: number | undefined;
  let maxBucket: number | undefined;
  let minLevel: number | undefined;
  let maxLevel: number | undefined;
  for (const e of entries) {
    if ((e._KIND as number) === 0) added++;
    else deleted++;
    const values = decodeBinaryRow(e._PARTITION as Uint8Array, types);
    values.forEach((v, i) => {
      if (v === null || v === undefined) { nulls[i]! += 1n; return; }
      if (mins[i] === null || compareValues(v, mins[i]!) < 0) mins[i] = v;
      if (maxs[i] === null || compareValues(v, maxs[i]!) > 0) maxs[i] = v;
    });
    const bucket = e._BUCKET as number;
    const level = (e._FILE as AvroRecord)._LEVEL as number;
    minBucket = minBucket === undefined ? bucket : Math.min(minBucket, bucket);
    maxBucket = maxBucket === undefined ? bucket : Math.max(maxBucket, bucket);
    minLevel = minLevel === undefined ? level : Math.min(minLevel, level);
    maxLevel = maxLevel === undefined ? level : Math.max(maxLevel, level);
  }
  return {
    _VERSION: 2,
    _FILE_NAME: name,
    _FILE_SIZE: BigInt(size),
    _NUM_ADDED_FILES: added,
    _NUM_DELETED_FILES: deleted,
    _PARTITION_STATS: { _MIN_VALUES: encodeBinaryRow(mins, types), _MAX_VALUES: encodeBinaryRow(maxs, types), _NULL_COUNTS: nulls },
    _SCHEMA_ID: BigInt(schema.id),
    _MIN_BUCKET: minBucket,
    _MAX_BUCKET: maxBucket,
    _MIN_LEVEL: minLevel,
    _MAX_LEVEL: maxLevel,
  };
}
