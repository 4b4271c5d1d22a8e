/**
 * Writes by clicks on the real S3 gateway (issue 6): a fresh copy of an engine-written Iceberg table is
 * uploaded to its own prefix; in Chromium we roll back to an older snapshot (preview → confirm), see
 * the current marker move, a new metadata version and the expected rows; undo it; compact and see the
 * data file count drop with the rows unchanged; undo that too. Keyboard: Enter in a field never
 * confirms, Esc cancels.
 */
import { expect, test } from '@playwright/test';
import { prepareRollbackTo } from '../src/core/formats/iceberg/commit/index.ts';
import { s3Storage } from '../src/testing/s3-env.ts';
import { readE2eState } from './e2e-state.ts';
import { dataRowCount, expectedOf, openTableFromRail, selectVersion, shot, watchErrors } from './explorer-helpers.ts';
import { confirmCompact, confirmPreview, expectCurrent, inspectorCounter, openS3Prefix, previewCompact, previewRollback, undoTo, uploadTableCopy } from './writes-helpers.ts';

const FIXTURE = 'iceberg/v2_java_position_and_equality_deletes';
const NAME = FIXTURE.split('/')[1];

test.describe('writes by clicks on the S3 gateway', () => {
  const state = readE2eState();
  test.skip(!state.s3, state.reason ?? 'S3 not prepared');
  let prefix = '';
  let prefix2 = '';
  test.beforeAll(async () => { [prefix, prefix2] = [await uploadTableCopy(state, FIXTURE), await uploadTableCopy(state, FIXTURE)]; });

  test('roll back → undo → compact → undo, each previewed and confirmed', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    const expected = expectedOf(FIXTURE);
    const oldest = expected.versions[0];
    const current = expected.versions.find((v) => v.id === expected.current)!;
    await openS3Prefix(page, state, prefix);
    const region = await openTableFromRail(page, NAME);
    const bar = page.getByRole('toolbar', { name: 'Write actions' });

    // Keyboard: a tag name + Enter does not submit; Esc closes the dialog without writing.
    await bar.getByRole('button', { name: 'Tag…' }).click();
    const form = page.getByRole('dialog', { name: 'Tag this snapshot' });
    await expect(form.getByRole('textbox', { name: 'Tag name' })).toBeFocused();
    await page.keyboard.type('nightly');
    await page.keyboard.press('Enter');
    await expect(form).toBeVisible();
    await expect(page.getByRole('dialog', { name: /^Preview/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);

    // Roll back to the oldest snapshot: preview, then confirm.
    const preview = await previewRollback(page, oldest.id);
    await expect(preview.getByRole('table', { name: 'Before and after' }).locator('[data-total="Records"]')).toContainText(String(oldest.rowCount));
    await expect(preview).toContainText('If-None-Match');
    await shot(page, '60-writes-rollback-preview');
    await confirmPreview(page);
    await expect(page.getByTestId('write-toast')).toContainText('v6.metadata.json');
    await shot(page, '61-writes-rollback-result');
    await expectCurrent(page, oldest.id);
    await region.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByRole('table', { name: 'Past states' })).toContainText('v6.metadata.json');
    await region.getByRole('tab', { name: 'Data' }).click();
    expect(await dataRowCount(page)).toBe(oldest.rowCount);

    // Undo: previewed (set main back), confirmed; the previous state is back.
    await page.getByTestId('write-toast').getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('dialog', { name: /^Preview: Undo/ }).getByTestId('write-preview')).toHaveAttribute('data-operation', 'set-current-snapshot');
    await confirmPreview(page);
    await expectCurrent(page, current.id);
    expect(await dataRowCount(page)).toBe(current.rowCount);

    // Compact: Maintain → Compact… → preview → confirm; fewer data files, same rows.
    const filesBefore = await inspectorCounter(page, 'total-data-files');
    const compactPreview = await previewCompact(page);
    await expect(compactPreview.getByRole('region', { name: 'Files to delete' })).toContainText('data files');
    await shot(page, '62-writes-compact-preview');
    // The progress dialog may be gone before a screenshot on a table this small; take it when it shows.
    await confirmCompact(page, compactPreview, () => shot(page, '63-writes-compact-progress'));
    const newId = (await page.getByTestId('selected-version').locator('.copytext').first().innerText()).trim();
    expect(await inspectorCounter(page, 'total-data-files')).toBeLessThan(filesBefore);
    expect(await dataRowCount(page)).toBe(current.rowCount);
    await shot(page, '64-writes-compact-result');

    // Undo the compaction: main back at the snapshot before it.
    await undoTo(page, current.id);
    expect(newId).not.toBe(current.id);
    expect(await inspectorCounter(page, 'total-data-files')).toBe(filesBefore);
    await shot(page, '65-writes-undone');
    expect(errors).toEqual([]);
  });

  test('a concurrent commit turns Confirm into a Conflict (preview again); expire deletes files only after two confirmations', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    const expected = expectedOf(FIXTURE);
    const [oldest, middle] = expected.versions;
    await openS3Prefix(page, state, prefix2);
    const region = await openTableFromRail(page, NAME);
    const bar = page.getByRole('toolbar', { name: 'Write actions' });
    await selectVersion(page, oldest.id);
    await bar.getByRole('button', { name: 'Roll back to here' }).click();
    await expect(page.getByRole('dialog', { name: /^Preview: Roll back/ })).toBeVisible();
    // Another writer (here: the engine in Node, straight to the bucket) moves main meanwhile.
    await (await prepareRollbackTo(s3Storage(state.bucket as string, `${prefix2}${NAME}/`), BigInt(middle.id))).apply();
    await page.getByRole('dialog', { name: /^Preview: Roll back/ }).getByRole('button', { name: 'Confirm', exact: true }).click();
    const failed = page.getByRole('dialog', { name: /failed$/ });
    await expect(failed).toContainText('changed since the preview');
    await shot(page, '71-writes-conflict');
    // The timeline already shows the other writer's commit; preview again and apply from there.
    await failed.getByRole('button', { name: 'Preview again' }).click();
    await expect(page.getByRole('dialog', { name: /^Preview: Roll back/ })).toContainText(`from snapshot ${middle.id}`);
    await confirmPreview(page);
    await expectCurrent(page, oldest.id);

    // Expire all but the last snapshot of main; deleting the files needs the box and a second click.
    await bar.getByRole('button', { name: 'Maintain ▾' }).click();
    await page.getByRole('menuitem', { name: /Expire snapshots…/ }).click();
    await page.getByRole('dialog', { name: 'Expire snapshots' }).getByRole('button', { name: 'Preview…' }).click();
    const expire = page.getByRole('dialog', { name: /^Preview: Expire/ });
    await expect(expire.getByRole('region', { name: 'Files that become unreachable' })).toContainText('data files');
    await expire.getByRole('checkbox').check();
    await expire.getByRole('button', { name: 'Confirm and delete files…' }).click();
    await expect(expire.getByRole('alert')).toContainText('deleted for good');
    await shot(page, '72-writes-expire-second-confirmation');
    await expire.getByRole('button', { name: /^Delete files/ }).click();
    await expect(page.getByTestId('write-toast')).toContainText('files deleted');
    await expect(page.getByTestId('write-toast')).toContainText('no undo');
    await expect(region.getByRole('group', { name: 'Timeline' })).toContainText('1 version');
    await region.getByRole('tab', { name: 'Data' }).click();
    expect(await dataRowCount(page)).toBe(oldest.rowCount);
    expect(errors).toEqual([]);
  });
});
