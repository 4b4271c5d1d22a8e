import { describe, expect, it } from 'vitest';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, REPO_ROOT, listFixtures, type FixtureFormat } from '../../testing/fixtures.ts';
import type { WriteCapability } from '../commit/write-action.ts';
import type { PlannedFileDto, VersionDto } from '../formats/table-format.ts';
import { formatRef } from '../messages/en.ts';
import { errorText } from '../messages/message-parts.ts';
import { zh } from '../messages/zh.ts';
import { openTable } from './open-table.ts';
import { tableHealth } from './table-health.ts';
import { healthReport, type HealthInput } from './table-health-report.ts';
import { SIZE_BUCKETS, bucketOf, parseDurationProperty, parseSizeProperty } from './table-health-rules.ts';

const MiB = 1024 * 1024;
const DAY = 86_400_000;

const file = (path: string, partition: string, bytes: number, records: number, deletes: PlannedFileDto['deletes'] = []): PlannedFileDto =>
  ({ path, key: path, content: 'data', partition, specId: '0', bytes: String(bytes), records: String(records), deletes, task: 0 });
const version = (id: string, t: number, extra: Partial<VersionDto> = {}): VersionDto =>
  ({ id, timestampMs: t, operation: 'append', summary: {}, totals: {}, refs: [], isCurrent: false, ...extra });
const cap = (kind: WriteCapability['kind'], available = true, reason?: string): WriteCapability =>
  ({ kind, scope: 'table', available, description: kind, ...(reason ? { reason } : {}) });

function input(over: Partial<HealthInput> = {}): HealthInput {
  return {
    versionId: '3', isCurrent: true, files: [], properties: {}, states: [], capabilities: [cap('compact'), cap('rewrite-manifests'), cap('expire')], nowMs: 100 * DAY,
    versions: [version('1', 1 * DAY), version('2', 2 * DAY, { parentId: '1', refs: [{ name: 'keep', type: 'tag' }] }), version('3', 99 * DAY, { parentId: '2', isCurrent: true, totals: { records: { count: '7', live: true } } })],
    ...over,
  };
}

describe('table-health rules', () => {
  it('parses sizes and durations as the formats write them', () => {
    expect([parseSizeProperty('134217728'), parseSizeProperty('128 mb'), parseSizeProperty('256MB'), parseSizeProperty('1 GiB'), parseSizeProperty('x')])
      .toEqual([128 * MiB, 128 * MiB, 256 * MiB, 1024 * MiB, undefined]);
    expect([parseDurationProperty('432000000'), parseDurationProperty('1 h'), parseDurationProperty('30 min'), parseDurationProperty('7 d')])
      .toEqual([5 * DAY, 3_600_000, 1_800_000, 7 * DAY]);
  });

  it('buckets are log-scale, four times each, and exact powers of four start their bucket', () => {
    expect(SIZE_BUCKETS.length).toBe(12);
    expect([bucketOf(0), bucketOf(1023), bucketOf(1024), bucketOf(4095), bucketOf(4096), bucketOf(MiB - 1), bucketOf(MiB), bucketOf(1024 ** 3), bucketOf(10 * 1024 ** 4)])
      .toEqual([0, 0, 1, 1, 2, 5, 6, 11, 11]);
  });
});

