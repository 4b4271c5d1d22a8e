import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { OutputChunk } from 'rolldown';
import { CSP_META, SECURITY_HEADERS } from './src/platform/security-headers.ts';

/**
 * The built app carries its CSP as a meta tag (static hosting may not set headers) and `vite preview`
 * serves every security header, frame-ancestors included. The dev server gets only the non-CSP headers:
 * React Fast Refresh injects an inline preamble script.
 */
function securityHeaders(): Plugin {
  return {
    name: 'lakescope-security-headers',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => (ctx.server ? html : html.replace('<head>', `<head>\n    <meta http-equiv="Content-Security-Policy" content="${CSP_META}" />`)),
    },
  };
}

/**
 * The entry (src/main.tsx) is small and loads the app shell (src/ui/mount.tsx) with a dynamic import once it
 * has started the engine worker. So that the shell's chunks do not wait for the entry to run, the built
 * index.html names them as `modulepreload` links (and their CSS as stylesheets): the browser fetches them in
 * parallel with the entry, and the worker's script in parallel with them (issue 17).
 */
function preloadAppShell(): Plugin {
  let base = '/';
  return {
    name: 'lakescope-preload-app-shell',
    apply: 'build',
    configResolved(config) { base = config.base; },
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = new Map<string, OutputChunk>();
        for (const o of Object.values(bundle)) if (o.type === 'chunk') chunks.set(o.fileName, o);
        const shell = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith('/src/ui/mount.tsx'));
        if (!shell) throw new Error('lakescope-preload-app-shell: no chunk for src/ui/mount.tsx');
        const entry = ctx.chunk?.fileName;
        const files = new Set<string>();
        const css = new Set<string>();
        const walk = (c: OutputChunk) => {
          if (files.has(c.fileName) || c.fileName === entry) return;
          files.add(c.fileName);
          for (const f of c.viteMetadata?.importedCss ?? []) css.add(f);
          for (const i of c.imports) { const d = chunks.get(i); if (d) walk(d); }
        };
        walk(shell);
        const entryChunk = entry ? chunks.get(entry) : undefined;
        for (const f of entryChunk?.viteMetadata?.importedCss ?? []) css.delete(f);
        return [
          ...[...css].map((f) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: base + f }, injectTo: 'head' as const })),
          ...[...files].map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: base + f }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}

// One config for the app (vite), its preview server and the unit/integration tests (vitest).
export default defineConfig({
  plugins: [react(), securityHeaders(), preloadAppShell()],
  // The engine worker's first chunk holds everything it imports statically (one request, no second round of
  // module requests before it can run); what it imports dynamically (Paimon, Delta and Hudi readers, SQL,
  // parquet-wasm) stays in chunks loaded on first use (issue 17).
  worker: { format: 'es', rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'engine-worker', tags: ['$initial'] }] } } } },
  build: {
    target: 'es2022',
    sourcemap: true,
    // What the small entry imports (the engine client: worker/client.ts and the few leaf modules under it)
    // stays in one chunk of its own; left to automatic chunking those modules landed in chunks shared with
    // the UI (React Query, the message catalog), which the entry then had to load before it could start the
    // worker (issue 17).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'engine-client', tags: ['$initial'] }] } } },
  },
  optimizeDeps: { exclude: ['parquet-wasm'] },
  preview: { headers: { ...SECURITY_HEADERS } },
  server: { headers: { 'X-Content-Type-Options': SECURITY_HEADERS['X-Content-Type-Options']!, 'Referrer-Policy': SECURITY_HEADERS['Referrer-Policy']! } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default in a run is one worker fewer than the cores: one worker on the 2-core CI machine.
    // Many suites wait on the S3 gateway or on fixtures' I/O, so one per core keeps both busy (CI time).
    maxWorkers: '100%',
  },
});
