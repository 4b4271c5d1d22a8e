/**
 * UI benchmark in the system Chromium: open a generated Iceberg table with 10,000 snapshots and 100,000
 * files through the app (the "public URL" way: a local static server with CORS and ranges), and report,
 * each the median of `--runs` fresh pages (default 5):
 *  - navigation start → first painted timeline mark (the frame after the first `.tl-mark` is in the DOM);
 *  - the current metadata file's response (its ResourceFinish in a Chromium trace: the engine worker's
 *    fetch) → that painted mark, and the worker's own `lakescope:*` marks in between;
 *  - metadata tree scroll with every manifest expanded (100,000 entry rows): the main thread's script +
 *    style + layout work per frame from the trace (median, p95, max; nested events counted once), and the
 *    frame gaps (which headless Chromium snaps to 16.7 ms, so they say little); the same work in the main
 *    thread's CPU time (`cpu…` fields: without the time it waited for a core, steadier on a loaded machine).
 * Then the same link in as many (`--untraced N`) pages with no DevTools connection at all (bench/ui-untraced.ts: with
 * DevTools attached Chromium keeps a copy of every response body, which slowed the worker's 4 MB metadata read),
 * each timing itself: navigation → outline and → timeline painted, and from when the table's server finished
 * sending the metadata file (a stricter start than the worker's ResourceFinish: the worker may be busy then).
 * Prints the numbers and writes bench/out/ui-bench.json (gitignored), screenshots in test-results/screenshots.
 *
 *   npx tsx bench/ui-bench.ts [--table DIR] [--frames 240] [--runs 5] [--port 4175] [--no-build] [--vite-preview]
 *                             [--table-latency-ms 50]   # each answer of the table's server that much later (a remote host)
 *                             [--index-latency-ms 300]  # and the key list (index.json) that much more
 *                             [--untraced 5]            # untraced pages after the traced ones (default: --runs; 0: none)
 *   npx tsx bench/ui-bench.ts --small      # CI-sized smoke: 1,000 snapshots / 2,000 files, one run, 30 frames
 *   npx tsx bench/ui-bench.ts --baseline /tmp/base --no-tree   # A/B: another checkout's build (served on
 *                                          # port + 1) and this one, alternating page by page, medians of each
 * The app is served as a static host serves it (bench/ui-server.ts `--app`, in a process of its own: files as
 * they are, no compression per request); `--vite-preview` serves it with `vite preview` instead, which gzips
 * every script on each request (on 2 busy cores a 400 kB chunk then took ~0.5 s to arrive). The table's
 * folder is served by bench/ui-server.ts in another process too.
 * `--no-tree` stops each page at the painted timeline (no tree expansion or scroll). UIBENCH_TRACE_DIR=dir keeps the
 * Chromium traces there (with --baseline, one per page: nav-trace-N.json, nav-trace-baseline-N.json, and the
 * scroll's scroll-trace-N.json, scroll-trace-baseline-N.json). UIBENCH_HEAPSNAP=prefix writes a V8 heap snapshot of the page
 * after the expand, before the scroll (prefix-nav-trace….heapsnapshot; it runs a full GC, so that page's scroll is not comparable).
 * Without --table it generates /tmp/lakescope-ui-bench/t (10,000 snapshots, 100 manifests, 100,000
 * files, metadata only) with bench/generate-iceberg.ts once and reuses it afterwards.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type Browser, chromium } from '@playwright/test';
import { generateIcebergTable } from './generate-iceberg.ts';
import { type TraceEvent, cpuWorkPerFrame, heapDuringFramesMiB, marks, responseFinished, threadCpuWithin, workPerFrame } from './ui-trace.ts';
import { REQUESTS_PATH } from './ui-server.ts';
import { type UntracedRun, runUntracedPage } from './ui-untraced.ts';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// UIBENCH_PROFILE=1 adds V8's sampling profiler (ProfileChunk events) to the traces, to see which functions a frame runs.
const TRACE_CATEGORIES = ['devtools.timeline', 'blink.user_timing', 'loading', 'v8.execute', 'disabled-by-default-devtools.timeline',
  ...(process.env.UIBENCH_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : [])];
const IN_DOM = 'lakescope:timeline-in-dom';
/** How long a fresh page waits on about:blank for the browser's own start-up work before the measured navigation. */
const WARM_UP_MS = Number(process.env.UIBENCH_WARM_UP_MS ?? 2500);
/** The outline of a long history (ui/timeline/timeline-sketch.tsx), drawn before the interactive timeline. */
const SKETCH_IN_DOM = 'lakescope:sketch-in-dom';
const PAINTED = 'lakescope:timeline-painted';
const FRAME = 'lakescope:scroll-frame';

