import { describe, expect, it } from 'vitest';
import { FaultStorage } from './fault-storage.ts';
import { MemoryStorage } from './memory-storage.ts';

const enc = new TextEncoder();

describe('FaultStorage', () => {
  it('fails the Nth write only, and nothing is written by it', async () => {
    const mem = new MemoryStorage();
    const s = new FaultStorage(mem, { rules: [{ nth: 2 }] });
    await s.write('a', enc.encode('1'));
    await expect(s.write('b', enc.encode('2'))).rejects.toMatchObject({ code: 'Io', context: { injected: true } });
    await s.write('c', enc.encode('3'));
    expect(mem.size).toBe(2);
    await expect(mem.head('b')).rejects.toMatchObject({ code: 'NotFound' });
    expect(s.injected).toBe(1);
  });

  it('cuts off writes matching a predicate, leaving a torn object', async () => {
    const mem = new MemoryStorage();
    const s = new FaultStorage(mem, { rules: [{ mode: 'cutoff', match: (k) => k.endsWith('.json') }] });
    await s.write('data.bin', enc.encode('whole'));
    await expect(s.write('m.json', enc.encode('{"complete":true}'))).rejects.toMatchObject({ code: 'Io' });
    expect(new TextDecoder().decode(await mem.read('m.json'))).toBe('{"comple'); // the first half (8 of 17 bytes)
    await expect(s.write('n.json', enc.encode('0123456789'))).rejects.toMatchObject({ code: 'Io' }); // every match
    expect((await mem.head('n.json')).size).toBe(5);
  });

  it('lost-ack: the write happens but the caller sees Io', async () => {
    const mem = new MemoryStorage();
    const s = new FaultStorage(mem, { rules: [{ mode: 'lost-ack', nth: 1 }] });
    await expect(s.write('k', enc.encode('v'))).rejects.toMatchObject({ code: 'Io' });
    expect(new TextDecoder().decode(await mem.read('k'))).toBe('v');
  });

  it('can fail reads too, and adds abortable latency', async () => {
    const mem = new MemoryStorage();
    await mem.write('k', enc.encode('v'));
    const s = new FaultStorage(mem, { latencyMs: 200, rules: [{ method: 'read', nth: 1 }] });
    const t0 = Date.now();
    await expect(s.read('k')).rejects.toMatchObject({ code: 'Io' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
    await expect(s.read('k', { signal: AbortSignal.timeout(20) })).rejects.toMatchObject({ code: 'Aborted' });
    expect(new TextDecoder().decode(await s.read('k'))).toBe('v');
  });
});
