/**
 * Column-statistics pruning of file slices: the statistics of a base file's Parquet footer (Parquet
 * format "Statistics"), summed over its row groups, tell whether the file can hold a row matching the
 * filter. A slice is skipped only when it has no log files: a log record may update a base row into a
 * matching one, and a log file carries no statistics this reader can get without reading it (Hudi keeps
 * them in the metadata table's column_stats partition, which is HFile-based and not read here).
 *
 * Only statistics that convert exactly are used (codecs/parquet/statistics.ts, shared with Iceberg's
 * row-group filter); everything else is unknown, "might match".
 */
import type { FileMetaData } from 'hyparquet';
import { chunkBounds, readParquetFooterHead, statKindOf, storageSource, type ParquetFooter } from '../../../codecs/parquet/index.ts';
import { compareValues, evaluateMetrics, type BoundExpr, type ColumnStats, type MatchResult, type Value, type ValueType } from '../../../expr/index.ts';
import { LakeError } from '../../../errors.ts';
import type { Storage } from '../../../io/storage.ts';
import { hudiError } from '../spec/errors.ts';
import type { HudiSchema } from '../spec/schema.ts';
import { valueTypeOfAvro } from './filter.ts';
import type { HudiTaskFile } from './task.ts';
import { messageError } from '../../../message-error.ts';

/** Reads a base file's footer head (statistics, not the bloom filter Hudi writes after them). Must hold: an unreadable or invalid footer → LakeError naming the file. */
export async function readBaseFooter(storage: Storage, f: HudiTaskFile, signal?: AbortSignal): Promise<ParquetFooter> {
  if (!/\.parquet$/i.test(f.key)) throw messageError('Unsupported', 'error.hudi.notParquet', { file: f.key }, { file: f.key });
  try {
    const source = await storageSource(storage, f.key, { size: f.size > 0 ? f.size : undefined, signal });
    return await readParquetFooterHead(source, signal);
  } catch (e) {
    throw hudiError(e, `hudi plan: base file ${f.key}: cannot read its Parquet footer for column statistics`, f.key);
  }
}

/**
 * Whether a base file might hold a row matching `filter` (bound to `schema`: field id = index + 1), by
 * its footer's statistics over all row groups.
 */
export function baseFileMightMatch(filter: BoundExpr, footer: ParquetFooter, schema: HudiSchema): MatchResult {
  const chunks = new Map<string, number>();
  footer.metadata.row_groups[0]?.columns.forEach((c, j) => { if (c.meta_data?.path_in_schema.length === 1) chunks.set(c.meta_data.path_in_schema[0]!, j); });
  const cache = new Map<number, ColumnStats | undefined>();
  const stats = (id: number): ColumnStats | undefined => {
    if (cache.has(id)) return cache.get(id);
    const field = schema.type.fields[id - 1];
    const type = field && valueTypeOfAvro(field.type);
    const j = field && chunks.get(field.name);
    const s = type && j !== undefined ? fileStats(footer.metadata, j, type) : undefined;
    cache.set(id, s);
    return s;
  };
  return evaluateMetrics(filter, stats, Number(footer.numRows));
}

/** Statistics of column chunk `j` over every row group; a bound is kept only when every row group has one. */
function fileStats(metadata: FileMetaData, j: number, type: ValueType): ColumnStats {
  const kind = statKindOf(type.kind);
  let valueCount = 0;
  let nullCount: number | undefined = 0;
  let lower: Value | undefined;
  let upper: Value | undefined;
  let bounded = true;
  for (const rg of metadata.row_groups) {
    const meta = rg.columns[j]?.meta_data;
    if (!meta) return {};
    valueCount += Number(meta.num_values);
    const st = meta.statistics;
    nullCount = nullCount === undefined || st?.null_count === undefined ? undefined : nullCount + Number(st.null_count);
    const nonNull = Number(meta.num_values) - Number(st?.null_count ?? 0);
    const [lo, hi] = kind ? chunkBounds(meta, kind) : [undefined, undefined];
    if (st?.null_count !== undefined && nonNull === 0) continue; // all null: no bound needed from this row group
    if (lo === undefined || hi === undefined) { bounded = false; continue; }
    if (lower === undefined || compareValues(lo, lower) < 0) lower = lo;
    if (upper === undefined || compareValues(hi, upper) > 0) upper = hi;
  }
  return { valueCount, nullCount, ...(bounded && lower !== undefined ? { lower, upper } : {}) };
}
