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

  it('Delta and Hudi: every action unavailable, saying the format has no writes; prepare is Unsupported with that reason', async () => {
    for (const format of ['delta', 'hudi'] as const) {
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
