/**
 * Writes on a local folder opened through the File System Access API (issue 18): an origin-private file
 * system (OPFS) directory stands in for the folder the picker would return — `showDirectoryPicker` is
 * replaced before the app loads with one that returns that handle, so the app takes its real FSA path
 * (FsaStorage in the worker, read-write permission). A fresh copy of an engine-written Iceberg table is
 * written into OPFS by the test; then, all through the UI: roll back (preview → confirm), undo, compact,
 * undo — and the new metadata files are really in the folder afterwards.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../src/testing/fixtures.ts';
import { dataRowCount, expectedOf, openTableFromRail, shot, watchErrors } from './explorer-helpers.ts';
import { confirmCompact, confirmPreview, expectCurrent, inspectorCounter, previewCompact, previewRollback, undoTo } from './writes-helpers.ts';

const FIXTURE = 'iceberg/v2_java_position_and_equality_deletes';
const NAME = FIXTURE.split('/')[1];

function filesOf(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}

/** Copies the fixture into OPFS at `<folder>/<NAME>/` (a fresh folder per run). */
async function copyIntoOpfs(page: Page, folder: string): Promise<void> {
  const root = join(FIXTURES_DIR, FIXTURE);
  const files = filesOf(root).map((key) => ({ key: `${NAME}/${key}`, base64: readFileSync(join(root, key)).toString('base64') }));
  await page.evaluate(async ({ folder, files }) => {
    const opfs = await navigator.storage.getDirectory();
    const top = await opfs.getDirectoryHandle(folder, { create: true });
    for (const f of files) {
      const parts = f.key.split('/');
      let dir = top;
      for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p, { create: true });
      const w = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
      await w.write(Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0)));
      await w.close();
    }
  }, { folder, files });
}

/** The metadata files in OPFS under `<folder>/<NAME>/metadata/`. */
function opfsMetadata(page: Page, folder: string): Promise<string[]> {
  return page.evaluate(async ({ folder, name }) => {
    const opfs = await navigator.storage.getDirectory();
    const meta = await (await (await opfs.getDirectoryHandle(folder)).getDirectoryHandle(name)).getDirectoryHandle('metadata');
    const out: string[] = [];
    for await (const key of (meta as unknown as { keys(): AsyncIterable<string> }).keys()) out.push(key);
    return out.filter((n) => n.endsWith('.metadata.json')).sort();
  }, { folder, name: NAME });
}

test.describe('writes by clicks on a local folder (File System Access, OPFS standing in for the picker)', () => {
  test.skip(!FIXTURES_PRESENT, FIXTURES_SKIP_REASON);
  test('roll back → undo → compact → undo, each previewed and confirmed, written into the folder', async ({ page }) => {
    test.setTimeout(150_000);
    const folder = `fsa-writes-${Date.now()}`;
    // The picker returns the OPFS folder: the app's own FSA code path, without a native dialog.
    await page.addInitScript((name) => {
      (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () => (await navigator.storage.getDirectory()).getDirectoryHandle(name);
    }, folder);
    const errors = watchErrors(page);
    const expected = expectedOf(FIXTURE);
    const oldest = expected.versions[0];
    const current = expected.versions.find((v) => v.id === expected.current)!;

    await page.goto('/');
    await copyIntoOpfs(page, folder);
    const before = await opfsMetadata(page, folder);
    await page.locator('[data-way="folder"]').click();
    await page.getByRole('button', { name: 'Choose folder…' }).click();
    await expect(page.getByRole('banner')).toContainText(folder);
    await shot(page, '80-fsa-opened');
    const region = await openTableFromRail(page, NAME);

    // Roll back to the oldest snapshot, then undo (the click sequences are writes.spec's, shared).
    await previewRollback(page, oldest.id);
    await shot(page, '81-fsa-rollback-preview');
    await confirmPreview(page);
    await expectCurrent(page, oldest.id);
    await region.getByRole('tab', { name: 'Data' }).click();
    expect(await dataRowCount(page)).toBe(oldest.rowCount);
    await shot(page, '82-fsa-rollback-result');
    await undoTo(page, current.id);
    expect(await dataRowCount(page)).toBe(current.rowCount);

    // Compact: fewer data files, same rows; then undo.
    const filesBefore = await inspectorCounter(page, 'total-data-files');
    await confirmCompact(page, await previewCompact(page));
    expect(await inspectorCounter(page, 'total-data-files')).toBeLessThan(filesBefore);
    expect(await dataRowCount(page)).toBe(current.rowCount);
    await shot(page, '83-fsa-compact-result');
    await undoTo(page, current.id);
    expect(await inspectorCounter(page, 'total-data-files')).toBe(filesBefore);
    await shot(page, '84-fsa-undone');

    // Four commits, four new metadata files, in the folder itself.
    const after = await opfsMetadata(page, folder);
    expect(after.length).toBe(before.length + 4);
    for (const f of before) expect(after).toContain(f);
    expect(errors).toEqual([]);
  });
});
