/**
 * Issue 20, "Chinese": the demo opened in a zh-CN browser shows Chinese on every view, with no English
 * sentence left (a heuristic: two English words of three letters or more in a row, format terms and the
 * table's own data excepted); the header switch turns it to English and back, and the choice is kept.
 * Screenshots of each view in both languages at 1280×800 (test-results/screenshots/i18n-*).
 */
import { type Page, expect, test } from '@playwright/test';
import { settled, shot, watchErrors } from './explorer-helpers.ts';
import { readE2eState } from './e2e-state.ts';
import { englishSentences as sentencesIn, uiTexts } from './visible-text.ts';

const ORDERS = '/?w=demo&t=sales%2Forders%2F';
const CUSTOMERS_DIFF = '/?w=demo&t=sales%2Fcustomers%2F&da=1844384791218414327&db=4740224907902911394';

/**
 * Engine notes still sent as English sentences (not yet message references): a known gap, listed here so the
 * walk stays strict about everything else. Remove an entry when its engine text becomes a message.
 */
const KNOWN_ENGINE_ENGLISH: RegExp[] = [
  // Delta's own operation name as its log records it (the legend shows operation names as written, like WRITE, OPTIMIZE).
  /^CREATE TABLE/,
];

/**
 * Visible text nodes of the page that hold an English sentence (e2e/visible-text.ts: what counts as UI text and
 * as an English sentence). Table data, file names, code and the warehouse's README are not UI strings. Error
 * messages are checked: an engine error with a catalog reference is Chinese (the names it quotes in `.mono`,
 * its English original in `[lang="en"]`); one without is English in `[lang="en"]`, marked as not translated —
 * the error test below checks that the errors it provokes have no such mark.
 */
async function englishSentences(page: Page, root = 'body'): Promise<string[]> {
  return sentencesIn((await uiTexts(page, root)).filter((t) => !KNOWN_ENGINE_ENGLISH.some((re) => re.test(t))));
}

async function noEnglish(page: Page, view: string, root?: string) {
  await settled(page);
  const found = await englishSentences(page, root);
  expect.soft(found, `English text on ${view}`).toEqual([]);
}

async function openTab(page: Page, tab: string) {
  await page.locator(`[role="tab"][data-tab="${tab}"]`).click();
  await expect(page.locator(`[role="tab"][data-tab="${tab}"]`)).toHaveAttribute('aria-selected', 'true');
}

