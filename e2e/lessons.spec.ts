/**
 * The guided lessons (issue 20), all through the UI in one sandbox of the demo warehouse: the lesson list, then
 * the Iceberg, Delta and Paimon lessons completed step by step (each step a real read or write of the copied
 * table, pointing at the files it touched), Back keeping what a step found; a step shown in English and in
 * zh-CN; and a reload that reopens the sandbox (its writes still there) instead of only the demo.
 * Screenshots under test-results/screenshots/lessons-*.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readE2eState } from './e2e-state.ts';
import { openTableFromRail, shot, watchErrors } from './explorer-helpers.ts';
import { openS3Prefix, uploadTableCopy } from './writes-helpers.ts';

/** Compactions read and rewrite every small file in the browser; on a loaded 2-core runner that can take long. */
const WRITE_TIMEOUT = 150_000;

async function trySandbox(page: Page): Promise<void> {
  await page.goto('/?w=demo');
  await page.getByRole('button', { name: 'Try it here' }).click();
  await expect(page.getByTestId('sandbox-badge')).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/[?&]sandbox=demo/);
}

/** Opens the lesson list (from the top bar, or "All lessons" inside a lesson) and starts `name`. */
async function startLesson(page: Page, name: string): Promise<Locator> {
  const lesson = page.getByTestId('lesson');
  if (await lesson.count() === 0) await page.getByRole('button', { name: 'Lessons', exact: true }).click();
  if ((await lesson.getAttribute('data-step')) !== 'list') await lesson.getByRole('button', { name: 'All lessons' }).click();
  await expect(lesson).toHaveAttribute('data-step', 'list');
  await lesson.getByRole('button', { name }).click();
  return lesson;
}

/** Runs the step `id` with its button and waits for its result; then goes on with Next unless it is the last. */
async function step(lesson: Locator, id: string, action: RegExp, expected: RegExp, next = true): Promise<Locator> {
  const result = lesson.getByTestId('lesson-result');
  await expect(lesson).toHaveAttribute('data-step', id);
  await lesson.getByRole('button', { name: action }).click();
  await expect(result).toContainText(expected, { timeout: WRITE_TIMEOUT });
  const shown = result;
  if (next) {
    await expect(shown.locator('li').first()).toBeVisible(); // every step points at files
    await lesson.getByRole('button', { name: 'Next →' }).click();
  }
  return shown;
}

