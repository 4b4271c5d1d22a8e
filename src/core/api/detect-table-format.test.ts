import { describe, expect, it } from 'vitest';
import { isLakeError } from '../errors.ts';
import { candidateFormats, detectTableFormat, newestMetadataFile } from './detect-table-format.ts';
import { MapStorage } from './map-storage.test-support.ts';

const files = (...keys: string[]): [string, string][] => keys.map((k) => [k, `content of ${k}`]);

describe('candidateFormats', () => {
  it('maps marker folders to formats in priority order', () => {
    expect(candidateFormats(['metadata', 'data'])).toEqual(['iceberg']);
    expect(candidateFormats(['_delta_log'])).toEqual(['delta']);
    expect(candidateFormats(['snapshot'])).toEqual([]); // Paimon needs schema/ too
    expect(candidateFormats(['snapshot', 'schema', 'manifest'])).toEqual(['paimon']);
    expect(candidateFormats(['.hoodie'])).toEqual(['hudi']);
    expect(candidateFormats(['metadata', '_delta_log'])).toEqual(['delta', 'iceberg']);
    expect(candidateFormats(['data', 'logs'])).toEqual([]);
  });
});

describe('newestMetadataFile', () => {
  it('picks the highest version, numerically, in both naming schemes', () => {
    expect(newestMetadataFile(['m/v1.metadata.json', 'm/v10.metadata.json', 'm/v2.metadata.json'])).toBe('m/v10.metadata.json');
    expect(newestMetadataFile(['m/00000-a.metadata.json', 'm/00002-c.gz.metadata.json', 'm/00001-b.metadata.json'])).toBe('m/00002-c.gz.metadata.json');
    expect(newestMetadataFile(['m/custom.metadata.json'])).toBe('m/custom.metadata.json');
    expect(newestMetadataFile([])).toBeUndefined();
  });
});

