/**
 * `lakescope versions` through the CLI's in-process entry, over every fixture of every format: each
 * version shows its rows from the common totals (live rows as a bare number, else the count and what it
 * is before), and the text agrees with `--json`.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../testing/fixtures.ts';
import type { VersionDto } from '../core/formats/table-format.ts';
import { runMain } from './run-main.test-support.ts';


const fixtures = (['iceberg', 'paimon', 'delta', 'hudi'] as const).flatMap((f) => listFixtures(f));

describe.skipIf(!FIXTURES_PRESENT)('lakescope versions (every fixture of every format)', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  for (const fx of fixtures) {
    it(`${fx.name}: records on every version, text as JSON`, async () => {
      const json = await runMain(['versions', fx.root, '--json']);
      expect(json.code, json.err).toBe(0);
      const versions = JSON.parse(json.out) as VersionDto[];
      const text = await runMain(['versions', fx.root]);
      expect(text.code, text.err).toBe(0);
      const lines = text.out.split('\n');
      for (const e of fx.expected.versions) {
        const v = versions.find((x) => x.id === e.id);
        expect(v, `${fx.name} @ ${e.id}`).toBeDefined();
        const r = v!.totals.records;
        expect(r, `${fx.name} @ ${e.id} has records`).toBeDefined();
        const line = lines.find((l) => l.startsWith(`${e.id} `) || l.startsWith(`${e.id}\t`));
        expect(line, `${fx.name} @ ${e.id} text line`).toBeDefined();
        expect(line!.trimEnd().endsWith(r!.live ? `  ${r!.count}` : `  ${r!.count} (${r!.basis})`), `${fx.name} @ ${e.id}: ${line}`).toBe(true);
        if (r!.live) expect(r!.count, `${fx.name} @ ${e.id}`).toBe(String(e.rowCount));
      }
    });
  }
});