test.describe('lessons: one per writable format, in a sandbox that survives a reload', () => {
  test('the lesson list; the Iceberg, Delta and Paimon lessons completed, back and forth; a step in English and zh-CN', async ({ page }) => {
    test.setTimeout(900_000);
    const errors = watchErrors(page);
    await trySandbox(page);
    await page.getByRole('button', { name: 'Lessons', exact: true }).click();
    const list = page.getByTestId('lesson');
    await expect(list.locator('[data-lesson]')).toHaveCount(3);
    await shot(page, 'lessons-00-list');

    // Iceberg (events/clicks): history read, then a compaction and a rollback written.
    let lesson = await startLesson(page, 'Iceberg lesson');
    await expect(page.getByRole('region', { name: 'Table clicks' })).toBeVisible();
    await step(lesson, 'version', /Read the current version/, /The current snapshot is \d+/);
    await step(lesson, 'append', /Compare the last append/, /appended \d+ rows in \d+ new data files?/);
    await step(lesson, 'delete', /Find what the last delete wrote/, /deletion vectors?/);
    await step(lesson, 'compact', /Compact the table now/, /Committed snapshot \d+: \d+ files written/);
    await step(lesson, 'time-travel', /Plan a read of the version before the compaction/, /of them with a deletion vector/);
    await step(lesson, 'rollback', /Roll back to before the compaction/, /is current again/, false);

    // Delta (logistics/shipments): an append, a delete as deletion vectors, OPTIMIZE, time travel, RESTORE.
    lesson = await startLesson(page, 'Delta lesson');
    await expect(lesson).toHaveAttribute('data-lesson', 'delta');
    await expect(page.getByRole('region', { name: 'Table shipments' })).toBeVisible();
    let r = await step(lesson, 'version', /Read the current version/, /The current version is \d+, the newest of \d+ commits in _delta_log/);
    await step(lesson, 'append', /Append four shipments/, /Version \d+ appended 4 rows in 2 new data files; its commit file holds 2 add actions/);
    r = await step(lesson, 'delete', /Delete the delayed shipments/, /Version \d+: [1-9]\d* remove and [1-9]\d* add actions; the adds carry [1-9]\d* deletion vectors?, written to [1-9]\d* files?; 0 files of data rewritten/, false);
    await expect(r).toContainText('deletion_vector_');
    await expect(page.getByTestId('write-effect')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('write-effect').getByTestId('effect-meta-title')).toContainText('.json');
    await shot(page, 'lessons-10-delta-delete-en');
    await lesson.getByRole('button', { name: 'Next →' }).click();
    await step(lesson, 'compact', /OPTIMIZE the table now/, /Version \d+ \(OPTIMIZE\): [1-9]\d* new data files?, [1-9]\d* removed from the table by the log — 0 deleted from the folder/);
    await step(lesson, 'time-travel', /Plan a read of the version before the compaction/, /Version \d+ reads \d+ files, [1-9]\d* of them with a deletion vector; the current version \d+ reads \d+ files?/);
    r = await step(lesson, 'rollback', /Roll back to before the compaction/, /Version \d+ restores version \d+: \d+ files? written, 0 of them data files; its commit re-adds [1-9]\d* files? and removes [1-9]\d*/, false);
    await expect(page.getByTestId('write-effect').getByTestId('metadata-diff').locator('[data-op="+"]').filter({ hasText: '"restore"' }).first()).toBeVisible();
    // Back keeps what each step found.
    await lesson.getByRole('button', { name: '← Back' }).click();
    await expect(lesson).toHaveAttribute('data-step', 'time-travel');
    await expect(lesson.getByTestId('lesson-result')).toContainText('of them with a deletion vector');

    // Paimon (inventory/stock): level-0 files of an upsert and of -D rows, a full compaction, time travel, rollback.
    lesson = await startLesson(page, 'Paimon lesson');
    await expect(lesson).toHaveAttribute('data-lesson', 'paimon');
    await expect(page.getByRole('region', { name: 'Table stock' })).toBeVisible();
    await step(lesson, 'version', /Read the current version/, /The current snapshot is \d+, one of \d+\. It lists \d+ files in \d+ buckets, [1-9]\d* of them on level 0/);
    await step(lesson, 'append', /Upsert four stock rows/, /Snapshot \d+ wrote 4 rows as [1-9]\d* files? of data, [1-9]\d* on level 0/);
    await step(lesson, 'delete', /Delete SKU-0003/, /Snapshot \d+ recorded 2 -D rows in [1-9]\d* files?, [1-9]\d* on level 0; 0 files deleted, nothing rewritten/);
    await step(lesson, 'compact', /Run a full compaction now/, /Snapshot \d+ \(COMPACT\) merged \d+ files into [1-9]\d* on level [1-9]\d*; level 0 now holds 0 files/);
    r = await step(lesson, 'time-travel', /Plan a read of the version before the compaction/, /Snapshot \d+ reads \d+ files, [1-9]\d* of them on level 0 \(merged by key when read\); the current snapshot \d+ reads \d+ files?, 0 on level 0/, false);
    await shot(page, 'lessons-20-paimon-time-travel-en');
    // The same step in zh-CN: the lesson, its result and the buttons in Chinese.
    await page.getByTestId('language-switch').getByRole('button', { name: '中文' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(lesson.locator('h2')).toHaveText('时间旅行读取什么');
    await expect(r).toContainText(/快照 \d+ 读取 \d+ 个文件，其中 [1-9]\d* 个在 level 0/);
    await expect(lesson).toContainText('Paimon 课程 · 第 5 步，共 6 步');
    await shot(page, 'lessons-21-paimon-time-travel-zh');
    await page.getByTestId('language-switch').getByRole('button', { name: 'English' }).click();
    await lesson.getByRole('button', { name: 'Next →' }).click();
    await step(lesson, 'rollback', /Roll back to before the compaction/, /Snapshot \d+ makes snapshot \d+’s content the latest: \d+ files? written, 0 of them data files, 0 deleted\. Level 0 holds [1-9]\d* files? again/, false);
    await shot(page, 'lessons-22-paimon-rollback-en');
    expect(errors).toEqual([]);
  });

  test('a reload reopens the sandbox with its writes; the demo offers it instead of only copying again', async ({ page }) => {
    test.setTimeout(300_000);
    const errors = watchErrors(page);
    await trySandbox(page);
    const lesson = await startLesson(page, 'Delta lesson');
    const before = await step(lesson, 'version', /Read the current version/, /The current version is \d+/, false);
    const v0 = Number(/current version is (\d+)/.exec(await before.innerText())![1]);
    await lesson.getByRole('button', { name: 'Next →' }).click();
    await step(lesson, 'append', /Append four shipments/, new RegExp(`Version ${v0 + 1} appended 4 rows`), false);

    await page.reload();
    await expect(page.getByTestId('sandbox-badge')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('banner')).toContainText('Demo warehouse');
    await expect(page.getByRole('region', { name: 'Table shipments' }).getByRole('group', { name: 'Timeline' })).toBeVisible();
    const again = await startLesson(page, 'Delta lesson');
    await step(again, 'version', /Read the current version/, new RegExp(`The current version is ${v0 + 1},`), false);
    await shot(page, 'lessons-30-after-reload');

    // The demo itself: "Open my sandbox" beside "Try it here" reopens the copy, writes and all.
    await page.goto('/?w=demo');
    await expect(page.getByRole('button', { name: 'Try it here' })).toBeVisible();
    await page.getByRole('button', { name: 'Open my sandbox' }).click();
    await expect(page.getByTestId('sandbox-badge')).toBeVisible({ timeout: 60_000 });
    const third = await startLesson(page, 'Delta lesson');
    await step(third, 'version', /Read the current version/, new RegExp(`The current version is ${v0 + 1},`), false);
    expect(errors).toEqual([]);
  });
});

test.describe('the Hudi tour (read-only) on a Hudi table the user opens, over the S3 gateway', () => {
  const state = readE2eState();
  test.skip(!state.s3, state.reason ?? 'S3 not prepared');
  const FIXTURE = 'hudi/mor_v9_txns_simple_nometa';
  let prefix = '';
  test.beforeAll(async () => { prefix = await uploadTableCopy(state, FIXTURE); });

  test('timeline, a file group’s base and log files, time travel, an incremental read — nothing written', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    await openS3Prefix(page, state, prefix);
    await openTableFromRail(page, FIXTURE.split('/')[1]!);
    await page.getByRole('button', { name: 'Lessons', exact: true }).click();
    const lesson = await startLesson(page, 'Hudi tour');
    await expect(lesson).toHaveAttribute('data-lesson', 'hudi');
    await step(lesson, 'timeline', /Read the timeline/, /The timeline holds [1-9]\d* completed instants?; the newest, \d+, is a \w+/);
    await step(lesson, 'file-group', /Find the newest slice with log files/, /At instant \d+, file group \S+ \(partition [^)]+\): its latest slice is [01] base file and [1-9]\d* files? of log blocks/);
    await step(lesson, 'time-travel', /Plan a read of an older instant/, /Instant \d+ reads \d+ slices with \d+ files? of log; the newest instant \d+ reads \d+ slices/);
    const r = await step(lesson, 'incremental', /Read the changes since that instant/, /\d+ records? (was|were) written after instant \d+ up to \d+, read from \d+ files?/, false);
    await shot(page, 'lessons-40-hudi-incremental-en');
    await page.getByTestId('language-switch').getByRole('button', { name: '中文' }).click();
    await expect(r).toContainText(/instant \d+ 之后到 \d+ 为止写入了 \d+ 条记录/);
    await shot(page, 'lessons-41-hudi-incremental-zh');
    await expect(page.getByTestId('write-effect')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
