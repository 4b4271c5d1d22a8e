/**
 * The CLI golden test, through the same loop as the table model's (src/testing/golden.ts): for every
 * registered format, fixture and version, `lakescope scan --version ID --format canonical` in process is
 * byte-identical to the expected rows (or hashes to their rowsSha256), and `versions --json` lists every
 * version with its time, operation and the current one. One real `npx lakescope` process per format
 * shows the installed entry point reads it too.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, REPO_ROOT } from '../testing/fixtures.ts';
import { GOLDEN_FORMATS, canonicalMismatch, goldenFixtures, versionKey } from '../testing/golden.ts';
import { runMain } from './run-main.test-support.ts';


describe.skipIf(!FIXTURES_PRESENT)('lakescope on every registered format × fixture × version', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  for (const g of GOLDEN_FORMATS) {
    const fixtures = goldenFixtures(g);
    describe(g.format, () => {
      it(`has the ${g.fixtures} ${g.format} fixtures`, () => { expect(fixtures).toHaveLength(g.fixtures); });
      for (const fx of fixtures) {
        it(`${fx.name}: versions --json lists every version with its time, operation and the current one`, async () => {
          const r = await runMain(['versions', fx.root, '--json']);
          expect(r.err).toBe('');
          expect(r.code).toBe(0);
          const versions = JSON.parse(r.out) as { id: string; timestampMs: number; operation: string; isCurrent: boolean }[];
          expect(versions.map(versionKey)).toEqual(fx.expected.versions.map(versionKey));
          expect(versions.filter((v) => v.isCurrent).map((v) => v.id)).toEqual([fx.expected.current]);
        });
        for (const v of fx.expected.versions) {
          it(`${fx.name} @ ${v.id}: scan --format canonical`, async () => {
            const r = await runMain(['scan', fx.root, '--version', v.id, '--format', 'canonical']);
            expect(r.err).toBe('');
            expect(r.code).toBe(0);
            expect(r.out.endsWith('\n')).toBe(true);
            expect(await canonicalMismatch(r.out.slice(0, -1), v)).toBeUndefined();
            expect(JSON.parse(r.out)).toHaveLength(v.rowCount);
          });
        }
      }
      const first = fixtures[0];
      if (first) {
        it(`runs as \`npx lakescope\` in a real process (${first.name} @ ${first.expected.versions[0]!.id})`, async () => {
          const v = first.expected.versions[0]!;
          const { stdout } = await promisify(execFile)('npx', ['lakescope', 'scan', first.root, '--version', v.id, '--format', 'canonical'],
            { cwd: REPO_ROOT, maxBuffer: 64 << 20 });
          expect(await canonicalMismatch(stdout.replace(/\n$/, ''), v)).toBeUndefined();
        }, 60_000);
      }
    });
  }
});
