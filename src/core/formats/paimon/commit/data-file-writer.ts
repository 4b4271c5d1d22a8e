/**
 * Writing one Paimon data file and its `DataFileMeta` manifest record (paimon-core `io/KeyValueDataFileWriter`,
 * `io/RowDataFileWriter`, `KeyValue.schema`). Primary-key files hold, in this order, the trimmed primary key
 * as `_KEY_<name>` columns (field id `SpecialFields.KEY_FIELD_ID_START` + id), `_SEQUENCE_NUMBER` (BIGINT,
 * id 2147483646), `_VALUE_KIND` (TINYINT, id 2147483645), then every table column; append files hold the
 * table columns only. Files are Parquet (zstd, as Paimon's default `file.compression`), field ids in
 * `PARQUET:field_id`. Stats: key stats over the key columns, value stats over every column, full min/max
 * (Paimon's `metadata.stats-mode = full`; its default truncates strings to 16 characters — both are bounds).
 */
import { Field, makeData, RecordBatch, Schema, Struct, Table, tableToIPC, type Data } from 'apache-arrow';
import { ensureParquetWasm } from '../../../codecs/parquet/wasm-init.ts';
import { toLakeError } from '../../../errors.ts';
import { compareValues, type Value } from '../../../expr/index.ts';
import type { Storage } from '../../../io/storage.ts';
import type { AvroRecord } from '../spec/avro-record.ts';
import { encodeBinaryRow } from '../spec/binary-row.ts';
import type { DataField, DataType } from '../spec/data-type.ts';
import { paimonError } from '../spec/errors.ts';
import { arrowType } from '../scan/arrow-type.ts';
import { arrowColumn, type InternalValues } from './row-values.ts';

/** `SpecialFields.KEY_FIELD_ID_START` (Integer.MAX_VALUE / 2). */
export const KEY_FIELD_ID_START = 1073741823;
export const SEQUENCE_FIELD_ID = 2147483646;
export const VALUE_KIND_FIELD_ID = 2147483645;

/** `types/RowKind` as stored in `_VALUE_KIND`. */
export const RowKind = { INSERT: 0, UPDATE_BEFORE: 1, UPDATE_AFTER: 2, DELETE: 3 } as const;

/** One record of a primary-key file: its key (trimmed primary key values), sequence number, kind and full row. */
export interface KeyValueRecord {
  readonly key: InternalValues;
  readonly sequence: bigint;
  readonly kind: number;
  readonly values: InternalValues;
}

export interface FileTarget {
  readonly storage: Storage;
  /** Bucket folder under the table root, with trailing '/'. */
  readonly folder: string;
  /** File name (`data-<uuid>-<n>.parquet` or `changelog-…`). */
  readonly name: string;
  readonly schemaId: number;
  readonly level: number;
  /** 1 = COMPACT (written by a compaction), 0 = APPEND. */
  readonly fileSource: 0 | 1;
  readonly nowMs: number;
  readonly signal?: AbortSignal;
}

const BIGINT_NOT_NULL: DataType = { root: 'BIGINT', nullable: false } as DataType;
const TINYINT_NOT_NULL: DataType = { root: 'TINYINT', nullable: false } as DataType;

/**
 * Writes a primary-key file of `records` (already sorted by key, then sequence) and returns its
 * DataFileMeta record. Must hold: `_MIN_KEY`/`_MAX_KEY` are the first/last record's key; the
 * sequence range and `_DELETE_ROW_COUNT` (DELETE and UPDATE_BEFORE rows) are the records' own.
 */
export async function writeKeyValueFile(t: FileTarget, keyFields: readonly DataField[], fields: readonly DataField[], records: readonly KeyValueRecord[]): Promise<AvroRecord> {
  const keyCols = keyFields.map((f, k) => ({ field: { ...f, name: `_KEY_${f.name}`, id: KEY_FIELD_ID_START + f.id }, values: records.map((r) => r.key[k]!) }));
  const columns = [
    ...keyCols,
    { field: { id: SEQUENCE_FIELD_ID, name: '_SEQUENCE_NUMBER', type: BIGINT_NOT_NULL } as DataField, values: records.map((r) => r.sequence) },
    { field: { id: VALUE_KIND_FIELD_ID, name: '_VALUE_KIND', type: TINYINT_NOT_NULL } as DataField, values: records.map((r) => r.kind) },
    ...fields.map((f, i) => ({ field: f, values: records.map((r) => r.values[i]!) })),
  ];
  const size = await writeParquet(t, columns);
  const keyTypes = keyFields.map((f) => f.type);
  const seqs = records.map((r) => r.sequence);
  const deletes = records.filter((r) => r.kind === RowKind.DELETE || r.kind === RowKind.UPDATE_BEFORE).length;
  return dataFileMeta(t, size, records.length, {
    minKey: encodeBinaryRow(records[0]!.key, keyTypes), maxKey: encodeBinaryRow(records[records.length - 1]!.key, keyTypes),
    keyStats: statsOf(keyFields, records.map((r) => r.key)), valueStats: statsOf(fields, records.map((r) => r.values)),
    minSeq: seqs.reduce((a, b) => (b < a ? b : a)), maxSeq: seqs.reduce((a, b) => (b > a ? b : a)), deletes,
  });
}

