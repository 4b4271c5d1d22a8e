import { Int32, Table, vectorFromArray, type RecordBatch } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { limitBatches } from './limit.ts';

const batch = (from: number, n: number): RecordBatch =>
  new Table({ x: vectorFromArray(Array.from({ length: n }, (_, i) => from + i), new Int32()) }).batches[0]!;

async function values(limit: number | undefined, pulled: number[]): Promise<number[]> {
  async function* source() { for (const [i, b] of [batch(0, 3), batch(3, 3), batch(6, 3)].entries()) { pulled.push(i); yield b; } }
  const out: number[] = [];
  for await (const b of limitBatches(source(), limit)) out.push(...(b.getChild('x')!.toArray() as Int32Array));
  return out;
}

describe('limitBatches', () => {
  it('passes every batch without a limit', async () => {
    expect(await values(undefined, [])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });
  it('slices the last batch and stops pulling at the limit', async () => {
    const pulled: number[] = [];
    expect(await values(4, pulled)).toEqual([0, 1, 2, 3]);
    expect(pulled).toEqual([0, 1]);
    const exact: number[] = [];
    expect(await values(3, exact)).toEqual([0, 1, 2]);
    expect(exact).toEqual([0]);
  });
  it('a limit of 0 yields nothing and reads nothing', async () => {
    const pulled: number[] = [];
    expect(await values(0, pulled)).toEqual([]);
    expect(pulled).toEqual([]);
  });
});
