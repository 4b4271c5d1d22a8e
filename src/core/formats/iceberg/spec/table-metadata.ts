/**
 * Table metadata (spec "Table Metadata", Appendix C "Table Metadata and Snapshots", Appendix E for
 * reading v1 as v2). Versions 1–3 are read into one normalised model; version 4 (under development) and
 * anything newer is refused with Unsupported, as the spec requires ("Implementations must throw an
 * exception if a table's version is higher than the supported version").
 */
import { type JsonCtx, asArray, asObject, at, invalid, optInt, optLong, optString, optStringMap, reqField, reqInt, reqLong, reqString } from './json-fields.ts';
import { type PartitionSpec, parsePartitionFields, parsePartitionSpec } from './partition-spec.ts';
import { type Schema, parseSchema } from './schema.ts';
import {
  type MetadataLogEntry, type Snapshot, type SnapshotLogEntry, type SnapshotRef,
  parseCurrentSnapshotId, parseMetadataLog, parseRefs, parseSnapshot, parseSnapshotLog,
} from './snapshot.ts';
import { type SortOrder, UNSORTED_ORDER, parseSortOrder } from './sort-order.ts';
import { type PartitionStatisticsFile, type StatisticsFile, parsePartitionStatistics, parseStatistics } from './statistics.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef } from '../../../messages/message-parts.ts';

const SUPPORTED_FORMAT_VERSIONS = [1, 2, 3] as const;
export type FormatVersion = (typeof SUPPORTED_FORMAT_VERSIONS)[number];

export interface EncryptionKey {
  readonly keyId: string;
  readonly encryptedKeyMetadata: string;
  readonly encryptedById?: string;
  readonly properties: Readonly<Record<string, string>>;
}

export interface TableMetadata {
  readonly formatVersion: FormatVersion;
  readonly tableUuid?: string;
  readonly location: string;
  /** 0 for v1. */
  readonly lastSequenceNumber: bigint;
  readonly lastUpdatedMs: number;
  readonly lastColumnId: number;
  readonly schemas: readonly Schema[];
  readonly currentSchemaId: number;
  readonly partitionSpecs: readonly PartitionSpec[];
  readonly defaultSpecId: number;
  readonly lastPartitionId?: number;
  readonly properties: Readonly<Record<string, string>>;
  readonly currentSnapshotId?: bigint;
  readonly snapshots: readonly Snapshot[];
  readonly snapshotLog: readonly SnapshotLogEntry[];
  readonly metadataLog: readonly MetadataLogEntry[];
  readonly sortOrders: readonly SortOrder[];
  readonly defaultSortOrderId: number;
  /** Always includes `main` when there is a current snapshot (spec: "Always a main branch reference, even if refs is null"). */
  readonly refs: readonly SnapshotRef[];
  readonly statistics: readonly StatisticsFile[];
  readonly partitionStatistics: readonly PartitionStatisticsFile[];
  readonly nextRowId?: bigint;
  readonly encryptionKeys: readonly EncryptionKey[];
}

/**
 * Parses a metadata JSON value (from util/json's parseJson, so longs may be bigint). `file` names the
 * metadata file in errors. Throws Unsupported for format-version ≥ 4, DataInvalid for anything missing or malformed.
 */
