/**
 * The app in a real Chromium against `vite preview`: the Connect screen, the demo warehouse, an S3
 * bucket on the real Ceph gateway (keys, wrong keys, no CORS). Every screen is saved to
 * test-results/screenshots/ for a human look.
 */
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type ConsoleMessage, type Page, expect, test } from '@playwright/test';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../src/testing/fixtures.ts';
import { SCREENSHOT_DIR, readE2eState } from './e2e-state.ts';

mkdirSync(SCREENSHOT_DIR, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });

/** Console errors and uncaught exceptions of a page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

async function openS3(page: Page, o: { bucket: string; accessKeyId: string; secretAccessKey: string; endpoint: string; remember?: boolean }) {
  await page.goto('/');
  await page.getByRole('tab', { name: /S3-compatible bucket/ }).click();
  await page.getByRole('radio', { name: 'Ceph RGW' }).click();
  await page.getByLabel('Endpoint').fill(o.endpoint);
  await page.getByRole('textbox', { name: 'Bucket', exact: true }).fill(o.bucket);
  await page.getByLabel('Access key id').fill(o.accessKeyId);
  await page.getByLabel('Secret access key').fill(o.secretAccessKey);
  if (o.remember) await page.getByRole('checkbox', { name: 'Remember on this device' }).check();
  await page.getByRole('button', { name: 'Open bucket' }).click();
}

test('the app loads with no console errors and shows the four ways in', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await expect(page.getByRole('tab', { name: /Demo warehouse/ })).toBeVisible();
  for (const way of [/Local folder/, /S3-compatible bucket/, /Public URL/]) await expect(page.getByRole('tab', { name: way })).toBeVisible();
  await shot(page, '01-connect');
  await page.getByRole('tab', { name: /S3-compatible bucket/ }).click();
  await expect(page.getByLabel('Secret access key')).toBeVisible();
  await shot(page, '02-connect-s3');
  expect(errors).toEqual([]);
});

test('the Connect screen opens the demo warehouse, and the URL deep-links into it', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open demo warehouse' }).click();
  await expect(page.getByRole('article', { name: 'README' })).toContainText('The demo tables will be written by Lakescope’s own'.replace('’', "'"));
  await expect(page.getByRole('banner')).toContainText('Demo warehouse');
  await expect(page.getByText('No Iceberg, Delta, Paimon or Hudi table was found here')).toBeVisible();
  await expect(page).toHaveURL(/\?w=demo$/);
  await shot(page, '03-demo');
  // A deep link into a folder of the demo opens it directly.
  await page.goto('/?w=demo&f=sales%2F');
  await expect(page.getByRole('region', { name: 'Folder sales/' })).toContainText('orders/');
  await shot(page, '04-demo-folder');
  expect(errors).toEqual([]);
});

test.describe('local folder', () => {
  test.skip(!FIXTURES_PRESENT, FIXTURES_SKIP_REASON);

  test('a folder chosen through the read-only fallback lists its tables', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/');
    await page.getByRole('tab', { name: /Local folder/ }).click();
    // The hidden <input webkitdirectory>: Playwright uploads a whole directory into it (read from the shared fixtures, not copied).
    await page.locator('input[type=file]').setInputFiles(join(FIXTURES_DIR, 'paimon'));
    await expect(page.getByRole('banner')).toContainText('folder "paimon" (read-only copy)');
    const rail = page.getByRole('tree', { name: 'Folders and tables' });
    await expect(rail.getByRole('treeitem')).toHaveCount(4);
    for (const name of ['append_complex_data', 'pk_dv_partitioned_pk_09', 'pk_dv_schema_evolution_pk_table_with_alter_table', 'pk_mor_pk_table_scan_and_read_mor']) {
      await expect(rail.getByRole('treeitem', { name: new RegExp(name) })).toContainText('Paimon');
    }
    // Keyboard: `/` focuses the filter; typing filters; ArrowDown + Enter opens the table.
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: /Filter tables/ })).toBeFocused();
    await page.keyboard.type('mor');
    await expect(rail.getByRole('treeitem')).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'pk_mor_pk_table_scan_and_read_mor' })).toBeVisible();
    // The Paimon reader opens it: versions on the timeline, the snapshot file at the root of the tree.
    await expect(page.getByRole('group', { name: 'Timeline' })).toContainText('5 versions');
    await page.getByRole('tab', { name: 'Tree' }).click();
    await expect(page.getByRole('tree', { name: 'Metadata tree' })).toContainText('snapshot-5');
    await shot(page, '11-folder-table');
    expect(errors).toEqual([]);
  });

  test('a folder opened with the File System Access API (an OPFS folder stands in for the native picker)', async ({ page }) => {
    const errors = watchErrors(page);
    const table = join(FIXTURES_DIR, 'delta/table-with-dv-small');
    const files = (readdirSync(table, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => { const p = join(e.parentPath, e.name); return { path: `lake/small/${relative(table, p)}`, b64: readFileSync(p).toString('base64') }; });
    await page.goto('/');
    // Write the table into OPFS, then make showDirectoryPicker return that folder: the worker gets a real
    // FileSystemDirectoryHandle, exactly as after a user picks a folder.
    await page.evaluate(async (list) => {
      const root = await navigator.storage.getDirectory();
      for (const f of list) {
        const parts = f.path.split('/');
        let dir = root;
        for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p, { create: true });
        const w = await (await dir.getFileHandle(parts.at(-1) as string, { create: true })).createWritable();
        await w.write(Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0)));
        await w.close();
      }
      const lake = await root.getDirectoryHandle('lake');
      (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () => lake;
    }, files);
    await page.getByRole('tab', { name: /Local folder/ }).click();
    await page.getByRole('button', { name: 'Choose folder…' }).click();
    await expect(page.getByRole('banner')).toContainText('folder "lake"');
    const rail = page.getByRole('tree', { name: 'Folders and tables' });
    await expect(rail.getByRole('treeitem', { name: /small/ })).toContainText('Delta');
    await rail.getByRole('treeitem', { name: /small/ }).click();
    await page.getByRole('tab', { name: 'Files' }).click();
    await expect(page.getByRole('table', { name: 'Files' })).toContainText('_delta_log/00000000000000000001.json');
    await shot(page, '12-fsa-folder-files');
    expect(errors).toEqual([]);
  });
});

test.describe('S3 bucket on the Ceph gateway', () => {
  const state = readE2eState();
  test.skip(!state.s3, state.reason ?? 'S3 not prepared');

  test('opens with keys, lists the uploaded tables with their formats, and opens one', async ({ page }) => {
    const errors = watchErrors(page);
    await openS3(page, { ...state, bucket: state.bucket as string });
    const rail = page.getByRole('tree', { name: 'Folders and tables' });
    await expect(rail.getByRole('treeitem', { name: /v2_spark_position_deletes/ })).toContainText('Iceberg');
    await expect(rail.getByRole('treeitem', { name: /table-with-dv-small/ })).toContainText('Delta');
    await expect(page.getByRole('navigation', { name: 'Warehouse' })).toContainText('2 tables');
    expect(page.url()).not.toContain(state.secretAccessKey);
    expect(page.url()).not.toContain(state.accessKeyId);
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(state.secretAccessKey); // not remembered unless asked
    await shot(page, '05-s3-warehouse');

    await rail.getByRole('treeitem', { name: /v2_spark_position_deletes/ }).click();
    const tablePage = page.getByRole('region', { name: 'Table v2_spark_position_deletes' });
    await expect(tablePage.getByRole('heading', { name: 'v2_spark_position_deletes' })).toBeVisible();
    await expect(tablePage).toContainText('warehouse/iceberg/v2_spark_position_deletes/');
    await expect(tablePage.getByRole('table', { name: 'Metadata files' })).toContainText('v5.metadata.json');
    await shot(page, '06-s3-table-overview');
    await tablePage.getByRole('tab', { name: 'Files' }).click();
    await expect(page).toHaveURL(/tab=files/);
    await expect(tablePage.getByRole('table', { name: 'Files', exact: true })).toContainText('.parquet');
    await expect(tablePage.getByRole('table', { name: 'Data files of this version' })).toContainText('.parquet');
    await shot(page, '07-s3-table-files');
    await tablePage.getByRole('tab', { name: 'Raw' }).click();
    await expect(tablePage.getByTestId('raw-decoded')).toContainText('format-version');
    await shot(page, '08-s3-table-raw');
    // A Delta table (no reader in this build yet) keeps the folder view and says what will fill the tab.
    await rail.getByRole('treeitem', { name: /table-with-dv-small/ }).click();
    await page.getByRole('tab', { name: 'Schema' }).click();
    await expect(page.getByRole('region', { name: 'Table table-with-dv-small' })).toContainText('has not landed');
    expect(errors).toEqual([]);
  });

  test('"remember on this device" reopens a deep link after reload, and Forget removes the keys', async ({ page }) => {
    await openS3(page, { ...state, bucket: state.bucket as string, remember: true });
    const rail = page.getByRole('tree', { name: 'Folders and tables' });
    await rail.getByRole('treeitem', { name: /table-with-dv-small/ }).click();
    await page.getByRole('tab', { name: 'Files' }).click();
    await expect(page).toHaveURL(/w=s3&.*bucket=.*&t=warehouse%2Fdelta%2Ftable-with-dv-small%2F&tab=files/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'table-with-dv-small' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Files', selected: true })).toBeVisible();
    await page.getByRole('button', { name: 'Close warehouse' }).click();
    await page.getByRole('tab', { name: /S3-compatible bucket/ }).click();
    await expect(page.getByText('Remembered on this device')).toBeVisible();
    await shot(page, '13-s3-remembered');
    await page.getByRole('button', { name: 'Forget' }).click();
    await expect(page.getByText('Remembered on this device')).toHaveCount(0);
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(state.secretAccessKey);
    // Without remembered keys the same deep link asks for them instead of opening.
    await page.goto(`/?w=s3&endpoint=${encodeURIComponent(state.endpoint)}&region=us-east-1&bucket=${state.bucket}&pathStyle=1`);
    await expect(page.getByRole('note')).toContainText('Links never carry keys');
    await expect(page.getByRole('textbox', { name: 'Bucket', exact: true })).toHaveValue(state.bucket as string);
  });

  test('a wrong secret shows that the keys were refused', async ({ page }) => {
    await openS3(page, { ...state, bucket: state.bucket as string, secretAccessKey: 'not-the-secret' });
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The keys were refused');
    await expect(alert).toContainText('Auth');
    await expect(alert).not.toContainText('not-the-secret');
    await shot(page, '09-s3-auth-error');
  });

  test('a bucket without CORS shows the exact rule to apply', async ({ page }) => {
    await openS3(page, { ...state, bucket: state.noCorsBucket as string });
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The browser refused the request (CORS)');
    const rule = JSON.parse(await alert.getByTestId('cors-rule').innerText());
    expect(rule.CORSRules[0]).toMatchObject({
      AllowedOrigins: ['http://127.0.0.1:4173', 'http://localhost:4173'],
      AllowedMethods: ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'],
      AllowedHeaders: ['*'],
      ExposeHeaders: ['ETag', 'Content-Range', 'Content-Length', 'x-amz-version-id'],
    });
    await shot(page, '10-s3-cors-error');
    await alert.getByRole('tab', { name: 'S3 XML' }).click();
    await expect(alert.getByTestId('cors-rule')).toContainText('<AllowedOrigin>http://localhost:4173</AllowedOrigin>');
    await expect(alert).toContainText(`--bucket ${state.noCorsBucket}`);
  });
});
