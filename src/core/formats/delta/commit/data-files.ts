/**
 * Writing rows into a Delta table's data files (PROTOCOL.md "Add File and Remove File", "Partition Value
 * Serialization", "Per-file Statistics"): rows are grouped by their partition values, each group is one
 * Parquet file (parquet-wasm) under a Hive-style folder `col=value/` holding the data columns only, and
 * described by an `add` action whose partition values are strings and whose `stats` JSON says what the
 * file holds. Files are written before the commit; a lost commit leaves them unreferenced (VACUUM's).
 */
import { Field, Table, tableToIPC, type RecordBatch } from 'apache-arrow';
import { batchFromColumns, takeRows } from '../../../arrow/index.ts';
import { ensureParquetWasm } from '../../../codecs/parquet/wasm-init.ts';
import { toLakeError } from '../../../errors.ts';
import { formatDate, formatDecimal, formatTimestamp, type Value } from '../../../expr/index.ts';
import type { Storage } from '../../../io/storage.ts';
import { stringifyJson } from '../../../util/json.ts';
import { cellReader } from '../scan/row-values.ts';
import type { StructField, StructType } from '../spec/schema.ts';
import { fileStatistics } from './file-stats.ts';
import { messageError } from '../../../message-error.ts';

/** An `add` action of a written file (a `cdc` action's payload for change data files), as JSON for the commit, and its storage key. */
export interface WrittenFile {
  readonly key: string;
  readonly add: Record<string, unknown>;
  readonly rows: number;
  readonly bytes: number;
}

/** The text of one partition value (PROTOCOL.md "Partition Value Serialization"); null stays null. */
export function partitionValueText(v: Value | null, f: StructField): string | null {
  if (v === null) return null;
  if (f.type.kind !== 'primitive') throw messageError('Unsupported', 'error.delta.write.partNotPrimitive', { column: f.name }, { column: f.name });
  switch (f.type.name) {
    case 'date': return formatDate(v as number);
    // With zone: ISO 8601 adjusted to UTC (unambiguous); without: the wall-clock form of the protocol.
    case 'timestamp': return formatTimestamp(v as bigint, 'us', true);
    case 'timestamp_ntz': return formatTimestamp(v as bigint, 'us', false).replace('T', ' ');
    case 'decimal': return formatDecimal(v as bigint, f.type.scale ?? 0);
    case 'binary': throw messageError('Unsupported', 'error.delta.write.partBinary', { column: f.name }, { column: f.name });
    default: return String(v);
  }
}

