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
import { noteText } from '../messages/note.ts';

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
    // The plan notes carry the same sentence (as a catalog ref since issue 20), so the CLI, which renders notes in
    // English, shows it without knowing about warnings.
    expect((await torn.plan({})).notes.map((n) => noteText(n))).toEqual(expect.arrayContaining([torn.warnings![0]]));
  });
});

describe.skipIf(!FIXTURES_PRESENT)('VersionDto.totals', () => {
  it('calls rows live only where they equal the rows a scan returns, on every version of every fixture of every format', async () => {
    const { FsStorage } = await import('../../platform/node/fs-storage.ts');
    const { TABLE_READERS } = await import('../api/table-formats.ts');
    const seen = { live: 0, notLive: 0, formats: new Set<string>() };
    for (const fx of (['iceberg', 'paimon', 'delta', 'hudi'] as const).flatMap((f) => listFixtures(f))) {
      const table = await TABLE_READERS[fx.format]!.open(new FsStorage(fx.root));
      const versions = await table.versions();
      for (const v of versions) {
        const records = v.totals.records;
        const expected = fx.expected.versions.find((e) => e.id === v.id);
        if (records) seen.formats.add(fx.format);
        if (!expected || !records) continue;
        if (records.live) {
          seen.live++;
          expect(records.count, `${fx.name} @ ${v.id}`).toBe(String(expected.rowCount));
          expect(records.basis).toBeUndefined();
        } else {
          seen.notLive++;
          expect(records.basis, `${fx.name} @ ${v.id}`).toMatch(/^before /);
        }
        // Every count that differs from the live rows must not be called live.
        if (records.count !== String(expected.rowCount)) expect(records.live, `${fx.name} @ ${v.id}`).toBe(false);
        for (const k of ['dataFiles', 'deleteFiles', 'bytes'] as const) if (v.totals[k] !== undefined) expect(v.totals[k], `${fx.name} @ ${v.id} ${k}`).toMatch(/^\d+$/);
      }
    }
    // Every format fills rows: none is left to read a summary key of another.
    expect([...seen.formats].sort()).toEqual(['delta', 'hudi', 'iceberg', 'paimon']);
    expect(seen.live).toBeGreaterThan(0);
    expect(seen.notLive).toBeGreaterThan(0);
  });
});

describe.skipIf(!FIXTURES_PRESENT)('LakeTable.states', () => {
  it('lists past states as files that exist, on every fixture of every format; an Iceberg state opens through the registry', async () => {
    const { FsStorage } = await import('../../platform/node/fs-storage.ts');
    const { TABLE_READERS } = await import('../api/table-formats.ts');
    const kinds = new Set<string>();
    for (const fx of (['iceberg', 'paimon', 'delta', 'hudi'] as const).flatMap((f) => listFixtures(f))) {
      const storage = new FsStorage(fx.root);
      const reader = TABLE_READERS[fx.format]!;
      const states = await (await reader.open(storage)).states();
      expect(new Set(states.map((s) => s.id)).size, fx.name).toBe(states.length);
      expect(states.filter((s) => s.isCurrent).length, fx.name).toBeLessThanOrEqual(1);
      for (const s of states) { kinds.add(s.kind); await storage.head(s.key); }
      if (fx.format === 'iceberg') {
        const first = states[0]!;
        const past = await reader.open(storage, { state: first.id });
        expect((await past.states()).find((s) => s.isCurrent)?.id, fx.name).toBe(first.id);
      } else if (states[0]) {
        await expect(reader.open(storage, { state: states[0].id })).rejects.toMatchObject({ code: 'Unsupported' });
      }
    }
    expect([...kinds].sort()).toEqual(['checkpoint', 'instant', 'metadata-file', 'snapshot']);
  });
});
