/**
 * The storage contract over the pure in-memory adapter and over the decorators wrapping it (a
 * decorator must keep every rule of the adapter it wraps). Other adapters: storage-contract-*.test.ts
 * and src/platform/node/fs-storage.test.ts.
 */
import { CachedStorage } from '../core/io/cached-storage.ts';
import { CountingStorage } from '../core/io/counting-storage.ts';
import { FaultStorage } from '../core/io/fault-storage.ts';
import { MemoryStorage } from '../core/io/memory-storage.ts';
import { subStorage } from '../core/io/sub-storage.ts';
import { describeStorageContract, seedByWriting } from './storage-contract.ts';

describeStorageContract('memory', seedByWriting(async () => new MemoryStorage()));

describeStorageContract('subStorage(memory, "warehouse/db/t1")', seedByWriting(async () => {
  const bucket = new MemoryStorage();
  await bucket.write('warehouse/db/t0/outside.txt', new Uint8Array([1])); // siblings must stay invisible
  await bucket.write('warehouse/db/t1x', new Uint8Array([1]));
  return subStorage(bucket, 'warehouse/db/t1');
}));

describeStorageContract('CachedStorage(memory)', seedByWriting(async () => new CachedStorage(new MemoryStorage())));

describeStorageContract('CountingStorage(memory)', seedByWriting(async () => new CountingStorage(new MemoryStorage())));

describeStorageContract('FaultStorage(memory) with latency, no rules', seedByWriting(async () => new FaultStorage(new MemoryStorage(), { latencyMs: 1 })));
