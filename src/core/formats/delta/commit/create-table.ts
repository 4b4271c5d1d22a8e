/**
 * Creating a Delta table (PROTOCOL.md "Protocol Evolution", "Change Metadata", "Table Features"): version 0
 * holds the protocol, the metaData (schema, partition columns, configuration) and commitInfo, created only
 * if absent. The protocol is the least one the table needs: reader 1 / writer 2 (4 with the change data
 * feed), or reader 3 / writer 7 with exactly the features the configuration or the schema asks for
 * (deletionVectors when `delta.enableDeletionVectors=true`, timestampNtz for zone-less timestamp columns,
 * changeDataFeed when `delta.enableChangeDataFeed=true`).
 */
import { messageError } from '../../../message-error.ts';
import type { Storage } from '../../../io/storage.ts';
import { LogStore } from '../io/log-store.ts';
import type { Metadata, Protocol } from '../spec/actions.ts';
import { containsType, parseSchemaString } from '../spec/schema.ts';
import type { AppliedChange, NewTableSpec, PreparedChange } from '../../../commit/write-action.ts';
import { LOG_DIR, padVersion } from '../spec/log-files.ts';
import { commitActions, type CommitOutcome } from './log-commit.ts';
import { preparedChange } from './prepared.ts';
import { described, noted, textRef } from '../../../commit/preview-text.ts';

/** One column of a new table: a Delta type name (`long`, `decimal(10,2)`, …) or a nested type as Delta's JSON. */
export interface NewColumn {
  readonly name: string;
  readonly type: string | Readonly<Record<string, unknown>>;
  readonly nullable?: boolean;
  readonly metadata?: Readonly<Record<string, unknown>>;
}

export interface CreateDeltaTableOptions {
  readonly columns: readonly NewColumn[];
  readonly partitionColumns?: readonly string[];
  readonly configuration?: Readonly<Record<string, string>>;
  readonly name?: string;
  readonly description?: string;
  readonly signal?: AbortSignal;
  readonly now?: () => number;
}

/** The protocol a new table with this metadata needs. */
export function protocolFor(metadata: Metadata): Protocol {
  const reader: string[] = [];
  const schema = parseSchemaString(metadata.schemaString);
  if (metadata.configuration['delta.enableDeletionVectors'] === 'true') reader.push('deletionVectors');
  if (schema.fields.some((f) => containsType(f.type, 'timestamp_ntz'))) reader.push('timestampNtz');
  // The change data feed is a writer feature (writer version 4, or the feature at 7): writers must add change data files.
  const cdf = metadata.configuration['delta.enableChangeDataFeed'] === 'true';
  if (reader.length === 0) return { minReaderVersion: 1, minWriterVersion: cdf ? 4 : 2 };
  return { minReaderVersion: 3, minWriterVersion: 7, readerFeatures: reader, writerFeatures: [...reader, ...(cdf ? ['changeDataFeed'] : [])] };
}

/** Conflict when the root of `storage` already holds a Delta table (a commit or a checkpoint). */
async function refuseExisting(storage: Storage, log: LogStore, signal?: AbortSignal): Promise<void> {
  if ((await log.list(undefined, signal)).some((f) => f.kind === 'commit' || f.kind === 'checkpoint')) {
    throw messageError('Conflict', 'error.delta.create.exists', { where: storage.description }, { retryable: false });
  }
}

/** The metadata of a new table (schema checked, partition columns top-level primitives). */
function newMetadata(opts: CreateDeltaTableOptions, nowMs: number): Metadata {
  const schemaString = JSON.stringify({
    type: 'struct',
    fields: opts.columns.map((c) => ({ name: c.name, type: c.type, nullable: c.nullable ?? true, metadata: c.metadata ?? {} })),
  });
  const partitionColumns = [...(opts.partitionColumns ?? [])];
  // Column names are case-insensitive in Delta (delta-spark refuses `id` beside `ID`).
  const seen = new Set<string>();
  for (const c of opts.columns) {
    if (c.name.trim() === '') throw messageError('DataInvalid', 'error.delta.create.emptyName', undefined);
    if (seen.has(c.name.toLowerCase())) throw messageError('DataInvalid', 'error.delta.create.twice', { column: c.name }, { column: c.name });
    seen.add(c.name.toLowerCase());
  }
  const schema = parseSchemaString(schemaString);
  for (const p of partitionColumns) {
    const f = schema.fields.find((x) => x.name === p);
    if (!f || f.type.kind !== 'primitive') throw messageError('DataInvalid', 'error.delta.create.partition', { column: p }, { column: p });
  }
  return {
    id: crypto.randomUUID(), ...(opts.name ? { name: opts.name } : {}), ...(opts.description ? { description: opts.description } : {}),
    format: { provider: 'parquet', options: {} }, schemaString, partitionColumns, createdTime: BigInt(nowMs), configuration: { ...(opts.configuration ?? {}) },
  };
}

