/**
 * The table explorer in Chromium over real engine-written tables: through the local-folder fallback, a
 * File System Access handle (OPFS stands in for the picker), the S3 gateway with keys, and the demo
 * warehouse. Each walk: timeline → an older version → tree → entries → data preview (row counts equal
 * the fixtures' expected values) → raw manifest records.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { type ConsoleMessage, type Page, expect, test } from '@playwright/test';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../src/testing/fixtures.ts';
import { readE2eState, REPO_ROOT } from './e2e-state.ts';
import { dataRowCount, expandTreeToEntries, expectedOf, openTableFromRail, selectVersion, shot } from './explorer-helpers.ts';
import { HISTORY_TABLE, writeHistoryTable } from './history-table.ts';
import { openIcebergTable } from '../src/core/formats/iceberg/index.ts';
import { FsStorage } from '../src/platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

const TABLE = 'v2_spark_position_deletes';

test.describe('explorer over a local folder of Iceberg fixtures', () => {
  test.skip(!FIXTURES_PRESENT, FIXTURES_SKIP_REASON);

  test('timeline → older snapshot → tree → entries → data → raw manifest', async ({ page }) => {
    const errors = watchErrors(page);
    const expected = expectedOf(`iceberg/${TABLE}`);
    await page.goto('/');
    await page.getByRole('tab', { name: /Local folder/ }).click();
    await page.locator('input[type=file]').setInputFiles(join(FIXTURES_DIR, 'iceberg'));
    await expect(page.getByRole('banner')).toContainText('folder "iceberg"');
    const region = await openTableFromRail(page, TABLE);
    // Every version is on the timeline; the current one is selected.
    for (const v of expected.versions) await expect(page.locator(`[data-version="${v.id}"]`).first()).toBeAttached();
    await expect(page.getByTestId('selected-version')).toContainText(expected.current);
    await shot(page, '20-explorer-overview');

    // Keyboard on the timeline: Home goes to the oldest version.
    await page.getByTestId('timeline-lanes').focus();
    await page.keyboard.press('Home');
    const oldest = expected.versions[0];
    await expect(page).toHaveURL(new RegExp(`v=${oldest.id}`));
    // Click an older snapshot (the second one).
    const older = expected.versions[1];
    await selectVersion(page, older.id);
    await shot(page, '21-explorer-older-snapshot');

    await region.getByRole('tab', { name: 'Tree' }).click();
    await expect(page).toHaveURL(/tab=tree/);
    const { tree, entries } = await expandTreeToEntries(page);
    await entries.first().click();
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await expect(inspector.getByTestId('inspector-explanation')).toContainText(/data file|delete file|deletion vector/);
    await expect(inspector.getByRole('link', { name: /Iceberg spec/ })).toHaveAttribute('href', /iceberg\.apache\.org\/spec\/#/);
    // The entry's own record from its manifest: status, sequence numbers, metrics.
    await expect(inspector.locator('.inspector-record')).toContainText('data_file');
    await expect(inspector.locator('.inspector-record')).toContainText('record_count');
    expect(await tree.getByRole('treeitem').count()).toBeGreaterThan(3);
    await shot(page, '22-explorer-tree-entries');

    await region.getByRole('tab', { name: 'Data' }).click();
    expect(await dataRowCount(page)).toBe(older.rowCount);
    await shot(page, '23-explorer-data');

    // The raw viewer decodes a manifest's Avro records.
    await region.getByRole('tab', { name: 'Raw' }).click();
    await page.getByRole('option', { name: /-m0\.avro/ }).first().click();
    await expect(page.getByTestId('raw-decoded')).toContainText('iceberg-manifest');
    await expect(page.getByTestId('avro-record-count')).toContainText(/\d+ records?/);
    await expect(page.getByRole('list', { name: 'Avro records' })).toContainText('data_file');
    await expect(page.getByTestId('raw-decoded')).toContainText('Data sequence number');
    await shot(page, '24-explorer-raw-manifest');

    // Schema and partitions answer for the same version.
    await region.getByRole('tab', { name: 'Schema' }).click();
    await expect(region.getByRole('list', { name: 'Schemas' })).toBeVisible();
    await shot(page, '25-explorer-schema');
    await region.getByRole('tab', { name: 'Partitions' }).click();
    await expect(region.getByRole('region', { name: 'Partition specs' })).toBeVisible();
    await shot(page, '26-explorer-partitions');
    expect(errors).toEqual([]);
  });

  test('every version of every Iceberg fixture previews its expected row count; the filter explains skips', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    await page.goto('/');
    await page.getByRole('tab', { name: /Local folder/ }).click();
    await page.locator('input[type=file]').setInputFiles(join(FIXTURES_DIR, 'iceberg'));
    const names = readdirSync(join(FIXTURES_DIR, 'iceberg'));
    for (const name of names) {
      const expected = expectedOf(`iceberg/${name}`);
      const region = await openTableFromRail(page, name);
      await region.getByRole('tab', { name: 'Data' }).click();
      for (const v of expected.versions) {
        await selectVersion(page, v.id, v.id === expected.current);
        expect(await dataRowCount(page), `${name} @ ${v.id}`).toBe(v.rowCount);
      }
    }
    // Partition pruning explained on the hour+identity table.
    const region = await openTableFromRail(page, 'v1_spark_partitioned_hour_identity');
    await region.getByRole('tab', { name: 'Partitions' }).click();
    await page.getByRole('textbox', { name: 'Filter (where)' }).fill("action = 'click'");
    await page.getByRole('button', { name: 'Explain' }).click();
    const result = page.getByTestId('explain-result');
    await expect(result).toContainText('skipped');
    await expect(result.getByRole('table', { name: 'Planning counts' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Filter and explain' })).toContainText(/action/);
    await page.getByRole('region', { name: 'Filter and explain' }).scrollIntoViewIfNeeded();
    await shot(page, '27-explorer-explain');
    // A bad filter says what is wrong, in place.
    await page.getByRole('textbox', { name: 'Filter (where)' }).fill('action = = 1');
    await page.getByRole('button', { name: 'Explain' }).click();
    await expect(page.getByRole('alert')).toContainText(/filter: expected a literal at position \d+/);
    expect(errors).toEqual([]);
  });
});

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
    await tree.locator('[data-kind="snapshot"] .twisty-btn').click();
    await expect(tree.locator('[data-kind="manifest-list"]').first()).toBeVisible();
    await shot(page, '35-paimon-tree');
    await region.getByRole('tab', { name: 'Schema' }).click();
    await shot(page, '36-paimon-schema');
    expect(errors).toEqual([]);
  });
});

test.describe('explorer through a File System Access handle', () => {
  test.skip(!FIXTURES_PRESENT, FIXTURES_SKIP_REASON);

  test('a v3 table with deletion vectors: DV in the tree, exact rows', async ({ page }) => {
    const errors = watchErrors(page);
    const name = 'v3_spark_deletion_vectors';
    const expected = expectedOf(`iceberg/${name}`);
    const root = join(FIXTURES_DIR, 'iceberg', name);
    const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
      .map((e) => { const p = join(e.parentPath, e.name); return { path: `lake/${name}/${relative(root, p)}`, b64: readFileSync(p).toString('base64') }; });
    await page.goto('/');
    await page.evaluate(async (list) => {
      const rootDir = await navigator.storage.getDirectory();
      for (const f of list) {
        const parts = f.path.split('/');
        let dir = rootDir;
        for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p, { create: true });
        const w = await (await dir.getFileHandle(parts.at(-1) as string, { create: true })).createWritable();
        await w.write(Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0)));
        await w.close();
      }
      const lake = await rootDir.getDirectoryHandle('lake');
      (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () => lake;
    }, files);
    await page.getByRole('tab', { name: /Local folder/ }).click();
    await page.getByRole('button', { name: 'Choose folder…' }).click();
    const region = await openTableFromRail(page, name);
    await region.getByRole('tab', { name: 'Tree' }).click();
    const tree = page.getByRole('tree', { name: 'Metadata tree' });
    await tree.locator('[data-kind="manifest-list"] .twisty-btn').click();
    const manifests = tree.locator('[data-kind="manifest"]');
    await expect(manifests.first()).toBeVisible();
    for (let i = 0; i < await manifests.count(); i++) await manifests.nth(i).locator('.twisty-btn').click();
    const dv = tree.locator('[data-kind="deletion-vector"]').first();
    await expect(dv).toBeVisible();
    await dv.click();
    await expect(page.getByRole('complementary', { name: 'Inspector' })).toContainText('Roaring bitmap');
    await shot(page, '28-explorer-fsa-dv');
    await region.getByRole('tab', { name: 'Data' }).click();
    const current = expected.versions.find((v) => v.id === expected.current)!;
    expect(await dataRowCount(page)).toBe(current.rowCount);
    expect(errors).toEqual([]);
  });
});

test.describe('explorer over the S3 gateway', () => {
  const state = readE2eState();
  test.skip(!state.s3, state.reason ?? 'S3 not prepared');

  test('keys → table → older snapshot → tree → data → raw, and a deep link reopens the snapshot', async ({ page }) => {
    const errors = watchErrors(page);
    const expected = expectedOf(`iceberg/${TABLE}`);
    await page.goto('/');
    await page.getByRole('tab', { name: /S3-compatible bucket/ }).click();
    await page.getByRole('radio', { name: 'Ceph RGW' }).click();
    await page.getByLabel('Endpoint').fill(state.endpoint);
    await page.getByRole('textbox', { name: 'Bucket', exact: true }).fill(state.bucket as string);
    await page.getByLabel('Access key id').fill(state.accessKeyId);
    await page.getByLabel('Secret access key').fill(state.secretAccessKey);
    await page.getByRole('checkbox', { name: 'Remember on this device' }).check();
    await page.getByRole('button', { name: 'Open bucket' }).click();
    const region = await openTableFromRail(page, TABLE);
    const oldest = expected.versions[0];
    await selectVersion(page, oldest.id);
    await region.getByRole('tab', { name: 'Tree' }).click();
    await expandTreeToEntries(page);
    await shot(page, '30-s3-tree');
    await region.getByRole('tab', { name: 'Data' }).click();
    expect(await dataRowCount(page)).toBe(oldest.rowCount);
    await shot(page, '31-s3-data');
    expect(page.url()).not.toContain(state.secretAccessKey);
    expect(page.url()).toContain(`v=${oldest.id}`);
    // The deep link (warehouse, table, snapshot, tab) reopens the same view with remembered keys.
    await page.reload();
    expect(await dataRowCount(page)).toBe(oldest.rowCount);
    await expect(page.getByTestId('selected-version')).toContainText(oldest.id);
    await region.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByRole('table', { name: 'Metadata files' })).toContainText('v5.metadata.json');
    await shot(page, '32-s3-overview');
    await page.getByRole('button', { name: 'Close warehouse' }).click();
    await page.getByRole('tab', { name: /S3-compatible bucket/ }).click();
    await page.getByRole('button', { name: 'Forget' }).click();
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
