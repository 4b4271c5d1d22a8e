/**
 * Creating a Delta table (PROTOCOL.md "Protocol Evolution", "Change Metadata", "Table Features"): version 0
 * holds the protocol, the metaData (schema, partition columns, configuration) and commitInfo, created only
 * if absent. The protocol is the least one the table needs: reader 1 / writer 2, or reader 3 / writer 7
 * with exactly the features the configuration or the schema asks for (deletionVectors when
 * `delta.enableDeletionVectors=true`, timestampNtz for zone-less timestamp columns).
 */
import { LakeError } from '../../../errors.ts';
import type { Storage } from '../../../io/storage.ts';
import { LogStore } from '../io/log-store.ts';
import type { Metadata, Protocol } from '../spec/actions.ts';
import { containsType, parseSchemaString } from '../spec/schema.ts';
import { commitActions, type CommitOutcome } from './log-commit.ts';

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
  if (reader.length === 0) return { minReaderVersion: 1, minWriterVersion: 2 };
  return { minReaderVersion: 3, minWriterVersion: 7, readerFeatures: reader, writerFeatures: [...reader] };
}

/**
 * Creates the table at the root of `storage`. Must hold: a table already there (any commit or checkpoint,
 * or version 0 created concurrently) → Conflict; partition columns must be top-level primitive columns.
 */
export async function createDeltaTable(storage: Storage, opts: CreateDeltaTableOptions): Promise<CommitOutcome> {
  const now = opts.now ?? Date.now;
  const log = new LogStore(storage);
  if ((await log.list(undefined, opts.signal)).some((f) => f.kind === 'commit' || f.kind === 'checkpoint')) {
    throw new LakeError('Conflict', `delta create: ${storage.description} already holds a Delta table`, { retryable: false });
  }
  const schemaString = JSON.stringify({
    type: 'struct',
    fields: opts.columns.map((c) => ({ name: c.name, type: c.type, nullable: c.nullable ?? true, metadata: c.metadata ?? {} })),
  });
  const partitionColumns = [...(opts.partitionColumns ?? [])];
  const schema = parseSchemaString(schemaString);
  for (const p of partitionColumns) {
    const f = schema.fields.find((x) => x.name === p);
    if (!f || f.type.kind !== 'primitive') throw new LakeError('DataInvalid', `delta create: partition column ${p} must be a top-level primitive column`, { column: p });
  }
  const metadata: Metadata = {
    id: crypto.randomUUID(), ...(opts.name ? { name: opts.name } : {}), ...(opts.description ? { description: opts.description } : {}),
    format: { provider: 'parquet', options: {} }, schemaString, partitionColumns, createdTime: BigInt(now()), configuration: { ...(opts.configuration ?? {}) },
  };
  const protocol = protocolFor(metadata);
  return commitActions({
    storage, log, readVersion: -1n, protocol, metadata, operation: 'CREATE TABLE',
    operationParameters: { isManaged: 'false', description: opts.description ?? null, partitionBy: JSON.stringify(partitionColumns), properties: JSON.stringify(metadata.configuration) },
    actions: [{ protocol }, { metaData: { ...metadata, format: { provider: 'parquet', options: {} } } }],
    conflicts: { kind: 'whole-table' }, signal: opts.signal, now,
  });
}
