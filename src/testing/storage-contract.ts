/**
 * The ONE contract suite every Storage adapter must pass (memory, node fs, http, presigned URLs and
 * the real S3 gateway). It checks the rules written in src/core/io/storage.ts: listing order, prefix,
 * delimiter, start-after and pagination (over 1,000 keys), head, whole/ranged/suffix reads, NotFound,
 * idempotent delete, conditional writes (create-if-absent, compare-and-swap) under 16-way concurrency,
 * and abort. Tests only: imports vitest.
 */
import { describe, expect, it } from 'vitest';
import { isLakeError, type LakeErrorCode } from '../core/errors.ts';
import { compareKeys } from '../core/io/list-page.ts';
import { listAll, type ListOptions, type ObjectInfo, type Storage } from '../core/io/storage.ts';
import { pool } from '../core/util/async.ts';

/** Builds a fresh storage holding exactly `seed` (and nothing else). Called once per test. */
export type MakeStorage = (seed: ReadonlyMap<string, Uint8Array>) => Promise<Storage>;

export interface ContractOptions {
  /** The adapter cannot write: write/delete must throw Unsupported, write tests are skipped. */
  readonly readOnly?: boolean;
  /** The adapter returns ETags (default true). */
  readonly etags?: boolean;
  /** How many keys the big-listing test uses (default 1,050: more than one 1,000-key page). */
  readonly bigListingKeys?: number;
  /** How many concurrent conditional creates (default 16). */
  readonly racers?: number;
}

/** Wraps a factory of EMPTY writable storages into a {@link MakeStorage} that writes the seed (16 at a time). */
export function seedByWriting(makeEmpty: () => Promise<Storage>): MakeStorage {
  return async (seed) => {
    const storage = await makeEmpty();
    await pool(seed, 16, ([k, v]) => storage.write(k, v));
    return storage;
  };
}

const enc = new TextEncoder();
const dec = new TextDecoder();
const bytes = (s: string) => enc.encode(s);

/** 1,000 bytes with a position-dependent pattern, so a wrong offset can never compare equal. */
const BLOB = Uint8Array.from({ length: 1000 }, (_, i) => (i * 7 + (i >> 8)) & 0xff);

/** Expects `promise` to reject with a LakeError of `code`; returns it. */
export async function expectLakeError(promise: Promise<unknown>, code: LakeErrorCode): Promise<Error> {
  let caught: unknown;
  try {
    await promise;
  } catch (e) {
    caught = e;
  }
  expect(caught, `expected LakeError ${code}, got success`).toBeDefined();
  expect(isLakeError(caught), `expected a LakeError, got ${String(caught)}`).toBe(true);
  expect((caught as { code: string }).code, (caught as Error).message).toBe(code);
  return caught as Error;
}

/** Every page of a listing, checking each honours maxKeys. */
async function pages(storage: Storage, options: ListOptions): Promise<{ keys: string[]; prefixes: string[]; count: number }> {
  const keys: string[] = [];
  const prefixes: string[] = [];
  let token: string | undefined;
  let count = 0;
  do {
    const page = await storage.list({ ...options, continuationToken: token });
    count++;
    expect(page.objects.length + page.prefixes.length).toBeLessThanOrEqual(options.maxKeys ?? 1000);
    keys.push(...page.objects.map((o) => o.key));
    prefixes.push(...page.prefixes);
    token = page.continuationToken;
    if (token) expect(page.objects.length + page.prefixes.length, 'a page with a token must not be empty').toBeGreaterThan(0);
    expect(count, 'runaway pagination').toBeLessThan(1000);
  } while (token);
  return { keys, prefixes, count };
}

const sorted = (keys: string[]) => [...keys].sort(compareKeys);

