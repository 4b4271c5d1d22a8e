/**
 * The help panel's examples, written for the open table: its own columns, versions and tags, so each
 * example runs as is ("Use" puts it in the editor). The table is `t` in the query (the page passes that
 * alias), and every table of the warehouse by its path in double quotes.
 */
import { quoteIdent } from './sql-tokens.ts';

export interface ExampleInput {
  /** The table's path in the warehouse, without the trailing '/'. */
  readonly path: string;
  /** The name the examples use for it: `t` on a table's Query tab (default), its path on the warehouse's. */
  readonly name?: string;
  readonly columns: readonly string[];
  /** Versions oldest first: id, commit time, and the tag or branch names pointing at each. */
  readonly versions: readonly { readonly id: string; readonly timestampMs: number; readonly refs: readonly string[] }[];
}

export interface QueryExample {
  /** Message key suffix naming what the example shows (`ui.query.example.<kind>`). */
  readonly kind: 'first' | 'count' | 'groupBy' | 'versionId' | 'versionTag' | 'timestamp' | 'changes' | 'twoVersions' | 'snapshots' | 'files' | 'explain' | 'byPath';
  readonly sql: string;
}

/** The query the tab opens with when the URL names none. */
export function defaultQuery(name = 't'): string {
  return `SELECT *\nFROM ${quoteIdent(name)}\nLIMIT 100`;
}

/** Examples for the table; those needing an older version, a tag or a second column are left out when it has none. */
export function queryExamples(input: ExampleInput): QueryExample[] {
  const { columns, versions } = input;
  const raw = input.name ?? 't';
  const t = quoteIdent(raw);
  const first = columns[0] ? quoteIdent(columns[0]) : '*';
  const second = columns[1] ? quoteIdent(columns[1]) : undefined;
  const current = versions[versions.length - 1];
  const older = versions.length > 1 ? versions[versions.length - 2] : undefined;
  const oldest = versions[0];
  const tag = [...versions].reverse().find((v) => v.refs.length > 0 && !v.refs.includes('main'));
  const out: QueryExample[] = [
    { kind: 'first', sql: defaultQuery(raw) },
    { kind: 'count', sql: `SELECT count(*) AS row_count\nFROM ${t}` },
  ];
  if (second) out.push({ kind: 'groupBy', sql: `SELECT ${first}, count(*) AS n\nFROM ${t}\nGROUP BY ${first}\nORDER BY n DESC\nLIMIT 20` });
  if (older) {
    out.push({ kind: 'versionId', sql: `SELECT count(*) AS row_count\nFROM ${t} FOR VERSION AS OF ${older.id}` });
    out.push({ kind: 'timestamp', sql: `SELECT *\nFROM ${t} FOR TIMESTAMP AS OF '${new Date(older.timestampMs).toISOString()}'\nLIMIT 100` });
  }
  if (tag) out.push({ kind: 'versionTag', sql: `SELECT count(*) AS row_count\nFROM ${t} FOR VERSION AS OF '${tag.refs.find((r) => r !== 'main')!.replace(/'/g, "''")}'` });
  if (oldest && current && oldest !== current) {
    out.push({ kind: 'changes', sql: `SELECT *\nFROM ${t} CHANGES BETWEEN ${oldest.id} AND ${current.id}\nLIMIT 100` });
    out.push({ kind: 'twoVersions', sql: `SELECT (SELECT count(*) FROM ${t} FOR VERSION AS OF ${oldest.id}) AS rows_then,\n       (SELECT count(*) FROM ${t}) AS rows_now` });
  }
  out.push({ kind: 'snapshots', sql: `SELECT *\nFROM ${quoteIdent(`${raw}$snapshots`)}` });
  out.push({ kind: 'files', sql: `SELECT *\nFROM ${quoteIdent(`${raw}$files`)}\nLIMIT 100` });
  out.push({ kind: 'explain', sql: `EXPLAIN SELECT count(*)\nFROM ${t}\nWHERE ${first === '*' ? '1 = 1' : `${first} IS NOT NULL`}` });
  if (raw === 't') out.push({ kind: 'byPath', sql: `SELECT *\nFROM ${quoteIdent(input.path) === input.path ? `"${input.path}"` : quoteIdent(input.path)}\nLIMIT 10` });
  return out;
}
