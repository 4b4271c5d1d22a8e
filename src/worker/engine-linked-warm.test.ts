/**
 * A deep link's first reads start before the static folder's key list has arrived (engine-linked.ts,
 * core/api/open-prefetch.ts, issue 17): on an Iceberg fixture served as a static folder whose `index.json`
 * is held back, the version hint and the metadata file it names are requested before the key list is
 * answered, each exactly once, and the table opens as a plain connect + openTable opens it. Where the
 * table changed between the early reads and the listing (a newer metadata file), the newest file wins.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../testing/fixtures.ts';
import type { ConnectionSpec } from './connection.ts';
import { createEngine } from './engine.ts';
import type { CallContext } from './rpc.ts';
import { earlyStorage, makeStorage } from './storage-factory.ts';
import { longHistoryFiles } from './long-history.test-support.ts';
import type { TimelineSketchDto } from '../core/api/timeline-sketch.ts';

const TABLE = 'v2_spark_position_deletes';

/** Every file under `dir` by key, as a static folder serves them. */
function folderFiles(dir: string): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p).split(sep).join('/'), new Uint8Array(readFileSync(p)));
    }
  };
  walk(dir);
  return out;
}

/**
 * A static server over `files` as a fetch function: `index.json` (generated from the files) is answered only
 * once `release()` is called; every GET is logged in order, with whether the key list had been answered.
 */
function gatedServer(files: Map<string, Uint8Array>, held?: string) {
  const log: { path: string; afterIndex: boolean }[] = [];
  let indexAnswered = false;
  let release!: () => void;
  const gate = new Promise<void>((ok) => { release = ok; });
  // `held` (a key), when given, is answered only once `releaseHeld()` is called.
  let releaseHeld!: () => void;
  const heldGate = new Promise<void>((ok) => { releaseHeld = ok; });
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const path = decodeURIComponent(url.pathname).replace(/^\/w\//, '');
    log.push({ path, afterIndex: indexAnswered });
    if (path === held) await heldGate;
    if (path === 'index.json') {
      await gate;
      indexAnswered = true;
      const manifest = { version: 1, files: [...files].map(([key, b]) => ({ key, size: b.length })).sort((a, b) => (a.key < b.key ? -1 : 1)) };
      return new Response(JSON.stringify(manifest), { status: 200 });
    }
    const body = files.get(path);
    if (!body) return new Response('not found', { status: 404 });
    const range = new Headers(init?.headers).get('range');
    const m = range && /bytes=(\d+)-(\d+)/.exec(range);
    if (m) {
      const start = Number(m[1]); const end = Math.min(Number(m[2]), body.length - 1);
      return new Response(body.slice(start, end + 1) as Uint8Array<ArrayBuffer>, { status: 206, headers: { 'content-range': `bytes ${start}-${end}/${body.length}`, 'content-length': String(end - start + 1) } });
    }
    return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers: { 'content-length': String(body.length) } });
  }) as typeof fetch;
  return { fetchFn, log, release, releaseHeld };
}

const ctx = (partial: (value: unknown) => void = () => {}): CallContext => ({ signal: new AbortController().signal, progress: () => {}, partial } as unknown as CallContext);
const spec: ConnectionSpec = { kind: 'url', url: 'http://h/w/' };
/** Lets every pending promise chain run (fetches answered at once here). */
const settle = () => new Promise((r) => setTimeout(r, 20));

