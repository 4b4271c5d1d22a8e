/**
 * Batches of a scan cut to a row limit: one place for the loop the formats' `scan()` helpers share.
 */
import type { RecordBatch } from 'apache-arrow';

/**
 * Yields `batches` in order until `limit` rows have been yielded (all of them when `limit` is undefined);
 * the last batch is sliced. Stops pulling from `batches` once the limit is reached.
 */
export async function* limitBatches(batches: AsyncIterable<RecordBatch>, limit?: number): AsyncGenerator<RecordBatch> {
  let left = limit ?? Infinity;
  if (left <= 0) return;
  for await (const b of batches) {
    const out = b.numRows > left ? b.slice(0, left) : b;
    left -= out.numRows;
    yield out;
    if (left <= 0) return;
  }
}
