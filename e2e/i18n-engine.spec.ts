/**
 * Issue 20, engine messages in zh-CN on the S3 gateway: a commit conflict (another writer commits between
 * the preview and Confirm) and a table whose metadata a spec check flags (a stale version-hint.text and a torn
 * newest metadata file, so an older version is read and writes are refused) are explained in Chinese — no
 * "not translated" mark, no English sentence in the dialog or the banner (names and paths set apart). Screenshots:
 * test-results/screenshots/i18n-zh-engine-*.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { prepareRollbackTo } from '../src/core/formats/iceberg/commit/index.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../src/testing/fixtures.ts';
import { s3Storage } from '../src/testing/s3-env.ts';
import { readE2eState } from './e2e-state.ts';
import { expectedOf, shot, watchErrors } from './explorer-helpers.ts';
import { chineseTexts, englishSentences, uiTexts } from './visible-text.ts';
import { uploadTableCopy } from './writes-helpers.ts';

const FIXTURE = 'iceberg/v2_java_position_and_equality_deletes';
const NAME = FIXTURE.split('/')[1]!;

/** Words that may stand in Chinese text: format names and terms Chinese docs keep in English (as in i18n.spec.ts). */
const ALLOWED = new Set('iceberg delta paimon hudi parquet avro json metadata manifest commit main snapshot etag ifmatch ifnonematch'.split(' '));

