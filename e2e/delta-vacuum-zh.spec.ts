/**
 * Issue 20: a Delta write preview in the reader's language — VACUUM previewed in zh-CN over the S3 gateway: its
 * description and its own commit note (VACUUM commits nothing) are Chinese, not the engine's English, with the
 * cut-off time set apart as data; its delete list under VACUUM's own heading; the inspector's fileModificationTime a
 * time. Screenshot: test-results/screenshots/delta-vacuum-preview-zh.
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FIXTURES_DIR } from '../src/testing/fixtures.ts';
import { uniqueName, uploadFolder } from '../src/testing/s3-env.ts';
import { readE2eState } from './e2e-state.ts';
import { openTableFromRail, shot, watchErrors } from './explorer-helpers.ts';
import { openS3Prefix } from './writes-helpers.ts';

const FIXTURE = 'delta/dv-partitioned-with-checkpoint';
const NAME = 'dv-partitioned-with-checkpoint';

test.describe('Delta VACUUM preview in Chinese', () => {
  const state = readE2eState();
  test.skip(!state.s3, state.reason ?? 'S3 not prepared');
  let prefix = '';
  test.beforeAll(async () => {
    prefix = `${uniqueName('delta-zh')}/`;
    await uploadFolder(join(FIXTURES_DIR, FIXTURE, 'delta'), state.bucket as string, `${prefix}${NAME}/`);
  });

  test('description and commit note in Chinese', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await openS3Prefix(page, state, prefix);
    await openTableFromRail(page, NAME);
    await page.getByTestId('language-switch').getByRole('button', { name: '中文' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.getByRole('button', { name: '维护 ▾' }).click();
    await page.getByRole('menuitem', { name: /清理（VACUUM）/ }).click();
    const preview = page.getByTestId('write-preview');
    await expect(preview).toHaveAttribute('data-operation', 'vacuum');
    // Files were uploaded just now: none is past the 7-day retention, so the preview reports nothing to delete.
    await expect(preview.locator('.ws-description')).toContainText('VACUUM：表下没有既未被引用、又早于保留期');
    await expect(preview.locator('.ws-description .error-data')).toHaveText(/^\d{4}-\d\d-\d\dT/);
    await expect(preview.locator('.ws-concurrency')).toHaveText(/^VACUUM 不产生提交/);
    await expect(preview).not.toContainText('no file under the table');
    // VACUUM's delete list has its own heading, not expire's "files that become unreachable".
    await expect(preview.getByRole('region', { name: 'VACUUM 可删除的文件' })).toBeVisible();
    await expect(preview).not.toContainText('将变得不可达的文件');
    // The inspector shows the commit file's modification time as a time, not 1,7xx,xxx,xxx,xxx.
    await expect(page.getByTestId('version-summary')).toContainText('fileModificationTime');
    await expect(page.getByTestId('version-summary')).not.toContainText(/\d,\d{3},\d{3},\d{3},\d{3}/);
    await shot(page, 'delta-vacuum-preview-zh');
    expect(errors).toEqual([]);
  });
});
