import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorPanel } from './error-panel.tsx';

describe('ErrorPanel for I/O failures with their own name', () => {
  it('shows a throttling bucket as such, with the retry count, not as a generic storage error', () => {
    // The context read-policy.ts gives up with (its own test checks it produces exactly these keys).
    const context = { key: 'data/a.parquet', status: 503, s3Code: 'SlowDown', throttled: true, retries: 3, retryable: false };
    const html = renderToStaticMarkup(<ErrorPanel error={{ code: 'Io', message: "s3: read 'data/a.parquet': HTTP 503 SlowDown", context }} />);
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
