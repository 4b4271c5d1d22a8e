/**
 * Writing one Parquet data file from Arrow record batches (columns in the read path's types, scan/arrow-types.ts)
 * with parquet-wasm, metrics gathered from the Arrow columns (arrow-metrics.ts): what compaction hands over,
 * so no row object is built between reader and writer. Must hold: for the same rows the file's schema, field
 * ids, codec and metrics equal data-file-writer's row path (compared on the fixtures in arrow-data-writer.test.ts).
 */
import { type Data, Field, makeData, RecordBatch, Schema, Struct, Table, tableToIPC } from 'apache-arrow';
import type { ParquetWasm } from '../../../codecs/parquet/wasm-init.ts';
import { LakeError, toLakeError } from '../../../errors.ts';
import { DEFAULT_BOUND_TRUNCATE } from '../spec/write-single-value.ts';
import type { NestedField, PrimitiveType } from '../spec/types.ts';
import { arrowColumnAcc, arrowColumnValues } from './arrow-metrics.ts';
import { addMetrics, dictionaryPays, type FileMetrics, footerFacts, type ParquetCodec, type WrittenParquet } from './data-file-writer.ts';
import { arrowFieldOf } from './parquet-schema.ts';
import { internalError, messageError } from '../../../message-error.ts';

/** Up to this many rows the dictionary decision counts distinct values (as the row path does). */
const DICTIONARY_EXACT_ROWS = 20_000;

/** The parquet-wasm Arrow fields of `fields`, or undefined when one must go through hyparquet-writer (nested, uuid, v3 types). */
export function arrowWriteFields(fields: readonly NestedField[]): Field[] | undefined {
  const out = fields.map(arrowFieldOf);
  return out.every((f) => f !== undefined) ? out as Field[] : undefined;
}

export interface ArrowWriteOptions {
  readonly wasm: ParquetWasm;
  readonly codec?: ParquetCodec;
  readonly boundTruncate?: number;
  readonly keyValueMetadata?: Readonly<Record<string, string>>;
}

/**
 * Writes `batches` (columns named and ordered as `fields`, in the reader's Arrow types) as one Parquet file.
 * Throws DataInvalid for a null in a required column, Internal when a column's Arrow type is not the one the
 * writer expects (the read path conforms every column, so that is a bug).
 */
export function writeParquetBatches(batches: readonly RecordBatch[], fields: readonly NestedField[], arrowFields: readonly Field[], opts: ArrowWriteOptions): WrittenParquet {
  const truncate = opts.boundTruncate ?? DEFAULT_BOUND_TRUNCATE;
  const rows = batches.reduce((n, b) => n + b.numRows, 0);
  const metrics: Omit<FileMetrics, 'columnSizes'> = {
    valueCounts: new Map(), nullValueCounts: new Map(), nanValueCounts: new Map(), lowerBounds: new Map(), upperBounds: new Map(),
  };
  const plainColumns: string[] = [];
  const columns: Data[][] = fields.map((f, k) => {
    const chunks = batches.map((b) => b.data.children[k]);
    const want = String(arrowFields[k].type);
    for (const c of chunks) {
      if (String(c.type) !== want) throw internalError(`iceberg write: column ${f.name} is ${String(c.type)}, expected ${want}`, { column: f.name });
      if (f.required && c.nullCount > 0) throw messageError('DataInvalid', 'error.iceberg.write.holdsNulls', { column: f.name }, { column: f.name });
    }
    const t = f.type as PrimitiveType;
    addMetrics(metrics, f.id, t, arrowColumnAcc(t, chunks), truncate);
    if (rows <= DICTIONARY_EXACT_ROWS && !dictionaryPays(t, arrowColumnValues(t, chunks))) plainColumns.push(f.name);
    return chunks;
  });
  const schema = new Schema(arrowFields as Field[]);
  const type = new Struct(arrowFields as Field[]);
  const out = batches.map((b, j) => new RecordBatch(schema, makeData({ type, length: b.numRows, nullCount: 0, children: columns.map((c) => c[j]) })));
  let bytes: Uint8Array;
  try {
    const pw = opts.wasm;
    let props = new pw.WriterPropertiesBuilder().setCompression(pw.Compression[opts.codec ?? 'SNAPPY']).setCreatedBy('lakescope (parquet-wasm)');
    for (const c of plainColumns) props = props.setColumnDictionaryEnabled(c, false);
    if (opts.keyValueMetadata && Object.keys(opts.keyValueMetadata).length) props = props.setKeyValueMetadata(new Map(Object.entries(opts.keyValueMetadata)));
    bytes = pw.writeParquet(pw.Table.fromIPCStream(tableToIPC(new Table(schema, out), 'stream')), props.build());
  } catch (e) {
    throw toLakeError(e, 'iceberg write: cannot encode parquet (parquet-wasm)', {}, 'Internal');
  }
  const { columnSizes, splitOffsets } = footerFacts(bytes);
  return { bytes, recordCount: BigInt(rows), metrics: { ...metrics, columnSizes }, splitOffsets };
}