describe('detectTableFormat', () => {
  it('detects each format from its marker file, with at most two requests', async () => {
    const s = new MapStorage(files(
      'ice/metadata/00001-abc.metadata.json', 'ice/metadata/snap-1.avro', 'ice/data/a.parquet',
      'icegz/metadata/v3.gz.metadata.json',
      'icehint/metadata/version-hint.text',
      'dl/_delta_log/00000000000000000000.json', 'dl/part-0.parquet',
      'pm/snapshot/LATEST', 'pm/snapshot/snapshot-1', 'pm/schema/schema-0', 'pm/manifest/m-1',
      'hd/.hoodie/hoodie.properties', 'hd/p1/file.parquet',
    ));
    const cases: [string, string, string][] = [
      ['ice/', 'iceberg', 'ice/metadata/00001-abc.metadata.json'],
      ['icegz/', 'iceberg', 'icegz/metadata/v3.gz.metadata.json'],
      ['icehint/', 'iceberg', 'icehint/metadata/version-hint.text'],
      ['dl/', 'delta', 'dl/_delta_log/00000000000000000000.json'],
      ['pm/', 'paimon', 'pm/snapshot/snapshot-1'],
      ['hd/', 'hudi', 'hd/.hoodie/hoodie.properties'],
    ];
    for (const [prefix, format, evidence] of cases) {
      s.calls.length = 0;
      const t = await detectTableFormat(s, prefix);
      expect(t, prefix).toEqual({ format, alsoReadableAs: [], root: prefix, name: prefix.slice(0, -1), evidence });
      expect(s.calls.length, `${prefix}: ${s.calls.join(', ')}`).toBeLessThanOrEqual(2);
    }
  });

  it('accepts a prefix without trailing slash and the storage root', async () => {
    const s = new MapStorage(files('_delta_log/00000000000000000000.json'), { description: 'bucket' });
    expect((await detectTableFormat(s, ''))?.name).toBe('bucket');
    const t = new MapStorage(files('a/b/_delta_log/00000000000000000003.checkpoint.parquet'));
    expect((await detectTableFormat(t, 'a/b'))?.root).toBe('a/b/');
  });

  it('says "not a table" when a marker folder holds no marker file', async () => {
    const s = new MapStorage(files(
      'docs/metadata/notes.txt', // a folder merely named metadata
      'half/_delta_log/README', // a log folder without commits
      'half/_delta_log/.00000000000000000000.json.crc',
      'pm/snapshot/other', 'pm/schema/schema-0',
      'hd/.hoodie/archived/x',
      'plain/a.parquet',
    ));
    for (const p of ['docs/', 'half/', 'pm/', 'hd/', 'plain/', 'missing/']) expect(await detectTableFormat(s, p), p).toBeNull();
  });

  it('reports a Delta UniForm table (Iceberg metadata beside the log) as Delta, also readable as Iceberg', async () => {
    const s = new MapStorage(files('u/_delta_log/00000000000000000000.json', 'u/metadata/v1.metadata.json'));
    const t = await detectTableFormat(s, 'u/');
    expect(t?.format).toBe('delta');
    expect(t?.alsoReadableAs).toEqual(['iceberg']);
  });

  it('finds the marker when the folder listing is truncated, by probing the marker folders', async () => {
    // 30 data files sort before _delta_log/ ('.' and digits < '_'); pages of 5 stop long before it.
    const keys = Array.from({ length: 30 }, (_, i) => `t/0-part-${String(i).padStart(3, '0')}.parquet`);
    const s = new MapStorage(files(...keys, 't/_delta_log/00000000000000000000.json'), { pageSize: 5 });
    const t = await detectTableFormat(s, 't/');
    expect(t?.format).toBe('delta');
    expect(s.calls.filter((c) => c.startsWith('list t/ /')).length).toBe(1); // one page of the folder itself
  });

  it('finds commits behind hidden Hadoop .crc files that sort first', async () => {
    const crcs = Array.from({ length: 12 }, (_, i) => `t/_delta_log/.${String(i).padStart(20, '0')}.json.crc`);
    const s = new MapStorage(files(...crcs, 't/_delta_log/00000000000000000011.json'), { pageSize: 5 });
    expect((await detectTableFormat(s, 't/'))?.evidence).toBe('t/_delta_log/00000000000000000011.json');
  });

  it('finds the metadata file of a huge Iceberg metadata folder by name, without paging through it', async () => {
    // 20,000 manifests and manifest lists sort before v9.metadata.json (a generated 10,000-snapshot table).
    const manifests = Array.from({ length: 10_000 }, (_, i) => `t/metadata/gen-${i}-m0.avro`);
    const lists = Array.from({ length: 10_000 }, (_, i) => `t/metadata/snap-${i}-1-x.avro`);
    const s = new MapStorage(files(...manifests, ...lists, 't/metadata/v9.metadata.json'), { pageSize: 1000 });
    const t = await detectTableFormat(s, 't/');
    expect(t?.evidence).toBe('t/metadata/v9.metadata.json');
    expect(s.calls.length).toBeLessThanOrEqual(3);
    // Catalog names (NNNNN-uuid) are found the same way; a folder with none is not a table.
    const c = new MapStorage(files(...manifests, 't/metadata/00003-abc.metadata.json'), { pageSize: 1000 });
    expect((await detectTableFormat(c, 't/'))?.evidence).toBe('t/metadata/00003-abc.metadata.json');
    expect(await detectTableFormat(new MapStorage(files(...manifests), { pageSize: 1000 }), 't/')).toBeNull();
  });

  it('rejects with Aborted when the signal has fired', async () => {
    const s = new MapStorage(files('t/_delta_log/00000000000000000000.json'));
    const ac = new AbortController();
    ac.abort();
    const err = await detectTableFormat(s, 't/', { signal: ac.signal }).catch((e: unknown) => e);
    expect(isLakeError(err, 'Aborted')).toBe(true);
    expect((err as { context: Record<string, unknown> }).context.prefix).toBe('t/');
  });
});
