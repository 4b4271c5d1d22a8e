import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LakeError } from '../../core/errors.ts';
import { withReadRetries } from '../../core/io/read-policy.ts';
import { ErrorPanel } from './error-panel.tsx';

/** The error a read gives up with after `retries` retries of `fail` (fake clock: no real waiting). */
async function gaveUp(fail: () => LakeError, retries = 3): Promise<LakeError> {
  const policy = { retries, minWaitMs: 100, maxWaitMs: 1000, timeoutMs: 0, sleep: async () => {} };
  return withReadRetries("s3: read 'data/a.parquet'", { key: 'data/a.parquet' }, policy, async () => { throw fail(); })
    .then(() => { throw new Error('did not fail'); }, (e: LakeError) => e);
}

describe('ErrorPanel for I/O failures with their own name', () => {
  it('shows a throttling bucket as such, with the retry count, not as a generic storage error', async () => {
    const err = await gaveUp(() => new LakeError('Io', "s3: read 'data/a.parquet': HTTP 503 SlowDown", { key: 'data/a.parquet', status: 503, s3Code: 'SlowDown' }));
    const html = renderToStaticMarkup(<ErrorPanel error={{ code: err.code, message: err.message, context: err.context }} />);
    expect(html).toContain('The bucket is throttling requests');
    expect(html).toContain('The bucket is throttling requests (503 SlowDown) — retried 3 times');
    expect(html).not.toContain('The storage could not be reached');
    expect(html).toContain('data/a.parquet');
  });

  it('names a time limit and a file changed under the reader; a plain Io stays generic', () => {
    const timeout = renderToStaticMarkup(<ErrorPanel error={{ code: 'Io', message: 'x', context: { key: 'k', timedOut: true, timeoutMs: 30000 } }} />);
    expect(timeout).toContain('did not answer in time');
    expect(timeout).toContain('No answer within 30 s');
    const changed = renderToStaticMarkup(<ErrorPanel error={{ code: 'Conflict', message: 'x', context: { key: 'k', changed: true } }} />);
    expect(changed).toContain('The file changed while it was being read');
    const plain = renderToStaticMarkup(<ErrorPanel error={{ code: 'Io', message: 'x', context: { key: 'k' } }} />);
    expect(plain).toContain('The storage could not be reached');
  });
});
