/** The Raw view on ORC files: an Iceberg ORC data file (footer, stripes, field ids), a Paimon ORC manifest (rows too), a big file by ranged reads. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CountingStorage } from '../io/counting-storage.ts';
import { MemoryStorage } from '../io/memory-storage.ts';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { FIXTURES_DIR } from '../../testing/fixtures.ts';
import { readRawFile } from './raw-file.ts';

const PRESENT = existsSync(join(FIXTURES_DIR, 'iceberg-orc')) && existsSync(join(FIXTURES_DIR, 'paimon-orc'));
const fixtures = () => new FsStorage(FIXTURES_DIR, { readOnly: true });

describe.skipIf(!PRESENT)('readRawFile on ORC files', () => {
  it('an Iceberg ORC data file: postscript, types with iceberg.id field ids, stripes with streams and encodings', async () => {
    const dir = 'iceberg-orc/iceberg_v2_no_deletes_orc/data';
    const name = readdirSync(join(FIXTURES_DIR, dir)).find((f) => f.endsWith('.orc'))!;
    const r = await readRawFile(fixtures(), `${dir}/${name}`);
    expect(r.kind).toBe('orc');
    expect(r.role).toBe('orc-footer');
    const f = r.footer as Record<string, any>;
    expect(f.postscript.compression).toMatch(/^(NONE|ZLIB|SNAPPY|LZO|LZ4|ZSTD)$/);
    expect(f.numberOfRows).toBe(3);
    expect(f.schema).toBe('struct<i:int,s:string>');
    expect(f.types.slice(1).map((t: { name: string; fieldId: number }) => [t.name, t.fieldId])).toEqual([['i', 1], ['s', 2]]);
    expect(f.stripes[0].streams.some((s: { kind: string }) => s.kind === 'DATA')).toBe(true);
    expect(f.stripes[0].encodings.length).toBe(3);
    expect(r.records?.length).toBe(3);
  });

  it('a Paimon ORC manifest list shows its rows (the manifest files it names)', async () => {
    const dir = 'paimon-orc/append_09/manifest';
    const name = readdirSync(join(FIXTURES_DIR, dir)).find((f) => f.startsWith('manifest-list-'))!;
    const r = await readRawFile(fixtures(), `${dir}/${name}`);
    expect(r.kind).toBe('orc');
    expect(r.totalRecords).toBeGreaterThan(0);
    expect((r.records![0] as Record<string, unknown>)._FILE_NAME).toMatch(/^manifest-/);
  });

  it('a big ORC file is described from ranged reads (tail and stripe footers), never read whole', async () => {
    const bytes = new Uint8Array(readFileSync(join(FIXTURES_DIR, 'orc', 'demo-11-zlib.orc')));
    const mem = new MemoryStorage();
    await mem.write('demo.orc', bytes);
    const counting = new CountingStorage(mem);
    const r = await readRawFile(counting, 'demo.orc', { maxWholeBytes: 1024 });
    expect(r.kind).toBe('orc');
    expect((r.footer as { numberOfRows: number }).numberOfRows).toBe(1_920_800);
    expect(r.truncated).toBe(true); // 385 stripes, the first 100 stripe footers shown
    expect(r.records).toBeUndefined();
    expect(counting.bytesRead).toBeLessThan(bytes.length / 4);
  });
});
