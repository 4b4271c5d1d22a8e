/**
 * The URL is the deep link: which warehouse (kind + secret-free location), which table or folder, which
 * tab, which version of the table, the Data tab's filter and chosen columns, an open diff of two
 * versions with its row filters, and the Query tab's SQL. Credentials never appear here (connectionLocation only returns secret-free fields, and
 * {@link routeToSearch} drops anything that looks like a secret as a second line of defence).
 */
import type { ConnectionKind } from '../../worker/connection.ts';

export const TABS = ['overview', 'tree', 'partitions', 'schema', 'files', 'data', 'query', 'raw', 'lsm', 'health'] as const;
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
  /** The Data tab's row filter (the `--where` syntax), when one is applied. */
  readonly where?: string;
  /** The Data tab's chosen columns, in table order; absent = all. */
  readonly cols?: readonly string[];
  /** The diff of two versions (issue 15) open in place of the tabs' content, with its row filters. */
  readonly diff?: DiffRoute;
  /**
   * The Query tab's SQL (issue 16), so a link reruns the same question; absent = the tab's example. With a
   * table, or on the warehouse's own Query tab (`tab` = query, no table or folder).
   */
  readonly sql?: string;
  /** The story page (issue 20, "One story, four formats") in place of the warehouse home; no table or folder. */
  readonly story?: true;
}

/** Kinds of row change the diff page filters by. */
export const DIFF_KINDS = ['added', 'removed', 'changed'] as const;
export type DiffKind = (typeof DIFF_KINDS)[number];

/** Two versions (ids, branch or tag names) and the row view's filters; absent filter = all. */
export interface DiffRoute {
  readonly from: string;
  readonly to: string;
  readonly kind?: DiffKind;
  readonly partition?: string;
  readonly column?: string;
  /**
   * Key columns the user picked to pair removed and added rows into changed ones (a table without its own
   * key: Delta, Iceberg without identifier fields); absent = the table's key, if any.
   */
  readonly key?: readonly string[];
  /** `changes`: the change log between the two versions (`changes(a, b)`) in place of the row diff. */
  readonly mode?: 'changes';
}

function parseDiff(q: URLSearchParams): DiffRoute | undefined {
  const from = q.get('da'); const to = q.get('db');
  if (!q.get('t') || !from || !to) return undefined;
  const kind = q.get('dk') as DiffKind | null;
  const partition = q.get('dp'); const column = q.get('dc');
  return {
    from, to,
    ...(kind && DIFF_KINDS.includes(kind) ? { kind } : {}),
    // '' is a real partition (unpartitioned tables), so only a missing parameter means "all".
    ...(partition !== null ? { partition } : {}),
    ...(column ? { column } : {}),
    ...(q.get('dm') === 'changes' ? { mode: 'changes' as const } : {}),
    ...(q.getAll('dkey').filter(Boolean).length > 0 ? { key: q.getAll('dkey').filter(Boolean) } : {}),
  };
}

const KINDS: readonly ConnectionKind[] = ['demo', 'url', 's3', 'presigned', 'folder', 'files'];
// `sandbox`: the name of a sandbox folder (issue 20), so a reload reopens it (ui/sandbox/sandbox-resume.ts).
const LOC_KEYS = ['url', 'endpoint', 'region', 'bucket', 'prefix', 'pathStyle', 'sandbox'] as const;
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
    ...(q.get('t') && q.get('where') ? { where: q.get('where') as string } : {}),
    ...(q.get('t') && q.getAll('col').length > 0 ? { cols: q.getAll('col') } : {}),
    ...(parseDiff(q) ? { diff: parseDiff(q) } : {}),
    ...((q.get('t') || (tab === 'query' && !q.get('f'))) && q.get('sql') ? { sql: q.get('sql') as string } : {}),
    ...(!q.get('t') && !q.get('f') && q.get('story') === '1' ? { story: true as const } : {}),
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
  // The Query tab also exists on the warehouse itself (no table, no folder): SQL over all its tables.
  const warehouseQuery = !r.table && !r.folder && r.tab === 'query';
  if (r.tab !== 'overview' && (r.table || warehouseQuery)) q.set('tab', r.tab);
  if (r.table && r.version !== undefined) q.set('v', r.version);
  if (r.table && r.where) q.set('where', r.where);
  if (r.table) for (const c of r.cols ?? []) q.append('col', c);
  if (r.table && r.diff) {
    q.set('da', r.diff.from); q.set('db', r.diff.to);
    if (r.diff.mode) q.set('dm', r.diff.mode);
    if (r.diff.kind) q.set('dk', r.diff.kind);
    if (r.diff.partition !== undefined) q.set('dp', r.diff.partition);
    if (r.diff.column) q.set('dc', r.diff.column);
    // One parameter per column: a column name may hold a comma.
    for (const k of r.diff.key ?? []) q.append('dkey', k);
  }
  if ((r.table || warehouseQuery) && r.sql) q.set('sql', r.sql);
  if (!r.table && !r.folder && r.story) q.set('story', '1');
  return `?${q.toString()}`;
}
