import { MessageChannel } from 'node:worker_threads';
import { tableFromArrays } from 'apache-arrow';
import { afterEach, describe, expect, it } from 'vitest';
import { LakeError, isLakeError } from '../core/errors.ts';
import type { Progress } from '../core/api/progress.ts';
import { arrowResult, tableFromArrowIpc } from './arrow-ipc.ts';
import { type CallContext, type Endpoint, connectRpc, serveRpc } from './rpc.ts';

/** The "worker": handlers that exercise every feature of the protocol. */
function makeHandlers(seen: { aborted?: unknown; lastIpcBuffer?: ArrayBufferLike }) {
  return {
    add: ({ a, b }: { a: number; b: number }) => a + b,
    fail: async ({ code }: { code: 'NotFound' | 'Auth' }) => {
      throw new LakeError(code, 'iceberg metadata: file is missing', { key: 't/metadata/v3.metadata.json', snapshot: '123' });
    },
    crash: (_: Record<string, never>) => { throw new TypeError('x is undefined'); },
    count: async ({ n }: { n: number }, ctx: CallContext) => {
      for (let i = 1; i <= n; i++) ctx.progress({ phase: 'count', done: i, total: n, bytes: i * 10 });
      return n;
    },
    wait: ({ }: Record<string, never>, ctx: CallContext) => new Promise((_resolve, reject) => {
      ctx.signal.addEventListener('abort', () => { seen.aborted = ctx.signal.reason; reject(ctx.signal.reason); });
    }),
    table: ({ rows }: { rows: number }) => {
      const t = tableFromArrays({ id: Int32Array.from({ length: rows }, (_, i) => i), name: Array.from({ length: rows }, (_, i) => `row ${i}`) });
      const out = arrowResult(t);
      seen.lastIpcBuffer = out.value.ipc.buffer;
      return out;
    },
    notCloneable: (_: Record<string, never>) => ({ fn: () => 1 }),
    early: async ({ n }: { n: number }, ctx: CallContext) => {
      const times = Float64Array.from({ length: n }, (_, i) => i * 1.5);
      ctx.partial({ n, times }, [times.buffer]);
      seen.lastIpcBuffer = times.buffer;
      return { n, sum: n * 10 };
    },
  };
}

let cleanups: (() => void)[] = [];
afterEach(() => { for (const c of cleanups) c(); cleanups = []; });

function setup() {
  const seen: { aborted?: unknown; lastIpcBuffer?: ArrayBufferLike } = {};
  const { port1, port2 } = new MessageChannel();
  const handlers = makeHandlers(seen);
  const stop = serveRpc(port2 as unknown as Endpoint, handlers);
  const conn = connectRpc<typeof handlers>(port1 as unknown as Endpoint);
  cleanups.push(() => { stop(); conn.close(); port1.close(); port2.close(); });
  return { client: conn.client, conn, seen };
}

