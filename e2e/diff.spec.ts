/**
 * Issue 15, the diff page: select two versions of the demo's sales/customers on the timeline (click, then
 * shift-click), see the summary and the schema diff (a rename and a type widening between them), filter the
 * rows by kind, hover a row's provenance, export CSV (the download's content checked), reopen the diff by
 * its URL. Screenshots at 1280×800 and 800×600.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { shot, watchErrors } from './explorer-helpers.ts';

const CUSTOMERS = '/?w=demo&t=sales%2Fcustomers%2F';
// 10 Mar (schema with tier, before the rename and the widening) and 20 Mar (the first equality delete).
const FROM = '1844384791218414327';
const TO = '4740224907902911394';

test('diff two versions: summary, schema diff, row filters, provenance, CSV, deep link', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(CUSTOMERS);
  await page.locator(`.tl-mark[data-version="${FROM}"]`).click();
  await expect(page.getByTestId('selected-version')).toContainText(FROM);
  await page.locator(`.tl-mark[data-version="${TO}"]`).click({ modifiers: ['Shift'] });
  await expect(page).toHaveURL(new RegExp(`da=${FROM}&db=${TO}`));

  const summary = page.getByTestId('diff-summary');
  await expect(summary).toContainText('650 rows');
  await expect(summary).toContainText('+1 file added');
  const schema = page.getByTestId('diff-schema');
  await expect(schema).toContainText('renamed');
  await expect(schema).toContainText('email → email_address');
  await expect(schema).toContainText('type widened');

  const rows = page.getByTestId('diff-rows');
  await expect(rows.getByRole('radio', { name: /Removed/ })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'diff-1280x800');
  // Changed rows: this table has no key, so an update is a removal and an addition — the filter says so.
  await rows.getByRole('radio', { name: /Changed/ }).click();
  await expect(page).toHaveURL(/dk=changed/);
  await expect(page.getByTestId('diff-rows-empty')).toBeVisible();
  await rows.getByRole('radio', { name: /Removed/ }).click();
  await expect(page).toHaveURL(/dk=removed/);
  const first = rows.locator('.dg-row[data-kind="removed"]').first();
  await first.hover();
  await expect(page.getByTestId('diff-provenance')).toContainText(/Was in .*\.parquet/);

  const [download] = await Promise.all([page.waitForEvent('download'), rows.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = readFileSync(await download.path(), 'utf8').split('\r\n').filter(Boolean);
  expect(csv[0]).toMatch(/^change,.*email_address.*,partition,file,position$/);
  expect(csv.length - 1).toBe(Number((await rows.getByRole('radio', { name: /Removed/ }).innerText()).replace(/\D/g, '')));
  expect(csv.slice(1).every((l) => l.startsWith('removed,'))).toBe(true);

  // The URL reopens the diff with its filter.
  const url = page.url();
  await page.goto('about:blank');
  await page.goto(url);
  await expect(page.getByTestId('diff-schema')).toContainText('email → email_address');
  await expect(page.getByTestId('diff-rows').getByRole('radio', { name: /Removed/ })).toHaveAttribute('aria-checked', 'true');
  await page.setViewportSize({ width: 800, height: 600 });
  await expect(page.getByTestId('diff-summary')).toBeVisible();
  await shot(page, 'diff-800x600');
  expect(errors).toEqual([]);
});

// logistics/shipments is a Delta table (no key of its own); version 7 is an UPDATE of 10 delayed shipments
// to delivered over version 6. Whole-row diff: 10 removed and 10 added; by shipment_id: 10 changed.
const SHIPMENTS = '/?w=demo&t=logistics%2Fshipments%2F';

test('a table without a key: pick one, see changed rows with the changed cells, keep it in the URL', async ({ page }) => {
  test.setTimeout(180_000); // several table opens and reads; minutes on a busy machine
  const errors = watchErrors(page);
  await page.goto(`${SHIPMENTS}&da=6&db=7`);
  const rows = page.getByTestId('diff-rows');
  // Generous first waits: the page opens the table and reads the differing files (slow on a busy machine).
  await expect(rows).toContainText('No key: rows are compared whole', { timeout: 45_000 });
  await expect(rows.getByRole('radio', { name: /Removed/ })).toContainText('10');
  await expect(rows.getByRole('radio', { name: /Changed/ })).toContainText('0');

  await rows.getByRole('button', { name: 'Pick a key…' }).click();
  const dialog = rows.getByRole('dialog', { name: 'Key columns for the row diff' });
  await dialog.getByRole('checkbox', { name: 'shipment_id' }).check();
  await dialog.getByRole('button', { name: 'Match by these' }).click();
  await expect(page).toHaveURL(/dkey=shipment_id/);
  await expect(rows).toContainText('Rows matched by shipment_id (the key you picked)');
  await expect(rows.getByRole('radio', { name: /Changed/ })).toContainText('10');
  await expect(rows.getByRole('radio', { name: /Removed/ })).toContainText('0');

  await rows.getByRole('radio', { name: /Changed/ }).click();
  await expect(page).toHaveURL(/dk=changed/);
  const changed = rows.locator('.dg-row[data-kind="changed"]');
  await expect(changed).toHaveCount(10);
  // Only the status changed: one highlighted cell per row, the old value struck through before the new.
  const first = changed.first();
  await expect(first.locator('.dc-changed')).toHaveCount(1);
  await expect(first.locator('.dc-changed')).toHaveText('delayeddelivered');
  await expect(first.locator('.dc-changed .dc-before')).toHaveText('delayed');
  await first.hover();
  await expect(page.getByTestId('diff-provenance')).toContainText(/Changed\. In .*\.parquet.*Before: Was in .*\.parquet.*Removed by deletion vector/);
  // Only changed rows shown: the key, then the changed column, come first; the column filter offers what changed.
  await expect(rows.locator('.dg-head [role="columnheader"]').nth(1)).toHaveText('shipment_id');
  await expect(rows.locator('.dg-head [role="columnheader"]').nth(2)).toHaveText('status');
  await expect(rows.getByLabel('Changed column').locator('option')).toHaveText(['any', 'status']);
  await shot(page, 'diff-key-1280x800');

  // The link reopens the diff with the picked key; clearing the pick goes back to whole rows.
  const url = page.url();
  await page.goto('about:blank');
  await page.goto(url);
  await expect(page.getByTestId('diff-rows').locator('.dg-row[data-kind="changed"]')).toHaveCount(10);
  await page.getByTestId('diff-rows').getByRole('button', { name: 'Change the key…' }).click();
  await page.getByRole('button', { name: 'Clear the pick' }).click();
  await expect(page).not.toHaveURL(/dkey=/);
  await expect(page.getByTestId('diff-rows').getByRole('radio', { name: /Removed/ })).toContainText('10');
  expect(errors).toEqual([]);
});

test('change log between two versions: from the format’s own log (Delta) or derived (Iceberg), with type and version', async ({ page }) => {
  test.setTimeout(180_000); // several table opens and reads; minutes on a busy machine
  const errors = watchErrors(page);
  // Delta shipments 5 → 7: version 6 deleted the cancelled shipments, 7 updated 10 (no CDF images: a delete and an insert each).
  await page.goto(`${SHIPMENTS}&da=5&db=7`);
  await expect(page.getByTestId('diff-summary')).toBeVisible({ timeout: 45_000 });
  await page.getByRole('radiogroup', { name: 'Show' }).getByRole('radio', { name: 'Change log' }).click();
  await expect(page).toHaveURL(/dm=changes/);
  const log = page.getByTestId('diff-changes');
  const source = log.getByTestId('diff-changes-source');
  await expect(source).toContainText('format’s own change log', { timeout: 45_000 });
  await expect(source).toContainText('read from the Delta change data feed');
  await expect(source).toContainText('After 5 up to and including 7: 2 versions');
  // The inspector teaches where this format's change log comes from.
  await source.getByRole('button', { name: 'Where does this change log come from?' }).click();
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  await expect(inspector.getByRole('heading')).toHaveText('Change log — in Delta');
  await expect(inspector.getByTestId('inspector-explanation')).toContainText('change data feed');
  await expect(inspector.getByTestId('inspector-explanation')).toContainText('delta.enableChangeDataFeed');
  const kinds = log.getByRole('radiogroup', { name: 'Kind of change' });
  await expect(kinds.getByRole('radio', { name: /All/ })).toContainText('38');
  await expect(kinds.getByRole('radio', { name: /Added/ })).toContainText('10');
  await expect(kinds.getByRole('radio', { name: /Removed/ })).toContainText('28');
  await expect(log.locator('.dg-row[data-change="delete"]').first()).toContainText('6');
  await kinds.getByRole('radio', { name: /Added/ }).click();
  await expect(page).toHaveURL(/dk=added/);
  const inserts = log.locator('.dg-row');
  await expect(inserts).toHaveCount(10);
  await expect(log.locator('.dg-row[data-change="insert"]')).toHaveCount(10);
  await expect(inserts.first()).toContainText('insert');
  await expect(inserts.first()).toContainText('delivered');
  await shot(page, 'diff-changes-1280x800');
  await page.setViewportSize({ width: 800, height: 600 });
  await log.scrollIntoViewIfNeeded();
  await shot(page, 'diff-changes-800x600');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Iceberg customers keeps no change log: derived from each version against its parent, said so.
  await page.goto(`${CUSTOMERS}&da=${FROM}&db=${TO}&dm=changes`);
  const derived = page.getByTestId('diff-changes');
  await expect(derived.getByTestId('diff-changes-source')).toContainText('125 rows derived by Lakescope', { timeout: 45_000 });
  await expect(derived.getByRole('radio', { name: /Added/ })).toContainText('100');
  await expect(derived.getByRole('radio', { name: /Removed/ })).toContainText('25');
  await derived.getByRole('button', { name: 'Where does this change log come from?' }).click();
  await expect(page.getByRole('complementary', { name: 'Inspector' }).getByTestId('inspector-explanation')).toContainText('Iceberg keeps no row-level change log');
  await derived.getByRole('radio', { name: /Removed/ }).click();
  await expect(derived.locator('.dg-row[data-change="delete"]').first()).toContainText(TO);
  await expect(derived.locator('.dg-row[data-change="insert"]')).toHaveCount(0);

  // A backwards pair has no change log: the page says so and offers the swap (nothing is read).
  await page.goto(`${SHIPMENTS}&da=7&db=5&dm=changes`);
  const back = page.getByTestId('diff-changes');
  await expect(back).toContainText('A change log runs forward in time', { timeout: 45_000 });
  await back.getByRole('button', { name: '⇄ Swap' }).click();
  await expect(page).toHaveURL(/da=5&db=7&dm=changes/);
  await expect(page.getByTestId('diff-changes-source')).toContainText('38 rows', { timeout: 45_000 });
  expect(errors).toEqual([]);
});

test('cancel a row diff while it reads: it stops, says "cancelled" (not an error), and reads again on request', async ({ page }) => {
  test.setTimeout(180_000); // several table opens and reads; minutes on a busy machine
  const errors = watchErrors(page);
  // Hold every data file read until released, so the row diff is caught mid-read.
  const held: (() => void)[] = [];
  let started = 0;
  let hold = true;
  await page.context().route(/\.parquet(\?|$)/, async (route) => {
    started++;
    if (hold) await new Promise<void>((resolve) => held.push(resolve));
    await route.continue().catch(() => undefined); // the read may have been aborted meanwhile
  });
  await page.goto(`${CUSTOMERS}&da=${FROM}&db=${TO}`);
  const rows = page.getByTestId('diff-rows');
  const progress = rows.getByRole('status').filter({ hasText: 'Reading the files that differ' });
  await expect(progress).toBeVisible({ timeout: 45_000 });
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await progress.getByRole('button', { name: 'Cancel' }).click();

  await expect(rows.getByTestId('diff-cancelled')).toHaveText(/The row diff was cancelled: nothing is being read\./);
  await expect(progress).toHaveCount(0);
  await expect(rows.locator('.error-panel, [role="alert"]')).toHaveCount(0);
  // The reads stop: releasing the held files starts no new one.
  const before = started;
  for (const release of held.splice(0)) release();
  await page.waitForTimeout(1500);
  expect(started).toBe(before);
  await expect(rows.getByTestId('diff-cancelled')).toBeVisible();
  await shot(page, 'diff-cancelled-1280x800');

  hold = false;
  await rows.getByRole('button', { name: 'Read the rows again' }).click();
  await expect(rows.getByRole('radio', { name: /Removed/ })).toBeVisible({ timeout: 30_000 });
  await expect(rows.getByTestId('diff-cancelled')).toHaveCount(0);
  expect(errors).toEqual([]);
});
