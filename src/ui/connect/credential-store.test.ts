import { describe, expect, it } from 'vitest';
import type { S3Connection } from '../../worker/connection.ts';
import { type KeyValueStore, findRemembered, forget, listRemembered, remember } from './credential-store.ts';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => { data.set(k, v); }, removeItem: (k) => { data.delete(k); } };
}

const conn = (bucket: string): S3Connection => ({
  kind: 's3', endpoint: 'http://127.0.0.1:7480', region: 'us-east-1', bucket, prefix: '',
  accessKeyId: 'AK', secretAccessKey: 'SK', pathStyle: true,
});

describe('credential store', () => {
  it('remembers, finds, replaces and forgets connections', () => {
    const s = memoryStore();
    remember(conn('a'), s, 1);
    remember(conn('b'), s, 2);
    remember({ ...conn('a'), secretAccessKey: 'SK2' }, s, 3);
    expect(listRemembered(s).map((c) => [c.bucket, c.savedAt])).toEqual([['a', 3], ['b', 2]]);
    expect(findRemembered({ endpoint: 'http://127.0.0.1:7480/', bucket: 'a', prefix: '' }, s)?.secretAccessKey).toBe('SK2');
    forget(listRemembered(s)[0].id, s);
    expect(listRemembered(s).map((c) => c.bucket)).toEqual(['b']);
    forget(undefined, s);
    expect(s.data.size).toBe(0);
  });

  it('reads corrupt storage as empty', () => {
    const s = memoryStore();
    s.setItem('lakescope.remembered-s3', '{not json');
    expect(listRemembered(s)).toEqual([]);
  });
});
