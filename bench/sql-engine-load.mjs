/**
 * Cold load of the candidate SQL engines in Chromium (issue 16, README "Decisions"): each engine is imported
 * in a fresh browser context from a loopback server and runs one trivial query; three runs each.
 * The candidates are no dependencies of the project, so they come from a scratch folder:
 *
 *   mkdir /tmp/engines && cd /tmp/engines && npm init -y && npm i squirreling@0.12.11 alasql@4.19.1 @duckdb/duckdb-wasm@1.32.0
 *   echo "export * from 'squirreling';" > s.mjs && npx esbuild s.mjs --bundle --minify --format=esm --outfile=sq.min.js
 *   echo "export { default } from 'alasql';" > a.mjs && npx esbuild a.mjs --bundle --minify --format=esm --platform=browser --outfile=al.min.js
 *   cp node_modules/@duckdb/duckdb-wasm/dist/{duckdb-browser.mjs,duckdb-browser-eh.worker.js,duckdb-eh.wasm} .
 *   npx esbuild duckdb-browser.mjs --bundle --format=esm --outfile=duck.bundle.js
 *   SQL_ENGINES_DIR=/tmp/engines node bench/sql-engine-load.mjs
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
const DIR = process.env.SQL_ENGINES_DIR ?? '/tmp/engines';
const types = { js: 'text/javascript', mjs: 'text/javascript', wasm: 'application/wasm', html: 'text/html' };
const server = createServer(async (req, res) => {
  try { const b = await readFile(DIR + req.url.split('?')[0]); res.writeHead(200, { 'content-type': types[req.url.split('.').pop()] ?? 'text/plain' }); res.end(b); }
  catch { res.writeHead(404); res.end(); }
}).listen(0);
const port = server.address().port;
await import('node:fs').then((fs) => fs.writeFileSync(DIR + '/index.html', '<!doctype html><title>x</title>'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const runs = { squirreling: `const t=performance.now(); const m=await import('/sq.min.js'); await m.collect(m.executeSql({tables:{t:[{a:1}]},query:'SELECT count(*) FROM t'})); return performance.now()-t;`,
  alasql: `const t=performance.now(); const m=await import('/al.min.js'); m.default('SELECT COUNT(*) FROM ?',[[{a:1}]]); return performance.now()-t;`,
  duckdb: `const t=performance.now(); const d=await import('/duck.bundle.js'); const w=new Worker('/duckdb-browser-eh.worker.js'); const db=new d.AsyncDuckDB(new d.VoidLogger(), w); await db.instantiate('/duckdb-eh.wasm'); const c=await db.connect(); await c.query('SELECT 1'); return performance.now()-t;` };
for (const [name, body] of Object.entries(runs)) {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const ctx = await browser.newContext(); const page = await ctx.newPage();
    await page.goto(`http://127.0.0.1:${port}/index.html`);
    times.push(await page.evaluate(`(async()=>{${body}})()`));
    await ctx.close();
  }
  console.log(name, times.map((x) => x.toFixed(0)).join(' / '), 'ms (cold, fresh context each, loopback)');
}
await browser.close(); server.close();
