/**
 * The URL is the deep link: which warehouse (kind + secret-free location), which table or folder, which
 * tab, which version of the table. Credentials never appear here (connectionLocation only returns secret-free fields, and
 * {@link routeToSearch} drops anything that looks like a secret as a second line of defence).
 */
import type { ConnectionKind } from '../../worker/connection.ts';

const TABS = ['overview', 'tree', 'partitions', 'schema', 'files', 'data', 'raw', 'lsm'] as const;
export type Tab = (typeof TABS)[number];

/** Tabs only some formats have: Paimon's LSM view (src/ui/lsm). */
const FORMAT_ONLY: Partial<Record<Tab, readonly string[]>> = { lsm: ['paimon'] };

/** The tabs a table of `format` shows, in order. */
export function tabsFor(format: string | undefined): readonly Tab[] {
  return TABS.filter((t) => FORMAT_ONLY[t] === undefined || (format !== undefined && FORMAT_ONLY[t]!.includes(format)));
}

export interface Route {
  /** Warehouse kind, absent on the Connect screen. */
  readonly w?: ConnectionKind;
  /** Secret-free location params of the warehouse (url, endpoint, bucket, prefix…). */
  readonly loc: Readonly<Record<string, string>>;
  /** Selected table root (prefix ending in '/'). */
  readonly table?: string;
  /** Selected folder prefix, when no table is selected. */
  readonly folder?: string;
  readonly tab: Tab;
  /** Selected version (snapshot id …) of the table; absent = the current one. */
  readonly version?: string;
}

const KINDS: readonly ConnectionKind[] = ['demo', 'url', 's3', 'presigned', 'folder', 'files'];
const LOC_KEYS = ['url', 'endpoint', 'region', 'bucket', 'prefix', 'pathStyle'] as const;
const SECRET = /secret|token|password|signature|credential|access.?key/i;

export function parseRoute(search: string): Route {
  const q = new URLSearchParams(search);
  const w = q.get('w') as ConnectionKind | null;
  const tab = q.get('tab') as Tab | null;
  const loc: Record<string, string> = {};
  for (const k of LOC_KEYS) { const v = q.get(k); if (v !== null) loc[k] = v; }
  return {
    ...(w && KINDS.includes(w) ? { w } : {}),
    loc,
    ...(q.get('t') ? { table: q.get('t') as string } : {}),
    ...(q.get('f') ? { folder: q.get('f') as string } : {}),
    tab: tab && (TABS as readonly string[]).includes(tab) ? tab : 'overview',
    ...(q.get('t') && q.get('v') ? { version: q.get('v') as string } : {}),
  };
}

/** Search string (with '?', or '' for the Connect screen). Must hold: parseRoute(routeToSearch(r)) equals r. */
export function routeToSearch(r: Route): string {
  if (!r.w) return '';
  const q = new URLSearchParams();
  q.set('w', r.w);
  for (const k of LOC_KEYS) {
    const v = r.loc[k];
    if (v !== undefined && !SECRET.test(v) && !/[?&]X-Amz-/i.test(v)) q.set(k, v);
  }
  if (r.table) q.set('t', r.table);
  else if (r.folder) q.set('f', r.folder);
  if (r.tab !== 'overview' && r.table) q.set('tab', r.tab);
  if (r.table && r.version !== undefined) q.set('v', r.version);
  return `?${q.toString()}`;
}
