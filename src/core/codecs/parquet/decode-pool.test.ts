import { describe, expect, it } from 'vitest';
import { isLakeError } from '../../errors.ts';
import { ParquetDecodePool, type DecodeReply, type DecodeRequest, type DecodeWorkerPort } from './decode-pool.ts';

/** A worker the test drives by hand: it records what it was sent and answers when told. */
class FakeWorker implements DecodeWorkerPort {
  readonly received: DecodeRequest[] = [];
  readonly transfers: ArrayBuffer[][] = [];
  busy = false;
  terminated = false;
  private replyTo?: (r: DecodeReply) => void;
  private failTo?: (d: string) => void;
  post(request: DecodeRequest, transfer: ArrayBuffer[]): void { this.received.push(request); this.transfers.push(transfer); }
  onReply(l: (r: DecodeReply) => void): void { this.replyTo = l; }
  onFailure(l: (d: string) => void): void { this.failTo = l; }
  setBusy(busy: boolean): void { this.busy = busy; }
  terminate(): void { this.terminated = true; }
  answer(i: number, reply: Partial<DecodeReply> = {}): void {
    this.replyTo!({ id: this.received[i]!.id, ipc: Uint8Array.of(i), memoryBytes: 1024, ...reply });
  }
  die(detail: string): void { this.failTo!(detail); }
}