function median(xs: number[]): number { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)] ?? NaN; }
function pct(xs: number[], p: number): number { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? NaN; }
const r2 = (x: number) => Number(x.toFixed(2));

async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try { if ((await fetch(url)).ok) return; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

function traceEvents(buf: Buffer): TraceEvent[] {
  const json = JSON.parse(buf.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(json) ? json : json.traceEvents ?? [];
}

/** A bench/ui-server.ts in a process of its own; resolves with its URL once it listens. */
async function startServerProcess(args: string[]): Promise<{ url: string; requests: () => Promise<number>; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'bench', 'ui-server.ts'), ...args, '--print-url'], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); const line = out.split('\n')[0]; if (out.includes('\n')) ok(line.trim()); });
    child.once('exit', (code) => fail(new Error(`ui-server ${args.join(' ')} exited with ${code}`)));
  });
  return {
    url,
    requests: async () => Number(await (await fetch(url + REQUESTS_PATH)).text()),
    stop: () => { try { process.kill(-(child.pid as number), 'SIGTERM'); } catch { /* already gone */ } },
  };
}

/** The app's build `dist` on `port`: the static server (default) or `vite preview` (run in the checkout `cwd`). */
async function serveApp(dist: string, cwd: string, port: number, vitePreview: boolean): Promise<{ stop: () => void }> {
  if (!vitePreview) return startServerProcess(['--app', dist, '--port', String(port)]);
  const p = spawn('npx', ['vite', 'preview', '--outDir', dist, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], { cwd, stdio: 'ignore', detached: true });
  return { stop: () => { try { process.kill(-(p.pid as number), 'SIGTERM'); } catch { /* already gone */ } } };
}

interface RunResult {
  firstPaintMs: number; metadataToPaintMs?: number; workerMarksMs: Record<string, number>;
  /** Navigation → the outline painted, and metadata response → the outline painted (long histories only). */
  sketchPaintMs?: number; metadataToSketchPaintMs?: number;
  /** Thread (CPU) time from the metadata response to the painted timeline: the page's main thread, the engine worker. */
  metadataToPaintCpuMs?: { main: number; worker: number };
  timelineText: string; expandMs: number; treeRows: number;
  work: number[]; cpuWork: number[]; gaps: number[];
  /** The page's least JS heap during the scroll (MiB): what it keeps alive with the tree's rows. */
  scrollHeapMiB?: number;
}

