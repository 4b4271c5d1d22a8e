/**
 * Creating a file-system table (spec "Table Metadata", "File System Tables"): the first metadata file
 * `metadata/v1.metadata.json`, created only if the folder holds no table yet, then `version-hint.text`.
 * Schema, partition spec and sort order are given in their JSON form (Appendix C); partition field ids are
 * assigned from 1000 when absent, as the reference implementation does.
 */
import type { ChangeResult } from '../../../commit/change-preview.ts';
import { createExclusive } from '../../../commit/exclusive-create.ts';
import { LakeError } from '../../../errors.ts';
import { messageError } from '../../../message-error.ts';
import { textRef, warned } from '../../../commit/preview-text.ts';
import type { ErrorRef } from '../../../messages/message-parts.ts';
import type { Storage } from '../../../io/storage.ts';
import { utf8Encode } from '../../../util/bytes.ts';
import { parseJson, stringifyJson } from '../../../util/json.ts';
import { listMetadataFiles, VERSION_HINT_KEY } from '../io/metadata-files.ts';
import { parsePartitionSpec } from '../spec/partition-spec.ts';
import { parseSchema } from '../spec/schema.ts';
import { parseSortOrder } from '../spec/sort-order.ts';
import { parseTableMetadata } from '../spec/table-metadata.ts';
import { maxFieldId, partitionSpecToJson, schemaToJson, sortOrderToJson } from '../spec/write-json.ts';
import { partitioner } from './partitioner.ts';
import type { JsonDoc } from './table-update.ts';

export interface CreateTableOptions {
  /** The table location written into metadata (every file path starts with it), e.g. `s3://bucket/db/t`. */
  readonly location: string;
  /** Schema JSON: `{type: 'struct', fields: [{id, name, required, type}]}`. */
  readonly schema: JsonDoc;
  /** Partition spec JSON `{fields: [{name, transform, 'source-id', 'field-id'?}]}`; unpartitioned when absent. */
  readonly partitionSpec?: JsonDoc;
  /** Sort order JSON `{fields: [...]}`; unsorted when absent. */
  readonly sortOrder?: JsonDoc;
  readonly formatVersion?: 1 | 2 | 3;
  readonly properties?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
  readonly now?: () => number;
}

/** Builds the first metadata document (pure; validated by parsing it back). */
export function newTableMetadata(opts: Omit<CreateTableOptions, 'signal'>): JsonDoc {
  const v = opts.formatVersion ?? 2;
  const ctx = { subsystem: 'iceberg create', path: '' };
  const schema = parseSchema({ ...opts.schema, 'schema-id': 0 }, { ...ctx, path: 'schema' });
  const specFields = ((opts.partitionSpec?.fields ?? []) as JsonDoc[]).map((f, i) => ({ ...f, 'field-id': f['field-id'] ?? 1000 + i }));
  const spec = parsePartitionSpec({ 'spec-id': 0, fields: specFields }, { ...ctx, path: 'partition-spec' });
  partitioner(spec, schema); // refuses unknown transforms and bad source columns up front
  const order = opts.sortOrder && ((opts.sortOrder.fields ?? []) as unknown[]).length > 0
    ? parseSortOrder({ ...opts.sortOrder, 'order-id': 1 }, { ...ctx, path: 'sort-order' }) : { orderId: 0, fields: [] };
  const schemaJson = schemaToJson(schema);
  const specJson = partitionSpecToJson(spec);
  const doc: JsonDoc = {
    'format-version': v,
    'table-uuid': crypto.randomUUID(),
    location: opts.location.replace(/\/+$/, ''),
    'last-sequence-number': 0,
    'last-updated-ms': (opts.now ?? Date.now)(),
    'last-column-id': maxFieldId(schema.fields),
    'current-schema-id': 0,
    schemas: [schemaJson],
    'default-spec-id': 0,
    'partition-specs': [specJson],
    'last-partition-id': spec.fields.reduce((m, f) => Math.max(m, f.fieldId), 999),
    'default-sort-order-id': order.orderId,
    'sort-orders': order.orderId === 0 ? [sortOrderToJson(order)] : [{ 'order-id': 0, fields: [] }, sortOrderToJson(order)],
    properties: { ...(opts.properties ?? {}) },
    'current-snapshot-id': -1,
    refs: {},
    snapshots: [],
    statistics: [],
    'snapshot-log': [],
    'metadata-log': [],
  };
  if (v === 1) {
    doc.schema = schemaJson;
    doc['partition-spec'] = specJson.fields;
  }
  if (v >= 3) {
    doc['next-row-id'] = 0;
    doc['current-snapshot-id'] = null;
  }
  parseTableMetadata(parseJson(stringifyJson(doc)), 'new table');
  return doc;
}

/**
 * Creates the table at the storage root. Throws Conflict when a table (any metadata file) is already
 * there, DataInvalid/Unsupported for a schema or spec that cannot be written.
 */
export async function createTable(storage: Storage, opts: CreateTableOptions): Promise<ChangeResult> {
  const doc = newTableMetadata(opts);
  const existing = await listMetadataFiles(storage, opts.signal);
  if (existing.length > 0) {
    throw messageError('Conflict', 'error.iceberg.create.exists', { where: storage.description, key: existing[existing.length - 1].key }, { retryable: false, key: existing[existing.length - 1].key });
  }
  const key = 'metadata/v1.metadata.json';
  await createExclusive(storage, key, utf8Encode(stringifyJson(doc)), { signal: opts.signal, what: 'iceberg create', contentType: 'application/json' });
  const warnings: ErrorRef[] = [];
  try {
    await storage.write(VERSION_HINT_KEY, utf8Encode('1'), { signal: opts.signal, contentType: 'text/plain' });
  } catch (e) {
    warnings.push(textRef('note.write.iceberg.hintNotWritten', { error: (e as Error).message }));
  }
  return { operation: 'create-table', committedKey: key, written: [{ key, kind: 'metadata' }, { key: VERSION_HINT_KEY, kind: 'version-hint' }], deleted: [], attempts: 1, ...warned(warnings), details: { tableUuid: doc['table-uuid'] } };
}
