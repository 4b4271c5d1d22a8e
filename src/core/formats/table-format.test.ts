/**
 * The common table model as the UI sees it (through `TableFormat`/`LakeTable` only): an Iceberg table
 * whose newest metadata file is torn opens at the previous one and says so in `warnings`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../testing/fixtures.ts';
import { icebergFormat } from './iceberg/index.ts';
import { mutate, tableInMemory } from './iceberg/test-storage.test-helper.ts';
import type { LakeTable, TableFormat } from './table-format.ts';

/** Every file of a fixture table, copied into memory (the shared fixtures are never modified). */
function fixtureInMemory(dir: string) {
  const walk = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]));
  return tableInMemory(walk(dir).map((f) => [relative(dir, f), new Uint8Array(readFileSync(f))] as const), `memory copy of ${dir}`);
}

describe.skipIf(!FIXTURES_PRESENT)('LakeTable.warnings', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  const format: TableFormat = icebergFormat as TableFormat;

  it('is empty for a clean table and names a skipped torn metadata file otherwise', async () => {
    const storage = await fixtureInMemory(listFixtures('iceberg').find((f) => f.name.includes('rename_column'))!.root);
    const clean: LakeTable = await format.open(storage);
    expect(clean.warnings ?? []).toEqual([]);
    expect(clean.writeRefusal).toBeUndefined();
    await mutate(storage, 'metadata/v3.metadata.json', (b) => b.slice(0, 300));
    const torn: LakeTable = await format.open(storage);
    expect(torn.warnings).toHaveLength(1);
    expect(torn.warnings![0]).toMatch(/^the newest metadata\/v3\.metadata\.json cannot be read \(iceberg metadata: .*not valid JSON.*\): showing metadata\/v2\.metadata\.json instead; writes are refused/);
    // The write path refuses too; the table says why, for the UI to show beside disabled write actions.
    expect(torn.writeRefusal).toMatch(/^writes are refused: the newest metadata\/v3\.metadata\.json cannot be read/);
    // The plan notes carry the same sentence, so the CLI shows it without knowing about warnings.
    expect((await torn.plan({})).notes).toEqual(expect.arrayContaining([torn.warnings![0]]));
  });
});

describe.skipIf(!FIXTURES_PRESENT)('VersionDto.records', () => {
  it('is called live only where it equals the rows a scan returns, on every version of every Iceberg and Paimon fixture', async () => {
    const { FsStorage } = await import('../../platform/node/fs-storage.ts');
    const { paimonFormat } = await import('./paimon/index.ts');
    const seen = { live: 0, notLive: 0 };
    for (const fx of [...listFixtures('iceberg'), ...listFixtures('paimon')]) {
      const format = (fx.format === 'iceberg' ? icebergFormat : paimonFormat) as TableFormat;
      const table = await format.open(new FsStorage(fx.root));
      for (const v of await table.versions()) {
        const expected = fx.expected.versions.find((e) => e.id === v.id);
        if (!expected || !v.records) continue;
        if (v.records.live) {
          seen.live++;
          expect(v.records.count, `${fx.name} @ ${v.id}`).toBe(String(expected.rowCount));
          expect(v.records.basis).toBeUndefined();
        } else {
          seen.notLive++;
          expect(v.records.basis, `${fx.name} @ ${v.id}`).toMatch(/^before /);
        }
        // Every count that differs from the live rows must not be called live.
        if (v.records.count !== String(expected.rowCount)) expect(v.records.live, `${fx.name} @ ${v.id}`).toBe(false);
      }
    }
    expect(seen.live).toBeGreaterThan(0);
    expect(seen.notLive).toBeGreaterThan(0);
  });
});
