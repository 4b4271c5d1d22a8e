/**
 * The golden test of the table model: every format of the registry, every fixture, every version, read
 * through `LakeTable` (detect, open, versions, plan, read) and compared in canonical row form with the
 * expected files. Formats and their particular checks are listed once in golden.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, type Fixture } from './fixtures.ts';
import { GOLDEN_FORMATS, goldenFixtures, openFixture, readCanonical, rowsMismatch, versionKey } from './golden.ts';
import type { LakeTable } from '../core/formats/table-format.ts';
import type { ScanRequest } from '../core/formats/table-format.ts';

beforeAll(() => installNodeParquetWasm());

/** One opened table per fixture, shared by its tests (opening is what the versions test checks). */
const opened = new Map<string, Promise<LakeTable>>();
const table = (fx: Fixture) => {
  let t = opened.get(fx.name);
  if (!t) { t = openFixture(fx); opened.set(fx.name, t); }
  return t;
};

describe.skipIf(!FIXTURES_PRESENT)('golden: every registered format × fixture × version through LakeTable', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  for (const g of GOLDEN_FORMATS) {
    const fixtures = goldenFixtures(g);
    describe(g.format, () => {
      it(`finds the ${g.fixtures} ${g.format} fixtures with ${g.versions} versions`, () => {
        expect(fixtures).toHaveLength(g.fixtures);
        expect(fixtures.reduce((n, f) => n + f.expected.versions.length, 0)).toBe(g.versions);
      });
      for (const fx of fixtures) {
        describe(fx.name, () => {
          it('versions: ids, timestamps, operations, current; columns', async () => {
            const t = await table(fx);
            expect(t.format).toBe(g.format);
            const versions = await t.versions();
            expect(versions.map(versionKey)).toEqual(fx.expected.versions.map(versionKey));
            expect(versions.filter((v) => v.isCurrent).map((v) => v.id)).toEqual([fx.expected.current]);
            expect(t.columnNames()).toEqual(fx.expected.columns);
            g.checkTable?.(t, fx);
          });
          it('schema history: every version names one of schemas(); rows are keyed by its columns', async () => {
            const t = await table(fx);
            const schemas = await t.schemas();
            for (const v of await t.versions()) {
              // Iceberg v1 snapshots may lack schema-id (spec "Snapshots": optional in v1); every other version names one.
              if (v.schemaId === undefined && t.formatVersion === 1 && g.format === 'iceberg') continue;
              const s = schemas.find((x) => x.schemaId === v.schemaId);
              expect(s, `version ${v.id} names schema ${v.schemaId}`).toBeDefined();
              // Expected rows use the current schema for the current version (a rename needs no snapshot), else the version's.
              const shown = v.isCurrent ? schemas.find((x) => x.isCurrent)! : s!;
              const rows = fx.expected.versions.find((e) => e.id === v.id)?.rows as Record<string, unknown>[] | undefined;
              if (rows?.length) expect(shown.columns.map((c) => c.name), `version ${v.id}`).toEqual(Object.keys(rows[0]!));
            }
          });
          if (g.timeTravel) {
            it('time travel by timestamp: each version\'s own time selects it, a millisecond earlier the one before', async () => {
              const t = await table(fx);
              const vs = fx.expected.versions;
              for (const [k, v] of vs.entries()) {
                expect((await t.plan({ asOfTimestampMs: v.timestampMs })).versionId).toBe(v.id);
                const before = t.plan({ asOfTimestampMs: v.timestampMs - 1 });
                if (k === 0) await expect(before).rejects.toMatchObject({ code: 'NotFound' });
                else expect((await before).versionId).toBe(vs[k - 1]!.id);
              }
            });
          }
          for (const v of fx.expected.versions) {
            it(`version ${v.id} (${v.operation}): ${v.rowCount} rows`, async () => {
              const t = await table(fx);
              expect(await rowsMismatch(await readCanonical(t, { version: v.id }), v)).toBeUndefined();
              g.afterRead?.(t);
            });
            const alt = g.alternative && (v as unknown as Record<string, unknown>)[g.alternative.key] as { rowCount: number; rows: unknown[] } | undefined;
            if (g.alternative && alt) {
              it(`version ${v.id}: ${g.alternative.key} (${alt.rowCount} rows) with ${JSON.stringify(g.alternative.scan)}`, async () => {
                const t = await table(fx);
                const rows = await readCanonical(t, { version: v.id, ...g.alternative!.scan } as ScanRequest);
                expect(await rowsMismatch(rows, { ...v, ...alt })).toBeUndefined();
              });
            }
          }
        });
      }
    });
  }
});