/** Writes an append-table file of `rows` with sequence numbers `firstSequence`… and returns its DataFileMeta record. */
export async function writeAppendFile(t: FileTarget, fields: readonly DataField[], rows: readonly InternalValues[], firstSequence: bigint): Promise<AvroRecord> {
  const size = await writeParquet(t, fields.map((f, i) => ({ field: f, values: rows.map((r) => r[i]!) })));
  const empty = encodeBinaryRow([], []);
  return dataFileMeta(t, size, rows.length, {
    minKey: empty, maxKey: empty, keyStats: { _MIN_VALUES: empty, _MAX_VALUES: empty, _NULL_COUNTS: [] }, valueStats: statsOf(fields, rows),
    minSeq: firstSequence, maxSeq: firstSequence + BigInt(rows.length - 1), deletes: 0,
  });
}

interface MetaParts {
  readonly minKey: Uint8Array;
  readonly maxKey: Uint8Array;
  readonly keyStats: AvroRecord;
  readonly valueStats: AvroRecord;
  readonly minSeq: bigint;
  readonly maxSeq: bigint;
  readonly deletes: number;
}

function dataFileMeta(t: FileTarget, size: number, rows: number, p: MetaParts): AvroRecord {
  return {
    _FILE_NAME: t.name, _FILE_SIZE: BigInt(size), _ROW_COUNT: BigInt(rows), _MIN_KEY: p.minKey, _MAX_KEY: p.maxKey,
    _KEY_STATS: p.keyStats, _VALUE_STATS: p.valueStats, _MIN_SEQUENCE_NUMBER: p.minSeq, _MAX_SEQUENCE_NUMBER: p.maxSeq,
    _SCHEMA_ID: BigInt(t.schemaId), _LEVEL: t.level, _EXTRA_FILES: [], _CREATION_TIME: BigInt(t.nowMs), _DELETE_ROW_COUNT: BigInt(p.deletes),
    _EMBEDDED_FILE_INDEX: null, _FILE_SOURCE: t.fileSource, _VALUE_STATS_COLS: null, _EXTERNAL_PATH: null, _FIRST_ROW_ID: null,
  };
}

/** `SimpleStats` of rows over `fields`: per-field min, max (BinaryRows, null when every value is null) and null counts. */
export function statsOf(fields: readonly DataField[], rows: readonly InternalValues[]): AvroRecord {
  const mins: (Value | null)[] = fields.map(() => null);
  const maxs: (Value | null)[] = fields.map(() => null);
  const nulls = fields.map(() => 0n);
  for (const r of rows) {
    fields.forEach((_, i) => {
      const v = r[i];
      if (v === null || v === undefined) { nulls[i]! += 1n; return; }
      if (typeof v === 'number' && Number.isNaN(v)) return;
      if (mins[i] === null || compareValues(v, mins[i]!) < 0) mins[i] = v;
      if (maxs[i] === null || compareValues(v, maxs[i]!) > 0) maxs[i] = v;
    });
  }
  const types = fields.map((f) => f.type);
  return { _MIN_VALUES: encodeBinaryRow(mins, types), _MAX_VALUES: encodeBinaryRow(maxs, types), _NULL_COUNTS: nulls };
}

async function writeParquet(t: FileTarget, columns: readonly { field: DataField; values: readonly (Value | null)[] }[]): Promise<number> {
  const fields = columns.map(({ field: f }) => new Field(f.name, arrowType(f.type), f.type.nullable, new Map([['PARQUET:field_id', String(f.id)]])));
  const data: Data[] = columns.map((c) => arrowColumn(c.field.type, c.values));
  const length = columns[0]?.values.length ?? 0;
  const batch = new RecordBatch(new Schema(fields), makeData({ type: new Struct(fields), length, nullCount: 0, children: data }));
  const pw = await ensureParquetWasm();
  let bytes: Uint8Array;
  try {
    const props = new pw.WriterPropertiesBuilder().setCompression(pw.Compression.ZSTD).setCreatedBy('Lakescope (parquet-wasm)').build();
    bytes = pw.writeParquet(pw.Table.fromIPCStream(tableToIPC(new Table([batch]), 'stream')), props);
  } catch (e) {
    throw toLakeError(e, `paimon write: cannot encode parquet for ${t.folder}${t.name} (parquet-wasm)`, { file: `${t.folder}${t.name}` }, 'Internal');
  }
  const key = `${t.folder}${t.name}`;
  try {
    await t.storage.write(key, bytes, { ifNoneMatch: '*', signal: t.signal });
  } catch (e) {
    throw paimonError(e, 'paimon write: cannot write', key, 'Io');
  }
  return bytes.length;
}
