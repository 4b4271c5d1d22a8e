/**
 * Issue 18 "hostile tables": a table whose names, values, properties and paths carry HTML/JS, `javascript:`
 * links, `</script>`, terminal escapes, bidi overrides, a 100 KB property and a 10 MB value (hostile-table.ts),
 * opened as a local folder and walked through every view. Nothing runs (no dialog, no navigation, no
 * injected element, no CSP violation), every payload shows as text, U+202E shows as a visible mark and
 * never live, control characters show as escapes, and the 100 KB property is capped.
 */
import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { BIG_PROPERTY, COLUMN_BIDI, COLUMN_MARKUP, PARTITION_NAME, PAYLOADS, RLO, TABLE_FOLDER, TAG_NAME, buildHostileTable } from './hostile-table.ts';
import { expandTreeToEntries, shot, watchErrors } from './explorer-helpers.ts';

const MARK = '⟨U+202E⟩';
/** How the app shows a string: bidi overrides as marks, control characters as \xHH escapes. */
const shown = (s: string) => s.replace(/\u202E/g, MARK).replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

let warehouse = '';
test.beforeAll(async () => { warehouse = (await buildHostileTable()).warehouse; });
test.afterAll(() => { if (warehouse) rmSync(warehouse, { recursive: true, force: true }); });

