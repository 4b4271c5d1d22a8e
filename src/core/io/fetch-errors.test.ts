/** responseBytes: how a body that fails while it arrives is reported. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { responseBytes } from './fetch-errors.ts';
import { errorRef } from '../messages/message-parts.ts';
import { isRetryable } from './read-policy.ts';

const what = errorRef('error.http.subject', { op: 'read', key: 'k' });

/** A response whose body gives `first` and then fails as a dropped connection does (a TypeError). */
function cutAfter(first: Uint8Array): Response {
  let sent = false;
  return new Response(new ReadableStream<Uint8Array>({
    pull(c) {
      if (!sent) { sent = true; c.enqueue(first); } else c.error(new TypeError('network error'));
    },
  }));
}

describe('responseBytes', () => {
  const g = globalThis as Record<string, unknown>;
  beforeEach(() => { g.WorkerGlobalScope = function WorkerGlobalScope() {}; });
  afterEach(() => { delete g.WorkerGlobalScope; });

  it('in a browser, a body that fails while it streams is a cut body (a retryable Io), not CORS', async () => {
    // Once the headers came, CORS had let the answer through: a TypeError now is the connection.
    const err = await responseBytes(cutAfter(new Uint8Array(1000)), what, { key: 'k' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'Io', context: { key: 'k', shortBody: true } });
    expect(isRetryable(err)).toBe(true);
  });

  it('reads a whole body byte for byte', async () => {
    const bytes = Uint8Array.from({ length: 5000 }, (_, i) => (i * 31) & 255);
    expect(await responseBytes(new Response(bytes), what, {})).toEqual(bytes);
  });
});
