import { describe, expect, it } from 'vitest';
import { isLakeError } from '../errors.ts';
import { FaultStorage } from '../io/fault-storage.ts';
import { MemoryStorage } from '../io/memory-storage.ts';
import { utf8Encode } from '../util/bytes.ts';
import { createExclusive, isCommitStateUnknown } from './exclusive-create.ts';
import { backoffMs, retryOnConflict, retryPolicyFromProperties } from './retry-policy.ts';
import { LakeError } from '../errors.ts';

const data = utf8Encode('{"format-version":2,"the":"new metadata"}');

async function stored(s: MemoryStorage, key: string): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await s.read(key));
  } catch {
    return undefined;
  }
}

describe('createExclusive', () => {
  it('creates an absent key and reports Conflict (retryable) when another writer has it', async () => {
    const mem = new MemoryStorage();
    await createExclusive(mem, 'v2.json', data);
    expect(await stored(mem, 'v2.json')).toContain('new metadata');
    const err = await createExclusive(mem, 'v2.json', utf8Encode('{"other":1}')).catch((e) => e);
    expect(isLakeError(err, 'Conflict')).toBe(true);
    expect(err.context.retryable).toBe(true);
    expect(await stored(mem, 'v2.json')).toContain('new metadata');
  });

  it('a failed write is sent again; a lost answer is recognised as our own success', async () => {
    for (const mode of ['fail', 'lost-ack'] as const) {
      const mem = new MemoryStorage();
      const fs = new FaultStorage(mem, { rules: [{ nth: 1, mode }] });
      await createExclusive(fs, 'k', data);
      expect(fs.injected).toBe(1);
      expect(await stored(mem, 'k')).toContain('new metadata');
    }
  });

  it('a torn write (a prefix of our bytes) is removed and written again, never left behind', async () => {
    const mem = new MemoryStorage();
    const fs = new FaultStorage(mem, { rules: [{ nth: 1, mode: 'cutoff', cutoffBytes: 10 }] });
    await createExclusive(fs, 'k', data);
    expect(fs.injected).toBe(1);
    expect(await stored(mem, 'k')).toBe(new TextDecoder().decode(data));
  });

  it('someone else\'s bytes found after an ambiguous write are a Conflict, and are left alone', async () => {
    const mem = new MemoryStorage();
    const fs = new FaultStorage(mem, { rules: [{ nth: 1, mode: 'fail' }] });
    // the first write fails; before we look, another writer creates the key
    const origHead = fs.head.bind(fs);
    let raced = false;
    fs.head = async (key, o) => {
      if (!raced) { raced = true; await mem.write(key, utf8Encode('{"theirs":true}')); }
      return origHead(key, o);
    };
    const err = await createExclusive(fs, 'k', data).catch((e) => e);
    expect(isLakeError(err, 'Conflict')).toBe(true);
    expect(await stored(mem, 'k')).toBe('{"theirs":true}');
  });

  it('when the outcome cannot be checked, it says the commit state is unknown', async () => {
    const mem = new MemoryStorage();
    const fs = new FaultStorage(mem, { rules: [{ nth: 1, mode: 'lost-ack' }, { method: 'head', mode: 'fail' }] });
    const err = await createExclusive(fs, 'k', data).catch((e) => e);
    expect(isCommitStateUnknown(err)).toBe(true);
    expect(err.message).toMatch(/commit state unknown/);
    expect(await stored(mem, 'k')).toContain('new metadata'); // it did land, and nothing removed it
  });
});

describe('retryOnConflict', () => {
  const policy = retryPolicyFromProperties({ 'commit.retry.num-retries': '3', 'commit.retry.min-wait-ms': '1', 'commit.retry.max-wait-ms': '4' });

  it('reads commit.retry.* properties, falling back to the defaults on nonsense', () => {
    expect(policy).toEqual({ numRetries: 3, minWaitMs: 1, maxWaitMs: 4, totalTimeoutMs: 1_800_000 });
    expect(retryPolicyFromProperties({ 'commit.retry.num-retries': 'lots' }).numRetries).toBe(4);
    expect(backoffMs({ numRetries: 9, minWaitMs: 100, maxWaitMs: 1000, totalTimeoutMs: 1 }, 1, () => 0)).toBe(100);
    expect(backoffMs({ numRetries: 9, minWaitMs: 100, maxWaitMs: 1000, totalTimeoutMs: 1 }, 3, () => 0)).toBe(400);
    expect(backoffMs({ numRetries: 9, minWaitMs: 100, maxWaitMs: 1000, totalTimeoutMs: 1 }, 9, () => 1)).toBe(1000);
  });

  it('retries retryable Conflicts up to num-retries, then gives up with a Conflict naming the attempts', async () => {
    let calls = 0;
    const err = await retryOnConflict('t', policy, async () => { calls++; throw new LakeError('Conflict', 'lost'); }).catch((e) => e);
    expect(calls).toBe(4);
    expect(isLakeError(err, 'Conflict')).toBe(true);
    expect(err.message).toMatch(/gave up after 4 attempts/);
    let n = 0;
    const ok = await retryOnConflict('t', policy, async () => { if (++n < 3) throw new LakeError('Conflict', 'lost'); return 'x'; });
    expect(ok).toEqual({ value: 'x', attempts: 3 });
  });

  it('does not retry other errors or non-retryable Conflicts', async () => {
    let calls = 0;
    await retryOnConflict('t', policy, async () => { calls++; throw new LakeError('Io', 'down'); }).catch(() => {});
    await retryOnConflict('t', policy, async () => { calls++; throw new LakeError('Conflict', 'premise gone', { retryable: false }); }).catch(() => {});
    expect(calls).toBe(2);
  });

  it('stops at the total timeout', async () => {
    let t = 0;
    let calls = 0;
    const err = await retryOnConflict('t', { ...policy, numRetries: 100, totalTimeoutMs: 10 }, async () => { calls++; t += 6; throw new LakeError('Conflict', 'x'); }, undefined, () => t).catch((e) => e);
    expect(calls).toBe(2);
    expect(err.message).toMatch(/total-timeout-ms/);
  });
});
