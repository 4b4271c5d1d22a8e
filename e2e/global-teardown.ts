/** After the e2e run: delete the buckets global setup created; stop the gateway only if setup started it. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { deleteBucket } from '../src/testing/s3-env.ts';
import { REPO_ROOT, readE2eState } from './e2e-state.ts';

export default async function globalTeardown(): Promise<void> {
  let state;
  try { state = readE2eState(); } catch { return; }
  for (const b of [state.bucket, state.noCorsBucket]) {
    if (b) await deleteBucket(b).catch((e: unknown) => console.warn(`e2e teardown: could not delete bucket ${b}: ${(e as Error).message}`));
  }
  if (state.startedGateway) execFileSync('bash', [join(REPO_ROOT, 'src/testing/ceph/stop.sh')], { stdio: 'ignore', timeout: 60_000 });
}
