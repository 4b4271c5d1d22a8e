/**
 * A tiny static http server over a folder for benchmarks and interop (both readers fetch over real HTTP on
 * loopback). Supports GET/HEAD and single byte ranges (`bytes=a-b`, `bytes=-n`); counts requests.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join, normalize } from 'node:path';

export interface ServedFolder {
  readonly url: string;
  readonly server: Server;
  requests: number;
  close(): Promise<void>;
}

/**
 * Small files are answered from memory, as a static host's page cache does: a stream per request (open, read,
 * close on the thread pool, then pipe) cost this server about as much CPU per small GET as the client being
 * measured (~0.2 ms; bench/read-loop.ts' 1,000 one-row files), so the server, not the client, set the pace.
 * An entry is used only while the file's size and mtime are unchanged (benches write tables they serve).
 * `SERVE_NO_CACHE=1` reads every answer from disk again (the A/B of this change; README "Performance").
 */
const CACHED_FILE_BYTES = 1 << 20;
const CACHE_BUDGET = 256 << 20;
const cache = new Map<string, { readonly size: number; readonly mtimeMs: number; readonly bytes: Buffer }>();
let cachedBytes = 0;
async function cachedFile(file: string, s: { size: number; mtimeMs: number }): Promise<Buffer | undefined> {
  const hit = cache.get(file);
  if (hit && hit.size === s.size && hit.mtimeMs === s.mtimeMs) return hit.bytes;
  const bytes = await readFile(file);
  if (bytes.length !== s.size) return undefined; // changed while read: stream it instead
  if (hit) { cache.delete(file); cachedBytes -= hit.size; }
  if (process.env.SERVE_NO_CACHE !== '1' && cachedBytes + bytes.length <= CACHE_BUDGET) { cache.set(file, { size: s.size, mtimeMs: s.mtimeMs, bytes }); cachedBytes += bytes.length; }
  return bytes;
}

/** Serves `root` on 127.0.0.1 at `port` (default: a free port). */
export async function serveFolder(root: string, port = 0): Promise<ServedFolder> {
  const served = { requests: 0 } as ServedFolder & { requests: number };
  const server = createServer(async (req, res) => {
    served.requests++;
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    try {
      const file = join(root, path);
      const s = await stat(file);
      if (!s.isFile()) throw new Error('not a file');
      let start = 0; let end = s.size - 1;
      const range = req.headers.range && /^bytes=(\d*)-(\d*)$/.exec(req.headers.range);
      if (range) {
        if (range[1] === '') { start = Math.max(0, s.size - Number(range[2])); } else { start = Number(range[1]); if (range[2]) end = Math.min(end, Number(range[2])); }
        res.writeHead(206, { 'Content-Length': end - start + 1, 'Content-Range': `bytes ${start}-${end}/${s.size}`, 'Accept-Ranges': 'bytes' });
      } else {
        res.writeHead(200, { 'Content-Length': s.size, 'Accept-Ranges': 'bytes' });
      }
      if (req.method === 'HEAD') { res.end(); return; }
      const whole = s.size <= CACHED_FILE_BYTES ? await cachedFile(file, s) : undefined;
      if (whole) res.end(whole.subarray(start, end + 1));
      else createReadStream(file, { start, end }).pipe(res);
    } catch {
      res.writeHead(404); res.end();
    }
  });
  // A client whose event loop is busy (planning a million entries) wakes late to drop an idle socket; with
  // Node's 5 s keep-alive the server has closed it by then and the client's next request on it fails
  // ("other side closed": icebird, which does not retry, failed so). Keep idle sockets open longer.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  const bound = (server.address() as { port: number }).port;
  return Object.assign(served, {
    url: `http://127.0.0.1:${bound}`, server,
    close: () => new Promise<void>((ok) => { server.closeAllConnections(); server.close(() => ok()); }),
  });
}
