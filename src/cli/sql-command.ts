/**
 * `lakescope sql <table-or-warehouse> "<query>" [--format table|json|csv|canonical] [--limit N]`
 * (issue 16). When the argument is one table it is called `t` in the query (and by its folder name);
 * when it is a warehouse, tables are named by their path under it (`"db/orders"`). `--format canonical`
 * prints the rows as `scan --format canonical` does — a nanosecond timestamp, which SQL holds to the
 * nanosecond, floored to microseconds there as in scan (other formats print all nine digits); `EXPLAIN
 * <query>` prints the plan of each table.
 */
import { detectTableFormat } from '../core/api/detect-table-format.ts';
import { runSql } from '../core/api/sql/run-sql.ts';
import type { SqlTableDto } from '../core/api/sql/sql-contract.ts';
import { checkFlags, flagInt, flagValue, type ParsedArgs } from './args.ts';
import type { Print } from './commands.ts';
import { canonicalSqlValue } from '../core/api/sql/sql-values.ts';
import { formatRows, parseRowFormat } from './output.ts';
import { openTableLocation } from './table-location.ts';

/** The last folder name of a location (`/data/wh/orders/` → `orders`). */
function folderName(arg: string): string {
  return arg.replace(/[?#].*$/, '').replace(/\/+$/, '').split('/').pop() ?? arg;
}

export async function sqlCommand(args: ParsedArgs, print: Print, signal: AbortSignal, warn: Print = () => {}): Promise<void> {
  checkFlags(args, ['format', 'limit']);
  const [where, query] = args.positionals as [string, string];
  const format = parseRowFormat(flagValue(args, 'format'));
  const { storage } = openTableLocation(where);
  const found = await detectTableFormat(storage, '', { signal });
  const tables: SqlTableDto[] = found ? [{ name: 't', root: '', format: found.format }, { name: folderName(where), root: '', format: found.format }] : [];
  const limit = flagInt(args, 'limit');
  const result = await runSql(storage, { query, tables, maxRows: limit ?? Number.MAX_SAFE_INTEGER }, { signal });
  const columns = result.columns.map((c) => c.name);
  if (result.explain && format === 'table') { print(result.explain.text); return; }
  // The canonical row form has microseconds (fixtures/expected/README.md): a timestamp's finer digits are floored
  // there, in a timestamp column and inside a struct, list or map (a `json` column).
  const cell = (k: number, v: unknown) => (format === 'canonical' && (result.columns[k]!.kind === 'timestamp' || result.columns[k]!.kind === 'json') ? canonicalSqlValue(v) : v);
  // Two columns of one name (a join's `a.id` and `b.id`) must not become one JSON key: the row objects key
  // them `id`, `id_2`, … (the Query tab's Parquet export's rule); csv and table headers show the query's names.
  const keys = uniqueKeys(columns);
  const rows = result.rows.map((r) => Object.fromEntries(keys.map((c, k) => [c, cell(k, r[k])])));
  print(formatRows(format, keys, rows, columns));
  for (const w of result.readWarnings ?? []) warn(w);
}

/**
 * Object keys for output columns `names`: each name as it is where it is the first of its name, the n-th one
 * `name_n` (the next free `name_n` when the query also has a column of that name). Must hold: as many keys as
 * names, all different.
 */
export function uniqueKeys(names: readonly string[]): string[] {
  const taken = new Set(names);
  const seen = new Map<string, number>();
  const used = new Set<string>();
  return names.map((name) => {
    let n = (seen.get(name) ?? 0) + 1;
    let key = n === 1 && !used.has(name) ? name : `${name}_${n}`;
    while (used.has(key) || (key !== name && taken.has(key))) key = `${name}_${++n}`;
    seen.set(name, n);
    used.add(key);
    return key;
  });
}
