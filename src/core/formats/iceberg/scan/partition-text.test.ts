/** Partition tuples and summaries in skip reasons: each transform's human form, named after the partition field. */
import { describe, expect, it } from 'vitest';
import { alwaysTrue } from '../../../expr/expr.ts';
import { bindExpr, parseWhere } from '../../../expr/index.ts';
import type { PartitionSpec, PartitionTupleField } from '../spec/partition-spec.ts';
import { partitionType } from '../spec/partition-spec.ts';
import { projectInclusive } from '../spec/projection.ts';
import { type Schema, schemaLookup } from '../spec/schema.ts';
import { parseTransform } from '../spec/transform.ts';
import { type DecodedSummary, partitionSummaryText, partitionTupleText } from './partition-text.ts';

const schema: Schema = {
  schemaId: 0, identifierFieldIds: [],
  fields: [
    { id: 1, name: 'ts', required: false, type: { kind: 'timestamptz' } },
    { id: 2, name: 'd', required: false, type: { kind: 'date' } },
    { id: 3, name: 'name', required: false, type: { kind: 'string' } },
    { id: 4, name: 'amount', required: false, type: { kind: 'decimal', precision: 10, scale: 2 } },
    { id: 5, name: 'blob', required: false, type: { kind: 'binary' } },
  ],
} as unknown as Schema;

const field = (fieldId: number, sourceId: number, name: string, transform: string) => ({ fieldId, sourceIds: [sourceId], name, transform: parseTransform(transform) });
const spec: PartitionSpec = {
  specId: 0,
  fields: [
    field(1000, 1, 'ts_hour', 'hour'), field(1001, 1, 'ts_day', 'day'), field(1002, 1, 'ts_month', 'month'), field(1003, 1, 'ts_year', 'year'),
    field(1004, 1, 'ts', 'identity'), field(1005, 2, 'd', 'identity'), field(1006, 3, 'name_bucket', 'bucket[16]'),
    field(1007, 3, 'name_trunc', 'truncate[2]'), field(1008, 4, 'amount_trunc', 'truncate[100]'), field(1009, 5, 'blob', 'identity'),
  ],
};
const fields: PartitionTupleField[] = partitionType(spec, schema);

describe('partitionTupleText', () => {
  it('prints every transform in its human form with the partition field names', () => {
    const text = partitionTupleText(fields, [438296, 18262, 600, 50, 1577865600000000n, 18263, 3, 'ab', 1200n, new Uint8Array([0xca, 0xfe])]);
    expect(text).toBe('ts_hour=2020-01-01-08, ts_day=2020-01-01, ts_month=2020-01, ts_year=2020, ts=2020-01-01T08:00:00.000000Z, '
      + 'd=2020-01-02, name_bucket=3, name_trunc=ab, amount_trunc=12.00, blob=0xcafe');
  });

  it('shows null partition values and times before 1970', () => {
    expect(partitionTupleText(fields.slice(0, 4), [null, -1, -1, -1])).toBe('ts_hour=null, ts_day=1969-12-31, ts_month=1969-12, ts_year=1969');
    expect(partitionTupleText(fields.slice(0, 1), [-1])).toBe('ts_hour=1969-12-31-23');
  });

  it('shows a value without a field (malformed tuple) bare instead of failing', () => {
    expect(partitionTupleText(fields.slice(0, 1), [438296, 'x'])).toBe('ts_hour=2020-01-01-08, x');
  });
});

describe('partitionSummaryText', () => {
  const projected = (where: string) => projectInclusive(bindExpr(parseWhere(where), schemaLookup(schema)), spec, schema);
  const summary = (i: number, lower: unknown, upper: unknown, containsNull = false, containsNaN?: boolean): DecodedSummary => ({
    field: fields[i]!, lower: lower as never, upper: upper as never,
    summary: { containsNull, containsNaN, lowerBound: lower === undefined ? undefined : new Uint8Array(1), upperBound: upper === undefined ? undefined : new Uint8Array(1) },
  });

  it('names only the fields the filter refers to, with ranges in human form', () => {
    const summaries = [summary(0, 438296, 438298), summary(6, 0, 15), summary(5, 18262, 18262, true)];
    expect(partitionSummaryText(summaries, projected("ts >= '2030-01-01T00:00:00Z'"))).toBe('ts_hour in [2020-01-01-08, 2020-01-01-10]');
    expect(partitionSummaryText(summaries, projected("d = '2030-01-01'"))).toBe('d=2020-01-01 or null');
  });

  it('a field without bounds holds only nulls/NaNs; a constant filter names nothing', () => {
    expect(partitionSummaryText([summary(5, undefined, undefined, true)], projected("d = '2030-01-01'"))).toBe('d=null');
    expect(partitionSummaryText([summary(5, 1, 2)], projectInclusive(alwaysTrue, spec, schema))).toBe('');
  });
});
