/**
 * The `lakescope` write commands (issue 6): rollback, set-current, tag, branch, expire, compact,
 * rewrite-manifests. Each prepares the operation, prints its preview (files written and deleted, rows and
 * bytes before/after, warnings) and, unless `--dry-run`, applies exactly that and prints the result.
 * Iceberg tables get every command; Paimon tables get tag and rollback (as a new latest snapshot).
 */
import { rowsText, type ChangePreview, type ChangeResult, type FileChange, type TableTotals } from '../core/commit/change-preview.ts';
import { LakeError } from '../core/errors.ts';
import { icebergFormat } from '../core/formats/iceberg/index.ts';
import * as ice from '../core/formats/iceberg/commit/index.ts';
import { paimonFormat, openPaimonTable } from '../core/formats/paimon/index.ts';
import type { Storage } from '../core/io/storage.ts';
import { checkFlags, flagInt, flagValue, type ParsedArgs } from './args.ts';
import { parseTime, type Print } from './commands.ts';
import { jsonText } from './output.ts';
import { openTableLocation } from './table-location.ts';

export const WRITE_COMMANDS = ['rollback', 'set-current', 'tag', 'branch', 'expire', 'compact', 'rewrite-manifests'] as const;
export type WriteCommand = typeof WRITE_COMMANDS[number];

const fmtBytes = (n: number | bigint | undefined) => (n === undefined ? '?' : `${Number(n).toLocaleString('en-US')} B`);
const fmtTotals = (t: TableTotals) => `${rowsText(t)}, ${t.dataFiles ?? '?'} data files, ${t.deleteFiles ?? '?'} delete files, ${fmtBytes(t.bytes)}`;
const fileLine = (f: FileChange) => `    ${f.kind.padEnd(13)} ${f.key}${f.bytes !== undefined ? `  (${fmtBytes(f.bytes)})` : ''}${f.note ? `  — ${f.note}` : ''}`;

/** The preview as text, the same for `--dry-run` and before applying. */
export function previewText(p: ChangePreview): string {
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

/** Builds the prepared Iceberg operation for a write command. */
async function prepareIceberg(storage: Storage, args: ParsedArgs, signal: AbortSignal): Promise<ice.PreparedOperation & { apply(o?: ice.ApplyOptions & { deleteFiles?: boolean }): Promise<ChangeResult> }> {
  const opts = { signal };
  const name = () => refName(args);
  switch (args.command as WriteCommand) {
    case 'rollback': {
      checkFlags(args, ['to', 'to-time', 'dry-run']);
      const time = flagValue(args, 'to-time');
      if (time !== undefined) return ice.prepareRollbackToTime(storage, parseTime(time), opts);
      return ice.prepareRollbackTo(storage, requireFlag(snapshotIdFlag(args, 'to'), args, '--to SNAPSHOT_ID or --to-time TIME'), opts);
    }
    case 'set-current':
      checkFlags(args, ['to', 'dry-run']);
      return ice.prepareSetCurrentSnapshot(storage, requireFlag(snapshotIdFlag(args, 'to'), args, '--to SNAPSHOT_ID'), opts);
    case 'tag': {
      checkFlags(args, ['name', 'version', 'remove', 'replace', 'max-ref-age-ms', 'dry-run']);
      if (args.flags.has('remove')) return ice.prepareRemoveRef(storage, name(), { ...opts, type: 'tag' });
      const maxRefAge = flagInt(args, 'max-ref-age-ms');
      const state = await ice.loadTableState(storage, signal);
      const id = snapshotIdFlag(args, 'version') ?? state.metadata.currentSnapshotId;
      return ice.prepareTag(storage, name(), requireFlag(id, args, '--version (the table has no current snapshot)'),
        maxRefAge === undefined ? {} : { maxRefAgeMs: BigInt(maxRefAge) }, { ...opts, replace: args.flags.has('replace') });
    }
    case 'branch': {
      checkFlags(args, ['name', 'version', 'remove', 'replace', 'fast-forward', 'min-snapshots-to-keep', 'max-snapshot-age-ms', 'max-ref-age-ms', 'dry-run']);
      if (args.flags.has('remove')) return ice.prepareRemoveRef(storage, name(), { ...opts, type: 'branch' });
      const ff = flagValue(args, 'fast-forward');
      if (ff !== undefined) return ice.prepareFastForward(storage, name(), ff, opts);
      const big = (k: string) => { const v = flagInt(args, k); return v === undefined ? undefined : BigInt(v); };
      return ice.prepareBranch(storage, name(), snapshotIdFlag(args, 'version'), {
        minSnapshotsToKeep: flagInt(args, 'min-snapshots-to-keep'), maxSnapshotAgeMs: big('max-snapshot-age-ms'), maxRefAgeMs: big('max-ref-age-ms'),
      }, { ...opts, replace: args.flags.has('replace') });
    }
    case 'expire': {
      checkFlags(args, ['older-than', 'retain-last', 'ids', 'delete-files', 'dry-run']);
      const older = flagValue(args, 'older-than');
      const ids = flagValue(args, 'ids')?.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
        if (!/^-?\d+$/.test(s)) throw new LakeError('DataInvalid', `cli: --ids takes snapshot ids, got "${s}"`);
        return BigInt(s);
      });
      return ice.prepareExpireSnapshots(storage, { olderThanMs: older === undefined ? undefined : parseTime(older), retainLast: flagInt(args, 'retain-last'), snapshotIds: ids, signal });
    }
    case 'compact':
      checkFlags(args, ['target-size', 'min-input-files', 'dry-run']);
      return ice.prepareCompaction(storage, { targetFileSizeBytes: flagInt(args, 'target-size'), minInputFiles: flagInt(args, 'min-input-files'), signal });
    case 'rewrite-manifests':
      checkFlags(args, ['target-size', 'dry-run']);
      return ice.prepareRewriteManifests(storage, { targetSizeBytes: flagInt(args, 'target-size'), signal });
  }
}

