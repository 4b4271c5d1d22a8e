/**
 * The 84 Delta golden tables delta-kernel-rs tests itself against (../shared/fixtures/delta-golden,
 * SOURCES.md there): the latest snapshot of every table kernel checks against `expected/` reads equal to
 * those rows (as a multiset); every table kernel expects to fail fails with a clear LakeError; the tables
 * kernel skips either read equal to `expected/` or fail with a LakeError — never a silently wrong answer.
 * Tables without `expected/` must open and read, or fail with a LakeError. A summary line is printed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordBatch } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows } from '../../arrow/index.ts';
import { readParquetTable } from '../../codecs/parquet/index.ts';
import { isLakeError } from '../../errors.ts';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../testing/fixtures.ts';
import { openDeltaTable } from './index.ts';
import { readRows } from './test-support.test-helper.ts';

const DIR = join(FIXTURES_DIR, 'delta-golden');
const PRESENT = FIXTURES_PRESENT && existsSync(DIR);
const tables = PRESENT ? readdirSync(DIR).filter((n) => !n.endsWith('.md')).sort() : [];

/** What delta-kernel-rs asserts (SOURCES.md). */
const MUST_FAIL = new Map<string, RegExp>([
  ['deltalog-invalid-protocol-version', /^delta protocol: the table needs reader version 99/],
  ['deltalog-state-reconstruction-from-checkpoint-missing-metadata', /^delta log: no metaData action in checkpoint 10/],
  ['deltalog-state-reconstruction-from-checkpoint-missing-protocol', /^delta log: no protocol action in checkpoint 10/],
  ['deltalog-state-reconstruction-without-metadata', /^delta log: no metaData action/],
  ['deltalog-state-reconstruction-without-protocol', /^delta log: no protocol action/],
  ['no-delta-log-folder', /^delta table: no commit or checkpoint in _delta_log\/.*not a Delta table/],
  ['versions-not-contiguous', /^delta log: versions are not contiguous: commit 1 is missing/],
]);
const KERNEL_SKIPS = new Set([
  'parquet-all-types', 'parquet-all-types-legacy-format', 'canonicalized-paths-normal-a', 'canonicalized-paths-normal-b',
  'canonicalized-paths-special-a', 'canonicalized-paths-special-b', 'delete-re-add-same-file-different-transactions',
  'log-replay-special-characters-b', 'hive', 'data-skipping-basic-stats-all-types-columnmapping-id',
]);

const outcome = { pass: 0, failAsExpected: 0, kernelSkipRead: 0, kernelSkipError: 0, noExpectedRead: 0, noExpectedError: 0 };

beforeAll(() => installNodeParquetWasm());
afterAll(() => { if (PRESENT) console.log(`delta-golden: ${JSON.stringify(outcome)}`); });

/** A row as comparable text: top-level keys sorted (expected files may order columns differently). */
function rowText(r: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.keys(r).sort().map((k) => [k, r[k]])));
}

async function expectedRows(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const name of readdirSync(d, { withFileTypes: true })) {
      if (name.isDirectory()) await walk(join(d, name.name));
      else if (name.name.endsWith('.parquet') && !name.name.startsWith('.')) {
        const batches = await readParquetTable(new Uint8Array(readFileSync(join(d, name.name))));
        for (const r of canonicalRows(batches as RecordBatch[])) out.push(rowText(r));
      }
    }
  };
  await walk(dir);
  return out.sort();
}

async function ourRows(root: string): Promise<string[]> {
  const table = await openDeltaTable(new FsStorage(root, { readOnly: true }));
  return (await readRows(table)).map(rowText).sort();
}

describe.skipIf(!PRESENT)('delta-golden: the tables delta-kernel-rs checks', () => {
  if (!PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  it('finds the 84 golden tables', () => expect(tables).toHaveLength(84));
  for (const name of tables) {
    const dir = join(DIR, name);
    const root = existsSync(join(dir, 'delta')) ? join(dir, 'delta') : dir;
    const expectedDir = join(dir, 'expected');
    if (MUST_FAIL.has(name)) {
      it(`${name}: fails with a clear LakeError saying why`, async () => {
        const e = await ourRows(root).then(() => undefined, (x: unknown) => x);
        expect(isLakeError(e), String(e)).toBe(true);
        expect((e as Error).message).toMatch(MUST_FAIL.get(name)!);
        outcome.failAsExpected++;
      });
    } else if (!existsSync(expectedDir)) {
      it(`${name} (no expected/): reads, or fails with a LakeError`, async () => {
        try {
          await ourRows(root);
          outcome.noExpectedRead++;
        } catch (e) {
          expect(isLakeError(e), String(e)).toBe(true);
          outcome.noExpectedError++;
        }
      });
    } else if (KERNEL_SKIPS.has(name)) {
      it(`${name} (skipped by kernel): equals expected/, or fails with a LakeError`, async () => {
        const want = await expectedRows(expectedDir);
        let got: string[];
        try {
          got = await ourRows(root);
        } catch (e) {
          expect(isLakeError(e), String(e)).toBe(true);
          outcome.kernelSkipError++;
          return;
        }
        expect(got).toEqual(want);
        outcome.kernelSkipRead++;
      });
    } else {
      it(`${name}: latest snapshot equals expected/`, async () => {
        const [got, want] = [await ourRows(root), await expectedRows(expectedDir)];
        expect(got).toEqual(want);
        outcome.pass++;
      }, 300_000); // parquet-decimal-dictionaries holds a million rows
    }
  }
});
