/**
 * Issue 20, the views i18n.spec.ts's walk of the demo does not reach, in zh-CN over the S3 gateway (writes need a
 * writable copy): every write action a Delta and a Paimon table offer — each button of the writes bar and each item
 * of the Maintain menu, its form and its preview (description, file lists and notes, warnings, commit note, the
 * over-budget panel) — the result toast after a write, the Health tab of a partitioned and an unpartitioned table,
 * and the Partitions view of both. No English sentence in any of them (e2e/visible-text.ts). Then (err12) what
 * follows a write: Delta rows appended (the toast, the timeline's new version and Health after it), a RESTORE of an
 * older Delta version (preview, toast, timeline), and every write an Iceberg copy offers on its current and on an
 * older snapshot (writes bar, More and Maintain menus: tag/branch, roll back, set current, cherry-pick, expire,
 * compact, rewrite manifests; each form and preview), a tag created, one removed (the toast's Undo), a rollback
 * confirmed: their toasts and the page after them. Screenshots: test-results/screenshots/zh-writes-*.
 */
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { FIXTURES_DIR } from '../src/testing/fixtures.ts';
import { uniqueName, uploadFolder } from '../src/testing/s3-env.ts';
import { readE2eState } from './e2e-state.ts';
import { openTableFromRail, settled, shot, watchErrors } from './explorer-helpers.ts';
import { openS3Prefix } from './writes-helpers.ts';
import { englishSentences, uiTexts } from './visible-text.ts';