describe('healthReport (exact numbers on hand-made inputs)', () => {
  const files = [
    file('a1', 'd=1', 1 * MiB, 10), file('a2', 'd=1', 2 * MiB, 20, [{ kind: 'position-deletes', path: 'pd1', records: '3', bytes: '500' }]),
    file('a3', 'd=1', 4 * MiB, 40, [{ kind: 'position-deletes', path: 'pd1', records: '3', bytes: '500' }]),
    file('b1', 'd=2', 900, 1, [{ kind: 'deletion-vector', path: 'dv.puffin', records: '1', bytes: '40' }]),
    file('b2', 'd=2', 3 * MiB, 30, [{ kind: 'deletion-vector', path: 'dv.puffin', records: '2', bytes: '44' }]),
    file('c1', 'd=3', 2 * MiB, 5),
  ];

  it('small files below 75% of the target property, deletes each counted once, live rows from the totals', () => {
    const h = healthReport(input({ files, properties: { 'target-file-size': '4 mb' } }));
    expect(h.rule).toEqual({ targetFileSizeBytes: 4 * MiB, source: 'target-file-size', smallFileBytes: 3 * MiB });
    expect(h.histogram).toEqual([1, 0, 0, 0, 0, 0, 4, 1, 0, 0, 0, 0]);
    expect(h.files).toMatchObject({ dataFiles: 6, smallFiles: 4, smallBytes: 5 * MiB + 900, filesWithDeletes: 4, deleteFiles: 3, deleteBytes: 584, dataRows: 106, deleteRows: 6, liveRows: '7' });
    expect(h.files.deleteRowsByKind).toEqual({ position: 3, equality: 0, deletionVector: 3 });
    expect(h.files.deletesWithoutCount).toBe(0);
    // A vector whose metadata has no cardinality is counted apart, never as 0 rows.
    const uncounted = healthReport(input({ files: [file('x', '', 10, 5, [{ kind: 'deletion-vector', path: 'idx' }])] })).files;
    expect([uncounted.deleteFiles, uncounted.deleteRows, uncounted.deletesWithoutCount]).toEqual([1, 0, 1]);
    expect(h.partitions.map((p) => [p.partition, p.dataFiles, p.smallFiles, p.filesWithDeletes])).toEqual([['d=1', 3, 2, 2], ['d=2', 2, 1, 2], ['d=3', 1, 1, 0]]);
  });

  it('recommends compacting the partitions compaction would rewrite, each action prepare() takes', () => {
    const h = healthReport(input({ files, properties: { 'write.target-file-size-bytes': String(4 * MiB) } }));
    const compact = h.recommendations.filter((r) => r.action.kind === 'compact');
    // d=1 (2 small + 1 large with deletes) and d=2 (deletes) qualify; d=3 has one small file and no deletes.
    expect(compact.map((r) => r.id)).toEqual(['compact-table', 'compact-partition:0:d=1', 'compact-partition:0:d=2']);
    expect(compact[1].action).toEqual({ kind: 'compact', targetFileSizeBytes: 4 * MiB, partitions: [{ partition: 'd=1', specId: '0' }] });
    expect(formatRef(compact[1].reason)).toBe('2 of 3 data files are below 3.00 MiB (3.00 MiB in all); 2 files have deletes to apply. Rewriting them gives about 1 file.');
    expect(compact.every((r) => r.available)).toBe(true);
  });

  it('an unpartitioned table\'s partition is named in the reader\'s language, rendered as the page renders titles (data set apart)', () => {
    const h = healthReport(input({ files: [file('u1', '', 900, 1), file('u2', '', 900, 1)], properties: { 'write.target-file-size-bytes': String(4 * MiB) } }));
    const compact = h.recommendations.find((r) => r.kind === 'compact-partition')!;
    expect(compact.action).toMatchObject({ partitions: [{ partition: '' }] });
    expect(errorText(compact.title)).toBe('Compact partition (unpartitioned)');
    expect(errorText(compact.title, zh)).toBe('合并分区（未分区）');
    // A partitioned one keeps its path as data.
    const d1 = healthReport(input({ files: [file('a', 'd=1', 900, 1), file('b', 'd=1', 900, 1)] })).recommendations.find((r) => r.kind === 'compact-partition')!;
    expect([errorText(d1.title), errorText(d1.title, zh)]).toEqual(['Compact partition d=1', '合并分区 d=1']);
  });

  it('expires what is past the age and not kept: refs and the newest on main stay', () => {
    const h = healthReport(input({ properties: { 'history.expire.max-snapshot-age-ms': String(10 * DAY) }, files }));
    const r = h.recommendations.find((x) => x.kind === 'expire-snapshots')!;
    expect(r.action).toEqual({ kind: 'expire', olderThanMs: 90 * DAY, retainLast: 1 });
    expect(r.reason.params).toMatchObject({ expirable: 1, versions: 3, maxAgeMs: 10 * DAY, ageSource: 'history.expire.max-snapshot-age-ms' }); // 1 only: 2 is tagged, 3 current
  });

  it('marks the versions on the current line (a branch off it is not)', () => {
    const versions = [...input().versions, version('b', 50 * DAY, { parentId: '1', refs: [{ name: 'audit', type: 'branch' }] })];
    expect(healthReport(input({ versions })).versions.map((v) => [v.id, v.onCurrentLine, v.versions])).toEqual([['1', true, 1], ['2', true, 2], ['3', true, 3], ['b', false, 4]]);
  });

  it('rewrite manifests when they would fit in half as many or fewer; not for a few', () => {
    const manifests = [{ versionId: '3', timestampMs: 0, manifests: 6, bytes: 9 * MiB }];
    expect(healthReport(input({ manifests })).recommendations.find((r) => r.kind === 'rewrite-manifests')?.reason.params).toMatchObject({ manifests: 6, fit: 2 });
    expect(healthReport(input({ manifests: [{ ...manifests[0], manifests: 3 }] })).recommendations.some((r) => r.kind === 'rewrite-manifests')).toBe(false);
    expect(healthReport(input({ manifests: [{ ...manifests[0], bytes: 25 * MiB }] })).recommendations.some((r) => r.kind === 'rewrite-manifests')).toBe(false);
  });

  it('an unavailable action\'s reason carries its catalog message (the page shows it in the reader\'s language)', () => {
    const reasonMessage = { key: 'error.write.readOnlyStorage', params: { where: 's3://b' } } as const;
    const off: WriteCapability = { kind: 'compact', scope: 'table', available: false, description: 'compact', reason: errorText(reasonMessage), reasonMessage };
    const h = healthReport(input({ files, capabilities: [off] }));
    const compact = h.recommendations.find((r) => r.kind === 'compact-table')!;
    expect(compact).toMatchObject({ available: false, unavailableReason: errorText(reasonMessage), unavailableReasonMessage: reasonMessage });
    const expire = h.recommendations.find((r) => r.kind === 'expire-snapshots')!;
    expect(errorText(expire.unavailableReasonMessage!)).toBe('This table does not offer “expire” here.');
    expect(errorText(expire.unavailableReasonMessage!, zh)).toMatch(/[\u4e00-\u9fff]/);
    expect(errorText(compact.unavailableReasonMessage!, zh)).toMatch(/[\u4e00-\u9fff]/);
  });

  it('an unavailable action says why; an older version gets no recommendations; an empty table is empty', () => {
    const h = healthReport(input({ files, capabilities: [cap('compact', false, 'Opened over plain HTTP: it can only be read.')] }));
    expect(h.recommendations.find((r) => r.kind === 'compact-table')).toMatchObject({ available: false, unavailableReason: 'Opened over plain HTTP: it can only be read.' });
    expect(h.recommendations.find((r) => r.kind === 'expire-snapshots')).toMatchObject({ available: false, unavailableReason: 'This table does not offer “expire” here.' });
    const old = healthReport(input({ files, versionId: '2', isCurrent: false }));
    expect(old.recommendations).toEqual([]);
    expect(old.notes.map((n) => n.key)).toContain('health.rule.recommendationsCurrentOnly');
    const empty = healthReport(input({ files: [], versions: [], versionId: undefined }));
    expect(empty).toMatchObject({ empty: true, recommendations: [], histogram: Array(12).fill(0), partitions: [] });
  });
});

