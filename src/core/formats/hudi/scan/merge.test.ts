/** The slice merge on small hand-built inputs: ordering, ties, deletes, `_hoodie_is_deleted`, commit-time mode. */
import { describe, expect, it } from 'vitest';
import { canonicalRows } from '../../../arrow/index.ts';
import { parseAvroSchema } from '../../../codecs/avro/index.ts';
import { recordsToBatch } from '../io/avro-arrow.ts';
import { mergeSlice, type MergeInput, type MergeOptions } from './merge.ts';

const type = parseAvroSchema({
  type: 'record', name: 'r', fields: [
    { name: '_hoodie_record_key', type: 'string' }, { name: 'ts', type: 'long' }, { name: 'v', type: 'string' },
    { name: '_hoodie_is_deleted', type: 'boolean' },
  ],
});
const recs = (...rows: [string, number, string, boolean?][]): MergeInput => ({
  kind: 'records', batch: recordsToBatch(type, rows.map(([k, ts, v, d]) => ({ _hoodie_record_key: k, ts: BigInt(ts), v, _hoodie_is_deleted: d ?? false }))),
});
const event: MergeOptions = { mode: 'EVENT_TIME_ORDERING', orderingField: 'ts', recordKeyFields: ['k'], fileGroup: 'p/fg' };
const out = (inputs: MergeInput[], o = event) => canonicalRows(mergeSlice(inputs, o), { columns: ['_hoodie_record_key', 'v'] }).map((r) => `${String(r._hoodie_record_key)}=${String(r.v)}`).sort();

describe('hudi slice merge', () => {
  it('a later record wins unless its ordering value is smaller; ties go to the later one', () => {
    expect(out([recs(['a', 5, 'base'], ['b', 5, 'base'], ['c', 5, 'base']), recs(['a', 6, 'log'], ['b', 4, 'log'], ['c', 5, 'log'])]))
      .toEqual(['a=log', 'b=base', 'c=log']);
  });
  it('commit-time ordering: the later record always wins', () => {
    expect(out([recs(['b', 5, 'base']), recs(['b', 4, 'log'])], { ...event, mode: 'COMMIT_TIME_ORDERING' })).toEqual(['b=log']);
  });
  it('deletes: with a larger or no ordering value they remove the key, with a smaller one they lose', () => {
    expect(out([
      recs(['a', 5, 'base'], ['b', 5, 'base'], ['c', 5, 'base']),
      { kind: 'deletes', keys: [{ recordKey: 'a', orderingValue: 7n }, { recordKey: 'b', orderingValue: null }, { recordKey: 'c', orderingValue: 3n }] },
    ])).toEqual(['c=base']);
  });
  it('a record after a delete comes back; _hoodie_is_deleted = true deletes', () => {
    expect(out([recs(['a', 5, 'base'], ['b', 5, 'base']), { kind: 'deletes', keys: [{ recordKey: 'a', orderingValue: 0 }] }, recs(['a', 6, 'again'], ['b', 6, 'x', true])]))
      .toEqual(['a=again']);
  });
});
