/**
 * Issue 20: the language switch is followed at once by every view, without navigation — in the demo and in
 * its sandbox (an OPFS copy). On a table page the header (title of the timeline, tabs, versions list's
 * heading, top bar) and the month labels of the timeline's axis and of the charts change on the click; then
 * each tab, the compare page, the story page and the lessons are switched to Chinese and back while open, and
 * neither an English sentence stays in Chinese nor a Chinese one in English.
 * Screenshots: test-results/screenshots/switch-*.
 */
import { type Page, expect, test } from '@playwright/test';
import { settled, shot, watchErrors } from './explorer-helpers.ts';
import { chineseTexts, englishSentences, uiTexts } from './visible-text.ts';

const ORDERS = 'sales%2Forders%2F';

const toZh = (page: Page) => page.getByTestId('language-switch').getByRole('button', { name: '中文' }).click();
const toEn = (page: Page) => page.getByTestId('language-switch').getByRole('button', { name: 'English' }).click();

/** What the header of the table page says, and the axis labels of the timeline and of the first chart. */
async function header(page: Page) {
  return {
    title: await page.locator('.timeline-title').first().innerText(),
    tabs: await page.locator('[role="tab"][data-tab]').allInnerTexts(),
    list: await page.locator('.vl-head').innerText(),
    months: await page.locator('.tl-tick text').allTextContents(),
    chart: await page.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents(),
  };
}

/** Marks the page; the mark survives a click that neither reloads nor navigates. */
async function mark(page: Page): Promise<() => Promise<void>> {
  const url = page.url();
  await page.evaluate(() => { (window as unknown as { switchMark: number }).switchMark = 1; });
  return async () => {
    expect(page.url()).toBe(url);
    expect(await page.evaluate(() => (window as unknown as { switchMark?: number }).switchMark)).toBe(1);
  };
}

