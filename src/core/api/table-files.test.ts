import { describe, expect, it } from 'vitest';
import { isLakeError } from '../errors.ts';
import { MapStorage } from './map-storage.test-support.ts';
import { readObjectPreview } from './object-preview.ts';
import { listTableFiles } from './table-files.ts';

const s = () => new MapStorage([
  ['t/_delta_log/00000000000000000000.json', '{"commitInfo":{}}'],
  ['t/p=1/a.parquet', '123456'],
  ['t/p=2/b.parquet', '1234'],
  ['u/other', 'zz'],
], { pageSize: 2 });

describe('listTableFiles', () => {
  it('lists every file under the root across pages, with the byte total', async () => {
    const r = await listTableFiles(s(), 't');
    expect(r.files.map((f) => f.key)).toEqual(['t/_delta_log/00000000000000000000.json', 't/p=1/a.parquet', 't/p=2/b.parquet']);
    expect(r.totalBytes).toBe(17 + 6 + 4);
    expect(r.truncated).toBe(false);
  });

  it('stops at the limit and says so', async () => {
    const r = await listTableFiles(s(), 't/', { limit: 2 });
    expect(r.count).toBe(2);
    expect(r.totalBytes).toBe(17 + 6);
    expect(r.truncated).toBe(true);
  });
});

describe('readObjectPreview', () => {
  it('reads only the first bytes', async () => {
    const st = s();
    const p = await readObjectPreview(st, 't/p=1/a.parquet', { maxBytes: 4 });
    expect(new TextDecoder().decode(p.bytes)).toBe('1234');
    expect(p).toMatchObject({ size: 6, truncated: true });
    expect(st.calls).toEqual(['head t/p=1/a.parquet', 'read t/p=1/a.parquet']);
  });

  it('reports a missing key as NotFound naming the key', async () => {
    const err = await readObjectPreview(s(), 'nope').catch((e: unknown) => e);
    expect(isLakeError(err, 'NotFound')).toBe(true);
    expect((err as { context: object }).context).toMatchObject({ key: 'nope' });
  });
});
