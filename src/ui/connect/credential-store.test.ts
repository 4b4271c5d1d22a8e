import { describe, expect, it } from 'vitest';
import type { S3Connection } from '../../worker/connection.ts';
import { type DeviceKeyProvider, type KeyValueStore, findRemembered, forget, listRemembered, remember, unseal } from './credential-store.ts';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => { data.set(k, v); }, removeItem: (k) => { data.delete(k); } };
}

const conn = (bucket: string, secretAccessKey = 'SK-very-secret-1234'): S3Connection => ({
  kind: 's3', endpoint: 'http://127.0.0.1:7480', region: 'us-east-1', bucket, prefix: '',
  accessKeyId: 'AK', secretAccessKey, pathStyle: true,
});

/** A device key as the app makes it: AES-GCM 256, not extractable. */
function deviceKey(): DeviceKeyProvider {
  const key = crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  return () => key;
}

describe('credential store', () => {
  it('remembers, finds, replaces and forgets connections; the secrets come back only through the device key', async () => {
    const s = memoryStore();
    const dk = deviceKey();
    await remember(conn('a'), s, 1, dk);
    await remember(conn('b'), s, 2, dk);
    await remember({ ...conn('a', 'SK2-also-secret'), sessionToken: 'TOKEN-xyz-987' }, s, 3, dk);
    expect(listRemembered(s).map((c) => [c.bucket, c.savedAt])).toEqual([['a', 3], ['b', 2]]);
    const found = findRemembered({ endpoint: 'http://127.0.0.1:7480/', bucket: 'a', prefix: '' }, s)!;
    expect(found).not.toHaveProperty('secretAccessKey');
    expect(await unseal(found, dk)).toEqual({ ...conn('a', 'SK2-also-secret'), sessionToken: 'TOKEN-xyz-987' });
    forget(listRemembered(s)[0]!.id, s);
    expect(listRemembered(s).map((c) => c.bucket)).toEqual(['b']);
    forget(undefined, s);
    expect(s.data.size).toBe(0);
  });

  it('stores no secret or token in clear, and another device key cannot unseal (issue 18)', async () => {
    const s = memoryStore();
    const dk = deviceKey();
    await remember({ ...conn('a'), sessionToken: 'TOKEN-xyz-987' }, s, 1, dk);
    const raw = [...s.data.values()].join('');
    expect(raw).toContain('"AK"');
    expect(raw).not.toContain('SK-very-secret-1234');
    expect(raw).not.toContain('TOKEN-xyz-987');
    const entry = listRemembered(s)[0]!;
    expect(await unseal(entry, deviceKey())).toBeUndefined();
    expect(await unseal(entry, async () => undefined)).toBeUndefined();
  });

  it('without a device key nothing is remembered; entries saved in clear by older versions are not listed and are dropped', async () => {
    const s = memoryStore();
    expect(await remember(conn('a'), s, 1, async () => undefined)).toBeUndefined();
    expect(s.data.size).toBe(0);
    s.setItem('lakescope.remembered-s3', JSON.stringify([{ ...conn('old'), id: 'x|old|', savedAt: 1 }]));
    expect(listRemembered(s)).toEqual([]);
    await remember(conn('a'), s, 2, deviceKey());
    expect(s.getItem('lakescope.remembered-s3')).not.toContain('SK-very-secret-1234');
  });

  it('reads corrupt storage as empty', () => {
    const s = memoryStore();
    s.setItem('lakescope.remembered-s3', '{not json');
    expect(listRemembered(s)).toEqual([]);
  });
});