/** Visible text of `root` outside names and code (`.mono`) and English originals (`[lang="en"]`) that holds two English words in a row. */
async function englishIn(page: Page, root: string): Promise<string[]> {
  const texts = await page.evaluate((root) => {
    const out: string[] = [];
    for (const r of document.querySelectorAll(root)) {
      const walker = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        const text = n.textContent?.trim();
        if (!el || !text || el.closest('.mono, code, [lang="en"], details:not([open]) > :not(summary)') || !el.checkVisibility()) continue;
        out.push(text);
      }
    }
    return out;
  }, root);
  const word = (w: string) => /^[A-Za-z'’]{3,}$/.test(w) && !ALLOWED.has(w.toLowerCase());
  return texts.filter((t) => t.split(/[^\x00-\x7F]+/).some((run) => {
    const tokens = run.split(/[\s,:;()!?"]+/).filter(Boolean);
    return tokens.some((w, i) => i + 1 < tokens.length && word(w) && word(tokens[i + 1]!));
  }));
}

/** The S3 form in Chinese for the e2e bucket at `prefix`, submitted; then the table opened from the rail. */
async function openTableZh(page: Page, state: ReturnType<typeof readE2eState>, prefix: string) {
  await page.goto('/');
  await page.getByRole('tab', { name: /S3 兼容存储桶/ }).click();
  await page.getByRole('radio', { name: 'Ceph RGW' }).click();
  await page.getByLabel('Endpoint').fill(state.endpoint);
  await page.getByRole('textbox', { name: '存储桶', exact: true }).fill(state.bucket as string);
  await page.getByRole('textbox', { name: /前缀/ }).fill(prefix);
  await page.getByLabel('Access Key ID').fill(state.accessKeyId);
  await page.getByLabel('Secret Access Key').fill(state.secretAccessKey);
  await page.getByRole('button', { name: '打开存储桶' }).click();
  await page.getByRole('treeitem', { name: new RegExp(NAME) }).first().click();
  await expect(page.locator('.timeline')).toBeVisible({ timeout: 30_000 });
}

test.describe('zh-CN engine messages on the S3 gateway', () => {
  test.use({ locale: 'zh-CN' });
  const state = readE2eState();
  test.skip(!state.s3, state.reason ?? 'S3 not prepared');

  test('a commit conflict is explained in Chinese, the requirement that failed and the snapshots named', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    const prefix = await uploadTableCopy(state, FIXTURE);
    const [oldest, middle] = expectedOf(FIXTURE).versions;
    await openTableZh(page, state, prefix);
    await page.locator(`[data-version="${oldest!.id}"]`).first().dispatchEvent('click');
    await expect(page.getByTestId('selected-version')).toContainText(oldest!.id);
    // The button, or — when the bar is too narrow for it — its entry in the bar's overflow menu.
    const bar = page.getByRole('toolbar', { name: '写入操作' });
    const button = bar.getByRole('button', { name: '回滚到这里' });
    if (await button.isVisible()) await button.click();
    else {
      await bar.getByRole('button', { name: /^更多/ }).click();
      await page.getByRole('menuitem', { name: /回滚到这里/ }).click();
    }
    const preview = page.getByRole('dialog', { name: /^预览：/ });
    await expect(preview.getByRole('button', { name: '确认', exact: true })).toBeEnabled({ timeout: 30_000 });
    // Another writer (the engine in Node, straight to the bucket) moves main meanwhile.
    await (await prepareRollbackTo(s3Storage(state.bucket as string, `${prefix}${NAME}/`), BigInt(middle!.id))).apply();
    await preview.getByRole('button', { name: '确认', exact: true }).click();

    const failed = page.getByTestId('write-error');
    const message = failed.locator('.error-message');
    await expect(message).toBeVisible({ timeout: 30_000 });
    await expect(message).toHaveText(`iceberg 提交：要求 assert-ref-snapshot-id 不成立：引用 main 现在指向快照 ${middle!.id}，应为 ${expectedOf(FIXTURE).versions.at(-1)!.id}`);
    await expect(message.locator('.mono').first()).toHaveText('assert-ref-snapshot-id');
    await expect(failed.getByTestId('error-untranslated')).toHaveCount(0);
    // The English original is one click away.
    await failed.locator('.error-original summary').click();
    await expect(failed.locator('.error-original [lang="en"]')).toHaveText(/^iceberg commit: requirement assert-ref-snapshot-id failed: ref main is at snapshot \d+, expected \d+$/);
    await shot(page, 'i18n-zh-engine-conflict');
    expect(await englishIn(page, '[data-testid="write-error"]')).toEqual([]);
    await failed.getByRole('button', { name: '重新预览' }).click();
    await expect(page.getByRole('dialog', { name: /^预览：/ })).toBeVisible({ timeout: 30_000 });
    expect(errors).toEqual([]);
  });

  test('a stale version hint and a torn newest metadata file: the warnings and the write refusal in Chinese', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    const prefix = await uploadTableCopy(state, FIXTURE);
    const storage = s3Storage(state.bucket as string, `${prefix}${NAME}/`);
    const files = (await storage.list({ prefix: 'metadata/' })).objects.map((o) => o.key).filter((k) => /\/v\d+\.metadata\.json$/.test(k));
    const newest = files.map((k) => Number(/v(\d+)\./.exec(k)![1])).sort((a, b) => a - b).at(-1)!;
    // A crashed writer's torn v<N+1> (the first 300 bytes of vN), and a hint still naming vN.
    const torn = `metadata/v${newest + 1}.metadata.json`;
    await storage.write(torn, (await storage.read(`metadata/v${newest}.metadata.json`)).subarray(0, 300));
    await storage.write('metadata/version-hint.text', new TextEncoder().encode(String(newest)));

    await openTableZh(page, state, prefix);
    const banner = page.getByTestId('table-warnings');
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expect(banner).toContainText(`version-hint.text 指向 v${newest}.metadata.json，但 v${newest + 1}.metadata.json 更新`);
    await expect(banner).toContainText(`最新的 ${torn} 无法读取`);
    await expect(banner).toContainText('在修复或删除');
    await expect(banner.locator('.mono').filter({ hasText: torn }).first()).toBeVisible();
    await expect(page.getByTestId('error-untranslated')).toHaveCount(0);
    // Writes are refused, saying why in Chinese.
    await expect(page.getByTestId('writes-off')).toContainText('写入被拒绝：最新的');
    await shot(page, 'i18n-zh-engine-spec-check');
    expect(await englishIn(page, '[data-testid="table-warnings"]')).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a truncated manifest: the Data tab says in Chinese which file is shorter than recorded (issue 20, err5)', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    const prefix = await uploadTableCopy(state, FIXTURE);
    const storage = s3Storage(state.bucket as string, `${prefix}${NAME}/`);
    // Every manifest (not the manifest lists, snap-*.avro) cut to half its size, as a crashed copy would leave it.
    const manifests = (await storage.list({ prefix: 'metadata/' })).objects.filter((o) => /\/(?!snap-)[^/]+\.avro$/.test(o.key));
    expect(manifests.length).toBeGreaterThan(0);
    for (const m of manifests) await storage.write(m.key, (await storage.read(m.key)).subarray(0, Math.floor(m.size / 2)));

    await openTableZh(page, state, prefix);
    await page.locator('[role="tab"][data-tab="data"]').dispatchEvent('click');
    const panel = page.locator('.error-panel').first();
    await expect(panel).toBeVisible({ timeout: 45_000 });
    const message = panel.locator('.error-message').first();
    // "iceberg manifest：<path>：文件大小：<path> 有 N 字节，而元数据记录的是 M 字节（文件被截断、追加或替换过）"
    await expect(message).toContainText('文件大小：');
    await expect(message).toContainText('字节，而元数据记录的是');
    await expect(message).toContainText('（文件被截断、追加或替换过）');
    await expect(message.locator('.mono').filter({ hasText: /\.avro$/ }).first()).toBeVisible();
    await expect(panel.getByTestId('error-untranslated')).toHaveCount(0);
    await expect(message).not.toContainText('bytes its metadata records');
    // The English original is one click away, as the CLI prints it.
    await panel.locator('.error-original summary').click();
    await expect(panel.locator('.error-original [lang="en"]')).toHaveText(/^iceberg manifest: .+\.avro: file size: .+\.avro has \d+ bytes, not the \d+ bytes its metadata records \(truncated, appended to or replaced\)$/);
    await panel.locator('.error-original summary').click();
    await shot(page, 'i18n-zh-engine-truncated-manifest-1440');
    expect(englishSentences(await uiTexts(page, '.error-panel'))).toEqual([]);
    expect(await englishIn(page, '.error-panel')).toEqual([]);
    // Back to English: the same error reads as the CLI prints it, no Chinese left in the panel.
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await expect(page.locator('.error-panel .error-message').first()).toHaveText(/^iceberg manifest: .+\.avro: file size: .+\.avro has \d+ bytes, not the \d+ bytes its metadata records \(truncated, appended to or replaced\)$/);
    expect(chineseTexts(await uiTexts(page, '.error-panel'))).toEqual([]);
    await shot(page, 'i18n-en-engine-truncated-manifest-1440');
    expect(errors).toEqual([]);
  });
});

