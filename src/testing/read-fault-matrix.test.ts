/**
 * The read fault matrix (issue 18): each fault × {open, plan, read} × {S3 through the fault proxy in front
 * of Ceph RGW, HttpStorage (a plain public URL) through the fault proxy in front of a static server,
 * FaultStorage over a fixture folder}. Every case must end in the fixture's exact rows (after
 * retries) or a clear LakeError of the expected kind, within its time limit. Backoff runs on a fake clock
 * (the policy's sleep only adds to a counter), so retries cost no test time; only stalls wait for real.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_READERS } from '../core/api/table-formats.ts';
import { FaultStorage, type FaultMode } from '../core/io/fault-storage.ts';
import type { ReadPolicy } from '../core/io/read-policy.ts';
import { ReadRetryStorage } from '../core/io/read-retry-storage.ts';
import type { Storage } from '../core/io/storage.ts';
import type { StorageMethod } from '../core/io/counting-storage.ts';
import { isLakeError } from '../core/errors.ts';
import type { LakeTable, ScanRequest } from '../core/formats/table-format.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from './fixtures.ts';
import { readCanonical, rowsMismatch } from './golden.ts';
import { startFaultProxy, type FaultProxy, type ProxyRule } from './fault-proxy.ts';
import { HttpStorage } from '../core/io/http-storage.ts';
import { startStaticServer, type StaticServer } from './static-http-server.ts';
import { createBucket, deleteBucket, describeS3, s3Storage, S3_ENV, uniqueName, uploadFolder } from './s3-env.ts';

const FIXTURE = 'iceberg/v2_spark_position_deletes';
const PHASES = ['open', 'plan', 'read'] as const;
type Phase = (typeof PHASES)[number];
/** What a case may end in: the rows, or an error whose tag (code + detail) is one of these. */
type Want = 'rows' | 'Io/throttled' | 'Io/timeout' | 'Conflict/changed';

interface Fault {
  readonly name: string;
  readonly want: readonly Want[];
  /** The S3 proxy rules, given the bucket prefix being read; undefined = not applicable. */
  readonly proxy?: (ctx: { bucket: string; prefix: string }) => ProxyRule[];
  /** The FaultStorage mode and count; undefined = not applicable at the Storage level. */
  readonly storage?: { mode: FaultMode; times: number };
  readonly stall?: boolean;
}

const ALWAYS = 1000;
const FAULTS: readonly Fault[] = [
  { name: '503 SlowDown ×2', want: ['rows'], proxy: () => [{ fault: { kind: 'status', status: 503 }, times: 2 }], storage: { mode: 'throttle', times: 2 } },
  { name: '503 SlowDown always', want: ['Io/throttled'], proxy: () => [{ fault: { kind: 'status', status: 503 }, times: ALWAYS }], storage: { mode: 'throttle', times: ALWAYS } },
  { name: '500 ×2', want: ['rows'], proxy: () => [{ fault: { kind: 'status', status: 500 }, times: 2 }], storage: { mode: 'server-error', times: 2 } },
  { name: 'body cut mid-way', want: ['rows'], proxy: () => [{ fault: { kind: 'cut' }, method: 'GET', times: 2 }], storage: { mode: 'cutoff', times: 2 } },
  { name: 'body < Content-Length', want: ['rows'], proxy: () => [{ fault: { kind: 'short' }, method: 'GET', times: 2 }] },
  { name: 'stall once', want: ['rows'], stall: true, proxy: () => [{ fault: { kind: 'stall' }, times: 1 }], storage: { mode: 'stall', times: 1 } },
  { name: 'stall always', want: ['Io/timeout'], stall: true, proxy: () => [{ fault: { kind: 'stall' }, times: ALWAYS }], storage: { mode: 'stall', times: ALWAYS } },
];

