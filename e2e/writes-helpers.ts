/**
 * Helpers of the write e2e specs: upload a fresh copy of a fixture table into its own prefix of the
 * CORS bucket global setup made (so each run writes to a copy, never to the fixture), open that prefix
 * with keys, and read facts off the page (the current version, a summary counter in the inspector).
 */
import { join } from 'node:path';
import { type Locator, type Page, expect } from '@playwright/test';
import { FIXTURES_DIR } from '../src/testing/fixtures.ts';
import { uniqueName, uploadFolder } from '../src/testing/s3-env.ts';
import type { E2eState } from './e2e-state.ts';
import { selectVersion } from './explorer-helpers.ts';

/** Uploads `fixture` (`iceberg/<name>`) to `<fresh prefix>/<name>/` of the e2e bucket; returns the prefix. */
export async function uploadTableCopy(state: E2eState, fixture: string): Promise<string> {
  const prefix = `${uniqueName('writes')}/`;
  const name = fixture.split('/').pop() as string;
  await uploadFolder(join(FIXTURES_DIR, fixture), state.bucket as string, `${prefix}${name}/`);
  return prefix;
}

/** What the S3 form is given besides the gateway's keys. */
export interface S3FormExtras { remember?: boolean; sessionToken?: string }

/** Fills the S3 form for the e2e bucket at `prefix` with the gateway's keys (and `extras`) and presses Open bucket. */
export async function submitS3Form(page: Page, state: E2eState, prefix: string, extras: S3FormExtras = {}): Promise<void> {
  await page.goto('/');
  await page.getByRole('tab', { name: /S3-compatible bucket/ }).click();
  await page.getByRole('radio', { name: 'Ceph RGW' }).click();
  await page.getByLabel('Endpoint').fill(state.endpoint);
  await page.getByRole('textbox', { name: 'Bucket', exact: true }).fill(state.bucket as string);
  await page.getByRole('textbox', { name: /Prefix/ }).fill(prefix);
  await page.getByLabel('Access key id').fill(state.accessKeyId);
  await page.getByLabel('Secret access key').fill(state.secretAccessKey);
  if (extras.sessionToken !== undefined) await page.locator('input[name="sessionToken"]').fill(extras.sessionToken);
  if (extras.remember) await page.getByRole('checkbox', { name: 'Remember on this device' }).check();
  await page.getByRole('button', { name: 'Open bucket' }).click();
}

/** Opens the e2e bucket at `prefix` through the S3 form with the gateway's keys. */
export async function openS3Prefix(page: Page, state: E2eState, prefix: string): Promise<void> {
  await submitS3Form(page, state, prefix);
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

/** Selects `id` on the timeline and opens the rollback preview (checked to be a rollback); returns the dialog. */
export async function previewRollback(page: Page, id: string): Promise<Locator> {
  await selectVersion(page, id);
  await page.getByRole('toolbar', { name: 'Write actions' }).getByRole('button', { name: 'Roll back to here' }).click();
  const preview = page.getByRole('dialog', { name: /^Preview: Roll back/ });
  await expect(preview.getByTestId('write-preview')).toHaveAttribute('data-operation', 'rollback');
  return preview;
}

/** Maintain ▾ → Compact… → Preview…; returns the preview dialog (checked to be a compaction). */
export async function previewCompact(page: Page): Promise<Locator> {
  await page.getByRole('toolbar', { name: 'Write actions' }).getByRole('button', { name: 'Maintain ▾' }).click();
  await page.getByRole('menuitem', { name: /Compact…/ }).click();
  await page.getByRole('dialog', { name: 'Compact data files' }).getByRole('button', { name: 'Preview…' }).click();
  const preview = page.getByRole('dialog', { name: /^Preview: Compact/ });
  await expect(preview.getByTestId('write-preview')).toHaveAttribute('data-operation', 'compact');
  return preview;
}

/**
 * Confirms a compaction preview and waits until its `replace` snapshot is the current one shown (the toast can
 * come before the timeline catches up); `whileRunning` sees the progress dialog when it shows at all.
 */
export async function confirmCompact(page: Page, preview: Locator, whileRunning?: () => Promise<unknown>): Promise<void> {
  await preview.getByRole('button', { name: 'Confirm', exact: true }).click();
  if (whileRunning) await page.getByTestId('write-progress').waitFor({ timeout: 2_000 }).then(whileRunning, () => undefined);
  await expect(page.getByTestId('write-toast')).toContainText('Compact', { timeout: 30_000 });
  await expect(page.getByTestId('selected-version')).toContainText('replace');
  await expect(page.getByTestId('selected-version')).toContainText('current');
}

/** Undo from the result toast: its preview confirmed, and `id` the current version again. */
export async function undoTo(page: Page, id: string): Promise<void> {
  await page.getByTestId('write-toast').getByRole('button', { name: 'Undo' }).click();
  await confirmPreview(page);
  await expectCurrent(page, id);
}
