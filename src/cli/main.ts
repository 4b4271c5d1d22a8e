/**
 * Entry of the `lakescope` command line (src/cli/bin.mjs runs it). Returns the process exit code:
 * 0 on success, 2 for usage errors, 1 for any other failure — with a one-line message naming the
 * error code, the cause and the file involved.
 */
import { isLakeError, LakeError, toLakeError } from '../core/errors.ts';
import { installNodeCodecs } from '../platform/node/native-codecs.ts';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';
import { installCliDecodePool } from '../platform/node/parquet-decode-pool.ts';
import { parseArgs } from './args.ts';
import { filesCommand, infoCommand, scanCommand, versionsCommand, type Print } from './commands.ts';
import { terminalMessage, terminalText } from './output.ts';
import { changesCommand, diffCommand } from './diff-commands.ts';
import type { TableFormat } from '../core/formats/table-format.ts';
import { openCliTable } from './open-table.ts';
import { sqlCommand } from './sql-command.ts';
import { WRITE_COMMANDS, writeCommand } from './write-commands.ts';

export const USAGE = `lakescope — look inside Apache Iceberg, Delta Lake, Apache Paimon and Apache Hudi tables

usage:
  lakescope info <table> [--json]
  lakescope versions <table> [--json]
  lakescope scan <table> [--version ID | --as-of TIME | --ref NAME] [--columns a,b] [--where EXPR]
                 [--limit N] [--format table|json|jsonl|csv|canonical]
  lakescope files <table> [--version ID] [--where EXPR] [--explain] [--json]
  lakescope diff <table> <from> <to> [--rows] [--key a,b] [--limit N] [--json]
                 files, deletes, totals, schema and partitions between two versions (ids, branch or tag
                 names); --rows adds the rows added, removed and changed (paired by the table's key or --key)
  lakescope changes <table> <from> <to> [--format table|json|canonical] [--key a,b] [--limit N]
                 the change log after <from> up to <to>: the format's own (Delta change data feed, Paimon changelog files, Hudi incremental query) or derived
  lakescope sql <table-or-warehouse> "<query>" [--format table|json|csv|canonical] [--limit N]
                 SQL over one table (called t and by its folder name) or a warehouse's tables by path
                 ("db/orders"); after a table: FOR VERSION AS OF <id> | FOR VERSION AS OF '<tag>' |
                 FOR TIMESTAMP AS OF '<time>' | CHANGES BETWEEN <a> AND <b>; "t$snapshots", $files …;
                 EXPLAIN <query> shows each table's pruning and bytes to fetch

writes (print a preview, then apply it; --dry-run only previews):
  lakescope rollback <table> --to SNAPSHOT_ID | --to-time TIME        (Paimon: --to ID_OR_TAG, as a new snapshot)
  lakescope set-current <table> --to SNAPSHOT_ID
  lakescope tag <table> --name NAME [--version ID] [--replace] [--remove] [--max-ref-age-ms N]
  lakescope branch <table> --name NAME [--version ID] [--replace] [--remove] [--fast-forward TO]
                 [--min-snapshots-to-keep N] [--max-snapshot-age-ms N] [--max-ref-age-ms N]
  lakescope expire <table> [--older-than TIME] [--retain-last N] [--ids a,b] [--delete-files]
  lakescope compact <table> [--target-size BYTES] [--min-input-files N] [--strategy full|universal] [--bucket N]
                 (Paimon: full or Paimon's universal pick per bucket, as a COMPACT snapshot)
  lakescope rewrite-manifests <table> [--target-size BYTES]
  lakescope vacuum <table> [--retention-hours N] [--delete-files]     (Delta: report, delete only with --delete-files)
  lakescope create <table> --table-format delta --columns "id long not null, name string, amount decimal(10,2)"
                 [--partition-by a,b] [--properties k=v,…]   (nested types: --columns as JSON [{"name","type"}])
  lakescope append|upsert <table> --data ROWS.json|ROWS.jsonl|ROWS.csv | --rows-json '[{"id": 1, "name": "a"}]'
                 (upsert: tables with a primary key, Paimon; one commit)
  lakescope delete <table> --where EXPR                                (Delta: deletion vectors when enabled)
  lakescope delete <table> --data KEYS.json|KEYS.csv | --rows-json …   (Paimon primary-key tables: by key)
  lakescope update <table> --where EXPR --set '{"name": "b"}'

<table> is a local folder, s3://bucket/prefix (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN,
AWS_REGION, AWS_ENDPOINT_URL) or an http(s):// URL of the table root. Any of them may instead name an Iceberg
metadata file (…/metadata/v3.metadata.json): the table in that state, the way to open over plain HTTP an Iceberg
table without version-hint.text (Paimon tables and Hadoop-style vN tables need no listing).
EXPR: comparisons (= != < <= > >=), in (…), is null, is not null, starts with, joined by and/or/not;
strings, dates and timestamps in single quotes, e.g. "action = 'click' and event_time >= '2020-01-01'".
Also <>, not in (…), is [not] nan, not starts with, and parentheses; keywords in any case. Rows where the answer
is unknown (null) are left out, as in SQL: x != 5 and x < 5 never select a row where x is null. Literals:
  columns     plain names (id, event_time) or quoted: "Breed Name" or \`Breed Name\` (a quote inside is doubled)
  numbers     42   -7   9223372036854775807   1.005   1.5e3   — compared exactly with int, long and decimal
              columns (never through a double): on decimal(10,2), d = 1.005 selects nothing and d > 1.005
              selects 1.01; float and double columns take the literal in their own type (a float 1.8 = 1.8)
  strings     'text' in single quotes, a quote inside written twice: 'O''Brien'; compared by code point
  booleans    true  false
  dates       '2024-01-31' (a date and time compares exactly: d < '2024-01-31T12:00:00' includes that day)
  timestamps  '2024-01-31 08:00:00', '2024-01-31T08:00:00.123456' (fraction digits finer than the
              column compare exactly), '2024-01-31' = midnight. Columns with time zone take
              '…Z' or '…+05:30' (no zone = UTC); columns without take the wall-clock time (Z allowed)
  in, null    x in (1, 2, 3)   x not in ('a', 'b')   x is null   x is not null   (x = null is an error)
examples:
  --where "action = 'click' and event_time >= '2020-01-01T08:00:00Z'"
  --where "\\"Breed Name\\" in ('Holland Lop', 'Mini Rex') or \\"Popularity Rank\\" is null"
  --where "price > 9.995 and not (event_date < '2022-01-02')"
--format table (the default) is for people: null prints as ∅; a string prints as it is unless it is
empty, "null" or "∅", starts with a double quote, has leading/trailing whitespace, or holds control,
bidi or invisible characters — then it prints in double quotes with escapes (\\" \\\\ \\n \\r \\t \\0 \\xHH
\\uHHHH), so terminal escape sequences in data never reach the terminal. json, jsonl, csv (RFC 4180; null
is an empty field, the empty string "") and canonical print every value exactly.`;

