/**
 * Before the e2e run: make sure the real S3 server (Ceph RGW, src/testing/ceph/start.sh) is up, then
 * create two buckets — one whose CORS allows the preview origin (both 127.0.0.1 and localhost forms)
 * holding two engine-written fixture tables, one without CORS — and hand their names to the tests.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../src/testing/fixtures.ts';
import { S3_ENV, S3_SKIP_REASON, createBucket, s3Available, setBucketCors, uniqueName, uploadFolder } from '../src/testing/s3-env.ts';
import { E2E_STATE_FILE, PREVIEW_ORIGINS, type E2eState, REPO_ROOT } from './e2e-state.ts';

/** The fixture tables uploaded to the bucket, under `warehouse/`. */
export const UPLOADED_TABLES = ['iceberg/v2_spark_position_deletes', 'delta/table-with-dv-small'] as const;

async function ensureGateway(): Promise<{ ok: boolean; startedByUs: boolean; reason?: string }> {
  if (await s3Available()) return { ok: true, startedByUs: false };
  const script = join(REPO_ROOT, 'src/testing/ceph/start.sh');
  if (!existsSync(script)) return { ok: false, startedByUs: false, reason: `${S3_SKIP_REASON} (no ${script})` };
  try {
    execFileSync('bash', [script], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 });
  } catch (e) {
    return { ok: false, startedByUs: false, reason: `could not start the Ceph gateway: ${(e as Error).message}` };
  }
  // s3Available caches its first answer; ask again directly.
  const up = await fetch(S3_ENV.endpoint, { signal: AbortSignal.timeout(3000) }).then((r) => r.status < 500, () => false);
  return up ? { ok: true, startedByUs: true } : { ok: false, startedByUs: true, reason: S3_SKIP_REASON };
}

export default async function globalSetup(): Promise<void> {
  mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
  const origins = PREVIEW_ORIGINS;
  const gw = await ensureGateway();
  let state: E2eState = { s3: false, reason: gw.reason, startedGateway: gw.startedByUs, ...S3_ENV };
  if (gw.ok && !FIXTURES_PRESENT) state = { ...state, s3: false, reason: FIXTURES_SKIP_REASON };
  else if (gw.ok) {
    const bucket = uniqueName('e2e-lake');
    const noCorsBucket = uniqueName('e2e-nocors');
    await createBucket(bucket);
    await setBucketCors(bucket, origins);
    for (const t of UPLOADED_TABLES) await uploadFolder(join(FIXTURES_DIR, t), bucket, `warehouse/${t}/`);
    await createBucket(noCorsBucket);
    await uploadFolder(join(FIXTURES_DIR, UPLOADED_TABLES[1]), noCorsBucket, `warehouse/${UPLOADED_TABLES[1]}/`);
    state = { ...state, s3: true, bucket, noCorsBucket, tables: [...UPLOADED_TABLES] };
  }
  writeFileSync(E2E_STATE_FILE, JSON.stringify(state, null, 2));
}