test.describe('zh-CN EXPLAIN of a query a run would refuse', () => {
  test.use({ locale: 'zh-CN' });

  test('the refusal is shown above the plan in Chinese', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await page.goto('/?w=demo&t=sales%2Forders%2F');
    await expect(page.locator('.timeline')).toBeVisible({ timeout: 30_000 });
    await page.locator('[role="tab"][data-tab="query"]').dispatchEvent('click');
    await expect(page.getByTestId('query-view')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('query-view').locator('textarea').first().fill('EXPLAIN SELECT sum(DISTINCT x.order_id) AS s FROM t x JOIN t y ON x.order_id = y.order_id');
    await page.getByTestId('query-view').locator('.query-bar .btn-primary').click();
    const refusal = page.getByTestId('query-refusal');
    await expect(refusal).toBeVisible({ timeout: 45_000 });
    await expect(refusal).toContainText('实际运行时会拒绝这个查询：');
    await expect(refusal).toContainText('不在列式执行器中：squirreling 在那里会忽略 DISTINCT，答案会是错的');
    await shot(page, 'i18n-zh-engine-explain-refusal');
    expect(await englishIn(page, '[data-testid="query-refusal"]')).toEqual([]);
    expect(errors).toEqual([]);
  });
});

/** Visible text of `selector` outside data (`.mono`: names, numbers, the engine's query) and English originals. */
async function wordsOf(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((roots) => roots.flatMap((root) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      if (text && !n.parentElement?.closest('.mono, code, [lang="en"]')) out.push(text);
    }
    return out;
  }));
}

