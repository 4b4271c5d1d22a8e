/**
 * Column-statistics pruning on every Hudi fixture: for every version and several columns, filters built
 * from the expected rows (`=`, `>`, `<=` around values that occur, and beyond the largest) read exactly
 * the expected rows that match, computed here from the expected file; slices skipped by their base
 * file's footer statistics say why, and of a skipped base file only the footer is fetched (counted).
 */
import type { RecordBatch } from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows, canonicalRowsText } from '../../../arrow/index.ts';
import { FOOTER_HEAD_BYTES } from '../../../codecs/parquet/index.ts';
import { CountingStorage } from '../../../io/counting-storage.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { openHudiTable, type HudiTable } from '../index.ts';

beforeAll(() => installNodeParquetWasm());

type Row = Record<string, unknown>;

async function readFiltered(table: HudiTable, version: string, filter: string) {
  const plan = await table.planScan({ version, filter });
  const batches: RecordBatch[] = [];
  for (const t of plan.tasks) for await (const b of table.read(t)) batches.push(b);
  return { plan, text: canonicalRowsText(canonicalRows(batches, { columns: plan.columns })) };
}

/** Columns whose every non-null value is a safe integer, or a plain string (not a date, time or decimal text). */
function comparableColumns(rows: readonly Row[], columns: readonly string[]): { name: string; kind: 'number' | 'string' }[] {
  const out: { name: string; kind: 'number' | 'string' }[] = [];
  for (const c of columns) {
    const vs = rows.map((r) => r[c]).filter((v) => v !== null && v !== undefined);
    if (vs.length === 0) continue;
    if (vs.every((v) => typeof v === 'number' && Number.isSafeInteger(v))) out.push({ name: c, kind: 'number' });
    else if (vs.every((v) => typeof v === 'string' && !/^-?\d/.test(v) && /^[\x20-\x7e]*$/.test(v) && !v.includes("'"))) out.push({ name: c, kind: 'string' });
  }
  return out;
}

const literal = (v: unknown) => (typeof v === 'string' ? `'${v}'` : String(v));
const cmp = (a: unknown, b: unknown) => (typeof a === 'number' ? (a as number) - (b as number) : (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0);

describe.skipIf(!FIXTURES_PRESENT)('hudi column-statistics pruning', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('every fixture, every version: filtered reads give exactly the matching expected rows; skipped base files are fetched only for their footer', async () => {
    let skippedSlices = 0;
    let filters = 0;
    for (const fx of listFixtures('hudi')) {
      const storage = new CountingStorage(new FsStorage(fx.root, { readOnly: true }));
      const table = await openHudiTable(storage);
      for (const v of fx.expected.versions) {
        if (!v.rows) continue;
        const rows = v.rows as Row[];
        for (const col of comparableColumns(rows, Object.keys(rows[0] ?? {})).slice(0, 3)) {
          const values = [...new Set(rows.map((r) => r[col.name]).filter((x) => x !== null))].sort(cmp);
          const probes = [values[Math.floor(values.length / 2)], values.at(-1)];
          const cases: [string, (x: unknown) => boolean][] = [
            ...probes.flatMap((p): [string, (x: unknown) => boolean][] => [
              [`${col.name} = ${literal(p)}`, (x) => cmp(x, p) === 0],
              [`${col.name} > ${literal(p)}`, (x) => cmp(x, p) > 0],
              [`${col.name} <= ${literal(p)}`, (x) => cmp(x, p) <= 0],
            ]),
          ];
          for (const [filter, keep] of cases) {
            storage.reset();
            const { plan, text } = await readFiltered(table, v.id, filter);
            const want = rows.filter((r) => r[col.name] !== null && keep(r[col.name]));
            expect(text, `${fx.name} ${v.id} where ${filter}`).toBe(canonicalRowsText(want));
            filters++;
            for (const s of plan.skipped.filter((k) => k.step === 'column-stats')) {
              skippedSlices++;
              expect(s.reason).toMatch(/^base file footer statistics: /);
              const reads = storage.log.filter((c) => c.key === s.path);
              // Only the footer's head: the 8-byte tail and one read from the footer's start.
              expect(reads.map((r) => (r.range && 'length' in r.range ? r.range.length : undefined)), `${s.path} reads`).toEqual([8, FOOTER_HEAD_BYTES]);
            }
          }
        }
      }
    }
    expect(filters).toBeGreaterThan(100);
    expect(skippedSlices).toBeLessThan(filters * 2);
    console.log(`${filters} filters, ${skippedSlices} slices skipped by column statistics`);
    expect(skippedSlices).toBeGreaterThan(10);
  }, 120_000);

  it('cow_v6_nonpartitioned: a filter beyond the largest id skips the one slice; only its footer tail is read', async () => {
    const fx = listFixtures('hudi').find((f) => f.name === 'hudi/cow_v6_nonpartitioned')!;
    const storage = new CountingStorage(new FsStorage(fx.root, { readOnly: true }));
    const table = await openHudiTable(storage);
    const latest = fx.expected.versions.at(-1)!;
    const maxId = Math.max(...(latest.rows as Row[]).map((r) => r.id as number));
    await table.planScan(); // warm the listing and commit metadata
    storage.reset();
    const { plan, text } = await readFiltered(table, latest.id, `id > ${maxId}`);
    expect(text).toBe('[]');
    expect(plan.tasks).toHaveLength(0);
    const skip = plan.skipped.find((s) => s.step === 'column-stats')!;
    expect(skip.reason).toBe(`base file footer statistics: id > ${maxId} but upper bound is ${maxId}`);
    // Two small reads: the tail (footer length) and the head of the footer; not the 438 KB bloom filter after it.
    const size = (await storage.inner.head(skip.path)).size;
    expect(storage.log).toEqual([
      { method: 'read', key: skip.path, range: { offset: size - 8, length: 8 } },
      { method: 'read', key: skip.path, range: expect.objectContaining({ length: FOOTER_HEAD_BYTES }) },
    ]);
    expect(storage.bytesRead).toBe(8 + FOOTER_HEAD_BYTES);
    expect(plan.counts['column-stats']).toEqual({ checked: 1, skipped: 1 });
    // The same read without the filter fetches the whole base file.
    storage.reset();
    const all = await table.planScan({ version: latest.id });
    for (const t of all.tasks) for await (const b of table.read(t)) void b;
    expect(storage.bytesRead).toBeGreaterThanOrEqual(size);
  });
});
