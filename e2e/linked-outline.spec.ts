/**
 * A deep link into a public folder whose key list (`index.json`) is slow — a big warehouse's list over a real
 * network: the connecting screen shows the linked table's timeline outline, drawn by the worker from the table's
 * metadata while the key list is still on its way (issue 17), then the table page opens with its timeline.
 * The table: 1,000 snapshots, metadata only (bench/generate-iceberg.ts), served with the key list held 8 s (a loaded machine still draws the outline well before).
 */
import { mkdirSync, mkdtempSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { generateIcebergTable } from '../bench/generate-iceberg.ts';
import { startStaticServer } from '../bench/ui-server.ts';
import { SCREENSHOT_DIR } from './e2e-state.ts';
import { watchErrors } from './explorer-helpers.ts';

mkdirSync(SCREENSHOT_DIR, { recursive: true });
const INDEX_LATENCY_MS = 8_000;

test.describe('a deep link whose warehouse key list is slow', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lakescope-e2e-linked-'));
  let served: Awaited<ReturnType<typeof startStaticServer>> | undefined;

  test.beforeAll(async () => {
    await generateIcebergTable({ snapshots: 1_000, manifests: 10, files: 2_000, out: join(dir, 'lake', 't') });
    served = await startStaticServer(join(dir, 'lake'), 0, { indexLatencyMs: INDEX_LATENCY_MS });
  });
  test.afterAll(async () => {
    await new Promise((ok) => served?.server.close(ok));
    rmSync(dir, { recursive: true, force: true });
  });

  test('shows the linked table\'s outline while connecting, then the table page', async ({ page }) => {
    const errors = watchErrors(page);
    const opened = Date.now();
    await page.goto(`/?w=url&url=${encodeURIComponent(served!.url)}&t=t%2F`);
    const connecting = page.locator('main.connect[aria-busy="true"]');
    await expect(connecting.getByRole('heading', { name: /^Table t · its timeline/ })).toBeVisible();
    const outline = connecting.getByRole('img', { name: /^Outline of the timeline: 1,000 versions/ });
    await expect(outline).toBeVisible({ timeout: INDEX_LATENCY_MS - 500 });
    // Still the connecting screen: the key list has not come, and no table page was drawn.
    expect(Date.now() - opened).toBeLessThan(INDEX_LATENCY_MS);
    await expect(connecting).toBeVisible();
    await expect(page.locator('.tl-mark')).toHaveCount(0);
    await page.screenshot({ path: join(SCREENSHOT_DIR, '95-linked-outline-connecting.png') });
    // Then the table page, with the interactive timeline of the same 1,000 versions.
    await expect(page.locator('.tl-mark').first()).toBeVisible({ timeout: 60_000 });
    await expect(connecting).toHaveCount(0);
    await expect(page.getByText('1,000 versions', { exact: false }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});

/**
 * The connecting screen a table link holds after connect (ui/state/deep-link-start.ts holdLinkedScreen) gives way
 * whatever the table turns out to be: a root with no table, a table whose metadata file is torn (its open fails),
 * a long history whose outline paints there. Never stuck, never a blank page.
 */
test.describe('a table link after its warehouse connected', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lakescope-e2e-linked-hold-'));
  let served: Awaited<ReturnType<typeof startStaticServer>> | undefined;

  test.beforeAll(async () => {
    await generateIcebergTable({ snapshots: 1_000, manifests: 10, files: 2_000, out: join(dir, 'lake', 't') });
    await generateIcebergTable({ snapshots: 1_000, manifests: 10, files: 2_000, out: join(dir, 'lake', 'torn') });
    const meta = join(dir, 'lake', 'torn', 'metadata', 'v1.metadata.json');
    truncateSync(meta, 5_000);
    served = await startStaticServer(join(dir, 'lake'), 0);
  });
  test.afterAll(async () => {
    await new Promise((ok) => served?.server.close(ok));
    rmSync(dir, { recursive: true, force: true });
  });

  const open = (page: Page, table: string) => page.goto(`/?w=url&url=${encodeURIComponent(served!.url)}&t=${encodeURIComponent(table)}`);

  test('opens the table page with its timeline', async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, 't/');
    await expect(page.locator('.tl-mark').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('main.connect')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a root with no table, or a torn metadata file: the warehouse shows, with the table\'s error where there is one', async ({ page }) => {
    await open(page, 'nothing-here/');
    await expect(page.locator('main.connect')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByText('no table at this location')).toBeVisible();
    await expect(page.getByText('torn', { exact: true })).toBeVisible(); // the warehouse's tables, to pick from
    await page.screenshot({ path: join(SCREENSHOT_DIR, '96-linked-no-table.png') });
    await open(page, 'torn/');
    await expect(page.locator('main.connect')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByText('v1.metadata.json', { exact: false }).first()).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: join(SCREENSHOT_DIR, '96-linked-torn-table.png') });
  });
});