/** Hive-style escaping of a folder name part (Spark's ExternalCatalogUtils.escapePathName: every character outside a safe set as %XX). */
function escapePathPart(s: string): string {
  return Array.from(new TextEncoder().encode(s), (b) => {
    const c = String.fromCharCode(b);
    return /[A-Za-z0-9 ._+\-]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

/** The folder of a partition (`a=1/b=x/`), '' when unpartitioned. */
function partitionFolder(cols: readonly string[], values: Readonly<Record<string, string | null>>): string {
  return cols.map((c) => `${escapePathPart(c)}=${values[c] === null ? '__HIVE_DEFAULT_PARTITION__' : escapePathPart(values[c]!)}/`).join('');
}

/** The log path (a relative URI) of a storage key: each segment percent-encoded as a URI (`%` and spaces; `=` stays). */
export function logPathOf(key: string): string {
  return key.split('/').map((s) => encodeURI(s)).join('/');
}

export interface WriteFilesInput {
  readonly storage: Storage;
  readonly schema: StructType;
  readonly partitionColumns: readonly string[];
  /** Rows with the schema's columns by logical name (more columns are ignored). */
  readonly batches: readonly RecordBatch[];
  /** dataChange of the add actions (false for OPTIMIZE). */
  readonly dataChange: boolean;
  /** Rows per file at most (default 1,000,000). */
  readonly maxRowsPerFile?: number;
  readonly signal?: AbortSignal;
  /** The commit time, for modificationTime. */
  readonly nowMs: number;
  /**
   * The table's column mapping mode (PROTOCOL.md "Column Mapping"): with `name`, files hold the columns
   * under their physical names (`delta.columnMapping.physicalName`, with their ids as Parquet field ids)
   * and partition values and statistics are keyed by them. `id` mode is refused by writer-features.ts.
   */
  readonly columnMapping?: 'none' | 'name' | 'id';
}

const PHYSICAL_NAME = 'delta.columnMapping.physicalName';
const COLUMN_ID = 'delta.columnMapping.id';

/**
 * Writes the rows as data files, one or more per partition. Must hold: every input row is in exactly
 * one written file, under the partition folder of its values; a column the schema names but a batch
 * lacks → DataInvalid naming it; no rows → no files.
 */
export async function writeDataFiles(input: WriteFilesInput): Promise<WrittenFile[]> {
  return writeFiles(input, false);
}

/** The column of change data files naming the kind of change (PROTOCOL.md "Add CDC File"). */
export const CHANGE_TYPE_COLUMN = '_change_type';

/**
 * Writes change data files (PROTOCOL.md "Add CDC File", "Change Data Files"): the rows, each batch with a
 * `_change_type` column (delete, update_preimage, update_postimage), under `_change_data/` by partition,
 * holding the data columns and `_change_type`; returned `add` is the payload of a `cdc` action
 * (path, partitionValues, size, dataChange=false — CDC files never change the table's data).
 */
export async function writeChangeDataFiles(input: WriteFilesInput): Promise<WrittenFile[]> {
  return writeFiles(input, true);
}

async function writeFiles(input: WriteFilesInput, changeData: boolean): Promise<WrittenFile[]> {
  const { schema, partitionColumns } = input;
  const partFields = partitionColumns.map((c) => {
    const f = schema.fields.find((x) => x.name === c);
    if (!f) throw messageError('DataInvalid', 'error.delta.write.partNotInSchema', { column: c }, { column: c });
    return f;
  });
  const dataFields = schema.fields.filter((f) => !partitionColumns.includes(f.name));
  if (changeData) dataFields.push({ name: CHANGE_TYPE_COLUMN, type: { kind: 'primitive', name: 'string' }, nullable: false, metadata: {} } as StructField);
  const groups = new Map<string, { values: Record<string, string | null>; batches: RecordBatch[] }>();
  for (const b of input.batches) {
    if (b.numRows === 0) continue;
    for (const f of [...schema.fields, ...(changeData ? dataFields.slice(-1) : [])]) {
      if (!b.schema.fields.some((x) => x.name === f.name)) throw messageError('DataInvalid', 'error.delta.write.rowsNoColumn', { column: f.name }, { column: f.name });
    }
    for (const [key, g] of splitByPartition(b, partFields)) {
      const entry = groups.get(key) ?? { values: g.values, batches: [] };
      entry.batches.push(g.batch);
      groups.set(key, entry);
    }
  }
  if ((input.columnMapping ?? 'none') === 'id') throw messageError('Unsupported', 'error.delta.write.mappingId', undefined, { feature: 'columnMapping' });
  const physical = (name: string): string => {
    if (input.columnMapping !== 'name') return name;
    const f = schema.fields.find((x) => x.name === name);
    const p = f?.metadata[PHYSICAL_NAME];
    return typeof p === 'string' ? p : name;
  };
  const out: WrittenFile[] = [];
  const max = input.maxRowsPerFile ?? 1_000_000;
  for (const g of groups.values()) {
    const values = Object.fromEntries(Object.entries(g.values).map(([k, v]) => [physical(k), v]));
    for (const chunk of chunkRows(g.batches, max)) {
      out.push(await writeOne(input, dataFields, chunk, values, changeData, physical));
    }
  }
  return out;
}

function splitByPartition(b: RecordBatch, partFields: readonly StructField[]): Map<string, { values: Record<string, string | null>; batch: RecordBatch }> {
  if (partFields.length === 0) return new Map([['', { values: {}, batch: b }]]);
  const cols = partFields.map((f) => {
    const data = b.data.children[b.schema.fields.findIndex((x) => x.name === f.name)]!;
    const read = cellReader(data.type);
    if (!read) throw messageError('Unsupported', 'error.delta.write.partSerialize', { column: f.name }, { column: f.name });
    return { f, data, read };
  });
  const rowsOf = new Map<string, { values: Record<string, string | null>; idx: number[] }>();
  for (let i = 0; i < b.numRows; i++) {
    const values: Record<string, string | null> = {};
    for (const c of cols) values[c.f.name] = partitionValueText(c.read(c.data, i), c.f);
    const key = JSON.stringify(partFields.map((f) => values[f.name]));
    const e = rowsOf.get(key) ?? { values, idx: [] };
    e.idx.push(i);
    rowsOf.set(key, e);
  }
  return new Map([...rowsOf].map(([k, e]) => [k, { values: e.values, batch: takeRows(b, Int32Array.from(e.idx)) }]));
}

/** Batches cut into groups of at most `max` rows. */
function chunkRows(batches: readonly RecordBatch[], max: number): RecordBatch[][] {
  const out: RecordBatch[][] = [[]];
  let n = 0;
  for (let b of batches) {
    while (b.numRows > 0) {
      if (n === max) { out.push([]); n = 0; }
      const take = Math.min(max - n, b.numRows);
      out[out.length - 1]!.push(take === b.numRows ? b : b.slice(0, take));
      b = take === b.numRows ? b.slice(b.numRows) : b.slice(take);
      n += take;
    }
  }
  return out.filter((c) => c.length > 0);
}

async function writeOne(
  input: WriteFilesInput, dataFields: readonly StructField[], batches: readonly RecordBatch[], values: Record<string, string | null>,
  changeData: boolean, physical: (name: string) => string,
): Promise<WrittenFile> {
  const fieldId = (f: StructField) => (input.columnMapping === 'name' && f.metadata[COLUMN_ID] !== undefined ? new Map([['PARQUET:field_id', String(f.metadata[COLUMN_ID])]]) : undefined);
  const shaped = batches.map((b) => batchFromColumns(
    dataFields.map((f) => new Field(physical(f.name), b.schema.fields.find((x) => x.name === f.name)!.type, f.nullable, fieldId(f))),
    dataFields.map((f) => b.data.children[b.schema.fields.findIndex((x) => x.name === f.name)]!),
    b.numRows,
  ));
  const pw = await ensureParquetWasm();
  let bytes: Uint8Array;
  try {
    const props = new pw.WriterPropertiesBuilder().setCompression(pw.Compression.SNAPPY).setCreatedBy('Lakescope (parquet-wasm)').build();
    bytes = pw.writeParquet(pw.Table.fromIPCStream(tableToIPC(new Table(shaped), 'stream')), props);
  } catch (e) {
    throw toLakeError(e, 'delta write: cannot encode parquet (parquet-wasm)', {}, 'Internal');
  }
  const folder = partitionFolder(input.partitionColumns.map(physical), values);
  // delta-spark's names: data files part-…, change data files _change_data/…/cdc-….
  const key = changeData ? `_change_data/${folder}cdc-00000-${crypto.randomUUID()}.c000.snappy.parquet` : `${folder}part-00000-${crypto.randomUUID()}-c000.snappy.parquet`;
  await input.storage.write(key, bytes, { signal: input.signal });
  const rows = shaped.reduce((n, b) => n + b.numRows, 0);
  if (changeData) return { key, rows, bytes: bytes.length, add: { path: logPathOf(key), partitionValues: values, size: bytes.length, dataChange: false } };
  const stats = fileStatistics(shaped, dataFields.map((f) => ({ ...f, name: physical(f.name) })), dataFields.map((f) => physical(f.name)));
  return {
    key, rows, bytes: bytes.length,
    add: { path: logPathOf(key), partitionValues: values, size: bytes.length, modificationTime: input.nowMs, dataChange: input.dataChange, stats: stringifyJson(stats) },
  };
}