describe.skipIf(!FIXTURES_PRESENT)('a deep link reads its table before the key list arrives', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  const fx = () => listFixtures('iceberg').find((f) => f.name === `iceberg/${TABLE}`)!;
  const files = () => {
    const table = folderFiles(join(FIXTURES_DIR, 'iceberg', TABLE));
    return new Map([...table].map(([k, b]) => [`${TABLE}/${k}`, b] as const));
  };
  const engineOver = (fetchFn: typeof fetch) => createEngine(
    (s, signal, warm) => makeStorage(s, signal, fetchFn, warm), undefined, { earlyStorage: (s) => earlyStorage(s, fetchFn) });

  it('requests the hint and the metadata file it names while index.json is pending, once each, and opens the same table', async () => {
    const server = gatedServer(files());
    const engine = engineOver(server.fetchFn);
    const connecting = engine.connect(spec, ctx());
    const linking = engine.openLinkedTable({ spec, root: `${TABLE}/` }, ctx());
    await settle();
    const hint = `${TABLE}/metadata/version-hint.text`;
    const hinted = `${TABLE}/metadata/v${new TextDecoder().decode(files().get(hint)!).trim()}.metadata.json`;
    // Before the key list is answered, the table's first two reads are already made.
    expect(server.log.filter((r) => !r.afterIndex).map((r) => r.path)).toEqual(['index.json', hint, hinted]);
    server.release();
    const [c, linked] = await Promise.all([connecting, linking]);
    expect(linked).toMatchObject({ warehouseId: c.warehouseId, root: `${TABLE}/`, format: 'iceberg' });
    expect(linked!.overview.versions.map((v) => v.id)).toEqual(fx().expected.versions.map((v) => v.id));
    // Neither early read is made again by the open.
    expect(server.log.filter((r) => r.path === hint)).toHaveLength(1);
    expect(server.log.filter((r) => r.path === hinted)).toHaveLength(1);

    // The same answer as an engine that reads only after the key list.
    const plain = gatedServer(files());
    plain.release();
    const other = createEngine((s, signal) => makeStorage(s, signal, plain.fetchFn));
    const c2 = await other.connect(spec, ctx());
    const opened = await other.openTable({ warehouseId: c2.warehouseId, root: `${TABLE}/`, format: 'iceberg' }, ctx());
    expect(linked!.overview).toEqual(opened.overview);
  });

  it('opens the newest metadata file when the table gained one after the early reads (a stale hint is not trusted)', async () => {
    const all = files();
    const hint = `${TABLE}/metadata/version-hint.text`;
    const current = Number(new TextDecoder().decode(all.get(hint)!).trim());
    // The early reads see an older state: the hint names the version before the current one…
    const older = new Map(all);
    older.set(hint, new TextEncoder().encode(String(current - 1)));
    const server = gatedServer(older);
    const engine = engineOver(server.fetchFn);
    const connecting = engine.connect(spec, ctx());
    const linking = engine.openLinkedTable({ spec, root: `${TABLE}/` }, ctx());
    await settle();
    expect(server.log.map((r) => r.path)).toContain(`${TABLE}/metadata/v${current - 1}.metadata.json`);
    server.release();
    const [, linked] = await Promise.all([connecting, linking]);
    // …but the listing has the current file, which is opened: the fixture's current version.
    expect(linked!.overview.versions.map((v) => v.id)).toEqual(fx().expected.versions.map((v) => v.id));
    expect(server.log.filter((r) => r.path === `${TABLE}/metadata/v${current}.metadata.json`)).toHaveLength(1);
  });

  it('answers null, as before, for a linked root no key can start with', async () => {
    const server = gatedServer(files());
    const engine = engineOver(server.fetchFn);
    const connecting = engine.connect(spec, ctx());
    const linking = engine.openLinkedTable({ spec, root: '../escape/' }, ctx());
    server.release();
    await connecting;
    expect(await linking).toBeNull();
    expect(server.log.map((r) => r.path)).not.toContain('escape/metadata/version-hint.text');
  });

  it('opens a table of another format as before (the early Iceberg reads find nothing)', async () => {
    const paimon = listFixtures('paimon')[0];
    if (!paimon) return;
    const dir = join(FIXTURES_DIR, paimon.name);
    const name = paimon.name.split('/')[1]!;
    const server = gatedServer(new Map([...folderFiles(dir)].map(([k, b]) => [`${name}/${k}`, b] as const)));
    const engine = engineOver(server.fetchFn);
    const connecting = engine.connect(spec, ctx());
    const linking = engine.openLinkedTable({ spec, root: `${name}/` }, ctx());
    await settle();
    server.release();
    const [, linked] = await Promise.all([connecting, linking]);
    expect(linked).toMatchObject({ format: 'paimon' });
    expect(linked!.overview.versions.map((v) => v.id)).toEqual(paimon.expected.versions.map((v) => v.id));
  });
});

