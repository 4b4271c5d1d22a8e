/**
 * "Past one browser": a compaction that would read more than the budget (set low here) is not run; its
 * preview offers the engine SQL for this table instead — for every format with a compaction writer — naming
 * the table, the options and the target file size. Under the budget the same action prepares as before.
 */
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../testing/fixtures.ts';
import { listTree } from '../../testing/iceberg-writer-fixtures.ts';
import type { WriteAction } from '../commit/write-action.ts';
import type { LakeTable } from '../formats/table-format.ts';
import { openTable } from './open-table.ts';
import { prepareWrite } from './table-writes.ts';

type Format = 'iceberg' | 'paimon' | 'delta';
const open = (root: string, format: Format) => openTable(new FsStorage(FIXTURES_DIR), relative(FIXTURES_DIR, root), format);

/** The first fixture of `format` where `action` has input to read (under the default budget), with that table. */
async function compactable(format: Format, action: WriteAction): Promise<{ table: LakeTable; root: string; inputBytes: number }> {
  for (const fx of listFixtures(format)) {
    const table = await open(fx.root, format);
    try {
      const p = await prepareWrite(table, action);
      if (!p.noop && (p.inputBytes ?? 0) > 0) {
        expect(p.overBudget).toBeUndefined();
        return { table, root: fx.root, inputBytes: p.inputBytes! };
      }
    } catch { /* this fixture cannot be compacted (a writer feature it lacks): try the next */ }
  }
  throw new Error(`no ${format} fixture has anything to compact`);
}

/** `db.table` from a location the way a warehouse lays tables out (`…/db[.db]/table`). */
function dbTable(location: string): string {
  const parts = location.replace(/\/+$/, '').split('/');
  return `${parts.at(-2)!.replace(/\.db$/, '')}.${parts.at(-1)}`;
}

/** Prepares `action` over a 1-byte budget; checks it refuses to run and wrote nothing; returns its SQL. */
async function overBudget(table: LakeTable, root: string, action: WriteAction, inputBytes: number) {
  const before = await listTree(root);
  const p = await prepareWrite(table, action, { rewriteBudgetBytes: 1 });
  expect(p.noop).toBe(true);
  expect(p.overBudget).toMatchObject({ inputBytes, budgetBytes: 1 });
  expect(p.preview.warnings[0]).toMatch(/^Not run here: it would read .*, more than this browser's budget of 1 B/);
  await expect(p.apply()).rejects.toMatchObject({ code: 'Unsupported' });
  expect(await listTree(root)).toEqual(before);
  // A budget above the input runs as before.
  expect((await prepareWrite(table, action, { rewriteBudgetBytes: inputBytes })).overBudget).toBeUndefined();
  return p.overBudget!.engineSql!;
}

describe.skipIf(!FIXTURES_PRESENT)('a compaction over the browser budget offers the engine SQL', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('Iceberg: rewrite_data_files on db.table with the target file size (given, else the table property, else 512 MiB)', async () => {
    const action: WriteAction = { kind: 'compact', targetFileSizeBytes: 64 * 1024 * 1024 };
    const { table, root, inputBytes } = await compactable('iceberg', action);
    const name = dbTable(table.location);
    const sql = await overBudget(table, root, action, inputBytes);
    expect(sql.statements).toEqual([`CALL <catalog>.system.rewrite_data_files(table => '${name}', options => map('target-file-size-bytes', '67108864'));`]);
    expect(sql.notes.join(' ')).toContain('<catalog>');
    const fromTable = Number(table.properties?.['write.target-file-size-bytes']) || 512 * 1024 * 1024;
    const sql2 = await overBudget(table, root, { kind: 'compact', minInputFiles: 2 }, (await prepareWrite(table, { kind: 'compact', minInputFiles: 2 })).inputBytes!);
    expect(sql2.statements).toEqual([`CALL <catalog>.system.rewrite_data_files(table => '${name}', options => map('target-file-size-bytes', '${fromTable}', 'min-input-files', '2'));`]);
  });

  it('Delta: OPTIMIZE on the table path with maxFileSize set to the target (given, else delta.targetFileSize, else 1 GiB)', async () => {
    const action: WriteAction = { kind: 'compact', targetFileSizeBytes: 10_000_000 };
    const { table, root, inputBytes } = await compactable('delta', action);
    const sql = await overBudget(table, root, action, inputBytes);
    expect(sql.statements).toEqual(['SET spark.databricks.delta.optimize.maxFileSize = 10000000;', `OPTIMIZE delta.\`${table.location.replace(/\/+$/, '')}\`;`]);
  });

  it('Paimon: sys.compact on db.table, full strategy, with the target file size (given, else the table option, else Paimon’s default)', async () => {
    const action: WriteAction = { kind: 'compact', strategy: 'full' };
    const { table, root, inputBytes } = await compactable('paimon', action);
    const name = dbTable(table.location);
    const sql = await overBudget(table, root, action, inputBytes);
    const option = table.properties?.['target-file-size'];
    const pk = /"primaryKeys"\s*:\s*\[\s*"/.test(JSON.stringify((table as unknown as { latestSchema: unknown }).latestSchema));
    const target = option ? undefined : (pk ? 128 : 256) * 1024 * 1024;
    const expected = `CALL sys.compact(table => '${name}', compact_strategy => 'full', options => 'target-file-size=${target ?? ''}`;
    if (target !== undefined) expect(sql.statements).toEqual([`${expected}');`]);
    else expect(sql.statements[0]).toMatch(/^CALL sys\.compact\(table => '.*', compact_strategy => 'full', options => 'target-file-size=\d+'\);$/);
    const sized = await overBudget(table, root, { kind: 'compact', strategy: 'full', targetFileSizeBytes: 1000 }, inputBytes);
    expect(sized.statements).toEqual([`CALL sys.compact(table => '${name}', compact_strategy => 'full', options => 'target-file-size=1000');`]);
  });
});
