/**
 * Writing classic checkpoints (PROTOCOL.md "Checkpoints", "Checkpoint Specs" V1, "Checkpoint Schema",
 * "Last Checkpoint File"): one Parquet file `_delta_log/N.checkpoint.parquet` holding the state of
 * version N — protocol, metaData, txn per app, domain metadata, every live file (add, dataChange=false)
 * and the tombstones still within the retention period (remove, needed by VACUUM and by readers that
 * check them) — one action per row, then `_last_checkpoint` pointing at it. Readers then replay from the
 * checkpoint instead of from version 0.
 *
 * Tables with the v2Checkpoint feature must get V2 checkpoints, which this writer does not write: it
 * leaves them without (checkpoints are optional) and says so. The checkpoint file is created only if
 * absent: another writer's checkpoint of the same version holds the same state.
 */
import {
  Bool, Field, Int32, Int64, List, Map_, Struct, Table, Utf8, tableToIPC, type DataType, type RecordBatch,
} from 'apache-arrow';
import { batchFromColumns, dataFromValues } from '../../../arrow/index.ts';
import { ensureParquetWasm } from '../../../codecs/parquet/wasm-init.ts';
import { isLakeError, toLakeError } from '../../../errors.ts';
import { utf8Encode } from '../../../util/bytes.ts';
import { stringifyJson } from '../../../util/json.ts';
import type { Snapshot } from '../scan/replay.ts';
import { LAST_CHECKPOINT_KEY, LOG_DIR, padVersion } from '../spec/log-files.ts';
import type { DeltaTable } from '../table.ts';
import { retentionMs } from './vacuum-retention.ts';
import { writerFeatures } from './writer-features.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef, errorText, type ErrorRef } from '../../../messages/message-parts.ts';

const str = () => new Utf8();
const f = (name: string, type: DataType) => new Field(name, type, true);
const strMap = () => new Map_(new Field('key_value', new Struct([new Field('key', str(), false), f('value', str())]), false) as never);
const strList = () => new List(f('element', str()));
const dvType = () => new Struct([f('storageType', str()), f('pathOrInlineDv', str()), f('offset', new Int32()), f('sizeInBytes', new Int32()), f('cardinality', new Int64())]);

/** The checkpoint schema (PROTOCOL.md "Checkpoint Schema"), one struct column per action. */
const COLUMNS: readonly Field[] = [
  f('txn', new Struct([f('appId', str()), f('version', new Int64()), f('lastUpdated', new Int64())])),
  f('add', new Struct([
    f('path', str()), f('partitionValues', strMap()), f('size', new Int64()), f('modificationTime', new Int64()), f('dataChange', new Bool()),
    f('stats', str()), f('tags', strMap()), f('deletionVector', dvType()),
  ])),
  f('remove', new Struct([
    f('path', str()), f('deletionTimestamp', new Int64()), f('dataChange', new Bool()), f('extendedFileMetadata', new Bool()),
    f('partitionValues', strMap()), f('size', new Int64()), f('deletionVector', dvType()),
  ])),
  f('metaData', new Struct([
    f('id', str()), f('name', str()), f('description', str()), f('format', new Struct([f('provider', str()), f('options', strMap())])),
    f('schemaString', str()), f('partitionColumns', strList()), f('configuration', strMap()), f('createdTime', new Int64()),
  ])),
  f('protocol', new Struct([f('minReaderVersion', new Int32()), f('minWriterVersion', new Int32()), f('readerFeatures', strList()), f('writerFeatures', strList())])),
  f('domainMetadata', new Struct([f('domain', str()), f('configuration', str()), f('removed', new Bool())])),
];

