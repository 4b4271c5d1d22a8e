/**
 * What the CLI's row and create commands take from their flags: a new table's columns, partition columns
 * and properties (`create`), the rows of `append` (JSON or JSON lines, inline or from a file) and the new
 * values of `update` (a JSON object). JSON is read bigint-safe (core/util/json.ts), so a 64-bit value
 * typed as a number stays exact; the format's writer converts and checks every value against the column.
 */
import { readFileSync } from 'node:fs';
import type { NewTableColumn, NewTableSpec, RowValues } from '../core/commit/write-action.ts';
import { LakeError } from '../core/errors.ts';
import { parseCsvRows } from '../core/util/csv-rows.ts';
import { parseJson } from '../core/util/json.ts';
import { flagValue, type ParsedArgs } from './args.ts';

const usage = (message: string, flag: string) => new LakeError('DataInvalid', `cli: ${message}`, { flag });

/** Splits at commas outside parentheses (`decimal(10,2)` stays whole). */
function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0; let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '<') depth++;
    else if (ch === ')' || ch === '>') depth--;
    else if (ch === ',' && depth === 0) { out.push(text.slice(start, i)); start = i + 1; }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim());
}

/**
 * `--columns "id long not null, name string, amount decimal(10,2)"` (a name, the format's type name, an
 * optional `not null`; a name with spaces in double quotes), or a JSON array of `{name, type, nullable}`
 * for nested types.
 */
export function parseColumns(text: string): NewTableColumn[] {
  if (text.trim().startsWith('[')) {
    const json = parseJson(text);
    if (!Array.isArray(json) || json.some((c) => typeof c !== 'object' || c === null || typeof (c as { name?: unknown }).name !== 'string' || (c as { type?: unknown }).type === undefined)) {
      throw usage('--columns as JSON must be an array of {"name": …, "type": …, "nullable": …}', 'columns');
    }
    return json as NewTableColumn[];
  }
  return splitTopLevel(text).map((part) => {
    if (part === '') throw usage(`--columns has an empty entry in "${text}"`, 'columns');
    const m = /^(?:"((?:[^"]|"")+)"|(\S+))\s+(.+?)(\s+not\s+null)?$/i.exec(part);
    if (!m) throw usage(`--columns entry "${part}" is not "<name> <type> [not null]"`, 'columns');
    const name = m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!;
    return { name, type: m[3]!.replace(/\s+/g, '').toLowerCase(), nullable: m[4] === undefined };
  });
}

/** `--properties "k=v,k2=v2"` → a map (values may hold `=`; keys may not be empty). */
export function parseProperties(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw usage(`--properties entry "${part}" is not key=value`, 'properties');
    out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

/** The new table of `create` from --columns, --partition-by and --properties. */
export function newTableSpec(args: ParsedArgs): NewTableSpec {
  const columns = flagValue(args, 'columns');
  if (columns === undefined) throw usage('create needs --columns "<name> <type>, …"', 'columns');
  const partitionBy = flagValue(args, 'partition-by')?.split(',').map((s) => s.trim());
  if (partitionBy?.some((p) => p === '')) throw usage('--partition-by has an empty column name', 'partition-by');
  const properties = flagValue(args, 'properties');
  return { columns: parseColumns(columns), ...(partitionBy ? { partitionColumns: partitionBy } : {}), ...(properties !== undefined ? { properties: parseProperties(properties) } : {}) };
}

function isRow(x: unknown): x is RowValues {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Rows from a JSON array of objects, or JSON lines (one object per line; blank lines skipped). */
export function parseRows(text: string, where: string): RowValues[] {
  const trimmed = text.trim();
  const rows = trimmed.startsWith('[') ? parseJson(trimmed) : trimmed.split('\n').map((l) => l.trim()).filter(Boolean).map((l, i) => {
    try {
      return parseJson(l);
    } catch (e) {
      throw new LakeError('DataInvalid', `cli: ${where}, line ${i + 1}: ${(e as Error).message}`, { flag: 'rows' });
    }
  });
  if (!Array.isArray(rows) || !rows.every(isRow)) throw new LakeError('DataInvalid', `cli: ${where} must be a JSON array of objects or JSON lines of objects (one row each, by column name)`, { flag: 'rows' });
  return rows;
}

/**
 * The rows of `append`, `upsert` and a by-key `delete`: exactly one of --rows-json TEXT, --rows-file PATH (JSON
 * array or JSON lines) and --data PATH (the same, or CSV with a header line when it ends in .csv).
 */
export function rowsFlag(args: ParsedArgs): RowValues[] {
  const given = (['rows-json', 'rows-file', 'data'] as const).filter((f) => flagValue(args, f) !== undefined);
  if (given.length !== 1) throw usage(`${args.command} needs exactly one of --rows-json '[{…}]', --rows-file PATH and --data PATH (.json, .jsonl or .csv)`, given[1] ?? 'data');
  const flag = given[0]!;
  const value = flagValue(args, flag)!;
  if (flag === 'rows-json') return parseRows(value, '--rows-json');
  let text: string;
  try {
    text = readFileSync(value, 'utf8');
  } catch (e) {
    throw new LakeError('NotFound', `cli: cannot read --${flag} ${value}: ${(e as Error).message}`, { file: value });
  }
  return flag === 'data' && /\.csv$/i.test(value) ? parseCsvRows(text) : parseRows(text, `--${flag} ${value}`);
}

/** The new values of `update`: --set '{"column": value, …}'. */
export function setFlag(args: ParsedArgs): RowValues {
  const text = flagValue(args, 'set');
  if (text === undefined) throw usage('update needs --set \'{"column": value, …}\'', 'set');
  const v = parseJson(text);
  if (!isRow(v) || Object.keys(v).length === 0) throw usage('--set must be a JSON object with at least one column', 'set');
  return v;
}
