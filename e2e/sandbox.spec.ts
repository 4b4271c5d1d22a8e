/**
 * The sandbox (issue 20), all through the UI: open the demo warehouse, "Try it here" copies it into this
 * browser's private storage (OPFS) and opens it writable; roll back a table and compact it there, each write
 * followed by "what this write did" (files written and deleted, the metadata file before → after as a line
 * diff) and the new files highlighted in the tree; then Reset (confirmed) brings back the demo's state.
 * Screenshots at 1280×800 and 800×600.
 */
import { expect, test, type Page } from '@playwright/test';
import { openTableFromRail, shot, watchErrors } from './explorer-helpers.ts';
import { confirmPreview, expectCurrent } from './writes-helpers.ts';

const TABLE = 'sessions';
/** Compactions read and rewrite every small file in the browser; on a loaded 2-core runner that took over 30 s. */
const WRITE_TIMEOUT = 150_000;

/** Confirms the open preview and waits for the result toast (a longer wait than writes-helpers' confirmPreview). */
async function confirmSlow(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: /^Preview/ });
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByTestId('write-toast')).toBeVisible({ timeout: WRITE_TIMEOUT });
  await expect(dialog).toHaveCount(0);
}

/** The version ids on the timeline, and the current one. */
async function versions(page: Page): Promise<{ ids: string[]; current: string }> {
  const ids = await page.locator('[data-version]').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-version')!))]);
  const sel = await page.getByTestId('selected-version').innerText();
  const current = ids.find((id) => new RegExp(`(^|\\s)${id}(\\s|$)`).test(sel))!;
  return { ids, current };
}

/** Metadata files of the table in the sandbox folder (OPFS). */
function sandboxMetadata(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const dir = await (await (await (await (await root.getDirectoryHandle('lakescope-sandbox')).getDirectoryHandle('demo')).getDirectoryHandle('events')).getDirectoryHandle('sessions')).getDirectoryHandle('metadata');
    const out: string[] = [];
    for await (const k of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) if (k.endsWith('.metadata.json')) out.push(k);
    return out.sort();
  });
}

async function expectEffect(page: Page, operation: RegExp) {
  const panel = page.getByTestId('write-effect');
  await expect(panel).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(panel.getByTestId('effect-written')).toContainText(/\d+ files? written/);
  await expect(panel.getByTestId('effect-written')).toContainText(/metadata\/v\d+\.metadata\.json/);
  await expect(panel.getByTestId('effect-meta-title')).toContainText(/Metadata file v\d+\.metadata\.json → v\d+\.metadata\.json/);
  const diff = panel.getByTestId('metadata-diff');
  await expect(diff.locator('[data-op="-"]').filter({ hasText: '"current-snapshot-id"' })).toHaveCount(1);
  await expect(diff.locator('[data-op="+"]').filter({ hasText: '"current-snapshot-id"' })).toHaveCount(1);
  if (operation) await expect(diff.locator('[data-op="+"]').filter({ hasText: operation }).first()).toBeVisible();
  return panel;
}

