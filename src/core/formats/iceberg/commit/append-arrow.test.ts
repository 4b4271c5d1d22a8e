import { tableFromArrays } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { readRows } from '../../../../testing/iceberg-writer-fixtures.ts';
import { openIcebergTable } from '../table.ts';
import { appendArrow } from './append-arrow.ts';
import { createTable } from './create-table.ts';

describe('appendArrow', () => {
  it('writes Arrow columns exactly (64-bit ints, doubles, strings) and reads the same batches back', async () => {
    const storage = new MemoryStorage();
    await createTable(storage, { location: 'mem://t', schema: { type: 'struct', fields: [
      { id: 1, name: 'id', required: true, type: 'long' }, { id: 2, name: 'x', required: false, type: 'double' }, { id: 3, name: 's', required: false, type: 'string' },
    ] } });
    const big = 9007199254740993n; // not representable as a double
    await appendArrow(storage, tableFromArrays({ id: BigInt64Array.from([1n, big]), x: Float64Array.from([0.5, -2]), s: ['a', 'b'] }));
    expect(await readRows(storage)).toEqual([{ id: '9007199254740993', x: -2, s: 'b' }, { id: 1, x: 0.5, s: 'a' }]); // sorted by JSON text
    // round trip: what the read path returns can be appended again unchanged
    const table = await openIcebergTable(storage);
    const batches = [];
    for await (const b of table.scan()) batches.push(b);
    await appendArrow(storage, batches);
    expect((await readRows(storage)).length).toBe(4);
    await expect(appendArrow(storage, tableFromArrays({ nope: Int32Array.from([1]) }))).rejects.toThrow(/nope are not in the table schema/);
  });
});