function poolOf(size: number, budget = 1 << 30): { pool: ParquetDecodePool; workers: FakeWorker[] } {
  const workers: FakeWorker[] = [];
  const pool = new ParquetDecodePool({ size, memoryBudgetBytes: budget, spawn: () => { const w = new FakeWorker(); workers.push(w); return w; } });
  return { pool, workers };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const bytes = (n: number) => new Uint8Array(n).fill(7);

describe('ParquetDecodePool', () => {
  it('starts workers on demand up to its size, one decode each, and queues the rest in order', async () => {
    const { pool, workers } = poolOf(2);
    const results = [0, 1, 2, 3].map((i) => pool.decode(bytes(10 + i), { batchSize: 100, name: `f${i}` }));
    expect(workers).toHaveLength(2);
    expect(workers.map((w) => w.received.map((r) => r.bytes.byteLength))).toEqual([[10], [11]]);
    expect(workers.every((w) => w.busy)).toBe(true);
    workers[1]!.answer(0);
    await tick();
    expect(workers[1]!.received.map((r) => r.bytes.byteLength)).toEqual([11, 12]); // the next in line went to the free worker
    workers[0]!.answer(0);
    workers[1]!.answer(1);
    await tick();
    expect(workers[0]!.received.map((r) => r.bytes.byteLength)).toEqual([10, 13]);
    workers[0]!.answer(1);
    const got = await Promise.all(results);
    expect(got.map((u) => [...u])).toEqual([[0], [0], [1], [1]]);
    expect(workers.every((w) => !w.busy)).toBe(true); // idle workers let a Node process exit
    expect(pool.stats()).toEqual({ started: 2, retired: 0, decodes: 4, live: 2, memoryBytes: 2048 }); // each worker's last report
  });

  it('sends a copy of exactly the view, transferred, and keeps the caller\'s array intact', async () => {
    const { pool, workers } = poolOf(1);
    const big = new Uint8Array(100).map((_, i) => i);
    const view = big.subarray(10, 20);
    const done = pool.decode(view, { batchSize: 5, rowGroups: [3] });
    const sent = workers[0]!.received[0]!;
    expect([...sent.bytes]).toEqual([...view]);
    expect(sent.bytes.buffer.byteLength).toBe(10);
    expect(workers[0]!.transfers[0]).toEqual([sent.bytes.buffer]);
    expect(sent.rowGroups).toEqual([3]);
    expect(sent.batchSize).toBe(5);
    expect(view.byteLength).toBe(10);
    workers[0]!.answer(0);
    await done;
  });

  it('copies a Node Buffer too (its slice() is a view: transferring that would detach the caller\'s memory)', async () => {
    const { pool, workers } = poolOf(1);
    const buf = Buffer.from([1, 2, 3, 4]);
    const done = pool.decode(buf, { batchSize: 1 });
    const sent = workers[0]!.received[0]!;
    expect(sent.bytes.buffer).not.toBe(buf.buffer);
    expect([...sent.bytes]).toEqual([1, 2, 3, 4]);
    workers[0]!.answer(0);
    await done;
  });

  it('rejects a decode error with parquet-wasm\'s text and replaces the worker (its wasm may be unusable after a panic)', async () => {
    const { pool, workers } = poolOf(1);
    const failed = pool.decode(bytes(4), { batchSize: 1 });
    workers[0]!.answer(0, { ipc: undefined, error: 'Parquet error: EOF' });
    await expect(failed).rejects.toThrow('Parquet error: EOF');
    expect(workers[0]!.terminated).toBe(true);
    const next = pool.decode(bytes(4), { batchSize: 1 });
    expect(workers).toHaveLength(2);
    workers[1]!.answer(0);
    await next;
    expect(pool.stats()).toMatchObject({ started: 2, retired: 1, live: 1 });
  });

  it('replaces a worker whose wasm memory passed the budget, after answering', async () => {
    const { pool, workers } = poolOf(1, 64 << 20);
    const a = pool.decode(bytes(4), { batchSize: 1 });
    const b = pool.decode(bytes(4), { batchSize: 1 });
    workers[0]!.answer(0, { memoryBytes: 65 << 20 });
    expect([...(await a)]).toEqual([0]);
    expect(workers[0]!.terminated).toBe(true);
    expect(workers).toHaveLength(2); // the queued decode went to a fresh worker
    workers[1]!.answer(0, { memoryBytes: 10 << 20 });
    await b;
    expect(workers[1]!.terminated).toBe(false);
  });

  it('fails the decode of a worker that answered once and then dies with Internal naming the file, and goes on with a new worker', async () => {
    const { pool, workers } = poolOf(1);
    const warm = pool.decode(bytes(4), { batchSize: 1 });
    workers[0]!.answer(0);
    await warm;
    const a = pool.decode(bytes(4), { batchSize: 1, name: 'data/a.parquet' });
    const b = pool.decode(bytes(4), { batchSize: 1, name: 'data/b.parquet' });
    workers[0]!.die('the worker exited with code 1');
    expect(pool.usable).toBe(true); // it had answered: the bytes may be why it died, not a worker that cannot start
    const e = await a.then(() => undefined, (x: unknown) => x);
    expect(isLakeError(e, 'Internal')).toBe(true);
    expect((e as Error).message).toBe('parquet: the decode worker stopped while decoding data/a.parquet: the worker exited with code 1');
    expect((e as { context: object }).context).toEqual({ file: 'data/a.parquet' });
    workers[1]!.answer(0);
    await b;
  });

  it('settles an aborted decode at once; a queued one never reaches a worker; a late answer is dropped', async () => {
    const { pool, workers } = poolOf(1);
    const running = new AbortController();
    const queued = new AbortController();
    const a = pool.decode(bytes(4), { batchSize: 1, signal: running.signal });
    const b = pool.decode(bytes(4), { batchSize: 1, signal: queued.signal });
    const c = pool.decode(bytes(4), { batchSize: 1 });
    queued.abort();
    running.abort();
    await expect(a).rejects.toMatchObject({ code: 'Aborted' });
    await expect(b).rejects.toMatchObject({ code: 'Aborted' });
    workers[0]!.answer(0); // the aborted decode's late answer frees the worker
    await tick();
    expect(workers[0]!.received).toHaveLength(2); // b was skipped, c sent
    workers[0]!.answer(1);
    expect([...(await c)]).toEqual([1]);
    const already = new AbortController();
    already.abort();
    await expect(pool.decode(bytes(4), { batchSize: 1, signal: already.signal })).rejects.toMatchObject({ code: 'Aborted' });
  });

  it('a worker that dies before answering at all hands its decode to the next; twice, and the pool is unusable and what waits fails at once', async () => {
    const { pool, workers } = poolOf(1);
    const a = pool.decode(bytes(4), { batchSize: 1, name: 'a' });
    const b = pool.decode(bytes(4), { batchSize: 1, name: 'b' });
    workers[0]!.die('Failed to fetch the worker script');
    expect(pool.usable).toBe(true);
    expect(workers[1]!.received.map((r) => r.id)).toEqual([workers[0]!.received[0]!.id]); // a again, on a new worker
    workers[1]!.die('Failed to fetch the worker script');
    expect(pool.usable).toBe(false);
    await expect(a).rejects.toThrow('decode workers cannot start here');
    await expect(b).rejects.toThrow('decode workers cannot start here');
    expect(workers).toHaveLength(2);
  });

  it('a size below one counts as one worker', async () => {
    const { pool, workers } = poolOf(0);
    const a = pool.decode(bytes(4), { batchSize: 1 });
    const b = pool.decode(bytes(4), { batchSize: 1 });
    expect(workers).toHaveLength(1);
    workers[0]!.answer(0);
    await a;
    workers[0]!.answer(1);
    await b;
  });

  it('close ends every worker and fails what was waiting', async () => {
    const { pool, workers } = poolOf(1);
    const a = pool.decode(bytes(4), { batchSize: 1 });
    const b = pool.decode(bytes(4), { batchSize: 1 });
    pool.close();
    await expect(a).rejects.toMatchObject({ code: 'Aborted' });
    await expect(b).rejects.toMatchObject({ code: 'Aborted' });
    expect(workers[0]!.terminated).toBe(true);
  });
});
