import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../testing/fixtures.ts';
import { describeStorageContract, expectLakeError, seedByWriting } from '../../testing/storage-contract.ts';
import { FsStorage } from './fs-storage.ts';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'lakescope-fs-'));
  dirs.push(d);
  return d;
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const enc = new TextEncoder();
const dec = new TextDecoder();

describeStorageContract('node fs', seedByWriting(async () => new FsStorage(await tempDir())));

describeStorageContract('node fs (read-only)', async (seed) => {
  const root = await tempDir();
  const writer = new FsStorage(root);
  for (const [k, v] of seed) await writer.write(k, v);
  return new FsStorage(root, { readOnly: true });
}, { readOnly: true });

describe('FsStorage specifics', () => {
  it('reads a suffix of a 3 GiB (sparse) file without reading the whole file', async () => {
    const root = await tempDir();
    const fh = await open(join(root, 'huge.parquet'), 'w');
    const size = 3 * 1024 ** 3;
    await fh.truncate(size); // sparse: no disk used; readFile would refuse a file this large
    await fh.write(enc.encode('PAR1'), 0, 4, size - 4);
    await fh.close();
    const s = new FsStorage(root);
    expect(dec.decode(await s.read('huge.parquet', { range: { suffix: 4 } }))).toBe('PAR1');
    expect(await s.read('huge.parquet', { range: { offset: size - 8, length: 4 } })).toEqual(new Uint8Array(4));
    expect((await s.head('huge.parquet')).size).toBe(size);
  });

  it('never lists its temporary or lock files, nor empty folders', async () => {
    const root = await tempDir();
    const s = new FsStorage(root);
    await s.write('t/a.txt', enc.encode('a'));
    await writeFile(join(root, 't', '.b.txt.lakescope-lock'), `${process.pid} ${Date.now()}`);
    await writeFile(join(root, 't', '.b.txt.lakescope-tmp-abc123'), 'partial');
    await mkdir(join(root, 't', 'empty', 'deeper'), { recursive: true });
    const page = await s.list({ prefix: 't/', delimiter: '/' });
    expect(page.objects.map((o) => o.key)).toEqual(['t/a.txt']);
    expect(page.prefixes).toEqual([]);
    expect((await s.list()).objects.map((o) => o.key)).toEqual(['t/a.txt']);
    await expectLakeError(s.read('t/.b.txt.lakescope-tmp-abc123'), 'Unsupported');
  });

  it('leaves no temporary or lock files behind after writes, conflicts and deletes', async () => {
    const root = await tempDir();
    const s = new FsStorage(root);
    await s.write('k/x.txt', enc.encode('1'));
    await expectLakeError(s.write('k/x.txt', enc.encode('2'), { ifNoneMatch: '*' }), 'Conflict');
    await expectLakeError(s.write('k/x.txt', enc.encode('2'), { ifMatch: 'nope' }), 'Conflict');
    await s.delete('k/x.txt');
    expect(await readdir(join(root, 'k'))).toEqual([]);
  });

  it('rejects keys a folder cannot hold faithfully', async () => {
    const s = new FsStorage(await tempDir());
    for (const key of ['a//b', 'a/', '/abs', 'a/../b', './a', '']) {
      await expectLakeError(s.write(key, enc.encode('x')), 'Unsupported');
    }
  });

  it('lists nothing (not an error) when the root folder does not exist yet', async () => {
    const s = new FsStorage(join(await tempDir(), 'not', 'yet'));
    expect(await s.list()).toEqual({ objects: [], prefixes: [] });
    await expectLakeError(s.head('x'), 'NotFound');
    await s.delete('x/y.txt');
  });

  it('breaks a lock left behind by a crashed process', async () => {
    const root = await tempDir();
    const s = new FsStorage(root, { lockTimeoutMs: 3000 });
    await s.write('p.txt', enc.encode('v1'));
    // A lock file from a process that no longer exists (pid far above pid_max), 5 s old.
    await writeFile(join(root, '.p.txt.lakescope-lock'), `4194999 ${Date.now() - 5000}`);
    const etag = (await s.head('p.txt')).etag!;
    await s.write('p.txt', enc.encode('v2'), { ifMatch: etag });
    expect(dec.decode(await s.read('p.txt'))).toBe('v2');
  });

  it('compare-and-swap is linearizable across 4 processes (4 x 25 increments = 100)', async () => {
    const root = await tempDir();
    const s = new FsStorage(root);
    await s.write('counter.txt', enc.encode('0'));
    const script = join(root, '..', `cas-worker-${Date.now()}.mts`);
    dirs.push(script);
    await writeFile(script, `
      import { FsStorage } from ${JSON.stringify(join(REPO_ROOT, 'src/platform/node/fs-storage.ts'))};
      const s = new FsStorage(process.argv[2]);
      let done = 0, conflicts = 0;
      while (done < 25) {
        const info = await s.head('counter.txt');
        const n = Number(new TextDecoder().decode(await s.read('counter.txt')));
        try {
          await s.write('counter.txt', new TextEncoder().encode(String(n + 1)), { ifMatch: info.etag });
          done++;
        } catch (e) {
          if (e.code !== 'Conflict') throw e;
          conflicts++;
        }
      }
      console.log(conflicts);
    `);
    const run = promisify(execFile);
    const outs = await Promise.all(Array.from({ length: 4 }, () =>
      run(process.execPath, ['--import', 'tsx', script, root], { cwd: REPO_ROOT, timeout: 60_000 })));
    const conflicts = outs.reduce((a, o) => a + Number(o.stdout.trim()), 0);
    console.info(`[fs CAS] 4 processes x 25 increments: counter=${dec.decode(await s.read('counter.txt'))}, ${conflicts} Conflict retries`);
    expect(dec.decode(await s.read('counter.txt'))).toBe('100');
  }, 90_000);
});
