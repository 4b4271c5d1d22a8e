/**
 * Whole-file Parquet → Arrow with parquet-wasm (arrow-rs compiled to wasm): 1.5–5x faster than
 * hyparquet end to end for full scans (notes/toolchain.md), and it decodes every physical/logical
 * type found in the fixtures (INT96 → Timestamp(ns), decimals in FIXED_LEN_BYTE_ARRAY, nested
 * lists/maps/structs: all 146 fixture files read).
 *
 * Traps handled here:
 * - parquet-wasm 0.8.0 ignores `columns`: we decode everything and project afterwards by name.
 * - its wasm memory only grows: we decode one row group at a time, so peak memory is one row group.
 * Field ids: every Arrow field (nested ones too) carries `PARQUET:field_id` metadata when the file
 * has field ids; schema-level metadata is not carried.
 */
import { tableFromIPC, type RecordBatch, type Table } from 'apache-arrow';
import { parquetMetadata } from 'hyparquet';
import { isLakeError, throwIfAborted, toLakeError, type LakeErrorContext } from '../../errors.ts';
import { readAllBytes, type ByteSource } from './byte-source.ts';
import { ensureParquetWasm } from './wasm-init.ts';
import { POOL_MIN_BYTES, parquetDecodePool } from './decode-pool.ts';
import { causedError, messageError } from '../../message-error.ts';

export interface ReadParquetArrowOptions {
  /** Top-level column names to keep, in this order; names absent from the file are skipped. All when absent. */
  readonly columns?: readonly string[];
  /** Row-group indexes to read, in this order; all when absent. */
  readonly rowGroups?: readonly number[];
  /**
   * Decode every row group in one call, without parsing the footer first to count them (a caller that
   * has no other use for the footer saves that parse); memory then peaks at the whole file's Arrow
   * form, so keep it to files of a few MiB. Ignored when `rowGroups` is given.
   */
  readonly wholeFile?: boolean;
  /** Rows per Arrow batch (default 65,536). */
  readonly batchSize?: number;
  readonly signal?: AbortSignal;
  /** File name for error contexts when `input` is bytes. */
  readonly name?: string;
}

const DEFAULT_BATCH_SIZE = 65_536;

/**
 * Decodes a Parquet file into Arrow record batches. Must hold: the batches' rows, concatenated, are
 * the selected row groups' rows in order (the whole file by default); corrupt input → LakeError
 * DataInvalid `parquet: …` with `{file}`; abort → Aborted between row groups.
 */
export async function* readParquetToArrow(input: Uint8Array | ByteSource, opts: ReadParquetArrowOptions = {}): AsyncGenerator<RecordBatch> {
  const name = input instanceof Uint8Array ? opts.name : input.name ?? opts.name;
  const context: LakeErrorContext = name === undefined ? {} : { file: name };
  const bytes = input instanceof Uint8Array ? input : await readAllBytes(input, opts.signal);
  const whole = opts.wholeFile === true && opts.rowGroups === undefined;
  const rowGroups = whole ? [-1] : opts.rowGroups ?? allRowGroups(bytes, context);
  const batchSize = opts.batchSize ?? DEFAULT_BATCH_SIZE;
  const pool = bytes.byteLength >= POOL_MIN_BYTES ? parquetDecodePool() : undefined;
  for (const rg of rowGroups) {
    throwIfAborted(opts.signal, 'parquet read');
    const groups = whole ? undefined : [rg];
    const here = async () => (await ensureParquetWasm()).readParquet(bytes, { ...(groups ? { rowGroups: groups } : {}), batchSize }).intoIPCStream();
    let table: Table;
    try {
      // The same decode either way: on a worker of the platform's pool (issue 17), or here — also when the
      // pool's workers cannot start in this environment.
      const ipc = pool?.usable ? await pool.decode(bytes, { ...(groups ? { rowGroups: groups } : {}), batchSize, ...(name === undefined ? {} : { name }), ...(opts.signal ? { signal: opts.signal } : {}) })
        .catch((e: unknown) => (pool.usable || isLakeError(e, 'Aborted') ? Promise.reject(e) : here()))
        : await here();
      table = tableFromIPC(ipc);
    } catch (e) {
      if (isLakeError(e)) throw e; // Aborted, or a worker that died: already named
      throw whole ? toLakeError(e, 'parquet: cannot decode the file', context, 'DataInvalid')
        : toLakeError(e, `parquet: cannot decode row group ${rg}`, { ...context, rowGroup: rg }, 'DataInvalid');
    }
    if (opts.columns) table = table.select(opts.columns.filter((c) => table.schema.fields.some((f) => f.name === c)));
    yield* table.batches;
  }
}

/** Reads every selected row group into one Arrow Table (convenience for small files and tests). */
export async function readParquetTable(input: Uint8Array | ByteSource, opts: ReadParquetArrowOptions = {}): Promise<RecordBatch[]> {
  const out: RecordBatch[] = [];
  for await (const b of readParquetToArrow(input, opts)) out.push(b);
  return out;
}

function allRowGroups(bytes: Uint8Array, context: LakeErrorContext): number[] {
  let count: number;
  try {
    count = parquetMetadata(bytes).row_groups.length;
  } catch (e) {
    throw causedError(e, 'parquet: invalid footer', context, 'DataInvalid', 'error.parquet.invalidFooter', (detail) => ({ detail }));
  }
  if (count > 1_000_000) throw messageError('DataInvalid', 'error.parquet.rowGroupCount', { count }, context);
  return Array.from({ length: count }, (_, i) => i);
}
