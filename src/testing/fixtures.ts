/**
 * Locating the shared, read-only fixtures (../shared/fixtures beside the checkout, or
 * $LAKESCOPE_FIXTURES). Tests must skip with a clear message where they are absent, and must never
 * write into them or copy them into the project.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseJson } from '../core/util/json.ts';

/** Repository root (two levels above src/testing). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Absolute path of the fixtures folder, from $LAKESCOPE_FIXTURES or ../shared/fixtures. */
export const FIXTURES_DIR = resolve(process.env.LAKESCOPE_FIXTURES ?? join(REPO_ROOT, '../shared/fixtures'));

/** True when the fixtures folder with its expected results is present. */
export const FIXTURES_PRESENT = existsSync(join(FIXTURES_DIR, 'expected'));

/** The message tests print when they skip for want of fixtures. */
export const FIXTURES_SKIP_REASON =
  `fixtures not found at ${FIXTURES_DIR}: set LAKESCOPE_FIXTURES or place the shared fixtures at ../shared/fixtures`;

export type FixtureFormat = 'iceberg' | 'paimon' | 'delta' | 'hudi';

/** One version of a fixture's expected file (see fixtures/expected/README.md). */
export interface ExpectedVersion {
  id: string;
  timestampMs: number;
  operation: string;
  rowCount: number;
  rows?: unknown[];
  rowsSha256?: string;
  rowsDescription?: string;
  altMergeAllLevels?: unknown;
}

export interface ExpectedFixture {
  format: FixtureFormat;
  table: string;
  versions: ExpectedVersion[];
  current: string;
  columns: string[];
  provenance?: string;
  confidence?: string;
  notes?: string;
}

export interface Fixture {
  /** `<format>/<name>` */
  name: string;
  format: FixtureFormat;
  /** Absolute path of the table root (delta/dv-partitioned-with-checkpoint: its delta/ subfolder). */
  root: string;
  expected: ExpectedFixture;
}

/** Every fixture of a format that has an expected file, sorted by name. Empty when fixtures are absent. */
export function listFixtures(format: FixtureFormat): Fixture[] {
  if (!FIXTURES_PRESENT) return [];
  const dir = join(FIXTURES_DIR, 'expected');
  return readdirSync(dir)
    .filter((f) => f.startsWith(`${format}__`) && f.endsWith('.json'))
    .sort()
    .map((f) => {
      const expected = JSON.parse(readFileSync(join(dir, f), 'utf8')) as ExpectedFixture;
      let root = join(FIXTURES_DIR, expected.table);
      if (expected.table === 'delta/dv-partitioned-with-checkpoint') root = join(root, 'delta');
      return { name: expected.table, format, root, expected };
    });
}

/** The newest `metadata/*.metadata.json` of an Iceberg fixture, parsed bigint-safe (v<N> and NNNNN- names). */
export function latestIcebergMetadata(root: string): Record<string, unknown> {
  const dir = join(root, 'metadata');
  const files = readdirSync(dir).filter((f) => f.endsWith('.metadata.json'));
  const version = (f: string) => Number(/^v?(\d+)/.exec(f)?.[1] ?? -1);
  files.sort((a, b) => version(a) - version(b));
  return parseJson(readFileSync(join(dir, files.at(-1)!), 'utf8')) as Record<string, unknown>;
}
