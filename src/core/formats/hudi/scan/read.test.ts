/**
 * Reading one file group of a MOR table opens only its slice's base file and log files (counted
 * through CountingStorage), and the merge follows the slice's log blocks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows, canonicalRowsText } from '../../../arrow/index.ts';
import { CountingStorage } from '../../../io/index.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { openHudiTable } from '../index.ts';

const mor = () => listFixtures('hudi').find((f) => f.name === 'hudi/mor_v9_txns_simple_nometa')!;

beforeAll(() => installNodeParquetWasm());

describe.skipIf(!FIXTURES_PRESENT)('hudi MOR read of one file group', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('opens exactly the slice\'s base file and its two log files, once each', async () => {
    const storage = new CountingStorage(new FsStorage(mor().root, { readOnly: true }));
    const table = await openHudiTable(storage);
    const plan = await table.planScan({ version: '20260307135835748' });
    const task = plan.tasks.find((t) => t.partition === 'region=us')!;
    expect(task.fileId).toBe('db2fca8f-03b7-4da7-b042-4b617ab79b9d-0');
    expect(task.baseFile?.key).toBe('region=us/db2fca8f-03b7-4da7-b042-4b617ab79b9d-0_1-3-7_20260307135827749.parquet');
    expect(task.logFiles.map((l) => l.key)).toEqual([
      'region=us/.db2fca8f-03b7-4da7-b042-4b617ab79b9d-0_20260307135830801.log.1_0-10-23',
      'region=us/.db2fca8f-03b7-4da7-b042-4b617ab79b9d-0_20260307135832616.log.1_0-17-38',
    ]);
    storage.reset();
    const batches = [];
    for await (const b of table.read(task)) batches.push(b);
    const keys = storage.log.map((c) => `${c.method} ${c.key}`);
    expect(keys).toEqual([
      `read ${task.baseFile!.key}`,
      `read ${task.logFiles[0]!.key}`,
      `read ${task.logFiles[1]!.key}`,
    ]);
    expect(storage.counts).toEqual({ list: 0, head: 0, read: 3, write: 0, delete: 0 });
    expect(storage.bytesRead).toBe(task.baseFile!.size + task.logFiles[0]!.size + task.logFiles[1]!.size);
    // The update of TXN-001 (log 1) wins over the base row; the delete in log 2 removes its key.
    const rows = canonicalRows(batches, { columns: plan.columns });
    const expected = mor().expected.versions.find((v) => v.id === '20260307135835748')!.rows as { region: string }[];
    expect(canonicalRowsText(rows)).toBe(canonicalRowsText(expected.filter((r) => r.region === 'us')));
    expect(rows.length).toBe(2);
  });
});
