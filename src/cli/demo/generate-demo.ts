/**
 * Generates public/demo/: the built-in demo warehouse served by the app's own web server — four Iceberg
 * tables, one Delta Lake table and one Paimon primary-key table written from scratch by Lakescope's own
 * writers (see demo-readme.ts for what each one shows).
 *
 * The tables are built in memory (fast, and nothing half-written lands in public/demo if a step fails),
 * inside {@link withDemoRuntime} (fixed commit times, seeded ids), then written out; the folder is replaced
 * as a whole. Plain HTTP cannot list folders, so the script also writes `index.json`, the key list the
 * worker's http storage lists from.
 *
 * Run: npx tsx src/cli/demo/generate-demo.ts
 * (src/cli/demo/demo-manifest.test.ts regenerates into a temp folder and checks public/demo is identical.)
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryStorage } from '../../core/io/memory-storage.ts';
import { listAll } from '../../core/io/storage.ts';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { buildClicks, buildSessions } from './demo-events.ts';
import { buildStock } from './demo-inventory.ts';
import { buildShipments } from './demo-logistics.ts';
import { buildStoryDelta, buildStoryIceberg, buildStoryPaimon } from './demo-story.ts';
import { README } from './demo-readme.ts';
import { STORY_TABLES } from '../../core/api/story/story-steps.ts';
import { withDemoRuntime } from './demo-runtime.ts';
import { buildCustomers, buildOrders, type DemoTableContext } from './demo-sales.ts';

export { README } from './demo-readme.ts';

export const DEMO_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../public/demo');

/** The demo tables by folder, in the order they are written. */
export const DEMO_TABLES: Readonly<Record<string, (ctx: DemoTableContext) => Promise<void>>> = {
  'sales/orders': buildOrders,
  'sales/customers': buildCustomers,
  'events/clicks': buildClicks,
  'events/sessions': buildSessions,
};

/** The demo's Delta Lake tables (written by Lakescope's Delta writer), by folder. */
export const DEMO_DELTA_TABLES: Readonly<Record<string, (ctx: DemoTableContext) => Promise<void>>> = {
  'logistics/shipments': buildShipments,
};

/** The demo's Apache Paimon tables (written by Lakescope's Paimon writer), by folder. */
export const DEMO_PAIMON_TABLES: Readonly<Record<string, (ctx: DemoTableContext) => Promise<void>>> = {
  'inventory/stock': buildStock,
};

/** "One story, four formats": the same history written by each of our writers (demo-story.ts), by folder. */
export const DEMO_STORY_TABLES: Readonly<Record<string, (ctx: DemoTableContext) => Promise<void>>> = {
  [STORY_TABLES.iceberg]: buildStoryIceberg,
  [STORY_TABLES.delta]: buildStoryDelta,
  [STORY_TABLES.paimon]: buildStoryPaimon,
};

/** Seed of the demo's ids and UUIDs; change it and every snapshot id and file name changes. */
const DEMO_SEED = 20250301;

/** The location recorded in a demo table's metadata by default: the path the app serves it at. */
const defaultLocation = (table: string): string => `/demo/${table}`;

export interface GenerateOptions {
  /** The `location` to record for a table (default {@link defaultLocation}); e.g. an http URL it is served at. */
  readonly location?: (table: string) => string;
}

/** Builds every demo table; returns each table's files as key → bytes (keys relative to the warehouse). */
export async function buildDemoTables(opts: GenerateOptions = {}): Promise<Map<string, Uint8Array>> {
  installNodeParquetWasm(); // compaction and the overwrite read rows back through the Parquet reader
  const location = opts.location ?? defaultLocation;
  const files = new Map<string, Uint8Array>();
  await withDemoRuntime(DEMO_SEED, '2025-03-01T00:00:00Z', async (clock) => {
    for (const [table, build] of [...Object.entries(DEMO_TABLES), ...Object.entries(DEMO_DELTA_TABLES), ...Object.entries(DEMO_PAIMON_TABLES), ...Object.entries(DEMO_STORY_TABLES)]) {
      const storage = new MemoryStorage(`demo ${table}`);
      await build({ storage, location: location(table), clock });
      for await (const o of listAll(storage)) files.set(`${table}/${o.key}`, await storage.read(o.key));
    }
  });
  return files;
}

/** Every file under `dir` (except index.json) as a sorted key list with sizes. */
export function buildManifest(dir: string): { version: 1; files: { key: string; size: number }[] } {
  const files: { key: string; size: number }[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const key = relative(dir, p).split('\\').join('/');
        if (key !== 'index.json') files.push({ key, size: statSync(p).size });
      }
    }
  };
  walk(dir);
  files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { version: 1, files };
}

/** Replaces `dir` with a freshly generated demo warehouse: the tables, README.txt and index.json. */
export async function generateDemo(dir = DEMO_DIR, opts: GenerateOptions = {}): Promise<void> {
  const files = await buildDemoTables(opts);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'README.txt'), README);
  for (const [key, bytes] of files) {
    mkdirSync(dirname(join(dir, key)), { recursive: true });
    writeFileSync(join(dir, key), bytes);
  }
  writeFileSync(join(dir, 'index.json'), `${JSON.stringify(buildManifest(dir), null, 1)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t = performance.now();
  await generateDemo();
  const m = buildManifest(DEMO_DIR);
  const kb = m.files.reduce((n, f) => n + f.size, 0) / 1024;
  console.log(`demo written to ${DEMO_DIR}: ${m.files.length} files, ${kb.toFixed(0)} KiB, in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
