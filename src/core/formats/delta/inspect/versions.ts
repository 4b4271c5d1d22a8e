/**
 * The version list of a Delta table (Delta's DESCRIBE HISTORY): one entry per commit file, oldest first,
 * from its commitInfo — operation, parameters, engine, metrics, isolation level, user — into `summary`.
 *
 * `timestampMs` is `commitInfo.inCommitTimestamp` when present, else `commitInfo.timestamp` (the writer's
 * clock at commit), else the file's modification time. We report the commitInfo time rather than the
 * file time because copies of a table carry copy-time modification times, while commitInfo travels with
 * the table (and the fixtures' expected histories use it). Time travel by timestamp follows the protocol
 * instead (scan/time-travel.ts), unless the table is opened with `timestamps: 'commitInfo'`.
 */
import { pool } from '../../../util/async.ts';
import type { ColumnDto, SchemaDto, VersionDto, VersionTotalsDto } from '../../table-format.ts';
import type { LogStore } from '../io/log-store.ts';
import type { AddFile, CommitInfo, Metadata } from '../spec/actions.ts';
import { TotalsFold } from './version-totals.ts';
import type { LogFile } from '../spec/log-files.ts';
import { fieldId, formatType, parseSchemaString, PHYSICAL_NAME_KEY, type StructField } from '../spec/schema.ts';

function text(v: unknown): string {
  if (typeof v === 'string') return v;
  return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));
}

/** The summary strings of a commit (VersionDto.summary). */
function commitSummary(info: CommitInfo | undefined, file: LogFile): Record<string, string> {
  const out: Record<string, string> = { commitFile: file.key };
  if (file.kind === 'commit' && file.lastModified !== undefined) out.fileModificationTime = String(file.lastModified);
  if (!info) return out;
  if (info.timestamp !== undefined) out.timestamp = String(info.timestamp);
  if (info.inCommitTimestamp !== undefined) out.inCommitTimestamp = String(info.inCommitTimestamp);
  if (info.engineInfo) out.engineInfo = info.engineInfo;
  if (info.isBlindAppend !== undefined) out.isBlindAppend = String(info.isBlindAppend);
  if (info.readVersion !== undefined) out.readVersion = String(info.readVersion);
  for (const k of ['isolationLevel', 'userName', 'userId', 'txnId', 'clusterId']) if (info.raw[k] !== undefined && info.raw[k] !== null) out[k] = text(info.raw[k]);
  for (const [k, v] of Object.entries(info.operationParameters ?? {})) out[`parameter.${k}`] = text(v);
  for (const [k, v] of Object.entries(info.operationMetrics ?? {})) out[`metric.${k}`] = text(v);
  return out;
}

/**
 * Lists the versions of `commits` (ascending); `current` is the table's current version. `start` is the
 * live files at the first commit's version when the log no longer begins at version 0 (a checkpoint's
 * state); without it, and after a gap in the commits, totals hold only what the commit itself records.
 */
export async function listVersions(
  log: LogStore, commits: readonly Extract<LogFile, { kind: 'commit' }>[], current: bigint | undefined, signal?: AbortSignal,
  start?: Iterable<AddFile>,
): Promise<VersionDto[]> {
  const infos = await pool(commits, 8, async (c, _i, sig) => {
    const actions = await log.commit(c, sig);
    const info = actions.find((a) => a.type === 'commitInfo');
    return { info: info?.type === 'commitInfo' ? info.commitInfo : undefined, actions };
  }, signal);
  const versions = new Set(commits.map((c) => c.version));
  let fold: TotalsFold | undefined = commits[0]?.version === 0n ? new TotalsFold() : start ? new TotalsFold(start) : undefined;
  return commits.map((c, i) => {
    const { info, actions } = infos[i]!;
    if (i > 0 && !versions.has(c.version - 1n)) fold = undefined; // a missing commit: the running state is unknown
    const totals = fold ? fold.apply(actions) : commitOnly(new TotalsFold().apply(actions));
    return {
      totals,
      id: c.version.toString(),
      ...(versions.has(c.version - 1n) ? { parentId: (c.version - 1n).toString() } : {}),
      timestampMs: info?.inCommitTimestamp ?? info?.timestamp ?? c.lastModified ?? 0,
      operation: info?.operation ?? 'UNKNOWN',
      summary: commitSummary(info, c),
      refs: [],
      isCurrent: c.version === current,
    };
  });
}

/** Only what the commit itself added and removed (the table's state at it is unknown). */
function commitOnly(t: VersionTotalsDto): VersionTotalsDto {
  return { ...(t.added ? { added: t.added } : {}), ...(t.removed ? { removed: t.removed } : {}) };
}

/**
 * A field as a ColumnDto. Its id is the column-mapping id (PROTOCOL.md "Column Mapping":
 * `delta.columnMapping.id`, the physical id Parquet files carry) and is absent without column mapping:
 * such a table matches columns by name, so there is no id to show.
 */
function columnOf(f: StructField): ColumnDto {
  const t = f.type;
  const children = t.kind === 'struct' ? t.fields.map((x) => columnOf(x)) : undefined;
  const id = fieldId(f);
  const physical = f.metadata[PHYSICAL_NAME_KEY];
  const doc = [typeof f.metadata.comment === 'string' ? f.metadata.comment : undefined, typeof physical === 'string' ? `physical name ${physical}` : undefined]
    .filter(Boolean).join('; ');
  return { ...(id !== undefined ? { id } : {}), name: f.name, type: formatType(t), required: !f.nullable, ...(doc ? { doc } : {}), ...(children ? { children } : {}) };
}

/** A schema (a metaData action) as a SchemaDto; the id is the version that wrote it. */
export function schemaDto(metadata: Metadata, version: bigint, isCurrent: boolean): SchemaDto {
  const schema = parseSchemaString(metadata.schemaString, metadata.source);
  return {
    schemaId: version.toString(),
    columns: schema.fields.map((f) => columnOf(f)),
    identifierFieldIds: [],
    isCurrent,
    // Without column mapping the ids above are positions: a diff must match columns by name.
    ...(schema.fields.every((f) => fieldId(f) === undefined) ? { idsArePositions: true } : {}),
  };
}