describe('tableHealth over every fixture (numbers checked against the metadata and the storage)', () => {
  if (!FIXTURES_PRESENT) it.skip(`skipped: ${FIXTURES_SKIP_REASON}`, () => {});
  for (const format of ['iceberg', 'paimon', 'delta', 'hudi'] as FixtureFormat[]) {
    for (const fx of FIXTURES_PRESENT ? listFixtures(format) : []) {
      it(`${format}/${fx.name}`, async () => {
        const storage = new FsStorage(fx.root);
        const table = await openTable(storage, '', format);
        const h = await tableHealth(table, {}, { nowMs: Date.parse('2030-01-01') });
        const current = (await table.versions()).find((v) => v.isCurrent);
        const plan = await table.plan({});
        expect(h.versionId).toBe(plan.versionId);
        expect(h.histogram.reduce((a, b) => a + b, 0)).toBe(plan.files.length);
        if (current?.totals.dataFiles !== undefined && plan.files.every((f) => f.content === 'data' && !f.deletes.some((d) => d.kind === 'log-file'))) expect(h.files.dataFiles).toBe(Number(current.totals.dataFiles));
        if (current?.totals.deleteFiles !== undefined) expect(h.files.deleteFiles).toBeLessThanOrEqual(Number(current.totals.deleteFiles));
        // Bytes as the storage lists them, not as the metadata says.
        const sizes = await Promise.all(plan.files.map((f) => storage.head(f.key).then((i) => i.size)));
        expect(h.files.dataBytes).toBe(sizes.reduce((a, b) => a + b, 0));
        expect(h.partitions.reduce((s, p) => s + p.dataFiles, 0)).toBe(plan.files.length);
        if (h.manifests) expect(h.manifests.at(-1)!.manifests).toBeGreaterThan(0);
        const caps = new Map((await table.capabilities?.()) ?.map((c) => [c.kind, c]) ?? []);
        for (const r of h.recommendations) {
          expect(r.available).toBe(caps.get(r.action.kind)?.available ?? false);
          if (!r.available) expect(r.unavailableReason).toBeTruthy();
        }
        expect(h.empty).toBe(plan.files.length === 0);
      });
    }
  }
});

describe('tableHealth on the demo warehouse (public/demo)', () => {
  it('sales/orders: 33 data files, 12 manifests as the plan reads them, recommendations with actions', async () => {
    const storage = new FsStorage(`${REPO_ROOT}/public/demo`);
    const table = await openTable(storage, 'sales/orders/', 'iceberg');
    const h = await tableHealth(table, {}, { nowMs: Date.parse('2025-04-10T00:00:00Z') });
    const plan = await table.plan({});
    expect(h.files.dataFiles).toBe(33);
    expect(h.manifests!.at(-1)!.manifests).toBe(plan.counts.manifests.total);
    expect(h.states.length).toBe((await table.states()).length);
    expect(h.recommendations.map((r) => r.kind)).toEqual(['compact-partition', 'rewrite-manifests', 'expire-snapshots']);
  });
});
