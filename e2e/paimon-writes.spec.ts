/**
 * Paimon writes by clicks over the real S3 gateway (issue 19): on a fresh copy of an engine-written
 * primary-key table, upsert a row from the row form and more from pasted CSV (bad CSV is refused naming
 * the row and column), see the new level-0 files in the LSM tab, compact a bucket by clicks (previewed,
 * confirmed), see its levels change (files leaving level 0, the new file at the top level), check the rows in
 * the Data tab, and undo the compaction (a rollback as a new snapshot: the level-0 files are back).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readE2eState } from './e2e-state.ts';
import { dataRowCount, expectedOf, openTableFromRail, shot, watchErrors } from './explorer-helpers.ts';
import { confirmPreview, expectCurrent, openS3Prefix, uploadTableCopy } from './writes-helpers.ts';

const FIXTURE = 'paimon/pk_mor_pk_table_scan_and_read_mor';
const NAME = FIXTURE.split('/')[1]!;

/** Files drawn on a level of a bucket, without those a commit just removed (drawn leaving). */
const liveFiles = (bucket: Locator, level: number) => bucket.locator(`[data-level="${level}"] .lsm-file:not(.leaving)`);

async function closeToast(page: Page) {
  const toast = page.getByTestId('write-toast');
  if (await toast.count()) await toast.getByRole('button', { name: 'Dismiss' }).click();
}

