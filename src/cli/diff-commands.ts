/**
 * `lakescope diff <table> <from> <to> [--rows] [--key a,b] [--limit N] [--json]` and
 * `lakescope changes <table> <from> <to> [--format table|json|canonical] [--limit N]`: core/api's diff
 * and change log (issue 15) printed for people or, with --json / --format canonical, for scripts — rows
 * in the canonical form of `scan --format canonical`.
 */
import { noteText } from '../core/messages/note.ts';
import { changes, diffRowsOf, diffContext, tableDiffOf, type RowDiffDto, type TableDiffDto } from '../core/api/index.ts';
import { canonicalRowsText } from '../core/arrow/index.ts';
import { LakeError } from '../core/errors.ts';
import type { LakeTable, VersionTotalsDto } from '../core/formats/table-format.ts';
import { stringifyJson } from '../core/util/json.ts';
import { checkFlags, flagInt, flagValue, type ParsedArgs } from './args.ts';
import type { Print } from './commands.ts';
import { textTable } from './output.ts';

/** `<from> <to>` of a diff command (ids, branch or tag names). */
function fromTo(args: ParsedArgs): { from: string; to: string } {
  const [, from, to] = args.positionals;
  if (from === undefined || to === undefined) throw new LakeError('DataInvalid', `cli: ${args.command} takes <table> <from> <to>`, { command: args.command });
  return { from, to };
}

/** `--key a,b` → names; an empty name is a usage error. */
function keyFlag(args: ParsedArgs): string[] | undefined {
  const v = flagValue(args, 'key');
  if (v === undefined) return undefined;
  const names = v.split(',').map((s) => s.trim());
  if (names.some((n) => n === '')) throw new LakeError('DataInvalid', `cli: --key has an empty name in "${v}": give column names separated by commas`, { flag: 'key' });
  return names;
}

/** `lakescope diff <table> <from> <to> [--rows] [--key a,b] [--limit N] [--json]` */
export async function diffCommand(table: LakeTable, args: ParsedArgs, print: Print, signal: AbortSignal): Promise<void> {
  checkFlags(args, ['rows', 'key', 'limit', 'json']);
  const { from, to } = fromTo(args);
  const key = keyFlag(args);
  if (key && !args.flags.has('rows')) throw new LakeError('DataInvalid', 'cli: --key pairs rows of the row diff: give --rows too', { flag: 'key' });
  const [ctx, specs, sortOrders] = await Promise.all([
    diffContext(table, { version: from }, { version: to }, signal), table.partitionSpecs(signal), table.sortOrders(signal),
  ]);
  const meta = tableDiffOf(ctx, { specs, sortOrders });
  const rows = args.flags.has('rows') ? await diffRowsOf(ctx, { signal, key, limit: flagInt(args, 'limit') }) : undefined;
  if (args.flags.has('json')) { print(stringifyJson(diffJson(meta, rows), 2)); return; }
  print(diffText(meta, rows));
}

/** The JSON of `diff --json`: the metadata diff, and with --rows `rows` in canonical form beside their provenance. */
export function diffJson(meta: TableDiffDto, rows: RowDiffDto | undefined): Record<string, unknown> {
  const metaJson = { ...meta, notes: meta.notes.map((n) => noteText(n)) };
  if (!rows) return metaJson;
  return {
    ...metaJson,
    rows: {
      added: rows.added.map((r) => r.row),
      removed: rows.removed.map((r) => r.row),
      changed: rows.changed.map((c) => ({ before: c.before.row, after: c.after.row })),
    },
    rowDiff: {
      columns: rows.columns, key: rows.key, keySource: rows.keySource, schemaMapped: rows.schemaMapped, counts: rows.counts,
      truncated: rows.truncated, read: rows.read, notes: rows.notes.map((n) => noteText(n)),
      provenance: {
        added: rows.added.map((r) => r.provenance),
        removed: rows.removed.map((r) => r.provenance),
        changed: rows.changed.map((c) => ({ before: c.before.provenance, after: c.after.provenance })),
      },
    },
  };
}

function totalsText(t: VersionTotalsDto): string {
  const records = t.records ? `${t.records.count}${t.records.live ? '' : ` (${t.records.basis ?? 'before deletes'})`}` : '?';
  return `records ${records}, data files ${t.dataFiles ?? '?'}, delete files ${t.deleteFiles ?? '0'}, bytes ${t.bytes ?? '?'}`;
}

