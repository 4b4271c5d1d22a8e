/**
 * The Health tab (issue 12) in Chromium: on the demo warehouse (read-only over HTTP) the histogram is drawn
 * and the recommendations say why their action cannot run there; on a copy of the demo's sales/orders in
 * the S3 bucket (keys: writable) a recommendation's button opens the write preview — which is cancelled,
 * never confirmed. Screens are saved under test-results/screenshots/.
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../src/testing/fixtures.ts';
import { uniqueName, uploadFolder } from '../src/testing/s3-env.ts';
import { REPO_ROOT, readE2eState } from './e2e-state.ts';
import { openTableFromRail, shot, watchErrors } from './explorer-helpers.ts';
import { openS3Prefix } from './writes-helpers.ts';

test('demo sales/orders: histogram, ratio cards, history and recommendations that say why they cannot run over HTTP', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/?w=demo&t=sales%2Forders%2F&tab=health');
  const view = page.getByTestId('health-view');
  await expect(view).toBeVisible({ timeout: 30_000 });
  const histogram = page.getByTestId('health-histogram');
  await expect(histogram.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Small files' })).toContainText('100%');
  const recs = page.getByTestId('health-recommendations').getByRole('listitem');
  expect(await recs.count()).toBeGreaterThan(0);
  await expect(page.getByTestId('health-unavailable')).toContainText(/Not available here: .*(plain HTTP|read-only)/);
  await expect(recs.first().getByRole('button', { name: /Preview/ })).toBeDisabled();
  await shot(page, '60-health-demo');
  await histogram.scrollIntoViewIfNeeded();
  await shot(page, '60b-health-demo-histogram');
  // One partition's histogram, picked from the table with the keyboard.
  const first = page.getByRole('region', { name: 'Partitions with the most small files' }).getByRole('button').first();
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Partition' })).not.toHaveValue('');
  await expect(histogram).toHaveAttribute('aria-label', /order_day=/);
  await view.getByRole('region', { name: 'Over time' }).scrollIntoViewIfNeeded();
  await shot(page, '61-health-demo-partition');
  await page.setViewportSize({ width: 800, height: 600 });
  await shot(page, '62-health-demo-800');
  expect(errors).toEqual([]);
});

test('demo events/clicks: deletion vectors show as delete files and delete rows', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/?w=demo&t=events%2Fclicks%2F&tab=health');
  await expect(page.getByTestId('health-view')).toBeVisible({ timeout: 30_000 });
  // README: 1,682 rows written, 1,479 live — the vectors mark the other 1,682 − 1,479 = 203.
  await expect(page.getByRole('group', { name: 'Delete rows' })).toContainText('203 deleted of 1,682 rows in data files');
  await expect(page.getByRole('group', { name: 'Delete rows' })).toContainText('12%');
  await expect(page.getByTestId('health-histogram').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await shot(page, '65-health-demo-clicks');
  expect(errors).toEqual([]);
});

test.describe('Paimon through the same model', () => {
  test.skip(!FIXTURES_PRESENT, FIXTURES_SKIP_REASON);

  test('a Paimon table with deletion vectors: histogram, delete cards and manifests per snapshot', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/');
    await page.getByRole('tab', { name: /Local folder/ }).click();
    await page.locator('input[type=file]').setInputFiles(join(FIXTURES_DIR, 'paimon'));
    const region = await openTableFromRail(page, 'pk_dv_partitioned_pk_09');
    await region.getByRole('tab', { name: 'Health' }).click();
    await expect(page.getByTestId('health-view')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('health-histogram').locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(page.getByRole('group', { name: 'Manifests' })).not.toContainText('none');
    // Its deletion vector records no cardinality in the metadata: said, not shown as 0 rows deleted.
    await expect(page.getByRole('group', { name: 'Delete rows' })).toContainText('1 delete file does not record how many rows it deletes');
    await shot(page, '66-health-paimon');
    expect(errors).toEqual([]);
  });
});

test.describe('a writable copy of the demo table in the S3 bucket', () => {
  const state = readE2eState();
  test.skip(!state.s3, state.reason ?? 'S3 gateway not available');

  test('a recommendation opens the preview of its write (compact one partition), cancelled', async ({ page }) => {
    const errors = watchErrors(page);
    const prefix = `${uniqueName('health')}/`;
    await uploadFolder(join(REPO_ROOT, 'public/demo/sales/orders'), state.bucket as string, `${prefix}orders/`);
    await openS3Prefix(page, state, prefix);
    const region = await openTableFromRail(page, 'orders');
    await region.getByRole('tab', { name: 'Health' }).click();
    await expect(page).toHaveURL(/tab=health/);
    const recs = page.getByTestId('health-recommendations').getByRole('listitem');
    await expect(recs.first()).toBeVisible({ timeout: 30_000 });
    const compact = recs.filter({ hasText: 'Compact partition' }).first();
    const button = compact.getByRole('button', { name: /Preview/ });
    await expect(button).toBeEnabled();
    // Keyboard: the button is reachable and Enter opens the preview.
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Preview: Compact partition order_day=/ });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toContainText(/Rewrite \d+ data file\(s\) in 1 partition\(s\)/);
    await expect(dialog).toContainText('Nothing has been written yet.');
    await shot(page, '63-health-compact-preview');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    // Rewrite manifests previews too.
    await recs.filter({ hasText: /Rewrite \d+ manifests/ }).getByRole('button', { name: /Preview/ }).click();
    const manifests = page.getByRole('dialog', { name: /^Preview: Rewrite \d+ manifests/ });
    await expect(manifests).toBeVisible({ timeout: 30_000 });
    await shot(page, '64-health-manifests-preview');
    await page.keyboard.press('Escape');
    await expect(manifests).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
