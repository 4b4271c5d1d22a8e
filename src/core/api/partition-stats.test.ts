import { describe, expect, it } from 'vitest';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../testing/fixtures.ts';
import { openTable } from './open-table.ts';
import { humanValue, partitionStats } from './partition-stats.ts';

describe('humanValue (Iceberg toHumanString)', () => {
  it('formats time transforms, dates, timestamps, decimals and bytes', () => {
    expect(humanValue(50, 'year', 'date')).toBe('2020');
    expect(humanValue(601, 'month', 'timestamp')).toBe('2020-02');
    expect(humanValue(18262, 'day', 'timestamptz')).toBe('2020-01-01');
    expect(humanValue(438296, 'hour', 'timestamptz')).toBe('2020-01-01-08');
    expect(humanValue(18262, 'identity', 'date')).toBe('2020-01-01');
    expect(humanValue(1577836800000001n, 'identity', 'timestamptz')).toBe('2020-01-01T00:00:00.000001Z');
    expect(humanValue(-1234n, 'identity', 'decimal(9, 2)')).toBe('-12.34');
    expect(humanValue(5n, 'identity', 'decimal(9,2)')).toBe('0.05');
    expect(humanValue(3, 'bucket[16]', 'long')).toBe('3');
    expect(humanValue(new Uint8Array([1, 171]), 'identity', 'binary')).toBe('01ab');
  });
});

describe.skipIf(!FIXTURES_PRESENT)('partitionStats on fixtures', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('groups every live data file of an hour+identity partitioned table', async () => {
    const table = await openTable(new FsStorage(FIXTURES_DIR, { readOnly: true }), 'iceberg/v1_spark_partitioned_hour_identity/', 'iceberg');
    const stats = await partitionStats(table, {});
    const plan = await table.plan({});
    expect(stats.partitions.reduce((n, p) => n + p.dataFiles, 0)).toBe(plan.files.length);
    // Expected README: 20 rows in this table.
    expect(stats.partitions.reduce((n, p) => n + p.records, 0)).toBe(20);
    expect(stats.partitions[0].partition).toBe('event_time_hour=2020-01-01-08/action=view');
    expect(stats.partitions.every((p) => /^event_time_hour=2020-\d\d-\d\d-\d\d\/action=\w+$/.test(p.partition))).toBe(true);
  });

  it('marks the one partition of an unpartitioned table (the page names it in the reader\'s language; SQL keeps the English)', async () => {
    const table = await openTable(new FsStorage(FIXTURES_DIR, { readOnly: true }), 'iceberg/v2_spark_position_deletes/', 'iceberg');
    const stats = await partitionStats(table, {});
    expect(stats.partitions.map((p) => [p.partition, p.unpartitioned])).toEqual([['(unpartitioned)', true]]);
    const hour = await partitionStats(await openTable(new FsStorage(FIXTURES_DIR, { readOnly: true }), 'iceberg/v1_spark_partitioned_hour_identity/', 'iceberg'), {});
    expect(hour.partitions.some((p) => 'unpartitioned' in p)).toBe(false);
  });

  it('counts distinct delete files per partition', async () => {
    const table = await openTable(new FsStorage(FIXTURES_DIR, { readOnly: true }), 'iceberg/v2_flink_equality_deletes_partition_evolution/', 'iceberg');
    const stats = await partitionStats(table, {});
    expect(stats.partitions.some((p) => p.deleteFiles > 0)).toBe(true);
  });
});

describe.skipIf(!FIXTURES_PRESENT)('partitionStats and explain on Paimon splits', () => {
  it('groups a partitioned Paimon table by partition path, and explain lists each file of each split', async () => {
    const { explainScan } = await import('./explain-scan.ts');
    const root = 'paimon/pk_dv_partitioned_pk_09/';
    const table = await openTable(new FsStorage(FIXTURES_DIR, { readOnly: true }), root, 'paimon');
    const stats = await partitionStats(table, {});
    expect(stats.partitions.length).toBeGreaterThan(1);
    expect(stats.partitions.every((p) => /^f1=/.test(p.partition) && p.values.f1 !== undefined && p.dataFiles > 0)).toBe(true);
    const explain = await explainScan(table, root, {});
    expect(explain.files.length).toBe(stats.partitions.reduce((n, p) => n + p.dataFiles, 0));
    expect(explain.files.every((f) => f.key.startsWith(root) && f.path !== '' && Number(f.records) >= 0)).toBe(true);
  });
});