/** Each live bidi or control character with the text around it (JSON-escaped, so the report shows it). */
function liveHidden(text: string): string[] {
  return [...text.matchAll(/[\u202A-\u202E\u2066-\u2069\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g)]
    .map((m) => JSON.stringify(text.slice(Math.max(0, m.index - 30), m.index + 30))).slice(0, 5);
}

/** What must stay true on every screen: no live override or control character, nothing injected or run. */
async function assertInert(page: Page, where: string) {
  const facts = await page.evaluate(() => ({
    text: document.body.innerText,
    titles: [...document.querySelectorAll('[title]')].map((e) => e.getAttribute('title') ?? '').join('\n'),
    injected: document.querySelectorAll('[onerror], [onload], img[src="x"], script:not([src]), iframe, object, embed').length,
    pwned: (window as unknown as { __pwned?: unknown }).__pwned,
    hrefs: [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? '').filter((h) => !/^(https?:|#|\/|\?|blob:)/.test(h)),
    csp: (window as unknown as { __csp: string[] }).__csp,
  }));
  expect(facts.pwned, where).toBeUndefined();
  expect(facts.injected, where).toBe(0);
  expect(facts.hrefs, `${where}: links other than http(s)`).toEqual([]);
  expect(facts.csp, where).toEqual([]);
  // No live bidi override or control character in what is drawn or in any tooltip.
  expect(liveHidden(facts.text), `${where}: text`).toEqual([]);
  expect(liveHidden(facts.titles), `${where}: tooltips`).toEqual([]);
}

test('a hostile table shows every payload as text, with overrides as marks and the 100 KB property capped', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const dialogs: string[] = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
  const navigations: string[] = [];
  page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations.push(new URL(f.url()).origin); });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto('/');
  const origin = new URL(page.url()).origin;
  await page.getByRole('tab', { name: /Local folder/ }).click();
  await page.locator('input[type=file]').setInputFiles(warehouse);

  // The rail: the folder name shows its override as a mark.
  const rail = page.getByRole('tree', { name: 'Folders and tables' });
  const folderItem = rail.getByRole('treeitem', { name: /^hostile/ });
  if (await folderItem.count()) await folderItem.first().click();
  const tableItem = rail.getByRole('treeitem', { name: /vsc\.exe/ });
  await expect(tableItem).toContainText(shown(TABLE_FOLDER));
  await tableItem.click();
  const region = page.getByRole('region', { name: /^Table tbl/ });
  await expect(region.getByRole('heading', { level: 1 })).toHaveText(shown(TABLE_FOLDER));
  await expect(region.getByRole('group', { name: 'Timeline' })).toBeVisible();
  await assertInert(page, 'overview');
  await shot(page, '90-hostile-overview');

  // Timeline + inspector: the tag, the summary properties, the 100 KB one capped with "show all".
  await expect(page.getByTestId('selected-version')).toBeVisible();
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  await page.locator('[data-version]').first().dispatchEvent('click');
  await expect(inspector).toContainText(shown(`spark.app.id${RLO}exe.live`));
  await expect(inspector).toContainText(shown(PAYLOADS.bidi));
  await expect(inspector).toContainText(shown(PAYLOADS.escape));
  await expect(inspector).toContainText('commit-message<img src=x onerror="window.__pwned=6">');
  await expect(inspector).toContainText(PAYLOADS.js);
  const big = inspector.locator('dl.inspector-props > div').filter({ has: page.locator('dt', { hasText: BIG_PROPERTY }) });
  await expect(big.getByRole('button', { name: /show all/ })).toBeVisible();
  const bigHeight = (await big.locator('dd').boundingBox())!.height;
  expect(bigHeight).toBeLessThan(400); // once ~111,000 px
  await big.getByRole('button', { name: /show all/ }).click();
  expect((await big.locator('dd').boundingBox())!.height).toBeLessThan(600); // the whole value scrolls in a bounded box
  await assertInert(page, 'inspector');
  await shot(page, '91-hostile-inspector');

  // Data: column names and every value as text.
  await region.getByRole('tab', { name: /^Data/ }).click();
  const grid = page.getByRole('grid', { name: 'Rows' });
  await expect(grid.getByRole('columnheader').filter({ hasText: COLUMN_MARKUP })).toHaveCount(1);
  await expect(grid.getByRole('columnheader').filter({ hasText: shown(COLUMN_BIDI) })).toHaveCount(1);
  await expect(page.getByTestId('grid-status')).toHaveAttribute('data-rows', '7', { timeout: 30_000 });
  for (const p of Object.values(PAYLOADS)) await expect(grid.getByRole('gridcell').filter({ hasText: shown(p) }).first()).toBeVisible();
  const hugeCell = grid.getByRole('gridcell').filter({ hasText: /^hugez+…$/ });
  await expect(hugeCell).toHaveCount(1);
  await assertInert(page, 'data');
  await shot(page, '92-hostile-data');

  // Tree: metadata file → manifest list → manifest → data files under hostile paths.
  await region.getByRole('tab', { name: /^Tree/ }).click();
  const { entries } = await expandTreeToEntries(page);
  await entries.first().click();
  await expect(inspector).toContainText(shown(TABLE_FOLDER));
  await assertInert(page, 'tree');
  await shot(page, '93-hostile-tree');

  // Raw viewer: the metadata file's JSON, with the properties and the tag.
  await region.getByRole('tab', { name: /^Raw/ }).click();
  await page.getByRole('option', { name: /v2\.metadata\.json/ }).first().click();
  const raw = page.getByTestId('raw-decoded');
  await expect(raw).toContainText(shown(TAG_NAME));
  await expect(raw).toContainText(shown(`owner${RLO}nimda`));
  await expect(raw).toContainText(PAYLOADS.script);
  await raw.getByText(/^snapshots/).first().click().catch(() => {});
  await assertInert(page, 'raw');
  await shot(page, '94-hostile-raw');

  // Schema and partitions.
  await region.getByRole('tab', { name: /^Schema/ }).click();
  await expect(region.getByRole('list', { name: 'Schemas' })).toBeVisible();
  const fields = region.locator('table').filter({ hasText: 'region' });
  await expect(fields).toContainText(COLUMN_MARKUP);
  await expect(fields).toContainText(shown(COLUMN_BIDI));
  await assertInert(page, 'schema');
  await shot(page, '95-hostile-schema');
  await region.getByRole('tab', { name: /^Partitions/ }).click();
  await expect(region.getByRole('region', { name: 'Partition specs' })).toContainText(shown(PARTITION_NAME));
  const partitions = region.getByRole('table', { name: 'Partitions' });
  for (const p of Object.values(PAYLOADS)) await expect(partitions).toContainText(shown(p));
  await assertInert(page, 'partitions');
  await shot(page, '96-hostile-partitions');

  expect(dialogs).toEqual([]);
  expect(navigations.every((o) => o === origin)).toBe(true);
  expect(page.url().startsWith(origin)).toBe(true);
  expect(errors).toEqual([]);
});
