/**
 * UI benchmark in the system Chromium: open a generated Iceberg table with 10,000 snapshots and 100,000
 * files through the app (the "public URL" way: a local static server with CORS and ranges), and report
 *  - time to first timeline paint (navigation start → first timeline mark painted),
 *  - metadata tree scroll frame times (median, p95) with every manifest expanded (100,000 entry rows).
 * Prints the numbers and writes bench/out/ui-bench.json (gitignored).
 *
 *   npx tsx bench/ui-bench.ts [--table DIR] [--frames 240]
 * Without --table it generates /tmp/lakescope-ui-bench/t (10,000 snapshots, 100 manifests, 100,000
 * files, metadata only) with bench/generate-iceberg.ts once and reuses it afterwards.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { generateIcebergTable } from './generate-iceberg.ts';
import { startStaticServer } from './ui-server.ts';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PREVIEW_PORT = 4175;

function median(xs: number[]): number { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)] ?? NaN; }
function pct(xs: number[], p: number): number { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? NaN; }

async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try { if ((await fetch(url)).ok) return; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

async function main() {
  const { values } = parseArgs({ options: { table: { type: 'string' }, frames: { type: 'string', default: '240' }, 'no-build': { type: 'boolean' } } });
  const table = resolve(values.table ?? '/tmp/lakescope-ui-bench/t');
  if (!existsSync(join(table, 'metadata'))) {
    console.log(`generating ${table} (10,000 snapshots, 100 manifests, 100,000 files; about two minutes)…`);
    await generateIcebergTable({ snapshots: 10_000, manifests: 100, files: 100_000, out: table });
  }
  if (!values['no-build']) execFileSync('npx', ['vite', 'build'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
  const preview = spawn('npx', ['vite', 'preview', '--port', String(PREVIEW_PORT), '--strictPort', '--host', '127.0.0.1'], { cwd: REPO, stdio: 'ignore', detached: true });
  const files = await startStaticServer(dirname(table), 0);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const app = `http://127.0.0.1:${PREVIEW_PORT}/`;
    await waitFor(app, 60_000);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Record when the first timeline mark is in the DOM, then the frame after it (painted).
    await page.addInitScript(() => {
      const w = window as unknown as { __firstMark?: number; __firstPaint?: number };
      new MutationObserver((_, obs) => {
        if (w.__firstMark === undefined && document.querySelector('.tl-mark')) {
          w.__firstMark = performance.now();
          requestAnimationFrame(() => requestAnimationFrame(() => { w.__firstPaint = performance.now(); }));
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const link = `${app}?w=url&url=${encodeURIComponent(files.url)}&t=${encodeURIComponent(`${basename(table)}/`)}&tab=tree`;
    await page.goto(link);
    await page.waitForFunction(() => (window as unknown as { __firstPaint?: number }).__firstPaint !== undefined, undefined, { timeout: 300_000 });
    const firstPaintMs = await page.evaluate(() => (window as unknown as { __firstPaint: number }).__firstPaint);
    const versionsShown = await page.getByRole('group', { name: 'Timeline' }).locator('.timeline-head').innerText();

    // Tree: manifest list → every manifest (`*` expands all siblings) → 100,000 entry rows.
    const tree = page.getByRole('tree', { name: 'Metadata tree' });
    await tree.locator('[data-kind="manifest-list"] .twisty-btn').click({ timeout: 120_000 });
    await tree.locator('[data-kind="manifest"]').first().click({ timeout: 120_000 });
    const expandStart = Date.now();
    await page.keyboard.press('*');
    await page.waitForFunction(() => document.querySelector('[data-testid="metadata-tree"]')?.getAttribute('data-loading') === '0', undefined, { timeout: 300_000 });
    const expandMs = Date.now() - expandStart;
    const rowsShown = Number((await page.locator('.tree-help span').first().innerText()).replace(/[^\d]/g, ''));

    // Scroll the virtual list a steady amount per frame and record frame durations.
    const frames = Number(values.frames);
    const times: number[] = await page.evaluate(async (n) => {
      const body = document.querySelector('.tree-body') as HTMLElement;
      const out: number[] = [];
      let last = performance.now();
      for (let i = 0; i < n; i++) {
        body.scrollTop += 260;
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        out.push(now - last);
        last = now;
      }
      return out;
    }, frames);
    await page.screenshot({ path: join(REPO, 'test-results', 'screenshots', '50-bench-tree.png') });
    const result = {
      table, snapshots: 10_000, files: 100_000,
      timelineText: versionsShown.replace(/\s+/g, ' ').trim(),
      timeToFirstTimelinePaintMs: Math.round(firstPaintMs),
      expandAllManifestsMs: expandMs,
      treeRows: rowsShown,
      scrollFrames: times.length,
      scrollFrameMedianMs: Number(median(times).toFixed(2)),
      scrollFrameP95Ms: Number(pct(times, 0.95).toFixed(2)),
      staticRequests: files.requests(),
      at: new Date().toISOString(),
    };
    mkdirSync(join(REPO, 'bench', 'out'), { recursive: true });
    writeFileSync(join(REPO, 'bench', 'out', 'ui-bench.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    files.server.close();
    try { process.kill(-(preview.pid as number), 'SIGTERM'); } catch { /* already gone */ }
  }
}

await main();
