import { describe, expect, it } from 'vitest';
import { isLakeError } from '../../../errors.ts';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { loadCurrentMetadata as findCurrentMetadata } from './current-metadata.ts';
import { listMetadataFiles, metadataVersion, readTableMetadata } from './metadata-files.ts';
import { Relocation } from './relocation.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const META = (v: number, location = 's3://b/t') => JSON.stringify({
  'format-version': 2, 'table-uuid': 'u', location, 'last-sequence-number': 0, 'last-updated-ms': v, 'last-column-id': 1,
  schemas: [{ type: 'struct', 'schema-id': 0, fields: [{ id: 1, name: 'a', required: false, type: 'int' }] }], 'current-schema-id': 0,
  'partition-specs': [{ 'spec-id': 0, fields: [] }], 'default-spec-id': 0, 'last-partition-id': 999, 'sort-orders': [{ 'order-id': 0, fields: [] }], 'default-sort-order-id': 0,
});

async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([enc(text)]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('Relocation (re-rooting metadata paths onto the opened folder)', () => {
  it('maps every scheme the fixtures use onto relative keys', () => {
    const cases: [string, string, string][] = [
      ['s3a://bucket/spark/bunnies', 's3a://bucket/spark/bunnies/data/x.parquet', 'data/x.parquet'],
      ['s3a://bucket/spark/bunnies', 's3://bucket/spark/bunnies/metadata/m.avro', 'metadata/m.avro'],
      ['hdfs://localhost:20500/wh/t', 'hdfs://localhost:20500/wh/t/data/a.parquet', 'data/a.parquet'],
      ['/test-warehouse/iceberg_test/t', '/test-warehouse/iceberg_test/t/metadata/v1.metadata.json', 'metadata/v1.metadata.json'],
      ['/test-warehouse/t', 'hdfs://nn:8020/test-warehouse/t/data/b.parquet', 'data/b.parquet'],
      ['file://data/persistent/map_stats/default.db/map_stats', 'file://data/persistent/map_stats/default.db/map_stats/data/_day=2026-01-01/f.parquet', 'data/_day=2026-01-01/f.parquet'],
      ['file:/tmp/t/', 'file:///tmp/t/data/c.parquet', 'data/c.parquet'],
      ['s3://b/t', 'data/relative/d.parquet', 'data/relative/d.parquet'],
    ];
    for (const [location, path, key] of cases) expect(new Relocation(location).toKey(path), path).toBe(key);
    expect(new Relocation('s3a://bucket/t/').relocatedFrom).toBe('s3a://bucket/t');
  });

  it('refuses paths outside the table location with Unsupported naming both', () => {
    const r = new Relocation('s3://bucket/warehouse/t');
    let err: unknown;
    try { r.toKey('s3://bucket/warehouse/other/data/x.parquet'); } catch (e) { err = e; }
    expect(isLakeError(err, 'Unsupported')).toBe(true);
    expect((err as Error).message).toBe('iceberg: s3://bucket/warehouse/other/data/x.parquet lies outside the table root s3://bucket/warehouse/t; Lakescope does not send your credentials outside the table without your consent');
    expect(r.toKey('s3://bucket/warehouse/t/data/../../u/x.parquet')).toBe('../u/x.parquet'); // kept for the storage to refuse, not clamped to u/x.parquet
    expect(r.tryKey('s3://bucket/warehouse/t/data/../../u/x.parquet')).toBeUndefined();
    expect(r.tryKey('s3://bucket/warehouse/t')).toBeUndefined(); // the folder itself is not a file
    expect(r.tryKey('s3://bucket/warehouse/tt/x')).toBeUndefined(); // a sibling sharing the prefix text
  });
});

describe('metadata discovery', () => {
  it('recognises every naming scheme, plain and gzip', () => {
    expect(['v1.metadata.json', 'v12.gz.metadata.json', 'v3.metadata.json.gz', '00007-8b1c2a3e-1111-2222-3333-444455556666.metadata.json',
      '00008-8b1c2a3e-1111-2222-3333-444455556666.gz.metadata.json', 'snap-1-1-x.avro', 'version-hint.text', 'x-m0.avro'].map(metadataVersion))
      .toEqual([1, 12, 3, 7, 8, undefined, undefined, undefined]);
  });

  it('follows version-hint.text, and takes the highest version when the hint is missing, wrong or stale', async () => {
    const s = new MemoryStorage();
    for (const v of [1, 2, 10]) await s.write(`metadata/v${v}.metadata.json`, enc(META(v)));
    await s.write('metadata/snap-1.avro', enc('x'));
    await s.write('metadata/version-hint.text', enc('10\n'));
    expect(await findCurrentMetadata(s)).toMatchObject({ key: 'metadata/v10.metadata.json', via: 'version-hint', warnings: [] });
    await s.write('metadata/version-hint.text', enc('2\n'));
    expect(await findCurrentMetadata(s)).toMatchObject({ key: 'metadata/v10.metadata.json', via: 'latest-version' });
    await s.write('metadata/version-hint.text', enc('11'));
    expect(await findCurrentMetadata(s)).toMatchObject({ key: 'metadata/v10.metadata.json', via: 'latest-version' });
    await s.delete('metadata/version-hint.text');
    const found = await findCurrentMetadata(s);
    expect(found.key).toBe('metadata/v10.metadata.json');
    expect(found.files.map((f) => f.name)).toEqual(['v1.metadata.json', 'v2.metadata.json', 'v10.metadata.json']);
  });

  it('picks the highest NNNNN-uuid file and reads gzip metadata (both suffixes)', async () => {
    const s = new MemoryStorage();
    await s.write('metadata/00000-aaaa.metadata.json', enc(META(1)));
    await s.write('metadata/00001-bbbb.gz.metadata.json', await gzip(META(2)));
    await s.write('metadata/00002-cccc.metadata.json.gz', await gzip(META(3)));
    const found = await findCurrentMetadata(s);
    expect(found.key).toBe('metadata/00002-cccc.metadata.json.gz');
    expect((await readTableMetadata(s, found.key)).lastUpdatedMs).toBe(3);
    expect((await readTableMetadata(s, 'metadata/00001-bbbb.gz.metadata.json')).lastUpdatedMs).toBe(2);
    expect((await listMetadataFiles(s)).map((f) => f.version)).toEqual([0, 1, 2]);
  });

  it('a listing of many pages lets queued tasks run between its long pages, and still lists every metadata file', async () => {
    // A static folder's key list answers from memory: without a pause its 10,000s of metadata/ keys held the
    // worker in one task while the metadata file's body waited (issue 17).
    const s = new MemoryStorage();
    for (let i = 0; i < 2_500; i++) await s.write(`metadata/snap-${String(i).padStart(5, '0')}.avro`, enc('x'));
    await s.write('metadata/v1.metadata.json', enc(META(1)));
    await s.write('metadata/v2.metadata.json', enc(META(2)));
    let pages = 0;
    let taskRan = -1;
    const paged = Object.assign(Object.create(s) as MemoryStorage, {
      list: async (o: Parameters<MemoryStorage['list']>[0]) => { pages++; return s.list({ ...o, maxKeys: 1_000 }); },
    });
    setImmediate(() => { taskRan = pages; });
    const files = await listMetadataFiles(paged);
    expect(files.map((f) => f.name)).toEqual(['v1.metadata.json', 'v2.metadata.json']);
    expect(pages).toBe(3);
    // The queued task ran after the first page and before the last one: the listing gave way in between.
    expect(taskRan).toBeGreaterThanOrEqual(1);
    expect(taskRan).toBeLessThan(3);
  });

  it('an empty folder is NotFound; a corrupt gzip is DataInvalid naming the file', async () => {
    const s = new MemoryStorage('memory');
    let err: unknown;
    try { await findCurrentMetadata(s); } catch (e) { err = e; }
    expect(isLakeError(err, 'NotFound')).toBe(true);
    expect((err as Error).message).toBe('iceberg: no metadata/*.metadata.json under memory');
    await s.write('metadata/v1.metadata.json', new Uint8Array([0x1f, 0x8b, 1, 2, 3]));
    err = undefined;
    try { await readTableMetadata(s, 'metadata/v1.metadata.json'); } catch (e) { err = e; }
    expect(isLakeError(err, 'DataInvalid')).toBe(true);
    expect((err as { context: { file: string } }).context.file).toBe('metadata/v1.metadata.json');
  });
});
