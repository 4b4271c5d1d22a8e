/**
 * plannedFiles (one record per task, the partition's human form made once per distinct tuple) against the
 * record of each task built on its own, on every Iceberg fixture and every snapshot, unfiltered and filtered
 * (residuals, row groups) — same records, same key order; the shared partition values are frozen.
 */
import { describe, expect, it } from 'vitest';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { openIcebergTable } from '../index.ts';
import { plannedFile, plannedFiles } from './planned-files.ts';
import type { FileScanTask } from './task.ts';

describe.skipIf(!FIXTURES_PRESENT)('plannedFiles', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  for (const fx of FIXTURES_PRESENT ? listFixtures('iceberg') : []) {
    it(`gives each task's own record: ${fx.name}`, async () => {
      const table = await openIcebergTable(new FsStorage(fx.root, { readOnly: true }));
      let files = 0; let partitioned = 0;
      for (const s of table.metadata.snapshots) {
        const version = String(s.snapshotId);
        const first = (await table.planScan({ version })).columns[0]!;
        for (const filter of [undefined, `"${first}" is not null`]) {
          const plan = await table.planScan({ version, filter });
          const fast = plannedFiles(table.metadata, plan.tasks);
          const one = plan.tasks.map((t: FileScanTask, i: number) => plannedFile(table.metadata, t, i));
          expect(fast).toEqual(one);
          fast.forEach((f, i) => expect(Object.keys(f)).toEqual(Object.keys(one[i]!)));
          for (const f of fast) expect(Object.isFrozen(f.partitionValues)).toBe(true);
          files += fast.length; partitioned += fast.filter((f) => f.partition !== '').length;
        }
      }
      expect(files).toBeGreaterThan(0);
      if (/partition|bucket|hour|day/.test(fx.name)) expect(partitioned).toBeGreaterThan(0);
    });
  }

  it('keeps row groups and the residual, in their place before `task`', async () => {
    const fx = listFixtures('iceberg').find((f) => f.name.includes('v2_pyiceberg_day_partition_map'))!;
    const table = await openIcebergTable(new FsStorage(fx.root, { readOnly: true }));
    const plan = await table.planScan({ filter: `${(await table.planScan({})).columns[0]!} is not null` });
    expect(plan.tasks.length).toBeGreaterThan(0);
    const fast = plannedFiles(table.metadata, plan.tasks);
    expect(fast).toEqual(plan.tasks.map((t: FileScanTask, i: number) => plannedFile(table.metadata, t, i)));
    expect(Object.keys(fast[0]!).slice(-2)).toEqual(['residual', 'task']);
  });
});