test.describe('Paimon writes over the S3 gateway', () => {
  const state = readE2eState();
  test.skip(!state.s3, state.reason ?? 'S3 not prepared');
  let prefix = '';
  test.beforeAll(async () => { prefix = await uploadTableCopy(state, FIXTURE); });

  test('upsert from the form and from CSV, level-0 files in the LSM tab, compaction by clicks, rows, undo', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    const expected = expectedOf(FIXTURE);
    const latest = expected.versions.find((v) => v.id === expected.current)!;
    const first = Number(latest.id);
    await openS3Prefix(page, state, prefix);
    const region = await openTableFromRail(page, NAME);
    const bar = page.getByRole('toolbar', { name: 'Write actions' });

    // The LSM tab at the latest snapshot (what a commit is compared with).
    await region.getByRole('tab', { name: 'LSM' }).click();
    await expect(page.locator('.lsm-head')).toContainText(`Snapshot ${latest.id}`);
    const fullButtons = page.getByRole('button', { name: 'Compact this bucket (full)' });
    await expect(fullButtons.first()).toBeEnabled();

    // 1. Upsert one row from the form: key columns marked, typed fields; the preview names the bucket's level-0 file.
    await bar.getByRole('button', { name: 'Upsert rows…' }).click();
    const form = page.getByRole('dialog', { name: 'Upsert rows' });
    await expect(form.locator('[data-column="f0"] .ws-key')).toHaveText('key');
    await expect(form.locator('[data-column="f3"] .ws-key')).toHaveCount(0);
    await form.getByRole('textbox', { name: 'f0', exact: true }).fill('new-a');
    await form.getByRole('textbox', { name: 'f1', exact: true }).fill('10');
    await form.getByRole('textbox', { name: 'f2', exact: true }).fill('seven');
    await expect(form.getByTestId('rows-problem')).toHaveText('Row 1, column f2: "seven" is not a valid INT NOT NULL.');
    await expect(form.getByRole('button', { name: 'Preview…' })).toBeDisabled();
    await form.getByRole('textbox', { name: 'f2', exact: true }).fill('7');
    await form.getByRole('textbox', { name: 'f3', exact: true }).fill('1.5');
    await expect(form.getByTestId('rows-ready')).toHaveText('1 row ready to preview.');
    await shot(page, '120-paimon-upsert-form');
    await form.getByRole('button', { name: 'Preview…' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview: Upsert rows' });
    await expect(preview.getByTestId('write-preview')).toHaveAttribute('data-operation', 'upsert');
    await expect(preview.getByRole('region', { name: 'Files to write' })).toContainText(/f1=10\/bucket-\d\/data-<uuid>-N\.parquet/);
    await expect(preview.getByRole('region', { name: 'Files to write' })).toContainText('1 row(s), level 0');
    await expect(preview).toContainText(`snapshot-${first + 1}`);
    await shot(page, '121-paimon-upsert-preview');
    await confirmPreview(page);
    await expectCurrent(page, String(first + 1));
    await closeToast(page);

    // The LSM tab shows the new level-0 file, and says so.
    await expect(page.locator('.lsm-head')).toContainText(`Snapshot ${first + 1}`);
    const changed = page.getByTestId('lsm-bucket').filter({ has: page.getByTestId('lsm-change') });
    await expect(changed).toHaveCount(1);
    await expect(changed.getByTestId('lsm-change')).toContainText(`Snapshot ${latest.id} → ${first + 1}: 1 file (1 row) new at level 0`);
    await expect(changed.locator('[data-level="0"] .lsm-file.arriving')).toHaveCount(1);
    const title = await changed.locator('h3').innerText();
    const bucketOf = () => page.getByTestId('lsm-bucket').filter({ has: page.locator('h3', { hasText: title }) });
    const level0After1 = await liveFiles(bucketOf(), 0).count();

    // 2. Paste CSV: a bad value and an unknown column are named; then two rows (one replaces the form's row).
    await bar.getByRole('button', { name: 'Upsert rows…' }).click();
    await form.getByRole('button', { name: 'Paste CSV' }).click();
    const csv = form.getByRole('textbox', { name: 'CSV: the first line names the columns' });
    await csv.fill('f0,f1,f2,f3\nnew-b,20,1,2.5\n"new, c",10,x,1');
    await expect(form.getByTestId('rows-problem')).toHaveText('Row 2, column f2: "x" is not a valid INT NOT NULL.');
    await csv.fill('f0,f1,f2,f4\nnew-b,20,1,2.5');
    await expect(form.getByTestId('rows-problem')).toHaveText('The table has no column "f4"; its columns are: f0, f1, f2, f3.');
    await csv.fill('f0,f1,f2,f3\nnew-b,20,1,2.5\n"new-a",10,7,9.75\n');
    await expect(form.getByTestId('rows-ready')).toHaveText('2 rows ready to preview.');
    await shot(page, '122-paimon-upsert-csv');
    await form.getByRole('button', { name: 'Preview…' }).click();
    await expect(preview.getByRole('region', { name: 'Files to write' })).toContainText(/f1=20\/bucket-\d\/data-<uuid>-N\.parquet/);
    await confirmPreview(page);
    await expectCurrent(page, String(first + 2));
    await closeToast(page);

    // The bucket of "new-a" has one more level-0 file (two upserts of the same key, two sorted runs).
    await expect(page.locator('.lsm-head')).toContainText(`Snapshot ${first + 2}`);
    const target = bucketOf();
    await expect(target).toHaveCount(1);
    await expect(liveFiles(target, 0)).toHaveCount(level0After1 + 1);
    const level0 = level0After1 + 1;
    const topLevel = await target.locator('[data-level]').last().getAttribute('data-level');
    const topFilesBefore = await liveFiles(target, Number(topLevel)).count();
    await shot(page, '123-paimon-lsm-level0');

    // 3. Compact that bucket by clicks, as the "Next compaction" line predicts (the same pick runs): the
    //    preview names the merged files and the output level.
    await expect(target.getByTestId('lsm-next')).toContainText('universal compaction merges');
    await expect(target.getByRole('button', { name: 'Compact this bucket (full)' })).toBeEnabled();
    await target.getByRole('button', { name: 'Run the compaction Paimon would pick next' }).click();
    const compactPreview = page.getByRole('dialog', { name: /^Preview: Next compaction of f1=10 · bucket \d/ });
    await expect(compactPreview.getByTestId('write-preview')).toHaveAttribute('data-operation', 'compact');
    await expect(compactPreview.getByRole('region', { name: 'Files to write' })).toContainText(`level ${topLevel}`);
    await expect(compactPreview.getByRole('region', { name: 'Files to delete' })).toContainText('level 0');
    await shot(page, '124-paimon-compact-preview');
    await confirmPreview(page);
    await expectCurrent(page, String(first + 3));
    await expect(page.getByTestId('selected-version')).toContainText('COMPACT');

    // The levels change: level 0 empties (its files drawn leaving), one new file at the top level.
    await expect(page.locator('.lsm-head')).toContainText(`Snapshot ${first + 3}`);
    const compacted = page.getByTestId('lsm-bucket').filter({ has: page.locator('.lsm-file.leaving') });
    await expect(compacted).toHaveCount(1);
    await expect(liveFiles(compacted, 0)).toHaveCount(0);
    await expect(compacted.locator('[data-level="0"] .lsm-file.leaving')).toHaveCount(level0);
    await expect(liveFiles(compacted, Number(topLevel))).toHaveCount(1);
    await expect(compacted.locator(`[data-level="${topLevel}"] .lsm-file.arriving`)).toHaveCount(1);
    await expect(compacted.getByTestId('lsm-change')).toContainText(`Snapshot ${first + 2} → ${first + 3}: ${level0} files left level 0`);
    await expect(compacted.getByTestId('lsm-change')).toContainText(`new at level ${topLevel}`);
    await page.waitForTimeout(1600); // let the animation end before the screenshot
    await shot(page, '125-paimon-compacted');

    // 4. Rows: the fixture's rows plus the two new keys ("new-a" once, with the CSV's value).
    await region.getByRole('tab', { name: 'Data' }).click();
    expect(await dataRowCount(page)).toBe(latest.rowCount + 2);
    const grid = page.getByRole('grid', { name: 'Rows' });
    await expect(grid.getByRole('row').filter({ hasText: 'new-a' })).toHaveCount(1);
    await expect(grid.getByRole('row').filter({ hasText: 'new-a' })).toContainText('9.75');
    await expect(grid.getByRole('row').filter({ hasText: 'new-b' })).toContainText('2.5');

    // 5. Undo the compaction: a rollback as a new snapshot; the bucket's level-0 files are back, rows unchanged.
    await page.getByTestId('write-toast').getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('dialog', { name: /^Preview: Undo/ })).toContainText('without deleting anything');
    await confirmPreview(page);
    await expectCurrent(page, String(first + 4));
    expect(await dataRowCount(page)).toBe(latest.rowCount + 2);
    await region.getByRole('tab', { name: 'LSM' }).click();
    await expect(page.locator('.lsm-head')).toContainText(`Snapshot ${first + 4}`);
    const restored = bucketOf();
    await expect(liveFiles(restored, 0)).toHaveCount(level0);
    await expect(liveFiles(restored, Number(topLevel))).toHaveCount(topFilesBefore);
    await shot(page, '126-paimon-compaction-undone');

    // The narrow window: the row form and the LSM controls still fit.
    await page.setViewportSize({ width: 800, height: 600 });
    await restored.scrollIntoViewIfNeeded();
    await shot(page, '127-paimon-lsm-800');
    await bar.getByRole('button', { name: 'Upsert rows…' }).click();
    await expect(form).toBeVisible();
    await shot(page, '128-paimon-upsert-form-800');
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
