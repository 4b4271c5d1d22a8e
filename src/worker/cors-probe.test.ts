import { describe, expect, it } from 'vitest';
import { LakeError, isLakeError } from '../core/errors.ts';
import type { S3Connection } from './connection.ts';
import { refineCorsError } from './cors-probe.ts';

const spec: S3Connection = {
  kind: 's3', endpoint: 'http://127.0.0.1:7480', region: 'us-east-1', bucket: 'lake', prefix: '',
  accessKeyId: 'AK', secretAccessKey: 'SECRET', pathStyle: true,
};
const cors = new LakeError('Cors', 's3: list: the browser refused the request', { bucket: 'lake' });

describe('refineCorsError', () => {
  it('turns Cors into Auth when an anonymous request to the bucket is readable', async () => {
    const seen: { url: string; init?: RequestInit }[] = [];
    const fetchFn = (async (url: string, init?: RequestInit) => { seen.push({ url, init }); return new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403 }); }) as typeof fetch;
    const out = await refineCorsError(cors, spec, undefined, fetchFn);
    expect(isLakeError(out, 'Auth')).toBe(true);
    expect((out as LakeError).context).toMatchObject({ bucket: 'lake', endpoint: 'http://127.0.0.1:7480' });
    expect((out as Error).message).not.toContain('SECRET');
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('http://127.0.0.1:7480/lake?list-type=2&max-keys=1');
    expect(seen[0].init?.headers).toBeUndefined(); // no headers: a simple request, no preflight, no credentials
    expect(seen[0].init?.credentials).toBe('omit');
  });

  it('keeps Cors when the anonymous request is refused too, and leaves other errors alone', async () => {
    // The server answers (an opaque no-cors response) but the browser refuses to show its answer to this origin.
    const refusing = (async (_u: string, init?: RequestInit) => { if (init?.mode === 'no-cors') return new Response(null); throw new TypeError('Failed to fetch'); }) as typeof fetch;
    expect(await refineCorsError(cors, spec, undefined, refusing)).toBe(cors);
    const io = new LakeError('Io', 's3: 500');
    let called = false;
    expect(await refineCorsError(io, spec, undefined, (async () => { called = true; return new Response(); }) as typeof fetch)).toBe(io);
    expect(called).toBe(false);
  });
});

describe('refineCorsError on a host that does not answer', () => {
  it('says "could not reach <host>" when even a no-cors request fails, naming the host (not CORS)', async () => {
    const seen: RequestInit[] = [];
    const dead = (async (_url: string, init?: RequestInit) => { seen.push(init ?? {}); throw new TypeError('Failed to fetch'); }) as typeof fetch;
    const out = await refineCorsError(cors, { ...spec, endpoint: 'http://no-such-host.invalid:7480' }, undefined, dead);
    expect(isLakeError(out, 'Io')).toBe(true);
    expect((out as Error).message).toContain('could not reach no-such-host.invalid:7480');
    expect((out as LakeError).context).toMatchObject({ host: 'no-such-host.invalid:7480' });
    expect(seen.map((i) => i.mode)).toEqual(['cors', 'no-cors']);
  });

  it('keeps Cors when the host answers an opaque no-cors request but refuses the CORS one', async () => {
    const corsOnly = (async (_url: string, init?: RequestInit) => {
      if (init?.mode === 'cors') throw new TypeError('Failed to fetch');
      return new Response(null, { status: 200 });
    }) as typeof fetch;
    expect(await refineCorsError(cors, spec, undefined, corsOnly)).toBe(cors);
  });
});