/** One fresh page: navigation → painted timeline (traced), then expand every manifest and scroll (traced). */
async function runOnce(browser: Browser, link: string, frames: number, shots: boolean, withTree = true, traceName = 'nav-trace'): Promise<RunResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    // A new context starts Chromium's own WebUI renderer (the omnibox popup: ~200 chrome:// requests and ~1 s
    // of script), which on 2 cores competed with the page for its first second or so. A person's browser has
    // its UI up before they open a link: let it settle on a blank page first (issue 17).
    await page.goto('about:blank');
    await page.waitForTimeout(WARM_UP_MS);
    // The frame after the first timeline mark is in the DOM (two rAFs later it has been painted).
    await page.addInitScript((mark) => {
      const w = window as unknown as { __firstPaint?: number; __inDom?: number; __sketchInDom?: number };
      new MutationObserver((_, obs) => {
        if (w.__sketchInDom === undefined && document.querySelector('.tl-sketch')) {
          w.__sketchInDom = performance.now();
          performance.mark(mark.sketch);
        }
        if (document.querySelector('.tl-mark')) {
          obs.disconnect();
          w.__inDom = performance.now();
          performance.mark(mark.inDom);
          requestAnimationFrame(() => requestAnimationFrame(() => { w.__firstPaint = performance.now(); performance.mark(mark.painted); console.log(mark.painted); }));
        }
      }).observe(document, { childList: true, subtree: true });
    }, { inDom: IN_DOM, painted: PAINTED, sketch: SKETCH_IN_DOM });
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    // Waited for by the page's console line, not by `waitForFunction`: evaluating anything in the new document
    // makes Playwright compile and run its injected script there first — 58–108 ms of the page's main thread
    // in traces, right while the worker was starting on the other core (issue 17). Nothing is evaluated in the
    // page until the timeline has painted.
    const paintedLine = page.waitForEvent('console', { predicate: (m) => m.text() === PAINTED, timeout: 300_000 });
    paintedLine.catch(() => {}); // awaited below; should goto throw, its rejection when the context closes is not unhandled
    await page.goto(link);
    await paintedLine;
    const firstPaintRafMs = await page.evaluate(() => (window as unknown as { __firstPaint: number }).__firstPaint);
    const navTrace = await browser.stopTracing();
    if (process.env.UIBENCH_TRACE_DIR) writeFileSync(join(process.env.UIBENCH_TRACE_DIR, `${traceName}.json`), navTrace);
    const navEvents = traceEvents(navTrace);
    // Painted: the first Paint on the page's main thread after the first mark is in the DOM (the double rAF
    // after it also waits for whatever long task follows that frame, so it is only the fallback).
    const inDom = marks(navEvents, IN_DOM)[0];
    const painted = (inDom && navEvents.filter((e) => e.name === 'Paint' && e.ph === 'X' && e.pid === inDom.pid && e.tid === inDom.tid && e.ts >= inDom.ts)
      .sort((a, b) => a.ts - b.ts)[0]) || marks(navEvents, PAINTED)[0];
    const inDomMs = await page.evaluate(() => (window as unknown as { __inDom: number }).__inDom);
    const firstPaintMs = painted && inDom ? inDomMs + (painted.ts + (painted.dur ?? 0) - inDom.ts) / 1000 : firstPaintRafMs;
    // The outline, when one was drawn: the first Paint after it is in the DOM.
    const sketchInDom = marks(navEvents, SKETCH_IN_DOM)[0];
    const sketchPainted = sketchInDom && navEvents.filter((e) => e.name === 'Paint' && e.ph === 'X' && e.pid === sketchInDom.pid && e.tid === sketchInDom.tid && e.ts >= sketchInDom.ts)
      .sort((a, b) => a.ts - b.ts)[0];
    const sketchInDomMs = sketchInDom ? await page.evaluate(() => (window as unknown as { __sketchInDom: number }).__sketchInDom) : undefined;
    const sketchPaintMs = sketchPainted && sketchInDomMs !== undefined && sketchInDom ? sketchInDomMs + (sketchPainted.ts + (sketchPainted.dur ?? 0) - sketchInDom.ts) / 1000 : undefined;
    // The metadata file the table was opened from: the last one fetched before the worker's `table-opened`
    // mark (later calls, e.g. the writes bar's, may fetch it again).
    const opened = marks(navEvents, 'lakescope:table-opened')[0];
    const metaDone = painted && responseFinished(navEvents, /\/metadata\/[^/?]*\.metadata\.json(\?|$)/, opened?.ts ?? painted.ts);
    const workerMarksMs: Record<string, number> = {};
    if (painted && metaDone !== undefined) {
      for (const e of navEvents) {
        // `connected` (the worker's key list ready) may come before the metadata's response: a negative figure.
        if ((e.cat ?? '').includes('blink.user_timing') && e.name.startsWith('lakescope:') && e.name !== PAINTED && (e.ts >= metaDone || e.name === 'lakescope:connected')) {
          workerMarksMs[e.name] ??= r2((e.ts - metaDone) / 1000);
        }
      }
    }
    const sketchFields = sketchPaintMs !== undefined && sketchPainted && metaDone !== undefined
      ? { sketchPaintMs, metadataToSketchPaintMs: (sketchPainted.ts + (sketchPainted.dur ?? 0) - metaDone) / 1000 } : {};
    let metadataToPaintCpuMs: RunResult['metadataToPaintCpuMs'];
    if (painted && inDom && opened && metaDone !== undefined) {
      const end = painted.ts + (painted.dur ?? 0);
      metadataToPaintCpuMs = {
        main: r2(threadCpuWithin(navEvents, inDom.pid, inDom.tid, metaDone, end)),
        worker: r2(threadCpuWithin(navEvents, opened.pid, opened.tid, metaDone, end)),
      };
    }
    const timelineText = (await page.getByRole('group', { name: 'Timeline' }).locator('.timeline-head').innerText()).replace(/\s+/g, ' ').trim();
    if (shots) await page.screenshot({ path: join(REPO, 'test-results', 'screenshots', '50-bench-timeline.png') });
    if (!withTree) {
      return {
        firstPaintMs, ...(painted && metaDone !== undefined ? { metadataToPaintMs: (painted.ts + (painted.dur ?? 0) - metaDone) / 1000 } : {}),
        workerMarksMs, ...sketchFields, ...(metadataToPaintCpuMs ? { metadataToPaintCpuMs } : {}), timelineText, expandMs: NaN, treeRows: 0, work: [], cpuWork: [], gaps: [],
      };
    }

    // Tree: manifest list → every manifest (`*` expands all siblings) → all entry rows.
    const tree = page.getByRole('tree', { name: 'Metadata tree' });
    await tree.locator('[data-kind="manifest-list"] .twisty-btn').click({ timeout: 120_000 });
    await tree.locator('[data-kind="manifest"]').first().click({ timeout: 120_000 });
    const expandStart = Date.now();
    await page.keyboard.press('*');
    await page.waitForFunction(() => document.querySelector('[data-testid="metadata-tree"]')?.getAttribute('data-loading') === '0', undefined, { timeout: 300_000 });
    const expandMs = Date.now() - expandStart;
    const treeRows = Number((await page.locator('.tree-help span').first().innerText()).replace(/[^\d]/g, ''));
    await page.waitForTimeout(300);
    if (process.env.UIBENCH_HEAPSNAP) {
      // What the page keeps alive with the tree's rows, by object type (Chromium DevTools can open the file).
      const cdp = await page.context().newCDPSession(page);
      const chunks: string[] = [];
      cdp.on('HeapProfiler.addHeapSnapshotChunk', (e: { chunk: string }) => { chunks.push(e.chunk); });
      await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      writeFileSync(process.env.UIBENCH_HEAPSNAP + '-' + traceName + '.heapsnapshot', chunks.join(''));
    }

    // Scroll the virtual list a steady amount per frame, marking each frame's start in the trace.
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const gaps: number[] = await page.evaluate(async ({ n, mark }) => {
      const body = document.querySelector('.tree-body') as HTMLElement;
      const out: number[] = [];
      await new Promise((r) => requestAnimationFrame(r));
      let last = performance.now();
      performance.mark(mark);
      for (let i = 0; i < n; i++) {
        body.scrollTop += 260;
        await new Promise((r) => requestAnimationFrame(r));
        performance.mark(mark);
        const now = performance.now();
        out.push(now - last);
        last = now;
      }
      return out;
    }, { n: frames, mark: FRAME });
    const scrollTrace = await browser.stopTracing();
    if (process.env.UIBENCH_TRACE_DIR) writeFileSync(join(process.env.UIBENCH_TRACE_DIR, traceName.replace(/^nav-trace/, 'scroll-trace') + '.json'), scrollTrace);
    const scrollEvents = traceEvents(scrollTrace);
    const work = workPerFrame(scrollEvents, FRAME);
    const cpuWork = cpuWorkPerFrame(scrollEvents, FRAME);
    const scrollHeapMiB = heapDuringFramesMiB(scrollEvents, FRAME);
    if (shots) await page.screenshot({ path: join(REPO, 'test-results', 'screenshots', '50-bench-tree.png') });
    return {
      firstPaintMs, ...(painted && metaDone !== undefined ? { metadataToPaintMs: (painted.ts + (painted.dur ?? 0) - metaDone) / 1000 } : {}),
      workerMarksMs, ...sketchFields, ...(metadataToPaintCpuMs ? { metadataToPaintCpuMs } : {}), timelineText, expandMs, treeRows, work, cpuWork, gaps,
      ...(scrollHeapMiB === undefined ? {} : { scrollHeapMiB }),
    };
  } finally {
    await context.close();
  }
}

