/**
 * The `lakescope` commands: info, versions, scan, files. Each prints to `out` and returns nothing; errors
 * are LakeErrors, turned into a message and exit code by main.ts.
 */
import { noteText } from '../core/messages/note.ts';
import { readScan } from '../core/api/read-scan.ts';
import { canonicalRows, type CanonicalRow } from '../core/arrow/index.ts';
import { explainScan } from '../core/api/explain-scan.ts';
import { planScan } from '../core/api/plan-scan.ts';
import { LakeError } from '../core/errors.ts';
import { instantMs } from '../core/expr/instant-text.ts';
import type { LakePlan, LakeTable, RecordCountDto, ScanRequest, VersionSelector } from '../core/formats/table-format.ts';
import { checkFlags, flagInt, flagValue, type ParsedArgs } from './args.ts';
import { stringifyJson } from '../core/util/json.ts';
import { formatRows, parseRowFormat, textTable } from './output.ts';

export type Print = (text: string) => void;

/** `--version ID | --as-of TIME | --ref NAME` → a selector; at most one may be given. */
function versionSelector(args: ParsedArgs): VersionSelector {
  const version = flagValue(args, 'version');
  const asOf = flagValue(args, 'as-of');
  const ref = flagValue(args, 'ref');
  if ([version, asOf, ref].filter((v) => v !== undefined).length > 1) {
    throw new LakeError('DataInvalid', 'cli: give at most one of --version, --as-of and --ref');
  }
  if (asOf !== undefined) return { asOfTimestampMs: parseTime(asOf) };
  return { version: version ?? ref };
}

/**
 * A time as ms since epoch or an ISO-8601 date/time, UTC unless it names a zone (a date alone means its UTC
 * midnight) — never the machine's zone, and never a day the month lacks (see core/expr/instant-text.ts).
 */
export function parseTime(text: string, flag = '--as-of'): number {
  if (/^\d+$/.test(text)) return Number(text);
  const ms = instantMs(text);
  if (typeof ms === 'string') throw new LakeError('DataInvalid', `cli: ${flag} "${text}" is neither ms since epoch nor an ISO date/time (${ms})`, { value: text });
  return ms;
}

/**
 * `--columns a,b` → names in order. An empty list or an empty name (`--columns ""`, `a,,b`, `a,`) is a
 * usage error naming the table's columns: it would print rows without a single value.
 */
function columnsFlag(args: ParsedArgs, table: LakeTable): string[] | undefined {
  const v = flagValue(args, 'columns');
  if (v === undefined) return undefined;
  const names = v.split(',').map((c) => c.trim());
  if (names.some((c) => c === '')) {
    throw new LakeError('DataInvalid', `cli: --columns ${v.trim() === '' ? 'is empty' : `has an empty name in "${v}"`}: give column names separated by commas (columns: ${table.columnNames().join(', ')})`, { flag: 'columns' });
  }
  return names;
}

/** `lakescope info <table> [--json]` */
export async function infoCommand(table: LakeTable, args: ParsedArgs, print: Print, signal: AbortSignal): Promise<void> {
  checkFlags(args, ['json']);
  const [versions, schemas, specs, orders] = await Promise.all([
    table.versions(signal), table.schemas(signal), table.partitionSpecs(signal), table.sortOrders(signal),
  ]);
  const current = versions.find((v) => v.isCurrent);
  const schema = schemas.find((s) => s.isCurrent);
  const info = {
    format: table.format,
    location: table.location,
    relocatedFrom: table.relocatedFrom ?? null,
    currentVersion: current?.id ?? null,
    versions: versions.length,
    refs: versions.flatMap((v) => v.refs.map((r) => ({ ...r, version: v.id }))),
    // Field ids only where the format has them (none for Delta without column mapping, Hudi).
    columns: schema?.columns.map((c) => ({ ...(c.id !== undefined ? { id: c.id } : {}), name: c.name, type: c.type, required: c.required })) ?? [],
    partitionSpecs: specs,
    sortOrders: orders,
    summary: current?.summary ?? {},
  };
  if (args.flags.has('json')) { print(stringifyJson(info, 2)); return; }
  const lines = [
    `format       ${info.format}`,
    `location     ${info.location}`,
    ...(info.relocatedFrom ? [`moved        read from here; paths re-rooted from ${info.relocatedFrom}`] : []),
    `current      ${info.currentVersion ?? '(no snapshot)'}`,
    `versions     ${info.versions}`,
    `refs         ${info.refs.map((r) => `${r.name} (${r.type}) → ${r.version}`).join(', ') || '(none)'}`,
    '',
    textTable([...(info.columns.some((c) => c.id !== undefined) ? ['id'] : []), 'name', 'type', 'required'], info.columns, 40, { blankEmpty: true }),
  ];
  for (const spec of specs) {
    lines.push('', `partition spec ${spec.specId}${spec.isDefault ? ' (default)' : ''}: ${spec.fields.map((f) => `${f.transform}(${f.sourceNames.join(', ')}) as ${f.name}`).join(', ') || 'unpartitioned'}`);
  }
  print(lines.join('\n'));
}

