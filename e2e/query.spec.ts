/**
 * Issue 16, the Query tab on the demo's sales/orders: run a time-travel query with the keyboard (its total
 * checked against the tag's snapshot summary in the table's own metadata), see its chart, reopen it by its
 * URL, cancel a long query (and the worker still answers), and get an error for a wrong column that names
 * its line and column and marks the word in the editor. Screenshots at 1280×800 and 800×600.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { REPO_ROOT } from './e2e-state.ts';
import { shot, watchErrors } from './explorer-helpers.ts';

const ORDERS = '/?w=demo&t=sales%2Forders%2F&tab=query';
const META = join(REPO_ROOT, 'public/demo/sales/orders/metadata');

/** Rows at the `month-end` tag, from the latest metadata file's snapshot summary (no deletes pending there). */
function rowsAtTag(tag: string): number {
  const latest = readdirSync(META).filter((f) => /^v\d+\.metadata\.json$/.test(f)).sort((a, b) => Number(a.slice(1, -14)) - Number(b.slice(1, -14))).pop()!;
  const text = readFileSync(join(META, latest), 'utf8');
  // Snapshot ids are 64-bit: read them as text, never through a double.
  const id = new RegExp(`"${tag}"\\s*:\\s*\\{\\s*"snapshot-id"\\s*:\\s*(\\d+)`).exec(text)![1];
  const m = JSON.parse(text.replace(/"snapshot-id"\s*:\s*(\d+)/g, '"snapshot-id":"$1"')) as { snapshots: { 'snapshot-id': string; summary: Record<string, string> }[] };
  const s = m.snapshots.find((x) => x['snapshot-id'] === id)!;
  expect(s.summary['total-position-deletes'] ?? '0').toBe('0');
  expect(s.summary['total-equality-deletes'] ?? '0').toBe('0');
  return Number(s.summary['total-records']);
}

/** Rows of the current main snapshot (no deletes pending there either). */
function rowsOfMain(): number {
  return rowsAtTag('main');
}

async function typeQuery(page: Page, sql: string) {
  const editor = page.getByRole('textbox', { name: 'SQL query' });
  await editor.fill(sql);
  await editor.press('Control+Enter');
}

test('query tab: time travel by tag, chart, deep link, cancel, a wrong column pointed at', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto(ORDERS);
  const view = page.getByTestId('query-view');
  await expect(view).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tab', { name: 'Query' })).toHaveAttribute('aria-selected', 'true');

  // Time travel to the tag, grouped by a category: the counts add up to the tag's rows, and a bar chart is offered.
  const expected = rowsAtTag('month-end');
  await typeQuery(page, "SELECT status, count(*) AS n\nFROM t FOR VERSION AS OF 'month-end'\nGROUP BY status\nORDER BY status");
  const status = page.getByTestId('query-status');
  await expect(status).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/[?&]sql=SELECT/);
  const grid = page.getByRole('grid', { name: 'Query result' });
  const cells = await grid.locator('.dg-row').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('[role=gridcell]')].map((c) => c.textContent ?? '')));
  expect(cells.length).toBeGreaterThan(1);
  expect(cells.reduce((a, r) => a + Number(r[1]), 0)).toBe(expected);
  await shot(page, 'query-1280x800-grid');
  await page.getByRole('radio', { name: 'Chart' }).click();
  const chart = page.getByTestId('query-chart');
  await expect(chart).toHaveAttribute('data-chart', 'bar');
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(cells.length);
  await shot(page, 'query-1280x800-chart');

  // The URL reopens the query and runs it.
  const url = page.url();
  await page.goto('about:blank');
  await page.goto(url);
  await expect(page.getByTestId('query-status')).toHaveAttribute('data-rows', String(cells.length), { timeout: 60_000 });
  await expect(page.getByRole('textbox', { name: 'SQL query' })).toHaveValue(/FOR VERSION AS OF 'month-end'/);

  // A long query (a triple self join on a 5-value column, ~10⁸ row triples) is cancelled; the next query still runs.
  await typeQuery(page, 'SELECT count(*) AS n\nFROM t a JOIN t b ON a.status = b.status JOIN t c ON b.status = c.status');
  const progress = page.getByTestId('query-progress');
  await expect(progress).toBeVisible();
  await shot(page, 'query-1280x800-progress');
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('query-cancelled')).toBeVisible();
  await expect(progress).toHaveCount(0);
  await typeQuery(page, 'SELECT count(*) AS n FROM t');
  await expect(page.getByTestId('query-status')).toHaveAttribute('data-rows', '1', { timeout: 60_000 });

  // A wrong column: the message names it with its line and column, and the editor marks that word.
  await typeQuery(page, 'SELECT order_id,\n       no_such_column\nFROM t');
  const error = page.getByTestId('query-error');
  await expect(error).toContainText('no_such_column');
  await expect(error).toContainText(/line 2, column 8/);
  await expect(page.getByTestId('sql-error-mark')).toHaveText('no_such_column');
  await error.getByRole('button', { name: /Go to line 2, column 8/ }).click();
  expect(await page.getByRole('textbox', { name: 'SQL query' }).evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe('SELECT order_id,\n       '.length);
  await shot(page, 'query-1280x800-error');

  // Help with examples for this table.
  await page.getByRole('button', { name: 'Syntax & examples' }).click();
  await expect(page.getByTestId('query-help')).toContainText('FOR TIMESTAMP AS OF');
  await shot(page, 'query-1280x800-help');
  // Asking before a big read: with the threshold at its lowest (64 KiB), counting the whole table (~140 KiB of
  // files) first says how much it would fetch; "Run anyway" runs it.
  await page.getByRole('combobox', { name: 'Ask before a query fetches more than' }).selectOption({ index: 0 });
  await page.getByRole('button', { name: /Put the example “How many rows”/ }).click();
  await page.getByRole('textbox', { name: 'SQL query' }).press('Control+Enter');
  const confirm = page.getByTestId('query-confirm');
  await expect(confirm).toContainText(/would fetch \d+(\.\d+)? KiB/, { timeout: 60_000 });
  await shot(page, 'query-1280x800-confirm');
  await confirm.getByRole('button', { name: 'Run anyway' }).click();
  await expect(page.getByTestId('query-status')).toHaveAttribute('data-rows', '1', { timeout: 60_000 });
  await expect(page.getByRole('grid', { name: 'Query result' }).getByRole('gridcell').first()).toHaveText(String(rowsOfMain()));

  // At 800×600 the tab still works.
  await page.setViewportSize({ width: 800, height: 600 });
  await page.getByRole('combobox', { name: 'Ask before a query fetches more than' }).selectOption({ label: 'never ask' });
  await page.getByRole('button', { name: 'Syntax & examples' }).click();
  await expect(page.getByTestId('query-help')).toHaveCount(0);
  await typeQuery(page, 'SELECT product, sum(quantity) AS qty\nFROM t\nGROUP BY product\nORDER BY qty DESC\nLIMIT 8');
  await expect(page.getByTestId('query-status')).toHaveAttribute('data-rows', '8', { timeout: 60_000 });
  await page.getByRole('radio', { name: 'Chart' }).click();
  await expect(page.getByTestId('query-chart').locator('.recharts-bar-rectangle')).toHaveCount(8);
  await shot(page, 'query-800x600');
  expect(errors).toEqual([]);
});
