/**
 * Writing one Parquet data file from rows, with the column metrics manifests carry (spec "Manifests":
 * `value_counts`, `null_value_counts`, `nan_value_counts`, `lower_bounds`, `upper_bounds` in Appendix D
 * binary form, `column_sizes`, `split_offsets`), so that scan planning can prune the file.
 *
 * Metrics are computed from the values themselves (not from Parquet statistics) for every primitive column
 * reachable through structs only; string and binary bounds are truncated to 16 (Java's default metrics
 * mode `truncate(16)`), the upper one incremented so it still bounds the values. Columns inside lists or
 * maps get no metrics, which is allowed ("optional") and costs only pruning.
 */
import { parquetMetadata } from 'hyparquet';
import { ByteWriter, parquetWrite } from 'hyparquet-writer';
import { LakeError, toLakeError } from '../../../errors.ts';
import { compareValues } from '../../../expr/compare.ts';
import type { Value } from '../../../expr/types.ts';
import type { IcebergType, NestedField, PrimitiveType } from '../spec/types.ts';
import {
  DEFAULT_BOUND_TRUNCATE, encodeBinaryValue, truncateLowerBinary, truncateLowerString, truncateUpperBinary, truncateUpperString,
} from '../spec/write-single-value.ts';
import { parquetSchemaOf } from './parquet-schema.ts';
import { normalizeRow, type Row } from './row-values.ts';

export interface FileMetrics {
  readonly columnSizes: Map<number, bigint>;
  readonly valueCounts: Map<number, bigint>;
  readonly nullValueCounts: Map<number, bigint>;
  readonly nanValueCounts: Map<number, bigint>;
  readonly lowerBounds: Map<number, Uint8Array>;
  readonly upperBounds: Map<number, Uint8Array>;
}

export interface WrittenParquet {
  readonly bytes: Uint8Array;
  readonly recordCount: bigint;
  readonly metrics: FileMetrics;
  /** Byte offsets of the row groups (spec: `split_offsets`, ascending). */
  readonly splitOffsets: readonly bigint[];
}

export interface ParquetWriteOptions {
  /** 'SNAPPY' (default) or 'UNCOMPRESSED'. */
  readonly codec?: 'SNAPPY' | 'UNCOMPRESSED';
  readonly rowGroupSize?: number;
  readonly boundTruncate?: number;
  /** Extra key-value metadata (e.g. `iceberg.schema`, which Java writers add and some readers use). */
  readonly keyValueMetadata?: Readonly<Record<string, string>>;
}

/**
 * Writes `rows` (objects keyed by the names of `fields`) as one Parquet file whose schema carries the
 * field ids. Throws DataInvalid for rows that do not fit the fields (naming row and column) and
 * Unsupported for column types this writer cannot encode (variant, geometry, geography, unknown).
 */
export function writeParquet(rows: readonly Row[], fields: readonly NestedField[], opts: ParquetWriteOptions = {}): WrittenParquet {
  const normalized = rows.map((r, i) => normalizeRow(r, fields, i));
  const schema = parquetSchemaOf(fields);
  const writer = new ByteWriter();
  try {
    parquetWrite({
      writer,
      schema,
      columnData: fields.map((f) => ({ name: f.name, data: normalized.map((r) => r[f.name]) })),
      codec: opts.codec ?? 'SNAPPY',
      statistics: true,
      rowGroupSize: opts.rowGroupSize ?? 100_000,
      createdBy: 'lakescope (hyparquet-writer)',
      // Never an empty list: hyparquet-writer encodes it with an element type arrow-rs (parquet-wasm) rejects.
      kvMetadata: opts.keyValueMetadata && Object.keys(opts.keyValueMetadata).length ? Object.entries(opts.keyValueMetadata).map(([key, value]) => ({ key, value })) : undefined,
    });
  } catch (e) {
    throw toLakeError(e, 'iceberg write: cannot encode parquet', {}, 'DataInvalid');
  }
  const bytes = writer.getBytes().slice();
  const metrics = valueMetrics(normalized, fields, opts.boundTruncate ?? DEFAULT_BOUND_TRUNCATE);
  const { columnSizes, splitOffsets } = footerFacts(bytes);
  return { bytes, recordCount: BigInt(rows.length), metrics: { ...metrics, columnSizes }, splitOffsets };
}

