/**
 * `lakescope diff` and `lakescope changes` in process through main(): for one fixture of every format,
 * every consecutive pair, `diff --rows --json` holds `rows.added/removed/changed` in canonical form equal
 * to the expected-rows difference, and `changes --format canonical` the same rows with their change
 * type and version; usage errors exit 2.
 */
import { multisetMinus as minus } from '../testing/multiset.ts';
import { describe, expect, it } from 'vitest';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../testing/fixtures.ts';
import { GOLDEN_FORMATS, goldenFixtures } from '../testing/golden.ts';
import { runMain } from './run-main.test-support.ts';


const texts = (rows: readonly unknown[]) => rows.map((r) => JSON.stringify(r));

describe.skipIf(!FIXTURES_PRESENT)('lakescope diff / changes', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  for (const g of GOLDEN_FORMATS) {
    // The fixture of the format with the most versions with explicit rows and one schema throughout.
    const fx = goldenFixtures(g).filter((f) => f.expected.versions.length > 1 && f.expected.versions.every((v) => v.rows)
      && f.expected.versions.every((v) => JSON.stringify(Object.keys((v.rows![0] ?? {}) as object)) === JSON.stringify(f.expected.columns) || v.rows!.length === 0))
      .sort((a, b) => b.expected.versions.length - a.expected.versions.length)[0];
    if (!fx) continue;
    it(`${fx.name}: diff --rows --json and changes --format canonical at every step`, async () => {
      const ev = fx.expected.versions;
      for (let i = 0; i + 1 < ev.length; i++) {
        const a = texts(ev[i]!.rows!);
        const b = texts(ev[i + 1]!.rows!);
        const r = await runMain(['diff', fx.root, ev[i]!.id, ev[i + 1]!.id, '--rows', '--json']);
        expect(r.err).toBe('');
        expect(r.code).toBe(0);
        const d = JSON.parse(r.out) as { from: { id: string }; to: { id: string }; rows: { added: unknown[]; removed: unknown[]; changed: { before: unknown; after: unknown }[] } };
        expect([d.from.id, d.to.id]).toEqual([ev[i]!.id, ev[i + 1]!.id]);
        expect({
          added: [...texts(d.rows.added), ...texts(d.rows.changed.map((c) => c.after))].sort(),
          removed: [...texts(d.rows.removed), ...texts(d.rows.changed.map((c) => c.before))].sort(),
        }).toEqual({ added: minus(b, a), removed: minus(a, b) });
        const c = await runMain(['changes', fx.root, ev[i]!.id, ev[i + 1]!.id, '--format', 'canonical']);
        expect(c.code).toBe(0);
        const log = JSON.parse(c.out) as Record<string, unknown>[];
        expect(log.every((x) => x._commit_version === ev[i + 1]!.id)).toBe(true);
        const strip = (x: Record<string, unknown>) => { const { _change_type: _t, _commit_version: _v, ...row } = x; return JSON.stringify(row); };
        const plus = log.filter((x) => x._change_type === 'insert' || x._change_type === 'update-after').map(strip);
        const gone = log.filter((x) => x._change_type === 'delete' || x._change_type === 'update-before').map(strip);
        const { upsertKey } = JSON.parse((await runMain(['changes', fx.root, ev[i]!.id, ev[i + 1]!.id, '--format', 'json'])).out) as { upsertKey?: string[] };
        if (upsertKey) {
          // A log without before images (Hudi's incremental query): its inserts replace the rows of their key.
          const key = (t: string) => JSON.stringify(upsertKey.map((k) => (JSON.parse(t) as Record<string, unknown>)[k]));
          const state = new Map(a.map((t) => [key(t), t]));
          for (const x of log) { const t = strip(x); if (plus.includes(t)) state.set(key(t), t); else state.delete(key(t)); }
          expect([...state.values()].sort()).toEqual([...b].sort());
        } else expect({ added: minus(plus, gone), removed: minus(gone, plus) }).toEqual({ added: minus(b, a), removed: minus(a, b) });
      }
      const text = await runMain(['diff', fx.root, ev[0]!.id, ev.at(-1)!.id, '--rows']);
      expect(text.code).toBe(0);
      expect(text.out).toMatch(/^diff .* → /);
      expect(text.out).toMatch(/\nrows +\+\d+ −\d+ ~\d+/);
    }, 120_000);
  }

  it('usage errors exit 2: a missing <to>, --key without --rows, an unknown --format; changes backwards exits 1', async () => {
    const fx = goldenFixtures(GOLDEN_FORMATS[0]!).find((f) => f.expected.versions.length > 1)!;
    const v = fx.expected.versions[0]!.id;
    expect((await runMain(['diff', fx.root, v])).code).toBe(2);
    expect((await runMain(['diff', fx.root, v, v, '--key', 'id'])).err).toMatch(/--key pairs rows/);
    expect((await runMain(['changes', fx.root, v, v, '--format', 'csv'])).code).toBe(2);
    const e = await runMain(['changes', fx.root, fx.expected.versions.at(-1)!.id, v]);
    expect(e.code).toBe(1);
    expect(e.err).toMatch(/DataInvalid: changes: version .* is not an ancestor/);
  });
});
