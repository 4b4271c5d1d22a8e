/** The explorer's table calls through the real worker protocol (MessageChannel), on the Iceberg fixtures. */
import { describe, expect, it } from 'vitest';
import { openTable, type TimelineSketchDto } from '../core/api/index.ts';
import { MemoryStorage } from '../core/io/memory-storage.ts';
import { isLakeError } from '../core/errors.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../testing/fixtures.ts';
import { fixtureEngineClients } from './fixture-engine.test-support.ts';
import { createTableHandlers } from './engine-tables.ts';
import { createOutlineWaits } from './outline-shown.ts';
import { longHistoryFiles } from './long-history.test-support.ts';
import { TreeNodeColumns } from './tree-columns.ts';

const setup = fixtureEngineClients();

describe.skipIf(!FIXTURES_PRESENT)('table calls through the worker protocol', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  const root = 'iceberg/v2_spark_position_deletes/';
  const fx = listFixtures('iceberg').find((f) => f.name === 'iceberg/v2_spark_position_deletes');

  it('opens a table once, pages rows of an older version, explains, decodes raw files; disconnect forgets it', async () => {
    const engine = setup();
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    const a = await engine.openTable({ warehouseId, root, format: 'iceberg' });
    const b = await engine.openTable({ warehouseId, root, format: 'iceberg' });
    expect(b.tableId).toBe(a.tableId);
    expect(a.overview.versions.map((v) => v.id)).toEqual(fx!.expected.versions.map((v) => v.id));

    const oldest = fx!.expected.versions[0];
    const cursor = await engine.openRows({ tableId: a.tableId, version: oldest.id });
    expect(cursor.versionId).toBe(oldest.id);
    const page = await engine.readRows({ cursorId: cursor.cursorId, offset: 0, limit: 1000 });
    expect(page.done).toBe(true);
    expect(page.rows).toHaveLength(oldest.rowCount);

    const explain = await engine.explain({ tableId: a.tableId, filter: "\"Breed Name\" = 'Dutch'" });
    expect(explain.filter).toContain('Breed Name');
    expect(explain.counts).toHaveProperty('dataFiles');

    const raw = await engine.rawFile({ warehouseId, key: a.overview.stateKey! });
    expect(raw.role).toBe('iceberg-metadata');

    const stats = await engine.partitionStats({ tableId: a.tableId });
    expect(stats.partitions.reduce((n, p) => n + p.dataFiles, 0)).toBe(explain.counts.dataFiles.matched);

    // Health through the worker: the same files; on this read-only folder every action says why it is unavailable.
    const health = await engine.tableHealth({ tableId: a.tableId, storageRefusal: 'read-only for the test' });
    expect(health.files.dataFiles).toBe(explain.counts.dataFiles.matched);
    expect(health.histogram.reduce((n, c) => n + c, 0)).toBe(health.files.dataFiles);
    expect(health.recommendations.length).toBeGreaterThan(0);
    for (const r of health.recommendations) expect(r).toMatchObject({ available: false, unavailableReason: 'read-only for the test' });

    expect(await engine.closeRows({ cursorId: cursor.cursorId })).toBe(true);
    await expect(engine.readRows({ cursorId: cursor.cursorId, offset: 0, limit: 1 })).rejects.toMatchObject({ code: 'NotFound' });
    await engine.disconnect({ warehouseId });
    await expect(engine.tree({ tableId: a.tableId })).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('tree nodes reach the page with their message and warehouse key, without the English explanation (issue 17)', async () => {
    const engine = setup();
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    const { tableId } = await engine.openTable({ warehouseId, root, format: 'iceberg' });
    const table = await openTable(new FsStorage(FIXTURES_DIR, { readOnly: true }), root, 'iceberg');
    // Every level down to the data and delete files, as the page expands it, against the engine's own nodes.
    let ids: (string | undefined)[] = [undefined];
    let seen = 0;
    while (ids.length > 0) {
      const next: string[] = [];
      for (const nodeId of ids) {
        const [sent, own, packed] = await Promise.all([engine.tree({ tableId, nodeId }), table.tree({}, nodeId), engine.treeLevel({ tableId, nodeId })]);
        expect(sent.map((x) => x.id)).toEqual(own.map((x) => x.id));
        // The page's tree takes the same nodes as columns (worker/tree-columns.ts).
        const columns = new TreeNodeColumns(packed);
        expect(Array.from({ length: columns.length }, (_, i) => columns.at(i))).toEqual(sent);
        sent.forEach((x, i) => {
          const o = own[i]!;
          expect(o.message).toBeDefined();
          expect(o.explanation.length).toBeGreaterThan(0);
          expect(x).toEqual({ ...o, explanation: '', ...(o.location === undefined ? {} : { location: root + o.location }) });
          if (x.hasChildren) next.push(x.id);
          seen++;
        });
      }
      ids = next;
    }
    expect(seen).toBeGreaterThan(3);
  });

  it('the overview leaves out each version\'s summary map; versionSummary gives it per version (issue 17)', async () => {
    const engine = setup();
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    const { tableId, overview } = await engine.openTable({ warehouseId, root, format: 'iceberg' });
    const table = await openTable(new FsStorage(FIXTURES_DIR, { readOnly: true }), root, 'iceberg');
    const full = await table.versions();
    expect(overview.versions.every((v) => !('summary' in v))).toBe(true);
    expect(overview.versions).toEqual(full.map(({ summary: _s, ...v }) => v));
    for (const v of full) expect(await engine.versionSummary({ tableId, versionId: v.id })).toEqual(v.summary);
    expect(full.some((v) => Object.keys(v.summary).length > 0)).toBe(true);
    const missing = await engine.versionSummary({ tableId, versionId: 'no-such-version' }).then(() => undefined, (e: unknown) => e);
    expect(isLakeError(missing, 'NotFound')).toBe(true);
  });

  it('a filter with a syntax error comes back as DataInvalid with its message', async () => {
    const engine = setup();
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    const { tableId } = await engine.openTable({ warehouseId, root, format: 'iceberg' });
    await expect(engine.openRows({ tableId, filter: 'Lifespan >' })).rejects.toMatchObject({ code: 'DataInvalid' });
    await expect(engine.explain({ tableId, filter: 'no_such_column = 1' })).rejects.toMatchObject({ message: expect.stringContaining('no_such_column') });
  });
});

describe('openTable with a sketch', () => {
  /** An Iceberg table of `n` snapshots (metadata only: the overview reads no manifest). */
  async function longHistory(n: number, idBase?: bigint): Promise<MemoryStorage> {
    const storage = new MemoryStorage();
    for (const [key, bytes] of longHistoryFiles(n, idBase)) await storage.write(key, bytes);
    return storage;
  }

  const setupOn = (storage: MemoryStorage) => setup(storage);

  it('a history of 1,000 versions sends its outline before the overview, with the same times and operations', async () => {
    const engine = setupOn(await longHistory(1_000));
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    const order: string[] = [];
    let sketch: TimelineSketchDto | undefined;
    const { overview } = await engine.openTable({ warehouseId, root: 't/', format: 'iceberg', sketch: true },
      { onPartial: (v) => { order.push('sketch'); sketch = v as TimelineSketchDto; } }).then((r) => { order.push('overview'); return r; });
    expect(order).toEqual(['sketch', 'overview']);
    expect(overview.versions).toHaveLength(1_000);
    expect(sketch!.count).toBe(1_000);
    expect([...sketch!.times]).toEqual(overview.versions.map((v) => v.timestampMs));
    expect([...sketch!.ops].map((k) => sketch!.operations[k])).toEqual(overview.versions.map((v) => v.operation));
    expect(sketch!.current).toBe(overview.versions.findIndex((v) => v.isCurrent));
    expect(sketch!.current).toBe(999);
  });

  it('the exact parse after the outline waits for the page to say the outline is shown (outline-shown.ts)', async () => {
    // Ids a double holds exactly: the outline comes from the metadata text, before the exact parse (inspect/outline.ts).
    const storage = await longHistory(1_000, 1_000_000n);
    // A bound far beyond the test: only outlineShown can end the wait.
    const handlers = createTableHandlers(() => storage, undefined, createOutlineWaits(600_000));
    const order: string[] = [];
    const ctx = { signal: new AbortController().signal, progress: () => {}, partial: () => { order.push('sketch'); } };
    const open = handlers.openTable({ warehouseId: 'w1', root: 't/', format: 'iceberg', sketch: true }, ctx).then((r) => { order.push('overview'); return r; });
    await new Promise((r) => setTimeout(r, 300));
    expect(order).toEqual(['sketch']);
    expect(await handlers.outlineShown({ warehouseId: 'w1', root: 'elsewhere/' })).toBe(false);
    expect(await handlers.outlineShown({ warehouseId: 'w1', root: 't/' })).toBe(true);
    const { overview } = await open;
    expect(order).toEqual(['sketch', 'overview']);
    expect(overview.versions).toHaveLength(1_000);
    // A table whose outline was not sent (a short history) never waits.
    const short = await longHistory(999, 1_000_000n);
    const shortHandlers = createTableHandlers(() => short, undefined, createOutlineWaits(600_000));
    await shortHandlers.openTable({ warehouseId: 'w1', root: 't/', format: 'iceberg', sketch: true }, ctx);
  });

  it('no outline for a short history, nor when not asked for', async () => {
    const engine = setupOn(await longHistory(999));
    const { warehouseId } = await engine.connect({ kind: 'url', url: 'x' });
    let partials = 0;
    await engine.openTable({ warehouseId, root: 't/', format: 'iceberg', sketch: true }, { onPartial: () => { partials++; } });
    const long = setupOn(await longHistory(1_000));
    const w = await long.connect({ kind: 'url', url: 'x' });
    await long.openTable({ warehouseId: w.warehouseId, root: 't/', format: 'iceberg' }, { onPartial: () => { partials++; } });
    expect(partials).toBe(0);
  });
});