/** Registers the contract suite for one adapter. */
export function describeStorageContract(name: string, make: MakeStorage, opts: ContractOptions = {}): void {
  const etags = opts.etags ?? true;
  const racers = opts.racers ?? 16;
  const bigN = opts.bigListingKeys ?? 1050;

  describe(`Storage contract: ${name}`, () => {
    describe('reads', () => {
      const seed = new Map([['data/blob.bin', BLOB], ['data/empty.bin', new Uint8Array(0)]]);

      it('head gives size (and an unquoted ETag)', async () => {
        const s = await make(seed);
        const info = await s.head('data/blob.bin');
        expect(info.key).toBe('data/blob.bin');
        expect(info.size).toBe(1000);
        if (etags) {
          expect(info.etag).toBeTruthy();
          expect(info.etag).not.toMatch(/^"|"$/);
        }
        expect((await s.head('data/empty.bin')).size).toBe(0);
      });

      it('whole, ranged and suffix reads return exactly the requested bytes', async () => {
        const s = await make(seed);
        expect(await s.read('data/blob.bin')).toEqual(BLOB);
        expect(await s.read('data/blob.bin', { range: { offset: 10, length: 20 } })).toEqual(BLOB.slice(10, 30));
        expect(await s.read('data/blob.bin', { range: { offset: 0, length: 1 } })).toEqual(BLOB.slice(0, 1));
        expect(await s.read('data/blob.bin', { range: { suffix: 8 } })).toEqual(BLOB.slice(992));
        expect(await s.read('data/blob.bin', { range: { offset: 999, length: 1 } })).toEqual(BLOB.slice(999));
      });

      it('ranges past the end are clipped; empty objects read as empty', async () => {
        const s = await make(seed);
        expect(await s.read('data/blob.bin', { range: { offset: 990, length: 100 } })).toEqual(BLOB.slice(990));
        expect((await s.read('data/blob.bin', { range: { offset: 2000, length: 10 } })).length).toBe(0);
        expect(await s.read('data/blob.bin', { range: { suffix: 5000 } })).toEqual(BLOB);
        expect((await s.read('data/blob.bin', { range: { offset: 5, length: 0 } })).length).toBe(0);
        expect((await s.read('data/empty.bin')).length).toBe(0);
        expect((await s.read('data/empty.bin', { range: { suffix: 8 } })).length).toBe(0);
      });

      it('a missing key is NotFound for head and every kind of read', async () => {
        const s = await make(seed);
        await expectLakeError(s.head('data/missing.bin'), 'NotFound');
        await expectLakeError(s.read('data/missing.bin'), 'NotFound');
        await expectLakeError(s.read('data/missing.bin', { range: { offset: 0, length: 4 } }), 'NotFound');
        await expectLakeError(s.read('data/missing.bin', { range: { suffix: 8 } }), 'NotFound');
        await expectLakeError(s.read('data/missing.bin', { range: { offset: 0, length: 0 } }), 'NotFound');
      });
    });

    describe('listing', () => {
      const tree = ['l/a.txt', 'l/b/c.txt', 'l/b/d.txt', 'l/b/e/f.txt', 'l/bz.txt', 'l/c.txt', 'l/\u00fc.txt', 'l-other.txt', 'm.txt'];
      const seed = new Map(tree.map((k) => [k, bytes(`content of ${k}`)]));
      const under = (p: string) => sorted(tree.filter((k) => k.startsWith(p)));

      it('lists keys under a prefix in ascending order with sizes', async () => {
        const s = await make(seed);
        const page = await s.list({ prefix: 'l/' });
        expect(page.objects.map((o) => o.key)).toEqual(under('l/'));
        expect(page.prefixes).toEqual([]);
        expect(page.continuationToken).toBeUndefined();
        for (const o of page.objects) expect(o.size).toBe(bytes(`content of ${o.key}`).length);
        expect((await s.list({ prefix: 'l/b' })).objects.map((o) => o.key)).toEqual(under('l/b'));
        const all = (await s.list()).objects.map((o) => o.key);
        expect(all).toEqual(sorted(tree));
      });

      it('rolls keys up into common prefixes with a delimiter', async () => {
        const s = await make(seed);
        const page = await s.list({ prefix: 'l/', delimiter: '/' });
        expect(page.objects.map((o) => o.key)).toEqual(['l/a.txt', 'l/bz.txt', 'l/c.txt', 'l/\u00fc.txt']);
        expect(page.prefixes).toEqual(['l/b/']);
        const top = await s.list({ delimiter: '/' });
        expect(top.prefixes).toEqual(['l/']);
        expect(top.objects.map((o) => o.key)).toEqual(['l-other.txt', 'm.txt']);
        const nested = await s.list({ prefix: 'l/b/', delimiter: '/' });
        expect(nested.objects.map((o) => o.key)).toEqual(['l/b/c.txt', 'l/b/d.txt']);
        expect(nested.prefixes).toEqual(['l/b/e/']);
      });

      it('paginates with maxKeys and continuation tokens (a common prefix appears once)', async () => {
        const s = await make(seed);
        const plain = await pages(s, { prefix: 'l/', maxKeys: 2 });
        expect(plain.keys).toEqual(under('l/'));
        expect(plain.count).toBe(4);
        const rolled = await pages(s, { prefix: 'l/', delimiter: '/', maxKeys: 1 });
        expect(rolled.keys).toEqual(['l/a.txt', 'l/bz.txt', 'l/c.txt', 'l/\u00fc.txt']);
        expect(rolled.prefixes).toEqual(['l/b/']);
      });

      it('honours startAfter, and lists nothing under a missing prefix', async () => {
        const s = await make(seed);
        const page = await s.list({ prefix: 'l/', startAfter: 'l/b/d.txt' });
        expect(page.objects.map((o) => o.key)).toEqual(['l/b/e/f.txt', 'l/bz.txt', 'l/c.txt', 'l/\u00fc.txt']);
        const empty = await s.list({ prefix: 'nothing/here/' });
        expect(empty.objects).toEqual([]);
        expect(empty.prefixes).toEqual([]);
        expect(empty.continuationToken).toBeUndefined();
      });

      it(`pages through ${bigN} keys (more than one 1,000-key page)`, async () => {
        const keys = Array.from({ length: bigN }, (_, i) => `big/k${String(i).padStart(5, '0')}.bin`);
        const s = await make(new Map(keys.map((k, i) => [k, bytes(String(i))])));
        const first = await s.list({ prefix: 'big/' });
        expect(first.objects.length).toBe(Math.min(1000, bigN));
        if (bigN > 1000) expect(first.continuationToken).toBeTruthy();
        const all: ObjectInfo[] = [];
        for await (const o of listAll(s, { prefix: 'big/' })) all.push(o);
        expect(all.map((o) => o.key)).toEqual(keys);
        expect(all[bigN - 1]!.size).toBe(String(bigN - 1).length);
        const small = await pages(s, { prefix: 'big/', maxKeys: 400 });
        expect(small.keys).toEqual(keys);
        expect(small.count).toBe(Math.ceil(bigN / 400));
      }, 120_000);
    });

    if (opts.readOnly) {
      it('is read-only: writable is false, write and delete are Unsupported', async () => {
        const s = await make(new Map([['x.txt', bytes('x')]]));
        expect(s.writable).toBe(false);
        await expectLakeError(s.write('y.txt', bytes('y')), 'Unsupported');
        await expectLakeError(s.delete('x.txt'), 'Unsupported');
      });
    } else {
      describeWrites(make, etags, racers);
    }

    it('an aborted signal makes every method throw Aborted', async () => {
      const s = await make(new Map([['a.txt', bytes('a')]]));
      const signal = AbortSignal.abort(new Error('user cancelled'));
      await expectLakeError(s.list({ signal }), 'Aborted');
      await expectLakeError(s.head('a.txt', { signal }), 'Aborted');
      await expectLakeError(s.read('a.txt', { signal }), 'Aborted');
      await expectLakeError(s.read('a.txt', { signal, range: { suffix: 1 } }), 'Aborted');
      if (!opts.readOnly) {
        await expectLakeError(s.write('b.txt', bytes('b'), { signal }), 'Aborted');
        await expectLakeError(s.delete('a.txt', { signal }), 'Aborted');
        await expectLakeError(s.head('b.txt'), 'NotFound'); // the aborted write did not happen
        expect(dec.decode(await s.read('a.txt'))).toBe('a'); // nor the aborted delete
      }
    });
  });
}

