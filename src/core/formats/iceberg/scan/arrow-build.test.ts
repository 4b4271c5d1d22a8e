import { describe, expect, it } from 'vitest';
import { Field, RecordBatch, Schema as ArrowSchema, Struct, makeData } from 'apache-arrow';
import { canonicalRows } from '../../../arrow/canonical.ts';
import type { IcebergType } from '../spec/types.ts';
import { buildData } from './arrow-build.ts';
import { maskToIndices, takeData } from '../../../arrow/take.ts';
import { constantData } from './arrow-types.ts';
import { valueGetter } from './arrow-values.ts';

const TYPES: [string, IcebergType, unknown[]][] = [
  ['b', { kind: 'boolean' }, [true, null, false, true]],
  ['i', { kind: 'int' }, [1, 2, null, -4]],
  ['l', { kind: 'long' }, [2n ** 60n, null, -1n, 0n]],
  ['f', { kind: 'float' }, [1.5, null, -0, 3]],
  ['dec', { kind: 'decimal', precision: 20, scale: 2 }, [123n, -5n, null, 10n ** 19n]],
  ['d', { kind: 'date' }, [0, -1, null, 19000]],
  ['ts', { kind: 'timestamptz' }, [1n, null, -1n, 1_600_000_000_000_001n]],
  ['s', { kind: 'string' }, ['a', '', null, '\u{1F407}x']],
  ['u', { kind: 'uuid' }, ['f79c3e09-677c-4bbd-a479-3f349cb785e7', null, '00000000-0000-0000-0000-000000000001', null]],
  ['bin', { kind: 'binary' }, [new Uint8Array([1, 2]), null, new Uint8Array(0), new Uint8Array([255])]],
  ['lst', { kind: 'list', elementId: 100, elementRequired: false, element: { kind: 'string' } }, [['x', null], null, [], ['y']]],
  ['m', { kind: 'map', keyId: 101, key: { kind: 'int' }, valueId: 102, valueRequired: false, value: { kind: 'long' } }, [[[1, 2n]], null, [[3, null], [4, 5n]], []]],
  ['st', { kind: 'struct', fields: [{ id: 103, name: 'p', required: false, type: { kind: 'int' } }, { id: 104, name: 'q', required: false, type: { kind: 'string' } }] },
    [{ p: 1, q: 'a' }, null, { p: null, q: 'c' }, { p: 4, q: null }]],
];

function batchOf(children: ReturnType<typeof buildData>[], length: number): RecordBatch {
  const fields = TYPES.map(([name], i) => new Field(name, children[i].type, true));
  return new RecordBatch(new ArrowSchema(fields), makeData({ type: new Struct(fields), length, nullCount: 0, children }));
}

// Columns built from Iceberg types (buildData, constantData) in every Arrow layout, selected with core/arrow's takeData.
describe('takeData over every layout built from Iceberg types', () => {
  it('selects rows (reordered, repeated) exactly as reading them one by one', () => {
    const full = batchOf(TYPES.map(([, t, v]) => buildData(t, v)), 4);
    const all = canonicalRows(full);
    const idx = Int32Array.from([3, 0, 0, 2]);
    const taken = batchOf(TYPES.map((_, i) => takeData(full.data.children[i], idx)), idx.length);
    expect(canonicalRows(taken)).toEqual([...idx].map((i) => all[i]));
    expect(canonicalRows(batchOf(TYPES.map((_, i) => takeData(full.data.children[i], new Int32Array(0))), 0))).toEqual([]);
    expect(all[3].m).toEqual([]);
    expect(all[1].st).toBeNull();
    expect(all[0].dec).toBe('1.23');
  });

  it('reads internal values back and builds constants', () => {
    const ts = buildData({ kind: 'timestamptz' }, [5n, null]);
    expect([0, 1].map(valueGetter(ts, { kind: 'timestamptz' }))).toEqual([5n, null]);
    const dec = constantData({ kind: 'decimal', precision: 10, scale: 2 }, -999n, 3);
    expect([0, 2].map(valueGetter(dec, { kind: 'decimal', precision: 10, scale: 2 }))).toEqual([-999n, -999n]);
    const u = constantData({ kind: 'uuid' }, 'f79c3e09-677c-4bbd-a479-3f349cb785e7', 2);
    expect(valueGetter(u, { kind: 'uuid' })(1)).toBe('f79c3e09-677c-4bbd-a479-3f349cb785e7');
    expect(Array.from(maskToIndices(new Uint8Array([0, 1, 1, 0, 1])))).toEqual([1, 2, 4]);
  });
});
