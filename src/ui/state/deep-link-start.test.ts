import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DetectedTableDto, WarehouseDto } from '../../core/api/dto.ts';
import type { CallOptions, Connected, ConnectionSpec } from '../../worker/client.ts';
import { type DeepLinkEngine, LINK_HOLD_MS, type OpenedTable, deepLinkSpec, holdLinkedScreen, startDeepLink, tableInRootListing, takeEarlyConnect, takeEarlyConnectAnswer, takeEarlyOpen, watchLinkedOutline } from './deep-link-start.ts';
import { parseRoute } from './route.ts';

const table = (root: string): DetectedTableDto => ({ format: 'iceberg', alsoReadableAs: [], root, name: root.replace(/\/$/, ''), evidence: `${root}metadata/v1.metadata.json` });
const warehouse = (folders: string[]): WarehouseDto => ({
  description: 'lake', writable: false,
  root: { prefix: '', table: null, folders: folders.map((f) => ({ prefix: f, name: f.slice(0, -1), table: f.startsWith('t') ? table(f) : null })), files: [], truncated: false, detectionSkipped: 0 },
} as unknown as WarehouseDto);

/** An engine whose calls the test settles by hand, recording what it was asked. */
function manualEngine(wh: WarehouseDto) {
  const calls: { method: string; params: unknown; options?: CallOptions; resolve: (v: unknown) => void }[] = [];
  const record = (method: string) => (params: unknown, options?: CallOptions) => new Promise((resolve) => { calls.push({ method, params, options, resolve }); });
  const engine = { connect: record('connect'), openLinkedTable: record('openLinkedTable'), openTable: record('openTable') } as unknown as DeepLinkEngine;
  const connected: Connected = { warehouseId: 'w1', label: 'lake', labelMessage: { key: 'ui.connection.label.url', params: { url: 'lake' } }, warehouse: wh };
  return { engine, calls, connected };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('deep link start', () => {
  it('names the connection a link reopens by itself, and finds a table in the root listing', () => {
    expect(deepLinkSpec(parseRoute('?w=url&url=http%3A%2F%2Fh%2F&t=t%2F'), 'http://app/x/')).toEqual({ kind: 'url', url: 'http://h/' });
    expect(deepLinkSpec(parseRoute('?w=demo'), 'http://app/x/')).toEqual({ kind: 'demo', baseUrl: 'http://app/x/demo/' });
    expect(deepLinkSpec(parseRoute('?w=s3&bucket=b&endpoint=e'), 'http://app/')).toBeUndefined();
    const wh = warehouse(['a/', 't1/']);
    expect(tableInRootListing(wh, 't1/')?.root).toBe('t1/');
    expect(tableInRootListing(wh, 'a/')).toBeUndefined();
    expect(tableInRootListing(wh, 'zz/')).toBeUndefined();
  });

  it('connects and opens the linked table before anyone asks; the first taker adopts each call once, with the outline', async () => {
    const { engine, calls, connected } = manualEngine(warehouse(['t1/']));
    expect(startDeepLink('?w=url&url=http%3A%2F%2Fh%2F&t=t1%2F&tab=tree', 'http://app/', engine)).toBe(true);
    // Both calls leave at once: the worker opens the table when connected, without waiting for the page.
    const spec: ConnectionSpec = { kind: 'url', url: 'http://h/' };
    expect(calls.map((c) => c.method)).toEqual(['connect', 'openLinkedTable']);
    expect(calls[1].params).toEqual({ spec, root: 't1/' });
    expect(takeEarlyConnect({ kind: 'url', url: 'http://other/' })).toBeUndefined();
    const adopted = takeEarlyConnect(spec);
    expect(adopted).toBeDefined();
    expect(takeEarlyConnect(spec)).toBeUndefined(); // once
    // The outline may come before connect's answer reaches the page, and before the table page takes the call.
    calls[1].options?.onPartial?.({ outline: 1 });
    calls[0].resolve(connected);
    expect(await adopted).toBe(connected);
    await tick();
    expect(calls.map((c) => c.method)).toEqual(['connect', 'openLinkedTable']);
    expect(takeEarlyOpen('w1', 't1/', 'delta', {})).toBeUndefined();
    const partials: unknown[] = [];
    const controller = new AbortController();
    const open = takeEarlyOpen('w1', 't1/', 'iceberg', { signal: controller.signal, onPartial: (v) => partials.push(v) });
    expect(open).toBeDefined();
    expect(partials).toEqual([{ outline: 1 }]);
    calls[1].options?.onPartial?.({ outline: 2 });
    expect(partials).toEqual([{ outline: 1 }, { outline: 2 }]);
    expect(takeEarlyOpen('w1', 't1/', 'iceberg', {})).toBeUndefined(); // once
    // The adopter's signal aborts the call it adopted.
    expect(calls[1].options?.signal?.aborted).toBe(false);
    controller.abort();
    expect(calls[1].options?.signal?.aborted).toBe(true);
    const answer = { tableId: 't', overview: {} } as unknown as OpenedTable;
    calls[1].resolve({ warehouseId: 'w1', root: 't1/', format: 'iceberg', ...answer });
    expect(await open).toEqual(answer);
  });

  it('keeps an outline the worker drew before the listing only when the listing names the same format', async () => {
    for (const [drawnFor, kept] of [['iceberg', true], ['paimon', false]] as const) {
      const { engine, calls, connected } = manualEngine(warehouse(['t1/']));
      startDeepLink('?w=url&url=http%3A%2F%2Fh%2F&t=t1%2F', 'http://app/', engine);
      const spec: ConnectionSpec = { kind: 'url', url: 'http://h/' };
      const adopted = takeEarlyConnect(spec)!;
      // Drawn from the early reads while the key list was on its way; the listing then names an Iceberg table.
      const early = { count: 1000, format: drawnFor };
      calls[1].options?.onPartial?.(early);
      calls[0].resolve(connected);
      await adopted;
      await tick();
      const partials: unknown[] = [];
      expect(takeEarlyOpen('w1', 't1/', 'iceberg', { onPartial: (v) => partials.push(v) })).toBeDefined();
      expect(partials).toEqual(kept ? [early] : []);
      // After the listing: an outline of another format is dropped, the open's own (no format) is kept.
      calls[1].options?.onPartial?.({ count: 1000, format: 'paimon' });
      calls[1].options?.onPartial?.({ count: 1001 });
      expect(partials).toEqual([...(kept ? [early] : []), { count: 1001 }]);
    }
  });

  it('shows the outline the worker drew while the connecting screen is up, of the listing\'s format once it answered; a new link starts clean', async () => {
    const { engine, calls, connected } = manualEngine(warehouse(['t1/']));
    startDeepLink('?w=url&url=http%3A%2F%2Fh%2F&t=t1%2F', 'http://app/', engine);
    const shown: unknown[] = [];
    const stop = watchLinkedOutline((v) => shown.push(v));
    expect(shown).toEqual([]);
    const early = { count: 1000, format: 'iceberg' };
    calls[1].options?.onPartial?.(early);
    expect(shown).toEqual([early]);
    // A screen mounted after the outline came gets it at once.
    const late: unknown[] = [];
    const stopLate = watchLinkedOutline((v) => late.push(v));
    expect(late).toEqual([early]);
    stopLate();
    stop(); // the first watcher was replaced: stopping it leaves nothing behind
    // Once the listing answered (an Iceberg table), a screen still up (the shell holds it: app.tsx) gets the
    // open's outline, and not one drawn for another format; nor does a screen mounted later get that one.
    const after: unknown[] = [];
    watchLinkedOutline((v) => after.push(v));
    after.length = 0;
    calls[0].resolve(connected);
    await takeEarlyConnect({ kind: 'url', url: 'http://h/' });
    await tick();
    calls[1].options?.onPartial?.({ count: 1001, format: 'paimon' });
    calls[1].options?.onPartial?.({ count: 1001 });
    expect(after).toEqual([{ count: 1001 }]);
    const later: unknown[] = [];
    watchLinkedOutline((v) => later.push(v));
    expect(later).toEqual([{ count: 1001 }]);
    expect(takeEarlyOpen('w1', 't1/', 'iceberg', {})).toBeDefined(); // the table page adopts the same call
    // An outline drawn before the listing for a format the listing does not name is not kept for a later screen.
    const other = manualEngine(warehouse(['t1/']));
    startDeepLink('?w=url&url=http%3A%2F%2Fh%2F&t=t1%2F', 'http://app/', other.engine);
    other.calls[1].options?.onPartial?.({ count: 1000, format: 'paimon' });
    other.calls[0].resolve(connected);
    await takeEarlyConnect({ kind: 'url', url: 'http://h/' });
    await tick();
    const afterOther: unknown[] = [];
    watchLinkedOutline((v) => afterOther.push(v));
    expect(afterOther).toEqual([]);
    // A link to another table starts without the last one's outline.
    const next = manualEngine(warehouse(['t2/']));
    startDeepLink('?w=url&url=http%3A%2F%2Fh%2F&t=t2%2F', 'http://app/', next.engine);
    const fresh: unknown[] = [];
    watchLinkedOutline((v) => fresh.push(v));
    expect(fresh).toEqual([]);
    startDeepLink('?w=url&url=http%3A%2F%2Fh%2F', 'http://app/', manualEngine(warehouse([])).engine);
    watchLinkedOutline((v) => fresh.push(v));
    next.calls[1].options?.onPartial?.({ count: 1000, format: 'iceberg' });
    expect(fresh).toEqual([]);
  });

  it('falls back to openTable when the worker found no linked table after all', async () => {
    const { engine, calls, connected } = manualEngine(warehouse(['t1/']));
    startDeepLink('?w=url&url=http%3A%2F%2Fh%2F&t=t1%2F', 'http://app/', engine);
    const adopted = takeEarlyConnect({ kind: 'url', url: 'http://h/' });
    calls[0].resolve(connected);
    await adopted;
    await tick();
    const open = takeEarlyOpen('w1', 't1/', 'iceberg', {});
    calls[1].resolve(null);
    await tick();
    expect(calls.map((c) => c.method)).toEqual(['connect', 'openLinkedTable', 'openTable']);
    expect(calls[2].params).toEqual({ warehouseId: 'w1', root: 't1/', format: 'iceberg', sketch: true });
    const answer = { tableId: 't', overview: {} };
    calls[2].resolve(answer);
    expect(await open).toBe(answer);
  });

  it('starts nothing for a link without a warehouse, and offers no early open when the table is not in the root listing', async () => {
    const none = manualEngine(warehouse([]));
    expect(startDeepLink('?tab=tree', 'http://app/', none.engine)).toBe(false);
    expect(startDeepLink('?w=s3&bucket=b&endpoint=http%3A%2F%2Fe', 'http://app/', none.engine)).toBe(false);
    expect(none.calls).toHaveLength(0);
    const { engine, calls, connected } = manualEngine(warehouse(['a/']));
    startDeepLink('?w=demo&t=deep%2Fer%2F', 'http://app/', engine);
    const adopted = takeEarlyConnect({ kind: 'demo', baseUrl: 'http://app/demo/' });
    calls[0].resolve(connected);
    await adopted;
    await tick();
    expect(calls.map((c) => c.method)).toEqual(['connect', 'openLinkedTable']);
    expect(takeEarlyOpen('w1', 'deep/er/', 'iceberg', {})).toBeUndefined();
  });

  it('hands the page a connect answer that came before its first render, once; before it comes, the call stays to adopt', async () => {
    const { engine, calls, connected } = manualEngine(warehouse(['t1/']));
    startDeepLink('?w=url&url=http%3A%2F%2Fh%2F&t=t1%2F', 'http://app/', engine);
    const spec: ConnectionSpec = { kind: 'url', url: 'http://h/' };
    expect(takeEarlyConnectAnswer(spec)).toBeUndefined(); // not answered yet: the call is still there
    calls[0].resolve(connected);
    await tick();
    expect(takeEarlyConnectAnswer({ kind: 'url', url: 'http://other/' })).toBeUndefined();
    expect(takeEarlyConnectAnswer(spec)).toBe(connected);
    expect(takeEarlyConnectAnswer(spec)).toBeUndefined(); // once
    expect(takeEarlyConnect(spec)).toBeUndefined(); // taken with it
    // The linked table's open was adopted for the page as before.
    expect(takeEarlyOpen('w1', 't1/', 'iceberg', {})).toBeDefined();
    // A connect that failed leaves no answer: the shell adopts the call and reports its error.
    const failing = manualEngine(warehouse([]));
    startDeepLink('?w=demo', 'http://app/', failing.engine);
    const demo: ConnectionSpec = { kind: 'demo', baseUrl: 'http://app/demo/' };
    (failing.calls[0] as unknown as { resolve: (v: unknown) => void }).resolve(Promise.reject(new Error('refused')));
    await tick();
    expect(takeEarlyConnectAnswer(demo)).toBeUndefined();
    await expect(takeEarlyConnect(demo)).rejects.toThrow('refused');
  });

  describe('the connecting screen held for a table link once its warehouse is open', () => {
    afterEach(() => { vi.useRealTimers(); });

    it('ends when the linked open answers or fails, or at the bound; cancelled, it never releases', async () => {
      vi.useFakeTimers();
      for (const outcome of ['answers', 'fails', 'bound', 'cancelled'] as const) {
        const { engine, calls, connected } = manualEngine(warehouse(['t1/']));
        startDeepLink('?w=url&url=http%3A%2F%2Fh%2F&t=t1%2F', 'http://app/', engine);
        calls[0].resolve(connected);
        await vi.advanceTimersByTimeAsync(0);
        let released = 0;
        const cancel = holdLinkedScreen(() => { released++; });
        await vi.advanceTimersByTimeAsync(LINK_HOLD_MS - 1);
        expect(released).toBe(0); // the open still runs, the bound not reached
        if (outcome === 'answers') calls[1].resolve({ warehouseId: 'w1', root: 't1/', format: 'iceberg', tableId: 't', overview: {} });
        if (outcome === 'fails') calls[1].resolve(Promise.reject(new Error('gone')));
        if (outcome === 'cancelled') cancel();
        await vi.advanceTimersByTimeAsync(outcome === 'bound' || outcome === 'cancelled' ? 1 : 0);
        expect(released).toBe(outcome === 'cancelled' ? 0 : 1);
        await vi.advanceTimersByTimeAsync(LINK_HOLD_MS);
        expect(released).toBe(outcome === 'cancelled' ? 0 : 1); // once
        cancel();
      }
    });

    it('ends at once for a link without a table', async () => {
      vi.useFakeTimers();
      startDeepLink('?w=url&url=http%3A%2F%2Fh%2F', 'http://app/', manualEngine(warehouse([])).engine);
      let released = 0;
      holdLinkedScreen(() => { released++; });
      await vi.advanceTimersByTimeAsync(0);
      expect(released).toBe(1);
    });
  });
});
