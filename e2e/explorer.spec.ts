/**
 * The table explorer in Chromium over the engine-written Iceberg fixtures: through the local-folder
 * fallback, a File System Access handle (OPFS stands in for the picker) and the S3 gateway with keys.
 * Each walk: timeline → an older version → tree → entries → data preview (row counts equal
 * the fixtures' expected values) → raw manifest records.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../src/testing/fixtures.ts';
import { readE2eState } from './e2e-state.ts';
import { dataRowCount, expandAllOfKind, expandTreeToEntries, expectedOf, openTableFromRail, selectVersion, shot, watchErrors } from './explorer-helpers.ts';

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
    // Keyboard on the pooled rows: End makes the last row active and shows it, Home the first, ↓ the next.
    const shown = Number((await page.locator('.tree-help span').first().innerText()).replace(/[^\d]/g, ''));
    await tree.focus();
    await page.keyboard.press('End');
    await expect(tree).toHaveAttribute('aria-activedescendant', `tree-row-${shown - 1}`);
    await expect(tree.locator(`#tree-row-${shown - 1}`)).toBeInViewport();
    await page.keyboard.press('Home');
    await expect(tree).toHaveAttribute('aria-activedescendant', 'tree-row-0');
    await expect(tree.locator('#tree-row-0')).toHaveAttribute('aria-level', '1');
    await expect(tree.locator('#tree-row-0')).toHaveClass(/\bactive\b/);
    await page.keyboard.press('ArrowDown');
    await expect(tree).toHaveAttribute('aria-activedescendant', 'tree-row-1');
    await expect(tree.locator('#tree-row-1')).toHaveAttribute('aria-selected', 'true');

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
    await expandAllOfKind(page, 'manifest-list');
    await expandAllOfKind(page, 'manifest');
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
    await expect(page.getByRole('table', { name: 'Past states' })).toContainText('v5.metadata.json');
    await shot(page, '32-s3-overview');
    await page.getByRole('button', { name: 'Close warehouse' }).click();
    await page.getByRole('tab', { name: /S3-compatible bucket/ }).click();
    await page.getByRole('button', { name: 'Forget' }).click();
    expect(errors).toEqual([]);
  });
});
