/**
 * A small Iceberg table with a varied history, written by the project's own writer into a temp folder,
 * so the e2e run sees what the fixtures lack: a tag, a second branch with its own commit, deletes and a
 * compaction (every operation colour), two schemas and two partition specs.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { FsStorage } from '../src/platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';
import {
  appendRows, createTable, prepareBranch, prepareCompaction, prepareDeleteWhere, preparePartitionUpdate, prepareSchemaUpdate, prepareTag,
} from '../src/core/formats/iceberg/commit/index.ts';
import { openIcebergTable } from '../src/core/formats/iceberg/index.ts';

export const HISTORY_TABLE = 'history_demo';

/** Writes `<dir>/lake/history_demo` (emptied first) and returns the `lake` folder and the version ids. */
export async function writeHistoryTable(dir: string): Promise<{ lake: string; versions: string[]; tagged: string; branchHead: string; rows: number }> {
  installNodeParquetWasm();
  const lake = join(dir, 'lake');
  const root = join(lake, HISTORY_TABLE);
  await rm(lake, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  const storage = new FsStorage(root);
  // Appends spread over the past hours; deletes and compaction take the real clock (they have no `now`).
  let clock = Date.now() - 6 * 37 * 60_000;
  const now = () => (clock += 37 * 60_000);
  await createTable(storage, {
    location: 's3://example-bucket/warehouse/history_demo', formatVersion: 2, now: () => clock,
    schema: { type: 'struct', fields: [
      { id: 1, name: 'id', required: true, type: 'long' },
      { id: 2, name: 'city', required: false, type: 'string' },
      { id: 3, name: 'amount', required: false, type: 'double' },
    ] },
    partitionSpec: { fields: [{ name: 'city', transform: 'identity', 'source-id': 2, 'field-id': 1000 }] },
    properties: { 'write.delete.mode': 'merge-on-read' },
  });
  const cities = ['Oslo', 'Lyon', 'Kyoto', 'Porto'];
  const batch = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: BigInt(from + i), city: cities[(from + i) % cities.length], amount: (from + i) * 1.5 }));
  for (let k = 0; k < 4; k++) await appendRows(storage, batch(k * 10, 10), { now });
  const tagged = String((await openIcebergTable(storage)).metadata.currentSnapshotId);
  await (await prepareTag(storage, 'v1.0', BigInt(tagged))).apply();
  await (await prepareBranch(storage, 'audit', BigInt(tagged))).apply();
  await appendRows(storage, batch(100, 5), { now, branch: 'audit' });
  const branchHead = String((await openIcebergTable(storage)).metadata.refs.find((r) => r.name === 'audit')?.snapshotId);
  await (await prepareDeleteWhere(storage, "city = 'Porto' and id > 20")).apply();
  await (await prepareSchemaUpdate(storage, [{ op: 'add-column', name: 'note', type: 'string' }])).apply();
  await (await preparePartitionUpdate(storage, [{ op: 'add-field', source: 'id', transform: 'bucket[4]', name: 'id_bucket' }])).apply();
  await appendRows(storage, batch(200, 8));
  await (await prepareCompaction(storage, {})).apply();
  const table = await openIcebergTable(storage);
  const versions = (await table.versions()).map((v) => v.id);
  let rows = 0;
  for await (const b of table.scan()) rows += b.numRows;
  return { lake, versions, tagged, branchHead, rows };
}
