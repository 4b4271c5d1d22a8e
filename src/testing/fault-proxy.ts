/**
 * A loopback HTTP proxy for tests that puts the faults of real networks and busy buckets in front of the
 * S3 gateway (Ceph itself never throttles or cuts a body): 503 SlowDown / 500 for the next N requests,
 * bodies cut off mid-way (connection reset), bodies shorter than their Content-Length (clean close),
 * ranges answered with 200 + the whole object, an action run before a request (e.g. replace the object),
 * and stalls that never answer. SigV4 signs the Host header, so clients sign for the proxy's own address
 * and the proxy forwards every header unchanged (Host included): only the socket's destination differs.
 * Node only.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One kind of fault. */
export type ProxyFault =
  | { readonly kind: 'status'; readonly status: 500 | 503 | 429; readonly s3Code?: string }
  /** Forward, but reset the connection after `fraction` of the body (default 0.5). */
  | { readonly kind: 'cut'; readonly fraction?: number }
  /** Forward, but close cleanly after `fraction` of the body, leaving it shorter than Content-Length. */
  | { readonly kind: 'short'; readonly fraction?: number }
  /** Drop the Range header: the gateway answers 200 with the whole object. */
  | { readonly kind: 'range-200' }
  /** Run `action` with the request path (e.g. overwrite that object on the gateway) before forwarding. */
  | { readonly kind: 'before'; readonly action: (path: string) => Promise<void> }
  /** Never answer (until the client gives up). */
  | { readonly kind: 'stall' };

/** A fault for the requests it matches. */
export interface ProxyRule {
  readonly fault: ProxyFault;
  /** Only requests with this method (default: any). */
  readonly method?: string;
  /** Only requests whose path (without query) matches. */
  readonly path?: RegExp;
  /** Only requests that carry a Range header (true) or do not (false). */
  readonly ranged?: boolean;
  /** How many matching requests it hits (default 1). */
  readonly times?: number;
}

interface Armed { readonly rule: ProxyRule; left: number }

/** A running proxy; `endpoint` is what clients use instead of the gateway's. */
export interface FaultProxy {
  readonly endpoint: string;
  /** Requests seen, and faults injected, since start. */
  readonly stats: { requests: number; injected: number };
  add(rule: ProxyRule): void;
  /** Disarms every rule not yet used up. */
  clear(): void;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 (a free port) forwarding to `upstream` (`http://host:port`). */
export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const target = new URL(upstream);
  const rules: Armed[] = [];
  const sockets = new Set<Socket>();
  const stats = { requests: 0, injected: 0 };
  const take = (req: IncomingMessage): ProxyFault | undefined => {
    const path = (req.url ?? '').replace(/\?.*$/, '');
    const armed = rules.find(({ rule, left }) => left > 0
      && (!rule.method || rule.method === req.method)
      && (!rule.path || rule.path.test(path))
      && (rule.ranged === undefined || rule.ranged === !!req.headers.range));
    if (!armed) return undefined;
    armed.left--;
    stats.injected++;
    return armed.rule.fault;
  };
  const server: Server = createServer((req, res) => {
    stats.requests++;
    void handle(req, res, take(req), target).catch(() => res.destroy());
  });
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stats,
    add: (rule) => { rules.push({ rule, left: rule.times ?? 1 }); },
    clear: () => { rules.length = 0; },
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, fault: ProxyFault | undefined, target: URL): Promise<void> {
  if (fault?.kind === 'stall') {
    req.resume();
    return; // never answers; the socket is destroyed when the client aborts or the proxy closes
  }
  if (fault?.kind === 'status') {
    req.resume();
    const code = fault.s3Code ?? (fault.status === 503 ? 'SlowDown' : fault.status === 500 ? 'InternalError' : 'TooManyRequests');
    const body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>injected by the fault proxy</Message></Error>`;
    res.writeHead(fault.status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
    res.end(body);
    return;
  }
  if (fault?.kind === 'before') await fault.action(decodeURIComponent((req.url ?? '').replace(/\?.*$/, '')));
  const headers = { ...req.headers };
  // The Range header is not among the SigV4-signed headers aws4fetch sends (it signs host and x-amz-*),
  // so removing it keeps the signature valid — as a misbehaving middlebox would.
  if (fault?.kind === 'range-200') delete headers.range;
  const up = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (upRes) => {
    const total = Number(upRes.headers['content-length'] ?? NaN);
    res.writeHead(upRes.statusCode ?? 502, upRes.headers);
    if ((fault?.kind === 'cut' || fault?.kind === 'short') && Number.isFinite(total) && total > 0) {
      const limit = Math.max(1, Math.floor(total * (fault.fraction ?? 0.5)));
      let sent = 0;
      upRes.on('data', (chunk: Buffer) => {
        if (sent >= limit) return;
        const part = chunk.subarray(0, limit - sent);
        sent += part.length;
        res.write(part);
        if (sent >= limit) {
          upRes.destroy();
          if (fault.kind === 'cut') res.socket?.resetAndDestroy();
          else res.socket?.end();
        }
      });
      return;
    }
    upRes.pipe(res);
  });
  up.on('error', () => res.destroy());
  req.pipe(up);
}