export function parseTableMetadata(json: unknown, file?: string): TableMetadata {
  const ctx: JsonCtx = { subsystem: 'iceberg metadata', path: '', file };
  const o = asObject(json, ctx);
  const version = reqInt(o, 'format-version', ctx);
  if (version >= 4) {
    throw messageError('Unsupported', 'error.iceberg.formatVersion', { version }, file ? { file, formatVersion: version } : { formatVersion: version });
  }
  if (version < 1) throw invalid(at(ctx, 'format-version'), errorRef('error.iceberg.json.formatVersion', { version: String(version) }));
  const formatVersion = version as FormatVersion;
  const v2 = formatVersion >= 2;

  const { schemas, currentSchemaId } = readSchemas(o, ctx, v2);
  const { specs, defaultSpecId } = readSpecs(o, ctx, v2);
  const sortOrders = o['sort-orders'] === undefined && !v2 ? [UNSORTED_ORDER]
    : asArray(reqField(o, 'sort-orders', ctx), at(ctx, 'sort-orders')).map((s, i) => parseSortOrder(s, at(at(ctx, 'sort-orders'), i)));
  const snapshots = o.snapshots === undefined || o.snapshots === null ? []
    : asArray(o.snapshots, at(ctx, 'snapshots')).map((s, i) => parseSnapshot(s, at(at(ctx, 'snapshots'), i), formatVersion));
  const currentSnapshotId = parseCurrentSnapshotId(o['current-snapshot-id'], at(ctx, 'current-snapshot-id'));
  if (currentSnapshotId !== undefined && !snapshots.some((s) => s.snapshotId === currentSnapshotId)) {
    throw invalid(at(ctx, 'current-snapshot-id'), errorRef('error.iceberg.json.currentSnapshot', { id: String(currentSnapshotId) }));
  }
  let refs = parseRefs(o.refs, at(ctx, 'refs'));
  if (currentSnapshotId !== undefined && !refs.some((r) => r.name === 'main')) {
    refs = [{ name: 'main', type: 'branch', snapshotId: currentSnapshotId }, ...refs];
  }
  return {
    formatVersion,
    tableUuid: v2 ? reqString(o, 'table-uuid', ctx) : optString(o, 'table-uuid', ctx),
    location: reqString(o, 'location', ctx),
    lastSequenceNumber: v2 ? reqLong(o, 'last-sequence-number', ctx) : optLong(o, 'last-sequence-number', ctx) ?? 0n,
    lastUpdatedMs: Number(reqLong(o, 'last-updated-ms', ctx)),
    lastColumnId: reqInt(o, 'last-column-id', ctx),
    schemas, currentSchemaId,
    partitionSpecs: specs, defaultSpecId,
    lastPartitionId: v2 ? reqInt(o, 'last-partition-id', ctx) : optInt(o, 'last-partition-id', ctx),
    properties: optStringMap(o, 'properties', ctx),
    currentSnapshotId,
    snapshots,
    snapshotLog: parseSnapshotLog(o['snapshot-log'], at(ctx, 'snapshot-log')),
    metadataLog: parseMetadataLog(o['metadata-log'], at(ctx, 'metadata-log')),
    sortOrders,
    defaultSortOrderId: v2 ? reqInt(o, 'default-sort-order-id', ctx) : optInt(o, 'default-sort-order-id', ctx) ?? 0,
    refs,
    statistics: parseStatistics(o.statistics, at(ctx, 'statistics')),
    partitionStatistics: parsePartitionStatistics(o['partition-statistics'], at(ctx, 'partition-statistics')),
    nextRowId: formatVersion >= 3 ? reqLong(o, 'next-row-id', ctx) : optLong(o, 'next-row-id', ctx),
    encryptionKeys: parseEncryptionKeys(o['encryption-keys'], at(ctx, 'encryption-keys')),
  };
}

/** v2+ `schemas` + `current-schema-id`; v1 may have only the deprecated `schema`. */
function readSchemas(o: Record<string, unknown>, ctx: JsonCtx, v2: boolean): { schemas: Schema[]; currentSchemaId: number } {
  if (o.schemas !== undefined && o.schemas !== null) {
    const schemas = asArray(o.schemas, at(ctx, 'schemas')).map((s, i) => parseSchema(s, at(at(ctx, 'schemas'), i), i));
    const currentSchemaId = v2 ? reqInt(o as never, 'current-schema-id', ctx) : optInt(o as never, 'current-schema-id', ctx) ?? schemas[schemas.length - 1]?.schemaId ?? 0;
    if (!schemas.some((s) => s.schemaId === currentSchemaId)) throw invalid(at(ctx, 'current-schema-id'), errorRef('error.iceberg.json.currentSchema', { id: String(currentSchemaId) }));
    return { schemas, currentSchemaId };
  }
  if (v2) throw invalid(at(ctx, 'schemas'), errorRef('error.iceberg.json.missing', undefined));
  const schema = parseSchema(reqField(o as never, 'schema', ctx), at(ctx, 'schema'), optInt(o as never, 'current-schema-id', ctx) ?? 0);
  return { schemas: [schema], currentSchemaId: schema.schemaId };
}

