/**
 * Iceberg data files in ORC (spec "ORC" appendix: field ids in the `iceberg.id` type attribute): the
 * file's stripes as Arrow batches (only the needed columns decoded), with each stripe's first row
 * position (for position deletes). A
 * read with a filter reads only the stripes whose statistics can match it: the tail is one ranged
 * read, each kept stripe one more; pruned stripes are never fetched.
 */
import type { RecordBatch } from 'apache-arrow';
import { fieldIdOf, readOrcTail, readOrcToArrow, selectStripes, topColumns, type OrcColumnRange, type OrcType } from '../../../codecs/orc/index.ts';
import type { BoundExpr } from '../../../expr/expr.ts';
import { type ColumnStats, evaluateMetrics } from '../../../expr/metrics-evaluator.ts';
import type { Value } from '../../../expr/types.ts';
import type { TableFiles } from '../io/table-files.ts';
import { type Schema, findField } from '../spec/schema.ts';
import { type IcebergType, isNested } from '../spec/types.ts';
import type { FileScanTask } from './task.ts';

/** A stripe's batch and the file position of its first row. */
export interface PositionedBatch { readonly batch: RecordBatch; readonly first: number }

/**
 * Yields the stripes of an ORC data file that may hold rows matching `filter` (all without one).
 * Must hold: a stripe is skipped only when its statistics say no row can match; rows in file order.
 */
export async function* orcFileBatches(files: TableFiles, task: FileScanTask, schema: Schema, filter: BoundExpr | undefined,
  neededIds: readonly number[] | undefined, signal?: AbortSignal): AsyncGenerator<PositionedBatch> {
  const source = files.source(task.path, Number(task.fileSizeInBytes));
  const tail = await readOrcTail(source, signal);
  // Column projection: when every top-level column carries its field id, decode only the needed ones.
  const top = topColumns(tail.schema);
  const ids = top.map(fieldIdOf);
  const columns = neededIds && ids.every((id) => id !== undefined)
    ? top.filter((c, i) => neededIds.includes(ids[i]!)).map((c) => c.name)
    : undefined;
  const starts: number[] = [];
  tail.footer.stripes.reduce((acc, s, i) => { starts[i] = acc; return acc + s.numberOfRows; }, 0);
  const stripes = filter && filter.op !== 'true' ? selectStripes(tail, stripePredicate(filter, topColumns(tail.schema), schema)) : undefined;
  for (const s of stripes ?? tail.footer.stripes.map((_, i) => i)) {
    for await (const batch of readOrcToArrow(source, { tail, stripes: [s], columns, signal })) yield { batch, first: starts[s]! };
  }
}

/** The filter over a stripe's statistics, top-level primitive columns matched by field id (then name). */
function stripePredicate(filter: BoundExpr, columns: readonly OrcType[], schema: Schema) {
  const byId = new Map<number, OrcType>();
  for (const c of columns) {
    const id = fieldIdOf(c);
    if (id !== undefined) byId.set(id, c);
  }
  return (range: (columnId: number) => OrcColumnRange | undefined, rows: number): boolean => {
    const stats = (id: number): ColumnStats | undefined => {
      const field = findField(schema, id);
      const column = byId.get(id) ?? (byId.size === 0 && field ? columns.find((c) => c.name === field.name) : undefined);
      if (!column || !field || isNested(field.type)) return undefined;
      const r = range(column.id);
      if (!r) return undefined;
      const nonNull = r.count === undefined ? undefined : Number(r.count);
      return {
        valueCount: rows,
        nullCount: nonNull === undefined ? undefined : rows - nonNull,
        lower: convert(r.min, field.type, -1),
        upper: convert(r.max, field.type, 1),
      };
    };
    return evaluateMetrics(filter, stats, rows).match;
  };
}

/** An ORC statistic as an internal value of the Iceberg type; undefined when it cannot be exact or safely widened. */
function convert(v: OrcColumnRange['min'], type: IcebergType, side: -1 | 1): Value | undefined {
  if (v === undefined) return undefined;
  switch (type.kind) {
    case 'boolean': return typeof v === 'boolean' ? v : undefined;
    case 'int': return typeof v === 'bigint' ? Number(v) : undefined;
    case 'date': return typeof v === 'number' ? v : undefined;
    case 'long': return typeof v === 'bigint' ? v : undefined;
    case 'string': return typeof v === 'string' ? v : undefined;
    case 'decimal': return typeof v === 'bigint' ? v : undefined;
    case 'timestamp': case 'timestamptz': {
      if (typeof v !== 'bigint') return undefined;
      const q = v / 1000n; // ns → µs, widened outward
      return side < 0 ? (v < 0n && q * 1000n !== v ? q - 1n : q) : (v > 0n && q * 1000n !== v ? q + 1n : q);
    }
    case 'timestamp_ns': case 'timestamptz_ns': return typeof v === 'bigint' ? v : undefined;
    // Floating point statistics: writers disagree on NaN in min/max; never used (as for Parquet).
    default: return undefined;
  }
}
