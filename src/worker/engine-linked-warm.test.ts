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
function gatedServer(files: Map<string, Uint8Array>) {
  const log: { path: string; afterIndex: boolean }[] = [];
  let indexAnswered = false;
  let release!: () => void;
  const gate = new Promise<void>((ok) => { release = ok; });
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const path = decodeURIComponent(url.pathname).replace(/^\/w\//, '');
    log.push({ path, afterIndex: indexAnswered });
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
  return { fetchFn, log, release };
}

const ctx = (): CallContext => ({ signal: new AbortController().signal, progress: () => {}, partial: () => {} } as unknown as CallContext);
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