/** The people's form of a diff. */
export function diffText(d: TableDiffDto, rows: RowDiffDto | undefined): string {
  const when = (ms: number) => new Date(ms).toISOString();
  const lines = [
    `diff ${d.from.id} (${d.from.operation}, ${when(d.from.timestampMs)}) → ${d.to.id} (${d.to.operation}, ${when(d.to.timestampMs)})${d.backwards ? '  [backwards in history]' : ''}`,
    `before     ${totalsText(d.from.totals)}`,
    `after      ${totalsText(d.to.totals)}`,
    `files      +${d.files.added.length} −${d.files.removed.length} data files, ${d.files.deletesChanged.length} with changed deletes, ${d.files.unchanged} unchanged`,
    `deletes    +${d.deleteFiles.added.length} −${d.deleteFiles.removed.length} delete files / deletion vectors / log files`,
  ];
  if (d.rewrite) {
    lines.push(`rewrite    ${d.rewrite.operations.join(', ')}: ${d.rewrite.removedFiles} files → ${d.rewrite.addedFiles}${d.rewrite.sameRows ? ', same rows' : ' (rows: see --rows)'}`);
  }
  if (d.partitionSpecs.from.join() !== d.partitionSpecs.to.join()) lines.push(`specs      files written with spec ${d.partitionSpecs.from.join(', ') || '-'} → ${d.partitionSpecs.to.join(', ') || '-'}`);
  lines.push(`schema     ${d.schema.changes.length === 0 ? 'no change' : `${d.schema.fromSchemaId ?? '?'} → ${d.schema.toSchemaId ?? '?'} (matched by ${d.schema.matchedBy})`}`);
  for (const c of d.schema.changes) {
    const where = c.kind === 'added' ? c.after : c.before;
    const what = c.from !== undefined && c.to !== undefined ? `: ${c.from} → ${c.to}` : c.from ?? c.to ? `: ${c.from ?? c.to}` : '';
    lines.push(`  ${c.kind.padEnd(12)} ${where}${c.fieldId !== undefined ? ` [id ${c.fieldId}]` : ''}${what}`);
  }
  if (d.refs.length) lines.push(`refs       ${d.refs.map((r) => `${r.name} (${r.type}) → ${r.version}`).join(', ')}`);
  if (d.partitions.length) {
    lines.push('', textTable(['partition', '+files', '+records', '+bytes', '−files', '−records', '−bytes', 'deletes changed'], d.partitions.map((p) => ({
      partition: p.partition || '(unpartitioned)', '+files': p.added.files, '+records': BigInt(p.added.records), '+bytes': BigInt(p.added.bytes),
      '−files': p.removed.files, '−records': BigInt(p.removed.records), '−bytes': BigInt(p.removed.bytes), 'deletes changed': p.deletesChanged,
    })), 60));
  }
  for (const n of d.notes) lines.push(`note: ${noteText(n)}`);
  if (rows) {
    lines.push('', `rows       +${rows.counts.added} −${rows.counts.removed} ~${rows.counts.changed}${rows.key.length ? ` (key ${rows.key.join(', ')}, ${rows.keySource})` : ' (no key: whole rows)'}; read ${rows.read.fromTasks + rows.read.toTasks} tasks, ${rows.read.skippedTasks} identical skipped`);
    for (const n of rows.notes) lines.push(`note: ${noteText(n)}`);
    const section = (title: string, list: readonly Record<string, unknown>[], cols: readonly string[]) => {
      if (list.length) lines.push('', title, textTable(cols, list));
    };
    section('added', rows.added.map((r) => ({ ...r.row, '⟵ file': r.provenance.files.join(' + ') })), [...rows.columns, '⟵ file']);
    section('removed', rows.removed.map((r) => ({ ...r.row, '⟵ file': r.provenance.files.join(' + ') })), [...rows.columns, '⟵ file']);
    section('changed (before / after)', rows.changed.flatMap((c) => [{ '±': '-', ...c.before.row }, { '±': '+', ...c.after.row }]), ['±', ...rows.columns]);
    if (rows.truncated) lines.push(`(lists cut at --limit; counts above are complete)`);
  }
  return lines.join('\n');
}

const CHANGE_FORMATS = ['table', 'json', 'canonical'] as const;

/** `lakescope changes <table> <from> <to> [--format table|json|canonical] [--limit N]` */
export async function changesCommand(table: LakeTable, args: ParsedArgs, print: Print, signal: AbortSignal): Promise<void> {
  checkFlags(args, ['format', 'limit', 'key']);
  const { from, to } = fromTo(args);
  const format = flagValue(args, 'format') ?? 'table';
  if (!(CHANGE_FORMATS as readonly string[]).includes(format)) throw new LakeError('DataInvalid', `cli: unknown --format "${format}" for changes (one of ${CHANGE_FORMATS.join(', ')})`, { format });
  const log = await changes(table, { version: from }, { version: to }, { signal, limit: flagInt(args, 'limit'), key: keyFlag(args) });
  if (format === 'json') { print(stringifyJson({ ...log, notes: log.notes.map((n) => noteText(n)) }, 2)); return; }
  const rows = log.rows.map((r) => ({ ...r.row, _change_type: r.changeType, _commit_version: r.version }));
  if (format === 'canonical') { print(canonicalRowsText(rows)); return; }
  const lines = [
    `changes after ${log.from} up to ${log.to}: ${log.rows.length} row${log.rows.length === 1 ? '' : 's'} from ${log.source === 'format' ? log.sourceName : `the ${log.sourceName} (derived)`}`,
    ...(log.source === 'format' && log.derivedVersions.length ? [`derived (not in the ${log.sourceName}): ${log.derivedVersions.join(', ')}`] : []),
    ...(log.upsertKey ? [`no before images: an insert replaces the row with the same ${log.upsertKey.join(', ')}`] : []),
    ...log.notes.map((n) => `note: ${noteText(n)}`),
    '',
    textTable(['_commit_version', '_change_type', ...log.columns], rows),
  ];
  if (log.truncated) lines.push('(cut at --limit)');
  print(lines.join('\n'));
}
