/**
 * The Query tab's calls through the real worker protocol (MessageChannel) on the fixtures: explain with
 * bytes to fetch before running, a time-travel run with progress events, the byte limit the page passes
 * after asking, a query error with its position, and a cancelled run (Aborted).
 */
import { describe, expect, it } from 'vitest';
import type { Progress } from '../core/api/progress.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../testing/fixtures.ts';
import { fixtureEngineClients } from './fixture-engine.test-support.ts';

const setup = fixtureEngineClients();

describe.skipIf(!FIXTURES_PRESENT)('SQL calls through the worker protocol', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  const fx = () => listFixtures('iceberg').find((f) => f.name === 'iceberg/v2_spark_position_deletes')!;

  it('explains (bytes to fetch), then runs a time-travel query with progress; a byte limit below the plan refuses', async () => {
    const engine = setup();
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    const first = fx().expected.versions[0]!;
    const query = `SELECT count(*) AS n FROM "iceberg/v2_spark_position_deletes" FOR VERSION AS OF ${first.id}`;
    const explain = await engine.sqlExplain({ warehouseId, query });
    expect(explain.bytesToFetch).toBeGreaterThan(0);
    expect(explain.scans[0]).toMatchObject({ kind: 'data', version: first.id, format: 'iceberg' });
    const progress: Progress[] = [];
    const result = await engine.sqlRun({ warehouseId, query, maxBytes: explain.bytesToFetch }, { onProgress: (p) => progress.push(p) });
    expect(result.rows).toEqual([[first.rowCount]]);
    expect(result.columns).toEqual([{ name: 'n', kind: 'number' }]);
    expect(progress.some((p) => p.phase === 'plan')).toBe(true);
    expect(progress.some((p) => p.phase === 'read')).toBe(true);
    await expect(engine.sqlRun({ warehouseId, query, maxBytes: explain.bytesToFetch - 1 })).rejects.toMatchObject({ code: 'Conflict' });
  });

  it('a wrong column is DataInvalid with line and column; a cancelled run is Aborted', async () => {
    const engine = setup();
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    await expect(engine.sqlRun({ warehouseId, query: 'SELECT x FROM "iceberg/v2_spark_position_deletes"' }))
      .rejects.toMatchObject({ code: 'DataInvalid', context: { line: 1, column: 8 } });
    const controller = new AbortController();
    await expect(engine.sqlRun({ warehouseId, query: 'SELECT * FROM "iceberg/v2_spark_position_deletes"' }, {
      signal: controller.signal, onProgress: (p) => { if (p.phase === 'plan') controller.abort(); },
    })).rejects.toMatchObject({ code: 'Aborted' });
  });
});