/** What {@link runUiBench} runs: the CLI's flags as options. */
export interface UiBenchOptions {
  /** CI-sized: 1,000 snapshots (enough for the outline: SKETCH_MIN_VERSIONS) / 10 manifests / 2,000 files, one run, 30 frames (unless given). */
  readonly small?: boolean;
  /** The table folder (generated there when it has no metadata/); default /tmp/lakescope-ui-bench/{t,small}. */
  readonly table?: string;
  readonly frames?: number;
  readonly runs?: number;
  readonly port: number;
  /** The built app to serve; default this checkout's dist/. */
  readonly dist?: string;
  /** Build the app into `dist` first (`vite build --outDir`), and the baseline into its own dist/. */
  readonly build: boolean;
  /** Another checkout to measure page by page against this one (served from its dist/ on port + 1). */
  readonly baseline?: string;
  /** Expand every manifest and scroll the tree after the timeline is painted (default true). */
  readonly tree?: boolean;
  readonly vitePreview?: boolean;
  /** Delay before each answer of the table's server: a remote host's round trip (default 0, loopback as it is). */
  readonly tableLatencyMs?: number;
  /** Delay of the key list's answer (`index.json`) beyond that: a big warehouse's list arriving after the table's files (default 0). */
  readonly indexLatencyMs?: number;
  /** Screenshots of the last run in test-results/screenshots (default true). */
  readonly screenshots?: boolean;
  /**
   * Pages opened after the traced ones with no DevTools connection (bench/ui-untraced.ts), each timing itself;
   * default: as many as `runs`. Not with `vitePreview` (the harness page is the static server's).
   */
  readonly untracedRuns?: number;
}

