/**
 * The UI bench's untraced pages (issue 17): the same deep link opened in the system Chromium with no DevTools
 * connection at all — no Playwright, no trace — each page timing itself. Why: with DevTools attached, Chromium
 * keeps a copy of every response body for the Network panel, and the engine worker paid for it with the
 * metadata file's arrival: a 4 MB body took 80–105 ms from headers to bytes in a worker under Playwright
 * against 30–37 ms without any DevTools session (the same file over loopback, 8 fresh workers each), and the
 * traced page showed a 33–37 ms native task in the worker right at the metadata's completion. A person's
 * browser has no DevTools session; these pages measure what it does.
 *
 * How: the app's server (bench/ui-server.ts --app) serves a harness page from the app's origin; Chromium,
 * started on it with a fresh profile, waits as the traced pages do, then opens the link in a window of its own
 * and watches that window's DOM (same origin): the outline (`.tl-sketch`) and the interactive timeline
 * (`.tl-mark`) in the DOM, each painted two animation frames later; the page posts its times back to its
 * server. The metadata response is when the table's server finished sending the metadata file (its own
 * clock: the same machine's), so "metadata → painted" here counts the last bytes' way into the browser too:
 * a bound from above of what the traced figure measures from the worker's side.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the app's server serves the harness page, and takes and gives back its result. */
export const HARNESS_PATH = '__ui-server/harness';
export const RESULT_PATH = '__ui-server/result';
/** Where the table's server tells when it finished sending a matching file (`?suffix=…&after=<epoch ms>`). */
export const FINISHED_PATH = '__ui-server/finished';

/** What one untraced page reports: wall-clock times (ms since the epoch). */
export interface UntracedTimes {
  readonly navigationStart: number;
  readonly sketchPainted?: number;
  readonly timelinePainted: number;
}

/** One untraced page's figures (ms). */
export interface UntracedRun {
  readonly navigationToOutlinePaintMs?: number;
  readonly navigationToTimelinePaintMs: number;
  readonly metadataToOutlinePaintMs?: number;
  readonly metadataToTimelinePaintMs?: number;
}

/**
 * The harness page: after `warmUpMs` (the browser's own start-up work, as the traced pages wait), opens
 * `link` in a window of its own and posts the times of {@link UntracedTimes} to RESULT_PATH.
 */
export function harnessPage(link: string, warmUpMs: number): string {
  const script = `
const link = ${JSON.stringify(link)};
setTimeout(() => {
  const w = window.open(link, '_blank', 'width=1280,height=800');
  const out = {};
  const now = () => w.performance.timeOrigin + w.performance.now();
  const report = () => fetch('/${RESULT_PATH}', { method: 'POST', body: JSON.stringify(out) });
  // The window's document is the app's once its URL is no longer the initial about:blank.
  const attach = () => {
    let href = 'about:blank';
    try { href = w.location.href; } catch { /* not yet */ }
    if (href === 'about:blank' || !w.document.documentElement) { setTimeout(attach, 5); return; }
    out.navigationStart = w.performance.timeOrigin;
    new w.MutationObserver((_, observer) => {
      const doc = w.document;
      if (out.sketchSeen === undefined && doc.querySelector('.tl-sketch')) {
        out.sketchSeen = now();
        w.requestAnimationFrame(() => w.requestAnimationFrame(() => { out.sketchPainted = now(); }));
      }
      if (out.timelineSeen === undefined && doc.querySelector('.tl-mark')) {
        out.timelineSeen = now();
        observer.disconnect();
        w.requestAnimationFrame(() => w.requestAnimationFrame(() => { out.timelinePainted = now(); report(); }));
      }
    }).observe(w.document, { childList: true, subtree: true });
  };
  attach();
}, ${warmUpMs});`;
  return `<!doctype html><meta charset="utf-8"><title>untraced page</title><script>${script}</script>`;
}

/** The figures of one page's times, against the table server's metadata finish (when it gave one). */
export function untracedRun(t: UntracedTimes, metadataFinished: number | undefined): UntracedRun {
  const rel = (x: number | undefined, from: number | undefined) => (x === undefined || from === undefined ? undefined : x - from);
  return {
    navigationToTimelinePaintMs: t.timelinePainted - t.navigationStart,
    ...(t.sketchPainted === undefined ? {} : { navigationToOutlinePaintMs: t.sketchPainted - t.navigationStart }),
    ...(metadataFinished === undefined ? {} : { metadataToTimelinePaintMs: t.timelinePainted - metadataFinished }),
    ...(rel(t.sketchPainted, metadataFinished) === undefined ? {} : { metadataToOutlinePaintMs: rel(t.sketchPainted, metadataFinished)! }),
  };
}

async function poll<T>(what: string, timeoutMs: number, get: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await get();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`ui-bench untraced: no ${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Opens `link` (a path and query on `appUrl`) once in a fresh Chromium with no DevTools connection and
 * returns its figures; the metadata file's finish is asked of `tableUrl`'s server.
 */
export async function runUntracedPage(opts: { appUrl: string; link: string; tableUrl: string; chromiumArgs: readonly string[]; warmUpMs: number; timeoutMs?: number }): Promise<UntracedRun> {
  const profile = mkdtempSync(join(tmpdir(), 'lakescope-ui-untraced-'));
  await fetch(new URL(RESULT_PATH, opts.appUrl)); // a stale result from an earlier page is dropped
  const harness = new URL(HARNESS_PATH, opts.appUrl);
  harness.searchParams.set('link', opts.link);
  harness.searchParams.set('warm-up-ms', String(opts.warmUpMs));
  const chrome = spawn('/usr/bin/chromium', [...opts.chromiumArgs, '--disable-popup-blocking', `--user-data-dir=${profile}`, '--window-size=1280,800', harness.href], { stdio: 'ignore', detached: true });
  try {
    const times = await poll('result', opts.timeoutMs ?? 60_000, async () => {
      const text = await (await fetch(new URL(RESULT_PATH, opts.appUrl))).text();
      return text ? JSON.parse(text) as UntracedTimes : undefined;
    });
    const finished = new URL(FINISHED_PATH, opts.tableUrl);
    finished.searchParams.set('suffix', '.metadata.json');
    finished.searchParams.set('after', String(times.navigationStart));
    const at = await (await fetch(finished)).text();
    return untracedRun(times, at ? Number(at) : undefined);
  } finally {
    // The whole process group: Chromium's renderers and helpers still write to the profile after the browser's own end.
    const exited = chrome.exitCode === null && chrome.signalCode === null ? new Promise((r) => chrome.once('exit', r)) : undefined;
    try { process.kill(-chrome.pid!, 'SIGKILL'); } catch { /* already gone */ }
    await exited;
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}
