/**
 * Issue 20: Iceberg and Paimon write previews in the reader's language — on fresh copies over the S3 gateway, in
 * zh-CN: the Maintain menu's descriptions (the buttons' tooltips), an Iceberg manifest rewrite preview and a Paimon
 * full compaction preview (description, the "level N" file notes, commit note) are Chinese, with no English sentence
 * in the dialog. Screenshots: test-results/screenshots/iceberg-preview-zh, paimon-compact-preview-zh.
 */
import { expect, test, type Page } from '@playwright/test';
import { readE2eState } from './e2e-state.ts';
import { openTableFromRail, shot, watchErrors } from './explorer-helpers.ts';
import { openS3Prefix, uploadTableCopy } from './writes-helpers.ts';
import { englishSentences, uiTexts } from './visible-text.ts';

async function toChinese(page: Page) {
  await page.getByTestId('language-switch').getByRole('button', { name: '中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
}

/** The Maintain menu open: every item's description is Chinese. */
async function openMaintain(page: Page) {
  await page.getByRole('button', { name: '维护 ▾' }).click();
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  for (const title of await items.evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''))) expect(title).toMatch(/[\u4e00-\u9fff]/);
  expect(englishSentences(await uiTexts(page, '[role="menu"]'))).toEqual([]);
}

test.describe('Iceberg and Paimon write previews in Chinese', () => {
  const state = readE2eState();
  test.skip(!state.s3, state.reason ?? 'S3 not prepared');

  test('Iceberg: the Maintain menu and a manifest rewrite preview', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    const prefix = await uploadTableCopy(state, 'iceberg/v2_spark_position_deletes');
    await openS3Prefix(page, state, prefix);
    await openTableFromRail(page, 'v2_spark_position_deletes');
    await toChinese(page);
    await openMaintain(page);
    await page.getByRole('menuitem', { name: /重写 manifest/ }).click();
    const preview = page.getByTestId('write-preview');
    await expect(preview).toHaveAttribute('data-operation', 'rewrite-manifests');
    await expect(preview.locator('.ws-description')).toContainText(/合并|无需合并/);
    await expect(preview).not.toContainText('small manifest');
    expect(englishSentences(await uiTexts(page, '[data-testid="write-preview"]'))).toEqual([]);
    await shot(page, 'iceberg-preview-zh');
    expect(errors).toEqual([]);
  });

  test('Paimon: the Maintain menu and a full compaction preview with its level notes', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    const prefix = await uploadTableCopy(state, 'paimon/pk_mor_pk_table_scan_and_read_mor');
    await openS3Prefix(page, state, prefix);
    await openTableFromRail(page, 'pk_mor_pk_table_scan_and_read_mor');
    await toChinese(page);
    await openMaintain(page);
    await page.getByRole('menuitem', { name: /合并/ }).click();
    const preview = page.getByTestId('write-preview');
    await expect(preview).toHaveAttribute('data-operation', 'compact');
    await expect(preview.locator('.ws-description')).toContainText('全量压缩');
    await expect(preview).toContainText('从表中移除（文件保留到过期清理为止）');
    await expect(preview).not.toContainText('removed from the table');
    expect(englishSentences(await uiTexts(page, '[data-testid="write-preview"]'))).toEqual([]);
    await shot(page, 'paimon-compact-preview-zh');
    expect(errors).toEqual([]);
  });
});
