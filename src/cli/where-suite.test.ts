/**
 * The generated `--where` suite: over every version of every Iceberg, Paimon, Delta and Hudi fixture with explicit
 * expected rows, predicates on primitive columns (=, !=, <, <=, >, >=, in, not in, is [not] null; and,
 * or, not) generated with a seeded PRNG from the values in the expected rows plus values between and
 * outside them and values of other versions (updated or deleted since), some scans projecting a few
 * columns; each answered by the suite's own evaluator (where-oracle.test-support.ts, not core/expr)
 * and compared with what `lakescope scan --where … --format canonical` prints, run in-process through
 * main(). Replay a failure with LAKESCOPE_WHERE_SEED=<seed printed in the failure>.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LakeTable } from '../core/formats/table-format.ts';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures, type Fixture } from '../testing/fixtures.ts';
import { main } from './main.ts';
import { openCliTable } from './open-table.ts';
import {
  type Column, type Filter, type Op, and, columnOf, equalsPresent, literalForms, literalTexts, not, or, predicate, presentValues, prng,
} from './where-oracle.test-support.ts';

const SEED = Number(process.env.LAKESCOPE_WHERE_SEED ?? 20261130);
const MIN_PREDICATES = 300;
const KEYWORDS = /^(and|or|not|in|is|null|nan|starts|with|like|true|false)$/i;

type Row = Record<string, unknown>;

/** `--where` spelling of a column name: bare when it can be, else double- or back-quoted (doubling the quote). */
function quoteName(name: string, rand: () => number): string {
  const bare = /^[A-Za-z_][\w.$]*$/.test(name) && !KEYWORDS.test(name);
  const r = rand();
  if (bare && r < 0.6) return name;
  return r < 0.85 ? `"${name.replace(/"/g, '""')}"` : `\`${name.replace(/`/g, '``')}\``;
}

const OPS: readonly [Op, number][] = [['=', 3], ['!=', 2], ['<', 2], ['>=', 2], ['in', 2], ['is null', 1], ['<=', 1], ['>', 1], ['not in', 0.5], ['is not null', 0.5]];

function pickOp(col: Column, rand: () => number): Op {
  if (col.kind === 'boolean') return (['=', '!=', 'is null'] as const)[Math.floor(rand() * 3)]!;
  let r = rand() * OPS.reduce((s, [, w]) => s + w, 0);
  for (const [op, w] of OPS) if ((r -= w) < 0) return op;
  return '=';
}

/**
 * One predicate on a column. Nanosecond columns appear in the expected rows truncated to microseconds, so
 * only comparisons that truncation cannot change are generated: `<` and `>=` with microsecond literals,
 * and the other operators with literals that equal no value present (no row's nanoseconds can meet them).
 */
/** How many generated predicates used each operator and each kind of column (checked, so the suite cannot thin out unnoticed). */
const coverage = new Map<string, number>();
const tally = (key: string) => coverage.set(key, (coverage.get(key) ?? 0) + 1);
const kindName = (c: Column) => (c.kind === 'exact' ? (c.integer ? 'integer' : 'decimal') : c.kind);

function onePredicate(col: Column, rows: readonly Row[], history: readonly Row[], rand: () => number): Filter {
  const op = pickOp(col, rand);
  tally(`op ${op}`); tally(`kind ${kindName(col)}`);
  const present = presentValues(col, rows);
  const count = op === 'in' || op === 'not in' ? 2 + Math.floor(rand() * 3) : 1;
  // Some literals come from other versions of the table: values that were updated or deleted since must
  // not come back (an older version of a key winning a merge, a skipped delete file).
  const gone = presentValues(col, history)
    .filter((v) => (present.length === 0 || typeof v === typeof present[0]) && !present.some((p) => JSON.stringify(p) === JSON.stringify(v)));
  let candidates = literalTexts(col, gone.length > 0 && rand() < 0.2 ? gone : present, rand);
  if (col.nanos && op !== '<' && op !== '>=') candidates = literalForms(col, present, rand).filter((l) => !equalsPresent(col, l, present));
  const literals = Array.from({ length: count }, () => candidates[Math.floor(rand() * candidates.length)]!);
  return predicate(col, op, literals, quoteName(col.name, rand));
}

/** Column weights: the fixtures hold many integer columns and few decimal, date and timestamp ones. */
const WEIGHT: Record<string, number> = { integer: 1, double: 1, float: 1, string: 1.5, boolean: 0.5, decimal: 6, date: 4, timestamp: 4 };

function generate(cols: readonly Column[], rows: readonly Row[], history: readonly Row[], n: number, rand: () => number): Filter[] {
  const total = cols.reduce((sum, c) => sum + WEIGHT[kindName(c)]!, 0);
  const pickColumn = (): Column => {
    let r = rand() * total;
    for (const c of cols) if ((r -= WEIGHT[kindName(c)]!) < 0) return c;
    return cols[cols.length - 1]!;
  };
  const one = () => onePredicate(pickColumn(), rows, history, rand);
  return Array.from({ length: n }, () => {
    const r = rand();
    if (r < 0.12) return and(one(), one());
    if (r < 0.22) return or(one(), one());
    if (r < 0.3) return not(one());
    return one();
  });
}

