/**
 * Reading one Paimon data file into Arrow batches shaped like the read schema (Paimon docs "Schema
 * Evolution"): each column is found through the file's own schema (`_SCHEMA_ID` of the file) by field
 * id — so renamed and reordered columns map correctly — then cast to the read type by Paimon's cast
 * rules when its type changed (schema-evolution-cast.ts); columns added
 * later are null, dropped ones are left out. Primary-key files also carry `_SEQUENCE_NUMBER` and
 * `_VALUE_KIND` (and `_KEY_*` copies of the key, not needed here). Deletion vectors drop rows by
 * position. Parquet and ORC; Paimon's Avro data files are refused with a clear error.
 */
import type { Data, RecordBatch } from 'apache-arrow';
import { Field } from 'apache-arrow';
import { batchFromColumns, dropPositions, nullData } from '../../../arrow/index.ts';
import { readOrcToArrow } from '../../../codecs/orc/index.ts';
import { PARQUET_FIELD_ID_KEY, readParquetToArrow, storageSource } from '../../../codecs/parquet/index.ts';
import type { RoaringBitmap64 } from '../../../codecs/roaring.ts';
import type { Storage } from '../../../io/storage.ts';
import { paimonError } from '../spec/errors.ts';
import type { TableSchema } from '../spec/schema.ts';
import { arrowField, arrowType } from './arrow-type.ts';
import { SEQUENCE_COLUMN, VALUE_KIND_COLUMN } from './merge.ts';
import { evolveColumn } from './schema-evolution-cast.ts';
import type { PaimonTaskFile } from './task.ts';
import { messageError } from '../../../message-error.ts';

export interface ReadDataFileOptions {
  readonly storage: Storage;
  readonly file: PaimonTaskFile;
  /** The schema the file was written with. */
  readonly fileSchema: TableSchema;
  readonly readSchema: TableSchema;
  /** Keep `_SEQUENCE_NUMBER` and `_VALUE_KIND` (primary-key merge). */
  readonly systemColumns: boolean;
  readonly deletionVector?: RoaringBitmap64;
  readonly signal?: AbortSignal;
}

/** Refuses files this reader cannot decode, naming the file. */
function checkReadable(file: PaimonTaskFile): void {
  if (file.externalPath) {
    throw messageError('Unsupported', 'error.paimon.externalPath', { file: file.fileName, path: file.externalPath }, { file: file.externalPath });
  }
  const ext = /\.([a-z]+)$/.exec(file.fileName)?.[1];
  if (ext === 'avro' || ext === 'lance' || ext === 'csv' || ext === 'json') {
    throw messageError('Unsupported', 'error.paimon.fileFormat', { format: ext.toUpperCase() }, { file: file.key });
  }
}

/**
 * Yields the file's rows as batches with the read schema's columns (plus the system columns when
 * asked), deleted positions removed. Must hold: row order is the file's; a corrupt file →
 * DataInvalid `paimon read: …` with `{file}`.
 */
export async function* readDataFile(o: ReadDataFileOptions): AsyncGenerator<RecordBatch> {
  checkReadable(o.file);
  let position = 0;
  try {
    const source = await storageSource(o.storage, o.file.key, { size: o.file.fileSize > 0 ? o.file.fileSize : undefined, signal: o.signal, verify: true });
    const isOrc = /\.orc$/i.test(o.file.fileName);
    for await (const raw of isOrc ? readOrcToArrow(source, { signal: o.signal }) : readParquetToArrow(source, { signal: o.signal })) {
      const first = position;
      position += raw.numRows;
      const batch = o.deletionVector ? dropPositions(raw, o.deletionVector, first) : raw;
      if (batch.numRows > 0) yield project(batch, o);
    }
    // The manifest's rowCount must be the file's: another count means another file in its place (and
    // deletion-vector positions would point at the wrong rows).
    if (String(position) !== o.file.rowCount) {
      throw messageError('DataInvalid', 'error.paimon.rowCount', { file: o.file.key, rows: String(position), recorded: String(o.file.rowCount) }, { file: o.file.key });
    }
  } catch (e) {
    throw paimonError(e, 'paimon read', o.file.key);
  }
}

/** The read-schema shape of one file batch (see the module comment). */
function project(batch: RecordBatch, o: ReadDataFileOptions): RecordBatch {
  const fields: Field[] = [];
  const columns: Data[] = [];
  const n = batch.numRows;
  for (const rf of o.readSchema.fields) {
    const source = columnOf(batch, o.fileSchema, rf.id);
    const target = arrowType(rf.type);
    const written = o.fileSchema.fields.find((f) => f.id === rf.id)?.type ?? rf.type;
    const data = source ? evolveColumn(source, written, rf.type, rf.name) : nullData(target, n);
    const f = arrowField(rf);
    fields.push(data.type === target ? f : new Field(f.name, data.type, f.nullable, f.metadata));
    columns.push(data);
  }
  if (o.systemColumns) {
    for (const name of [SEQUENCE_COLUMN, VALUE_KIND_COLUMN]) {
      const i = batch.schema.fields.findIndex((f) => f.name === name);
      if (i < 0) throw messageError('DataInvalid', 'error.paimon.pkFileColumn', { column: name }, { file: o.file.key });
      fields.push(batch.schema.fields[i]!);
      columns.push(batch.data.children[i]!);
    }
  }
  return batchFromColumns(fields, columns, n);
}

/** The file column holding field `id`: by the file schema's name for it, else by Parquet field id. */
function columnOf(batch: RecordBatch, fileSchema: TableSchema, id: number): Data | undefined {
  const fileField = fileSchema.fields.find((f) => f.id === id);
  const fields = batch.schema.fields;
  let i = fileField ? fields.findIndex((f) => f.name === fileField.name) : -1;
  if (i < 0) i = fields.findIndex((f) => f.metadata.get(PARQUET_FIELD_ID_KEY) === String(id));
  return i < 0 ? undefined : batch.data.children[i];
}
