import { describe, expect, it } from 'vitest';
import { bindExpr, describeExpr, evaluateRow, parseWhere } from '../../../expr/index.ts';
import { parseDate, parseTimestamp } from '../../../expr/literal.ts';
import type { PartitionSpec } from './partition-spec.ts';
import { projectInclusive } from './projection.ts';
import { type Schema, schemaLookup } from './schema.ts';
import { applyTransform, parseTransform, partitionValueToString, resultType, transformToString } from './transform.ts';

const ts = (s: string) => parseTimestamp(s, 'us', true) as bigint;

describe('transforms', () => {
  it('parses names and tolerates unknown transforms', () => {
    expect(parseTransform('bucket[16]')).toEqual({ kind: 'bucket', n: 16 });
    expect(parseTransform('truncate[10]')).toEqual({ kind: 'truncate', width: 10 });
    expect(parseTransform('zorder[a,b]')).toEqual({ kind: 'unknown', name: 'zorder[a,b]' });
    expect(transformToString(parseTransform('bucket[16]'))).toBe('bucket[16]');
    expect(resultType(parseTransform('hour'), { kind: 'date' })).toBeUndefined();
    expect(resultType(parseTransform('day'), { kind: 'timestamptz' })).toEqual({ kind: 'date' });
    expect(resultType(parseTransform('bucket[4]'), { kind: 'boolean' })).toBeUndefined();
  });

  it('applies time transforms with floor semantics (pre-epoch values too)', () => {
    const tz = { kind: 'timestamptz' } as const;
    // v1_spark_partitioned_hour_identity stores hour 438296 for 2020-01-01T08:00:00Z (folder event_time_hour=2020-01-01-08).
    expect(applyTransform(parseTransform('hour'), tz, ts('2020-01-01T08:00:00Z'))).toBe(438296);
    expect(partitionValueToString(parseTransform('hour'), { kind: 'int' }, 438296)).toBe('2020-01-01-08');
    expect(applyTransform(parseTransform('day'), tz, ts('1969-12-31T23:59:59.999999Z'))).toBe(-1);
    expect(applyTransform(parseTransform('hour'), tz, -1n)).toBe(-1);
    expect(applyTransform(parseTransform('month'), tz, ts('1969-12-15T00:00:00Z'))).toBe(-1);
    expect(applyTransform(parseTransform('year'), { kind: 'date' }, parseDate('1969-06-01')!)).toBe(-1);
    expect(applyTransform(parseTransform('month'), { kind: 'date' }, parseDate('2017-11-16')!)).toBe(574);
    expect(partitionValueToString(parseTransform('month'), { kind: 'int' }, 574)).toBe('2017-11');
    expect(partitionValueToString(parseTransform('year'), { kind: 'int' }, 47)).toBe('2017');
    expect(applyTransform(parseTransform('day'), { kind: 'timestamp_ns' }, 86_400_000_000_000n)).toBe(1);
  });

  it('truncates with positive remainders, code points and bytes (spec examples)', () => {
    const t10 = parseTransform('truncate[10]');
    expect(applyTransform(t10, { kind: 'int' }, 1)).toBe(0);
    expect(applyTransform(t10, { kind: 'int' }, -1)).toBe(-10);
    expect(applyTransform(t10, { kind: 'long' }, -1n)).toBe(-10n);
    expect(applyTransform(parseTransform('truncate[50]'), { kind: 'decimal', precision: 4, scale: 2 }, 1065n)).toBe(1050n);
    expect(applyTransform(parseTransform('truncate[3]'), { kind: 'string' }, 'iceberg')).toBe('ice');
    expect(applyTransform(parseTransform('truncate[2]'), { kind: 'string' }, '\u{1F407}\u{1F407}x')).toBe('\u{1F407}\u{1F407}');
    expect(applyTransform(parseTransform('truncate[3]'), { kind: 'binary' }, new Uint8Array([1, 2, 3, 4, 5]))).toEqual(new Uint8Array([1, 2, 3]));
    expect(applyTransform(parseTransform('void'), { kind: 'int' }, 5)).toBeNull();
    expect(applyTransform(parseTransform('identity'), { kind: 'int' }, null)).toBeNull();
  });
});