/**
 * Creates the table at the root of `storage`. Must hold: a table already there (any commit or checkpoint,
 * or version 0 created concurrently) → Conflict; partition columns must be top-level primitive columns.
 */
export async function createDeltaTable(storage: Storage, opts: CreateDeltaTableOptions): Promise<CommitOutcome> {
  const now = opts.now ?? Date.now;
  const log = new LogStore(storage);
  await refuseExisting(storage, log, opts.signal);
  return commitCreate(storage, log, newMetadata(opts, now()), opts.description, opts.signal, now);
}

function commitCreate(storage: Storage, log: LogStore, metadata: Metadata, description: string | undefined, signal: AbortSignal | undefined, now: () => number): Promise<CommitOutcome> {
  const protocol = protocolFor(metadata);
  const partitionColumns = metadata.partitionColumns;
  return commitActions({
    storage, log, readVersion: -1n, protocol, metadata, operation: 'CREATE TABLE',
    operationParameters: { isManaged: 'false', description: description ?? null, partitionBy: JSON.stringify(partitionColumns), properties: JSON.stringify(metadata.configuration) },
    actions: [{ protocol }, { metaData: { ...metadata, format: { provider: 'parquet', options: {} } } }],
    conflicts: { kind: 'whole-table' }, signal, now,
  });
}

/**
 * CREATE TABLE in the write model (core/api `prepareCreateTable`): the preview names version 0 and the
 * protocol the table gets; apply creates it only if absent. Must hold: a table already there → Conflict
 * at preview (and at apply, when one appeared meanwhile); a bad schema or partition column → DataInvalid
 * before anything is written.
 */
export async function prepareCreateDeltaTable(storage: Storage, spec: NewTableSpec, opts: { signal?: AbortSignal; now?: () => number } = {}): Promise<PreparedChange> {
  const now = opts.now ?? Date.now;
  if (spec.columns.length === 0) throw messageError('DataInvalid', 'error.delta.create.noColumns', undefined);
  const options: CreateDeltaTableOptions = {
    columns: spec.columns, ...(spec.partitionColumns ? { partitionColumns: spec.partitionColumns } : {}),
    ...(spec.properties ? { configuration: spec.properties } : {}), ...(spec.name ? { name: spec.name } : {}), ...(spec.description ? { description: spec.description } : {}),
  };
  const metadata = newMetadata(options, now());
  const protocol = protocolFor(metadata);
  const log = new LogStore(storage);
  await refuseExisting(storage, log, opts.signal);
  const key = `${LOG_DIR}${padVersion(0n)}.json`;
  const empty = { rows: 0n, rowsLive: true, dataFiles: 0, deleteFiles: 0, bytes: 0n } as const;
  return preparedChange({
    noop: false,
    preview: {
      operation: 'create',
      ...described(textRef('note.write.delta.create', {
        count: spec.columns.length, columns: spec.columns.map((c) => c.name).join(', '),
        partitioned: metadata.partitionColumns.length > 0, partitions: metadata.partitionColumns.join(', '),
        reader: protocol.minReaderVersion, writer: protocol.minWriterVersion,
        withFeatures: (protocol.readerFeatures?.length ?? 0) > 0, features: protocol.readerFeatures?.join(', ') ?? '',
      })),
      before: empty, after: empty, writes: [{ key, kind: 'metadata', ...noted(textRef('note.write.onApplyCreate')) }], deletes: [], warnings: [],
      details: { minReaderVersion: protocol.minReaderVersion, minWriterVersion: protocol.minWriterVersion },
    },
  }, async (o): Promise<AppliedChange> => {
    const r = await commitCreate(storage, log, metadata, spec.description, o.signal, now);
    return { operation: 'create', committedKey: r.key, attempts: r.attempts, warnings: [], currentAfter: r.version.toString(), written: [{ key: r.key, kind: 'metadata' }], deleted: [], details: { version: r.version.toString() } };
  });
}
