/**
 * Helpers for the Iceberg write tests: copies of the shared fixtures (into memory or a temp folder — never
 * writing into the fixtures), reading a table back through the project's own read path (or a metadata
 * file of it), and the canonical row form of fixtures/expected/README.md so results compare with the
 * expected files.
 */
import { mkdtemp, readdir, readFile, cp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { MemoryStorage } from '../core/io/memory-storage.ts';
import { listAll, type Storage } from '../core/io/storage.ts';
import { loadTableState, stateOf, type TableState } from '../core/formats/iceberg/commit/table-state.ts';
import type { JsonDoc } from '../core/formats/iceberg/commit/table-update.ts';
import { listMetadataFiles, readMetadataDocument } from '../core/formats/iceberg/io/metadata-files.ts';
import { isLakeError } from '../core/errors.ts';
import { readAllEntries } from '../core/formats/iceberg/commit/snapshot-files.ts';
import { formatDate, formatDecimal } from '../core/expr/literal.ts';
import { openIcebergTable, type IcebergTable } from '../core/formats/iceberg/table.ts';
import { batchRows } from '../core/formats/iceberg/commit/arrow-rows.ts';
import type { IcebergType, NestedField } from '../core/formats/iceberg/spec/types.ts';
import { findSchema } from '../core/formats/iceberg/spec/table-metadata.ts';
import { toHex } from '../core/util/bytes.ts';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';

installNodeParquetWasm(); // the read path decodes Parquet with parquet-wasm

/** Every file under `dir`, as keys relative to it ('/'-separated). */
export async function listTree(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  await walk(dir);
  return out.sort();
}

/** A MemoryStorage holding a copy of the folder at `root`. */
export async function memoryCopy(root: string): Promise<MemoryStorage> {
  const storage = new MemoryStorage(`memory copy of ${root}`);
  for (const key of await listTree(root)) await storage.write(key, new Uint8Array(await readFile(join(root, key))));
  return storage;
}

/** A fresh temp folder holding a copy of `root`; `cleanup` removes it. */
export async function tempCopy(root: string): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'lakescope-iceberg-'));
  await cp(root, dir, { recursive: true });
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A fresh empty temp folder. */
export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'lakescope-iceberg-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Options of {@link readRows}. */
export interface ReadRowsOptions {
  /** A snapshot id or ref name (default: current). */
  readonly version?: string;
  /** Read as of this metadata file key instead of the current one. */
  readonly metadataKey?: string;
}

/** All live rows of the table (or a version of it) in canonical form, sorted as the expected files are. */
export async function readRows(storage: Storage, opts: ReadRowsOptions = {}): Promise<unknown[]> {
  const table = await openIcebergTable(storage, opts.metadataKey ? { metadataPath: opts.metadataKey } : {});
  return readTableRows(table, opts.version);
}

/** Canonical, sorted rows of one version of an open table. */
export async function readTableRows(table: IcebergTable, version?: string): Promise<unknown[]> {
  if (version === undefined && table.metadata.currentSnapshotId === undefined) return []; // an empty table
  const plan = await table.planScan(version ? { version } : {});
  const schema = findSchema(table.metadata, plan.schemaId)!;
  const fields = plan.columns.map((c) => schema.fields.find((f) => f.name === c)!);
  const rows: unknown[] = [];
  for (const task of plan.tasks) {
    for await (const batch of table.read(task)) {
      for (const r of batchRows(batch, fields)) rows.push(canonicalRow(fields, r));
    }
  }
  return sortRows(rows);
}

/** Sorted by JSON text (README: "rows are sorted by their JSON.stringify string"). */
export function sortRows(rows: unknown[]): unknown[] {
  return rows.map((r) => [JSON.stringify(r), r] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map((x) => x[1]);
}

/** One writer/reader row (internal values) in the canonical form of the expected files. */
function canonicalRow(fields: readonly NestedField[], row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f.name] = canonicalValue(f.type, row[f.name]);
  return out;
}

function canonicalValue(t: IcebergType, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (t.kind) {
    case 'struct': return canonicalRow(t.fields, v as Record<string, unknown>);
    case 'list': return (v as unknown[]).map((x) => canonicalValue(t.element, x));
    case 'map': return (v as { key: unknown; value: unknown }[]).map((e) => ({ key: canonicalValue(t.key, e.key), value: canonicalValue(t.value, e.value) }));
    case 'int': case 'long': case 'time': {
      const n = BigInt(v as bigint | number);
      return n > -(2n ** 53n) && n < 2n ** 53n ? Number(n) : String(n);
    }
    // NaN and ±Infinity as the README's row form writes them (text, not JSON's null); -0.0 as 0.
    case 'float': return nonFinite(v as number) ?? shortestFloat32(v as number);
    case 'double': return nonFinite(v as number) ?? ((v as number) === 0 ? 0 : v);
    case 'decimal': return formatDecimal(BigInt(v as bigint), t.scale);
    case 'date': return formatDate(v as number);
    case 'timestamp': case 'timestamptz': return isoMicros(BigInt(v as bigint));
    case 'timestamp_ns': case 'timestamptz_ns': {
      const ns = BigInt(v as bigint);
      return isoMicros(ns >= 0n ? ns / 1000n : -((-ns + 999n) / 1000n));
    }
    case 'binary': case 'fixed': return toHex(v as Uint8Array);
    default: return v;
  }
}

