/**
 * Merge-on-read of one primary-key bucket (paimon-core `mergetree/MergeTreeReaders`, merge functions
 * `DeduplicateMergeFunction` and `FirstRowMergeFunction`): records of the same key across all files
 * and levels are combined; the record with the highest `_SEQUENCE_NUMBER` wins (the lowest for
 * first-row), and a winner whose `_VALUE_KIND` is UPDATE_BEFORE (1) or DELETE (3) removes the key.
 * With `ignore-delete` such records never take part.
 *
 * Written by hand over Arrow buffers: rows are only compared and selected, never converted, and the
 * winners are gathered with core/arrow's take.
 */
import type { RecordBatch } from 'apache-arrow';
import { canonicalAccessor, takeRows } from '../../../arrow/index.ts';
import type { SplitMode } from './task.ts';
import { messageError } from '../../../message-error.ts';

/** `RowKind` byte values (paimon-common `types/RowKind`). */
const ROW_KIND = { INSERT: 0, UPDATE_BEFORE: 1, UPDATE_AFTER: 2, DELETE: 3 } as const;

export const SEQUENCE_COLUMN = '_SEQUENCE_NUMBER';
export const VALUE_KIND_COLUMN = '_VALUE_KIND';

/** One batch of a file of the bucket, with the file's level and read order. */
export interface MergeInput {
  readonly batch: RecordBatch;
  readonly level: number;
  /** Position of the file in the split (later files of equal level and sequence win ties). */
  readonly order: number;
}

interface Candidate {
  readonly input: number;
  readonly row: number;
  readonly seq: bigint;
  readonly kind: number;
}

/**
 * Merges the batches of one bucket. Must hold: every key appears at most once in the output; its
 * row is the winner's row unchanged; batches must carry `_SEQUENCE_NUMBER` and `_VALUE_KIND` and the
 * key columns named in `keyColumns`. Output batches keep the input schema and row order.
 */
export function mergeBucket(inputs: readonly MergeInput[], keyColumns: readonly string[], mode: Exclude<SplitMode, 'append'>, ignoreDelete: boolean): RecordBatch[] {
  const winners = new Map<string, Candidate>();
  inputs.forEach((input, k) => {
    const { batch } = input;
    const col = (name: string) => {
      const i = batch.schema.fields.findIndex((f) => f.name === name);
      if (i < 0) throw messageError('DataInvalid', 'error.paimon.pkTableColumn', { column: name }, { column: name });
      return batch.data.children[i]!;
    };
    const seqs = col(SEQUENCE_COLUMN).values as BigInt64Array;
    const kindData = col(VALUE_KIND_COLUMN);
    const kinds = kindData.values as Int8Array | Int32Array;
    const keys = keyColumns.map((name) => {
      const d = col(name);
      return { d, read: canonicalAccessor(d.type) };
    });
    for (let row = 0; row < batch.numRows; row++) {
      const kind = Number(kinds[row]);
      const retract = kind === ROW_KIND.UPDATE_BEFORE || kind === ROW_KIND.DELETE;
      if (retract && (ignoreDelete || mode === 'first-row')) continue;
      const key = JSON.stringify(keys.map(({ d, read }) => read(d, row)));
      const c: Candidate = { input: k, row, seq: seqs[row]!, kind };
      const prev = winners.get(key);
      if (!prev || beats(c, prev, inputs, mode)) winners.set(key, c);
    }
  });
  const perInput = inputs.map(() => [] as number[]);
  for (const c of winners.values()) {
    if (mode === 'deduplicate' && (c.kind === ROW_KIND.UPDATE_BEFORE || c.kind === ROW_KIND.DELETE)) continue;
    perInput[c.input]!.push(c.row);
  }
  const out: RecordBatch[] = [];
  perInput.forEach((rows, k) => {
    if (rows.length === 0) return;
    rows.sort((a, b) => a - b);
    const batch = inputs[k]!.batch;
    out.push(rows.length === batch.numRows ? batch : takeRows(batch, Int32Array.from(rows)));
  });
  return out;
}

/** True when `c` replaces `prev` as the key's winner. */
function beats(c: Candidate, prev: Candidate, inputs: readonly MergeInput[], mode: Exclude<SplitMode, 'append'>): boolean {
  if (c.seq !== prev.seq) return mode === 'first-row' ? c.seq < prev.seq : c.seq > prev.seq;
  // Equal sequence numbers: the newer file wins (lower level, then later in the split, then later row).
  const a = inputs[c.input]!;
  const b = inputs[prev.input]!;
  if (a.level !== b.level) return a.level < b.level;
  if (a.order !== b.order) return a.order > b.order;
  return c.row > prev.row;
}
