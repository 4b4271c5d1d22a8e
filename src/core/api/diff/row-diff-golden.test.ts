/**
 * The row diff against the expected rows (issue 15 acceptance): for every registered format, every
 * fixture with explicit expected rows, every consecutive pair of versions and a seeded sample of 30
 * non-consecutive pairs per fixture (both directions), the diff's added / removed / changed rows equal
 * the multiset difference of the two versions' expected rows, mapped into the later version's schema
 * (renamed columns followed by field id from the model's schemas, added ones null, dropped ones out).
 * In process, one opened table per fixture.
 */
import { mulberry32 } from '../../../testing/fuzz/prng.ts';
import { multisetMinus as minus } from '../../../testing/multiset.ts';
import { describe, expect, it } from 'vitest';
import type { LakeTable, SchemaDto, VersionDto } from '../../formats/table-format.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, type ExpectedVersion, type Fixture } from '../../../testing/fixtures.ts';
import { GOLDEN_FORMATS, goldenFixtures, openFixture } from '../../../testing/golden.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { diffRows } from './row-diff.ts';
import { schemaOfVersion } from './diff-context.ts';

installNodeParquetWasm();

/** The fuzzers' seeded generator (mulberry32), as a bare function: the same sample on every run. */
export const seeded = (seed: number): (() => number) => mulberry32(seed).next;

/** Consecutive pairs and up to `n` seeded non-consecutive pairs (either direction) of `count` versions. */
export function versionPairs(count: number, n: number, seed: number): [number, number][] {
  const pairs: [number, number][] = [];
  for (let i = 0; i + 1 < count; i++) pairs.push([i, i + 1]);
  const others: [number, number][] = [];
  for (let i = 0; i < count; i++) for (let j = 0; j < count; j++) if (Math.abs(i - j) > 1 || (i > j && i - j === 1)) others.push([i, j]);
  const rnd = seeded(seed);
  for (let k = others.length - 1; k > 0; k--) { const r = Math.floor(rnd() * (k + 1)); [others[k], others[r]] = [others[r]!, others[k]!]; }
  return [...pairs, ...others.slice(0, n)];
}

/** Expected rows of a version mapped into the schema `target` (top-level columns by field id, or name). */
function mapRows(rows: readonly Record<string, unknown>[], from: SchemaDto | undefined, target: SchemaDto | undefined, columns: readonly string[]): string[] {
  const byName = !!(from?.idsArePositions || target?.idsArePositions);
  const source = new Map<string, string>();
  for (const c of columns) source.set(c, c);
  if (from && target && from.schemaId !== target.schemaId) {
    source.clear();
    for (const t of target.columns) {
      const s = from.columns.find((c) => (byName ? c.name === t.name : c.id === t.id));
      if (s) source.set(t.name, s.name);
    }
  }
  return rows.map((r) => JSON.stringify(Object.fromEntries(columns.map((c) => [c, source.has(c) ? (r[source.get(c)!] ?? null) : null]))));
}


async function checkPair(table: LakeTable, versions: VersionDto[], schemas: SchemaDto[], ev: ExpectedVersion[], i: number, j: number): Promise<void> {
  const d = await diffRows(table, { version: ev[i]!.id }, { version: ev[j]!.id });
  const later = Math.max(i, j);
  const vi = versions.findIndex((v) => v.id === ev[i]!.id);
  const vj = versions.findIndex((v) => v.id === ev[j]!.id);
  const vl = versions.findIndex((v) => v.id === ev[later]!.id);
  const target = schemaOfVersion(versions, schemas, vl);
  const a = mapRows(ev[i]!.rows as Record<string, unknown>[], schemaOfVersion(versions, schemas, vi), target, d.columns);
  const b = mapRows(ev[j]!.rows as Record<string, unknown>[], schemaOfVersion(versions, schemas, vj), target, d.columns);
  const got = {
    added: [...d.added.map((r) => JSON.stringify(r.row)), ...d.changed.map((c) => JSON.stringify(c.after.row))].sort(),
    removed: [...d.removed.map((r) => JSON.stringify(r.row)), ...d.changed.map((c) => JSON.stringify(c.before.row))].sort(),
  };
  expect(got, `${ev[i]!.id} → ${ev[j]!.id}`).toEqual({ added: minus(b, a), removed: minus(a, b) });
  expect(d.counts.added + d.counts.changed).toBe(got.added.length);
  // Keyed: a changed pair shares its key, and no key is both only-added and only-removed.
  for (const c of d.changed) for (const k of d.key) expect(c.before.row[k]).toEqual(c.after.row[k]);
  if (d.key.length) {
    const keyOf = (r: Record<string, unknown>) => JSON.stringify(d.key.map((k) => r[k]));
    const removedKeys = new Set(d.removed.map((r) => keyOf(r.row)));
    expect(d.added.filter((r) => removedKeys.has(keyOf(r.row)))).toEqual([]);
  }
}

describe.skipIf(!FIXTURES_PRESENT)('row diff = multiset difference of expected rows, every format × fixture × pair', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  for (const g of GOLDEN_FORMATS) {
    for (const fx of goldenFixtures(g) as Fixture[]) {
      const ev = fx.expected.versions;
      if (!ev.every((v) => v.rows)) continue; // only a hash: no explicit rows to difference
      const pairs = versionPairs(ev.length, 30, 15);
      if (pairs.length === 0) continue;
      it(`${fx.name}: ${pairs.length} pairs`, async () => {
        const table = await openFixture(fx);
        const [versions, schemas] = await Promise.all([table.versions(), table.schemas()]);
        for (const [i, j] of pairs) await checkPair(table, versions, schemas, ev, i, j);
      }, 120_000);
    }
  }
});
