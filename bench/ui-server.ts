/**
 * A static file server for the UI bench (and for trying the app on a generated table): serves a folder
 * over http with CORS, HEAD and byte ranges, plus a generated `index.json` key list at the root — the
 * "public URL" way into the app (plain HTTP cannot list folders). With `--app DIR` it serves the built app
 * instead, as a static host would: files as they are (no compression per request), their content types and
 * the app's security headers, `index.html` for `/`.
 *
 * The bench runs each server in a process of its own (`--print-url`): in the bench's own process its
 * event loop shares time with Playwright's, which receives the Chromium trace while the page loads, and a
 * 4 MB metadata file then took 350–800 ms to arrive over loopback (issue 17).
 *
 *   npx tsx bench/ui-server.ts --root /tmp/uibench --port 8787
 *   npx tsx bench/ui-server.ts --app dist --port 4175
 */
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { SECURITY_HEADERS } from '../src/platform/security-headers.ts';
import { type IncomingMessage, type ServerResponse, createServer, type Server } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { FINISHED_PATH, HARNESS_PATH, RESULT_PATH, harnessPage } from './ui-untraced.ts';

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

/** Content types of the built app's files (a module script must be served as JavaScript). */
const APP_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml',
  '.map': 'application/json', '.txt': 'text/plain; charset=utf-8',
};

/** The path the bench asks a server in another process how many requests it has answered. */
export const REQUESTS_PATH = '__ui-server/requests';

/**
 * Starts the server; resolves when it listens. `app`: serve a built app (content types, security headers,
 * `index.html` for `/`) instead of a warehouse folder with its generated `index.json`.
 */
export async function startStaticServer(rootDir: string, port: number, options: { app?: boolean; latencyMs?: number; indexLatencyMs?: number } = {}): Promise<{ server: Server; url: string; requests: () => number }> {
  const root = resolve(rootDir);
  const index = options.app ? undefined : Buffer.from(JSON.stringify(keyList(root)));
  let requests = 0;
  // The untraced pages (bench/ui-untraced.ts): when each file finished sending; the harness page's last result.
  const finished: { path: string; at: number }[] = [];
  let result = '';
  const server = createServer((req, res) => {
    // A remote host's round trip: each answer starts `latencyMs` after its request (0: loopback as it is);
    // the key list `indexLatencyMs` more (a big warehouse's list, megabytes, arriving after a table's files).
    const delay = (options.latencyMs ?? 0) + (req.url?.split('?')[0] === '/index.json' ? options.indexLatencyMs ?? 0 : 0);
    if (delay) setTimeout(() => answer(req, res), delay);
    else answer(req, res);
  });
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    if (path === REQUESTS_PATH) { res.writeHead(200, { 'Content-Type': 'text/plain' }).end(String(requests)); return; }
    if (harnessCall(path, req, res)) return;
    requests++;
    if (options.app) {
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    } else {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Headers', '*');
      res.setHeader('Access-Control-Expose-Headers', 'Content-Length, Content-Range, ETag');
    }
    if (req.method === 'OPTIONS') { res.writeHead(204).end(); return; }
    if (index && path === 'index.json') { res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': index.length }).end(req.method === 'HEAD' ? undefined : index); return; }
    const file = resolve(root, options.app && path === '' ? 'index.html' : path);
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
    const type = (options.app && APP_TYPES[extname(file)]) || 'application/octet-stream';
    res.writeHead(status, { 'Content-Length': end - start + 1, 'Accept-Ranges': 'bytes', 'Content-Type': type });
    if (req.method === 'HEAD' || size === 0) { res.end(); return; }
    if (req.method === 'GET') res.once('finish', () => finished.push({ path, at: performance.timeOrigin + performance.now() }));
    createReadStream(file, { start, end }).pipe(res);
  };
  /** The untraced pages' calls (no request counted); false for any other path. */
  const harnessCall = (path: string, req: IncomingMessage, res: ServerResponse): boolean => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    if (path === FINISHED_PATH) {
      // The first file whose path ends with `suffix` finished after `after` (ms since the epoch), or nothing.
      const after = Number(q.get('after') ?? 0);
      const hit = finished.find((f) => f.at >= after && f.path.endsWith(q.get('suffix') ?? ''));
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end(hit ? String(hit.at) : '');
    } else if (path === HARNESS_PATH && options.app) {
      // Not the app: served without its CSP (an inline script), from its origin so that it can watch the app's window.
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(harnessPage(q.get('link') ?? '/', Number(q.get('warm-up-ms') ?? 0)));
    } else if (path === RESULT_PATH && options.app) {
      if (req.method === 'POST') {
        let body = '';
        req.on('data', (c: Buffer) => { body += c.toString(); });
        req.on('end', () => { result = body; res.writeHead(204).end(); });
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(result);
        result = '';
      }
    } else {
      return false;
    }
    return true;
  };
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  const addr = server.address();
  const actual = typeof addr === 'object' && addr ? addr.port : port;
  return { server, url: `http://127.0.0.1:${actual}/`, requests: () => requests };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: {
    root: { type: 'string' }, app: { type: 'string' }, port: { type: 'string', default: '8787' }, 'print-url': { type: 'boolean' },
    'latency-ms': { type: 'string', default: '0' }, 'index-latency-ms': { type: 'string', default: '0' },
  } });
  const dir = values.app ?? values.root;
  if (!dir) { console.error('usage: npx tsx bench/ui-server.ts (--root DIR | --app DIST) [--port 8787] [--print-url]'); process.exit(2); }
  const { url } = await startStaticServer(dir, Number(values.port), { app: values.app !== undefined, latencyMs: Number(values['latency-ms']), indexLatencyMs: Number(values['index-latency-ms']) });
  // --print-url: the URL alone on the first line, for the bench that started this process.
  console.log(values['print-url'] ? url : `serving ${dir} at ${url}${values.app ? '' : ' (index.json generated)'}`);
}
