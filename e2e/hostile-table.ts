/**
 * A hostile Iceberg table for the e2e (issue 18), written by Lakescope's own Iceberg writer into a temp
 * folder: HTML/JS, `javascript:` links, `</script>`, terminal escapes, bidi overrides and NUL/BEL in the
 * table's folder name, column and partition names, values, a tag name, table properties and snapshot
 * summary properties (one of 100 KB), and a 10 MB value. The table folder name is part of every file path.
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendRows, createTable } from '../src/core/formats/iceberg/commit/index.ts';
import { parseJson, stringifyJson } from '../src/core/util/json.ts';
import { FsStorage } from '../src/platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';

/** U+202E RIGHT-TO-LEFT OVERRIDE: "evil\u202Eexe.live" reads "evil" + "evil.exe" reversed when it renders live. */
export const RLO = '\u202E';
export const PAYLOADS = {
  img: '<img src=x onerror="window.__pwned=1">',
  js: 'javascript:window.__pwned=2',
  script: '</script><script>window.__pwned=3</script>',
  bidi: `evil${RLO}exe.live`,
  escape: '\u001b[31mred\u001b[0m\u0007bell\u0000nul',
  formula: '=HYPERLINK("http://evil.invalid","x")',
} as const;

/** The table folder (and so every file path) carries markup and an override. */
export const TABLE_FOLDER = `tbl<svg onload=window.__pwned=7>${RLO}vsc.exe`; // no "/": it is one folder
export const COLUMN_MARKUP = 'col<img src=x onerror="window.__pwned=4">';
export const COLUMN_BIDI = `name${RLO}fdp.exe`;
export const PARTITION_NAME = `part${RLO}gpj.exe<i>`;
export const TAG_NAME = `tag${RLO}1v<svg onload="window.__pwned=5">`;
export const BIG_PROPERTY = 'big-property';
export const BIG_PROPERTY_SIZE = 100_000;
export const HUGE_VALUE_SIZE = 10 * 1024 * 1024;

/** Writes the table under a fresh temp folder; returns that folder (the warehouse) and the table's path in it. */
export async function buildHostileTable(): Promise<{ warehouse: string; tableDir: string }> {
  installNodeParquetWasm();
  const warehouse = mkdtempSync(join(tmpdir(), 'lakescope-hostile-'));
  const tableDir = join(warehouse, 'hostile', TABLE_FOLDER);
  const storage = new FsStorage(tableDir);
  await createTable(storage, {
    location: `/hostile/${TABLE_FOLDER}`, formatVersion: 2,
    schema: {
      type: 'struct', fields: [
        { id: 1, name: 'id', required: true, type: 'long' },
        { id: 2, name: COLUMN_MARKUP, required: false, type: 'string' },
        { id: 3, name: COLUMN_BIDI, required: false, type: 'string' },
        { id: 4, name: 'region', required: true, type: 'string' },
      ],
    },
    partitionSpec: { fields: [{ name: PARTITION_NAME, transform: 'identity', 'source-id': 4 }] },
    properties: { [`owner${RLO}nimda`]: PAYLOADS.img, comment: PAYLOADS.script },
  });
  const values: string[] = Object.values(PAYLOADS);
  const rows: Record<string, unknown>[] = values.map((v, i) => ({ id: BigInt(i + 1), [COLUMN_MARKUP]: v, [COLUMN_BIDI]: values[(i + 1) % values.length], region: v }));
  rows.push({ id: 100n, [COLUMN_MARKUP]: `huge${'z'.repeat(HUGE_VALUE_SIZE)}`, [COLUMN_BIDI]: PAYLOADS.bidi, region: 'huge' });
  await appendRows(storage, rows, {});
  addSummaryAndTag(join(tableDir, 'metadata'));
  return { warehouse, tableDir };
}

/**
 * The writer records only the summary Iceberg defines; a table written elsewhere may carry any string
 * properties (spec "Snapshots": summary is a string map). Adds hostile ones, a 100 KB one, and a tag.
 */
function addSummaryAndTag(metadataDir: string): void {
  const name = readdirSync(metadataDir).filter((n) => n.endsWith('.metadata.json')).sort().pop()!;
  const path = join(metadataDir, name);
  const doc = parseJson(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const snapshots = doc.snapshots as Record<string, unknown>[];
  const last = snapshots[snapshots.length - 1]!;
  last.summary = {
    ...(last.summary as Record<string, string>),
    [`spark.app.id${RLO}exe.live`]: PAYLOADS.bidi,
    'commit-message<img src=x onerror="window.__pwned=6">': PAYLOADS.escape,
    link: PAYLOADS.js,
    [BIG_PROPERTY]: `start-${'p'.repeat(BIG_PROPERTY_SIZE - 6)}`,
  };
  doc.refs = { ...(doc.refs as Record<string, unknown>), [TAG_NAME]: { 'snapshot-id': last['snapshot-id'], type: 'tag' } };
  writeFileSync(path, stringifyJson(doc));
}
