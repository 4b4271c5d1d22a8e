/**
 * Merge-on-read of one file slice (Hudi tech spec "Reader expectations"; hudi-rs `RecordMerger`;
 * `HoodieMergedLogRecordScanner`): the base file's rows, then each visible data block of the slice's log
 * files in order, combined by record key. With event-time ordering (the default when the table has an
 * ordering field) a later record replaces an earlier one unless its ordering value is smaller; with
 * commit-time ordering the later record always wins. A delete replaces a record unless its ordering
 * value is smaller; a delete without ordering value (null or 0) removes whatever came before. A record
 * with `_hoodie_is_deleted = true` is a delete carrying its ordering value.
 * Keys are only compared within one file group: Hudi never de-duplicates across file groups.
 */
import type { Data, RecordBatch } from 'apache-arrow';
import { canonicalAccessor, takeRows } from '../../../arrow/index.ts';
import type { DeleteKey } from '../io/log-content.ts';
import type { MergeMode } from '../spec/properties.ts';
import { messageError } from '../../../message-error.ts';

const RECORD_KEY_COLUMN = '_hoodie_record_key';
/** A record whose `_hoodie_is_deleted` is true is a delete (Hudi "soft/hard deletes"). */
const IS_DELETED_COLUMN = '_hoodie_is_deleted';

export type Ordering = number | bigint | string | null;

/** A step of the merge, in order: a batch of records or a list of deletes. */
export type MergeInput = { readonly kind: 'records'; readonly batch: RecordBatch } | { readonly kind: 'deletes'; readonly keys: readonly DeleteKey[] };

export interface MergeOptions {
  readonly mode: MergeMode;
  readonly orderingField?: string;
  /** Used when the files have no `_hoodie_record_key` (tables without meta fields). */
  readonly recordKeyFields: readonly string[];
  /** For error messages. */
  readonly fileGroup: string;
}

interface Winner {
  readonly input: number;
  readonly row: number;
  readonly ordering: Ordering;
  readonly deleted: boolean;
}

function isZero(v: Ordering): boolean {
  return v === null || v === 0 || v === 0n || v === '0';
}

/** Compares two ordering values of one field (numbers and bigints numerically, else as strings). */
function compareOrdering(a: Ordering, b: Ordering): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) {
    if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
    const x = typeof a === 'bigint' ? a : BigInt(Math.trunc(a));
    const y = typeof b === 'bigint' ? b : BigInt(Math.trunc(b));
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const [x, y] = [String(a), String(b)];
  if (/^-?\d+(\.\d+)?$/.test(x) && /^-?\d+(\.\d+)?$/.test(y)) return Number(x) - Number(y);
  return x < y ? -1 : x > y ? 1 : 0;
}

function column(batch: RecordBatch, name: string): { d: Data; read: (d: Data, i: number) => unknown } | undefined {
  const k = batch.schema.fields.findIndex((f) => f.name === name);
  if (k < 0) return undefined;
  return { d: batch.data.children[k]!, read: canonicalAccessor(batch.schema.fields[k]!.type) };
}

/** Record keys of a batch: `_hoodie_record_key`, or built from the key fields as the key generators do. */
function keyReader(batch: RecordBatch, o: MergeOptions): (row: number) => string {
  const meta = column(batch, RECORD_KEY_COLUMN);
  if (meta) return (i) => String(meta.read(meta.d, i));
  const cols = o.recordKeyFields.map((f) => {
    const c = column(batch, f);
    if (!c) throw messageError('DataInvalid', 'error.hudi.merge.noKey', { group: o.fileGroup, column: RECORD_KEY_COLUMN, field: f }, { column: f });
    return { f, ...c };
  });
  if (cols.length === 1) return (i) => String(cols[0]!.read(cols[0]!.d, i));
  return (i) => cols.map((c) => `${c.f}:${String(c.read(c.d, i))}`).join(',');
}

function orderingReader(batch: RecordBatch, o: MergeOptions): (row: number) => Ordering {
  const c = o.orderingField === undefined ? undefined : column(batch, o.orderingField);
  if (!c) return () => null;
  return (i) => {
    const v = c.read(c.d, i);
    if (v === null || typeof v === 'number' || typeof v === 'bigint') return v;
    if (typeof v === 'string' && /^-?\d+$/.test(v)) return BigInt(v);
    return String(v);
  };
}

/**
 * Merges the inputs of one file slice. Must hold: every key appears at most once; a winner's row is
 * returned unchanged (its batch's schema), grouped per input batch in row order.
 */
export function mergeSlice(inputs: readonly MergeInput[], o: MergeOptions): RecordBatch[] {
  const winners = new Map<string, Winner>();
  const eventTime = o.mode === 'EVENT_TIME_ORDERING' && o.orderingField !== undefined;
  inputs.forEach((input, k) => {
    if (input.kind === 'records') {
      const key = keyReader(input.batch, o);
      const ord = orderingReader(input.batch, o);
      const isDeleted = column(input.batch, IS_DELETED_COLUMN);
      for (let row = 0; row < input.batch.numRows; row++) {
        const id = key(row);
        const deleted = isDeleted !== undefined && isDeleted.read(isDeleted.d, row) === true;
        const c: Winner = { input: k, row, ordering: ord(row), deleted };
        const prev = winners.get(id);
        if (!prev || !eventTime || (prev.deleted && isZero(prev.ordering)) || compareOrdering(c.ordering, prev.ordering) >= 0) winners.set(id, c);
      }
    } else {
      for (const d of input.keys) {
        const c: Winner = { input: k, row: -1, ordering: d.orderingValue, deleted: true };
        const prev = winners.get(d.recordKey);
        if (!prev || !eventTime || isZero(c.ordering) || compareOrdering(c.ordering, prev.ordering) >= 0) winners.set(d.recordKey, c);
      }
    }
  });
  const perInput = inputs.map(() => [] as number[]);
  for (const w of winners.values()) if (!w.deleted) perInput[w.input]!.push(w.row);
  const out: RecordBatch[] = [];
  perInput.forEach((rows, k) => {
    const input = inputs[k]!;
    if (rows.length === 0 || input.kind !== 'records') return;
    rows.sort((a, b) => a - b);
    out.push(rows.length === input.batch.numRows ? input.batch : takeRows(input.batch, Int32Array.from(rows)));
  });
  return out;
}
