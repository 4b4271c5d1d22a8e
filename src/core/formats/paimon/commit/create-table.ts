/**
 * Creating a Paimon table (paimon-core `schema/SchemaManager.createTable`): the first schema file
 * `schema/schema-0`, created only if absent, holding the fields with ids 0…n-1, partition and primary keys
 * and the options. As Paimon does, primary-key columns become NOT NULL. What this writer supports and so
 * allows: fixed buckets (`bucket` ≥ 1) for primary-key tables (dynamic buckets need the hash index), the
 * `deduplicate` merge engine, Parquet data files and `changelog-producer` none or input; append tables
 * are bucket-unaware (`bucket = -1`) or fixed-bucket with a `bucket-key`.
 */
import { LakeError, isLakeError } from '../../../errors.ts';
import { messageError } from '../../../message-error.ts';
import type { Storage } from '../../../io/storage.ts';
import { utf8Encode } from '../../../util/bytes.ts';
import { stringifyJson, type JsonValue } from '../../../util/json.ts';
import { formatDataType, parseAtomicType, type DataField } from '../spec/data-type.ts';
import { paimonError } from '../spec/errors.ts';
import { SCHEMA_DIR, schemaKey } from '../spec/layout.ts';
import { parseTableSchema, type TableSchema } from '../spec/schema.ts';
import { errorRef } from '../../../messages/message-parts.ts';

/** One column: a Paimon SQL type (`INT`, `STRING NOT NULL`, `DECIMAL(10, 2)`, `TIMESTAMP(3)` …). */
export interface NewPaimonColumn {
  readonly name: string;
  readonly type: string;
}

export interface CreatePaimonTableOptions {
  readonly columns: readonly NewPaimonColumn[];
  readonly partitionKeys?: readonly string[];
  /** Empty or absent: an append table. */
  readonly primaryKeys?: readonly string[];
  /** Fixed bucket count; default 1 for primary-key tables, -1 (bucket-unaware) for append tables. */
  readonly buckets?: number;
  /** Append tables with fixed buckets: the columns hashed to pick the bucket. */
  readonly bucketKey?: readonly string[];
  readonly changelogProducer?: 'none' | 'input';
  /** More options, written as given (checked against what this writer supports). */
  readonly options?: Readonly<Record<string, string>>;
  readonly nowMs?: number;
  readonly signal?: AbortSignal;
}


/** The schema-0 JSON of a new table. Must hold: every rule of the module comment, else DataInvalid/Unsupported naming the option or column. */
export function newTableSchemaJson(o: CreatePaimonTableOptions): Record<string, JsonValue> {
  if (o.columns.length === 0) throw messageError('DataInvalid', 'error.paimon.create.noColumns', undefined);
  const partitionKeys = [...(o.partitionKeys ?? [])];
  const primaryKeys = [...(o.primaryKeys ?? [])];
  const names = new Set<string>();
  const fields: DataField[] = o.columns.map((c, id) => {
    if (c.name.trim() === '' || names.has(c.name)) throw messageError('DataInvalid', 'error.paimon.create.columnName', { column: c.name }, { column: c.name });
    names.add(c.name);
    const t = parseAtomicType(c.type);
    if (t.root === 'TIME' || t.root === 'VARIANT' || t.root === 'BLOB') throw messageError('Unsupported', 'error.paimon.create.type', { column: c.name, type: c.type }, { column: c.name });
    return { id, name: c.name, type: primaryKeys.includes(c.name) ? { ...t, nullable: false } : t };
  });
  for (const k of [...partitionKeys, ...primaryKeys, ...(o.bucketKey ?? [])]) if (!names.has(k)) throw messageError('DataInvalid', 'error.paimon.create.keyColumn', { column: k }, { column: k });
  const pk = primaryKeys.length > 0;
  if (pk && partitionKeys.some((p) => !primaryKeys.includes(p))) throw messageError('DataInvalid', 'error.paimon.create.pkPartitions', undefined);
  if (pk && primaryKeys.every((k) => partitionKeys.includes(k))) throw messageError('DataInvalid', 'error.paimon.create.pkBesides', undefined);
  const buckets = o.buckets ?? (pk ? 1 : -1);
  if (!Number.isInteger(buckets) || (buckets < 1 && !(buckets === -1 && !pk))) {
    throw messageError('Unsupported', pk ? 'error.paimon.create.bucketsPk' : 'error.paimon.create.bucketsAppend', { buckets: String(buckets) }, { option: 'bucket' });
  }
  if (!pk && buckets > 0 && !(o.bucketKey?.length)) throw messageError('DataInvalid', 'error.paimon.create.bucketKey', undefined, { option: 'bucket-key' });
  const options: Record<string, string> = { ...(o.options ?? {}), bucket: String(buckets), 'file.format': 'parquet' };
  if (o.bucketKey?.length) options['bucket-key'] = o.bucketKey.join(',');
  if (pk) {
    options['merge-engine'] = options['merge-engine'] ?? 'deduplicate';
    if (o.changelogProducer) options['changelog-producer'] = o.changelogProducer;
  }
  checkSupportedOptions(options, pk);
  return {
    version: 3, id: 0,
    fields: fields.map((f) => ({ id: f.id, name: f.name, type: formatDataType(f.type) })),
    highestFieldId: fields.length - 1, partitionKeys, primaryKeys, options, timeMillis: o.nowMs ?? Date.now(),
  };
}

