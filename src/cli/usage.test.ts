/** The `--where` syntax documented in `--help`: its examples parse and run on the fixtures they name columns of. */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseWhere } from '../core/expr/parse.ts';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, listFixtures } from '../testing/fixtures.ts';
import { main, USAGE } from './main.ts';

/** The `--where "…"` examples of the help text, unescaped as a shell would. */
const examples = [...USAGE.matchAll(/--where "((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\"/g, '"'));

beforeAll(() => installNodeParquetWasm());

describe('--help documents the --where syntax', () => {
  it('prints the literal forms and examples that parse', async () => {
    const out: string[] = [];
    expect(await main(['--help'], (t) => out.push(t))).toBe(0);
    for (const word of ['numbers', 'strings', "'O''Brien'", 'dates', 'timestamps', '+05:30', 'is null', 'in (', '"Breed Name"']) expect(out.join('\n')).toContain(word);
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const e of examples) expect(() => parseWhere(e), e).not.toThrow();
  });

  it.skipIf(!FIXTURES_PRESENT)('each example selects rows of a fixture that has its columns', async () => {
    const tables = { action: 'v1_spark', 'Breed Name': 'v2_java', price: 'rename_column' } as const;
    for (const e of examples) {
      const [column, fixture] = Object.entries(tables).find(([c]) => e.includes(c))!;
      const root = listFixtures('iceberg').find((f) => f.name.includes(fixture))!.root;
      const out: string[] = []; const err: string[] = [];
      expect(await main(['scan', root, '--where', e, '--format', 'canonical'], (t) => out.push(t), (t) => err.push(t)), `${e}: ${err.join(' ')}`).toBe(0);
      expect((JSON.parse(out.join('')) as unknown[]).length, `${e} on ${column}`).toBeGreaterThan(0);
    }
  });
});