function describeWrites(make: MakeStorage, etags: boolean, racers: number): void {
  const empty = () => make(new Map());

  it('write then read back; overwrite replaces content and ETag', async () => {
    const s = await empty();
    expect(s.writable).toBe(true);
    const w1 = await s.write('w/obj.txt', bytes('first'));
    expect(w1.key).toBe('w/obj.txt');
    expect(w1.size).toBe(5);
    expect(dec.decode(await s.read('w/obj.txt'))).toBe('first');
    const h1 = await s.head('w/obj.txt');
    if (etags) expect(h1.etag).toBe(w1.etag);
    const w2 = await s.write('w/obj.txt', bytes('second!'));
    expect(dec.decode(await s.read('w/obj.txt'))).toBe('second!');
    expect((await s.head('w/obj.txt')).size).toBe(7);
    if (etags) expect(w2.etag).not.toBe(w1.etag);
  });

  it('delete removes the key and is idempotent', async () => {
    const s = await empty();
    await s.write('d/x.txt', bytes('x'));
    await s.delete('d/x.txt');
    await expectLakeError(s.head('d/x.txt'), 'NotFound');
    await s.delete('d/x.txt');
    await s.delete('d/never-existed.txt');
    expect((await s.list({ prefix: 'd/' })).objects).toEqual([]);
  });

  it("ifNoneMatch '*' creates only when absent", async () => {
    const s = await empty();
    await s.write('c/once.txt', bytes('winner'), { ifNoneMatch: '*' });
    await expectLakeError(s.write('c/once.txt', bytes('loser'), { ifNoneMatch: '*' }), 'Conflict');
    expect(dec.decode(await s.read('c/once.txt'))).toBe('winner');
    await s.delete('c/once.txt');
    await s.write('c/once.txt', bytes('again'), { ifNoneMatch: '*' }); // absent again after delete
    expect(dec.decode(await s.read('c/once.txt'))).toBe('again');
  });

  if (etags) {
    it('ifMatch is compare-and-swap: wrong or stale ETag → Conflict, current ETag (quoted or bare) → ok', async () => {
      const s = await empty();
      const v1 = await s.write('cas/ptr.txt', bytes('v1'));
      await expectLakeError(s.write('cas/ptr.txt', bytes('bad'), { ifMatch: 'not-the-etag' }), 'Conflict');
      expect(dec.decode(await s.read('cas/ptr.txt'))).toBe('v1');
      const current = (await s.head('cas/ptr.txt')).etag!;
      const v2 = await s.write('cas/ptr.txt', bytes('v2'), { ifMatch: `"${current}"` });
      expect(dec.decode(await s.read('cas/ptr.txt'))).toBe('v2');
      await expectLakeError(s.write('cas/ptr.txt', bytes('stale'), { ifMatch: v1.etag! }), 'Conflict');
      await s.write('cas/ptr.txt', bytes('v3'), { ifMatch: v2.etag! });
      expect(dec.decode(await s.read('cas/ptr.txt'))).toBe('v3');
      await expectLakeError(s.write('cas/missing.txt', bytes('x'), { ifMatch: v2.etag! }), 'Conflict');
      await expectLakeError(s.head('cas/missing.txt'), 'NotFound');
    });
  }

  it(`${racers} concurrent ifNoneMatch creates of one key: exactly one winner, the rest Conflict`, async () => {
    const s = await empty();
    const results = await Promise.allSettled(
      Array.from({ length: racers }, (_, i) => s.write('race/commit.json', bytes(`writer ${i}`), { ifNoneMatch: '*' })),
    );
    const winners = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    const conflicts = results.filter((r) => r.status === 'rejected' && isLakeError(r.reason, 'Conflict')).length;
    console.info(`[contract ${s.description}] ${racers} concurrent creates: ${winners.length} winner, ${conflicts} Conflict`);
    expect(winners.length).toBe(1);
    expect(conflicts).toBe(racers - 1);
    expect(dec.decode(await s.read('race/commit.json'))).toBe(`writer ${winners[0]}`);
  });

  if (etags) {
    it(`${racers} concurrent compare-and-swaps from one ETag: exactly one winner`, async () => {
      const s = await empty();
      const base = await s.write('race/ptr.txt', bytes('base'));
      const results = await Promise.allSettled(
        Array.from({ length: racers }, (_, i) => s.write('race/ptr.txt', bytes(`swap ${i}`), { ifMatch: base.etag! })),
      );
      const winners = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
      const conflicts = results.filter((r) => r.status === 'rejected' && isLakeError(r.reason, 'Conflict')).length;
      console.info(`[contract ${s.description}] ${racers} concurrent CAS: ${winners.length} winner, ${conflicts} Conflict`);
      expect(winners.length).toBe(1);
      expect(conflicts).toBe(racers - 1);
      expect(dec.decode(await s.read('race/ptr.txt'))).toBe(`swap ${winners[0]}`);
    });
  }
}
