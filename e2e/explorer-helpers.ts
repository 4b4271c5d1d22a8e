/**
 * Steps of the table explorer walk shared by the e2e specs: open a table from the rail, select a
 * version on the timeline, expand the metadata tree to its entries, read the data preview's row count,
 * open a manifest in the raw viewer. Every screen is saved under test-results/screenshots/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ConsoleMessage, type Page, expect } from '@playwright/test';
import { FIXTURES_DIR, type ExpectedFixture } from '../src/testing/fixtures.ts';
import { SCREENSHOT_DIR } from './e2e-state.ts';

export const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });

/** The expected file of a fixture (`iceberg/v2_spark_position_deletes`), read from the shared fixtures. */
export function expectedOf(table: string): ExpectedFixture {
  return JSON.parse(readFileSync(join(FIXTURES_DIR, 'expected', `${table.replace('/', '__')}.json`), 'utf8')) as ExpectedFixture;
}

export async function openTableFromRail(page: Page, name: string) {
  const rail = page.getByRole('tree', { name: 'Folders and tables' });
  await rail.getByRole('treeitem', { name: new RegExp(name) }).click();
  const region = page.getByRole('region', { name: `Table ${name}` });
  await expect(region.getByRole('heading', { name })).toBeVisible();
  await expect(region.getByRole('group', { name: 'Timeline' })).toBeVisible();
  return region;
}

/**
 * Clicks the timeline mark of a version and checks it is selected (URL, selected line, inspector). The
 * URL names the version unless it is the current one (the default).
 */
export async function selectVersion(page: Page, id: string, isCurrent = false) {
  // Commits a few ms apart share a pixel (pyiceberg writes two in one second): click the mark itself,
  // not whatever is drawn on top of it at that point.
  await page.locator(`[data-version="${id}"]`).first().dispatchEvent('click');
  if (isCurrent) await expect(page).not.toHaveURL(/[?&]v=/);
  else await expect(page).toHaveURL(new RegExp(`[?&]v=${id}(&|$)`));
  await expect(page.getByTestId('selected-version')).toContainText(id);
  await expect(page.getByRole('complementary', { name: 'Inspector' })).toContainText(id);
}

/** Expands metadata file → manifest list → first manifest with the keyboard, returns the entry rows. */
export async function expandTreeToEntries(page: Page) {
  const tree = page.getByRole('tree', { name: 'Metadata tree' });
  await expect(tree.getByRole('treeitem').first()).toBeVisible();
  await expect(tree.locator('[data-kind="manifest-list"]')).toBeVisible();
  await tree.locator('[data-kind="manifest-list"] .twisty-btn').click();
  const manifest = tree.locator('[data-kind="manifest"]').first();
  await expect(manifest).toBeVisible();
  // Keyboard: focus the tree, walk to the manifest, expand it with →.
  await manifest.click();
  await tree.focus();
  await page.keyboard.press('ArrowRight');
  const entries = tree.locator('[data-kind="data-file"], [data-kind="delete-file"], [data-kind="deletion-vector"]');
  await expect(entries.first()).toBeVisible();
  return { tree, entries };
}

/**
 * Expands every node of `kind` in the metadata tree, one at a time, waiting for the tree to be idle
 * (no level loading) before and after each click. Rows are pooled DOM elements: while a level arrives,
 * the element under the pointer is rewritten to show another row, so a click aimed during a load can
 * toggle a neighbour. Waiting for idle makes the click land on the node it was aimed at.
 */
export async function expandAllOfKind(page: Page, kind: string) {
  const tree = page.getByRole('tree', { name: 'Metadata tree' });
  const idle = page.locator('[data-testid="metadata-tree"][data-loading="0"]');
  await expect(tree.locator(`[data-kind="${kind}"]`).first()).toBeVisible();
  for (let guard = 0; guard < 50; guard++) {
    await expect(idle).toBeVisible();
    const closed = tree.locator(`[data-kind="${kind}"][aria-expanded="false"]`);
    if (await closed.count() === 0) return;
    // Row ids are positions; expanding a node inserts rows below it only, so its id stays its own.
    const id = await closed.first().getAttribute('id');
    await closed.first().locator('.twisty-btn').click();
    await expect(tree.locator(`[id="${id}"]`)).toHaveAttribute('aria-expanded', 'true');
  }
  throw new Error(`expandAllOfKind: ${kind} nodes kept closing`);
}

/**
 * Waits until the page has settled: no progress line, busy region or loading cell is shown, and then two
 * animation frames (so what arrived last is painted). Used instead of fixed sleeps before reading the
 * page's text: it waits as long as the work takes, no longer.
 */
export async function settled(page: Page, timeout = 45_000) {
  await expect(page.locator('.progress, [aria-busy="true"], .dg-loading, [data-loading]:not([data-loading="0"])').filter({ visible: true }))
    .toHaveCount(0, { timeout });
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

/**
 * The data tab's exact row count once the scan is done. The grid reads pages only as they scroll into
 * view, so for tables larger than a page this presses End in the grid until the last page is read.
 */
export async function dataRowCount(page: Page): Promise<number> {
  const status = page.getByTestId('grid-status');
  await expect(status).toBeVisible({ timeout: 30_000 });
  for (let i = 0; i < 200; i++) {
    const rows = await status.getAttribute('data-rows');
    if (rows !== null && /^\d+$/.test(rows)) {
      // Every row in view gets its values (no placeholder cells left once the pages arrive).
      await expect(page.locator('.dg-loading')).toHaveCount(0);
      return Number(rows);
    }
    const grid = page.getByRole('grid', { name: 'Rows' });
    if (await grid.count()) { await grid.focus(); await page.keyboard.press('End'); }
    await page.waitForTimeout(100);
  }
  await expect(status).toHaveAttribute('data-rows', /^\d+$/, { timeout: 30_000 });
  return Number(await status.getAttribute('data-rows'));
}

/** Console errors and uncaught exceptions of a page (each test ends with `expect(errors).toEqual([])`). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}