/** Every view of the demo's sales/orders, its diff page, and the dialogs of the writes bar; a screenshot of each. */
async function walk(page: Page, lang: 'zh' | 'en', check: boolean) {
  const look = async (view: string) => { await shot(page, `i18n-${lang}-${view}`); if (check) await noEnglish(page, view); };
  await page.goto('/?w=demo');
  await expect(page.getByRole('article', { name: 'README' })).toBeVisible();
  await look('01-warehouse');

  await page.goto(ORDERS);
  await expect(page.locator('.timeline')).toBeVisible();
  await expect(page.getByTestId('selected-version')).toBeVisible();
  await look('02-overview');

  await openTab(page, 'tree');
  const tree = page.locator('[role="tree"]').last();
  await expect(tree.locator('[data-kind="manifest-list"]')).toBeVisible();
  await tree.locator('[data-kind="manifest-list"] .twisty-btn').click();
  await tree.locator('[data-kind="manifest"]').first().click();
  await expect(page.locator('aside .explanation, aside').first()).toBeVisible();
  await look('03-tree-inspector');

  await openTab(page, 'partitions');
  await expect(page.locator('.spec-cards')).toBeVisible();
  await expect(page.locator('.partitions .vtable, .partitions .empty-state').first()).toBeVisible({ timeout: 30_000 });
  await look('04-partitions');

  await openTab(page, 'schema');
  await expect(page.locator('.schema-list')).toBeVisible();
  await look('05-schema');

  await openTab(page, 'files');
  await expect(page.locator('.files-tab .vtable')).toBeVisible({ timeout: 30_000 });
  await look('06-files');

  await openTab(page, 'data');
  await expect(page.getByTestId('grid-status')).toContainText(/\d/, { timeout: 45_000 });
  await look('07-data');

  await openTab(page, 'raw');
  await expect(page.getByTestId('raw-decoded')).toBeVisible({ timeout: 30_000 });
  await look('08-raw');

  await openTab(page, 'query');
  await expect(page.getByTestId('query-view')).toBeVisible({ timeout: 30_000 });
  await look('09-query');

  await openTab(page, 'health');
  await expect(page.getByTestId('health-view')).toBeVisible({ timeout: 45_000 });
  await look('10-health');

  // The compare dialog of the writes bar's row, opened and cancelled.
  await page.locator('.tabs-row button').filter({ hasText: /…$/ }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await look('11-compare-dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto(CUSTOMERS_DIFF);
  await expect(page.getByTestId('diff-summary')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('diff-rows').getByRole('radio').nth(1)).toBeVisible({ timeout: 45_000 });
  await look('12-diff');
}

test.describe('zh-CN', () => {
  test.use({ locale: 'zh-CN' });

  test('a zh-CN browser gets Chinese on every view; the switch turns it to English and back', async ({ page }) => {
    test.setTimeout(300_000);
    const errors = watchErrors(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('button', { name: '打开演示仓库' })).toBeVisible();
    await shot(page, 'i18n-zh-00-connect');
    await noEnglish(page, 'connect');
    await walk(page, 'zh', true);

    // English, remembered across a reload; then back to Chinese.
    await page.getByTestId('language-switch').getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('diff-summary')).toContainText('Rows');
    await page.reload();
    await expect(page.getByTestId('language-switch').getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await walk(page, 'en', false);
    await page.getByTestId('language-switch').getByRole('button', { name: '中文' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByTestId('diff-summary')).toContainText('行数');
    expect(errors).toEqual([]);
  });
});

/** Demo tables of each format: Iceberg (sales/orders), Delta (logistics/shipments), Paimon (inventory/stock). */
const FORMAT_TABLES = [
  { format: 'iceberg', root: 'sales/orders/', bad: 'SELECT nosuchcolumn FROM t', explain: 'EXPLAIN SELECT * FROM t WHERE order_id > 5' },
  { format: 'delta', root: 'logistics/shipments/', bad: 'SELECT nosuchcolumn FROM t', explain: 'EXPLAIN SELECT * FROM t' },
  { format: 'paimon', root: 'inventory/stock/', bad: 'SELECT nosuchcolumn FROM t', explain: 'EXPLAIN SELECT * FROM t' },
] as const;

/** Expands every node of the metadata tree (a few levels), clicking one node of each kind to show it in the inspector. */
async function walkTree(page: Page, look: (view: string) => Promise<void>) {
  const tree = page.locator('[role="tree"]').last();
  await expect(tree.locator('[role="treeitem"]').first()).toBeVisible({ timeout: 30_000 });
  for (let round = 0; round < 4; round++) {
    const closed = tree.locator('[role="treeitem"][aria-expanded="false"] .twisty-btn');
    const n = Math.min(await closed.count(), 4);
    if (!n) break;
    for (let i = 0; i < n; i++) { await settled(page); await closed.first().click({ timeout: 5_000 }).catch(() => undefined); }
  }
  const kinds = await tree.locator('[data-kind]').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-kind')!))]);
  for (const kind of kinds) {
    // The list is virtualised: a kind scrolled out of the DOM is skipped, not waited for.
    if (!(await tree.locator(`[data-kind="${kind}"]`).first().click({ timeout: 5_000 }).then(() => true, () => false))) continue;
    await settled(page);
    await look(`tree-${kind}`);
  }
}

/** Runs one statement in the query tab and waits for its result or error. */
async function runQuery(page: Page, sql: string) {
  const area = page.getByTestId('query-view').locator('textarea').first();
  await area.fill(sql);
  await page.getByTestId('query-view').locator('.query-bar .btn-primary').click();
  await expect(page.locator('.query-result, [data-testid="query-error"], [data-testid="query-confirm"]').first()).toBeVisible({ timeout: 45_000 });
}

/** Opens each enabled write action's dialog, asks for its preview when it has one, and cancels. */
async function walkWrites(page: Page, look: (view: string) => Promise<void>) {
  const bar = page.locator('.ws-bar');
  const buttons = bar.locator('button:enabled');
  const labels = await buttons.allInnerTexts();
  for (const [i, label] of labels.entries()) {
    if (!label.trim()) continue;
    await buttons.nth(i).click();
    const dialog = page.getByRole('dialog').first();
    if (!(await dialog.isVisible().catch(() => false))) { await page.keyboard.press('Escape'); continue; }
    await look(`write-${i}`);
    const preview = dialog.locator('.btn-primary:enabled').first();
    if (await preview.count()) {
      await preview.click().catch(() => undefined);
      await settled(page);
      await look(`write-${i}-preview`);
    }
    for (let k = 0; k < 3 && await page.getByRole('dialog').count(); k++) { await page.keyboard.press('Escape'); await settled(page); }
  }
}

test.describe('zh-CN, every view of each format', () => {
  test.use({ locale: 'zh-CN' });
  for (const table of FORMAT_TABLES) {
    test(`${table.format}: every tab, tree node kind, query error and EXPLAIN, write dialogs — no English sentence`, async ({ page }) => {
      test.setTimeout(400_000);
      const look = async (view: string) => { await shot(page, `i18n-zh-${table.format}-${view}`); await noEnglish(page, `${table.format} ${view}`); };
      await page.goto(`/?w=demo&t=${encodeURIComponent(table.root)}`);
      await expect(page.locator('.timeline')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('selected-version')).toBeVisible();
      const tabs = await page.locator('[role="tab"][data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')!));
      for (const tab of tabs) {
        // dispatchEvent: in zh-CN the writes bar may overlap the last tabs (a layout issue of its own); the walk is about words.
        await page.locator(`[role="tab"][data-tab="${tab}"]`).dispatchEvent('click');
        await expect(page.locator(`[role="tab"][data-tab="${tab}"]`)).toHaveAttribute('aria-selected', 'true');
        await settled(page);
        await look(`tab-${tab}`);
        if (tab === 'tree') await walkTree(page, look);
        if (tab === 'query') {
          await runQuery(page, table.bad);
          await look('query-error');
          await runQuery(page, table.explain);
          await look('query-explain');
        }
      }
      await walkWrites(page, look);
    });
  }
});


/** The visible error message paragraphs (`.error-message`) of the page. */
const errorTexts = (page: Page) => page.locator('.error-message').filter({ visible: true }).allInnerTexts();

test.describe('zh-CN errors', () => {
  test.use({ locale: 'zh-CN' });

  test('engine errors are Chinese: a missing table URL, a missing table, a wrong column and a syntax error in the Query tab', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    const translated = async (view: string, expected: RegExp) => {
      const texts = await errorTexts(page);
      expect(texts.length, `an error message on ${view}`).toBeGreaterThan(0);
      for (const t of texts) expect(t, `Chinese error on ${view}`).toMatch(expected);
      await expect(page.getByTestId('error-untranslated')).toHaveCount(0);
      await shot(page, `i18n-zh-error-${view}`);
      await noEnglish(page, `error ${view}`);
    };

    // A URL with no warehouse behind it: the preview answers with its page, not an index.json.
    await page.goto(`/?w=url&url=${encodeURIComponent(`${baseURL}/demo/nosuch/`)}`);
    await expect(page.getByRole('alert')).toBeVisible({ timeout: 30_000 });
    await translated('url', /index\.json 不是 JSON/);
    // The English original is one click away, marked as English.
    const original = page.locator('.error-original');
    await original.locator('summary').click();
    await expect(original.locator('[lang="en"]')).toHaveText('http: index.json is not JSON');
    await shot(page, 'i18n-zh-error-url-original');
    await noEnglish(page, 'error url, original open');

    // A table path the warehouse does not have.
    await page.goto('/?w=demo&t=sales%2Fnosuch%2F');
    await expect(page.getByRole('alert')).toBeVisible({ timeout: 30_000 });
    await translated('no-table', /这个位置没有表/);

    // A wrong column and a syntax error in the Query tab: the column's name is set apart as data.
    await page.goto(ORDERS);
    await openTab(page, 'query');
    await expect(page.getByTestId('query-view')).toBeVisible({ timeout: 30_000 });
    await runQuery(page, 'SELECT order_id,\n       no_such_column\nFROM t');
    const queryError = page.getByTestId('query-error');
    await expect(queryError.locator('.error-message')).toContainText('第 2 行，第 8 列');
    await expect(queryError.locator('.error-message .mono').first()).toHaveText('no_such_column');
    await translated('query-column', /^SQL 错误（第 2 行，第 8 列）：没有列 "no_such_column"。可用的列：/);
    await runQuery(page, 'SELEC x FROM t');
    await translated('query-syntax', /^SQL 错误（第 1 行，第 1 列）：这里应为 SELECT，却是 "SELEC"$/);
    expect(errors).toEqual([]);
  });
});

