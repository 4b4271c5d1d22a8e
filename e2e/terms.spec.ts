/**
 * Each format in its own terms, and deletes made visible (issue 12): the Paimon overview says primary
 * key, buckets, merge engine and deletion vectors, its Partitions tab says partition keys; a position
 * delete file, an Iceberg v3 deletion vector and a Paimon deletion vector each list their (data file,
 * position) pairs in the inspector and, one click away, the rows they delete — checked against the
 * fixtures' own facts (which row each delete removes).
 */
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../src/testing/fixtures.ts';
import { openTableFromRail, shot, watchErrors } from './explorer-helpers.ts';

/** Opens a folder of fixtures through the read-only local-folder fallback. */
async function openFolder(page: Page, folder: string) {
  await page.goto('/');
  await page.getByRole('tab', { name: /Local folder/ }).click();
  await page.locator('input[type=file]').setInputFiles(join(FIXTURES_DIR, folder));
  await expect(page.getByRole('banner')).toContainText(`folder "${folder}"`);
}

/** Expands every collapsed row of the given kinds, top-down, until `target` rows show. */
async function expandTo(page: Page, kinds: readonly string[], target: string) {
  const tree = page.getByRole('tree', { name: 'Metadata tree' });
  await expect(tree.getByRole('treeitem').first()).toBeVisible();
  for (const kind of kinds) {
    const rows = tree.locator(`[data-kind="${kind}"][aria-expanded="false"]`);
    await expect(tree.locator(`[data-kind="${kind}"]`).first()).toBeVisible();
    while (await rows.count() > 0) {
      await rows.first().locator('.twisty-btn').click();
      if (await tree.locator(`[data-kind="${target}"]`).count() > 0) break;
    }
  }
  const found = tree.locator(`[data-kind="${target}"]`).first();
  await expect(found).toBeVisible();
  return found;
}

/** Selects a delete node and checks its positions, then its rows, in the inspector. */
async function expectDeletes(page: Page, node: ReturnType<Page['locator']>, o: { dataFile: RegExp; positions: string; row: RegExp }) {
  await node.click();
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  const panel = inspector.getByTestId('deleted-positions');
  await expect(panel).toContainText(o.dataFile);
  await expect(panel.getByTestId('deleted-position-list').first()).toHaveText(o.positions);
  await panel.getByRole('button', { name: 'Show the deleted rows' }).click();
  await expect(panel.getByTestId('deleted-rows').first()).toContainText(o.row);
}

test.describe('deletes in the inspector', () => {
  test.skip(!FIXTURES_PRESENT, FIXTURES_SKIP_REASON);

  test('Iceberg: a position delete file and a v3 deletion vector list their positions and the rows they delete', async ({ page }) => {
    const errors = watchErrors(page);
    await openFolder(page, 'iceberg');
    const region = await openTableFromRail(page, 'v2_spark_position_deletes');
    await region.getByRole('tab', { name: 'Tree' }).click();
    const deleteFile = await expandTo(page, ['manifest-list', 'manifest'], 'delete-file');
    // Spark's delete of the first row of the first data file: Holland Lop, at position 0.
    await expectDeletes(page, deleteFile, { dataFile: /00000-1-9acc37f2.*\.parquet/, positions: '0', row: /Holland Lop/ });
    await shot(page, '60-deletes-position-file');

    const v3 = await openTableFromRail(page, 'v3_spark_deletion_vectors');
    await v3.getByRole('tab', { name: 'Tree' }).click();
    const dv = await expandTo(page, ['manifest-list', 'manifest'], 'deletion-vector');
    await expectDeletes(page, dv, { dataFile: /\.parquet/, positions: '0', row: /\d/ });
    await shot(page, '61-deletes-iceberg-dv');
    expect(errors).toEqual([]);
  });

  test('Paimon: a deletion vector shows its cardinality, positions and the deleted row', async ({ page }) => {
    const errors = watchErrors(page);
    await openFolder(page, 'paimon');
    const region = await openTableFromRail(page, 'pk_dv_partitioned_pk_09');
    await region.getByRole('tab', { name: 'Tree' }).click();
    const dv = await expandTo(page, ['manifest', 'delete-file'], 'deletion-vector');
    // The index manifest leaves cardinality out: counted from the vector, not "—".
    await expect(dv).toContainText('1 row deleted');
    // Tony's first row (position 4 of the bucket-1 file) was superseded by a later write.
    await expectDeletes(page, dv, { dataFile: /data-6d416200.*\.parquet/, positions: '4', row: /Tony/ });
    await shot(page, '62-deletes-paimon-dv');
    expect(errors).toEqual([]);
  });
});

test.describe('Paimon in its own terms', () => {
  test.skip(!FIXTURES_PRESENT, FIXTURES_SKIP_REASON);

  test('overview: primary key, buckets, merge engine, DV setting, options; partitions say partition keys; tree opens with row counts', async ({ page }) => {
    const errors = watchErrors(page);
    await openFolder(page, 'paimon');
    const region = await openTableFromRail(page, 'pk_dv_partitioned_pk_09');
    const facts = region.getByTestId('format-facts');
    await expect(region.getByRole('heading', { name: 'Paimon table' })).toBeVisible();
    for (const [label, value] of [['Primary key', 'f0, f1, f2'], ['Partition keys', 'f1'], ['Buckets', '2 (fixed)'], ['Bucket key', 'f2'],
      ['Merge engine', 'deduplicate'], ['Deletion vectors', 'enabled'], ['Changelog producer', 'none']]) {
      await expect(facts.locator('div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd')).toContainText(value);
    }
    await expect(region.getByRole('heading', { name: 'Table options' })).toBeVisible();
    await expect(region.getByRole('table', { name: 'Table properties' })).toContainText('deletion-vectors.enabled');
    await shot(page, '63-paimon-overview');

    await region.getByRole('tab', { name: 'Partitions' }).click();
    await expect(region.getByRole('heading', { name: 'Partition keys' })).toBeVisible();
    await expect(region.getByTestId('format-partitioning')).toContainText('f1');
    await expect(region).not.toContainText('default for new writes');
    await shot(page, '64-paimon-partitions');

    await region.getByRole('tab', { name: 'Tree' }).click();
    const tree = page.getByRole('tree', { name: 'Metadata tree' });
    await expect(tree.locator('[data-kind="snapshot"]')).toHaveAttribute('aria-expanded', 'true');
    await tree.locator('[data-kind="manifest-list"]').first().locator('.twisty-btn').click();
    const manifest = tree.locator('[data-kind="manifest"]').first();
    await expect(manifest).toContainText(/\+\d+ −\d+ files/);
    await expect(manifest).not.toContainText('~?');
    await manifest.locator('.twisty-btn').click();
    await expect(tree.locator('[data-kind="data-file"]').first()).toContainText(/ADD · \d+ rows? · level \d/);
    await shot(page, '65-paimon-tree');
    expect(errors).toEqual([]);
  });
});