/** Column sizes by field id and row group offsets, read back from the footer just written. */
function footerFacts(bytes: Uint8Array): { columnSizes: Map<number, bigint>; splitOffsets: bigint[] } {
  const meta = parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const idByPath = new Map<string, number>();
  const walk = (start: number, path: string[]): number => {
    const el = meta.schema[start];
    const p = start === 0 ? [] : [...path, el.name];
    if (start > 0 && el.field_id !== undefined && !el.num_children) idByPath.set(p.join('.'), el.field_id);
    let i = start + 1;
    for (let c = 0; c < (el.num_children ?? 0); c++) i = walk(i, p);
    return i;
  };
  walk(0, []);
  const columnSizes = new Map<number, bigint>();
  const splitOffsets: bigint[] = [];
  for (const rg of meta.row_groups) {
    const first = rg.columns[0]?.meta_data;
    if (first) splitOffsets.push(first.dictionary_page_offset ?? first.data_page_offset);
    for (const c of rg.columns) {
      const id = c.meta_data ? idByPath.get(c.meta_data.path_in_schema.join('.')) : undefined;
      if (id !== undefined) columnSizes.set(id, (columnSizes.get(id) ?? 0n) + c.meta_data!.total_compressed_size);
    }
  }
  return { columnSizes, splitOffsets };
}

interface Acc { values: number; nulls: number; nans: number; lower?: Value; upper?: Value }

/** Value/null/NaN counts and bounds for primitive columns reachable through structs only. */
function valueMetrics(rows: readonly Record<string, unknown>[], fields: readonly NestedField[], truncate: number): Omit<FileMetrics, 'columnSizes'> {
  const leaves: { id: number; path: string[]; type: PrimitiveType }[] = [];
  const collect = (fs: readonly NestedField[], path: string[]) => {
    for (const f of fs) {
      if (f.type.kind === 'struct') collect(f.type.fields, [...path, f.name]);
      else if (!isContainer(f.type)) leaves.push({ id: f.id, path: [...path, f.name], type: f.type as PrimitiveType });
    }
  };
  collect(fields, []);
  const valueCounts = new Map<number, bigint>(); const nullValueCounts = new Map<number, bigint>();
  const nanValueCounts = new Map<number, bigint>(); const lowerBounds = new Map<number, Uint8Array>(); const upperBounds = new Map<number, Uint8Array>();
  for (const leaf of leaves) {
    const acc: Acc = { values: 0, nulls: 0, nans: 0 };
    for (const r of rows) {
      let v: unknown = r;
      for (const p of leaf.path) v = v === null || v === undefined ? v : (v as Record<string, unknown>)[p];
      acc.values++;
      if (v === null || v === undefined) { acc.nulls++; continue; }
      if (typeof v === 'number' && Number.isNaN(v)) { acc.nans++; continue; }
      const val = v as Value;
      if (acc.lower === undefined || compareValues(val, acc.lower) < 0) acc.lower = val;
      if (acc.upper === undefined || compareValues(val, acc.upper) > 0) acc.upper = val;
    }
    valueCounts.set(leaf.id, BigInt(acc.values));
    nullValueCounts.set(leaf.id, BigInt(acc.nulls));
    if (leaf.type.kind === 'float' || leaf.type.kind === 'double') nanValueCounts.set(leaf.id, BigInt(acc.nans));
    const [lo, hi] = bounds(leaf.type, acc, truncate);
    if (lo) lowerBounds.set(leaf.id, lo);
    if (hi) upperBounds.set(leaf.id, hi);
  }
  return { valueCounts, nullValueCounts, nanValueCounts, lowerBounds, upperBounds };
}

function isContainer(t: IcebergType): boolean {
  return t.kind === 'list' || t.kind === 'map' || t.kind === 'struct';
}

function bounds(t: PrimitiveType, acc: Acc, n: number): [Uint8Array | undefined, Uint8Array | undefined] {
  if (acc.lower === undefined || acc.upper === undefined) return [undefined, undefined];
  // -0.0 must precede +0.0 in bounds (spec "Manifests", IEEE 754 totalOrder): compareValues already orders them so.
  if (t.kind === 'string') {
    const hi = truncateUpperString(acc.upper as string, n);
    return [encodeBinaryValue(t, truncateLowerString(acc.lower as string, n)), hi === undefined ? undefined : encodeBinaryValue(t, hi)];
  }
  if (t.kind === 'binary') {
    return [truncateLowerBinary(acc.lower as Uint8Array, n), truncateUpperBinary(acc.upper as Uint8Array, n)];
  }
  try {
    return [encodeBinaryValue(t, acc.lower), encodeBinaryValue(t, acc.upper)];
  } catch (e) {
    throw new LakeError('Internal', `iceberg write: cannot encode bounds of ${t.kind}`, {}, { cause: e });
  }
}
