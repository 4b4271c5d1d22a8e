import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorPanel } from './error-panel.tsx';
import { MessagesContext } from '../common/messages.ts';
import { zh } from '../../core/messages/zh.ts';

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

describe('ErrorPanel in the reader’s language (issue 20)', () => {
  const inZh = (error: unknown) => renderToStaticMarkup(<MessagesContext.Provider value={zh}><ErrorPanel error={error} /></MessagesContext.Provider>);
  const notFound = {
    code: 'NotFound', message: 'table: nothing at wh/<b>orders</b> (no such folder, or it is empty)',
    ref: { key: 'error.open.nothing', params: { location: 'wh/<b>orders</b>' } }, context: { location: 'wh/<b>orders</b>' },
  };

  it('shows an error with a ref in Chinese, the path it names as data, the English original in a disclosure', () => {
    const html = inZh(notFound);
    expect(html).toContain('<p class="error-message">');
    expect(html).toMatch(/<p class="error-message"><bdi[^>]*>表：<\/bdi><span class="mono error-data"><bdi[^>]*>wh\/&lt;b&gt;orders&lt;\/b&gt;<\/bdi><\/span><bdi[^>]*> 处什么也没有/);
    expect(html).toContain('<details class="error-original"><summary>原始信息（英文）</summary><p class="mono" lang="en">');
    expect(html).toContain('table: nothing at wh/&lt;b&gt;orders&lt;/b&gt; (no such folder, or it is empty)');
    expect(html).not.toContain('error-untranslated');
  });

  it('shows an error without a ref in English, marked as not translated', () => {
    const html = inZh({ code: 'Io', message: 'delta log: something English', context: {} });
    expect(html).toContain('<p class="error-message mono" lang="en">');
    expect(html).toContain('delta log: something English');
    expect(html).toContain('这条信息还没有翻译');
    expect(html).not.toContain('error-original');
  });

  it('names the context entries in Chinese (prefix 前缀, bucket 存储桶 …), the engine\'s key as their tooltip', () => {
    const html = inZh({ code: 'NotFound', message: 's3: nothing under wh/', context: { bucket: 'lake', prefix: 'wh/', status: 404, requestId: 'r-1' } });
    expect(html).toContain('<dt title="prefix">前缀</dt>');
    expect(html).toContain('<dt title="bucket">存储桶</dt>');
    expect(html).toContain('<dt title="status">状态码</dt>');
    expect(html).toContain('<dt title="requestId">请求 ID</dt>');
    expect(html).not.toMatch(/<dt[^>]*>(prefix|bucket|status|requestId)<\/dt>/);
    // English keeps the engine's key.
    expect(renderToStaticMarkup(<ErrorPanel error={{ code: 'NotFound', message: 'x', context: { prefix: 'wh/' } }} />)).toContain('<dt title="prefix">prefix</dt>');
  });

  it('an English reader sees the message once, with neither a disclosure nor a mark', () => {
    const html = renderToStaticMarkup(<ErrorPanel error={notFound} />);
    expect(html).toContain('table: ');
    expect(html).not.toContain('error-original');
    expect(html).not.toContain('error-untranslated');
    expect(renderToStaticMarkup(<ErrorPanel error={{ code: 'Io', message: 'x' }} />)).not.toContain('error-untranslated');
  });
});
