/**
 * Containment on crafted tables (io/table-root.ts): copies of fixtures whose metadata points outside the
 * table root — Iceberg manifests at `location/../victim/…`, a Delta add of `../victim/…` — opened the way the
 * worker opens them, through a CountingStorage on the warehouse. Without consent no request leaves the
 * root and the refusal names the path and the root; with consent only the consented keys are read; an
 * expire over such a table deletes nothing outside the root (and no look-alike file inside it).
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canonicalRowsText } from '../arrow/canonical.ts';
import { isLakeError } from '../errors.ts';
import { prepareExpireSnapshots } from '../formats/iceberg/commit/expire-snapshots.ts';
import { CountingStorage } from '../io/counting-storage.ts';
import { MemoryStorage } from '../io/memory-storage.ts';
import { listAll } from '../io/storage.ts';
import { tableRootStorage, type OutsideRootRequest } from '../io/table-root.ts';
import { utf8Encode } from '../util/bytes.ts';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../testing/fixtures.ts';
import { readCanonical } from '../../testing/golden.ts';
import { rewriteIcebergCopy } from '../../testing/iceberg-rewrite.ts';
import { openTable } from './open-table.ts';

beforeAll(() => installNodeParquetWasm());
const ROOT = 'wh/t/';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => { for (const c of cleanups.splice(0)) await c(); });

const errorOf = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e);
const outside = (s: CountingStorage) => s.log.filter((c) => !c.key.startsWith(ROOT));

/**
 * A copy of an Iceberg fixture at wh/t/ whose manifests are named `location/../victim/metadata/…`: the
 * real files at wh/victim/metadata/ (outside the root), a look-alike copy at wh/t/victim/metadata/ (where
 * clamping the `..` away would land).
 */
async function icebergWithManifestsOutside(name: string): Promise<{ dir: string; manifests: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'lakescope-contain-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const table = join(dir, 'wh/t');
  mkdirSync(join(dir, 'wh'), { recursive: true });
  const isManifest = (p: string) => /\/metadata\/[^/]+\.avro$/.test(p) && !/\/snap-[^/]+$/.test(p);
  await rewriteIcebergCopy(join(FIXTURES_DIR, name), table, { path: (p) => (isManifest(p) ? p.replace(/\/metadata\/([^/]+)$/, '/../victim/metadata/$1') : p) });
  const manifests = readdirSync(join(table, 'metadata')).filter((n) => n.endsWith('.avro') && !n.startsWith('snap-'));
  for (const d of ['wh/victim/metadata', 'wh/t/victim/metadata']) mkdirSync(join(dir, d), { recursive: true });
  for (const m of manifests) {
    copyFileSync(join(table, 'metadata', m), join(dir, 'wh/t/victim/metadata', m));
    renameSync(join(table, 'metadata', m), join(dir, 'wh/victim/metadata', m));
  }
  return { dir, manifests };
}

