import { describe, expect, it } from 'vitest';
import { rowsOf } from './event-table.ts';
import { runCompactionBench } from './compaction.ts';

// The CI-sized form of bench/compaction.ts: small, no timing asserted — the compacted table reads the rows
// it was made from, and parquet-wasm's path writes as many.
describe('bench/compaction', () => {
  it('6 appends x 500 rows: compaction keeps every row, id and amount; the parquet-wasm baseline the same rows', async () => {
    const r = await runCompactionBench({ files: 6, rows: 500, runs: 1 });
    // Expected from the generator itself, not from the bench: ids 0..2999, amounts as rowsOf draws them.
    const all = Array.from({ length: 6 }, (_, f) => rowsOf(f, 500)).flat();
    const amountSum = all.reduce((n, row) => n + ((row.amount as number | null) ?? 0), 0);
    expect(r.input).toMatchObject({ files: 6, rows: 3000, read: { rows: 3000, idSum: String((3000 * 2999) / 2) } });
    expect(r.input.read.amountSum).toBeCloseTo(amountSum, 6);
    expect(r.compaction.runs).toHaveLength(1);
    const [ours] = r.compaction.runs;
    expect(ours!.operation).toBe('compact');
    expect(ours!.outputFiles).toBe(1);
    expect(ours!.read).toMatchObject({ rows: 3000, idSum: r.input.read.idSum });
    expect(ours!.read.amountSum).toBeCloseTo(amountSum, 6);
    expect(r.parquetWasm.runs.map((x) => [x.outputRows, x.idSum])).toEqual([[3000, r.input.read.idSum]]);
    expect(Number.isFinite(r.ratio)).toBe(true);
  }, 120_000);
});