describe('inclusive projection', () => {
  const schema: Schema = {
    schemaId: 0, identifierFieldIds: [], fields: [
      { id: 1, name: 'id', required: false, type: { kind: 'int' } },
      { id: 2, name: 'ts', required: false, type: { kind: 'timestamptz' } },
      { id: 3, name: 's', required: false, type: { kind: 'string' } },
      { id: 4, name: 'n', required: false, type: { kind: 'long' } },
    ],
  };
  const spec: PartitionSpec = {
    specId: 0, fields: [
      { sourceIds: [1], fieldId: 1000, name: 'id_bucket', transform: parseTransform('bucket[4]') },
      { sourceIds: [2], fieldId: 1001, name: 'ts_day', transform: parseTransform('day') },
      { sourceIds: [3], fieldId: 1002, name: 's_trunc', transform: parseTransform('truncate[3]') },
      { sourceIds: [4], fieldId: 1003, name: 'n', transform: parseTransform('identity') },
      { sourceIds: [4], fieldId: 1004, name: 'n_z', transform: parseTransform('zorder') },
    ],
  };
  const project = (where: string) => describeExpr(projectInclusive(bindExpr(parseWhere(where), schemaLookup(schema)), spec, schema));

  it('projects each transform per the reference rules', () => {
    expect(project('id = 3')).toBe('id_bucket = 3');
    expect(project('id in (1, 2, 3)')).toBe('id_bucket in (0, 3)');
    expect(project('id > 3')).toBe('true');
    expect(project("ts > '2020-01-01T08:00:00Z'")).toBe("ts_day >= '2020-01-01'");
    expect(project("ts < '2020-01-01T00:00:00Z'")).toBe("ts_day <= '2019-12-31'");
    expect(project("ts = '1969-12-31T12:00:00Z'")).toBe("ts_day in ('1969-12-31', '1970-01-01')"); // pre-0.11 writers' off-by-one accepted
    expect(project("s < 'icebox'")).toBe("s_trunc <= 'ice'");
    expect(project("s starts with 'iceberg'")).toBe("s_trunc starts with 'ice'");
    expect(project("s not starts with 'ic'")).toBe("s_trunc not starts with 'ic'");
    expect(project("s not starts with 'iceb'")).toBe('true');
    expect(project('n != 5')).toBe('n != 5'); // identity keeps everything; the unknown transform adds nothing
    expect(project('not (id = 3 or n = 1)')).toBe('n != 1');
    expect(project('id is null')).toBe('id_bucket is null');
  });

  it('never excludes a partition that holds a matching row', () => {
    // Property check over many rows: whenever the row filter matches, the projected filter matches its partition.
    const filters = ["ts > '2020-01-01T08:00:00Z'", "ts <= '1969-12-31T23:00:00Z'", 'id in (1, 5, 9)', "s >= 'icf'", "s starts with 'ab'", 'id = 7 or n < 0'];
    const strings = ['', 'a', 'ab', 'abc', 'abd', 'ice', 'iceberg', 'icf', 'zz'];
    for (const f of filters) {
      const bound = bindExpr(parseWhere(f), schemaLookup(schema));
      const projected = projectInclusive(bound, spec, schema);
      for (let i = -20; i < 20; i++) {
        const row: Record<number, unknown> = { 1: i, 2: BigInt(i) * 3_600_000_000n * 7n + 1577836800000000n * BigInt(i % 2), 3: strings[(i + 20) % strings.length], 4: BigInt(i) };
        const part: Record<number, unknown> = {};
        for (const pf of spec.fields) {
          const src = schema.fields.find((x) => x.id === pf.sourceIds[0])!;
          part[pf.fieldId] = applyTransform(pf.transform, src.type as never, row[src.id] as never);
        }
        if (evaluateRow(bound, (r) => row[r.id] as never)) {
          expect(evaluateRow(projected, (r) => part[r.id] as never), `${f} row ${i}`).toBe(true);
        }
      }
    }
  });
});
