/**
 * "Past one browser": a rewrite that would read more than a browser can hold is offered as the statement a
 * cluster engine runs for the same maintenance (Spark's Iceberg procedures, Delta's OPTIMIZE / RESTORE /
 * VACUUM, Paimon's `sys.compact` …) instead of being run. Each format builds its statements from the table's
 * facts (a pure function on the model: `LakeTable.engineSql`); this file holds the shared pieces and the
 * budget check core/api applies to every prepared change.
 */
import { messageError } from '../message-error.ts';
import { errorText, type ErrorRef } from '../messages/message-parts.ts';
import type { LakeErrorRef } from '../errors.ts';
import { textRef } from './preview-text.ts';
import type { PreparedChange } from './write-action.ts';

/** Statements that run the maintenance on a cluster, ready to copy. */
export interface EngineSql {
  /** The engine and dialect, e.g. `Spark SQL with the Iceberg runtime` (English: the CLI prints it). */
  readonly engine: string;
  /** The same name as a catalog message, for the reader's language (product names stay as they are). */
  readonly engineMessage?: LakeErrorRef;
  /** One statement per entry, each complete (ends with `;`). */
  readonly statements: readonly string[];
  /** What the user may have to adjust (a catalog name the table's files do not record), one sentence each. */
  readonly notes: readonly string[];
  /** The same notes as catalog messages, in order, for the reader's language. */
  readonly noteMessages?: readonly LakeErrorRef[];
}

/** `{ engine, engineMessage }` of an EngineSql from the engine name's message (the English is its text). */
export function sqlEngine(ref: ErrorRef): { engine: string; engineMessage: LakeErrorRef } {
  return { engine: errorText(ref), engineMessage: ref };
}

/** `{ notes, noteMessages }` of an EngineSql from the notes' messages (the English is their text). */
export function sqlNotes(refs: readonly ErrorRef[]): { notes: string[]; noteMessages: LakeErrorRef[] } {
  return { notes: refs.map((r) => errorText(r)), noteMessages: [...refs] };
}

/**
 * Default bytes a rewrite may read in one browser tab: 2 GiB. Why: parquet-wasm runs in 32-bit WebAssembly
 * memory (at most 4 GiB, and it never shrinks), a tab's JavaScript heap is about 4 GiB in Chromium, and a
 * rewrite holds an output file's Arrow batches in JavaScript and again in wasm while it encodes them; reading
 * more than a few GB over a browser's connection also takes long enough that a cluster is the better tool.
 * A setting (`rewriteBudgetBytes`) where the caller knows better.
 */
export const DEFAULT_REWRITE_BUDGET_BYTES = 2 * 1024 ** 3;

/** Why a change was not run here, and what to run instead. */
export interface OverBudget {
  readonly inputBytes: number;
  readonly budgetBytes: number;
  /** Absent when the format has no engine statement for this action. */
  readonly engineSql?: EngineSql;
}

/**
 * `prepared` unchanged when it reads at most `budgetBytes`; else the same preview marked over budget (a
 * warning saying so), `noop` (nothing to confirm), and an apply that refuses with Unsupported. Must hold: an
 * over-budget change never writes.
 */
export function withRewriteBudget(prepared: PreparedChange, budgetBytes: number, engineSql: () => EngineSql | undefined): PreparedChange {
  const inputBytes = prepared.inputBytes ?? 0;
  if (inputBytes <= budgetBytes) return prepared;
  const sql = engineSql();
  const sizes = { input: formatBytes(inputBytes), budget: formatBytes(budgetBytes) };
  const warning = sql ? textRef('note.write.overBudget', { ...sizes, engine: sql.engineMessage ?? sql.engine }) : textRef('note.write.overBudgetNoSql', sizes);
  const overBudget: OverBudget = { inputBytes, budgetBytes, ...(sql ? { engineSql: sql } : {}) };
  const { warnings, warningMessages } = prepared.preview;
  return {
    ...prepared,
    preview: {
      ...prepared.preview,
      // The messages stay only while every warning has one (the page pairs them by position).
      warnings: [errorText(warning), ...warnings],
      ...((warningMessages ?? []).length === warnings.length ? { warningMessages: [warning, ...(warningMessages ?? [])] } : { warningMessages: undefined }),
    },
    noop: true,
    overBudget,
    apply: () => Promise.reject(messageError('Unsupported', 'error.write.overBudget', { operation: prepared.preview.operation, input: formatBytes(inputBytes), budget: formatBytes(budgetBytes) }, { inputBytes: String(inputBytes), budgetBytes: String(budgetBytes) })),
  };
}

/** Bytes as people read them (binary units, one decimal). */
export function formatBytes(n: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = n; let u = 0;
  while (v >= 1024 && u < units.length - 1) { v /= 1024; u++; }
  return u === 0 ? `${n} B` : `${v.toFixed(1)} ${units[u]}`;
}

/** A single-quoted Spark SQL string literal (Spark escapes with a backslash; '' would be two adjacent literals). */
export function sqlString(s: string): string {
  return `'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** A back-quoted identifier (Spark / Flink). */
export function sqlIdent(s: string): string {
  return `\`${s.replaceAll('`', '``')}\``;
}

/**
 * The `db` and `table` of a table from its location, warehouse style: the last folder is the table, the one
 * before it the database (its `.db` suffix, Hive's and Paimon's warehouse layout, dropped).
 */
export function tableNameFromLocation(location: string): { readonly database: string; readonly table: string } {
  const parts = location.replace(/[?#].*$/, '').replace(/\/+$/, '').split('/').filter((p) => p !== '' && !/^[a-z][a-z0-9+.-]*:$/i.test(p));
  const table = parts.at(-1) ?? 'table';
  const database = (parts.length >= 3 ? parts.at(-2)! : 'default').replace(/\.db$/, '');
  return { database, table };
}

/** `name=value/…` (the plan's partition form) as pairs; '' → none. */
export function partitionPairs(partition: string): { readonly name: string; readonly value: string }[] {
  if (partition === '') return [];
  return partition.split('/').map((kv) => {
    const i = kv.indexOf('=');
    return i < 0 ? { name: kv, value: '' } : { name: kv.slice(0, i), value: kv.slice(i + 1) };
  });
}