/** Fake clock: backoff waits add up here instead of passing. */
let fakeClockMs = 0;
const policy = (stall?: boolean): Partial<ReadPolicy> => ({
  retries: stall ? 2 : 4,
  minWaitMs: 100,
  maxWaitMs: 2_000,
  timeoutMs: stall ? 800 : 20_000,
  sleep: async (ms) => { fakeClockMs += ms; },
});

/** Every case must end within this (wall clock). */
const CASE_LIMIT_MS = 20_000;

interface Outcome { readonly backend: string; readonly fault: string; readonly phase: Phase; readonly tag: string; readonly ms: number; readonly hits: number; readonly message?: string }
const outcomes: Outcome[] = [];

/** Runs one case: a clean open/plan up to `phase`, then `arm()`, then the phase itself and the rest. */
async function runCase(storage: Storage, phase: Phase, arm: () => void): Promise<{ tag: string; message?: string }> {
  const fx = listFixtures('iceberg').find((f) => f.name === FIXTURE)!;
  const current = fx.expected.versions.find((v) => v.id === fx.expected.current) ?? fx.expected.versions.at(-1)!;
  const scan: ScanRequest = { version: current.id };
  try {
    if (phase === 'open') arm();
    const table: LakeTable = await TABLE_READERS.iceberg!.open(storage);
    if (phase === 'plan') arm();
    const plan = await table.plan(scan);
    if (phase === 'read') arm();
    const batches = [];
    for (const task of plan.tasks) for await (const b of table.read(task)) batches.push(b);
    // Rows compared the golden way (canonical form) from the batches read under faults.
    const { canonicalRows } = await import('../core/arrow/index.ts');
    const mismatch = await rowsMismatch(canonicalRows(batches, { columns: plan.columns }), current);
    return { tag: mismatch ? `WRONG ROWS: ${mismatch}` : 'rows' };
  } catch (e) {
    if (!isLakeError(e)) return { tag: `not a LakeError: ${String(e)}` };
    const c = e.context;
    const detail = c.throttled ? '/throttled' : c.timedOut ? '/timeout' : c.changed ? '/changed' : '';
    return { tag: `${e.code}${detail}`, message: e.message };
  }
}

async function check(backend: string, f: Fault, phase: Phase, storage: Storage, arm: () => void, injected: () => number): Promise<void> {
  const t0 = performance.now();
  const before = injected();
  const { tag, message } = await runCase(storage, phase, arm);
  const ms = Math.round(performance.now() - t0);
  const hits = injected() - before;
  outcomes.push({ backend, fault: f.name, phase, tag, ms, hits, message });
  expect(f.want as readonly string[], `${backend} ${f.name} in ${phase}: ${tag} ${message ?? ''}`).toContain(tag);
  if (tag !== 'rows') expect(message, 'a clear error names the file or prefix').toMatch(/'[^']*'/);
  if (tag === 'Io/throttled') expect(message).toMatch(/throttling requests \(503 SlowDown\); retried \d+ times/);
  expect(ms).toBeLessThan(CASE_LIMIT_MS);
  // Every single-shot fault must really have happened in its phase (else the case proves nothing).
  expect(hits, `${backend} ${f.name} in ${phase}: fault never injected`).toBeGreaterThan(0);
}


beforeAll(() => installNodeParquetWasm());

afterAll(() => {
  if (outcomes.length === 0) return;
  const rows = outcomes.map((o) => `${o.backend.padEnd(6)} ${o.fault.padEnd(28)} ${o.phase.padEnd(5)} ${o.tag.padEnd(17)} faults ${String(o.hits).padStart(3)} ${String(o.ms).padStart(6)} ms`);
  const tally = new Map<string, number>();
  for (const o of outcomes) tally.set(o.tag, (tally.get(o.tag) ?? 0) + 1);
  console.log(`read fault matrix (${outcomes.length} cases; backoff on a fake clock: ${fakeClockMs} ms not waited)\n${rows.join('\n')}\n`
    + `outcomes: ${[...tally].map(([k, v]) => `${k} ${v}`).join(', ')}`);
});

