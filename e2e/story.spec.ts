/**
 * Issue 20, "One story, four formats": from the demo warehouse, the story page shows each step side by side for
 * Iceberg, Delta and Paimon with the files each format wrote (read from the demo's story tables through the
 * worker), Hudi and MaxCompute explained; steps move by click and by ← →. The same page in zh-CN shows Chinese.
 * Screenshots in both languages at 1280×800 and at a narrow width (test-results/screenshots/story-*).
 */
import { type Locator, type Page, expect, test } from '@playwright/test';
import { shot, watchErrors } from './explorer-helpers.ts';

const col = (page: Page, format: string): Locator => page.locator(`.story-col[data-format="${format}"]`);
const written = (c: Locator): Locator => c.locator('.story-files-written li');
/** Files of one kind (tree node kind) in a column's list. */
const ofKind = (c: Locator, list: 'written' | 'dropped' | 'returned', kind: string): Locator => c.locator(`.story-files-${list} li:has(.story-kind-${kind})`);

/** Waits until the three format columns have read their tables. */
async function loaded(page: Page) {
  for (const f of ['iceberg', 'delta', 'paimon']) await expect(col(page, f).locator('.story-commit, p.muted').first()).toBeVisible({ timeout: 45_000 });
}

async function step(page: Page, n: number) {
  await page.getByRole('tab').nth(n).click();
  await expect(page.getByRole('tab').nth(n)).toHaveAttribute('aria-selected', 'true');
}

test('the story page shows the story for Iceberg, Delta and Paimon with the files each wrote', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await page.goto('/?w=demo');
  await page.getByRole('button', { name: 'Compare formats' }).click();
  await expect(page.getByRole('heading', { name: 'One story, four formats' })).toBeVisible();
  await expect(page).toHaveURL(/story=1/);
  await loaded(page);

  // Step 1, create: Iceberg writes v1.metadata.json, Delta log entry 0; Paimon makes no snapshot.
  await expect(written(col(page, 'iceberg'))).toHaveText([/v1\.metadata\.json/]);
  await expect(written(col(page, 'delta'))).toHaveText([/log entry.*00000000000000000000\.json/]);
  await expect(col(page, 'paimon')).toContainText('No version yet');
  await shot(page, 'story-en-01-create');

  // Keyboard: → moves to the first append; each format wrote a data file and its own metadata.
  await page.getByRole('tab').first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab').nth(1)).toBeFocused();
  await expect(ofKind(col(page, 'iceberg'), 'written', 'manifest-list')).toHaveCount(1);
  await expect(ofKind(col(page, 'iceberg'), 'written', 'data-file')).toHaveCount(1);
  await expect(ofKind(col(page, 'delta'), 'written', 'data-file')).toHaveCount(1);
  await expect(written(col(page, 'paimon')).filter({ hasText: 'snapshot-1' })).toHaveCount(1);
  await expect(written(col(page, 'paimon')).filter({ hasText: 'level 0' })).toHaveCount(1);
  await expect(col(page, 'paimon')).toContainText('12 records in the files');

  // Delete: a position delete file, a deletion vector, a level-0 file of -D rows; no data file rewritten.
  await step(page, 4);
  await expect(ofKind(col(page, 'iceberg'), 'written', 'delete-file').first()).toBeVisible();
  await expect(ofKind(col(page, 'delta'), 'written', 'deletion-vector')).toHaveCount(1);
  await expect(written(col(page, 'paimon')).filter({ hasText: '3 -D rows' })).toHaveCount(1);
  await expect(page.locator('.story-col').filter({ hasText: 'MaxCompute' })).toContainText('Delete records in delta files');
  await shot(page, 'story-en-05-delete');

  // Compact: one new data file each, the small ones gone; Paimon's at level 5.
  await step(page, 5);
  for (const f of ['iceberg', 'delta', 'paimon']) {
    await expect(ofKind(col(page, f), 'written', 'data-file'), f).toHaveCount(1);
    await expect(col(page, f).locator('.story-files-dropped li').first(), f).toBeVisible();
  }
  await expect(written(col(page, 'paimon')).filter({ hasText: 'level 5' })).toHaveCount(1);

  // Rollback: no data file written, the update's files back; Iceberg makes no snapshot.
  await step(page, 6);
  for (const f of ['iceberg', 'delta', 'paimon']) {
    await expect(ofKind(col(page, f), 'written', 'data-file'), f).toHaveCount(0);
    await expect(col(page, f).locator('.story-files-returned li').first(), f).toBeVisible();
  }
  await expect(col(page, 'iceberg')).toContainText('No new snapshot');
  await expect(page.locator('.story-col').filter({ hasText: 'Apache Hudi' })).toContainText('No Hudi table in this warehouse');
  await shot(page, 'story-en-07-rollback');

  // Narrow: the rail folded away, one column.
  await page.setViewportSize({ width: 480, height: 900 });
  await page.locator('button[aria-controls="rail"]').click();
  await expect(col(page, 'delta')).toBeVisible();
  await shot(page, 'story-en-07-rollback-narrow');

  // "Open this version" opens the Paimon table's Tree tab at the rollback's snapshot.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('button.rail-toggle').click();
  await col(page, 'paimon').getByRole('button', { name: 'Open this version' }).click();
  await expect(page).toHaveURL(/t=story%2Fpaimon.*tab=tree.*v=6/);
  expect(errors).toEqual([]);
});

test.describe('zh-CN', () => {
  test.use({ locale: 'zh-CN' });

  test('the story page in Chinese', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    await page.goto('/?w=demo');
    await page.getByRole('button', { name: '格式对比' }).click();
    await expect(page.getByRole('heading', { name: '同一个故事，四种格式' })).toBeVisible();
    await loaded(page);
    await step(page, 4);
    await expect(ofKind(col(page, 'iceberg'), 'written', 'delete-file').filter({ hasText: '删除文件' }).first()).toBeVisible();
    await expect(ofKind(col(page, 'delta'), 'written', 'deletion-vector').filter({ hasText: '删除向量' })).toHaveCount(1);
    await expect(written(col(page, 'paimon')).filter({ hasText: '3 条 -D 记录' })).toHaveCount(1);
    await expect(page.locator('.story-page')).not.toContainText(/Written|No longer|How .* records|Step \d/);
    await shot(page, 'story-zh-05-delete');
    await step(page, 6);
    await expect(col(page, 'iceberg')).toContainText('没有新快照');
    await shot(page, 'story-zh-07-rollback');
    await page.setViewportSize({ width: 480, height: 900 });
    await page.locator('button[aria-controls="rail"]').click();
    await expect(col(page, 'paimon')).toBeVisible();
    await shot(page, 'story-zh-07-rollback-narrow');
    expect(errors).toEqual([]);
  });
});
