import { describe, expect, it } from 'vitest';
import { runSqlBench } from './sql.ts';

// The CI-sized form of bench/sql.ts: small, no timing asserted — the pipeline's GROUP BY agrees with the loop's.
describe('bench/sql', () => {
  it('GROUP BY over 3,000 generated rows: the columnar executor, squirreling and the hand-written loop agree', async () => {
    const r = await runSqlBench({ rows: 3000 });
    expect(r.groups).toBe(100);
    expect(r.pipelineMs).toBeGreaterThan(0);
    expect(r.fastMs).toBeGreaterThan(0);
  });
});
