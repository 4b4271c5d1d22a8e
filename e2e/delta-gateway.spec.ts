/**
 * Delta Lake in the explorer over the real S3 gateway (issue 13): a fresh copy of an engine-written table
 * with deletion vectors and a classic checkpoint (delta/dv-partitioned-with-checkpoint) — the timeline
 * with Delta's operations, the log tree from a commit down to a deletion vector, a time travel read with
 * the expected row count, and RESTORE to that version previewed, confirmed, then undone (a second RESTORE).
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FIXTURES_DIR } from '../src/testing/fixtures.ts';
import { uniqueName, uploadFolder } from '../src/testing/s3-env.ts';
import { readE2eState } from './e2e-state.ts';
import { dataRowCount, expectedOf, openTableFromRail, shot, watchErrors } from './explorer-helpers.ts';
import { confirmPreview, expectCurrent, openS3Prefix, selectVersionByKeys } from './writes-helpers.ts';

const FIXTURE = 'delta/dv-partitioned-with-checkpoint';
/** The table root of this fixture is its `delta/` subfolder (fixtures/expected/README.md); uploaded under this name. */
const NAME = 'dv-partitioned-with-checkpoint';
const logKey = (v: number) => `${String(v).padStart(20, '0')}.json`;

test.describe('Delta over the S3 gateway', () => {
  const state = readE2eState();
  test.skip(!state.s3, state.reason ?? 'S3 not prepared');
  let prefix = '';
  test.beforeAll(async () => {
    prefix = `${uniqueName('delta')}/`;
    await uploadFolder(join(FIXTURES_DIR, FIXTURE, 'delta'), state.bucket as string, `${prefix}${NAME}/`);
  });

  test('timeline, log tree down to a deletion vector, time travel, RESTORE and its undo', async ({ page }) => {
    test.setTimeout(150_000);
    const errors = watchErrors(page);
    const expected = expectedOf(FIXTURE);
    const vs = expected.versions;
    const current = vs.find((v) => v.id === expected.current)!;
    const last = Number(current.id);
    await openS3Prefix(page, state, prefix);
    const region = await openTableFromRail(page, NAME);
    const timeline = region.getByRole('group', { name: 'Timeline' });
    await expect(timeline).toContainText(`${vs.length} versions`);
    // The current version is the last DELETE (Delta's own operation name, from commitInfo).
    await expect(page.getByTestId('selected-version')).toContainText(current.id);
    await expect(page.getByTestId('selected-version')).toContainText('DELETE');
    await shot(page, '95-delta-timeline');

    // Tree of the current version: checkpoint 10, then commits 11…15; commit 15 → its add with a DV → the DV.
    await region.getByRole('tab', { name: 'Tree' }).click();
    const tree = page.getByRole('tree', { name: 'Metadata tree' });
    const checkpoint = tree.locator('[data-kind="checkpoint"]').first();
    await expect(checkpoint).toContainText('checkpoint 10');
    // The first root opens by itself; fold it so the rows below are the commit's own.
    if (await checkpoint.getAttribute('aria-expanded') === 'true') await checkpoint.locator('.twisty-btn').first().click();
    await expect(checkpoint).toHaveAttribute('aria-expanded', 'false');
    const commit = tree.locator(`[data-kind="commit"][title*="${logKey(last)}"]`).first();
    await expect(commit).toBeVisible();
    await commit.locator('.twisty-btn').first().click();
    await expect(tree.locator('[data-kind="metadata-file"]').filter({ hasText: 'commitInfo DELETE' }).first()).toBeVisible();
    const addWithDv = tree.locator('[data-kind="data-file"]').filter({ hasText: 'deletion vector' }).first();
    await expect(addWithDv).toBeVisible();
    await addWithDv.locator('.twisty-btn').first().click();
    const dv = tree.locator('[data-kind="deletion-vector"]').first();
    await expect(dv).toBeVisible();
    await expect(dv).toContainText(/rows deleted, relative path/);
    await expect(dv).toHaveAttribute('aria-level', '3'); // commit → add → deletion vector
    await dv.click();
    await expect(page.getByRole('complementary', { name: 'Inspector' })).toContainText('deletion_vector_');
    await shot(page, '96-delta-tree-deletion-vector');

    // Time travel to a version before the checkpoint: its expected row count.
    const older = vs[5]!;
    await selectVersionByKeys(page, older.id);
    await expect(page).toHaveURL(new RegExp(`[?&]v=${older.id}(&|$)`));
    await region.getByRole('tab', { name: 'Data' }).click();
    expect(await dataRowCount(page)).toBe(older.rowCount);
    await shot(page, '97-delta-time-travel');

    // RESTORE to that version: previewed (rows after = its rows), confirmed; a new version 16 says RESTORE.
    const bar = page.getByRole('toolbar', { name: 'Write actions' });
    await bar.getByRole('button', { name: 'Roll back to here' }).click();
    const preview = page.getByRole('dialog', { name: /^Preview/ });
    await expect(preview.getByTestId('write-preview')).toHaveAttribute('data-operation', 'restore');
    await expect(preview).toContainText(`RESTORE to version ${older.id}`);
    // Every version of this table has the same metadata: RESTORE adds and removes files only.
    await expect(preview).not.toContainText('schema/properties');
    await expect(preview.getByRole('table', { name: 'Before and after' }).locator('[data-total="Records"]')).toContainText(String(older.rowCount));
    await shot(page, '98-delta-restore-preview');
    await confirmPreview(page);
    await expect(page.getByTestId('write-toast')).toContainText(logKey(last + 1));
    await expectCurrent(page, String(last + 1));
    await expect(page.getByTestId('selected-version')).toContainText('RESTORE');
    await expect(timeline).toContainText(`${vs.length + 1} versions`);
    await region.getByRole('tab', { name: 'Data' }).click();
    expect(await dataRowCount(page)).toBe(older.rowCount);
    await shot(page, '99-delta-restore-result');

    // Undo: a RESTORE back to the version that was current, previewed and confirmed; its rows are back.
    await page.getByTestId('write-toast').getByRole('button', { name: 'Undo' }).click();
    const undo = page.getByRole('dialog', { name: /^Preview/ });
    await expect(undo.getByTestId('write-preview')).toHaveAttribute('data-operation', 'restore');
    await expect(undo).toContainText(`RESTORE to version ${current.id}`);
    await confirmPreview(page);
    await expectCurrent(page, String(last + 2));
    await expect(timeline).toContainText(`${vs.length + 2} versions`);
    expect(await dataRowCount(page)).toBe(current.rowCount);
    await shot(page, '99b-delta-restore-undone');
    expect(errors).toEqual([]);
  });
});
