/**
 * The `lakescope` write commands (issues 6 and 13): rollback, set-current, tag, branch, expire, compact,
 * rewrite-manifests, vacuum; create, and append, delete and update of rows. Each prepares the operation, prints its preview (files written and deleted, rows and
 * bytes before/after, warnings) and, unless `--dry-run`, applies exactly that and prints the result.
 * Every command is one action of the table model (`prepare(action)`), whatever the format: the format
 * says which it offers (Paimon: tag and rollback as a new latest snapshot; Delta: RESTORE as rollback, OPTIMIZE as compact, vacuum; Hudi: none yet).
 */
import { rowsText, type ChangePreview, type ChangeResult, type FileChange, type TableTotals } from '../core/commit/change-preview.ts';
import { LakeError } from '../core/errors.ts';
import { prepareCreateTable, prepareWrite } from '../core/api/table-writes.ts';
import type { PreparedChange, WriteAction } from '../core/commit/write-action.ts';
import { checkFlags, flagInt, flagValue, type ParsedArgs } from './args.ts';
import { parseTime, type Print } from './commands.ts';
import { openCliTable } from './open-table.ts';
import { openTableLocation } from './table-location.ts';
import { newTableSpec, rowsFlag, setFlag } from './write-inputs.ts';

export const WRITE_COMMANDS = ['rollback', 'set-current', 'tag', 'branch', 'expire', 'compact', 'rewrite-manifests', 'vacuum', 'create', 'append', 'upsert', 'delete', 'update'] as const;
export type WriteCommand = typeof WRITE_COMMANDS[number];

const fmtBytes = (n: number | bigint | undefined) => (n === undefined ? '?' : `${Number(n).toLocaleString('en-US')} B`);
const fmtTotals = (t: TableTotals) => `${rowsText(t)}, ${t.dataFiles ?? '?'} data files, ${t.deleteFiles ?? '?'} delete files, ${fmtBytes(t.bytes)}`;
const fileLine = (f: FileChange) => `    ${f.kind.padEnd(13)} ${f.key}${f.bytes !== undefined ? `  (${fmtBytes(f.bytes)})` : ''}${f.note ? `  — ${f.note}` : ''}`;

/** The preview as text, the same for `--dry-run` and before applying. */
function previewText(p: ChangePreview): string {
  const lines = [`${p.operation}: ${p.description}`, `  before: ${fmtTotals(p.before)}`, `  after:  ${fmtTotals(p.after)}`];
  lines.push(`  writes (${p.writes.length}):`, ...p.writes.map(fileLine));
  lines.push(`  deletes (${p.deletes.length}):`, ...p.deletes.map(fileLine));
  for (const w of p.warnings) lines.push(`  warning: ${w}`);
  return lines.join('\n');
}

function resultText(r: ChangeResult): string {
  const lines = [`applied ${r.operation}${r.committedKey ? ` → ${r.committedKey}` : ' (nothing to commit)'} after ${r.attempts} attempt${r.attempts === 1 ? '' : 's'}: wrote ${r.written.length} file(s), deleted ${r.deleted.length}`];
  for (const w of r.warnings) lines.push(`  warning: ${w}`);
  return lines.join('\n');
}

function snapshotIdFlag(args: ParsedArgs, name: string): bigint | undefined {
  const v = flagValue(args, name);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw new LakeError('DataInvalid', `cli: --${name} must be a snapshot id, got "${v}"`, { flag: name });
  return BigInt(v);
}

function requireFlag<T>(v: T | undefined, args: ParsedArgs, what: string): T {
  if (v === undefined) throw new LakeError('DataInvalid', `cli: ${args.command} needs ${what}`, { command: args.command });
  return v;
}

/** `--name NAME` of tag/branch: required, and neither empty nor blank (a usage error). */
function refName(args: ParsedArgs): string {
  const name = requireFlag(flagValue(args, 'name'), args, '--name NAME');
  if (name.trim() === '') throw new LakeError('DataInvalid', `cli: ${args.command} --name must not be empty or blank`, { flag: 'name' });
  return name;
}

/** Flags each write command takes (the union over formats: the table model refuses what its format lacks). */
const FLAGS: Readonly<Record<WriteCommand, readonly string[]>> = {
  'rollback': ['to', 'to-time', 'dry-run'],
  'set-current': ['to', 'dry-run'],
  'tag': ['name', 'version', 'remove', 'replace', 'max-ref-age-ms', 'dry-run'],
  'branch': ['name', 'version', 'remove', 'replace', 'fast-forward', 'min-snapshots-to-keep', 'max-snapshot-age-ms', 'max-ref-age-ms', 'dry-run'],
  'expire': ['older-than', 'retain-last', 'ids', 'delete-files', 'dry-run'],
  'compact': ['target-size', 'min-input-files', 'strategy', 'bucket', 'dry-run'],
  'rewrite-manifests': ['target-size', 'dry-run'],
  'vacuum': ['retention-hours', 'delete-files', 'dry-run'],
  'create': ['table-format', 'columns', 'partition-by', 'properties', 'dry-run'],
  'append': ['data', 'rows-json', 'rows-file', 'dry-run'],
  'upsert': ['data', 'rows-json', 'rows-file', 'dry-run'],
  'delete': ['where', 'data', 'rows-json', 'rows-file', 'dry-run'],
  'update': ['where', 'set', 'dry-run'],
};

