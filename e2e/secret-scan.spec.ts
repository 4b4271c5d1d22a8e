/**
 * Issue 18 "credentials that never leak": the app driven against the S3 gateway with its known secret key —
 * connect with "Remember on this device", open a table, walk its tabs, diff two versions and export the CSV —
 * then everything it wrote is scanned for the secret: the DOM (outerHTML), console messages, localStorage
 * (the remember-me entry holds it only sealed by a non-extractable device key), sessionStorage, IndexedDB, Cache Storage,
 * every request URL and every request header and body except the signed bucket requests (which may carry
 * only the signature), the download and the page URL. A second connect with a session token: the token
 * goes only to the bucket it signs for.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readE2eState } from './e2e-state.ts';
import { openTableFromRail, shot } from './explorer-helpers.ts';
import { submitS3Form } from './writes-helpers.ts';

const state = readE2eState();
const TABLE = 'v2_spark_position_deletes';
// Only the uploaded fixtures: other specs leave copies of the same table elsewhere in the bucket.
const PREFIX = 'warehouse/iceberg/';
const TOKEN = 'FAKE-SESSION-TOKEN-7c1e9b2d4f6a8c0e';
const REMEMBER_KEY = 'lakescope.remembered-s3';

interface Seen { url: string; headers: Record<string, string>; body: string }

function recordRequests(context: BrowserContext): Seen[] {
  const seen: Seen[] = [];
  context.on('request', (r) => { seen.push({ url: r.url(), headers: r.headers(), body: r.postData() ?? '' }); });
  return seen;
}

function recordConsole(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (m) => lines.push(m.text()));
  page.on('pageerror', (e) => lines.push(`${e.message}\n${e.stack ?? ''}`));
  return lines;
}

/** Everything the page holds: DOM, URL, Web Storage, IndexedDB and Cache Storage contents. */
async function pageState(page: Page): Promise<{ dom: string; url: string; local: Record<string, string>; session: string; idb: string; caches: string }> {
  return page.evaluate(async () => {
    const local: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) { const k = localStorage.key(i)!; local[k] = localStorage.getItem(k) ?? ''; }
    const dumps: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((ok, fail) => { const r = indexedDB.open(info.name!); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
      for (const store of [...db.objectStoreNames]) {
        const all = await new Promise<unknown[]>((ok, fail) => { const r = db.transaction(store).objectStore(store).getAll(); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
        const keys = await new Promise<unknown[]>((ok, fail) => { const r = db.transaction(store).objectStore(store).getAllKeys(); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
        const text = (v: unknown): string => (v instanceof ArrayBuffer || ArrayBuffer.isView(v) ? new TextDecoder().decode(v as ArrayBuffer) : typeof v === 'string' ? v : JSON.stringify(v, (_k, x) => (x instanceof ArrayBuffer || ArrayBuffer.isView(x) ? new TextDecoder().decode(x as ArrayBuffer) : typeof x === 'bigint' ? String(x) : x)) ?? String(v));
        dumps.push(`${info.name}/${store}: ${text(keys)} ${all.map(text).join('\n')}`);
      }
      db.close();
    }
    const cached: string[] = [];
    for (const name of await caches.keys()) {
      const c = await caches.open(name);
      for (const req of await c.keys()) cached.push(`${req.url} ${await (await c.match(req))?.text()}`);
    }
    return { dom: document.documentElement.outerHTML, url: location.href, local, session: JSON.stringify({ ...sessionStorage }), idb: dumps.join('\n'), caches: cached.join('\n') };
  });
}

const isBucketRequest = (url: string) => url.startsWith(state.endpoint.replace(/\/+$/, ''));

test.describe('secret scan against the S3 gateway', () => {
  test.skip(!state.s3, state.reason ?? 'no S3 gateway');

  test('the secret key is found nowhere (the remember-me entry holds it sealed); only signatures go to the bucket', async ({ page, context }) => {
    test.setTimeout(150_000);
    const secret = state.secretAccessKey;
    expect(secret.length).toBeGreaterThan(8);
    const requests = recordRequests(context);
    const consoleLines = recordConsole(page);

    await submitS3Form(page, state, PREFIX, { remember: true });

    const folder = page.getByRole('tree', { name: 'Folders and tables' });
    await expect(folder).toBeVisible({ timeout: 30_000 });
    const region = await openTableFromRail(page, TABLE);
    for (const name of [/^Tree/, /^Data/, /^Schema/, /^Partitions/, /^Files/, /^Raw/, /^Health/, /^Overview/]) {
      const tab = region.getByRole('tab', { name });
      if (await tab.count()) { await tab.first().click(); await page.waitForTimeout(400); }
    }
    await region.getByRole('tab', { name: /^Data/ }).click();
    await expect(page.getByTestId('grid-status')).toHaveAttribute('data-rows', /^\d+$/, { timeout: 30_000 });

    // Diff the first and the last version, export the rows as CSV.
    const marks = page.locator('.tl-mark[data-version]');
    const ids = await marks.evaluateAll((els) => els.map((e) => e.getAttribute('data-version')!));
    expect(ids.length).toBeGreaterThan(1);
    await page.locator(`.tl-mark[data-version="${ids[0]}"]`).dispatchEvent('click');
    await page.locator(`.tl-mark[data-version="${ids[ids.length - 1]}"]`).click({ modifiers: ['Shift'] });
    const rows = page.getByTestId('diff-rows');
    const exportButton = rows.getByRole('button', { name: 'Export CSV' });
    await expect(exportButton).toBeVisible({ timeout: 30_000 });
    await expect(exportButton).toBeEnabled({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toMatch(/^change,/);
    await shot(page, '97-secret-scan-diff');

    // Reload from the deep link: what the URL reopens must not need (or hold) the secret.
    const seenState = await pageState(page);
    const { [REMEMBER_KEY]: remembered, ...otherLocal } = seenState.local;

    expect(seenState.url).not.toContain(secret);
    expect(seenState.dom).not.toContain(secret);
    expect(JSON.stringify(otherLocal)).not.toContain(secret);
    expect(seenState.session).not.toContain(secret);
    expect(seenState.idb).not.toContain(secret);
    expect(seenState.caches).not.toContain(secret);
    expect(consoleLines.join('\n')).not.toContain(secret);
    expect(csv).not.toContain(secret);
    expect(download.suggestedFilename()).not.toContain(secret);
    // The remember-me entry holds the connection, its secret only sealed by the device key (README says how).
    expect(remembered ?? '').toContain(state.accessKeyId);
    expect(remembered ?? '').toContain('"sealed"');
    expect(remembered ?? '').not.toContain(secret);
    for (const r of requests) {
      expect(r.url, r.url).not.toContain(secret);
      expect(r.body, r.url).not.toContain(secret);
      // Signed bucket requests carry the access key id and the signature, never the secret.
      expect(JSON.stringify(r.headers), r.url).not.toContain(secret);
    }
    expect(requests.filter((r) => isBucketRequest(r.url)).some((r) => /AWS4-HMAC-SHA256 Credential=/.test(r.headers.authorization ?? ''))).toBe(true);

    // The sealed entry opens again in this browser (the device key unseals it): a fresh page, Open.
    await page.goto('/');
    await page.getByRole('tab', { name: /S3-compatible bucket/ }).click();
    await page.locator('.remembered-row').getByRole('button', { name: 'Open' }).first().click();
    await expect(page.getByRole('tree', { name: 'Folders and tables' })).toBeVisible({ timeout: 30_000 });
  });

  test('a session token goes only to the bucket it signs for', async ({ page, context }) => {
    const requests = recordRequests(context);
    const consoleLines = recordConsole(page);
    await submitS3Form(page, state, PREFIX, { sessionToken: TOKEN });
    // Whether the gateway takes a made-up token or refuses it, what matters is where the token went.
    const rail = page.getByRole('tree', { name: 'Folders and tables' });
    await expect(rail.or(page.getByRole('alert').first())).toBeVisible({ timeout: 30_000 });
    if (await rail.isVisible()) {
      const region = await openTableFromRail(page, TABLE);
      await region.getByRole('tab', { name: /^Data/ }).click();
      await expect(page.getByTestId('grid-status')).toBeVisible({ timeout: 30_000 });
    }
    await shot(page, '98-secret-scan-session-token');
    const bucketRequests = requests.filter((r) => isBucketRequest(r.url));
    expect(bucketRequests.some((r) => r.headers['x-amz-security-token'] === TOKEN || r.url.includes(encodeURIComponent(TOKEN)))).toBe(true);
    for (const r of requests.filter((x) => !isBucketRequest(x.url))) {
      expect(`${r.url} ${JSON.stringify(r.headers)} ${r.body}`, r.url).not.toContain(TOKEN);
    }
    const s = await pageState(page);
    for (const [where, text] of Object.entries({ dom: s.dom, url: s.url, local: JSON.stringify(s.local), session: s.session, idb: s.idb, caches: s.caches, console: consoleLines.join('\n') })) {
      expect(text, where).not.toContain(TOKEN);
      expect(text, where).not.toContain(state.secretAccessKey);
    }
  });
});
