import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
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

// One config for the app (vite), its preview server and the unit/integration tests (vitest).
export default defineConfig({
  plugins: [react(), securityHeaders()],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  optimizeDeps: { exclude: ['parquet-wasm'] },
  preview: { headers: { ...SECURITY_HEADERS } },
  server: { headers: { 'X-Content-Type-Options': SECURITY_HEADERS['X-Content-Type-Options']!, 'Referrer-Policy': SECURITY_HEADERS['Referrer-Policy']! } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
