/**
 * The CLI over the common model, on every Iceberg, Paimon, Delta and Hudi fixture (in-process through
 * main()): `files` prints real paths, records and bytes — the plan's `files`, never a guess at a format's
 * task fields — and `files --json`, `versions --json`, `info --json` parse with plain JSON.parse and carry
 * no NUL marker (`\u0000`) of a home-made bigint encoding.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures, type Fixture } from '../testing/fixtures.ts';
import { runMain } from './run-main.test-support.ts';


const fixtures: Fixture[] = (['iceberg', 'paimon', 'delta', 'hudi'] as const).flatMap((f) => listFixtures(f));

interface FileJson { path: string; key: string; records?: string; bytes: string; partition: string; deletes: { kind: string; path: string }[] }

describe.skipIf(!FIXTURES_PRESENT)('lakescope files / --json on every fixture of every format', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  it('has fixtures of all four formats', () => {
    expect(new Set(fixtures.map((f) => f.format))).toEqual(new Set(['iceberg', 'paimon', 'delta', 'hudi']));
  });
  for (const fx of fixtures) {
    it(`${fx.name}: files --json lists existing files with their records and bytes; the text table shows them`, async () => {
      const r = await runMain(['files', fx.root, '--json']);
      expect(r.code, r.err).toBe(0);
      expect(r.out).not.toContain('\\u0000');
      const plan = JSON.parse(r.out) as { version: string; files: FileJson[] };
      expect(plan.version).toBe(fx.expected.current);
      expect(plan.files.length).toBeGreaterThan(0);
      for (const f of plan.files) {
        // The key is a real file under the table root, and `bytes` is its size.
        expect(existsSync(join(fx.root, f.key)), f.key).toBe(true);
        expect(f.bytes).toBe(String(statSync(join(fx.root, f.key)).size));
        expect(f.records, f.path).toMatch(/^\d+$/);
        expect(f.path).not.toBe('');
      }
      // Rows before deletes and merging are at least the live rows of the version.
      const current = fx.expected.versions.find((v) => v.id === fx.expected.current)!;
      const logRecords = plan.files.flatMap((f) => f.deletes.filter((d) => d.kind === 'log-file')).length;
      if (logRecords === 0) expect(plan.files.reduce((n, f) => n + Number(f.records), 0)).toBeGreaterThanOrEqual(current.rowCount);

      const text = await runMain(['files', fx.root]);
      expect(text.code).toBe(0);
      expect(text.out).not.toMatch(/\\u0000|big:|∅/);
      const first = plan.files[0]!;
      const row = text.out.split('\n').find((l) => l.startsWith(first.path.length > 99 ? first.path.slice(0, 99) : first.path));
      expect(row, text.out).toBeDefined();
      expect(row!.split(/\s+/)).toEqual(expect.arrayContaining([first.records, first.bytes]));
    });
    it(`${fx.name}: versions --json and info --json parse with JSON.parse, without NUL markers`, async () => {
      for (const cmd of ['versions', 'info']) {
        const r = await runMain([cmd, fx.root, '--json']);
        expect(r.code, r.err).toBe(0);
        expect(r.out).not.toContain('\\u0000');
        expect(r.out).not.toContain('\u0000');
        expect(() => JSON.parse(r.out)).not.toThrow();
      }
      const versions = JSON.parse((await runMain(['versions', fx.root, '--json'])).out) as { id: string }[];
      expect(versions.map((v) => v.id)).toEqual(expect.arrayContaining([fx.expected.current]));
    });
  }
});