/** The model's write action for a command and its flags (the same for every format). */
function writeAction(args: ParsedArgs): WriteAction {
  const command = args.command as Exclude<WriteCommand, 'create'>;
  checkFlags(args, [...FLAGS[command]]);
  const opt = <T>(k: string, v: T | undefined) => (v === undefined ? {} : { [k]: v });
  switch (command) {
    case 'rollback': {
      const time = flagValue(args, 'to-time');
      if (time !== undefined) return { kind: 'rollback', toTimeMs: parseTime(time, '--to-time') };
      return { kind: 'rollback', snapshotId: requireFlag(flagValue(args, 'to'), args, '--to SNAPSHOT_ID or --to-time TIME') };
    }
    case 'set-current':
      return { kind: 'set-current', snapshotId: requireFlag(snapshotIdFlag(args, 'to'), args, '--to SNAPSHOT_ID').toString() };
    case 'tag': case 'branch': {
      const name = refName(args);
      if (args.flags.has('remove')) return { kind: 'remove-ref', name, refType: command };
      const ff = flagValue(args, 'fast-forward');
      if (command === 'branch' && ff !== undefined) return { kind: 'fast-forward', name, to: ff };
      const version = snapshotIdFlag(args, 'version')?.toString() ?? flagValue(args, 'version');
      return {
        kind: command, name, ...opt('snapshotId', version), ...(args.flags.has('replace') ? { replace: true } : {}),
        ...opt('maxRefAgeMs', flagInt(args, 'max-ref-age-ms')),
        ...(command === 'branch' ? { ...opt('minSnapshotsToKeep', flagInt(args, 'min-snapshots-to-keep')), ...opt('maxSnapshotAgeMs', flagInt(args, 'max-snapshot-age-ms')) } : {}),
      };
    }
    case 'expire': {
      const older = flagValue(args, 'older-than');
      const ids = flagValue(args, 'ids')?.split(',').map((x) => x.trim()).filter(Boolean).map((x) => {
        if (!/^-?\d+$/.test(x)) throw new LakeError('DataInvalid', `cli: --ids takes snapshot ids, got "${x}"`);
        return x;
      });
      return { kind: 'expire', ...opt('olderThanMs', older === undefined ? undefined : parseTime(older, '--older-than')), ...opt('retainLast', flagInt(args, 'retain-last')), ...opt('snapshotIds', ids) };
    }
    case 'compact': {
      const strategy = flagValue(args, 'strategy');
      if (strategy !== undefined && strategy !== 'full' && strategy !== 'universal') throw new LakeError('DataInvalid', `cli: --strategy is full or universal, got "${strategy}"`, { flag: 'strategy' });
      return {
        kind: 'compact', ...opt('targetFileSizeBytes', flagInt(args, 'target-size')), ...opt('minInputFiles', flagInt(args, 'min-input-files')),
        ...opt('strategy', strategy as 'full' | 'universal' | undefined), ...opt('bucket', flagInt(args, 'bucket')),
      };
    }
    case 'rewrite-manifests':
      return { kind: 'rewrite-manifests', ...opt('targetSizeBytes', flagInt(args, 'target-size')) };
    case 'vacuum':
      return { kind: 'vacuum', ...opt('retentionHours', flagInt(args, 'retention-hours')) };
    case 'append': case 'upsert':
      return { kind: command, rows: rowsFlag(args) };
    case 'delete':
      // By predicate (Delta) or by key values (Paimon primary-key tables): the table's format takes one form.
      return flagValue(args, 'where') !== undefined || !['data', 'rows-json', 'rows-file'].some((f) => flagValue(args, f) !== undefined)
        ? { kind: 'delete', where: whereFlag(args) }
        : { kind: 'delete', rows: rowsFlag(args) };
    case 'update':
      return { kind: 'update', where: whereFlag(args), set: setFlag(args) };
  }
}

/** `--where EXPR` of delete/update: required and not blank (a DELETE of every row says so: --where "true" is not taken). */
function whereFlag(args: ParsedArgs): string {
  const where = requireFlag(flagValue(args, 'where'), args, '--where EXPR');
  if (where.trim() === '') throw new LakeError('DataInvalid', `cli: ${args.command} --where must not be empty`, { flag: 'where' });
  return where;
}

/**
 * The prepared change of a command: `create` through the registry's format named by --table-format at the
 * location (nothing need be there), every other command through the opened table's model.
 */
async function prepareCommand(arg: string, args: ParsedArgs, signal: AbortSignal): Promise<PreparedChange> {
  if (args.command === 'create') {
    checkFlags(args, [...FLAGS.create]);
    const format = requireFlag(flagValue(args, 'table-format'), args, '--table-format NAME (e.g. delta)');
    const spec = newTableSpec(args);
    return prepareCreateTable(format, openTableLocation(arg).storage, spec, { signal });
  }
  const action = writeAction(args);
  const table = await openCliTable(arg, signal);
  return prepareWrite(table, action, { signal });
}

/**
 * Runs a write command on `<table>`: opens it through the one registry, prepares the action through the
 * table model (Unsupported, with the reason, where the format lacks it), prints the preview, then applies
 * it unless --dry-run.
 */
export async function writeCommand(arg: string, args: ParsedArgs, print: Print, signal: AbortSignal): Promise<void> {
  const prepared = await prepareCommand(arg, args, signal);
  print(previewText(prepared.preview));
  if (args.flags.has('dry-run')) { print('(dry run: nothing written)'); return; }
  if (prepared.typedConfirmation !== undefined) throw new LakeError('Unsupported', `cli: ${args.command} needs a typed confirmation, which the CLI does not take`);
  print(resultText(await prepared.apply({ signal, ...(args.flags.has('delete-files') ? { deleteFiles: true } : {}) })));
}
