import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_DIR, PLANNED, README, buildManifest } from './generate-demo.ts';

describe('public/demo', () => {
  it('has an index.json that lists exactly the files beside it, with their sizes', () => {
    const committed = JSON.parse(readFileSync(join(DEMO_DIR, 'index.json'), 'utf8'));
    expect(committed).toEqual(buildManifest(DEMO_DIR)); // stale? run: npx tsx src/ui/demo/generate-demo.ts
  });

  it('is the honest placeholder the generator writes (README, one PLANNED.txt per planned table, no fake table markers)', () => {
    expect(readFileSync(join(DEMO_DIR, 'README.txt'), 'utf8')).toBe(README);
    for (const folder of Object.keys(PLANNED)) expect(existsSync(join(DEMO_DIR, folder, 'PLANNED.txt')), folder).toBe(true);
    const keys = buildManifest(DEMO_DIR).files.map((f) => f.key);
    expect(keys.filter((k) => /(^|\/)(metadata|_delta_log|snapshot|\.hoodie)\//.test(k))).toEqual([]);
  });
});
