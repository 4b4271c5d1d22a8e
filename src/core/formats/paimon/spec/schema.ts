/**
 * Table schemas (`schema/schema-N`, paimon-api `schema/SchemaSerializer`): fields with stable ids,
 * partition keys, primary keys, options. Every ALTER TABLE writes a new schema file; data files record
 * the schema id they were written with, and readers map old files onto a newer schema by field id
 * (Paimon docs "Schema Evolution").
 */
import { LakeError } from '../../../errors.ts';
import { parseJson } from '../../../util/json.ts';
import { parseDataField, type DataField } from './data-type.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';

export interface TableSchema {
  /** Schema file format version (absent = 1, Paimon 0.7 and older). */
  readonly version: number;
  readonly id: number;
  readonly fields: readonly DataField[];
  readonly highestFieldId: number;
  readonly partitionKeys: readonly string[];
  readonly primaryKeys: readonly string[];
  /** Options as strings, with the old-version defaults Paimon applies (bucket=1 for v1, file.format=orc for ≤ v2). */
  readonly options: Readonly<Record<string, string>>;
  readonly comment?: string;
  readonly timeMillis: number;
}

function invalid(message: ErrorRef, file?: string): LakeError {
  return messageError('DataInvalid', 'error.within', { where: 'paimon schema', message }, file ? { file } : {});
}

/**
 * Parses a schema file. Must hold: invalid JSON, missing fields/keys, duplicate field ids or names, or
 * partition/primary keys naming no field → DataInvalid `paimon schema: …` with `{file}`.
 */
export function parseTableSchema(text: string, file?: string): TableSchema {
  let json: Record<string, unknown>;
  try {
    json = parseJson(text) as Record<string, unknown>;
  } catch (e) {
    throw invalid(errorRef('error.json.notValid', { reason: (e as Error).message }), file);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw invalid(errorRef('error.json.notObject', undefined), file);
  try {
    return toSchema(json);
  } catch (e) {
    if (e instanceof LakeError) throw e.withContext(file ? { file } : {});
    throw e;
  }
}

function toSchema(json: Record<string, unknown>): TableSchema {
  const version = json.version === undefined ? 1 : Number(json.version);
  const id = Number(json.id);
  if (!Number.isInteger(id)) throw invalid(errorRef('error.paimon.spec.missing', { field: 'schema id' }));
  if (!Array.isArray(json.fields)) throw invalid(errorRef('error.paimon.spec.missing', { field: 'fields' }));
  const fields = json.fields.map(parseDataField);
  const ids = new Set<number>();
  const names = new Set<string>();
  for (const f of fields) {
    if (ids.has(f.id)) throw invalid(errorRef('error.paimon.spec.duplicateId', { id: String(f.id) }));
    if (names.has(f.name)) throw invalid(errorRef('error.paimon.spec.duplicateName', { name: f.name }));
    ids.add(f.id);
    names.add(f.name);
  }
  const partitionKeys = stringList(json.partitionKeys ?? [], 'partitionKeys');
  const primaryKeys = stringList(json.primaryKeys ?? [], 'primaryKeys');
  for (const k of [...partitionKeys, ...primaryKeys]) if (!names.has(k)) throw invalid(errorRef('error.paimon.spec.keyNotField', { column: k }));
  const options: Record<string, string> = {};
  const rawOptions = json.options ?? {};
  if (typeof rawOptions !== 'object' || rawOptions === null) throw invalid(errorRef('error.paimon.spec.optionsNotObject', undefined));
  for (const [k, v] of Object.entries(rawOptions)) options[k] = String(v);
  if (version <= 1 && options.bucket === undefined) options.bucket = '1';
  if (version <= 2 && options['file.format'] === undefined) options['file.format'] = 'orc';
  return {
    version,
    id,
    fields,
    highestFieldId: json.highestFieldId === undefined ? Math.max(-1, ...ids) : Number(json.highestFieldId),
    partitionKeys,
    primaryKeys,
    options,
    comment: typeof json.comment === 'string' ? json.comment : undefined,
    timeMillis: json.timeMillis === undefined ? 0 : Number(json.timeMillis),
  };
}

function stringList(v: unknown, what: string): string[] {
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw invalid(errorRef('error.paimon.spec.notNames', { what }));
  return v as string[];
}

/** The field named `name`; undefined if absent. */
function fieldByName(schema: TableSchema, name: string): DataField | undefined {
  return schema.fields.find((f) => f.name === name);
}

/** Fields of the given names, in that order. Must hold: every name exists (checked at parse time for keys). */
export function fieldsByName(schema: TableSchema, names: readonly string[]): DataField[] {
  return names.map((n) => {
    const f = fieldByName(schema, n);
    if (!f) throw invalid(errorRef('error.paimon.spec.noField', { name: n, schema: String(schema.id) }));
    return f;
  });
}

/** Primary keys without partition keys (`TableSchema.trimmedPrimaryKeys`): the key of the LSM tree. */
export function trimmedPrimaryKeys(schema: TableSchema): string[] {
  const trimmed = schema.primaryKeys.filter((k) => !schema.partitionKeys.includes(k));
  return trimmed.length > 0 ? trimmed : [...schema.primaryKeys];
}

/** Partition fields, in partition-key order (the field order of the partition BinaryRow). */
export function partitionFields(schema: TableSchema): DataField[] {
  return fieldsByName(schema, schema.partitionKeys);
}

/** Fields of the LSM key (`_MIN_KEY`/`_MAX_KEY` rows, `_KEY_*` columns). */
export function keyFields(schema: TableSchema): DataField[] {
  return fieldsByName(schema, trimmedPrimaryKeys(schema));
}
