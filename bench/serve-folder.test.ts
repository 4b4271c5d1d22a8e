import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFolder, type ServedFolder } from './serve-folder.ts';

// The bench server answers small files from memory; a file rewritten while served must be answered anew.
describe('bench/serve-folder', () => {
  let dir: string; let served: ServedFolder;
  beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'serve-folder-')); served = await serveFolder(dir); });
  afterAll(async () => { await served.close(); await rm(dir, { recursive: true, force: true }); });
  const get = async (key: string, range?: string) => {
    const res = await fetch(`${served.url}/${key}`, range ? { headers: { range } } : {});
    return { status: res.status, text: await res.text(), contentRange: res.headers.get('content-range') };
  };

  it('serves whole files and byte ranges, and a file rewritten under it anew (same size too)', async () => {
    await writeFile(join(dir, 'version-hint.text'), '12');
    expect(await get('version-hint.text')).toMatchObject({ status: 200, text: '12' });
    await writeFile(join(dir, 'version-hint.text'), '131');
    expect(await get('version-hint.text')).toMatchObject({ status: 200, text: '131' });
    await writeFile(join(dir, 'version-hint.text'), '999');
    await utimes(join(dir, 'version-hint.text'), new Date(), new Date(Date.now() + 5000));
    expect(await get('version-hint.text')).toMatchObject({ status: 200, text: '999' });
    expect(await get('version-hint.text', 'bytes=1-1')).toMatchObject({ status: 206, text: '9', contentRange: 'bytes 1-1/3' });
    expect(await get('version-hint.text', 'bytes=-2')).toMatchObject({ status: 206, text: '99', contentRange: 'bytes 1-2/3' });
    expect((await get('missing.json')).status).toBe(404);
  });
});