async function toChinese(page: Page) {
  await page.getByTestId('language-switch').getByRole('button', { name: '中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
}

async function noEnglish(page: Page, view: string, root = 'body') {
  await settled(page);
  expect.soft(englishSentences(await uiTexts(page, root)), `English text on ${view}`).toEqual([]);
}

async function openTab(page: Page, tab: string) {
  await page.locator(`[role="tab"][data-tab="${tab}"]`).click();
  await expect(page.locator(`[role="tab"][data-tab="${tab}"]`)).toHaveAttribute('aria-selected', 'true');
}

/** A screenshot name from a view: its first words (a menu item's text holds its whole description). */
const file = (s: string) => s.split('\n')[0]!.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 60);

/**
 * The dialog a write button opened: its form checked, then (when the form can be previewed as it stands) its
 * preview checked; closed with Escape (a preview is never confirmed here).
 */
async function checkDialog(page: Page, view: string) {
  const dialog = page.getByRole('dialog').last();
  await expect(dialog).toBeVisible();
  const preview = dialog.getByRole('button', { name: '预览…', exact: true });
  // A row form previews nothing until a row is typed: every empty field gets 1 (an integer, a string, a key).
  if (await preview.count() && !await preview.isEnabled()) {
    for (const input of await dialog.locator('input:not([type]):not([disabled]), input[type="text"]:not([disabled])').all()) {
      if (!await input.inputValue()) await input.fill('1');
    }
  }
  if (await preview.count() && await preview.isEnabled()) {
    await noEnglish(page, `${view} (form)`, '[role="dialog"]');
    await preview.click();
  }
  const shown = page.locator('[role="dialog"] [data-testid="write-preview"], [role="dialog"] .error-panel, [role="dialog"] form, [role="dialog"] .rows-form');
  await expect(shown.first()).toBeVisible({ timeout: 60_000 });
  await noEnglish(page, view, '[role="dialog"]');
  await shot(page, `zh-writes-${file(view)}`);
  for (let i = 0; i < 3 && await page.getByRole('dialog').count(); i++) await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Every enabled button of the writes bar (row writes included) and every item of the Maintain menu, one by one. */
async function everyWrite(page: Page, table: string) {
  const bar = page.locator('.ws-bar');
  await expect(bar).toBeVisible();
  await noEnglish(page, `${table} writes bar`, '.ws-bar');
  const buttons = await bar.locator('.ws-fit:not([hidden]) > button:not([disabled])').allInnerTexts();
  for (const label of buttons) {
    await bar.locator('.ws-fit:not([hidden]) > button', { hasText: label }).first().click();
    await checkDialog(page, `${table} ${label}`);
  }
  // The buttons that did not fit are items of More ▾ (disabled ones stay there with their reason), then Maintain ▾.
  for (const button of [bar.getByTestId('tabs-more'), bar.getByRole('button', { name: /^维护/ })]) {
    if (!await button.count()) continue;
    await button.click();
    const items = page.getByRole('menuitem');
    await expect(items.first()).toBeVisible();
    await noEnglish(page, `${table} menu`, '[role="menu"]');
    const names = await items.evaluateAll((els) => els.filter((e) => e.getAttribute('aria-disabled') !== 'true').map((e) => e.textContent ?? ''));
    await page.keyboard.press('Escape');
    for (const name of names) {
      await button.click();
      await page.getByRole('menuitem').filter({ hasText: name }).first().click();
      await checkDialog(page, `${table} ${name}`);
    }
  }
}

/** The Health tab and the Partitions view of the open table. */
async function healthAndPartitions(page: Page, table: string) {
  await openTab(page, 'health');
  await expect(page.locator('.health-rule').first()).toBeVisible({ timeout: 60_000 });
  await noEnglish(page, `${table} health`);
  await shot(page, `zh-writes-${table}-health`);
  await openTab(page, 'partitions');
  await expect(page.locator('.partitions .vtable, .partitions .empty-state').first()).toBeVisible({ timeout: 60_000 });
  await noEnglish(page, `${table} partitions`);
  await shot(page, `zh-writes-${table}-partitions`);
}

test.describe('write previews, results, Health and Partitions in Chinese', () => {
  const state = readE2eState();
  test.skip(!state.s3, state.reason ?? 'S3 not prepared');

  async function open(page: Page, fixture: string, sub = '') {
    const name = fixture.split('/').pop() as string;
    const prefix = `${uniqueName('zh-writes')}/`;
    await uploadFolder(join(FIXTURES_DIR, fixture, sub), state.bucket as string, `${prefix}${name}/`);
    await openS3Prefix(page, state, prefix);
    await openTableFromRail(page, name);
    await toChinese(page);
    await expect(page.getByTestId('selected-version')).toBeVisible();
  }

  for (const [fixture, sub, tag] of [
    ['delta/dv-partitioned-with-checkpoint', 'delta', 'delta-partitioned'],
    ['paimon/pk_dv_partitioned_pk_09', '', 'paimon-partitioned'],
    ['paimon/pk_mor_pk_table_scan_and_read_mor', '', 'paimon-rows'],
  ] as const) {
    test(`${tag}: every write's form and preview, Health and Partitions`, async ({ page }) => {
      test.setTimeout(300_000);
      const errors = watchErrors(page);
      await open(page, fixture, sub);
      await everyWrite(page, tag);
      await healthAndPartitions(page, tag);
      expect(errors).toEqual([]);
    });
  }

  for (const [fixture, sub, engineName] of [
    ['delta/dv-partitioned-with-checkpoint', 'delta', '启用 Delta Lake 的 Spark SQL'],
    ['paimon/pk_dv_partitioned_pk_09', '', '启用 Paimon 的 Spark SQL'],
  ] as const) {
    test(`over the browser's budget: ${fixture.split('/')[0]} compaction offers its engine SQL, the engine named in Chinese`, async ({ page }) => {
      test.setTimeout(180_000);
      const errors = watchErrors(page);
      // A budget of 1 KiB for one rewrite (the page's own setting): every compaction is over it.
      await page.addInitScript(() => localStorage.setItem('lakescope.rewriteBudgetBytes', '1024'));
      await open(page, fixture, sub);
      await page.getByRole('button', { name: /^维护/ }).click();
      await page.getByRole('menuitem').filter({ hasText: '合并' }).first().click();
      const dialog = page.getByRole('dialog').last();
      const next = dialog.getByRole('button', { name: '预览…', exact: true });
      if (await next.count()) await next.click();
      const over = page.getByTestId('over-budget');
      await expect(over).toBeVisible({ timeout: 60_000 });
      await expect(over).toContainText(engineName);
      await expect(page.locator('[role="dialog"] .ws-warnings')).toContainText(engineName);
      await noEnglish(page, `${fixture} over budget`, '[role="dialog"]');
      await shot(page, `zh-writes-over-budget-${fixture.split('/')[0]}`);
      expect(errors).toEqual([]);
    });
  }

  test('delta-unpartitioned: Health, Partitions, and a recommendation applied (its preview and the result toast)', async ({ page }) => {
    test.setTimeout(300_000);
    const errors = watchErrors(page);
    await open(page, 'delta/basic-dv-with-checkpoint');
    await healthAndPartitions(page, 'delta-unpartitioned');
    await openTab(page, 'health');
    const rec = page.getByRole('button', { name: /^预览… / }).first();
    await expect(rec).toBeVisible({ timeout: 60_000 });
    await rec.click();
    const preview = page.getByRole('dialog').last();
    await expect(preview.getByTestId('write-preview')).toBeVisible({ timeout: 60_000 });
    await noEnglish(page, 'delta-unpartitioned recommendation preview', '[role="dialog"]');
    await shot(page, 'zh-writes-delta-unpartitioned-recommendation');
    await preview.getByRole('button', { name: '确认', exact: true }).click();
    await expect(page.getByTestId('write-toast')).toBeVisible({ timeout: 60_000 });
    await shot(page, 'zh-writes-delta-unpartitioned-result');
    expect.soft(englishSentences(await uiTexts(page, '[data-testid="write-toast"]')), 'English text on the result toast').toEqual([]);
    await noEnglish(page, 'delta-unpartitioned health after the write');
    expect(errors).toEqual([]);
  });

  /** Confirms the open preview; the result toast and the page after it (timeline, selected version) hold no English. */
  async function confirmAndCheck(page: Page, view: string) {
    const preview = page.getByRole('dialog').last();
    await expect(preview.getByTestId('write-preview')).toBeVisible({ timeout: 60_000 });
    await noEnglish(page, `${view} preview`, '[role="dialog"]');
    await shot(page, `zh-writes-${view}-preview`);
    await preview.getByRole('button', { name: '确认', exact: true }).click();
    const toast = page.getByTestId('write-toast');
    await expect(toast).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect.soft(englishSentences(await uiTexts(page, '[data-testid="write-toast"]')), `English text on the ${view} toast`).toEqual([]);
    await noEnglish(page, `${view} page after the write`);
    await shot(page, `zh-writes-${view}-result`);
  }

  /** Clicks a write action of the bar: its button, or its item of More ▾ when it did not fit. */
  async function action(page: Page, label: string) {
    const bar = page.locator('.ws-bar');
    const button = bar.locator('.ws-fit:not([hidden]) > button', { hasText: label });
    if (await button.count()) return button.first().click();
    await bar.getByTestId('tabs-more').click();
    await page.getByRole('menuitem').filter({ hasText: label }).first().click();
  }

  /** A row form of the writes bar filled (every empty text field 1), previewed. */
  async function rowWrite(page: Page, label: string) {
    await action(page, label);
    const dialog = page.getByRole('dialog').last();
    for (const input of await dialog.locator('input:not([type]):not([disabled]), input[type="text"]:not([disabled])').all()) {
      if (!await input.inputValue()) await input.fill('1');
    }
    await noEnglish(page, `${label} form`, '[role="dialog"]');
    await dialog.getByRole('button', { name: '预览…', exact: true }).click();
  }

  // Delta's DELETE and UPDATE take a SQL predicate: the browser offers no form for them (the CLI writes them), and
  // the Data grid starts no write. The row write the page offers on a Delta table is append.
  test('delta: rows appended — the form, the preview, the toast, the new version and Health after it', async ({ page }) => {
    test.setTimeout(300_000);
    const errors = watchErrors(page);
    await open(page, 'delta/basic-dv-with-checkpoint');
    await rowWrite(page, '追加行…');
    await confirmAndCheck(page, 'delta-append-rows');
    await expect(page.getByTestId('selected-version')).toContainText('WRITE');
    await openTab(page, 'health');
    await expect(page.locator('.health-rule').first()).toBeVisible({ timeout: 60_000 });
    await noEnglish(page, 'delta health after the append');
    await shot(page, 'zh-writes-delta-health-after-append');
    expect(errors).toEqual([]);
  });

  test('delta: an older version rolled back to — the RESTORE preview, its toast and the timeline after it', async ({ page }) => {
    test.setTimeout(300_000);
    const errors = watchErrors(page);
    await open(page, 'delta/dv-partitioned-with-checkpoint', 'delta');
    await page.getByTestId('timeline-lanes').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('selected-version')).not.toContainText('当前');
    await noEnglish(page, 'delta older version');
    await action(page, '回滚到这里');
    await expect(page.getByTestId('write-preview')).toHaveAttribute('data-operation', 'restore', { timeout: 60_000 });
    await confirmAndCheck(page, 'delta-restore');
    await expect(page.getByTestId('selected-version')).toContainText('RESTORE');
    expect(errors).toEqual([]);
  });

  test('iceberg: every write\'s form and preview on the current, an older and a rolled-back snapshot; a tag and a rollback confirmed', async ({ page }) => {
    test.setTimeout(480_000);
    const errors = watchErrors(page);
    const lanes = page.getByTestId('timeline-lanes');
    await open(page, 'iceberg/v2_spark_position_deletes');
    await everyWrite(page, 'iceberg');
    // An older snapshot offers what the current one does not: roll back.
    await lanes.focus();
    await page.keyboard.press('Home');
    await expect(page.getByTestId('selected-version')).not.toContainText('当前');
    await everyWrite(page, 'iceberg-older');
    // A tag on the current snapshot, confirmed; then its removal is one of the writes offered.
    await lanes.focus();
    await page.keyboard.press('End');
    await action(page, '打标签…');
    const dialog = page.getByRole('dialog').last();
    await dialog.locator('input').first().fill('zh_tag');
    await noEnglish(page, 'iceberg tag form', '[role="dialog"]');
    const next = dialog.getByRole('button', { name: '预览…', exact: true });
    if (await next.count()) await next.click();
    await confirmAndCheck(page, 'iceberg-tag');
    await everyWrite(page, 'iceberg-tagged');
    // The bar offers no tag removal on Iceberg; the toast's Undo does (a remove-ref preview): confirmed too.
    await action(page, '打标签…');
    await page.getByRole('dialog').last().locator('input').first().fill('zh_tag2');
    const next2 = page.getByRole('dialog').last().getByRole('button', { name: '预览…', exact: true });
    if (await next2.count()) await next2.click();
    await confirmAndCheck(page, 'iceberg-tag2');
    await page.getByTestId('write-toast').getByRole('button', { name: '撤销', exact: true }).click();
    await expect(page.getByTestId('write-preview')).toHaveAttribute('data-operation', /remove|ref/, { timeout: 60_000 });
    await confirmAndCheck(page, 'iceberg-remove-tag');
    // Main rolled back to the first snapshot; the newest is then off main's history: set current, cherry-pick.
    await lanes.focus();
    await page.keyboard.press('Home');
    await action(page, '回滚到这里');
    await confirmAndCheck(page, 'iceberg-rollback');
    // The rolled-back snapshots are on no branch: their lane's label (SVG text, one word) is Chinese too.
    await expect(lanes).toContainText('不在分支上');
    await expect(lanes).not.toContainText('unreferen');
    await lanes.focus();
    await page.keyboard.press('End');
    await expect(page.getByTestId('selected-version')).not.toContainText('当前');
    await everyWrite(page, 'iceberg-future');
    await openTab(page, 'health');
    await expect(page.locator('.health-rule').first()).toBeVisible({ timeout: 60_000 });
    await noEnglish(page, 'iceberg health after the writes');
    await shot(page, 'zh-writes-iceberg-health-after-writes');
    expect(errors).toEqual([]);
  });
});