describe('a deep link\'s outline, drawn from the early reads (issue 17)', () => {
  const root = 'long/';
  const engineOver = (fetchFn: typeof fetch) => createEngine(
    (s, signal, warm) => makeStorage(s, signal, fetchFn, warm), undefined, { earlyStorage: (s) => earlyStorage(s, fetchFn) });

  it('is sent while the key list is held, once, naming its format, and the open then waits for the page to show it', async () => {
    const server = gatedServer(longHistoryFiles(1_000, 1_000_000n, root));
    const engine = engineOver(server.fetchFn);
    const partials: TimelineSketchDto[] = [];
    const connecting = engine.connect(spec, ctx());
    const linking = engine.openLinkedTable({ spec, root }, ctx((v) => partials.push(v as TimelineSketchDto)));
    await settle();
    // Before index.json is answered: the outline of the hinted metadata file, for Iceberg.
    expect(server.log.some((r) => r.afterIndex)).toBe(false);
    expect(partials).toHaveLength(1);
    expect(partials[0]).toMatchObject({ count: 1_000, current: 999, format: 'iceberg' });
    server.release();
    const c = await connecting;
    await settle();
    // The open holds its exact parse for the page's word that the outline is on screen (outline-shown.ts).
    expect(await engine.outlineShown({ warehouseId: c.warehouseId, root })).toBe(true);
    const linked = await linking;
    expect(partials).toHaveLength(1); // the open sent none of its own
    const versions = linked!.overview.versions;
    expect([...partials[0]!.times]).toEqual(versions.map((v) => v.timestampMs));
    expect([...partials[0]!.ops].map((k) => partials[0]!.operations[k])).toEqual(versions.map((v) => v.operation));
    expect(partials[0]!.current).toBe(versions.findIndex((v) => v.isCurrent));
  });

  it('is the open\'s own, as before, when connect answers before the metadata file does', async () => {
    const server = gatedServer(longHistoryFiles(1_000, 1_000_000n, root), `${root}metadata/v1.metadata.json`);
    const engine = engineOver(server.fetchFn);
    const partials: unknown[] = [];
    const connecting = engine.connect(spec, ctx());
    const linking = engine.openLinkedTable({ spec, root }, ctx((v) => partials.push(v)));
    server.release();
    await connecting;
    await settle();
    expect(partials).toEqual([]);
    server.releaseHeld();
    const linked = await linking;
    expect(partials).toHaveLength(1);
    expect(partials[0]).toMatchObject({ count: 1_000, current: 999 });
    expect((partials[0] as { format?: string }).format).toBeUndefined();
    expect(linked!.overview.versions).toHaveLength(1_000);
    expect(server.log.filter((r) => r.path === `${root}metadata/v1.metadata.json`)).toHaveLength(1);
  });

  it('is none for a short history, and none from a metadata file that is not JSON (the open reports it)', async () => {
    const short = gatedServer(longHistoryFiles(999, 1_000_000n, root));
    const partials: unknown[] = [];
    const engine = engineOver(short.fetchFn);
    const connecting = engine.connect(spec, ctx());
    const linking = engine.openLinkedTable({ spec, root }, ctx((v) => partials.push(v)));
    await settle();
    short.release();
    await connecting;
    expect((await linking)!.overview.versions).toHaveLength(999);

    const torn = longHistoryFiles(1_000, 1_000_000n, root);
    const key = `${root}metadata/v1.metadata.json`;
    torn.set(key, torn.get(key)!.slice(0, 5_000));
    const broken = gatedServer(torn);
    const other = engineOver(broken.fetchFn);
    const connecting2 = other.connect(spec, ctx());
    const linking2 = other.openLinkedTable({ spec, root }, ctx((v) => partials.push(v)));
    await settle();
    broken.release();
    await connecting2;
    await expect(linking2).rejects.toMatchObject({ code: 'DataInvalid', context: { file: 'metadata/v1.metadata.json' } });
    expect(partials).toEqual([]);
  });
});
