/**
 * A static HTTP server over a local folder, read-only and WITHOUT listings (a directory is 404), as a
 * plain web server or CDN serves a table: GET and HEAD with byte ranges (`bytes=a-b`, `bytes=a-`,
 * `bytes=-n`, RFC 9110 §14). On 127.0.0.1 and an ephemeral port; for tests only.
 */
import { createReadStream, statSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve, sep } from 'node:path';

export interface StaticServer {
  /** `http://127.0.0.1:<port>` (no trailing slash): `${url}/a/b` serves `<root>/a/b`. */
  readonly url: string;
  /** Requests answered so far, by method. */
  readonly requests: Record<string, number>;
  close(): Promise<void>;
}

/** Starts serving `root`. */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const base = resolve(root);
  const requests: Record<string, number> = {};
  const server: Server = createServer((req, res) => {
    const method = req.method ?? 'GET';
    requests[method] = (requests[method] ?? 0) + 1;
    if (method !== 'GET' && method !== 'HEAD') { res.writeHead(405).end(); return; }
    let file: string;
    try {
      file = resolve(join(base, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    } catch {
      res.writeHead(400).end(); return;
    }
    const st = (file === base || file.startsWith(base + sep)) ? statSync(file, { throwIfNoEntry: false }) : undefined;
    if (!st || !st.isFile()) { res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'); return; }
    const size = st.size;
    const m = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    let start = 0; let end = size - 1; let status = 200;
    if (m && (m[1] !== '' || m[2] !== '')) {
      if (m[1] === '') { start = Math.max(0, size - Number(m[2])); } else { start = Number(m[1]); if (m[2] !== '') end = Math.min(end, Number(m[2])); }
      if (start >= size) { res.writeHead(416, { 'content-range': `bytes */${size}` }).end(); return; }
      status = 206;
    }
    const headers: Record<string, string | number> = { 'content-length': end - start + 1, 'accept-ranges': 'bytes', 'last-modified': st.mtime.toUTCString() };
    if (status === 206) headers['content-range'] = `bytes ${start}-${end}/${size}`;
    res.writeHead(status, headers);
    if (method === 'HEAD' || size === 0) { res.end(); return; }
    createReadStream(file, { start, end }).pipe(res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((ok) => { server.closeAllConnections(); server.close(() => ok()); }),
  };
}
