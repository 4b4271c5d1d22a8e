/**
 * The Apache ORC project's reference files (fixtures/orc, SOURCES.md there): every file with an
 * expected file reads to exactly those lines (printed as the ORC C++ tools print them); every file
 * reads without error and its per-column counts, minimums, maximums and sums as read equal the file's
 * own column statistics; every corrupt file fails with a LakeError naming it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isLakeError, type LakeError } from '../../errors.ts';
import { errorText } from '../../messages/message-parts.ts';
import { FIXTURES_DIR } from '../../../testing/fixtures.ts';
import { bytesSource } from '../../util/byte-source.ts';
import { readOrcTable, readOrcTail, readStripeFooter, zoneOffsets, parseDecimalStat, type OrcTail } from './index.ts';
import { printValue } from './orc-print.test-support.ts';
import { accumulate, type ComputedStats } from './orc-stats.test-support.ts';
import { Kind } from './proto-messages.ts';

const DIR = join(FIXTURES_DIR, 'orc');
const PRESENT = existsSync(join(DIR, 'expected'));
if (!PRESENT) console.warn(`orc fixtures test skipped: ${DIR} not found`);
const orcFiles = PRESENT ? readdirSync(DIR).filter((f) => f.endsWith('.orc')).sort() : [];
const corruptFiles = PRESENT ? readdirSync(join(DIR, 'corrupt')).sort() : [];

async function readAll(name: string): Promise<{ tail: OrcTail; batches: Awaited<ReturnType<typeof readOrcTable>> }> {
  const bytes = new Uint8Array(readFileSync(join(DIR, name)));
  const tail = await readOrcTail(bytesSource(bytes, name));
  return { tail, batches: await readOrcTable(bytes, { tail, name }) };
}

/** Statistics a writer got wrong, with the evidence that the rows are right. */
const KNOWN_BAD_STATS: Record<string, { column: number; stat: string; why: string }[]> = {
  // Same rows as orc_split_elim.orc (identical expected file), whose statistics say 200051.4.
  'orc_split_elim_new.orc': [{ column: 3, stat: 'sum', why: 'merged double sum written wrong' }],
  // A pre-release ORCv2 (UNSTABLE-PRE-2.0) Java writer started decimal64 minimums at 0: the column b
  // holds 24, 38, 28, 40, 2, 42, 10, 12, 41, 38 (sum 275, as the statistics say) yet states min 0.
  // Those minimums are checked as lower bounds only.
  'decimal64_v2.orc': [2, 3, 4, 5].map((column) => ({ column, stat: 'min', why: 'decimal64 minimum starts at 0' })),
};

/** Files written without statistics (and without expected rows): reading them without error is all there is. */
const NO_STATISTICS = new Set(['TestOrcFile.testSargSkipPickupGroupWithoutIndexJava.orc', 'TestOrcFile.testWithoutCompressionBlockSize.orc']);

function expectClose(a: number, b: number, what: string): void {
  expect(Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a)), `${what}: file ${a}, read ${b}`).toBe(true);
}

