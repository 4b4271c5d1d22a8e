/**
 * The files of a table are cached per storage object, across opens (issue 17): the second open of a
 * table fetches no manifest list, manifest or footer again — only what is current (the metadata file).
 * A new storage object starts cold.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CountingStorage } from '../../../io/counting-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { openIcebergTable } from '../index.ts';
import type { Schema } from '../spec/schema.ts';
import { buildTable } from '../synthetic-table.test-helper.ts';

beforeAll(() => installNodeParquetWasm());

const SCHEMA: Schema = { schemaId: 0, identifierFieldIds: [], fields: [{ id: 1, name: 'id', required: true, type: { kind: 'long' } }] };
const rows = (from: number) => Array.from({ length: 30 }, (_, i) => ({ id: BigInt(from + i) }));

/** Opens, plans with a filter (footers are read to prune row groups) and reads; returns the reads made. */
async function openPlanRead(storage: CountingStorage) {
  storage.reset();
  const t = await openIcebergTable(storage);
  const plan = await t.planScan({ filter: 'id >= 15 and id < 45' });
  let n = 0;
  for (const task of plan.tasks) for await (const b of t.read(task)) n += b.numRows;
  return { rows: n, reads: storage.log.filter((c) => c.method === 'read') };
}

describe('iceberg: files cached per storage object across opens', () => {
  it('the second open reads no manifest list, manifest or footer again', async () => {
    const built = await buildTable({
      formatVersion: 2, schemas: [SCHEMA], specs: [{ specId: 0, fields: [] }],
      snapshots: [
        { files: [{ name: 'a.parquet', content: 'data', specId: 0, partition: [], rows: rows(0), rowGroupSize: 10 }] },
        { files: [{ name: 'b.parquet', content: 'data', specId: 0, partition: [], rows: rows(30), rowGroupSize: 10 }] },
      ],
    });
    const storage = new CountingStorage(built);
    const first = await openPlanRead(storage);
    const avro = (reads: typeof first.reads) => reads.filter((c) => c.key.endsWith('.avro'));
    const footers = (reads: typeof first.reads) => reads.filter((c) => c.key.startsWith('data/') && c.range !== undefined);
    expect(first.rows).toBe(30);
    expect(avro(first.reads).length).toBeGreaterThanOrEqual(2);
    expect(footers(first.reads).length).toBe(2);

    const second = await openPlanRead(storage);
    expect(second.rows).toBe(30);
    expect(avro(second.reads)).toEqual([]);
    expect(footers(second.reads)).toEqual([]);
    // What is current is still asked for.
    expect(second.reads.some((c) => c.key.startsWith('metadata/') && c.key.endsWith('.metadata.json'))).toBe(true);

    // Another storage object over the same files starts cold.
    const other = await openPlanRead(new CountingStorage(built));
    expect(avro(other.reads).length).toBe(avro(first.reads).length);
  });
});