/** Switches to Chinese and back on the view in front, checking each language's text (a screenshot of each). */
async function switchBoth(page: Page, name: string) {
  const same = await mark(page);
  await toZh(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await settled(page);
  await shot(page, `switch-${name}-zh`);
  expect.soft(englishSentences(await uiTexts(page)), `English left on ${name} after switching to Chinese`).toEqual([]);
  await toEn(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await settled(page);
  await shot(page, `switch-${name}-en`);
  expect.soft(chineseTexts(await uiTexts(page)), `Chinese left on ${name} after switching to English`).toEqual([]);
  await same();
}

async function openTab(page: Page, tab: string) {
  await page.locator(`[role="tab"][data-tab="${tab}"]`).click();
  await expect(page.locator(`[role="tab"][data-tab="${tab}"]`)).toHaveAttribute('aria-selected', 'true');
}

/** The table page's header and axis labels change on the click, both ways. */
async function headerFollows(page: Page, name: string) {
  await expect(page.locator('.timeline')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('selected-version')).toBeVisible();
  await expect(page.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').first()).toBeVisible({ timeout: 30_000 });
  const same = await mark(page);
  const en = await header(page);
  expect(en.months.length).toBeGreaterThan(1);
  expect(en.months.join(' ')).toMatch(/Mar|Apr/);
  await toZh(page);
  // No wait for a later render: the labels are the click's render.
  await expect(page.locator('.tl-tick text').first()).toContainText('月');
  const zh = await header(page);
  await shot(page, `switch-${name}-header-zh`);
  expect(zh.title).toBe('时间线');
  expect(zh.tabs).not.toEqual(en.tabs);
  expect(zh.tabs[0]).toBe('概览');
  expect(zh.list).toContain('时间');
  for (const m of zh.months) expect(m, 'timeline axis').toMatch(/月|年/);
  for (const m of zh.chart) expect(m, 'chart axis').toMatch(/月|年/);
  await toEn(page);
  await expect(page.locator('.tl-tick text').first()).not.toContainText('月');
  expect(await header(page)).toEqual(en);
  await same();
}

/** Every tab of orders, its compare page and the compare dialog, each switched while open. */
async function everyView(page: Page, name: string) {
  for (const tab of ['overview', 'tree', 'partitions', 'schema', 'files', 'data', 'query', 'raw', 'health']) {
    await openTab(page, tab);
    if (tab === 'tree') {
      const tree = page.locator('[role="tree"]').last();
      await tree.locator('[data-kind="manifest-list"] .twisty-btn').click();
      await tree.locator('[data-kind="manifest"]').first().click();
    }
    if (tab === 'data') await expect(page.getByTestId('grid-status')).toContainText(/\d/, { timeout: 45_000 });
    if (tab === 'raw') await expect(page.getByTestId('raw-decoded')).toBeVisible({ timeout: 30_000 });
    if (tab === 'query') {
      await expect(page.getByTestId('query-view')).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('query-view').locator('.query-bar .btn-primary').click();
      await expect(page.locator('.query-result').first()).toBeVisible({ timeout: 45_000 });
    }
    if (tab === 'health') await expect(page.getByTestId('health-view')).toBeVisible({ timeout: 45_000 });
    await settled(page);
    await switchBoth(page, `${name}-${tab}`);
  }
  // The compare dialog, open while the language changes.
  await page.locator('.tabs-row .compare-menu > button').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await switchBoth(page, `${name}-compare-dialog`);
  // The dialog fits in the page: its selects are not cut at the left edge of the main column.
  const box = (await page.getByRole('dialog').boundingBox())!;
  const main = (await page.locator('.explorer-main').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(main.x - 1);
  await page.locator('.tabs-row .compare-menu > button').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The compare page of two versions.
  const ids = await page.locator('[data-version]').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-version')!))]);
  await page.locator(`[data-version="${ids[ids.length - 2]}"]`).first().dispatchEvent('click');
  await page.locator(`[data-version="${ids[ids.length - 1]}"]`).first().dispatchEvent('click', { shiftKey: true });
  await expect(page.getByTestId('diff-summary')).toBeVisible({ timeout: 30_000 });
  await settled(page);
  await switchBoth(page, `${name}-diff`);
}

test.describe('the language switch is followed at once', () => {
  test.use({ locale: 'en' });

  test('demo: the table page header and month labels change without navigation; every view follows', async ({ page }) => {
    test.setTimeout(300_000);
    const errors = watchErrors(page);
    await page.goto('/?w=demo');
    await expect(page.getByRole('article', { name: 'README' })).toBeVisible();
    await switchBoth(page, 'demo-home');
    await page.goto(`/?w=demo&t=${ORDERS}`);
    await headerFollows(page, 'demo');
    await everyView(page, 'demo');
    // The story page.
    await page.getByRole('button', { name: 'Compare formats' }).click();
    await expect(page.getByRole('heading', { name: 'One story, four formats' })).toBeVisible();
    await expect(page.locator('.story-col').first()).toBeVisible({ timeout: 45_000 });
    await settled(page);
    await switchBoth(page, 'demo-story');
    // Its link reopens it (a deep link used to land on the warehouse's home).
    await page.reload();
    await expect(page.getByRole('heading', { name: 'One story, four formats' })).toBeVisible({ timeout: 30_000 });
    expect(errors).toEqual([]);
  });

  test('sandbox: the same in the OPFS copy of the demo, lessons included', async ({ page }) => {
    test.setTimeout(360_000);
    const errors = watchErrors(page);
    await page.goto('/?w=demo');
    await page.getByRole('button', { name: 'Try it here' }).click();
    await expect(page.getByTestId('sandbox-badge')).toBeVisible({ timeout: 60_000 });
    await switchBoth(page, 'sandbox-home');
    await page.getByRole('tree', { name: 'Folders and tables' }).getByRole('treeitem', { name: /orders/ }).click();
    await headerFollows(page, 'sandbox');
    await expect(page.getByRole('banner')).toContainText('Demo warehouse');
    await toZh(page);
    await expect(page.getByRole('banner')).toContainText('演示仓库');
    await toEn(page);
    await everyView(page, 'sandbox');
    // The list of lessons and a lesson of each format, open while the language changes.
    const lesson = page.getByTestId('lesson');
    await page.getByRole('button', { name: 'Lessons', exact: true }).click();
    await expect(lesson).toHaveAttribute('data-step', 'list');
    await switchBoth(page, 'sandbox-lessons');
    for (const format of ['Iceberg', 'Delta', 'Paimon']) {
      if ((await lesson.getAttribute('data-step')) !== 'list') await lesson.getByRole('button', { name: 'All lessons' }).click();
      await lesson.getByRole('button', { name: `${format} lesson` }).click();
      await expect(lesson).not.toHaveAttribute('data-step', 'list');
      await settled(page);
      await switchBoth(page, `sandbox-lesson-${format.toLowerCase()}`);
    }
    expect(errors).toEqual([]);
  });
});
