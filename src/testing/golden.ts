/**
 * The one golden loop: every format of the registry (core/api/table-formats.ts) × every fixture with an
 * expected file × every version, read through the common `LakeTable` model and compared in canonical row
 * form. The table model test (golden.test.ts) and the CLI test (src/cli/golden.test.ts) both iterate
 * {@link GOLDEN_FORMATS}; adding a format's fixtures is one line there.
 */
import type { RecordBatch } from 'apache-arrow';
import { canonicalRows, canonicalRowsText } from '../core/arrow/index.ts';
import type { LakeTable, ScanRequest } from '../core/formats/table-format.ts';
import { TABLE_READERS } from '../core/api/table-formats.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { type ExpectedVersion, type Fixture, type FixtureFormat, listFixtures } from './fixtures.ts';

/** What the loop checks of one format beyond rows, versions and columns. */
export interface GoldenFormat {
  readonly format: FixtureFormat;
  /** How many fixtures and versions the shared fixtures hold (so a lost fixture fails, not shrinks the loop). */
  readonly fixtures: number;
  readonly versions: number;
  /**
   * Time travel by each version's own timestamp selects it, and a millisecond earlier the one before
   * (NotFound before the first). Only where versions have distinct timestamps by construction.
   */
  readonly timeTravel?: boolean;
  /**
   * An alternative reading recorded in the expected file beside the rows (e.g. Paimon's
   * `altMergeAllLevels`): the expected key and the scan options that produce it.
   */
  readonly alternative?: { readonly key: string; readonly scan: Record<string, unknown> };
  /** A check of the opened table particular to the format (e.g. Iceberg: the fixtures are re-rooted). */
  readonly checkTable?: (table: LakeTable, fixture: Fixture) => void;
  /** A check after every version read (e.g. Hudi: no read warnings). */
  readonly afterRead?: (table: LakeTable) => void;
}

/** Every format read through the golden loop, one line each. */
export const GOLDEN_FORMATS: readonly GoldenFormat[] = [
  { format: 'iceberg', fixtures: 8, versions: 15, checkTable: (t) => { if (t.relocatedFrom !== t.location) throw new Error(`iceberg fixture not re-rooted: ${t.relocatedFrom}`); } },
  { format: 'paimon', fixtures: 4, versions: 23, alternative: { key: 'altMergeAllLevels', scan: { mergeAllLevels: true } } },
  { format: 'delta', fixtures: 6, versions: 78 },
  { format: 'hudi', fixtures: 4, versions: 19, timeTravel: true, afterRead: (t) => { const w = (t as { readWarnings?: string[] }).readWarnings ?? []; if (w.length) throw new Error(`hudi read warnings: ${w.join('; ')}`); } },
];

/** The fixtures of a golden format. */
export function goldenFixtures(g: GoldenFormat): Fixture[] {
  return listFixtures(g.format);
}

/** Opens a fixture through the registry entry of its format (read-only storage). */
export async function openFixture(fx: Fixture): Promise<LakeTable> {
  const reader = TABLE_READERS[fx.format];
  if (!reader) throw new Error(`no reader registered for ${fx.format}`);
  if (!(await reader.detect(new FsStorage(fx.root, { readOnly: true })))) throw new Error(`${fx.format} does not detect ${fx.root}`);
  return reader.open(new FsStorage(fx.root, { readOnly: true }));
}

/** Every row of a scan of `table`, in canonical form, through plan() and read(). */
export async function readCanonical(table: LakeTable, scan: ScanRequest): Promise<ReturnType<typeof canonicalRows>> {
  const plan = await table.plan(scan);
  const batches: RecordBatch[] = [];
  for (const task of plan.tasks) for await (const b of table.read(task)) batches.push(b);
  return canonicalRows(batches, { columns: plan.columns });
}

/**
 * Why `text` (canonical rows text) is not the expected rows of `v` — their text, or their SHA-256 where
 * the expected file gives only the hash — or undefined when it is.
 */
export async function canonicalMismatch(text: string, v: ExpectedVersion): Promise<string | undefined> {
  if (v.rows) {
    const want = canonicalRowsText(v.rows);
    return text === want ? undefined : `rows differ:\n got ${text.slice(0, 400)}\nwant ${want.slice(0, 400)}`;
  }
  if (!v.rowsSha256) return `expected file gives neither rows nor rowsSha256 for version ${v.id}`;
  const bytes = new TextEncoder().encode(text);
  const digest = Buffer.from(await crypto.subtle.digest('SHA-256', bytes)).toString('hex');
  return digest === v.rowsSha256 ? undefined : `rows hash ${digest}, want ${v.rowsSha256}`;
}

/** Same as {@link canonicalMismatch} for rows already in canonical form, with their count. */
export async function rowsMismatch(rows: ReturnType<typeof canonicalRows>, v: ExpectedVersion): Promise<string | undefined> {
  if (rows.length !== v.rowCount) return `${rows.length} rows, want ${v.rowCount}`;
  return canonicalMismatch(canonicalRowsText(rows), v);
}

/** The fields of a version the loop compares with the expected file. */
export function versionKey(v: { id: string; timestampMs: number; operation: string }): [string, number, string] {
  return [v.id, v.timestampMs, v.operation];
}
