import { describe, expect, it } from 'vitest';
import { LakeError, isLakeError } from '../errors.ts';
import { MapStorage } from './map-storage.test-support.ts';
import { openWarehouse } from './open-warehouse.ts';

describe('openWarehouse', () => {
  it('returns the root listing and the README text', async () => {
    const s = new MapStorage([
      ['README.txt', 'Demo warehouse: tables come later.'],
      ['t1/_delta_log/00000000000000000000.json', '{}'],
    ], { description: 'demo' });
    const w = await openWarehouse(s);
    expect(w.description).toBe('demo');
    expect(w.writable).toBe(false);
    expect(w.readme).toBe('Demo warehouse: tables come later.');
    expect(w.root.folders).toEqual([{ name: 't1', prefix: 't1/', table: expect.objectContaining({ format: 'delta', root: 't1/' }) }]);
  });

  it('has no readme when there is none, and passes Auth errors through unchanged', async () => {
    const s = new MapStorage([['a/b.txt', 'x']]);
    expect((await openWarehouse(s)).readme).toBeUndefined();
    s.list = async () => { throw new LakeError('Auth', 's3: access denied (403)', { bucket: 'b' }); };
    const err = await openWarehouse(s).catch((e: unknown) => e);
    expect(isLakeError(err, 'Auth')).toBe(true);
    expect((err as LakeError).message).toBe('s3: access denied (403)');
    expect((err as LakeError).context).toMatchObject({ bucket: 'b', prefix: '' });
  });
});