/** The system Chromium's flags for every page, traced or not. */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The medians of untraced pages (null where no page gave the figure), with each page's figures. */
function untracedSummary(rs: readonly UntracedRun[]) {
  const med = (f: (r: UntracedRun) => number | undefined) => { const xs = rs.map(f).filter((x): x is number => x !== undefined); return xs.length ? r2(median(xs)) : null; };
  return {
    runs: rs.length,
    navigationToOutlinePaintMs: med((r) => r.navigationToOutlinePaintMs),
    navigationToTimelinePaintMs: med((r) => r.navigationToTimelinePaintMs),
    metadataToOutlinePaintMs: med((r) => r.metadataToOutlinePaintMs),
    metadataToTimelinePaintMs: med((r) => r.metadataToTimelinePaintMs),
    perRun: rs.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, r2(v as number)]))),
  };
}

/** Serves the app and the table, runs fresh pages in the system Chromium, and returns the medians. */
export async function runUiBench(opts: UiBenchOptions) {
  const vitePreview = opts.vitePreview === true;
  const tree = opts.tree !== false;
  const baseline = opts.baseline === undefined ? undefined : resolve(opts.baseline);
  const small = opts.small === true;
  const dist = resolve(opts.dist ?? join(REPO, 'dist'));
  const shape = small ? { snapshots: 1_000, manifests: 10, files: 2_000 } : { snapshots: 10_000, manifests: 100, files: 100_000 };
  const table = resolve(opts.table ?? (small ? '/tmp/lakescope-ui-bench/small' : '/tmp/lakescope-ui-bench/t'));
  const frames = opts.frames ?? (small ? 30 : 240);
  const runs = opts.runs ?? (small ? 1 : 5);
  if (!existsSync(join(table, 'metadata'))) {
    console.log(`generating ${table} (${shape.snapshots} snapshots, ${shape.manifests} manifests, ${shape.files} files)…`);
    await generateIcebergTable({ ...shape, out: table });
  }
  if (opts.build) {
    // --emptyOutDir: vite refuses to empty an outDir outside the project without it.
    execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
    if (baseline) execFileSync('npx', ['vite', 'build'], { cwd: baseline, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const port = opts.port;
  const preview = await serveApp(dist, REPO, port, vitePreview);
  const basePreview = baseline ? await serveApp(join(baseline, 'dist'), baseline, port + 1, vitePreview) : undefined;
  const files = await startServerProcess(['--root', dirname(table), '--port', '0', '--latency-ms', String(opts.tableLatencyMs ?? 0), '--index-latency-ms', String(opts.indexLatencyMs ?? 0)]);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const app = `http://127.0.0.1:${port}/`;
    await waitFor(app, 60_000);
    // On a shared machine another session's server may hold the port (our `--strictPort` preview then exits):
    // measure only this worktree's build.
    const served = await (await fetch(app)).text();
    if (served !== readFileSync(join(dist, 'index.html'), 'utf8')) throw new Error(`port ${port} serves another build than ${dist}: pick another --port`);
    mkdirSync(join(REPO, 'test-results', 'screenshots'), { recursive: true });
    const query = `?w=url&url=${encodeURIComponent(files.url)}&t=${encodeURIComponent(`${basename(table)}/`)}&tab=tree`;
    const link = `${app}${query}`;
    const baseRuns: RunResult[] = [];
    if (baseline) await waitFor(`http://127.0.0.1:${port + 1}/`, 60_000);
    const all: RunResult[] = [];
    for (let i = 0; i < runs; i++) {
      // A/B: the baseline's page first, then this build's, so both see the same load.
      if (baseline) {
        const b = await runOnce(browser, `http://127.0.0.1:${port + 1}/${query}`, frames, false, tree, `nav-trace-baseline-${i + 1}`);
        baseRuns.push(b);
        console.log(`baseline run ${i + 1}/${runs}: first paint ${Math.round(b.firstPaintMs)} ms, metadata → paint ${b.metadataToPaintMs?.toFixed(0) ?? '?'} ms (CPU ${JSON.stringify(b.metadataToPaintCpuMs)})`
          + (b.sketchPaintMs !== undefined ? `; outline painted ${Math.round(b.sketchPaintMs)} ms` : '') + ` ${JSON.stringify(b.workerMarksMs)}`
          + (tree ? `; scroll work p95 ${pct(b.work, 0.95).toFixed(2)} ms, max ${Math.max(...b.work).toFixed(2)} ms; cpu p95 ${pct(b.cpuWork, 0.95).toFixed(2)} ms, max ${Math.max(...b.cpuWork).toFixed(2)} ms`
            + (b.scrollHeapMiB === undefined ? '' : `; heap ${b.scrollHeapMiB.toFixed(1)} MiB`) : ''));
      }
      const r = await runOnce(browser, link, frames, opts.screenshots !== false && i === runs - 1, tree, baseline ? `nav-trace-${i + 1}` : 'nav-trace');
      all.push(r);
      console.log(`run ${i + 1}/${runs}: first paint ${Math.round(r.firstPaintMs)} ms, metadata → paint ${r.metadataToPaintMs?.toFixed(0) ?? '?'} ms (CPU ${JSON.stringify(r.metadataToPaintCpuMs)})`
        + (r.sketchPaintMs !== undefined ? `; outline painted ${Math.round(r.sketchPaintMs)} ms, metadata → outline ${r.metadataToSketchPaintMs?.toFixed(0)} ms` : '')
        + ` ${JSON.stringify(r.workerMarksMs)}; scroll work p95 ${pct(r.work, 0.95).toFixed(2)} ms, max ${Math.max(...r.work).toFixed(2)} ms`
        + `; cpu median ${median(r.cpuWork).toFixed(2)} ms, p95 ${pct(r.cpuWork, 0.95).toFixed(2)} ms, max ${Math.max(...r.cpuWork).toFixed(2)} ms`
        + (r.scrollHeapMiB === undefined ? '' : `; heap ${r.scrollHeapMiB.toFixed(1)} MiB`));
    }
    // The same link with no DevTools connection (bench/ui-untraced.ts), after the traced pages; A/B as they are.
    const untracedRuns = vitePreview ? 0 : opts.untracedRuns ?? runs;
    const untraced = { ours: [] as UntracedRun[], base: [] as UntracedRun[] };
    for (let i = 0; i < untracedRuns; i++) {
      const page = (appUrl: string) => runUntracedPage({ appUrl, link: `/${query}`, tableUrl: files.url, chromiumArgs: CHROMIUM_ARGS, warmUpMs: WARM_UP_MS });
      if (baseline) untraced.base.push(await page(`http://127.0.0.1:${port + 1}/`));
      untraced.ours.push(await page(app));
      const u = untraced.ours.at(-1)!;
      console.log(`untraced run ${i + 1}/${untracedRuns}: outline painted ${u.navigationToOutlinePaintMs?.toFixed(0) ?? '?'} ms (metadata → outline ${u.metadataToOutlinePaintMs?.toFixed(0) ?? '?'} ms), timeline painted ${u.navigationToTimelinePaintMs.toFixed(0)} ms`
        + (baseline ? `; baseline: outline ${untraced.base.at(-1)!.navigationToOutlinePaintMs?.toFixed(0) ?? '?'} ms (metadata → outline ${untraced.base.at(-1)!.metadataToOutlinePaintMs?.toFixed(0) ?? '?'} ms)` : ''));
    }
    const medOf = (rs: RunResult[], f: (r: RunResult) => number | undefined) => { const xs = rs.map(f).filter((x): x is number => x !== undefined && Number.isFinite(x)); return xs.length ? r2(median(xs)) : null; };
    const med = (f: (r: RunResult) => number | undefined) => medOf(all, f);
    const last = all[all.length - 1];
    const result = {
      table, ...shape, runs, frames,
      timelineText: last.timelineText,
      navigationToFirstTimelinePaintMs: med((r) => r.firstPaintMs),
      metadataResponseToTimelinePaintMs: med((r) => r.metadataToPaintMs),
      // The first paint of the timeline, the outline or the interactive one, whichever came first.
      navigationToFirstTimelineOrSketchPaintMs: med((r) => Math.min(r.firstPaintMs, r.sketchPaintMs ?? Infinity)),
      metadataResponseToTimelineOrSketchPaintMs: med((r) => (r.metadataToPaintMs === undefined ? undefined : Math.min(r.metadataToPaintMs, r.metadataToSketchPaintMs ?? Infinity))),
      metadataToPaintCpuMainMs: med((r) => r.metadataToPaintCpuMs?.main),
      metadataToPaintCpuWorkerMs: med((r) => r.metadataToPaintCpuMs?.worker),
      expandAllManifestsMs: med((r) => r.expandMs),
      treeRows: last.treeRows,
      scrollWorkPerFrameMedianMs: med((r) => median(r.work)),
      scrollWorkPerFrameP95Ms: med((r) => pct(r.work, 0.95)),
      scrollWorkPerFrameMaxMs: med((r) => Math.max(...r.work)),
      scrollWorkWorstFrameOfAllRunsMs: r2(Math.max(...all.flatMap((r) => r.work))),
      scrollCpuPerFrameMedianMs: med((r) => median(r.cpuWork)),
      scrollCpuPerFrameP95Ms: med((r) => pct(r.cpuWork, 0.95)),
      scrollCpuPerFrameMaxMs: med((r) => Math.max(...r.cpuWork)),
      scrollCpuWorstFrameOfAllRunsMs: r2(Math.max(...all.flatMap((r) => r.cpuWork))),
      scrollHeapMiB: med((r) => r.scrollHeapMiB),
      scrollFrameGapMedianMs: med((r) => median(r.gaps)),
      scrollFrameGapP95Ms: med((r) => pct(r.gaps, 0.95)),
      perRun: all.map((r) => ({
        firstPaintMs: Math.round(r.firstPaintMs), metadataToPaintMs: r.metadataToPaintMs === undefined ? null : r2(r.metadataToPaintMs),
        ...(r.sketchPaintMs !== undefined ? { sketchPaintMs: Math.round(r.sketchPaintMs), metadataToSketchPaintMs: r2(r.metadataToSketchPaintMs ?? NaN) } : {}),
        workerMarksMs: r.workerMarksMs, workP95Ms: r2(pct(r.work, 0.95)), workMaxMs: r2(Math.max(...r.work)),
        cpuP95Ms: r2(pct(r.cpuWork, 0.95)), cpuMaxMs: r2(Math.max(...r.cpuWork)), expandMs: r.expandMs,
        ...(r.scrollHeapMiB === undefined ? {} : { scrollHeapMiB: r2(r.scrollHeapMiB) }),
      })),
      ...(baseline ? { baseline: {
        dir: baseline,
        navigationToFirstTimelinePaintMs: medOf(baseRuns, (r) => r.firstPaintMs),
        metadataResponseToTimelinePaintMs: medOf(baseRuns, (r) => r.metadataToPaintMs),
        navigationToFirstTimelineOrSketchPaintMs: medOf(baseRuns, (r) => Math.min(r.firstPaintMs, r.sketchPaintMs ?? Infinity)),
        metadataResponseToTimelineOrSketchPaintMs: medOf(baseRuns, (r) => (r.metadataToPaintMs === undefined ? undefined : Math.min(r.metadataToPaintMs, r.metadataToSketchPaintMs ?? Infinity))),
        metadataToPaintCpuMainMs: medOf(baseRuns, (r) => r.metadataToPaintCpuMs?.main),
        metadataToPaintCpuWorkerMs: medOf(baseRuns, (r) => r.metadataToPaintCpuMs?.worker),
        ...(tree ? {
          expandAllManifestsMs: medOf(baseRuns, (r) => r.expandMs),
          scrollWorkPerFrameP95Ms: medOf(baseRuns, (r) => pct(r.work, 0.95)),
          scrollWorkPerFrameMaxMs: medOf(baseRuns, (r) => Math.max(...r.work)),
          scrollWorkWorstFrameOfAllRunsMs: r2(Math.max(...baseRuns.flatMap((r) => r.work))),
          scrollCpuPerFrameP95Ms: medOf(baseRuns, (r) => pct(r.cpuWork, 0.95)),
          scrollCpuPerFrameMaxMs: medOf(baseRuns, (r) => Math.max(...r.cpuWork)),
          scrollCpuWorstFrameOfAllRunsMs: r2(Math.max(...baseRuns.flatMap((r) => r.cpuWork))),
          scrollHeapMiB: medOf(baseRuns, (r) => r.scrollHeapMiB),
        } : {}),
        perRun: baseRuns.map((r) => ({
          firstPaintMs: Math.round(r.firstPaintMs), metadataToPaintMs: r.metadataToPaintMs === undefined ? null : r2(r.metadataToPaintMs),
          ...(r.sketchPaintMs !== undefined ? { sketchPaintMs: Math.round(r.sketchPaintMs) } : {}), workerMarksMs: r.workerMarksMs,
          ...(tree ? { workMaxMs: r2(Math.max(...r.work)), cpuMaxMs: r2(Math.max(...r.cpuWork)), expandMs: r.expandMs } : {}),
        })),
      } } : {}),
      ...(untracedRuns > 0 ? { untraced: { ...untracedSummary(untraced.ours), ...(baseline ? { baseline: untracedSummary(untraced.base) } : {}) } } : {}),
      appServer: vitePreview ? 'vite preview' : 'static (bench/ui-server.ts --app)', tableLatencyMs: opts.tableLatencyMs ?? 0, indexLatencyMs: opts.indexLatencyMs ?? 0,
      staticRequests: await files.requests(),
      loadAverage: loadavg().map((x) => r2(x)),
      at: new Date().toISOString(),
    };
    return result;
  } finally {
    await browser.close();
    files.stop();
    preview.stop();
    basePreview?.stop();
  }
}

async function main() {
  const { values } = parseArgs({ options: {
    table: { type: 'string' }, frames: { type: 'string' }, runs: { type: 'string' }, 'no-build': { type: 'boolean' },
    small: { type: 'boolean' }, port: { type: 'string', default: process.env.LAKESCOPE_E2E_PORT ?? '4175' },
    baseline: { type: 'string' }, 'no-tree': { type: 'boolean' }, untraced: { type: 'string' }, 'vite-preview': { type: 'boolean' }, 'table-latency-ms': { type: 'string' }, 'index-latency-ms': { type: 'string' },
  } });
  const small = values.small === true;
  const result = await runUiBench({
    small, port: Number(values.port), build: values['no-build'] !== true, tree: values['no-tree'] !== true, vitePreview: values['vite-preview'] === true,
    ...(values.table ? { table: values.table } : {}), ...(values.frames ? { frames: Number(values.frames) } : {}),
    ...(values.runs ? { runs: Number(values.runs) } : {}), ...(values.baseline ? { baseline: values.baseline } : {}),
    ...(values['table-latency-ms'] ? { tableLatencyMs: Number(values['table-latency-ms']) } : {}),
    ...(values['index-latency-ms'] ? { indexLatencyMs: Number(values['index-latency-ms']) } : {}),
    ...(values.untraced ? { untracedRuns: Number(values.untraced) } : {}),
  });
  mkdirSync(join(REPO, 'bench', 'out'), { recursive: true });
  writeFileSync(join(REPO, 'bench', 'out', small ? 'ui-bench-small.json' : 'ui-bench.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
