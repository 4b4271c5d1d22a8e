/**
 * The demo's Delta table, logistics/shipments, as committed in public/demo: written by Lakescope's Delta
 * writer, it reads with our reader at every version, its timeline holds the operations the README promises
 * (appends, a DELETE with deletion vectors, an UPDATE, an OPTIMIZE, a RESTORE, checkpoints), and the
 * warehouse scan finds it beside the Iceberg tables.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanWarehouse } from '../../core/api/scan-warehouse.ts';
import { openDeltaTable } from '../../core/formats/delta/index.ts';
import { readRows } from '../../core/formats/delta/test-support.test-helper.ts';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { DEMO_DELTA_TABLES, DEMO_DIR, DEMO_TABLES, README } from './generate-demo.ts';

beforeAll(() => installNodeParquetWasm());
const open = () => openDeltaTable(new FsStorage(join(DEMO_DIR, 'logistics/shipments'), { readOnly: true }));

describe('demo table logistics/shipments (Delta Lake)', () => {
  it('has the operations the README names, a checkpoint, deletion vectors, and reads at every version', async () => {
    const table = await open();
    const versions = await table.versions();
    expect(versions.map((v) => v.operation)).toEqual([
      'CREATE TABLE', 'WRITE', 'WRITE', 'WRITE', 'WRITE', 'WRITE', 'DELETE', 'UPDATE', 'OPTIMIZE', 'WRITE', 'RESTORE', 'WRITE',
    ]);
    expect((await table.states()).map((s) => s.version)).toEqual(['5', '10']);
    const counts = new Map<string, number>();
    for (const v of versions) counts.set(v.id, (await readRows(table, { version: v.id })).length);
    // The DELETE removes rows as deletion vectors; UPDATE keeps the count; RESTORE brings back the count before the bad load.
    expect(counts.get('6')).toBeLessThan(counts.get('5')!);
    expect(counts.get('7')).toBe(counts.get('6'));
    expect(counts.get('8')).toBe(counts.get('7'));
    expect(counts.get('10')).toBe(counts.get('8'));
    const atDelete = [...(await table.view({ version: '6' })).snapshot.files.values()];
    expect(atDelete.some((a) => a.deletionVector?.storageType === 'u')).toBe(true);
    // OPTIMIZE applied them: no live file has a vector after it.
    expect([...(await table.view({ version: '8' })).snapshot.files.values()].some((a) => a.deletionVector)).toBe(false);
    const current = counts.get(versions.at(-1)!.id)!;
    const heading = README.split('\n').findIndex((l) => l.startsWith('logistics/shipments — '));
    expect(README.split('\n').slice(heading, heading + 2).join(' ')).toContain(current.toLocaleString('en-US'));
    expect(Object.keys(DEMO_DELTA_TABLES)).toEqual(['logistics/shipments']);
  });

  it('is found by the warehouse scan with the four Iceberg tables', async () => {
    const scan = await scanWarehouse(new FsStorage(DEMO_DIR, { readOnly: true }));
    const found = JSON.stringify(scan);
    for (const t of [...Object.keys(DEMO_TABLES), 'logistics/shipments']) expect(found).toContain(t.split('/').pop());
    expect(found).toContain('delta');
  });
});
