import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../testing/fixtures.ts';
import { readCanonical } from '../../testing/golden.ts';
import { isLakeError } from '../errors.ts';
import type { LakeTable, TreeNode } from '../formats/table-format.ts';
import { deletedRows } from './deleted-rows.ts';
import { openTable } from './open-table.ts';

beforeAll(() => installNodeParquetWasm());

/** Every delete file and deletion vector node of a version's tree (LSM views left out: they repeat data files). */
async function deleteNodes(table: LakeTable, version: string, nodeId?: string): Promise<TreeNode[]> {
  const out: TreeNode[] = [];
  for (const n of await table.tree({ version }, nodeId)) {
    if (n.kind === 'delete-file' || n.kind === 'deletion-vector') out.push(n);
    if (n.hasChildren && n.kind !== 'file-slice' && !n.id.startsWith('lsm')) out.push(...await deleteNodes(table, version, n.id));
  }
  return out;
}

const count = (rows: readonly unknown[], row: unknown) => rows.filter((r) => JSON.stringify(r) === JSON.stringify(row)).length;

/** The fixtures with position deletes or deletion vectors, and how many delete nodes each must show at least. */
const CASES = [
  { format: 'iceberg', name: 'iceberg/v2_spark_position_deletes', min: 1 },
  { format: 'iceberg', name: 'iceberg/v2_java_position_and_equality_deletes', min: 1 },
  { format: 'iceberg', name: 'iceberg/v3_spark_deletion_vectors', min: 2 },
  { format: 'paimon', name: 'paimon/pk_dv_partitioned_pk_09', min: 1 },
  { format: 'paimon', name: 'paimon/pk_dv_schema_evolution_pk_table_with_alter_table', min: 1 },
] as const;

describe.skipIf(!FIXTURES_PRESENT)(`deleted positions and rows (${FIXTURES_PRESENT ? 'fixtures' : FIXTURES_SKIP_REASON})`, () => {
  for (const c of CASES) {
    it(`${c.name}: every delete node lists its positions and the rows at them`, async () => {
      const storage = new FsStorage(join(FIXTURES_DIR, c.name), { readOnly: true });
      const table = await openTable(storage, '', c.format);
      const versions = await table.versions();
      let seen = 0;
      for (const v of versions) {
        const parent = versions.find((p) => p.id === v.parentId);
        for (const node of await deleteNodes(table, v.id)) {
          let got;
          try {
            got = await deletedRows(table, storage, 'w/', node, { version: v.id, withRows: true, maxRows: 1000 });
          } catch (e) {
            // Equality deletes delete by value: refused, saying so.
            expect(isLakeError(e, 'Unsupported') && /equality/.test((e as Error).message), String(e)).toBe(true);
            continue;
          }
          seen++;
          const total = got.files.reduce((n, f) => n + f.count, 0);
          // The metadata's own count of the deletes (record_count of a delete file, a DV's cardinality).
          const recorded = node.details?.recordCount;
          if (recorded !== undefined && recorded !== null) expect(total, node.label).toBe(Number(recorded));
          for (const f of got.files) {
            expect([...f.positions].sort((a, b) => a - b), node.label).toEqual(f.positions);
            expect(f.key, node.label).toBe(`w/${f.dataKey}`);
            expect(f.rowsError, node.label).toBeUndefined();
            expect(f.rows?.map((r) => r.position), node.label).toEqual(f.positions);
          }
          // Iceberg: a delete added by this commit removes exactly those rows from the table (the file's
          // columns are the table's, by name, where no writer renamed them).
          if (c.format === 'iceberg' && node.details?.status === 'added' && parent) {
            const [before, after] = [await readCanonical(table, { version: parent.id }), await readCanonical(table, { version: v.id })];
            const names = table.columnNames();
            for (const f of got.files) for (const r of f.rows ?? []) {
              if (!Object.keys(r.values).every((k) => names.includes(k))) continue;
              expect(count(after, r.values), JSON.stringify(r.values)).toBeLessThan(count(before, r.values));
            }
          }
        }
      }
      expect(seen).toBeGreaterThanOrEqual(c.min);
    });
  }
});
