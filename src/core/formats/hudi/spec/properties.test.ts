/** hoodie.properties: versions 6/8/9 only, refusals that name what is refused, Java escapes, the writer's zone. */
import { describe, expect, it } from 'vitest';
import { parseJavaProperties, parseTableConfig, zoneOffsetFromComments } from './properties.ts';

const base = ['hoodie.table.type=MERGE_ON_READ', 'hoodie.table.recordkey.fields=id', 'hoodie.table.precombine.field=ts'];
const config = (...lines: string[]) => parseTableConfig([...base, ...lines].join('\n'));

describe('hudi table config', () => {
  it('reads versions 6, 8 and 9 and refuses others naming the version', () => {
    for (const v of [6, 8, 9]) expect(config(`hoodie.table.version=${v}`).version).toBe(v);
    for (const v of ['5', '7', '10']) {
      expect(() => config(`hoodie.table.version=${v}`)).toThrow(expect.objectContaining({ code: 'Unsupported', message: expect.stringContaining(`table version ${v} is not supported`) }));
    }
    expect(() => config()).toThrow(/table version \(missing\)/);
  });

  it('refuses bootstrap tables and custom payload classes, naming them', () => {
    expect(() => config('hoodie.table.version=6', 'hoodie.bootstrap.base.path=s3://src/t')).toThrow(expect.objectContaining({ code: 'Unsupported', message: expect.stringContaining('bootstrap') }));
    expect(() => config('hoodie.table.version=6', 'hoodie.compaction.payload.class=com.acme.MyPayload')).toThrow(/custom payload class com\.acme\.MyPayload/);
    expect(() => config('hoodie.table.version=9', 'hoodie.record.merge.mode=CUSTOM')).toThrow(/CUSTOM is not supported/);
  });

  it('layouts, ordering fields, merge mode and partition fields', () => {
    const v6 = config('hoodie.table.version=6', 'hoodie.table.partition.fields=a,b');
    expect([v6.timelineLayoutVersion, v6.timelineFolder, v6.orderingFields, v6.mergeMode, v6.partitionFields]).toEqual([1, '.hoodie', ['ts'], 'EVENT_TIME_ORDERING', ['a', 'b']]);
    const v9 = parseTableConfig(['hoodie.table.type=COPY_ON_WRITE', 'hoodie.table.version=9', 'hoodie.table.ordering.fields=txn_ts', 'hoodie.table.partition.fields=region:simple'].join('\n'));
    expect([v9.timelineLayoutVersion, v9.timelineFolder, v9.orderingFields, v9.partitionFields]).toEqual([2, '.hoodie/timeline', ['txn_ts'], ['region']]);
    const noOrdering = parseTableConfig('hoodie.table.type=COPY_ON_WRITE\nhoodie.table.version=8');
    expect(noOrdering.mergeMode).toBe('COMMIT_TIME_ORDERING');
  });

  it('Java properties escapes and continued lines', () => {
    const { props } = parseJavaProperties('a=x\\:y\\=z\nb = one \\\n  two\nc\\ d=\\u00e9\n# comment\n! also');
    expect(Object.fromEntries(props)).toEqual({ a: 'x:y=z', b: 'one two', 'c d': 'é' });
  });

  it('the writer zone from the two comment lines (CDT = UTC-5, CST = UTC-6, UTC), 0 when absent', () => {
    expect(zoneOffsetFromComments(['Properties saved on 2024-04-18T22:35:50.847Z', 'Thu Apr 18 17:35:50 CDT 2024'])).toBe(-300);
    expect(zoneOffsetFromComments(['Properties saved on 2026-03-07T19:58:26.704458Z', 'Sat Mar 07 13:58:26 CST 2026'])).toBe(-360);
    expect(zoneOffsetFromComments(['Properties saved on 2025-07-13T01:13:15.803308Z', 'Sun Jul 13 01:13:15 UTC 2025'])).toBe(0);
    expect(zoneOffsetFromComments(['Thu Apr 18 17:35:50 CDT 2024'])).toBe(0);
  });

  it('a timeline layout that does not fit the table version is DataInvalid naming the file', () => {
    expect(config('hoodie.table.version=6', 'hoodie.timeline.layout.version=1').timelineLayoutVersion).toBe(1);
    expect(config('hoodie.table.version=8', 'hoodie.timeline.layout.version=2').timelineLayoutVersion).toBe(2);
    for (const [v, l] of [[6, 2], [6, 3], [8, 1], [9, 1], [9, 3], [6, 'x']] as const) {
      expect(() => config(`hoodie.table.version=${v}`, `hoodie.timeline.layout.version=${l}`)).toThrow(expect.objectContaining({
        code: 'DataInvalid', context: { file: '.hoodie/hoodie.properties' }, message: expect.stringContaining(`hoodie.timeline.layout.version=${l} does not fit hoodie.table.version=${v}`),
      }));
    }
  });

  it('hoodie.table.checksum is CRC32 of <database>.<name> (as Hudi writes it); a mismatch is DataInvalid naming the file', () => {
    // CRC32('default.v6_nonpartitioned') = 1363530505, the value Hudi wrote in the cow_v6_nonpartitioned fixture.
    const named = ['hoodie.table.version=6', 'hoodie.database.name=default', 'hoodie.table.name=v6_nonpartitioned'];
    expect(config(...named, 'hoodie.table.checksum=1363530505').name).toBe('v6_nonpartitioned');
    for (const bad of ['1363530506', '1363530505x', '']) {
      expect(() => config(...named, `hoodie.table.checksum=${bad}`)).toThrow(expect.objectContaining({ code: 'DataInvalid', message: expect.stringContaining('does not match the table name') }));
    }
    expect(() => config('hoodie.table.version=6', 'hoodie.database.name=default', 'hoodie.table.name=v6_nonpartitionex', 'hoodie.table.checksum=1363530505')).toThrow(/checksum/);
  });
});