describe.skipIf(!FIXTURES_PRESENT)(`read fault matrix — FaultStorage over ${FIXTURE}`, () => {
  const fx = () => listFixtures('iceberg').find((f) => f.name === FIXTURE)!;
  for (const f of FAULTS) {
    for (const phase of PHASES) {
      it.skipIf(!f.storage)(`${f.name} in ${phase}`, async () => {
        const faults = new FaultStorage(new FsStorage(fx().root, { readOnly: true }));
        const arm = () => {
          for (const method of ['list', 'head', 'read'] as StorageMethod[]) faults.addRule({ method, mode: f.storage!.mode, times: f.storage!.times });
        };
        await check('fault', f, phase, new ReadRetryStorage(faults, policy(f.stall)), arm, () => faults.injected);
      }, 30_000);
    }
  }
});
if (!FIXTURES_PRESENT) console.warn(`read fault matrix skipped: ${FIXTURES_SKIP_REASON}`);

/** Every file under `dir`, '/'-separated and relative to it: the key list a plain HTTP location needs. */
async function keysUnder(dir: string): Promise<string[]> {
  const { readdirSync } = await import('node:fs');
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile())
    .map((e) => `${e.parentPath.slice(dir.length).replace(/^\/+/, '')}/${e.name}`.replace(/^\//, ''));
}

describe.skipIf(!FIXTURES_PRESENT)('read fault matrix — HttpStorage (public URL) through the fault proxy', () => {
  let server: StaticServer;
  let proxy: FaultProxy;
  let keys: string[];
  const root = () => listFixtures('iceberg').find((f) => f.name === FIXTURE)!.root;

  beforeAll(async () => {
    server = await startStaticServer(root());
    proxy = await startFaultProxy(server.url);
    keys = await keysUnder(root());
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  for (const f of FAULTS) {
    for (const phase of PHASES) {
      it.skipIf(!f.proxy)(`${f.name} in ${phase}`, async () => {
        proxy.clear();
        const storage = new HttpStorage({ baseUrl: proxy.endpoint, keys, readPolicy: policy(f.stall) });
        try {
          await check('http', f, phase, storage, () => { for (const r of f.proxy!({ bucket: '', prefix: '' })) proxy.add(r); }, () => proxy.stats.injected);
        } finally {
          proxy.clear();
        }
      }, 30_000);
    }
  }

  it('range answered with 200 + the whole object: sliced to the range', async () => {
    proxy.clear();
    const key = keys.find((k) => k.startsWith('data/') && k.endsWith('.parquet'))!;
    const whole = await new HttpStorage({ baseUrl: server.url }).read(key);
    const storage = new HttpStorage({ baseUrl: proxy.endpoint, readPolicy: policy() });
    const before = proxy.stats.injected;
    proxy.add({ fault: { kind: 'range-200' }, method: 'GET', ranged: true, times: 2 });
    const t0 = performance.now();
    expect(await storage.read(key, { range: { offset: 4, length: 100 } })).toEqual(whole.slice(4, 104));
    expect(await storage.read(key, { range: { suffix: 8 } })).toEqual(whole.slice(whole.length - 8));
    expect(proxy.stats.injected - before).toBe(2);
    outcomes.push({ backend: 'http', fault: 'range → 200 whole (ranged)', phase: 'read', tag: 'rows', ms: Math.round(performance.now() - t0), hits: 2 });
  });
});

describeS3('read fault matrix — S3 (Ceph RGW) through the fault proxy', () => {
  const bucket = uniqueName('lakescope-faults');
  const prefix = 'tables/t';
  let proxy: FaultProxy;

  beforeAll(async () => {
    if (!FIXTURES_PRESENT) return;
    await createBucket(bucket);
    await uploadFolder(listFixtures('iceberg').find((f) => f.name === FIXTURE)!.root, bucket, prefix);
    proxy = await startFaultProxy(S3_ENV.endpoint);
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    if (FIXTURES_PRESENT) await deleteBucket(bucket);
  }, 120_000);

  for (const f of FAULTS) {
    for (const phase of PHASES) {
      it.skipIf(!f.proxy || !FIXTURES_PRESENT)(`${f.name} in ${phase}`, async () => {
        proxy.clear();
        const storage = s3Storage(bucket, `${prefix}/`, { endpoint: proxy.endpoint, readPolicy: policy(f.stall) });
        try {
          await check('s3', f, phase, storage, () => { for (const r of f.proxy!({ bucket, prefix })) proxy.add(r); }, () => proxy.stats.injected);
        } finally {
          proxy.clear();
        }
      }, 30_000);
    }
  }
  // The fixtures' files are small, so every table read above fetches whole objects (no Range header):
  // the two range faults are exercised on ranged reads of one data file directly.
  describe('ranged reads of one data file', () => {
    const dataKey = async (): Promise<string> => {
      const { readdirSync } = await import('node:fs');
      const root = listFixtures('iceberg').find((f) => f.name === FIXTURE)!.root;
      return `data/${readdirSync(`${root}/data`).find((n) => n.endsWith('.parquet'))!}`;
    };

    it.skipIf(!FIXTURES_PRESENT)('range answered with 200 + the whole object: sliced to the range', async () => {
      proxy.clear();
      const key = await dataKey();
      const whole = await s3Storage(bucket, `${prefix}/`).read(key);
      const storage = s3Storage(bucket, `${prefix}/`, { endpoint: proxy.endpoint, readPolicy: policy() });
      const before = proxy.stats.injected;
      proxy.add({ fault: { kind: 'range-200' }, method: 'GET', ranged: true, times: 2 });
      const t0 = performance.now();
      const part = await storage.read(key, { range: { offset: 4, length: 100 } });
      const suffix = await storage.read(key, { range: { suffix: 8 } });
      const ms = Math.round(performance.now() - t0);
      expect(proxy.stats.injected - before).toBe(2);
      expect(part).toEqual(whole.slice(4, 104));
      expect(suffix).toEqual(whole.slice(whole.length - 8));
      outcomes.push({ backend: 's3', fault: 'range → 200 whole (ranged)', phase: 'read', tag: 'rows', ms, hits: 2 });
    });

    it.skipIf(!FIXTURES_PRESENT)('object replaced between the HEAD and a ranged GET: Conflict "changed under you" naming the file', async () => {
      proxy.clear();
      const key = await dataKey();
      const direct = s3Storage(bucket, `${prefix}/`);
      const original = await direct.read(key);
      const storage = s3Storage(bucket, `${prefix}/`, { endpoint: proxy.endpoint, readPolicy: policy() });
      const t0 = performance.now();
      try {
        const info = await storage.head(key);
        expect(await storage.read(key, { range: { suffix: 8 } })).toEqual(original.slice(original.length - 8));
        proxy.add({ fault: { kind: 'before', action: async () => { await direct.write(key, new Uint8Array([...original, 0])); } }, method: 'GET', ranged: true });
        const err = await storage.read(key, { range: { offset: 0, length: 4 } }).then(() => undefined, (e: unknown) => e);
        const ms = Math.round(performance.now() - t0);
        expect(isLakeError(err, 'Conflict'), String(err)).toBe(true);
        const e = err as { message: string };
        expect(e.message).toContain(key);
        expect(e.message).toContain('changed under you');
        expect(e.message).toContain(info.etag!);
        outcomes.push({ backend: 's3', fault: 'file changed (HEAD→GET)', phase: 'read', tag: 'Conflict/changed', ms, hits: 1, message: e.message });
        // Reopening (a fresh HEAD) reads the new version.
        expect((await storage.head(key)).size).toBe(original.length + 1);
        expect(await storage.read(key, { range: { suffix: 1 } })).toEqual(new Uint8Array([0]));
      } finally {
        await direct.write(key, original);
      }
    });
  });
});