function nonFinite(x: number): string | undefined {
  return Number.isNaN(x) ? 'NaN' : x === Infinity ? 'Infinity' : x === -Infinity ? '-Infinity' : undefined;
}

function shortestFloat32(x: number): number {
  if (!Number.isFinite(x)) return x;
  for (let p = 1; p <= 17; p++) {
    const y = Number(x.toPrecision(p));
    if (Math.fround(y) === x) return y;
  }
  return x;
}

function isoMicros(us: bigint): string {
  const ms = us >= 0n ? us / 1000n : -((-us + 999n) / 1000n);
  const frac = us - ms * 1000n;
  const iso = new Date(Number(ms)).toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ
  return `${iso.slice(0, 23)}${String(frac).padStart(3, '0')}Z`;
}

/**
 * Checks that every file the current metadata references exists and parses: every snapshot's manifest
 * list, every manifest, and every live data/delete file with its recorded size. Returns the storage keys
 * referenced (metadata files of the log included). Throws on the first problem.
 */
export async function checkIntegrity(storage: Storage): Promise<{ state: TableState; referenced: Set<string> }> {
  const state = await newestReadableState(storage);
  const referenced = new Set<string>([state.key]);
  for (const e of state.metadata.metadataLog) {
    const k = state.relocation.tryKey(e.metadataFile);
    if (k) referenced.add(k);
  }
  for (const snap of state.metadata.snapshots) {
    if (snap.manifestList) referenced.add(state.relocation.toKey(snap.manifestList));
    for (const { manifest, entries } of await readAllEntries(state, snap)) {
      referenced.add(state.relocation.toKey(manifest.path));
      for (const e of entries) {
        if (e.status === 'deleted') continue;
        const key = state.relocation.toKey(e.dataFile.filePath);
        if (referenced.has(key)) continue; // each distinct file is checked once
        const info = await storage.head(key);
        if (BigInt(info.size) !== e.dataFile.fileSizeInBytes) throw new Error(`${key}: size ${info.size} but manifest says ${e.dataFile.fileSizeInBytes}`);
        referenced.add(key);
      }
    }
  }
  return { state, referenced };
}

/**
 * The state readers see: the newest metadata file that parses (a crash may leave a torn newest file,
 * which writers refuse to build past — loadTableState throws — but readers skip with a warning).
 */
async function newestReadableState(storage: Storage): Promise<TableState> {
  try {
    return await loadTableState(storage);
  } catch (e) {
    if (!isLakeError(e, 'DataInvalid')) throw e;
    const files = await listMetadataFiles(storage);
    for (let i = files.length - 1; i >= 0; i--) {
      const doc = await readMetadataDocument(storage, files[i].key).catch(() => undefined);
      if (doc) return stateOf(storage, files[i], doc.json as JsonDoc, doc.metadata, { highestVersion: files[i].version, hasVersionHint: true });
    }
    throw e;
  }
}

/** Every key of a storage with its bytes (to compare before/after). */
export async function snapshotStorage(storage: Storage): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  for await (const o of listAll(storage)) out.set(o.key, await storage.read(o.key));
  return out;
}

/** A small events table for write tests. */
export const EVENTS_SCHEMA = {
  type: 'struct', fields: [
    { id: 1, name: 'id', required: true, type: 'long' },
    { id: 2, name: 'category', required: false, type: 'string' },
    { id: 3, name: 'ts', required: false, type: 'timestamptz' },
    { id: 4, name: 'amount', required: false, type: 'decimal(12,2)' },
    { id: 5, name: 'tags', required: false, type: { type: 'list', 'element-id': 6, element: 'string', 'element-required': false } },
  ],
};
/** One day in microseconds. */
const DAY = 86_400_000_000n;

/** `n` event rows with ids from `from` (three days, two categories, decimals, some null lists). */
export function events(from: number, n: number, category = (i: number) => (i % 2 ? 'odd' : 'even')): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    return { id: BigInt(i), category: category(i), ts: 1_700_000_000_000_000n + BigInt(i % 3) * DAY, amount: BigInt(i * 101), tags: i % 5 === 0 ? null : [`t${i % 3}`] };
  });
}


/**
 * Serves a folder over HTTP on 127.0.0.1 (GET/HEAD with single byte ranges), for readers that only fetch
 * (icebird). Returns the base URL (no trailing slash) and a close function.
 */
export async function serveFolder(dir: string): Promise<{ url: string; close: () => Promise<void>; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(`${req.method} ${path}${req.headers.range ? ` ${req.headers.range}` : ''}`);
    const file = join(dir, ...path.split('/').filter((p) => p && p !== '..'));
    readFile(file).then((body) => {
      const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      res.setHeader('accept-ranges', 'bytes');
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(body.length - 1, range[2] ? Number(range[2]) : body.length - 1);
        res.writeHead(206, { 'content-range': `bytes ${start}-${end}/${body.length}`, 'content-length': end - start + 1 });
        res.end(req.method === 'HEAD' ? undefined : body.subarray(start, end + 1));
      } else {
        res.writeHead(200, { 'content-length': body.length });
        res.end(req.method === 'HEAD' ? undefined : body);
      }
    }, () => {
      res.writeHead(404);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
