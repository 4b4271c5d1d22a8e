/**
 * The CLI on Delta tables: `scan --version N --format canonical` is byte-identical to the expected rows
 * of every version of every Delta fixture (or hashes to their rowsSha256), and `versions --json` lists
 * every commit. Runs in process through `main`, like cli.test.ts.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalRowsText } from '../core/arrow/index.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../testing/fixtures.ts';
import { main } from './main.ts';

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''; let err = '';
  const code = await main(argv, (t) => { out += `${t}\n`; }, (t) => { err += `${t}\n`; });
  return { code, out, err };
}

const delta = listFixtures('delta');
if (!FIXTURES_PRESENT) console.warn(`cli-delta.test: ${FIXTURES_SKIP_REASON}`);

describe.skipIf(!FIXTURES_PRESENT)('lakescope scan --format canonical (every Delta fixture, every version)', () => {
  it('has the 6 Delta fixtures', () => { expect(delta.length).toBe(6); });
  for (const fx of delta) {
    it(`${fx.name}: versions --json lists every commit with its commitInfo time and operation`, async () => {
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
        if (v.rows) expect(r.out).toBe(`${canonicalRowsText(v.rows)}\n`);
        else expect(createHash('sha256').update(r.out.replace(/\n$/, ''), 'utf8').digest('hex')).toBe(v.rowsSha256);
        expect(JSON.parse(r.out)).toHaveLength(v.rowCount);
      });
    }
  }
});