/** Column kinds of one version: its own schema first (older versions keep older names), then any schema. */
async function columnsOf(table: LakeTable, versionId: string, rowNames: readonly string[] | undefined): Promise<Column[]> {
  const [versions, schemas] = await Promise.all([table.versions(), table.schemas()]);
  const schemaId = versions.find((v) => v.id === versionId)?.schemaId;
  const ordered = [...schemas.filter((s) => s.schemaId === schemaId), ...schemas.filter((s) => s.isCurrent), ...schemas];
  const names = rowNames ?? ordered[0]!.columns.map((c) => c.name);
  return names.flatMap((name) => {
    const c = ordered.flatMap((s) => s.columns).find((x) => x.name === name);
    const col = c && columnOf(name, c.type);
    return col ? [col] : [];
  });
}

const sorted = (rows: readonly unknown[]) => rows.map((r) => JSON.stringify(r)).sort();

beforeAll(() => installNodeParquetWasm());

describe.skipIf(!FIXTURES_PRESENT)('generated --where suite (CLI answers = independent evaluation of the expected rows)', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it(`answers every generated predicate like the expected rows do (seed ${SEED})`, async () => {
    const started = performance.now();
    const fixtures: Fixture[] = [...listFixtures('iceberg'), ...listFixtures('paimon'), ...listFixtures('delta'), ...listFixtures('hudi')];
    const tables = new Map<string, Promise<LakeTable>>();
    // One opened table per fixture, reused by every command (main runs unchanged; only the opening is shared).
    const openTable = (arg: string, signal: AbortSignal) => {
      if (!tables.has(arg)) tables.set(arg, openCliTable(arg, signal));
      return tables.get(arg)!;
    };
    const rand = prng(SEED);
    const mismatches: string[] = [];
    let total = 0;
    for (const fx of fixtures) {
      for (const version of fx.expected.versions) {
        if (!version.rows) continue;
        const rows = version.rows as Row[];
        const names = rows.length > 0 ? Object.keys(rows[0]!) : undefined; // an empty version: its own schema's names
        const cols = await columnsOf(await openTable(fx.root, new AbortController().signal), version.id, names);
        if (cols.length === 0) continue;
        const n = rows.length === 0 ? 3 : Math.min(16, 6 + 2 * cols.length);
        const allNames = rows.length > 0 ? Object.keys(rows[0]!) : [];
        const history = fx.expected.versions.filter((v) => v !== version).flatMap((v) => (v.rows ?? []) as Row[]);
        for (const filter of generate(cols, rows, history, n, rand)) {
          total++;
          const out: string[] = []; const err: string[] = [];
          // A quarter of the scans project a few columns, which may leave out the filtered and the delete columns.
          const projected = rand() < 0.25 && allNames.length > 1 ? allNames.filter(() => rand() < 0.4) : [];
          const columnArgs = projected.length > 0 ? ['--columns', projected.join(',')] : [];
          const code = await main(['scan', fx.root, '--version', version.id, '--where', filter.sql, ...columnArgs, '--format', 'canonical'],
            (t) => out.push(t), (t) => err.push(t), { openTable });
          const project = (r: Row): Row => (projected.length > 0 ? Object.fromEntries(projected.map((c) => [c, r[c]])) : r);
          const want = sorted(rows.filter((r) => filter.test(r) === true).map(project));
          const got = code === 0 ? sorted(JSON.parse(out.join('\n')) as unknown[]) : undefined;
          if (!got || JSON.stringify(got) !== JSON.stringify(want)) {
            mismatches.push(`${fx.name} @${version.id} --where ${JSON.stringify(filter.sql)}${columnArgs.length ? ` --columns ${columnArgs[1]}` : ''}: ${got ? `got ${got.length} rows, want ${want.length}` : `exit ${code}: ${err.join(' ')}`}`);
          }
        }
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`--where suite: ${total} predicates over ${fixtures.length} fixtures in ${seconds} s (seed ${SEED}), ${mismatches.length} mismatches`);
    console.log(`  by operator and column kind: ${[...coverage].sort().map(([k, n]) => `${k.replace(/^(op|kind) /, '')} ${n}`).join(', ')}`);
    expect(mismatches, `seed ${SEED}`).toEqual([]);
    expect(total).toBeGreaterThanOrEqual(MIN_PREDICATES);
    for (const key of ['op =', 'op !=', 'op <', 'op >=', 'op is null', 'op in', 'kind integer', 'kind decimal', 'kind string', 'kind date', 'kind timestamp']) {
      expect(coverage.get(key) ?? 0, `predicates with ${key}`).toBeGreaterThanOrEqual(10);
    }
  }, 180_000);
});
