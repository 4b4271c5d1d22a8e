/**
 * Paimon's own change log in the common model's terms (LakeTable.changeLog): the changelog files a
 * `changelog-producer` wrote (Paimon docs "Changelog Producer"; paimon-core `Snapshot.changelogManifestList`,
 * read by the streaming source for `input`, `lookup` and `full-compaction`). Each snapshot in the range
 * that has a changelog manifest list is read from its changelog files, in manifest order and row order,
 * each record's `_VALUE_KIND` mapped to the model's change type (paimon-common `types/RowKind`: +I insert,
 * -U update-before, +U update-after, -D delete). A snapshot without one (producer `none`, a COMPACT
 * snapshot of `input`, an append table) is left to core/api to derive, listed in `derive`.
 */
import type { RecordBatch } from 'apache-arrow';
import { selectColumns } from '../../../arrow/index.ts';
import type { Storage } from '../../../io/storage.ts';
import type { ChangeLogBatch, ChangeLogOrigin, ChangeLogSource, ChangeLogType } from '../../table-format.ts';
import type { PaimonMetadata } from '../io/metadata.ts';
import type { ManifestEntry } from '../spec/manifest-entry.ts';
import { decodeBinaryRow } from '../spec/binary-row.ts';
import { bucketFolder, partitionPath, partitionPathOptions } from '../spec/partition-path.ts';
import { partitionFields, type TableSchema } from '../spec/schema.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import { readDataFile } from './data-file.ts';
import { changelogEntries } from './file-entries.ts';
import { VALUE_KIND_COLUMN } from './merge.ts';
import type { PaimonTaskFile } from './task.ts';
import { messageError } from '../../../message-error.ts';
import { note, type Note } from '../../../messages/note.ts';

/** `RowKind` byte → model change type. */
const KINDS: readonly ChangeLogType[] = ['insert', 'update-before', 'update-after', 'delete'];

export interface PaimonChangeLogInput {
  readonly storage: Storage;
  readonly meta: PaimonMetadata;
  /** The snapshots after `from` up to `to`, oldest first. */
  readonly snapshots: readonly Snapshot[];
  /** The schema of `to`: rows are read in it (older files mapped by field id). */
  readonly readSchema: TableSchema;
  readonly signal?: AbortSignal;
}

/** Source name shown to people (and matched by the UI's catalog). */
export const PAIMON_CHANGELOG_NAME = 'Paimon changelog files';

/**
 * The change log of the snapshots given. Must hold: rows come in snapshot order, each with the snapshot id
 * that committed its changelog file and the file's key and row position; snapshots without changelog
 * files are in `derive` and yield no row; an unknown row kind is DataInvalid naming the file.
 */
export function paimonChangeLog(input: PaimonChangeLogInput): ChangeLogSource {
  const { readSchema } = input;
  const producer = (readSchema.options['changelog-producer'] ?? 'none').toLowerCase();
  const columns = readSchema.fields.map((f) => f.name);
  const withLog = input.snapshots.filter((s) => s.changelogManifestList);
  const derive = input.snapshots.filter((s) => !s.changelogManifestList).map((s) => s.id.toString());
  const notes: Note[] = [withLog.length === 0
    ? (producer === 'none' ? note('note.paimon.noChangelogProducer') : note('note.paimon.noChangelogInRange', { producer }))
    : note('note.paimon.changelogRead', { producer, snapshots: withLog.map((s) => s.id).join(', ') })];
  // `input` copies the records as written: an upsert of an existing key is +I with no -U before it, and a
  // delete's -D carries the values given with it (the key); they apply by primary key.
  const upsert = producer === 'input' && readSchema.primaryKeys.length > 0;
  if (upsert && withLog.length) notes.push(note('note.paimon.changelogInput', { keys: readSchema.primaryKeys.join(', ') }));
  if (derive.length && withLog.length) notes.push(note('note.paimon.noChangelogFiles', { snapshots: derive.join(', '), count: derive.length }));
  return {
    name: PAIMON_CHANGELOG_NAME, columns, notes, derive,
    ...(upsert ? { upsertKey: [...readSchema.primaryKeys] } : {}),
    batches: changelogBatches(input, withLog, columns),
  };
}

async function* changelogBatches(input: PaimonChangeLogInput, snapshots: readonly Snapshot[], columns: readonly string[]): AsyncGenerator<ChangeLogBatch> {
  const schemas = new Map<number, TableSchema>([[input.readSchema.id, input.readSchema]]);
  for (const s of snapshots) {
    for (const e of await changelogEntries(input.meta, s, input.signal)) {
      if (e.kind !== 'ADD') continue;
      let fileSchema = schemas.get(e.file.schemaId);
      if (!fileSchema) schemas.set(e.file.schemaId, fileSchema = await input.meta.schema(e.file.schemaId, input.signal));
      const file = taskFile(e, input.readSchema);
      const partition = partitionPathOf(e, input.readSchema);
      let position = 0n;
      for await (const b of readDataFile({ storage: input.storage, file, fileSchema, readSchema: input.readSchema, systemColumns: true, signal: input.signal })) {
        yield toBatch(b, columns, s.id.toString(), file.key, partition, position);
        position += BigInt(b.numRows);
      }
    }
  }
}

function toBatch(b: RecordBatch, columns: readonly string[], version: string, file: string, partition: string, first: bigint): ChangeLogBatch {
  const k = b.schema.fields.findIndex((f) => f.name === VALUE_KIND_COLUMN);
  const kinds = b.data.children[k]!.values as ArrayLike<number>;
  const changeTypes: ChangeLogType[] = [];
  const origins: ChangeLogOrigin[] = [];
  for (let i = 0; i < b.numRows; i++) {
    const t = KINDS[kinds[i]!];
    if (!t) throw messageError('DataInvalid', 'error.paimon.rowKind', { file, row: String(first + BigInt(i)), kind: String(kinds[i]) }, { file });
    changeTypes.push(t);
    origins.push({ file, partition, position: first + BigInt(i) });
  }
  return { batch: selectColumns(b, columns), changeTypes, versions: changeTypes.map(() => version), origins };
}

function taskFile(e: ManifestEntry, readSchema: TableSchema): PaimonTaskFile {
  return {
    key: bucketFolder(readSchema, e.partition, e.bucket) + e.file.fileName, fileName: e.file.fileName, schemaId: e.file.schemaId, level: e.file.level,
    rowCount: e.file.rowCount.toString(), fileSize: Number(e.file.fileSize),
    minSequenceNumber: e.file.minSequenceNumber.toString(), maxSequenceNumber: e.file.maxSequenceNumber.toString(),
    ...(e.file.externalPath ? { externalPath: e.file.externalPath } : {}),
  };
}

function partitionPathOf(e: ManifestEntry, schema: TableSchema): string {
  const fields = partitionFields(schema);
  return partitionPath(fields, decodeBinaryRow(e.partition, fields.map((f) => f.type)), partitionPathOptions(schema.options)).replace(/\/$/, '');
}