test.describe('zh-CN errors of an S3 bucket on the Ceph gateway', () => {
  test.use({ locale: 'zh-CN' });
  const state = readE2eState();
  test.skip(!state.s3, state.reason ?? 'S3 not prepared');

  /** The S3 form in Chinese, filled and submitted. */
  async function openS3(page: Page, bucket: string, secret: string) {
    await page.goto('/');
    await page.getByRole('tab', { name: /S3 兼容存储桶/ }).click();
    await page.getByRole('radio', { name: 'Ceph RGW' }).click();
    await page.getByLabel('Endpoint').fill(state.endpoint);
    await page.getByRole('textbox', { name: '存储桶', exact: true }).fill(bucket);
    await page.getByLabel('Access Key ID').fill(state.accessKeyId);
    await page.getByLabel('Secret Access Key').fill(secret);
    await page.getByRole('button', { name: '打开存储桶' }).click();
  }

  test('refused keys and a bucket without CORS are explained in Chinese', async ({ page }) => {
    test.setTimeout(120_000);
    await openS3(page, state.bucket as string, 'not-the-secret');
    const alert = page.getByRole('alert');
    await expect(alert.locator('.error-message')).toContainText('密钥被拒绝', { timeout: 30_000 });
    await expect(page.getByTestId('error-untranslated')).toHaveCount(0);
    await shot(page, 'i18n-zh-error-s3-auth');
    // The panel only: this test is about the error.
    await noEnglish(page, 'error s3 auth', '[role="alert"]');

    await openS3(page, state.noCorsBucket as string, state.secretAccessKey);
    await expect(alert.locator('.error-message')).toContainText('浏览器拒绝了这个请求', { timeout: 30_000 });
    await expect(page.getByTestId('error-untranslated')).toHaveCount(0);
    await shot(page, 'i18n-zh-error-s3-cors');
    await noEnglish(page, 'error s3 cors', '[role="alert"]');
  });
});