/** One checkpoint row: one action (`{ add: {…} }`, `{ metaData: {…} }` …) in the checkpoint schema's shapes (maps as `Map`s). */
export type CheckpointRow = Partial<Record<string, unknown>>;
type Row = CheckpointRow;
const mapOf = (o: Readonly<Record<string, string | null>> | undefined) => (o ? new Map(Object.entries(o)) : null);
const dvOf = (dv: { storageType: string; pathOrInlineDv: string; offset?: number; sizeInBytes: number; cardinality: bigint } | undefined) =>
  (dv ? { storageType: dv.storageType, pathOrInlineDv: dv.pathOrInlineDv, offset: dv.offset ?? null, sizeInBytes: dv.sizeInBytes, cardinality: dv.cardinality } : null);

/** The rows of a checkpoint of `s`; tombstones deleted before `tombstonesAfterMs` are dropped (expired). */
export function checkpointRows(s: Snapshot, tombstonesAfterMs: number): Row[] {
  const p = s.protocol;
  const m = s.metadata;
  const rows: Row[] = [
    { protocol: { minReaderVersion: p.minReaderVersion, minWriterVersion: p.minWriterVersion, readerFeatures: p.readerFeatures ?? null, writerFeatures: p.writerFeatures ?? null } },
    { metaData: {
      id: m.id, name: m.name ?? null, description: m.description ?? null, format: { provider: m.format.provider, options: mapOf(m.format.options) },
      schemaString: m.schemaString, partitionColumns: [...m.partitionColumns], configuration: mapOf(m.configuration), createdTime: m.createdTime ?? null,
    } },
  ];
  for (const t of s.txns.values()) rows.push({ txn: { appId: t.appId, version: t.version, lastUpdated: t.lastUpdated ?? null } });
  for (const d of s.domains.values()) rows.push({ domainMetadata: { domain: d.domain, configuration: d.configuration, removed: false } });
  for (const a of s.files.values()) {
    rows.push({ add: {
      path: a.path, partitionValues: mapOf(a.partitionValues), size: a.size, modificationTime: a.modificationTime, dataChange: false,
      stats: a.stats ?? null, tags: mapOf(a.tags), deletionVector: dvOf(a.deletionVector),
    } });
  }
  for (const r of s.tombstones.values()) {
    if ((r.deletionTimestamp ?? 0n) <= BigInt(tombstonesAfterMs)) continue;
    rows.push({ remove: {
      path: r.path, deletionTimestamp: r.deletionTimestamp ?? null, dataChange: false, extendedFileMetadata: r.partitionValues !== undefined,
      partitionValues: mapOf(r.partitionValues), size: r.size ?? null, deletionVector: dvOf(r.deletionVector),
    } });
  }
  return rows;
}

/** The checkpoint rows as one Arrow batch of the checkpoint schema. */
function checkpointBatch(rows: readonly Row[]): RecordBatch {
  const columns = COLUMNS.map((c) => dataFromValues(rows.map((r) => r[c.name] ?? null), c.type));
  return batchFromColumns(COLUMNS, columns, rows.length);
}

/** The Parquet bytes of a classic checkpoint holding `rows` (snappy; errors → Internal `delta checkpoint: …`). */
export async function encodeCheckpoint(rows: readonly CheckpointRow[]): Promise<Uint8Array> {
  const pw = await ensureParquetWasm();
  try {
    const props = new pw.WriterPropertiesBuilder().setCompression(pw.Compression.SNAPPY).setCreatedBy('Lakescope (parquet-wasm)').build();
    return pw.writeParquet(pw.Table.fromIPCStream(tableToIPC(new Table([checkpointBatch(rows)]), 'stream')), props);
  } catch (e) {
    throw toLakeError(e, 'delta checkpoint: cannot encode parquet (parquet-wasm)', {}, 'Internal');
  }
}

/** Why this writer does not checkpoint the table (a catalog message), or undefined. */
export function checkpointRefusal(s: Snapshot): ErrorRef | undefined {
  if (writerFeatures(s.protocol).includes('v2Checkpoint') || s.metadata.configuration['delta.checkpointPolicy'] === 'v2') {
    return errorRef('error.delta.checkpoint.v2Skipped', undefined);
  }
  return undefined;
}