/** Paimon: tag create/remove and rollback as a new latest snapshot; other commands are Unsupported for Paimon. */
async function runPaimon(storage: Storage, args: ParsedArgs, print: Print, signal: AbortSignal): Promise<void> {
  const table = await openPaimonTable(storage, { signal });
  const dry = args.flags.has('dry-run');
  if (args.command === 'tag') {
    checkFlags(args, ['name', 'version', 'remove', 'dry-run']);
    const name = refName(args);
    if (dry) { print(`tag: would ${args.flags.has('remove') ? 'delete' : 'create'} tag "${name}" (tag/tag-${name})`); return; }
    if (args.flags.has('remove')) print(jsonText(await table.deleteTag(name, { signal }), 2));
    else print(jsonText(await table.createTag(name, { version: flagValue(args, 'version'), signal }), 2));
    return;
  }
  if (args.command === 'rollback') {
    checkFlags(args, ['to', 'dry-run']);
    const to = requireFlag(flagValue(args, 'to'), args, '--to SNAPSHOT_ID_OR_TAG');
    if (dry) { print(`rollback: would write a new latest snapshot equal to ${to} (Paimon rollback-as-latest; history is kept)`); return; }
    print(jsonText(await table.rollbackAsLatest({ version: to }, { signal }), 2));
    return;
  }
  throw new LakeError('Unsupported', `cli: "${args.command}" is not available for Paimon tables yet (tag and rollback are)`, { command: args.command });
}

/** Runs a write command on `<table>`: preview, then apply unless --dry-run. */
export async function writeCommand(arg: string, args: ParsedArgs, print: Print, signal: AbortSignal): Promise<void> {
  const { storage, display } = openTableLocation(arg);
  if (await icebergFormat.detect(storage, signal)) {
    const op = await prepareIceberg(storage, args, signal);
    print(previewText(op.preview));
    if (args.flags.has('dry-run')) { print('(dry run: nothing written)'); return; }
    print(resultText(await op.apply({ signal, ...(args.flags.has('delete-files') ? { deleteFiles: true } : {}) })));
    return;
  }
  if (await paimonFormat.detect(storage, signal)) { await runPaimon(storage, args, print, signal); return; }
  throw new LakeError('NotFound', `cli: no Iceberg or Paimon table found at ${display}`, { location: display });
}