/** Why an option's value is refused (a catalog message). */
type OptionReason = 'error.paimon.option.format' | 'error.paimon.option.mergeEngine' | 'error.paimon.option.changelog' | 'error.paimon.option.bucket'
  | 'error.paimon.option.sequence' | 'error.paimon.option.dv' | 'error.paimon.option.pathDirectory';

/** The options a table must have for this writer to write it (also checked before every write). */
export function checkSupportedOptions(options: Readonly<Record<string, string>>, primaryKey: boolean, what = 'paimon create'): void {
  const unsupported = (key: string, why: OptionReason) => messageError('Unsupported', 'error.paimon.create.option', { subsystem: what, option: key, value: String(options[key]), reason: errorRef(why, undefined) }, { option: key });
  if ((options['file.format'] ?? 'parquet') !== 'parquet') throw unsupported('file.format', 'error.paimon.option.format');
  if (primaryKey && (options['merge-engine'] ?? 'deduplicate') !== 'deduplicate') throw unsupported('merge-engine', 'error.paimon.option.mergeEngine');
  if (primaryKey && !['none', 'input'].includes(options['changelog-producer'] ?? 'none')) throw unsupported('changelog-producer', 'error.paimon.option.changelog');
  if (primaryKey && Number(options.bucket ?? '-1') < 1) throw unsupported('bucket', 'error.paimon.option.bucket');
  if (options['sequence.field'] !== undefined) throw unsupported('sequence.field', 'error.paimon.option.sequence');
  if (options['deletion-vectors.enabled'] === 'true') throw unsupported('deletion-vectors.enabled', 'error.paimon.option.dv');
  if (options['data-file.path-directory'] !== undefined) throw unsupported('data-file.path-directory', 'error.paimon.option.pathDirectory');
}

/** The schema file text as Paimon's Jackson pretty printer lays it out. */
function schemaText(json: Record<string, JsonValue>): string {
  return stringifyJson(json, 2).replace(/^(\s*"(?:[^"\\]|\\.)*"):/gm, '$1 :');
}

/**
 * Creates the table at the root of `storage`. Must hold: a folder that already has a schema file →
 * Conflict naming it, nothing written; a lost race on `schema/schema-0` → Conflict.
 */
export async function createPaimonTable(storage: Storage, o: CreatePaimonTableOptions): Promise<TableSchema> {
  if (!storage.writable) throw messageError('Unsupported', 'error.paimon.create.readOnly', { storage: storage.description }, { storage: storage.description });
  const json = newTableSchemaJson(o);
  const existing = (await storage.list({ prefix: SCHEMA_DIR, maxKeys: 100, signal: o.signal })).objects.filter((e) => /(^|\/)schema-\d+$/.test(e.key));
  if (existing.length > 0) throw messageError('Conflict', 'error.paimon.create.exists', { where: storage.description, key: existing[0]!.key }, { file: existing[0]!.key });
  const text = schemaText(json);
  const key = schemaKey(0);
  try {
    await storage.write(key, utf8Encode(text), { ifNoneMatch: '*', contentType: 'application/json', signal: o.signal });
  } catch (e) {
    if (isLakeError(e, 'Conflict')) throw messageError('Conflict', 'error.paimon.create.meanwhile', { key }, { file: key }, e);
    throw paimonError(e, 'paimon create: cannot write', key, 'Io');
  }
  return parseTableSchema(text, key);
}
