/**
 * LakeTable.refresh in every format, through core/api's refreshTable: a table opened before a commit
 * landed, refreshed after it, gives a new object that sees the commit, while the old object keeps
 * reading what it read. The commit is a real one of the fixture: its newest version files are held back
 * when the table is first opened, then written.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../testing/fixtures.ts';
import { memoryCopy } from '../../testing/iceberg-writer-fixtures.ts';
import type { TableFormatName } from './dto.ts';
import { openTable, refreshTable } from './open-table.ts';

interface Case {
  readonly format: TableFormatName;
  readonly fixture: string;
  /** The files of the newest version (held back, then written). */
  readonly newest: readonly string[];
}

const CASES: readonly Case[] = [
  { format: 'iceberg', fixture: 'iceberg/v2_spark_position_deletes', newest: ['metadata/v5.metadata.json', 'metadata/version-hint.text'] },
  { format: 'paimon', fixture: 'paimon/pk_mor_pk_table_scan_and_read_mor', newest: ['snapshot/snapshot-5', 'snapshot/LATEST'] },
  { format: 'delta', fixture: 'delta/table-with-dv-small', newest: ['_delta_log/00000000000000000001.json'] },
  { format: 'hudi', fixture: 'hudi/cow_v6_nonpartitioned', newest: ['.hoodie/20240418173551906.commit'] },
];

describe.skipIf(!FIXTURES_PRESENT)('refresh: a new table object at what is current; the old one unchanged', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  for (const c of CASES) {
    it(`${c.format} (${c.fixture})`, async () => {
      const storage = await memoryCopy(join(FIXTURES_DIR, c.fixture));
      const held = new Map<string, Uint8Array>();
      for (const key of c.newest) { held.set(key, await storage.read(key)); await storage.delete(key); }
      const before = await openTable(storage, '', c.format);
      const old = (await before.versions()).map((v) => v.id);

      for (const [key, bytes] of held) await storage.write(key, bytes);
      const after = await refreshTable(before, storage, '', c.format);
      expect(after).not.toBe(before);
      const now = (await after.versions()).map((v) => v.id);
      expect(now.slice(0, -1)).toEqual(old);
      expect(now).toHaveLength(old.length + 1);
      expect((await after.versions()).find((v) => v.isCurrent)!.id).toBe(now.at(-1));
      // The old object still reads the version it was opened at.
      expect((await before.versions()).find((v) => v.isCurrent)!.id).toBe(old.at(-1));
      expect((await before.plan({})).versionId).toBe(old.at(-1));
      // Nothing changed since: refreshing again gives the same state.
      expect((await (await refreshTable(after, storage, '', c.format)).versions()).map((v) => v.id)).toEqual(now);
    });
  }
});
