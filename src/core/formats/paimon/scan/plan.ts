/**
 * Planning a batch read of one snapshot (paimon-core `AbstractFileStoreScan` + `MergeTreeSplitGenerator`
 * / `AppendOnlySplitGenerator`): manifests pruned by partition stats, live files by partition value
 * (and, for append tables, by value stats), then grouped into splits:
 * - primary-key tables: one split per (partition, bucket), merged on read; with deletion vectors (not
 *   in merge-on-read mode) or the first-row engine, level-0 files are left out as Paimon's batch scan
 *   does (`CoreOptions.batchScanSkipLevel0`) and the vectors are applied to the rest;
 * - append tables: one split per file, deletion vectors applied.
 * Postpone-bucket files (`bucket = -2`) are not readable until compacted, as in Paimon.
 */
import type { Note } from '../../../messages/note.ts';
import type { BoundExpr, Expr } from '../../../expr/index.ts';
import type { LakePlan, SkipDto } from '../../table-format.ts';
import { toHex } from '../../../util/bytes.ts';
import { decodeBinaryRow, type RowValue } from '../spec/binary-row.ts';
import { paimonError } from '../spec/errors.ts';
import { DELETION_VECTORS_INDEX } from '../spec/index-manifest.ts';
import type { ManifestEntry } from '../spec/manifest-entry.ts';
import { batchScanSkipLevel0, coreOptions, type CoreOptions } from '../spec/options.ts';
import { bucketFolder, partitionPath, partitionPathOptions } from '../spec/partition-path.ts';
import type { DataField } from '../spec/data-type.ts';
import { partitionFields, type TableSchema } from '../spec/schema.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import { mergeEntries } from '../spec/manifest-entry.ts';
import { checkRecordCount, dataManifests, liveIndexEntries, readEntries } from './file-entries.ts';
import type { PaimonMetadata } from '../io/metadata.ts';
import { bindFilter, evaluateStats, fileValueStats, partitionStats, statsByFieldId } from './pruning.ts';
import type { PaimonTask, PaimonTaskFile, SplitMode } from './task.ts';
import { plannedFiles } from './planned-files.ts';
import { messageError } from '../../../message-error.ts';

export interface PlanInput {
  readonly meta: PaimonMetadata;
  readonly snapshot: Snapshot;
  /** The schema rows are read with. */
  readonly readSchema: TableSchema;
  readonly filter?: Expr | string;
  readonly columns?: readonly string[];
  readonly notes?: readonly Note[];
  /**
   * Read level 0 of deletion-vector / first-row tables too and merge every level (what
   * `deletion-vectors.merge-on-read` does) instead of Paimon's default batch scan.
   */
  readonly mergeAllLevels?: boolean;
  readonly signal?: AbortSignal;
}

/** The split mode of a table, or Unsupported with an explanation for merge engines this reader lacks. */
function splitModeOf(schema: TableSchema, options: CoreOptions): SplitMode {
  if (schema.primaryKeys.length === 0) return 'append';
  if (options.sequenceField.length > 0) {
    throw messageError('Unsupported', 'error.paimon.sequenceField', { fields: options.sequenceField.join(', ') }, { option: 'sequence.field' });
  }
  switch (options.mergeEngine) {
    case 'deduplicate': return 'deduplicate';
    case 'first-row': return 'first-row';
    case 'partial-update':
      throw messageError('Unsupported', 'error.paimon.partialUpdate', undefined, { option: 'merge-engine' });
    case 'aggregation':
      throw messageError('Unsupported', 'error.paimon.aggregation', undefined, { option: 'merge-engine' });
  }
}

/** Output columns: the requested ones (checked) or all of the read schema. */
export function outputColumns(schema: TableSchema, columns: readonly string[] | undefined): string[] {
  if (!columns) return schema.fields.map((f) => f.name);
  for (const c of columns) {
    if (!schema.fields.some((f) => f.name === c)) throw messageError('NotFound', 'error.paimon.unknownColumn', { column: c, columns: schema.fields.map((f) => f.name).join(', ') }, { column: c });
  }
  return [...columns];
}

/**
 * Plans the read of a snapshot. Must hold: every live file that can hold matching rows is in exactly
 * one task, every left-out manifest/file is in `skipped` with its reason, and merge engines this
 * reader does not implement are refused before any data is read.
 */
