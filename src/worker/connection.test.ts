/**
 * A connection's name (issue 20): English as the worker always named it (logs, the top bar before), and the
 * same name as a catalog message the page draws in the reader's language.
 */
import { describe, expect, it } from 'vitest';
import { formatRef } from '../core/messages/en.ts';
import { zh } from '../core/messages/zh.ts';
import type { ConnectionSpec } from './connection.ts';
import { connectionLabel, connectionLabelMessage } from './connection-label.ts';

const s3: ConnectionSpec = { kind: 's3', endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', region: 'cn-hangzhou', bucket: 'lake', prefix: '/wh/', accessKeyId: 'AK', secretAccessKey: 'SECRET', pathStyle: false };
const folder = (name: string, sandbox?: string): ConnectionSpec => ({ kind: 'folder', handle: { name } as FileSystemDirectoryHandle, ...(sandbox ? { sandbox } : {}) });
const CASES: [ConnectionSpec, string, string][] = [
  [{ kind: 'demo', baseUrl: '/demo/' }, 'Demo warehouse', '演示仓库'],
  [{ kind: 'url', url: 'https://example.com/wh/?X-Amz-Signature=abc' }, 'https://example.com/wh/', 'https://example.com/wh/'],
  [s3, 's3://lake/wh (oss-cn-hangzhou.aliyuncs.com)', 's3://lake/wh（oss-cn-hangzhou.aliyuncs.com）'],
  [{ kind: 'presigned', urls: ['https://h/a?sig=1'] }, '1 presigned URL', '1 个预签名 URL'],
  [{ kind: 'presigned', urls: ['https://h/a?sig=1', 'https://h/b?sig=2'] }, '2 presigned URLs', '2 个预签名 URL'],
  [folder('warehouse'), 'folder "warehouse"', '文件夹“warehouse”'],
  [folder('sb-1', 'demo'), 'demo (sandbox)', 'demo（沙盒）'],
  [{ kind: 'files', name: 'picked', files: [] }, 'folder "picked" (read-only copy)', '文件夹“picked”（只读副本）'],
];

describe('connection labels', () => {
  it.each(CASES)('%o: English as before, and Chinese from its message', (spec, english, chinese) => {
    expect(connectionLabel(spec)).toBe(english);
    expect(formatRef(connectionLabelMessage(spec))).toBe(english);
    expect(formatRef(connectionLabelMessage(spec), zh)).toBe(chinese);
  });

  it('never carries a secret or a query string', () => {
    for (const [spec] of CASES) expect(JSON.stringify(connectionLabelMessage(spec))).not.toMatch(/SECRET|AK|sig=|Signature/);
  });
});