export interface CheckpointResult {
  readonly version: bigint;
  readonly key: string;
  readonly actions: number;
  readonly bytes: number;
  /** False when a checkpoint of this version was already there. */
  readonly written: boolean;
}

/**
 * Writes the classic checkpoint of version `version` (the current one when absent) and `_last_checkpoint`.
 * Must hold: reading the version from the checkpoint gives the same state as replaying its commits; a
 * V2-checkpoint table → Unsupported naming v2Checkpoint.
 */
export async function writeCheckpoint(table: DeltaTable, version?: bigint, opts: { signal?: AbortSignal; now?: () => number } = {}): Promise<CheckpointResult> {
  const { signal } = opts;
  const s = version === undefined || version === table.snapshot.version ? table.snapshot : (await table.view({ version: version.toString() }, signal)).snapshot;
  const why = checkpointRefusal(s);
  if (why) throw messageError('Unsupported', 'error.delta.checkpoint.v2', undefined, { feature: 'v2Checkpoint' });
  const rows = checkpointRows(s, (opts.now ?? Date.now)() - retentionMs(s.metadata));
  const bytes = await encodeCheckpoint(rows);
  const key = `${LOG_DIR}${padVersion(s.version)}.checkpoint.parquet`;
  let written = true;
  try {
    await table.storage.write(key, bytes, { ifNoneMatch: '*', signal });
  } catch (e) {
    if (!isLakeError(e, 'Conflict')) throw e;
    written = false;
  }
  const hint = { version: s.version, size: rows.length, sizeInBytes: bytes.length, numOfAddFiles: s.files.size };
  const current = await table.log.lastCheckpoint(signal);
  if (current === undefined || current.version < s.version) await table.storage.write(LAST_CHECKPOINT_KEY, utf8Encode(stringifyJson(hint)), { signal, contentType: 'application/json' });
  return { version: s.version, key, actions: rows.length, bytes: bytes.length, written };
}

/** `delta.checkpointInterval` (delta-spark's default: every 10 commits). */
export function checkpointInterval(s: Snapshot): number {
  const n = Number(s.metadata.configuration['delta.checkpointInterval']);
  return Number.isInteger(n) && n > 0 ? n : 10;
}

/** Problems after a commit landed: English sentences, and the same as catalog messages, in order. */
export interface AfterCommitWarnings {
  readonly warnings: string[];
  readonly warningMessages: ErrorRef[];
}

const warned = (ref: ErrorRef): AfterCommitWarnings => ({ warnings: [errorText(ref)], warningMessages: [ref] });

/**
 * After a commit of `version` landed: refreshes the table and writes the checkpoint when the version is a
 * multiple of the interval. Returns warnings (a failed checkpoint does not undo the commit), each also as its
 * catalog message so the write's toast says it in the reader's language.
 */
export async function afterCommit(table: DeltaTable, version: bigint, signal?: AbortSignal): Promise<AfterCommitWarnings> {
  await table.reload(signal);
  const s = table.snapshot;
  if (version === 0n || version % BigInt(checkpointInterval(s)) !== 0n) return { warnings: [], warningMessages: [] };
  const refusal = checkpointRefusal(s);
  if (refusal) return warned(errorRef('error.delta.checkpoint.skipped', { version: version.toString(), why: refusal }));
  try {
    await writeCheckpoint(table, version, { signal });
    return { warnings: [], warningMessages: [] };
  } catch (e) {
    if (isLakeError(e, 'Aborted')) throw e;
    const text = (e as Error).message;
    // The failure quoted as its own message where it has one, else as its English, marked untranslated.
    const cause = isLakeError(e) && e.ref && errorText(e.ref) === text ? e.ref : errorRef('error.untranslated', { text });
    return warned(errorRef('error.delta.checkpoint.notWritten', { version: version.toString(), message: cause }));
  }
}
