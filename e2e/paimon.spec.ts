/**
 * Paimon in the explorer over the real S3 gateway (issue 5): a fresh copy of an engine-written Paimon
 * table — timeline with commit kinds, the LSM tab (levels per partition + bucket, next compaction),
 * time travel to an older snapshot with the expected row count — and Paimon writes by clicks: a tag,
 * rollback as a new latest snapshot (non-destructive, with undo), and the destructive rollback behind
 * a typed confirmation. A read-only copy of the same table shows every write disabled, with the reason.
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../src/testing/fixtures.ts';
import { readE2eState } from './e2e-state.ts';
import { dataRowCount, expectedOf, openTableFromRail, shot, watchErrors } from './explorer-helpers.ts';
import { confirmPreview, expectCurrent, openS3Prefix, selectVersionByKeys, uploadTableCopy } from './writes-helpers.ts';

const FIXTURE = 'paimon/pk_mor_pk_table_scan_and_read_mor';
const NAME = FIXTURE.split('/')[1];

test.describe('Paimon over the S3 gateway', () => {
  const state = readE2eState();
  test.skip(!state.s3, state.reason ?? 'S3 not prepared');
  let prefix = '';
  test.beforeAll(async () => { prefix = await uploadTableCopy(state, FIXTURE); });

  test('timeline, LSM view, time travel; tag, rollback as latest + undo, typed destructive rollback', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    const expected = expectedOf(FIXTURE);
    const latest = expected.versions.find((v) => v.id === expected.current)!;
    const older = expected.versions[1];
    await openS3Prefix(page, state, prefix);
    const region = await openTableFromRail(page, NAME);
    const timeline = region.getByRole('group', { name: 'Timeline' });
    await expect(timeline).toContainText(`${expected.versions.length} versions`);
    // Commit kinds in the legend under Paimon's own names (APPEND green, COMPACT blue).
    for (const kind of ['APPEND', 'COMPACT']) await expect(timeline.getByRole('list', { name: 'Operation colours' })).toContainText(kind);

    // LSM tab at the latest snapshot: one diagram per partition + bucket, with the compaction texts.
    await region.getByRole('tab', { name: 'LSM' }).click();
    const buckets = page.getByTestId('lsm-bucket');
    await expect(buckets.first()).toBeVisible();
    await expect(buckets.first().locator('[data-level="0"]')).toBeVisible();
    await expect(buckets.first().getByTestId('lsm-next')).toContainText('sorted run');
    await expect(page.locator('.lsm-explain')).toContainText('Full compaction');
    await buckets.first().locator('.lsm-file').first().click();
    await expect(buckets.first().getByRole('definition').first()).toBeVisible();
    await shot(page, '66-paimon-lsm');
    await buckets.last().scrollIntoViewIfNeeded();
    await shot(page, '66b-paimon-lsm-buckets');

    // Time travel to an older snapshot: the data tab reads the expected rows.
    await selectVersionByKeys(page, older.id);
    await expect(page).toHaveURL(new RegExp(`[?&]v=${older.id}(&|$)`));
    await expect(page.locator('.lsm-head')).toContainText(`Snapshot ${older.id}`);
    await region.getByRole('tab', { name: 'Data' }).click();
    expect(await dataRowCount(page)).toBe(older.rowCount);
    await shot(page, '67-paimon-time-travel');

    // Tag the older snapshot: a flag on the timeline.
    const bar = page.getByRole('toolbar', { name: 'Write actions' });
    await bar.getByRole('button', { name: 'Tag…' }).click();
    await page.getByRole('dialog', { name: 'Tag this snapshot' }).getByRole('textbox', { name: 'Tag name' }).fill('before-fix');
    await page.getByRole('dialog', { name: 'Tag this snapshot' }).getByRole('button', { name: 'Preview…' }).click();
    await expect(page.getByRole('dialog', { name: /^Preview/ })).toContainText('tag/tag-before-fix');
    await confirmPreview(page);
    await expect(timeline.locator('.tl-flag')).toContainText('before-fix');

    // Roll back to it as a new latest snapshot (OVERWRITE); nothing is deleted.
    await bar.getByRole('button', { name: 'Roll back to here' }).click();
    const preview = page.getByRole('dialog', { name: /^Preview: Roll back/ });
    await expect(preview).toContainText('without deleting anything');
    await expect(preview.getByRole('region', { name: 'Files to delete' })).toContainText('Nothing is deleted');
    await shot(page, '68-paimon-rollback-preview');
    await confirmPreview(page);
    const next = String(Number(latest.id) + 1);
    await expectCurrent(page, next);
    await expect(page.getByTestId('selected-version')).toContainText('OVERWRITE');
    expect(await dataRowCount(page)).toBe(older.rowCount);
    await shot(page, '69-paimon-rollback-result');

    // Undo: roll back again (to the snapshot that was latest) as another new snapshot.
    await page.getByTestId('write-toast').getByRole('button', { name: 'Undo' }).click();
    await confirmPreview(page);
    await expectCurrent(page, String(Number(latest.id) + 2));
    expect(await dataRowCount(page)).toBe(latest.rowCount);

    // Destructive rollback: refuses until the exact text is typed; Esc leaves everything as it was.
    await selectVersionByKeys(page, older.id);
    await bar.getByRole('button', { name: 'Destructive rollback…' }).click();
    const danger = page.getByRole('dialog', { name: /^Preview: Destructive/ });
    await expect(danger).toContainText('cannot be undone');
    const confirmBtn = danger.getByRole('button', { name: 'Delete and roll back' });
    await expect(confirmBtn).toBeDisabled();
    const phrase = (await danger.locator('.ws-typed strong').innerText()).trim();
    await danger.getByRole('textbox', { name: 'Confirmation text' }).fill(phrase.slice(0, -1));
    await expect(confirmBtn).toBeDisabled();
    await danger.getByRole('textbox', { name: 'Confirmation text' }).fill(phrase);
    await expect(confirmBtn).toBeEnabled();
    await shot(page, '70-paimon-destructive-preview');
    await page.keyboard.press('Escape');
    await expect(danger).toHaveCount(0);
    await expect(timeline).toContainText(`${expected.versions.length + 2} versions`);
    expect(errors).toEqual([]);
  });
});

test('a read-only copy of a Paimon table: writes are disabled and say why', async ({ page }) => {
  test.skip(!FIXTURES_PRESENT, FIXTURES_SKIP_REASON);
  const errors = watchErrors(page);
  await page.goto('/');
  await page.getByRole('tab', { name: /Local folder/ }).click();
  await page.locator('input[type=file]').setInputFiles(join(FIXTURES_DIR, 'paimon'));
  await openTableFromRail(page, NAME);
  const bar = page.getByRole('toolbar', { name: 'Write actions' });
  const tag = bar.getByRole('button', { name: 'Tag…' });
  await expect(tag).toBeDisabled();
  await expect(tag).toHaveAttribute('title', /read-only copy/);
  await expect(page.getByTestId('writes-off')).toContainText('writes are off');
  expect(errors).toEqual([]);
});