export async function planSnapshot(input: PlanInput): Promise<LakePlan<PaimonTask>> {
  const { meta, snapshot, readSchema, signal } = input;
  const options = coreOptions(readSchema);
  const mode = splitModeOf(readSchema, options);
  const filter = bindFilter(readSchema, input.filter);
  const columns = outputColumns(readSchema, input.columns);
  const pFields = partitionFields(readSchema);
  const pathOpts = partitionPathOptions(readSchema.options);
  const skipped: SkipDto[] = [];
  const counts = { manifests: { total: 0, read: 0, skipped: 0 }, files: { total: 0, planned: 0, skipped: 0 }, deletionVectors: { applied: 0 } };

  const manifests = (await dataManifests(meta, snapshot, signal)).filter((m) => {
    counts.manifests.total++;
    const match = evaluateStats(filter, statsByFieldId(m.partitionStats, pFields));
    if (!match.match) {
      counts.manifests.skipped++;
      skipped.push({ step: 'manifest', kind: 'manifest', path: `manifest/${m.fileName}`, reason: `partition stats: ${match.reason ?? 'no partition can match'}` });
    }
    return match.match;
  });
  counts.manifests.read = manifests.length;
  const live = [...mergeEntries(await readEntries(meta, manifests, signal), { file: `manifest/${snapshot.deltaManifestList}` }).values()]
    .filter((e) => e.kind === 'ADD');
  if (counts.manifests.skipped === 0) checkRecordCount(live, snapshot);
  const dvs = await deletionVectorIndex(meta, snapshot, signal);
  const skipLevel0 = mode !== 'append' && !input.mergeAllLevels && batchScanSkipLevel0(options);
  const schemas = new Map<number, TableSchema>([[readSchema.id, readSchema]]);
  const groups = new Map<string, { entry: ManifestEntry; files: PaimonTaskFile[] }>();

  for (const e of live) {
    counts.files.total++;
    const skip = (reason: string) => {
      counts.files.skipped++;
      skipped.push({ step: 'file', kind: 'data-file', path: e.file.fileName, reason });
    };
    const { pValues, key } = partitionOf(e, readSchema, pFields);
    if (e.bucket === -2) { skip('postpone bucket: not readable until a compaction assigns it a bucket'); continue; }
    if (skipLevel0 && e.file.level === 0) {
      skip(options.deletionVectorsEnabled
        ? 'level 0 (not yet compacted): a deletion-vector table is read from compacted levels only, as Paimon\'s batch scan does'
        : 'level 0 (not yet compacted): the first-row engine reads compacted levels only, as Paimon\'s batch scan does');
      continue;
    }
    const pMatch = evaluateStats(filter, partitionStats(pFields, pValues));
    if (!pMatch.match) { skip(`partition ${partitionPath(pFields, pValues, pathOpts)}: ${pMatch.reason ?? 'cannot match'}`); continue; }
    if (mode === 'append' && filter) {
      let fileSchema = schemas.get(e.file.schemaId);
      if (!fileSchema) schemas.set(e.file.schemaId, fileSchema = await meta.schema(e.file.schemaId, signal));
      const vMatch = evaluateStats(filter, fileValueStats(e.file, fileSchema, readSchema), Number(e.file.rowCount));
      if (!vMatch.match) { skip(`value stats: ${vMatch.reason ?? 'cannot match'}`); continue; }
    }
    const dv = dvs.get(`${toHex(e.partition)}|${e.bucket}|${e.file.fileName}`);
    if (dv) counts.deletionVectors.applied++;
    const file: PaimonTaskFile = {
      key,
      fileName: e.file.fileName,
      schemaId: e.file.schemaId,
      level: e.file.level,
      rowCount: e.file.rowCount.toString(),
      fileSize: Number(e.file.fileSize),
      minSequenceNumber: e.file.minSequenceNumber.toString(),
      maxSequenceNumber: e.file.maxSequenceNumber.toString(),
      ...(e.file.externalPath ? { externalPath: e.file.externalPath } : {}),
      ...(dv ? { deletionVector: dv } : {}),
    };
    const groupKey = mode === 'append' ? `${toHex(e.partition)}|${e.bucket}|${e.file.fileName}` : `${toHex(e.partition)}|${e.bucket}`;
    const g = groups.get(groupKey);
    if (g) g.files.push(file);
    else groups.set(groupKey, { entry: e, files: [file] });
    counts.files.planned++;
  }

  const tasks: PaimonTask[] = [...groups.values()].map(({ entry, files }) => ({
    format: 'paimon',
    snapshotId: snapshot.id.toString(),
    ...(meta.branch !== undefined ? { branch: meta.branch } : {}),
    readSchemaId: readSchema.id,
    partition: toHex(entry.partition),
    partitionPath: partitionPath(pFields, decodeBinaryRow(entry.partition, pFields.map((f) => f.type)), pathOpts).replace(/\/$/, ''),
    bucket: entry.bucket,
    mode,
    ignoreDelete: options.ignoreDelete,
    files,
    columns,
    ...(filter ? { filter: filter as BoundExpr } : {}),
  }));
  return { versionId: snapshot.id.toString(), columns, tasks, files: plannedFiles(tasks), skipped, counts, notes: [...(input.notes ?? [])] };
}

/**
 * The partition values and storage key of a manifest entry. A partition row that does not decode with
 * the read schema's partition types (a damaged manifest or schema file) is DataInvalid naming the data
 * file and the schema file, not a bare binary-row error.
 */
function partitionOf(e: ManifestEntry, readSchema: TableSchema, pFields: readonly DataField[]): { pValues: RowValue[]; key: string } {
  try {
    return { pValues: decodeBinaryRow(e.partition, pFields.map((f) => f.type)), key: bucketFolder(readSchema, e.partition, e.bucket) + e.file.fileName };
  } catch (err) {
    throw paimonError(err, `paimon plan: the partition of data file ${e.file.fileName} does not decode with schema ${readSchema.id}`, e.file.fileName)
      .withContext({ schemaFile: `schema/schema-${readSchema.id}` });
  }
}

/** Deletion vectors of a snapshot by `partitionHex|bucket|dataFileName`. */
export async function deletionVectorIndex(meta: PaimonMetadata, snapshot: Snapshot, signal?: AbortSignal): Promise<Map<string, NonNullable<PaimonTaskFile['deletionVector']>>> {
  const out = new Map<string, NonNullable<PaimonTaskFile['deletionVector']>>();
  for (const ie of await liveIndexEntries(meta, snapshot, signal)) {
    if (ie.indexType !== DELETION_VECTORS_INDEX) continue;
    for (const r of ie.deletionVectors) {
      out.set(`${toHex(ie.partition)}|${ie.bucket}|${r.dataFileName}`, {
        indexFile: ie.fileName,
        indexFileSize: Number(ie.fileSize),
        offset: r.offset,
        length: r.length,
        ...(r.cardinality !== undefined ? { cardinality: r.cardinality.toString() } : {}),
      });
    }
  }
  return out;
}
