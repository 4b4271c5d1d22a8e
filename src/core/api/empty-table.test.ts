import { readFileSync } from 'node:fs';
import { noteText } from '../messages/note.ts';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLakeError } from '../errors.ts';
import { createTable } from '../formats/iceberg/commit/create-table.ts';
import { MemoryStorage } from '../io/memory-storage.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT } from '../../testing/fixtures.ts';
import { explainScan } from './explain-scan.ts';
import { describeTable, openTable } from './open-table.ts';
import { partitionStats } from './partition-stats.ts';
import { RowCursor } from './row-cursor.ts';
import type { TableFormatName } from './dto.ts';

/** A table created but never written: Iceberg's first metadata file; Paimon's schema file alone. */
async function emptyTables(): Promise<[TableFormatName, MemoryStorage][]> {
  const iceberg = new MemoryStorage('memory empty iceberg');
  await createTable(iceberg, {
    location: 's3://bucket/db/empty',
    schema: { type: 'struct', fields: [{ id: 1, name: 'id', required: false, type: 'long' }, { id: 2, name: 'day', required: false, type: 'date' }] },
    partitionSpec: { fields: [{ name: 'day', transform: 'identity', 'source-id': 2 }] },
  });
  const out: [TableFormatName, MemoryStorage][] = [['iceberg', iceberg]];
  if (FIXTURES_PRESENT) {
    const paimon = new MemoryStorage('memory empty paimon');
    await paimon.write('schema/schema-0', readFileSync(join(FIXTURES_DIR, 'paimon/pk_dv_partitioned_pk_09/schema/schema-0')));
    out.push(['paimon', paimon]);
  }
  return out;
}

describe('a table created but never written reads as empty on every view', () => {
  it('explain, partition statistics and rows are empty, not NotFound; a typo still names the column', async () => {
    for (const [format, storage] of await emptyTables()) {
      const table = await openTable(storage, '', format);
      const overview = await describeTable(table, '', format);
      expect(overview.versions, format).toEqual([]);
      const explain = await explainScan(table, '');
      expect(explain.files, format).toEqual([]);
      expect(explain.notes.map((n) => noteText(n)).join(' '), format).toContain('no snapshot yet');
      expect((await partitionStats(table, {})).partitions, format).toEqual([]);
      const cursor = await RowCursor.open(table, { columns: [overview.columns[0]!] });
      expect(cursor.info.columns, format).toEqual([overview.columns[0]]);
      const page = await cursor.page(0, 10);
      expect(page, format).toMatchObject({ rows: [], done: true, rowsRead: 0 });
      const e = await explainScan(table, '', { filter: 'nope = 1' }).catch((x: unknown) => x);
      expect(isLakeError(e, 'DataInvalid'), `${format}: ${String(e)}`).toBe(true);
      expect((e as Error).message).toContain("'nope'");
    }
  });
});