/** v2+ `partition-specs` + `default-spec-id`; v1 may have only the deprecated field list `partition-spec`. */
function readSpecs(o: Record<string, unknown>, ctx: JsonCtx, v2: boolean): { specs: PartitionSpec[]; defaultSpecId: number } {
  if (o['partition-specs'] !== undefined && o['partition-specs'] !== null) {
    const specs = asArray(o['partition-specs'], at(ctx, 'partition-specs')).map((s, i) => parsePartitionSpec(s, at(at(ctx, 'partition-specs'), i)));
    const defaultSpecId = v2 ? reqInt(o as never, 'default-spec-id', ctx) : optInt(o as never, 'default-spec-id', ctx) ?? specs[specs.length - 1]?.specId ?? 0;
    if (!specs.some((s) => s.specId === defaultSpecId)) throw invalid(at(ctx, 'default-spec-id'), errorRef('error.iceberg.json.defaultSpec', { id: String(defaultSpecId) }));
    return { specs, defaultSpecId };
  }
  if (v2) throw invalid(at(ctx, 'partition-specs'), errorRef('error.iceberg.json.missing', undefined));
  const fields = parsePartitionFields(reqField(o as never, 'partition-spec', ctx), at(ctx, 'partition-spec'));
  return { specs: [{ specId: 0, fields }], defaultSpecId: 0 };
}

function parseEncryptionKeys(json: unknown, ctx: JsonCtx): EncryptionKey[] {
  if (json === undefined || json === null) return [];
  return asArray(json, ctx).map((k, i) => {
    const c = at(ctx, i); const o = asObject(k, c);
    return {
      keyId: reqString(o, 'key-id', c),
      // Early drafts named it `key-metadata` (see the spec's own example); accept both.
      encryptedKeyMetadata: optString(o, 'encrypted-key-metadata', c) ?? reqString(o, 'key-metadata', c),
      encryptedById: optString(o, 'encrypted-by-id', c),
      properties: optStringMap(o, 'properties', c),
    };
  });
}

/** The snapshot with this id, or undefined. */
export function findSnapshot(meta: TableMetadata, id: bigint): Snapshot | undefined {
  return meta.snapshots.find((s) => s.snapshotId === id);
}

/** The schema with this id, or undefined. */
export function findSchema(meta: TableMetadata, id: number): Schema | undefined {
  return meta.schemas.find((s) => s.schemaId === id);
}

/** The current schema (always present: parse checks it). */
export function currentSchema(meta: TableMetadata): Schema {
  return findSchema(meta, meta.currentSchemaId)!;
}

/** The partition spec with this id, or undefined. */
export function findSpec(meta: TableMetadata, id: number): PartitionSpec | undefined {
  return meta.partitionSpecs.find((s) => s.specId === id);
}

/**
 * The schema a snapshot's rows are read with: the snapshot's own `schema-id` when recorded (spec
 * Appendix F "Point in Time Reads"), else the current schema (v1 snapshots have none). The current
 * snapshot of the main branch is read with the current schema, as engines do after a rename.
 */
export function schemaForSnapshot(meta: TableMetadata, snapshot: Snapshot): Schema {
  if (snapshot.snapshotId === meta.currentSnapshotId) return currentSchema(meta);
  return (snapshot.schemaId !== undefined ? findSchema(meta, snapshot.schemaId) : undefined) ?? currentSchema(meta);
}
