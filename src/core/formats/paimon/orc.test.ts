/**
 * Paimon tables whose data files, manifests, manifest lists and index manifests are ORC
 * (fixtures/paimon-orc, written by Paimon Java 0.9 for paimon-cpp): they read the rows paimon-cpp's
 * tests state (alibaba/paimon-cpp 43d9d02, test/inte/scan_and_read_inte_test.cpp and read_inte_test.cpp).
 * Row order across splits is the reader's; rows are compared as multisets where the tests do not pin
 * an order across partitions.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordBatch } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { canonicalRows } from '../../arrow/canonical.ts';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { FIXTURES_DIR } from '../../../testing/fixtures.ts';
import { openPaimonTable } from './index.ts';

const ROOT = join(FIXTURES_DIR, 'paimon-orc');
const PRESENT = existsSync(ROOT);
if (!PRESENT) console.warn(`paimon ORC test skipped: ${ROOT} not found`);

type Row = [string | null, number, number, number | null];

async function read(name: string, version?: string): Promise<Row[]> {
  const table = await openPaimonTable(new FsStorage(join(ROOT, name), { readOnly: true }));
  const plan = await table.planScan(version === undefined ? {} : { version });
  const batches: RecordBatch[] = [];
  for (const task of plan.tasks) for await (const b of table.read(task)) batches.push(b);
  return (canonicalRows(batches, { columns: plan.columns }) as Record<string, unknown>[])
    .map((r) => [r.f0, r.f1, r.f2, r.f3] as Row);
}

const sorted = (rows: Row[]): string[] => rows.map((r) => JSON.stringify(r)).sort();

const TWO_ROADS = 'Two roads diverged in a wood, and I took the one less traveled by, And that has made all the difference.';
const WHETHER = 'Whether I shall turn out to be the hero of my own life.';

describe.skipIf(!PRESENT)('paimon: ORC data files and ORC manifests read the rows paimon-cpp states', () => {
  it('append_09 at snapshots 1, 3 and 5 (TestWithAppendSnapshot1/3/5)', async () => {
    const s1: Row[] = [['Alice', 10, 1, 11.1], ['Bob', 10, 0, 12.1], ['Emily', 10, 0, 13.1], ['Tony', 10, 0, 14.1], ['Lucy', 20, 1, 14.1]];
    const s3: Row[] = [...s1, ['Emily', 10, 0, 15.1], ['Bob', 10, 0, 12.1], ['Alex', 10, 0, 16.1], ['David', 10, 0, 17.1], ['Paul', 20, 1, null]];
    const s5: Row[] = [...s3, ['Lily', 10, 0, 17.1]];
    expect(sorted(await read('append_09', '1'))).toEqual(sorted(s1));
    expect(sorted(await read('append_09', '3'))).toEqual(sorted(s3));
    expect(sorted(await read('append_09', '5'))).toEqual(sorted(s5));
  });

  it('append_09 snapshots 2 and 4 add what the streaming test says they add', async () => {
    const s2 = sorted(await read('append_09', '2'));
    const s1 = await read('append_09', '1');
    expect(s2).toEqual(sorted([...s1, ['Emily', 10, 0, 15.1], ['Bob', 10, 0, 12.1], ['Alex', 10, 0, 16.1], ['Paul', 20, 1, null]]));
    const s3 = await read('append_09', '3');
    expect(sorted(await read('append_09', '4'))).toEqual(sorted([...s3, ['Lily', 10, 0, 17.1]]));
  });

  it('append_with_empty_partition (TestWithEmptyPartitionValue): 6 rows, a null partition value for three', async () => {
    expect(await read('append_with_empty_partition')).toEqual([
      ['2025', 500, -1, 15.1], ['2024', 100, -2, 11.1], ['2024', 300, 1, 13.1],
      [null, 200, -3, 12.1], [null, 50, 1, 14.1], [null, 100, 2, 16.1],
    ]);
  });

  it('pk_09 (primary key, deletion vectors in ORC index manifests) at the latest snapshot 8: the f1=10 rows', async () => {
    const rows = await read('pk_09');
    expect(sorted(rows.filter((r) => r[1] === 10))).toEqual(sorted([
      ['Alex', 10, 0, 16.1], ['Bob', 10, 0, 12.1], ['David', 10, 0, 17.1], ['Emily', 10, 0, 13.1],
      ['Alice', 10, 1, 21.1], [TWO_ROADS, 10, 1, 11], [WHETHER, 10, 1, 19.1],
    ]));
  });

  it('pk_09 at snapshot 6: bucket 0 of f1=10 (its three files minus their deletion vectors) is in the table', async () => {
    const rows = sorted(await read('pk_09', '6'));
    for (const r of [[TWO_ROADS, 10, 1, 11], [WHETHER, 10, 1, 19.1], ['Alice', 10, 1, 19.1]] as Row[]) expect(rows).toContain(JSON.stringify(r));
  });

  it('pk_09_with_dv reads at every version (paimon-cpp states no rows for it at this commit)', async () => {
    const table = await openPaimonTable(new FsStorage(join(ROOT, 'pk_09_with_dv'), { readOnly: true }));
    const versions = await table.versions();
    expect(versions.length).toBeGreaterThan(1);
    for (const v of versions) await read('pk_09_with_dv', String(v.id));
  });
});
