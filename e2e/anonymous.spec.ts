/**
 * A public-read bucket opened anonymously (no keys): the browser's unsigned requests list and read it;
 * the writes bar shows every action disabled with the reason. Uses its own bucket on the Ceph gateway,
 * made public-read with CORS for the preview origin.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { FIXTURES_DIR } from '../src/testing/fixtures.ts';
import { createBucket, deleteBucket, deleteBucketContents, setBucketCors, setBucketPublicRead, uniqueName, uploadFolder } from '../src/testing/s3-env.ts';
import { PREVIEW_ORIGINS, SCREENSHOT_DIR, readE2eState } from './e2e-state.ts';
import { dataRowCount, expectedOf, openTableFromRail, watchErrors } from './explorer-helpers.ts';

mkdirSync(SCREENSHOT_DIR, { recursive: true });

test.describe('anonymous access to a public-read bucket', () => {
  const state = readE2eState();
  test.skip(!state.s3, state.reason ?? 'S3 not prepared');
  const bucket = uniqueName('e2e-public');

  test.beforeAll(async () => {
    await createBucket(bucket);
    await setBucketCors(bucket, PREVIEW_ORIGINS);
    await setBucketPublicRead(bucket);
    await uploadFolder(join(FIXTURES_DIR, 'iceberg/v2_athena_object_storage_layout'), bucket, 'lake/athena');
  });
  test.afterAll(async () => {
    await deleteBucketContents(bucket).catch(() => undefined);
    await deleteBucket(bucket).catch(() => undefined);
  });

  async function openAnonymously(page: Page) {
    await page.goto('/');
    await page.getByRole('tab', { name: /S3-compatible bucket/ }).click();
    await page.getByRole('radio', { name: 'Ceph RGW' }).click();
    await page.getByLabel('Endpoint').fill(state.endpoint);
    await page.getByRole('textbox', { name: 'Bucket', exact: true }).fill(bucket);
    await page.getByRole('checkbox', { name: /Anonymous/ }).check();
    await expect(page.getByLabel('Access key id')).toHaveCount(0);
    await page.getByRole('button', { name: 'Open bucket' }).click();
  }

  test('lists and reads the table with no keys', async ({ page }) => {
    const errors = watchErrors(page);
    await openAnonymously(page);
    const rail = page.getByRole('tree', { name: 'Folders and tables' });
    await expect(rail.getByRole('treeitem', { name: /athena/ })).toContainText('Iceberg');
    const region = await openTableFromRail(page, 'athena');
    await region.getByRole('tab', { name: 'Data' }).click();
    expect(await dataRowCount(page)).toBe(expectedOf('iceberg/v2_athena_object_storage_layout').versions.at(-1)!.rowCount);
    await page.screenshot({ path: join(SCREENSHOT_DIR, '80-s3-anonymous.png') });
    expect(errors).toEqual([]);
  });

  test('shows writes disabled with the reason, not buttons that fail', async ({ page }) => {
    const errors = watchErrors(page);
    await openAnonymously(page);
    await openTableFromRail(page, 'athena');
    const bar = page.getByRole('toolbar', { name: 'Write actions' });
    // The note why beside the bar (its description).
    await expect(page.getByTestId('writes-off')).toContainText('writes are off');
    await expect(page.getByTestId('writes-off')).toContainText('Opened anonymously');
    await expect(bar).toHaveAttribute('aria-describedby', (await page.getByTestId('writes-off').getAttribute('id'))!);
    const tag = bar.getByRole('button', { name: 'Tag…' });
    await expect(tag).toBeDisabled();
    await expect(tag).toHaveAttribute('title', /Opened anonymously/);
    await expect(bar.getByRole('button', { name: 'Maintain ▾' })).toBeDisabled();
    expect(errors).toEqual([]);
  });
});