/** Compares the rows with the expected file's lines (printed as the ORC C++ tools print them). */
function compareExpected(name: string, tail: OrcTail, batches: Awaited<ReturnType<typeof readOrcTable>>): boolean {
  const e = join(DIR, 'expected', name.replace(/\.orc$/, '.jsn.gz'));
  if (!existsSync(e)) return false;
  const lines = gunzipSync(readFileSync(e)).toString('utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  const root = tail.schema;
  let row = 0;
  for (const b of batches) {
    for (let i = 0; i < b.numRows; i++, row++) {
      const got = root!.kind === Kind.STRUCT
        ? `{${root!.children.map((c, k) => `"${c.name}": ${printValue(c, b.data.children[k]!, i)}`).join(', ')}}`
        : printValue(root!, b.data.children[0]!, i);
      // Compare strings first (fast); expect() only on a mismatch, for a readable failure.
      if (got !== lines[row]) expect(`row ${row}: ${got}`).toBe(`row ${row}: ${lines[row]}`);
    }
  }
  expect(row).toBe(lines.length);
  return true;
}

describe.skipIf(!PRESENT)('orc: every reference file reads exactly (expected rows) and matches its own column statistics', () => {
  it('has files and expected files', () => {
    expect(orcFiles.length).toBeGreaterThan(40);
    expect(readdirSync(join(DIR, 'expected')).length).toBeGreaterThan(25);
  });
  for (const name of orcFiles) {
    it(name, async () => {
      const { tail, batches } = await readAll(name);
      const hadExpected = compareExpected(name, tail, batches);
      const rows = batches.reduce((n, b) => n + b.numRows, 0);
      expect(rows).toBe(tail.footer.stripes.reduce((n, s) => n + s.numberOfRows, 0));
      if (tail.footer.numberOfRows) expect(rows).toBe(tail.footer.numberOfRows);
      const read = new Map<number, ComputedStats>();
      for (const b of batches) {
        if (tail.schema!.kind === Kind.STRUCT) tail.schema!.children.forEach((c, k) => accumulate(c, b.data.children[k]!, read));
        else accumulate(tail.schema!, b.data.children[0]!, read);
      }
      const writerZone = tail.footer.stripes.length ? (await readStripeFooter(bytesSource(new Uint8Array(readFileSync(join(DIR, name))), name), tail, 0)).writerTimezone : undefined;
      const zone = zoneOffsets(writerZone);
      const zoneKnown = writerZone !== undefined;
      const bad = KNOWN_BAD_STATS[name] ?? [];
      let compared = 0;
      tail.footer.statistics.forEach((s, id) => {
        const c = read.get(id);
        const t = tail.footer.types[id]!;
        if (!c) return;
        const what = `${name} column ${id}`;
        // Some test writers left statistics empty (count 0, no bounds) though the column has values.
        if (s.numberOfValues === 0n && c.count > 0n) return;
        if (s.numberOfValues !== undefined) { expect(c.count, `${what} count`).toBe(s.numberOfValues); compared++; }
        const skip = (stat: string): boolean => bad.some((b) => b.column === id && b.stat === stat);
        if (s.int) {
          if (s.int.min !== undefined) expect(c.min, `${what} min`).toBe(s.int.min);
          if (s.int.max !== undefined) expect(c.max, `${what} max`).toBe(s.int.max);
          if (s.int.sum !== undefined) expect(c.sum ?? 0n, `${what} sum`).toBe(s.int.sum);
          compared++;
        }
        if (s.double) {
          if (s.double.min !== undefined && c.count) expect(c.min, `${what} min`).toBe(s.double.min);
          if (s.double.max !== undefined && c.count) expect(c.max, `${what} max`).toBe(s.double.max);
          // Writers sum per row group and then merge: the order differs from ours by rounding only.
          if (s.double.sum !== undefined && !skip('sum')) expectClose(s.double.sum, (c.sum as number | undefined) ?? 0, `${what} sum`);
          compared++;
        }
        if (s.string && t.kind !== Kind.BINARY) {
          if (s.string.min !== undefined) expect(c.min, `${what} min`).toBe(s.string.min);
          if (s.string.max !== undefined) expect(c.max, `${what} max`).toBe(s.string.max);
          if (s.string.sum !== undefined) expect(c.sum ?? 0n, `${what} sum`).toBe(s.string.sum);
          compared++;
        }
        if (s.binary?.sum !== undefined) { expect(c.sum ?? 0n, `${what} sum`).toBe(s.binary.sum); compared++; }
        if (s.date) {
          if (s.date.min !== undefined) expect(c.min, `${what} min`).toBe(s.date.min);
          if (s.date.max !== undefined) expect(c.max, `${what} max`).toBe(s.date.max);
          compared++;
        }
        if (s.bucket && t.kind === Kind.BOOLEAN) { expect(c.trueCount ?? 0n, `${what} true count`).toBe(s.bucket.count[0]); compared++; }
        if (s.decimal) {
          const scale = tail.footer.types[id]!.precision ? tail.footer.types[id]!.scale ?? 0 : 6;
          const exact = (v: string): bigint => parseDecimalStat(v, scale, -1)!;
          if (tail.footer.types[id]!.precision) {
            if (s.decimal.min !== undefined && skip('min')) expect(exact(s.decimal.min) <= (c.min as bigint), `${what} min bound`).toBe(true);
            else if (s.decimal.min !== undefined) expect(c.min, `${what} min`).toBe(exact(s.decimal.min));
            if (s.decimal.max !== undefined) expect(c.max, `${what} max`).toBe(exact(s.decimal.max));
            if (s.decimal.sum !== undefined) expect(c.sum ?? 0n, `${what} sum`).toBe(exact(s.decimal.sum));
          } else {
            // Hive 0.11 decimals: values keep their own scale in the file, we read them at scale 6
            // (truncated, as the ORC C++ reader): bounds truncate alike, the sum within a unit per value.
            if (s.decimal.min !== undefined) expect(c.min, `${what} min`).toBe(exact(s.decimal.min));
            if (s.decimal.max !== undefined) expect(c.max, `${what} max`).toBe(exact(s.decimal.max));
            if (s.decimal.sum !== undefined) {
              const diff = exact(s.decimal.sum) - ((c.sum as bigint | undefined) ?? 0n);
              expect(diff >= 0n && diff <= c.count, `${what} sum`).toBe(true);
            }
          }
          compared++;
        }
        if (s.timestamp && c.min !== undefined) {
          const ts = s.timestamp;
          const ms = (ns: bigint): bigint => (ns >= 0n ? ns / 1_000_000n : -((-ns + 999_999n) / 1_000_000n));
          if (ts.minUtc !== undefined) {
            // ORC 1.6+: the wall clock as if UTC, in ms.
            expect(ms(c.min as bigint), `${what} min`).toBe(ts.minUtc);
            expect(ms(c.max as bigint), `${what} max`).toBe(ts.maxUtc);
          } else if (ts.min !== undefined && !zoneKnown) {
            // Older writers, no writer zone in the file: the instant in ms, in the writer JVM's zone we
            // cannot know; min and max must differ from our wall clock by one whole-quarter-hour offset.
            const dMin = ms(c.min as bigint) - ts.min;
            expect(dMin % 900_000n, `${what} min offset`).toBe(0n);
            expect(dMin >= -50_400_000n && dMin <= 50_400_000n, `${what} min offset`).toBe(true);
            expect(ms(c.max as bigint) - ts.max!, `${what} max offset`).toBe(dMin);
          } else if (ts.min !== undefined) {
            // Older writers: the instant in ms; our values are the wall clock in the writer's zone.
            const instant = (wall: bigint): bigint => {
              const w = Number(ms(wall)) / 1000;
              const guess = w - zone.offsetAt(w);
              return ms(wall) - BigInt(zone.offsetAt(guess - (zone.offsetAt(guess) - zone.offsetAt(w))) * 1000);
            };
            expect(instant(c.min as bigint), `${what} min`).toBe(ts.min);
            expect(instant(c.max as bigint), `${what} max`).toBe(ts.max);
          }
          compared++;
        }
      });
      // Every file either has expected rows or statistics that were compared (some test writers wrote none).
      const hasStats = tail.footer.statistics.some((s) => (s.numberOfValues ?? 0n) > 0n);
      if (rows > 0 && !NO_STATISTICS.has(name)) expect(hadExpected || compared > 0, `${name}: nothing compared`).toBe(true);
      if (NO_STATISTICS.has(name)) expect(hasStats, `${name} has statistics after all`).toBe(false);
      if (rows > 0 && hasStats) expect(compared, `${name}: statistics compared`).toBeGreaterThan(0);
    });
  }
  it('orc_split_elim_new.orc: the double sum its statistics get wrong is the one orc_split_elim.orc states for the same rows', async () => {
    const a = await readAll('orc_split_elim.orc');
    const b = await readAll('orc_split_elim_new.orc');
    const sum = (x: typeof a): number => { let s = 0; for (const bt of x.batches) for (const v of bt.getChildAt(2)!) s += v as number; return s; };
    expect(sum(b)).toBe(sum(a));
    expectClose(a.tail.footer.statistics[3]!.double!.sum!, sum(b), 'orc_split_elim sum');
  });
});

describe.skipIf(!PRESENT)('orc: corrupt files fail with a LakeError naming the file', () => {
  it('has corrupt files', () => expect(corruptFiles.length).toBeGreaterThan(3));
  for (const f of corruptFiles) {
    it(f, async () => {
      const name = `corrupt/${f}`;
      const err = await readAll(name).then(() => undefined, (e: unknown) => e);
      expect(isLakeError(err, 'DataInvalid'), String(err)).toBe(true);
      expect((err as Error).message).toContain(name);
      expect((err as Error).message).toMatch(/^orc: /);
      // It carries its catalog message (issue 20), with no part of it left in English only.
      const ref = (err as LakeError).ref;
      expect(ref, (err as Error).message).toBeDefined();
      expect(JSON.stringify(ref), (err as Error).message).not.toContain('error.untranslated');
      expect(errorText(ref!)).toBe((err as Error).message);
    });
  }
});