const COMMANDS = { info: infoCommand, versions: versionsCommand, scan: scanCommand, files: filesCommand, diff: diffCommand, changes: changesCommand } as const;
/** Positional arguments each read command takes (`<table>`, or `<table> <from> <to>`). */
const ARITY: Readonly<Record<string, number>> = { diff: 3, changes: 3, sql: 2 };
const SWITCHES = new Set(['json', 'explain', 'help', 'dry-run', 'remove', 'replace', 'delete-files', 'rows']);

/** What `main` may take from its caller instead of making it itself. */
export interface MainOptions {
  /**
   * Opens the read commands' `<table>` (default: openCliTable). Lets an in-process caller (a test running
   * hundreds of scans) reuse one opened table and its caches; the command itself runs unchanged.
   */
  readonly openTable?: typeof openCliTable;
  /**
   * The formats the read commands try on `<table>`, in order (default: the registry, CLI_FORMATS). A
   * format defined elsewhere (a test's) plugs in here with no other change.
   */
  readonly formats?: readonly TableFormat[];
}

/** Runs one command line; `print`/`printError` default to stdout/stderr. */
export async function main(argv: readonly string[], print: Print = (t) => process.stdout.write(`${t}\n`),
  printError: Print = (t) => process.stderr.write(`${t}\n`), options: MainOptions = {}): Promise<number> {
  const controller = new AbortController();
  const onSigint = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSigint);
  try {
    const args = parseArgs(argv, SWITCHES);
    if (args.command === 'help' || args.command === '--help' || args.flags.has('help')) { print(USAGE); return 0; }
    const isWrite = (WRITE_COMMANDS as readonly string[]).includes(args.command);
    const run = COMMANDS[args.command as keyof typeof COMMANDS];
    if (!run && !isWrite && args.command !== 'sql') throw new LakeError('DataInvalid', `cli: unknown command "${args.command}"`, { command: args.command });
    const arity = ARITY[args.command] ?? 1;
    if (args.positionals.length !== arity) {
      throw new LakeError('DataInvalid', arity === 1 ? `cli: ${args.command} takes exactly one <table>` : arity === 2 ? `cli: ${args.command} takes <table-or-warehouse> "<query>"` : `cli: ${args.command} takes <table> <from> <to>`, { command: args.command });
    }
    installNodeParquetWasm();
    installNodeCodecs();
    installCliDecodePool();
    if (args.command === 'sql') { await sqlCommand(args, print, controller.signal, (w) => printError(`lakescope: warning: ${terminalText(w)}`)); return 0; }
    if (isWrite) { await writeCommand(args.positionals[0], args, print, controller.signal); return 0; }
    const table = await (options.openTable ?? openCliTable)(args.positionals[0], controller.signal, options.formats);
    // What opening worked around (e.g. an unreadable newest metadata file) goes to stderr for every
    // read command, so a fallback to an older version is never silent and stdout stays machine-readable.
    for (const w of table.warnings ?? []) printError(`lakescope: warning: ${terminalText(w)}`);
    await run(table, args, print, controller.signal);
    // Damage the read stepped over as the format's own reader does (Hudi's corrupt log blocks): the rows are
    // that reader's answer, but never silently — one line each, naming the file and offset, after the output.
    for (const w of table.readWarnings ?? []) printError(`lakescope: warning: ${terminalText(w)}`);
    return 0;
  } catch (e) {
    const err = isLakeError(e) ? e : toLakeError(e, 'cli');
    // Messages quote paths and names from the table: escaped, so they cannot drive the terminal (issue 18).
    const context = Object.entries(err.context).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => `${terminalText(k)}=${terminalText(String(v))}`).join(' ');
    printError(`lakescope: ${err.code}: ${terminalMessage(err.message)}${context ? `\n  (${context})` : ''}`);
    if (err.message.startsWith('cli: ') && err.code === 'DataInvalid') { printError(`\n${USAGE}`); return 2; }
    return 1;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
