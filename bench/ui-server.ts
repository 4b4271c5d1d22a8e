/**
 * A static file server for the UI bench (and for trying the app on a generated table): serves a folder
 * over http with CORS, HEAD and byte ranges, plus a generated `index.json` key list at the root — the
 * "public URL" way into the app (plain HTTP cannot list folders).
 *
 *   npx tsx bench/ui-server.ts --root /tmp/uibench --port 8787
 */
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** Every file under `root` as `{key, size}` (keys with '/'), sorted. */
function keyList(root: string): { version: 1; files: { key: string; size: number }[] } {
  const files: { key: string; size: number }[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && e.name !== 'index.json') files.push({ key: relative(root, p).split(sep).join('/'), size: statSync(p).size });
    }
  };
  walk(root);
  files.sort((a, b) => (a.key < b.key ? -1 : 1));
  return { version: 1, files };
}

/** Starts the server; resolves when it listens. */
export async function startStaticServer(rootDir: string, port: number): Promise<{ server: Server; url: string; requests: () => number }> {
  const root = resolve(rootDir);
  const index = Buffer.from(JSON.stringify(keyList(root)));
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Expose-Headers', 'Content-Length, Content-Range, ETag');
    if (req.method === 'OPTIONS') { res.writeHead(204).end(); return; }
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    if (path === 'index.json') { res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': index.length }).end(req.method === 'HEAD' ? undefined : index); return; }
    const file = resolve(root, path);
    let size: number;
    try {
      if (!file.startsWith(root + sep)) throw new Error('outside');
      const st = statSync(file);
      if (!st.isFile()) throw new Error('not a file');
      size = st.size;
    } catch {
      res.writeHead(404).end();
      return;
    }
    const m = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    let start = 0; let end = size - 1; let status = 200;
    if (m) {
      if (m[1] === '') { start = Math.max(0, size - Number(m[2])); } else { start = Number(m[1]); if (m[2] !== '') end = Math.min(size - 1, Number(m[2])); }
      if (start > end || start >= size) { res.writeHead(416, { 'Content-Range': `bytes */${size}` }).end(); return; }
      status = 206;
      res.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
    }
    res.writeHead(status, { 'Content-Length': end - start + 1, 'Accept-Ranges': 'bytes', 'Content-Type': 'application/octet-stream' });
    if (req.method === 'HEAD' || size === 0) { res.end(); return; }
    createReadStream(file, { start, end }).pipe(res);
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  const addr = server.address();
  const actual = typeof addr === 'object' && addr ? addr.port : port;
  return { server, url: `http://127.0.0.1:${actual}/`, requests: () => requests };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { root: { type: 'string' }, port: { type: 'string', default: '8787' } } });
  if (!values.root) { console.error('usage: npx tsx bench/ui-server.ts --root DIR [--port 8787]'); process.exit(2); }
  const { url } = await startStaticServer(values.root, Number(values.port));
  console.log(`serving ${values.root} at ${url} (index.json generated)`);
}
