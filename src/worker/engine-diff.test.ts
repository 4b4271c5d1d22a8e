/**
 * The diff page's calls through the real worker protocol (MessageChannel) on the fixtures: the
 * metadata diff, a row diff with progress events paged out by kind and filtered by partition and changed
 * column, the change log, closing, and a cancelled row diff (Aborted, nothing kept).
 */
import { describe, expect, it } from 'vitest';
import { isLakeError } from '../core/errors.ts';
import type { Progress } from '../core/api/progress.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../testing/fixtures.ts';
import { fixtureEngineClients } from './fixture-engine.test-support.ts';

const setup = fixtureEngineClients();

describe.skipIf(!FIXTURES_PRESENT)('diff calls through the worker protocol', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('paimon pk_dv_schema_evolution 4 → 6: metadata diff, row diff with progress, pages by kind/partition/column, changes', async () => {
    const engine = setup();
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    const { tableId } = await engine.openTable({ warehouseId, root: 'paimon/pk_dv_schema_evolution_pk_table_with_alter_table/', format: 'paimon' });
    const meta = await engine.diffTables({ tableId, from: '4', to: '6' });
    expect(meta.schema.changes.length).toBeGreaterThan(0);
    expect(meta.partitions.map((p) => p.partition)).toEqual(['key0=0/key1=1', 'key0=1/key1=1']);

    const progress: Progress[] = [];
    const summary = await engine.openRowDiff({ tableId, from: '4', to: '6' }, { onProgress: (p) => progress.push(p) });
    expect(summary.counts).toEqual({ added: 1, removed: 0, changed: 1 });
    expect(summary.key).toEqual(['key0', 'key1', 'key_2']);
    expect(progress.some((p) => p.phase === 'read' && p.done === p.total)).toBe(true);
    expect(summary).not.toHaveProperty('added');

    const added = await engine.readRowDiff({ diffId: summary.diffId, kind: 'added', offset: 0, limit: 10 });
    expect(added).toMatchObject({ kind: 'added', total: 1 });
    expect(added.kind !== 'changed' && added.rows[0]!.provenance.partition).toBe('key0=0/key1=1');
    const changed = await engine.readRowDiff({ diffId: summary.diffId, kind: 'changed', offset: 0, limit: 10 });
    expect(changed.kind === 'changed' && changed.rows[0]!.changedColumns).toEqual(['c', 'd', 'a', 'e']);
    // The summary names the columns any changed row changed, in the table's column order.
    expect(summary.changedColumns).toEqual(summary.columns.filter((c) => ['c', 'd', 'a', 'e'].includes(c)));
    expect(summary.changedColumns).toHaveLength(4);
    expect((await engine.readRowDiff({ diffId: summary.diffId, kind: 'changed', offset: 0, limit: 10, column: 'k' })).total).toBe(0);
    expect((await engine.readRowDiff({ diffId: summary.diffId, kind: 'added', offset: 0, limit: 10, partition: 'key0=1/key1=1' })).total).toBe(0);

    const log = await engine.changes({ tableId, from: '4', to: '6' });
    expect(log).toMatchObject({ source: 'derived', versions: ['5', '6'] });

    expect(await engine.closeRowDiff({ diffId: summary.diffId })).toBe(true);
    const gone = await engine.readRowDiff({ diffId: summary.diffId, kind: 'added', offset: 0, limit: 1 }).catch((e: unknown) => e);
    expect(isLakeError(gone, 'NotFound')).toBe(true);
  });

  it('a cancelled row diff rejects with Aborted', async () => {
    const engine = setup();
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    const { tableId, overview } = await engine.openTable({ warehouseId, root: 'hudi/mor_v9_txns_simple_nometa/', format: 'hudi' });
    const ids = overview.versions.map((v) => v.id);
    const controller = new AbortController();
    const run = engine.openRowDiff({ tableId, from: ids[0]!, to: ids.at(-1)! }, {
      signal: controller.signal, onProgress: (p) => { if (p.phase === 'read') controller.abort(); },
    });
    const e = await run.catch((x: unknown) => x);
    expect(isLakeError(e, 'Aborted')).toBe(true);
  });
});
