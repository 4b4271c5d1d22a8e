import { describe, expect, it } from 'vitest';
import { isLakeError } from '../errors.ts';
import { listFolder } from './list-folder.ts';
import { MapStorage } from './map-storage.test-support.ts';

const storage = () => new MapStorage([
  ['wh/sales/orders/_delta_log/00000000000000000000.json', '{}'],
  ['wh/sales/orders/part-0.parquet', 'PAR1....PAR1'],
  ['wh/sales/notes/readme.md', '# notes'],
  ['wh/sales/events/metadata/v1.metadata.json', '{}'],
  ['wh/sales/events/data/a.parquet', 'x'],
  ['wh/sales/index.csv', 'a,b\n'],
]);

describe('listFolder', () => {
  it('lists sub-folders with their detected tables, and files', async () => {
    const l = await listFolder(storage(), 'wh/sales');
    expect(l.prefix).toBe('wh/sales/');
    expect(l.table).toBeNull();
    expect(l.folders.map((f) => [f.name, f.table?.format ?? null])).toEqual([['events', 'iceberg'], ['notes', null], ['orders', 'delta']]);
    expect(l.files).toEqual([{ key: 'wh/sales/index.csv', name: 'index.csv', size: 4 }]);
    expect(l.truncated).toBe(false);
  });

  it('inside a table root does not probe the table internals', async () => {
    const s = storage();
    const l = await listFolder(s, 'wh/sales/events/');
    expect(l.table?.format).toBe('iceberg');
    expect(l.folders.map((f) => f.name)).toEqual(['data', 'metadata']);
    expect(l.folders.every((f) => f.table === undefined)).toBe(true);
    expect(s.calls).toEqual(['list wh/sales/events/ /', 'list wh/sales/events/metadata/ /']);
  });

  it('skips detection past the limit and says how many it skipped', async () => {
    const l = await listFolder(storage(), 'wh/sales/', { detectLimit: 1 });
    expect(l.folders.map((f) => f.table)).toEqual([expect.objectContaining({ format: 'iceberg' }), undefined, undefined]);
    expect(l.detectionSkipped).toBe(2);
  });

  it('marks a listing cut at the page limit as truncated', async () => {
    const s = new MapStorage(Array.from({ length: 12 }, (_, i) => [`f/${i}.txt`, 'x'] as [string, string]), { pageSize: 5 });
    const l = await listFolder(s, 'f/', { maxPages: 2 });
    expect(l.files).toHaveLength(10);
    expect(l.truncated).toBe(true);
  });

  it('carries the prefix and storage in the error context', async () => {
    const failing = new MapStorage();
    failing.list = async () => { throw new Error('socket hang up'); };
    const err = await listFolder(failing, 'x/').catch((e: unknown) => e);
    expect(isLakeError(err, 'Io')).toBe(true);
    expect((err as Error).message).toMatch(/^warehouse: listing failed: socket hang up/);
    expect((err as { context: object }).context).toMatchObject({ prefix: 'x/', storage: 'map' });
  });
});
