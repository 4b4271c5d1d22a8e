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