describe('rpc over a MessageChannel', () => {
  it('returns results, typed by the handler map', async () => {
    const { client } = setup();
    const sum: number = await client.add({ a: 2, b: 40 });
    expect(sum).toBe(42);
  });

  it('delivers a LakeError thrown in the worker with the same code, message and context', async () => {
    const { client } = setup();
    for (const code of ['NotFound', 'Auth'] as const) {
      const err = await client.fail({ code }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LakeError);
      expect(err).toMatchObject({ code, message: 'iceberg metadata: file is missing', context: { key: 't/metadata/v3.metadata.json', snapshot: '123' } });
    }
  });

  it('turns any other thrown value into an Internal LakeError that keeps the message', async () => {
    const { client } = setup();
    const err = await client.crash({}).catch((e: unknown) => e);
    expect(isLakeError(err, 'Internal')).toBe(true);
    expect((err as Error).message).toContain('x is undefined');
  });

  it('delivers progress events in order, all before the result', async () => {
    const { client } = setup();
    const events: Progress[] = [];
    const n = await client.count({ n: 5 }, { onProgress: (p) => events.push(p) });
    expect(n).toBe(5);
    expect(events.map((e) => e.done)).toEqual([1, 2, 3, 4, 5]);
    expect(events[4]).toEqual({ phase: 'count', done: 5, total: 5, bytes: 50 });
  });

  it('delivers a partial answer, its buffers moved, before the result', async () => {
    const { client, seen } = setup();
    const order: string[] = [];
    let partial: { n: number; times: Float64Array } | undefined;
    const out = await client.early({ n: 4 }, { onPartial: (v) => { order.push('partial'); partial = v as typeof partial; } }).then((v) => { order.push('result'); return v; });
    expect(order).toEqual(['partial', 'result']);
    expect(out).toEqual({ n: 4, sum: 40 });
    expect(partial?.n).toBe(4);
    expect([...partial!.times]).toEqual([0, 1.5, 3, 4.5]);
    expect(seen.lastIpcBuffer?.byteLength).toBe(0); // transferred, not copied
  });

  it('propagates an abort on the page to the signal inside the worker, and rejects at once', async () => {
    const { client, conn, seen } = setup();
    const ac = new AbortController();
    const call = client.wait({}, { signal: ac.signal });
    await new Promise((r) => setTimeout(r, 20));
    expect(conn.pendingCount()).toBe(1);
    ac.abort();
    const err = await call.catch((e: unknown) => e);
    expect(isLakeError(err, 'Aborted')).toBe(true);
    expect(conn.pendingCount()).toBe(0);
    await expect.poll(() => seen.aborted).toBeDefined();
    expect(isLakeError(seen.aborted, 'Aborted')).toBe(true);
  });

  it('rejects a call whose signal already fired without sending it', async () => {
    const { client, conn } = setup();
    const ac = new AbortController();
    ac.abort();
    const err = await client.add({ a: 1, b: 1 }, { signal: ac.signal }).catch((e: unknown) => e);
    expect(isLakeError(err, 'Aborted')).toBe(true);
    expect(conn.pendingCount()).toBe(0);
  });

  it('moves Arrow IPC bytes through the transfer list and rebuilds the table', async () => {
    const { client, seen } = setup();
    const result = await client.table({ rows: 1000 });
    const table = tableFromArrowIpc(result);
    expect(table.numRows).toBe(1000);
    expect(table.getChild('name')?.get(999)).toBe('row 999');
    expect(table.getChild('id')?.get(500)).toBe(500);
    expect(seen.lastIpcBuffer?.byteLength).toBe(0); // detached in the worker: it was moved, not copied
  });

  it('reports unknown methods and uncloneable results as Internal errors', async () => {
    const { client } = setup();
    const raw = client as unknown as Record<string, (p: unknown) => Promise<unknown>>;
    const unknown = await raw.nope({}).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ code: 'Internal', context: { method: 'nope' } });
    const bad = await client.notCloneable({}).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: 'Internal', message: "worker: result of 'notCloneable' cannot be sent to the page" });
  });

  it('rejects pending calls when the connection is closed (worker crashed)', async () => {
    const { client, conn } = setup();
    const call = client.wait({});
    conn.close(new LakeError('Internal', 'worker: crashed'));
    await expect(call).rejects.toMatchObject({ code: 'Internal', message: 'worker: crashed' });
    await expect(client.add({ a: 1, b: 2 })).rejects.toMatchObject({ message: 'worker: crashed' });
  });

  it('sends the results of jsonResults methods as one JSON string, parsed back on the page', async () => {
    const { port1, port2 } = new MessageChannel();
    const handlers = {
      versions: ({ n }: { n: number }) => ({ versions: Array.from({ length: n }, (_, i) => ({ id: String(i), timestampMs: i * 1000, refs: [], note: i % 2 ? 'x' : null })) }),
      big: (_: Record<string, never>) => ({ id: 1n }),
    };
    const stop = serveRpc(port2 as unknown as Endpoint, handlers, { jsonResults: ['versions', 'big'] });
    const conn = connectRpc<typeof handlers>(port1 as unknown as Endpoint);
    const wire: unknown[] = [];
    port1.on('message', (m: unknown) => wire.push(m));
    cleanups.push(() => { stop(); conn.close(); port1.close(); port2.close(); });
    const got = await conn.client.versions({ n: 3 });
    expect(got).toEqual(handlers.versions({ n: 3 }));
    expect(wire).toContainEqual(expect.objectContaining({ t: 'result', json: expect.any(String) }));
    // Not JSON: the call fails as any result that cannot be sent does.
    await expect(conn.client.big({})).rejects.toMatchObject({ code: 'Internal', message: "worker: result of 'big' cannot be sent to the page" });
  });
});