/** `lakescope versions <table> [--json]` */
export async function versionsCommand(table: LakeTable, args: ParsedArgs, print: Print, signal: AbortSignal): Promise<void> {
  checkFlags(args, ['json']);
  const versions = await table.versions(signal);
  if (args.flags.has('json')) { print(stringifyJson(versions, 2)); return; }
  print(textTable(['id', 'parent', 'timestamp', 'operation', 'refs', 'schema', 'files', 'bytes', 'records'], versions.map((v) => ({
    id: `${v.id}${v.isCurrent ? ' *' : ''}`,
    parent: v.parentId ?? '',
    timestamp: new Date(v.timestampMs).toISOString(),
    operation: v.operation,
    refs: v.refs.map((r) => r.name).join(','),
    schema: v.schemaId ?? '', // the schema the version was written with (its id among `info`'s / the model's schemas)
    // Live rows where the metadata allows; else the count says what it is before (deletes, merging by key).
    files: v.totals.dataFiles === undefined ? '' : v.totals.deleteFiles && v.totals.deleteFiles !== '0' ? `${v.totals.dataFiles} + ${v.totals.deleteFiles} delete` : v.totals.dataFiles,
    bytes: v.totals.bytes ?? '',
    records: recordsText(v.totals.records),
  })), 60, { blankEmpty: true }));
}

/** Live rows where the metadata allows; else the count says what it is before (deletes, merging by key). */
function recordsText(r: RecordCountDto | undefined): string {
  return r ? (r.live ? r.count : `${r.count} (${r.basis ?? 'before deletes'})`) : '';
}

function scanRequest(args: ParsedArgs, table: LakeTable, signal: AbortSignal): ScanRequest {
  return { ...versionSelector(args), columns: columnsFlag(args, table), filter: flagValue(args, 'where'), limit: flagInt(args, 'limit'), signal };
}

/** `lakescope scan <table> [--version|--as-of|--ref] [--columns] [--where] [--limit] [--format]` */
export async function scanCommand(table: LakeTable, args: ParsedArgs, print: Print, signal: AbortSignal): Promise<void> {
  checkFlags(args, ['version', 'as-of', 'ref', 'columns', 'where', 'limit', 'format']);
  const format = parseRowFormat(flagValue(args, 'format'));
  const request = scanRequest(args, table, signal);
  const rows: CanonicalRow[] = [];
  const limit = request.limit ?? Infinity;
  let plan: LakePlan | undefined;
  // The one read loop, ordered, fed as the plan is made (data files fetched while later manifests are):
  // the output is the same as planning, then reading the tasks one after another.
  if (limit > 0) {
    for await (const read of readScan(table, request, { signal, onPlan: (p) => { plan = p; } })) {
      if (!('batch' in read)) continue;
      for (const row of canonicalRows(read.batch, { columns: plan!.columns })) {
        if (rows.length >= limit) break;
        rows.push(row);
      }
      if (rows.length >= limit) break;
    }
  }
  plan ??= await planScan(table, request);
  print(formatRows(format, plan.columns, rows));
}

/**
 * `lakescope files <table> [--version ID] [--where EXPR] [--explain] [--json]`: the plan's files through
 * core/api's explain (tasks stay opaque), keys relative to the table root; counters as decimal strings.
 */
export async function filesCommand(table: LakeTable, args: ParsedArgs, print: Print, signal: AbortSignal): Promise<void> {
  checkFlags(args, ['version', 'as-of', 'ref', 'where', 'explain', 'json']);
  const plan = await explainScan(table, '', { ...versionSelector(args), filter: flagValue(args, 'where'), maxItems: Infinity, signal });
  const explain = args.flags.has('explain');
  if (args.flags.has('json')) {
    print(stringifyJson({ version: plan.versionId, files: plan.files, counts: plan.counts, notes: plan.notes.map((n) => noteText(n)), ...(explain ? { skipped: plan.skipped } : {}) }, 2));
    return;
  }
  const files = plan.files;
  const lines = [`version ${plan.versionId}: ${files.length} data file${files.length === 1 ? '' : 's'} to read`, ''];
  lines.push(textTable(['path', 'partition', 'records', 'bytes', 'deletes', 'row groups'], files.map((f) => ({
    path: f.path, partition: f.partition,
    // bigint, so the table right-aligns them and every digit is kept.
    records: f.records === undefined ? null : BigInt(f.records), bytes: BigInt(f.bytes),
    deletes: f.deletes.length, 'row groups': f.rowGroups ? f.rowGroups.join(',') : 'all',
  })), 100, { blankEmpty: true }));
  for (const note of plan.notes) lines.push(`note: ${noteText(note)}`);
  if (explain) {
    const applied = new Map(files.flatMap((f) => f.deletes.map((d) => [`${d.kind} ${d.path}`, d] as const)));
    if (applied.size > 0) {
      lines.push('', `applied (${applied.size}):`);
      for (const d of applied.values()) lines.push(`  ${d.kind} ${d.path}${d.records !== undefined ? ` (${d.records} records)` : ''}`);
    }
    lines.push('', `skipped (${plan.skipped.length}):`);
    for (const s of plan.skipped) lines.push(`  [${s.step}] ${s.kind} ${s.path}${s.rowGroup !== undefined ? ` row group ${s.rowGroup}` : ''}: ${s.reason}`);
    lines.push('', 'counts:');
    for (const [step, c] of Object.entries(plan.counts)) lines.push(`  ${step}: ${Object.entries(c).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  }
  print(lines.join('\n'));
}
