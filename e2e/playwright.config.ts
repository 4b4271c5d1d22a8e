/**
 * End-to-end tests in the system Chromium (never `npx playwright install`) against `vite preview`.
 * Run from the repo root: npx playwright test -c e2e/playwright.config.ts
 * globalSetup starts (or reuses) the Ceph S3 gateway and prepares the buckets the tests open.
 */
import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { PREVIEW_ORIGIN, PREVIEW_PORT } from './e2e-state.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');


export default defineConfig({
  testDir: here,
  testMatch: /.*\.spec\.ts$/,
  outputDir: resolve(root, 'test-results/e2e'),
  globalSetup: resolve(here, 'global-setup.ts'),
  globalTeardown: resolve(here, 'global-teardown.ts'),
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: PREVIEW_ORIGIN,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `npx vite build && npx vite preview --port ${PREVIEW_PORT} --strictPort --host 127.0.0.1`,
    cwd: root,
    url: PREVIEW_ORIGIN,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
