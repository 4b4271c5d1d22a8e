/** What global setup prepared, shared with the specs and teardown through a file under test-results/. */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const E2E_STATE_FILE = join(REPO_ROOT, 'test-results', 'e2e-state.json');
/** Screenshots of every screen (gitignored with test-results/). */
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results', 'screenshots');

export interface E2eState {
  /** True when the S3 gateway and fixtures are ready. */
  s3: boolean;
  reason?: string;
  startedGateway: boolean;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket?: string;
  noCorsBucket?: string;
  tables?: string[];
}

export function readE2eState(): E2eState {
  return JSON.parse(readFileSync(E2E_STATE_FILE, 'utf8')) as E2eState;
}

/** The preview port: LAKESCOPE_E2E_PORT lets two checkouts run their e2e side by side without sharing a server. */
export const PREVIEW_PORT = Number(process.env.LAKESCOPE_E2E_PORT ?? 4173);
export const PREVIEW_ORIGIN = `http://127.0.0.1:${PREVIEW_PORT}`;
/** Both spellings of the preview origin, for bucket CORS rules. */
export const PREVIEW_ORIGINS = [PREVIEW_ORIGIN, `http://localhost:${PREVIEW_PORT}`];
