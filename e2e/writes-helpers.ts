/**
 * Helpers of the write e2e specs: upload a fresh copy of a fixture table into its own prefix of the
 * CORS bucket global setup made (so each run writes to a copy, never to the fixture), open that prefix
 * with keys, and read facts off the page (the current version, a summary counter in the inspector).
 */
import { join } from 'node:path';
import { type Page, expect } from '@playwright/test';
import { FIXTURES_DIR } from '../src/testing/fixtures.ts';
import { uniqueName, uploadFolder } from '../src/testing/s3-env.ts';
import type { E2eState } from './e2e-state.ts';

/** Uploads `fixture` (`iceberg/<name>`) to `<fresh prefix>/<name>/` of the e2e bucket; returns the prefix. */
export async function uploadTableCopy(state: E2eState, fixture: string): Promise<string> {
  const prefix = `${uniqueName('writes')}/`;
  const name = fixture.split('/').pop() as string;
  await uploadFolder(join(FIXTURES_DIR, fixture), state.bucket as string, `${prefix}${name}/`);
  return prefix;
}

/** Opens the e2e bucket at `prefix` through the S3 form with the gateway's keys. */
export async function openS3Prefix(page: Page, state: E2eState, prefix: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('tab', { name: /S3-compatible bucket/ }).click();
  await page.getByRole('radio', { name: 'Ceph RGW' }).click();
  await page.getByLabel('Endpoint').fill(state.endpoint);
  await page.getByRole('textbox', { name: 'Bucket', exact: true }).fill(state.bucket as string);
  await page.getByRole('textbox', { name: /Prefix/ }).fill(prefix);
  await page.getByLabel('Access key id').fill(state.accessKeyId);
  await page.getByLabel('Secret access key').fill(state.secretAccessKey);
  await page.getByRole('button', { name: 'Open bucket' }).click();
  await expect(page.getByRole('banner')).toContainText(state.bucket as string);
}

/** The version the timeline marks current (its mark carries the ring; the selected line says "current"). */
export async function expectCurrent(page: Page, id: string): Promise<void> {
  await page.locator(`[data-version="${id}"]`).first().dispatchEvent('click');
  await expect(page.getByTestId('selected-version')).toContainText(id);
  await expect(page.getByTestId('selected-version')).toContainText('current');
}

/** A summary counter of the version shown in the inspector (e.g. `total-data-files`). */
export async function inspectorCounter(page: Page, key: string): Promise<number> {
  const dd = page.getByRole('complementary', { name: 'Inspector' }).locator('dl.inspector-props > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${key}$`) }) }).locator('dd');
  await expect(dd).toBeVisible();
  return Number((await dd.innerText()).replace(/[^\d]/g, ''));
}

/** Confirms the open preview dialog and waits for the result toast. */
export async function confirmPreview(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: /^Preview/ });
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByTestId('write-toast')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toHaveCount(0);
}

/**
 * Selects a version with the timeline's keyboard (Home, then → until it is selected): marks of commits
 * made within the same second are thinned to one on the time axis, so a mark may not be clickable.
 */
export async function selectVersionByKeys(page: Page, id: string): Promise<void> {
  const lanes = page.getByTestId('timeline-lanes');
  await lanes.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 200; i++) {
    const line = await page.getByTestId('selected-version').innerText();
    if (new RegExp(`(^|\\s)${id}(\\s|$)`).test(line)) return;
    await page.keyboard.press('ArrowRight');
  }
  await expect(page.getByTestId('selected-version')).toContainText(id);
}
