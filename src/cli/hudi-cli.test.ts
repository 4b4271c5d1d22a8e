/**
 * The CLI on Hudi tables, in process: `scan --version ID --format canonical` is byte-identical to the
 * expected rows of every version of every Hudi fixture; `versions` and `tree` answer for them.
 */
import { describe, expect, it } from 'vitest';
import { canonicalRowsText } from '../core/arrow/index.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../testing/fixtures.ts';
import { main } from './main.ts';

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''; let err = '';
  const code = await main(argv, (t) => { out += `${t}\n`; }, (t) => { err += `${t}\n`; });
  return { code, out, err };
}

const hudi = listFixtures('hudi');
if (!FIXTURES_PRESENT) console.warn(`hudi-cli.test: ${FIXTURES_SKIP_REASON}`);

describe.skipIf(!FIXTURES_PRESENT)('lakescope scan/versions on every Hudi fixture', () => {
  it('has the 4 Hudi fixtures', () => { expect(hudi.length).toBe(4); });
  for (const fx of hudi) {
    it(`${fx.name}: versions lists every completed write instant`, async () => {
      const r = await run(['versions', fx.root, '--json']);
      expect(r.err).toBe('');
      const versions = JSON.parse(r.out) as { id: string; timestampMs: number; operation: string; isCurrent: boolean }[];
      expect(versions.map((v) => [v.id, v.timestampMs, v.operation])).toEqual(fx.expected.versions.map((v) => [v.id, v.timestampMs, v.operation]));
      expect(versions.find((v) => v.isCurrent)?.id).toBe(fx.expected.current);
    });
    for (const v of fx.expected.versions) {
      it(`${fx.name} @ ${v.id}`, async () => {
        const r = await run(['scan', fx.root, '--version', v.id, '--format', 'canonical']);
        expect(r.err).toBe('');
        expect(r.code).toBe(0);
        expect(r.out).toBe(`${canonicalRowsText(v.rows!)}\n`);
      });
    }
  }
});
