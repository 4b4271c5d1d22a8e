/**
 * The explorer over tables the fixtures do not cover: a table Lakescope writes itself with a varied
 * history (branch, tag, deletes, compaction, schema and spec evolution), the built-in demo warehouse
 * (checked against the Node read path), and the Paimon fixtures.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openIcebergTable } from '../src/core/formats/iceberg/index.ts';
import { FsStorage } from '../src/platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../src/testing/fixtures.ts';
import { REPO_ROOT } from './e2e-state.ts';
import { dataRowCount, expandTreeToEntries, expectedOf, openTableFromRail, selectVersion, shot, watchErrors } from './explorer-helpers.ts';
import { HISTORY_TABLE, writeHistoryTable } from './history-table.ts';

test('a table with a branch, a tag, deletes, compaction and schema/spec evolution (written by Lakescope)', async ({ page }) => {
  const errors = watchErrors(page);
  const h = await writeHistoryTable(join(tmpdir(), `lakescope-e2e-history-${process.pid}`));
  await page.goto('/');
  await page.getByRole('tab', { name: /Local folder/ }).click();
  await page.locator('input[type=file]').setInputFiles(h.lake);
  const region = await openTableFromRail(page, HISTORY_TABLE);
  const timeline = region.getByRole('group', { name: 'Timeline' });
  await expect(timeline).toContainText(`${h.versions.length} versions`);
  await expect(timeline).toContainText('2 lanes');
  await expect(timeline.getByTestId('timeline-lanes')).toContainText('audit');
  await expect(timeline.locator('.tl-flag')).toContainText('v1.0');
  for (const op of ['append', 'delete', 'replace']) await expect(timeline.getByRole('list', { name: 'Operation colours' })).toContainText(op);
  await shot(page, '29-explorer-history-timeline');
  // Reading a tag and a branch from the data tab.
  await region.getByRole('tab', { name: 'Data' }).click();
  expect(await dataRowCount(page)).toBe(h.rows);
  await page.getByRole('combobox', { name: 'Version, branch or tag to read' }).selectOption('v1.0');
  expect(await dataRowCount(page)).toBe(40);
  await page.getByRole('combobox', { name: 'Version, branch or tag to read' }).selectOption('audit');
  expect(await dataRowCount(page)).toBe(45);
  // Schema and partition spec evolution.
  await region.getByRole('tab', { name: 'Schema' }).click();
  await page.getByRole('button', { name: /schema 1/ }).click();
  await expect(page.getByRole('region', { name: 'Changes from schema 0' }).or(page.locator('.schema-changes'))).toContainText('note');
  await region.getByRole('tab', { name: 'Partitions' }).click();
  await expect(region.getByRole('region', { name: 'Partition specs' })).toContainText('bucket[4](id)');
  await shot(page, '29b-explorer-history-partitions');
  // A wide screen: same views, more room.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await region.getByRole('tab', { name: 'Tree' }).click();
  await expandTreeToEntries(page);
  await page.getByRole('tree', { name: 'Metadata tree' }).locator('[data-kind="data-file"]').first().click();
  await shot(page, '29c-explorer-wide-tree');
  expect(errors).toEqual([]);
});

test.describe('explorer over Paimon fixtures', () => {
  test.skip(!FIXTURES_PRESENT, FIXTURES_SKIP_REASON);

  test('every Paimon fixture: timeline, tree, and the current version’s expected row count', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await page.goto('/');
    await page.getByRole('tab', { name: /Local folder/ }).click();
    await page.locator('input[type=file]').setInputFiles(join(FIXTURES_DIR, 'paimon'));
    for (const name of readdirSync(join(FIXTURES_DIR, 'paimon'))) {
      const expected = expectedOf(`paimon/${name}`);
      const region = await openTableFromRail(page, name);
      await expect(region.getByRole('group', { name: 'Timeline' })).toContainText(`${expected.versions.length} version`);
      await region.getByRole('tab', { name: 'Data' }).click();
      const current = expected.versions.find((v) => v.id === expected.current)!;
      expect(await dataRowCount(page), name).toBe(current.rowCount);
    }
    const region = page.getByRole('region', { name: /^Table / });
    await region.getByRole('tab', { name: 'Tree' }).click();
    const tree = page.getByRole('tree', { name: 'Metadata tree' });
    await expect(tree.locator('[data-kind="snapshot"]')).toBeVisible();
    // The snapshot (the tree's root) starts expanded, as Iceberg's metadata file does.
    await expect(tree.locator('[data-kind="snapshot"]')).toHaveAttribute('aria-expanded', 'true');
    await expect(tree.locator('[data-kind="manifest-list"]').first()).toBeVisible();
    await shot(page, '35-paimon-tree');
    await region.getByRole('tab', { name: 'Schema' }).click();
    await shot(page, '36-paimon-schema');
    expect(errors).toEqual([]);
  });
});

test('the demo warehouse: timeline → the delete snapshot → tree → entries → data → raw manifest', async ({ page }) => {
  const errors = watchErrors(page);
  const index = JSON.parse(readFileSync(join(REPO_ROOT, 'public/demo/index.json'), 'utf8')) as { files: { key: string }[] };
  const tables = [...new Set(index.files.map((f) => /^(.*)\/metadata\/[^/]+\.metadata\.json$/.exec(f.key)?.[1]).filter((x): x is string => !!x))];
  await page.goto('/?w=demo');
  await expect(page.getByRole('banner')).toContainText('Demo warehouse');
  if (tables.length === 0) {
    await expect(page.getByText('No Iceberg, Delta, Paimon or Hudi table was found here')).toBeVisible();
    return;
  }
  const path = tables.includes('sales/orders') ? 'sales/orders' : tables[0];
  // Row counts per version computed in Node by the same engine from the files on disk: the browser path
  // (static HTTP with a key list, worker, paged cursor) must agree exactly.
  installNodeParquetWasm();
  const nodeTable = await openIcebergTable(new FsStorage(join(REPO_ROOT, 'public/demo', path), { readOnly: true }));
  const versions = await nodeTable.versions();
  const target = versions.find((v) => v.operation === 'delete') ?? versions[Math.max(0, versions.length - 2)];
  let rows = 0;
  for await (const b of nodeTable.scan({ version: target.id })) rows += b.numRows;

  const name = path.split('/').pop() as string;
  const rail = page.getByRole('tree', { name: 'Folders and tables' });
  await expect(rail.getByRole('treeitem', { name: new RegExp(name) })).toBeVisible();
  const region = await openTableFromRail(page, name);
  await expect(region.getByRole('group', { name: 'Timeline' })).toContainText(`${versions.length.toLocaleString('en-US')} versions`);
  await shot(page, '40-demo-table');
  await selectVersion(page, target.id, target.isCurrent);
  await region.getByRole('tab', { name: 'Tree' }).click();
  const { entries } = await expandTreeToEntries(page);
  await entries.first().click();
  await expect(page.getByRole('complementary', { name: 'Inspector' }).locator('.inspector-record')).toContainText('data_file');
  await shot(page, '41-demo-tree');
  await region.getByRole('tab', { name: 'Data' }).click();
  expect(await dataRowCount(page)).toBe(rows);
  await shot(page, '42-demo-data');
  await region.getByRole('tab', { name: 'Raw' }).click();
  await page.getByRole('option', { name: /-m\d+\.avro/ }).first().click();
  await expect(page.getByTestId('avro-record-count')).toContainText(/record/);
  await shot(page, '43-demo-raw');
  expect(errors).toEqual([]);
});