test.describe('sandbox: try the demo warehouse here, writable, and see what each write did', () => {
  test('Try it here → roll back → compact → new files highlighted, metadata diff → Reset', async ({ page }) => {
    test.setTimeout(420_000);
    const errors = watchErrors(page);
    await page.goto('/?w=demo');
    await expect(page.getByRole('navigation', { name: 'Warehouse' })).toContainText('9 tables');
    // The demo itself is read-only; "Try it here" makes a private copy.
    await expect(page.getByTestId('sandbox-badge')).toHaveCount(0);
    await page.getByRole('button', { name: 'Try it here' }).click();
    await expect(page.getByTestId('sandbox-badge')).toHaveText('Sandbox — private to this browser', { timeout: 60_000 });
    await expect(page.getByRole('banner')).toContainText('Demo warehouse');
    await expect(page.getByRole('banner')).not.toContainText('read-only');
    await shot(page, '90-sandbox-opened');

    const region = await openTableFromRail(page, TABLE);
    const bar = page.getByRole('toolbar', { name: 'Write actions' });
    const demo = await versions(page);
    const metaBefore = await sandboxMetadata(page);

    // Roll back to the parent of the current snapshot (the last-but-one append).
    const target = demo.ids[demo.ids.indexOf(demo.current) - 1];
    await page.locator(`[data-version="${target}"]`).first().dispatchEvent('click');
    await expect(page.getByTestId('selected-version')).toContainText(target);
    await bar.getByRole('button', { name: 'Roll back to here' }).click();
    await confirmPreview(page);
    await expectCurrent(page, target);
    const rollback = await expectEffect(page, /"current-snapshot-id"/);
    await expect(rollback.getByTestId('effect-deleted')).toContainText('0 files deleted');
    await shot(page, '91-sandbox-rollback-effect');

    // Compact: new data files and a replace snapshot; the tree marks what the write added.
    await bar.getByRole('button', { name: 'Maintain ▾' }).click();
    await page.getByRole('menuitem', { name: /Compact…/ }).click();
    await page.getByRole('dialog', { name: 'Compact data files' }).getByRole('button', { name: 'Preview…' }).click();
    await expect(page.getByRole('dialog', { name: /^Preview: Compact/ }).getByTestId('write-preview')).toHaveAttribute('data-operation', 'compact');
    await confirmSlow(page);
    await expect(page.getByTestId('selected-version')).toContainText('replace');
    const compact = await expectEffect(page, /"operation": "replace"/);
    await expect(compact.getByTestId('effect-written')).toContainText('.parquet');
    await shot(page, '92-sandbox-compact-effect');
    await region.getByRole('tab', { name: 'Tree' }).click();
    const tree = page.getByRole('tree', { name: 'Metadata tree' });
    await expect(tree.locator('[data-kind="metadata-file"][data-new="true"]')).toHaveCount(1);
    await expect(tree.locator('[data-kind="manifest-list"][data-new="true"]')).toHaveCount(1);
    await tree.locator('[data-kind="manifest-list"] .twisty-btn').click();
    await expect(tree.locator('[data-kind="manifest"][data-new="true"]').first()).toBeVisible();
    await shot(page, '93-sandbox-tree-new');
    await page.setViewportSize({ width: 800, height: 600 });
    await shot(page, '94-sandbox-tree-new-800');
    await region.getByRole('tab', { name: 'Overview' }).click();
    await shot(page, '95-sandbox-effect-800');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Two commits, two new metadata files, really in the sandbox folder.
    expect((await sandboxMetadata(page)).length).toBe(metaBefore.length + 2);

    // Reset (confirmed): the folder is copied again; the table is back at the demo's current snapshot.
    await page.getByRole('button', { name: 'Reset' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset the sandbox?' });
    await expect(confirm).toContainText('Every write made in the sandbox is lost');
    await shot(page, '96-sandbox-reset-confirm');
    await confirm.getByRole('button', { name: 'Delete and copy again' }).click();
    await expect(page.getByRole('dialog', { name: 'Copying into the sandbox' })).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByTestId('sandbox-badge')).toBeVisible();
    await expect(page.getByRole('region', { name: `Table ${TABLE}` }).getByRole('group', { name: 'Timeline' })).toBeVisible();
    await expectCurrent(page, demo.current);
    expect((await versions(page)).ids).toEqual(demo.ids);
    expect(await sandboxMetadata(page)).toEqual(metaBefore);
    await expect(page.getByTestId('write-effect')).toHaveCount(0);
    await shot(page, '97-sandbox-reset');
    expect(errors).toEqual([]);
  });

  test('Copy to sandbox: one table of a public URL, copied with a progress bar, compacted there (Paimon snapshot diff)', async ({ page, baseURL }) => {
    test.setTimeout(300_000);
    const errors = watchErrors(page);
    await page.goto(`/?w=url&url=${encodeURIComponent(`${baseURL}/demo/`)}&t=inventory%2Fstock%2F`);
    const region = page.getByRole('region', { name: 'Table stock' });
    await expect(region.getByRole('group', { name: 'Timeline' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try it here' })).toHaveCount(0); // only the demo offers the whole warehouse
    await page.getByRole('button', { name: 'Copy to sandbox' }).click();
    await expect(page.getByTestId('sandbox-badge')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('banner')).toContainText('Copy of inventory/stock');
    await expect(page.getByRole('region', { name: 'Table stock' }).getByRole('group', { name: 'Timeline' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Warehouse' })).toContainText('1 table');

    const bar = page.getByRole('toolbar', { name: 'Write actions' });
    await bar.getByRole('button', { name: 'Maintain ▾' }).click();
    await page.getByRole('menuitem', { name: /Compact/ }).first().click();
    const form = page.getByRole('dialog', { name: 'Compact data files' });
    if (await form.isVisible().catch(() => false)) await form.getByRole('button', { name: 'Preview…' }).click();
    await confirmSlow(page);
    const panel = page.getByTestId('write-effect');
    await expect(panel).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    await expect(panel.getByTestId('effect-meta-title')).toContainText('Snapshot snapshot-10 → snapshot-11');
    await expect(panel.getByTestId('effect-written')).toContainText('snapshot/LATEST');
    await expect(panel.getByTestId('metadata-diff').locator('[data-op="+"]').filter({ hasText: '"commitKind": "COMPACT"' })).toHaveCount(1);
    await expect(panel.getByTestId('metadata-diff').locator('[data-op="-"]').filter({ hasText: '"commitKind": "APPEND"' })).toHaveCount(1);
    await shot(page, '98-sandbox-paimon-compact');
    expect(errors).toEqual([]);
  });

  test('the Iceberg lesson: six steps over events/clicks in the sandbox, each reading or writing the real table, back and forth', async ({ page }) => {
    test.setTimeout(420_000);
    const errors = watchErrors(page);
    await page.goto('/?w=demo');
    await page.getByRole('button', { name: 'Try it here' }).click();
    await expect(page.getByTestId('sandbox-badge')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Lessons', exact: true }).click();
    const lesson = page.getByTestId('lesson');
    await lesson.getByRole('button', { name: 'Iceberg lesson' }).click();
    const result = lesson.getByTestId('lesson-result');
    const step = async (id: string, action: RegExp, expectText: RegExp) => {
      await expect(lesson).toHaveAttribute('data-step', id);
      await lesson.getByRole('button', { name: action }).click();
      await expect(result).toContainText(expectText, { timeout: WRITE_TIMEOUT });
    };
    await step('version', /Read the current version/, /The current snapshot is \d+, one of 10 in the metadata file/);
    await expect(result.locator('.sb-note-state')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Table clicks' })).toBeVisible(); // the lesson opened its table
    await lesson.getByRole('button', { name: 'Next →' }).click();
    await step('append', /Compare the last append/, /appended \d+ rows in \d+ new data files?/);
    await expect(result.locator('.sb-note-new').first()).toBeVisible();
    await lesson.getByRole('button', { name: 'Next →' }).click();
    await step('delete', /Find what the last delete wrote/, /by writing [1-9]\d* deletion vectors?; 0 data files were rewritten/);
    await expect(result).toContainText('.puffin');
    await lesson.getByRole('button', { name: 'Next →' }).click();
    await step('compact', /Compact the table now/, /Committed snapshot \d+: \d+ files written/);
    await expect(page.getByTestId('write-effect')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('selected-version')).toContainText('replace');
    await shot(page, '99-lesson-compact');
    await lesson.getByRole('button', { name: 'Next →' }).click();
    await step('time-travel', /Plan a read of the version before the compaction/, /reads \d+ data files, [1-9]\d* of them with a deletion vector; the current version \d+ reads \d+/);
    await lesson.getByRole('button', { name: 'Next →' }).click();
    await step('rollback', /Roll back to before the compaction/, /is current again: 2 files written \(the metadata file and its hint\), 0 deleted/);
    await expect(page.getByTestId('write-effect').getByTestId('metadata-diff').locator('[data-op="+"]').filter({ hasText: '"current-snapshot-id"' })).toHaveCount(1);
    await expect(page.getByTestId('selected-version')).toContainText('current');
    await expect(page.getByTestId('selected-version')).not.toContainText('replace');
    await shot(page, '99-lesson-rollback');
    // Back keeps what each step found.
    await lesson.getByRole('button', { name: '← Back' }).click();
    await expect(lesson).toHaveAttribute('data-step', 'time-travel');
    await expect(result).toContainText('of them with a deletion vector');
    await page.setViewportSize({ width: 800, height: 600 });
    await shot(page, '99-lesson-800');
    expect(errors).toEqual([]);
  });
});
