/**
 * Writes in the table model over every fixture of every format: `capabilities` per version (Iceberg
 * offers rollback only onto an ancestor of the current snapshot, set-current elsewhere), every action
 * unavailable with the reason on a read-only storage or for a format without writes, and `prepare`
 * refusing there with Unsupported before anything is written.
 */
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../testing/fixtures.ts';
import { openTable } from './open-table.ts';
import { prepareWrite, writeCapabilities } from './table-writes.ts';

const open = async (root: string, format: 'iceberg' | 'paimon' | 'delta' | 'hudi', readOnly: boolean) =>
  openTable(new FsStorage(FIXTURES_DIR, { readOnly }), relative(FIXTURES_DIR, root), format);

describe.skipIf(!FIXTURES_PRESENT)('write capabilities through the table model', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('Iceberg: rollback onto ancestors of the current snapshot, set-current onto the others, neither on the current one', async () => {
    for (const fx of listFixtures('iceberg').slice(0, 12)) {
      const table = await open(fx.root, 'iceberg', false);
      const versions = await table.versions();
      const current = versions.find((v) => v.isCurrent);
      const ancestors = new Set<string>();
      for (let v = current; v && !ancestors.has(v.id); v = versions.find((x) => x.id === v!.parentId)) ancestors.add(v.id);
      for (const v of versions) {
        const kinds = (await writeCapabilities(table, v.id)).filter((c) => c.scope === 'version').map((c) => c.kind);
        const move = v.isCurrent ? [] : ancestors.has(v.id) ? ['rollback'] : ['set-current'];
        expect(kinds, `${fx.name} ${v.id}`).toEqual([...move, 'tag', 'branch']);
      }
    }
  });

  it('a read-only storage or a caller’s refusal makes every action unavailable with the reason, and prepare Unsupported', async () => {
    for (const format of ['iceberg', 'paimon'] as const) {
      const fx = listFixtures(format)[0];
      const ro = await open(fx.root, format, true);
      const caps = await writeCapabilities(ro);
      expect(caps.length).toBeGreaterThan(0);
      expect(caps.every((c) => !c.available && /read-only/.test(c.reason ?? ''))).toBe(true);
      const rw = await open(fx.root, format, false);
      const anon = await writeCapabilities(rw, undefined, { storageRefusal: 'Opened anonymously' });
      expect(anon.every((c) => !c.available && c.reason === 'Opened anonymously')).toBe(true);
      await expect(prepareWrite(rw, { kind: 'tag', name: 'x' }, { storageRefusal: 'Opened anonymously' })).rejects.toMatchObject({ code: 'Unsupported' });
    }
  });

  it('Delta: RESTORE (rollback) on every non-current version, OPTIMIZE (compact), append; no refs; refused naming an unsupported writer feature', async () => {
    for (const fx of listFixtures('delta')) {
      const table = await open(fx.root, 'delta', false);
      // Its id column is an identity column, whose values a writer must generate: appends are refused, naming the feature.
      const identity = fx.name === 'delta/checkpoint-v2-table';
      for (const v of await table.versions()) {
        const caps = await writeCapabilities(table, v.id);
        const version = caps.filter((c) => c.scope === 'version');
        expect(version.map((c) => c.kind), `${fx.name} ${v.id}`).toEqual([...(v.isCurrent ? [] : ['rollback']), 'tag', 'branch']);
        expect(version.find((c) => c.kind === 'rollback')?.available ?? false).toBe(!v.isCurrent);
        expect(version.filter((c) => c.kind !== 'rollback').every((c) => !c.available && /no tags or branches/.test(c.reason ?? ''))).toBe(true);
        // Every fixture can be compacted (column mapping in name mode included: files are written under physical names).
        expect(caps.find((c) => c.kind === 'compact')!.available, fx.name).toBe(true);
        const append = caps.find((c) => c.kind === 'append')!;
        expect(append.available, fx.name).toBe(!identity);
        if (identity) expect(append.reason).toMatch(/writer feature 'identityColumns'/);
      }
      await expect(prepareWrite(table, { kind: 'tag', name: 'x' })).rejects.toMatchObject({ code: 'Unsupported' });
      const ro = await open(fx.root, 'delta', true);
      expect((await writeCapabilities(ro)).every((c) => !c.available)).toBe(true);
    }
  });

  it('Hudi: every action unavailable, saying the format has no writes; prepare is Unsupported with that reason', async () => {
    for (const format of ['hudi'] as const) {
      const fx = listFixtures(format)[0];
      if (!fx) continue;
      const table = await open(fx.root, format, false);
      const caps = await writeCapabilities(table);
      expect(caps.length).toBeGreaterThan(0);
      expect(caps.every((c) => !c.available && /read-only/i.test(c.reason ?? ''))).toBe(true);
      await expect(prepareWrite(table, { kind: 'compact' })).rejects.toMatchObject({ code: 'Unsupported' });
    }
  });
});