/** Every table of the demo warehouse (iceberg, delta and paimon; partitioned, merge-on-read, with deletion vectors). */
const DEMO_TABLES = ['events/clicks/', 'events/sessions/', 'inventory/stock/', 'logistics/shipments/', 'sales/customers/', 'sales/orders/', 'story/delta/', 'story/iceberg/', 'story/paimon/'];

/**
 * English sentences in the teaching text of decoded files (field notes, the file's note), which the page-wide
 * walk skips with the rest of the decoded content: the same heuristic, on `selector` only, code and names apart.
 */
async function englishIn(page: Page, selector: string): Promise<string[]> {
  const texts = await page.evaluate((sel) => {
    const out: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        const text = n.textContent?.trim();
        if (!el || !text || el.closest('.mono, code, a')) continue;
        out.push(text);
      }
    }
    return out;
  }, selector);
  return sentencesIn(texts);
}

test.describe('zh-CN, the raw viewer, the health view and the LSM tab of the demo tables', () => {
  test.use({ locale: 'zh-CN' });
  for (const root of DEMO_TABLES) {
    test(`${root}: health, and raw files of each folder with their field notes — no English sentence`, async ({ page }) => {
      test.setTimeout(300_000);
      const errors = watchErrors(page);
      const name = root.replace(/\/$/, '').replace('/', '-');
      const look = async (view: string, notes?: string) => {
        await shot(page, `i18n-zh-${name}-${view}`);
        await noEnglish(page, `${root} ${view}`);
        if (notes) expect.soft(await englishIn(page, notes), `English notes on ${root} ${view}`).toEqual([]);
      };
      await page.goto(`/?w=demo&t=${encodeURIComponent(root)}`);
      await expect(page.locator('.timeline')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('selected-version')).toBeVisible();

      await openTab(page, 'health');
      await expect(page.getByTestId('health-view')).toBeVisible({ timeout: 45_000 });
      await settled(page);
      await look('health');

      await openTab(page, 'raw');
      const groups = page.locator('.raw-picker .raw-group');
      await expect(groups.first().locator('.raw-file').first()).toBeVisible({ timeout: 30_000 });
      const count = Math.min(await groups.count(), 5);
      for (let g = 0; g < count; g++) {
        await groups.nth(g).locator('.raw-file').first().click();
        await expect(page.getByTestId('raw-decoded')).toBeVisible({ timeout: 30_000 });
        await settled(page);
        // Open every field of the first levels so their notes are drawn.
        await page.locator('.raw-decoded details:not([open])').evaluateAll((els) => { for (const el of els.slice(0, 12)) (el as HTMLDetailsElement).open = true; });
        await look(`raw-${g}`, '.raw-decoded .jt-note, .raw-decoded .raw-head .explanation, .raw-decoded .avro-bar, .raw-decoded summary');
      }

      if (root === 'inventory/stock/') {
        await openTab(page, 'lsm');
        await expect(page.getByTestId('lsm-bucket').first()).toBeVisible({ timeout: 45_000 });
        await page.locator('details.lsm-explain').evaluate((el) => { (el as HTMLDetailsElement).open = true; });
        await page.locator('.lsm-file').first().click();
        await expect(page.locator('.lsm-file-details').first()).toBeVisible();
        await look('lsm', '.lsm-next, .lsm-explain, .lsm-bucket-head, .lsm-actions');
        // The level notes are tooltips: the same check on their text.
        const notes = await page.locator('.lsm-row[title]').evaluateAll((els) => els.map((e) => e.getAttribute('title')!));
        expect(notes.length).toBeGreaterThan(0);
        expect.soft(notes.filter((t) => /[A-Za-z]{3,} [A-Za-z]{3,}/.test(t) && !/[\u4e00-\u9fff]/.test(t)), 'English level notes').toEqual([]);
      }
      expect(errors).toEqual([]);
    });
  }
});