describe.skipIf(!FIXTURES_PRESENT)('containment: crafted tables cannot reach outside their root', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  const fx = listFixtures('iceberg').find((f) => f.name === 'iceberg/v2_spark_position_deletes')!;
  const current = () => fx.expected.versions.find((v) => v.id === fx.expected.current)!;

  it('iceberg manifests outside the root: refused without consent (naming path and root), no request leaves the root', async () => {
    const { dir } = await icebergWithManifestsOutside(fx.name);
    const wh = new CountingStorage(new FsStorage(dir));
    const table = await openTable(wh, ROOT, 'iceberg');
    const e = await errorOf(readCanonical(table, {}));
    expect(isLakeError(e, 'Unsupported')).toBe(true);
    expect((e as Error).message).toMatch(/\.\.\/victim\/metadata\/[^ ]+\.avro lies outside the table root .*wh\/t/);
    expect((e as { context: Record<string, unknown> }).context.outsideRoot).toBe(true);
    expect(outside(wh)).toEqual([]);
    expect(wh.log.filter((c) => c.key.startsWith(`${ROOT}victim/`))).toEqual([]); // the look-alike is not read either
  });

  it('iceberg manifests outside the root: with consent, exactly the consented keys are read and the rows are right', async () => {
    const { dir, manifests } = await icebergWithManifestsOutside(fx.name);
    const wh = new CountingStorage(new FsStorage(dir));
    const asked: OutsideRootRequest[] = [];
    const table = await openTable(wh, ROOT, 'iceberg', { outsideRoot: (r) => { asked.push(r); return true; } });
    const rows = await readCanonical(table, {});
    expect(canonicalRowsText(rows)).toBe(canonicalRowsText(current().rows!));
    expect(asked.length).toBeGreaterThan(0);
    for (const r of asked) {
      expect(r.path).toMatch(/^\.\.\/victim\/metadata\//);
      expect(r.key).toMatch(/^wh\/victim\/metadata\//);
      expect(r.root).toMatch(/wh\/t$/);
      expect(manifests).toContain(r.key.slice('wh/victim/metadata/'.length));
    }
    const consented = new Set(asked.map((r) => r.key));
    for (const c of outside(wh)) expect(consented.has(c.key)).toBe(true);
    expect(wh.log.filter((c) => c.key.startsWith(`${ROOT}victim/`))).toEqual([]);
  });

  it('iceberg expire over manifests outside the root deletes only under the root (consented reads)', async () => {
    const { dir, manifests } = await icebergWithManifestsOutside(fx.name);
    const fs = new FsStorage(dir);
    const wh = new CountingStorage(fs);
    const storage = tableRootStorage(wh, ROOT, { consent: () => true });
    const op = await prepareExpireSnapshots(storage, { olderThanMs: Date.now() + 86_400_000, retainLast: 1 });
    expect(op.plan.expire.length).toBe(fx.expected.versions.length - 1);
    for (const d of op.preview.deletes) expect(d.key.startsWith('../') || d.key.startsWith('victim/')).toBe(false);
    const r = await op.apply({ deleteFiles: true });
    const deletes = wh.log.filter((c) => c.method === 'delete');
    expect(deletes.length).toBeGreaterThan(0); // the expired manifest lists and data files under the root
    expect(r.deleted.length).toBe(deletes.length);
    for (const c of deletes) {
      expect(c.key.startsWith(ROOT)).toBe(true);
      expect(c.key.startsWith(`${ROOT}victim/`)).toBe(false);
    }
    for (const m of manifests) {
      expect(existsSync(join(dir, 'wh/victim/metadata', m))).toBe(true);
      expect(existsSync(join(dir, 'wh/t/victim/metadata', m))).toBe(true);
    }
  });

  it('delta: an add path with ../ is refused without consent and read with it', async () => {
    const src = new FsStorage(join(FIXTURES_DIR, 'delta/python-0.25.5-checkpoint'), { readOnly: true });
    const mem = new MemoryStorage();
    for await (const o of listAll(src)) await mem.write(`${ROOT}${o.key}`, await src.read(o.key));
    const part = 'part-00001-a9c637fe-770e-45ec-8305-0a557aa8ad44-c000.snappy.parquet';
    await mem.write(`wh/victim/${part}`, await src.read(part));
    const add = { add: { path: `../victim/${part}`, partitionValues: {}, size: 530, modificationTime: 1753291495428, dataChange: true } };
    const info = { commitInfo: { timestamp: 1753291495428, operation: 'WRITE' } };
    await mem.write(`${ROOT}_delta_log/00000000000000000002.json`, utf8Encode(`${JSON.stringify(add)}\n${JSON.stringify(info)}\n`));

    const wh = new CountingStorage(mem);
    const e = await errorOf(readCanonical(await openTable(wh, ROOT, 'delta'), {}));
    expect(isLakeError(e, 'Unsupported')).toBe(true);
    expect((e as Error).message).toContain(`../victim/${part} lies outside the table root memory/wh/t`);
    expect(outside(wh)).toEqual([]);

    const asked: string[] = [];
    const consenting = new CountingStorage(mem);
    const rows = await readCanonical(await openTable(consenting, ROOT, 'delta', { outsideRoot: (r) => { asked.push(r.key); return true; } }), {});
    expect(rows.length).toBe(9); // 6 rows of version 1 and the 3 of the file added outside
    expect(asked).toEqual([`wh/victim/${part}`]);
    expect(outside(consenting).every((c) => c.key === `wh/victim/${part}`)).toBe(true);
  });

  it('a refused consent is a refusal, and writes and deletes outside the root are refused even with consent', async () => {
    const mem = new MemoryStorage();
    await mem.write('wh/victim/x', utf8Encode('secret'));
    const wh = new CountingStorage(mem);
    const denied = tableRootStorage(wh, ROOT, { consent: () => false });
    expect(isLakeError(await errorOf(denied.read('../victim/x')), 'Unsupported')).toBe(true);
    const allowed = tableRootStorage(wh, ROOT, { consent: () => true });
    expect(new TextDecoder().decode(await allowed.read('../victim/x'))).toBe('secret');
    expect(isLakeError(await errorOf(allowed.write('../victim/x', utf8Encode('gone'))), 'Unsupported')).toBe(true);
    expect(isLakeError(await errorOf(allowed.delete('data/../../victim/x')), 'Unsupported')).toBe(true);
    expect(isLakeError(await errorOf(allowed.read('../../../etc/passwd')), 'Unsupported')).toBe(true); // above the warehouse: never
    expect(wh.log.filter((c) => c.method !== 'read').length).toBe(0);
    expect(new TextDecoder().decode(await mem.read('wh/victim/x'))).toBe('secret');
    // a '..' that stays inside the root is resolved, not refused
    await mem.write(`${ROOT}data/y`, utf8Encode('y'));
    expect(new TextDecoder().decode(await allowed.read('metadata/../data/y'))).toBe('y');
  });
});