test.describe('zh-CN EXPLAIN plan and connection names (issue 20)', () => {
  test.use({ locale: 'zh-CN' });

  for (const width of [1440, 900]) {
    test(`the Query tab's EXPLAIN plan is Chinese, its data apart, at ${width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      const errors = watchErrors(page);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/?w=demo&t=sales%2Forders%2F');
      await expect(page.locator('.timeline')).toBeVisible({ timeout: 30_000 });
      await page.locator('[role="tab"][data-tab="query"]').dispatchEvent('click');
      await expect(page.getByTestId('query-view')).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('query-view').locator('textarea').first().fill('EXPLAIN SELECT count(*) FROM t x JOIN t y ON x.order_id = y.order_id WHERE x.order_id IS NOT NULL');
      await page.getByTestId('query-view').locator('.query-bar .btn-primary').click();
      const plan = page.getByTestId('query-explain');
      await expect(plan).toBeVisible({ timeout: 45_000 });
      await expect(plan).toContainText('引擎执行的查询：');
      await expect(plan).toContainText('总共要读取的字节数：');
      await expect(plan).toContainText('  文件：读取 ');
      await expect(plan).toContainText('执行器：');
      // The join is why squirreling runs it: said in Chinese (the plan step's name apart).
      await expect(plan).toContainText('计划中有 ');
      await expect(plan.locator('.mono').filter({ hasText: /^SELECT count\(\*\) FROM / })).toHaveCount(1);
      for (const english of ['engine query', 'bytes to fetch', 'pushed filter', 'executor:', 'to read']) await expect(plan).not.toContainText(english);
      await shot(page, `i18n-zh-engine-explain-${width}`);
      expect(englishSentences(await wordsOf(page, '[data-testid="query-explain"]'))).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  test('why the columnar executor hands a query to squirreling is Chinese, and the CSV of the plan is the plan as shown (err5)', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/?w=demo&t=sales%2Forders%2F');
    await expect(page.locator('.timeline')).toBeVisible({ timeout: 30_000 });
    await page.locator('[role="tab"][data-tab="query"]').dispatchEvent('click');
    await expect(page.getByTestId('query-view')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('query-view').locator('textarea').first().fill('EXPLAIN SELECT median(order_id) AS m FROM t');
    await page.getByTestId('query-view').locator('.query-bar .btn-primary').click();
    const plan = page.getByTestId('query-explain');
    await expect(plan).toBeVisible({ timeout: 45_000 });
    // The reason in Chinese, the function's name apart (it was the English "aggregate MEDIAN" as data).
    const executor = plan.locator('.query-explain-line').filter({ hasText: '执行器：' });
    await expect(executor).toHaveText('执行器：squirreling（列式执行器不支持聚合函数 MEDIAN）');
    await expect(executor.locator('.mono')).toHaveText(['squirreling', 'MEDIAN']);
    await shot(page, 'i18n-zh-engine-explain-fallback-1440');
    expect(englishSentences(await wordsOf(page, '[data-testid="query-explain"]'))).toEqual([]);
    // The CSV download holds the plan as the tab shows it, under a Chinese column name.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载 CSV' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('执行计划');
    expect(lines).toContain('执行器：squirreling（列式执行器不支持聚合函数 MEDIAN）');
    expect(csv).not.toContain('engine query');
    expect(errors).toEqual([]);
  });

  test('a folder opened read-only is named in Chinese in the top bar', async ({ page }) => {
    test.skip(!FIXTURES_PRESENT, FIXTURES_SKIP_REASON);
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    for (const width of [1440, 900]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await page.getByRole('tab', { name: /本地文件夹/ }).click();
      await page.locator('input[type=file]').setInputFiles(join(FIXTURES_DIR, 'paimon'));
      const name = page.locator('.warehouse-label');
      await expect(name).toHaveText('文件夹“paimon”（只读副本）', { timeout: 30_000 });
      await expect(page.getByRole('banner')).not.toContainText('read-only copy');
      // The overview's heading names it the same way, with no English description under it.
      await expect(page.locator('.page-head h1')).toHaveText('文件夹“paimon”（只读副本）');
      await expect(page.locator('.page-head')).not.toContainText('read-only copy');
      await shot(page, `i18n-zh-engine-folder-label-${width}`);
      expect(englishSentences(await wordsOf(page, '[role="banner"]'))).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
});
