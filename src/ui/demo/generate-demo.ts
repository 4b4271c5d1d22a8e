/**
 * Generates public/demo/: the built-in demo warehouse served by the app's own web server.
 *
 * For now it is an honest placeholder: a folder layout where the demo tables will live, each folder with
 * a PLANNED.txt saying what will be written there, and a README.txt saying that real tables come with
 * Lakescope's own writer. No table markers are faked (no metadata/, _delta_log/…), so the app finds no
 * tables and says so. Plain HTTP cannot list folders, so the script also writes `index.json`, the key
 * list the worker's http storage lists from.
 *
 * Run: npx tsx src/ui/demo/generate-demo.ts   (src/ui/demo/demo-manifest.test.ts checks the result is current)
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEMO_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../public/demo');

export const README = `Lakescope demo warehouse — placeholder
=====================================

This folder is served by Lakescope's own web server (public/demo/) and opened
through plain HTTP with the key list in index.json.

It holds no tables yet. The demo tables will be written by Lakescope's own
Iceberg writer, which has not landed; until then these folders only describe
what will be in them (see each PLANNED.txt). Nothing here is faked to look
like a table, so the explorer correctly reports that it found none.

To explore real tables now, open a local folder or an S3 bucket that holds
Iceberg, Delta Lake, Paimon or Hudi tables.
`;

/** Where the demo tables will be, and what each will show off. */
export const PLANNED: Record<string, string> = {
  'sales/orders': 'Iceberg v2, partitioned by day(order_ts); appends, a delete, a compaction: a timeline with every operation colour.',
  'sales/customers': 'Iceberg v2 with schema evolution (a column added, one renamed) and equality deletes.',
  'events/clicks': 'Iceberg v3 with deletion vectors and a branch plus a tag.',
  'events/sessions': 'Iceberg v2 with partition evolution (month → day).',
};

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

export function generateDemo(dir = DEMO_DIR): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'README.txt'), README);
  for (const [folder, what] of Object.entries(PLANNED)) {
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, 'PLANNED.txt'), `${folder}: not written yet.\n\nWill be: ${what}\n`);
  }
  writeFileSync(join(dir, 'index.json'), `${JSON.stringify(buildManifest(dir), null, 1)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  generateDemo();
  console.log(`demo written to ${DEMO_DIR}`);
}
