/**
 * A table's metadata as tables, as Trino and pyiceberg expose them (`"orders$snapshots"`, issue 16).
 * Built from the common model for every format (`snapshots`, `history`, `refs`, `files`, `partitions`,
 * `schemas`, `properties`/`options`); a format's own richer ones (Iceberg's `files` with per-column counts,
 * null counts and bounds, `manifests`, `entries` …) come through {@link LakeTable.inspect} and win.
 */
import { LakeError } from '../../errors.ts';
import { errorRef } from '../../messages/message-parts.ts';
import { messageError } from '../../message-error.ts';
import type { LakeTable, VersionDto, VersionSelector } from '../../formats/table-format.ts';
import { partitionStats } from '../partition-stats.ts';
import { planScan } from '../plan-scan.ts';
import { sqlId, sqlRowsOf } from './sql-values.ts';
import { METADATA_TABLE_ALIASES, metadataTableNames, type ModelTableName } from '../metadata-table-names.ts';

/** Rows of a metadata table and its columns in order. */
export interface MetadataRows {
  readonly columns: readonly string[];
  readonly rows: readonly Record<string, unknown>[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Metadata tables built from the model (every format has these). */
const MODEL_TABLES: Readonly<Record<ModelTableName, (t: LakeTable, v: VersionSelector, signal?: AbortSignal) => Promise<MetadataRows>>> = {
  async snapshots(t, _v, signal) {
    const versions = await t.versions(signal);
    return {
      columns: ['committed_at', 'snapshot_id', 'parent_id', 'operation', 'schema_id', 'sequence_number', 'record_count', 'data_files', 'delete_files', 'total_bytes', 'is_current', 'summary'],
      rows: versions.map((x) => ({
        committed_at: iso(x.timestampMs), snapshot_id: sqlId(x.id), parent_id: x.parentId === undefined ? null : sqlId(x.parentId), operation: x.operation,
        schema_id: x.schemaId ?? null, sequence_number: x.sequenceNumber === undefined ? null : sqlId(x.sequenceNumber),
        record_count: x.totals.records ? sqlId(x.totals.records.count) : null, data_files: x.totals.dataFiles === undefined ? null : sqlId(x.totals.dataFiles),
        delete_files: x.totals.deleteFiles === undefined ? null : sqlId(x.totals.deleteFiles), total_bytes: x.totals.bytes === undefined ? null : sqlId(x.totals.bytes),
        is_current: x.isCurrent, summary: { ...x.summary },
      })),
    };
  },
  async history(t, _v, signal) {
    const versions = await t.versions(signal);
    const ancestors = currentAncestors(versions);
    return {
      columns: ['made_current_at', 'snapshot_id', 'parent_id', 'is_current_ancestor'],
      rows: versions.map((x) => ({ made_current_at: iso(x.timestampMs), snapshot_id: sqlId(x.id), parent_id: x.parentId === undefined ? null : sqlId(x.parentId), is_current_ancestor: ancestors.has(x.id) })),
    };
  },
  async refs(t, _v, signal) {
    const versions = await t.versions(signal);
    return {
      columns: ['name', 'type', 'snapshot_id'],
      rows: versions.flatMap((x) => x.refs.map((r) => ({ name: r.name, type: r.type.toUpperCase(), snapshot_id: sqlId(x.id) }))),
    };
  },
  async files(t, v, signal) {
    const plan = await planScan(t, { ...v, signal });
    return {
      columns: ['content', 'file_path', 'file_format', 'partition', 'spec_id', 'record_count', 'file_size_in_bytes', 'delete_file_count', 'row_groups'],
      rows: plan.files.map((f) => ({
        content: f.content, file_path: f.path, file_format: f.fileFormat ?? null, partition: f.partition, spec_id: f.specId ?? null,
        record_count: f.records === undefined ? null : sqlId(f.records), file_size_in_bytes: sqlId(f.bytes), delete_file_count: f.deletes.length,
        row_groups: f.rowGroups === undefined ? null : [...f.rowGroups],
      })),
    };
  },
  async partitions(t, v, signal) {
    const stats = await partitionStats(t, v, signal);
    return {
      columns: ['partition', 'spec_id', 'record_count', 'file_count', 'total_data_file_size_in_bytes', 'delete_file_count', 'values'],
      rows: stats.partitions.map((p) => ({ partition: p.partition, spec_id: p.specId, record_count: p.records, file_count: p.dataFiles, total_data_file_size_in_bytes: p.bytes, delete_file_count: p.deleteFiles, values: { ...p.values } })),
    };
  },
  async schemas(t, _v, signal) {
    const schemas = await t.schemas(signal);
    return {
      columns: ['schema_id', 'is_current', 'columns', 'fields'],
      rows: schemas.map((s) => ({ schema_id: s.schemaId, is_current: s.isCurrent, columns: s.columns.map((c) => c.name).join(', '), fields: s.columns.map((c) => ({ id: c.id ?? null, name: c.name, type: c.type, required: c.required })) })),
    };
  },
  /** The table's past states as files (Iceberg metadata files, Delta checkpoints, Paimon snapshot files, Hudi completed instants). */
  async states(t, _v, signal) {
    const states = await t.states(signal);
    return {
      columns: ['kind', 'name', 'key', 'version', 'sequence', 'file_size_in_bytes', 'last_modified', 'is_current'],
      rows: states.map((x) => ({
        kind: x.kind, name: x.name, key: x.key, version: x.version === undefined ? null : sqlId(x.version), sequence: x.sequence ?? null,
        file_size_in_bytes: x.size ?? null, last_modified: x.lastModified === undefined ? null : iso(x.lastModified), is_current: x.isCurrent,
      })),
    };
  },
  async properties(t) {
    return { columns: ['key', 'value'], rows: Object.entries(t.properties ?? {}).map(([key, value]) => ({ key, value })) };
  },
};

/** Ids of the current version and its ancestors (by parent links). */
function currentAncestors(versions: readonly VersionDto[]): Set<string> {
  const byId = new Map(versions.map((v) => [v.id, v]));
  const out = new Set<string>();
  let v = versions.find((x) => x.isCurrent);
  while (v && !out.has(v.id)) { out.add(v.id); v = v.parentId === undefined ? undefined : byId.get(v.parentId); }
  return out;
}

export { metadataTableNames };

/** Splits `orders$snapshots` into the table name and the metadata table; undefined when no `$`. */
export function splitMetadataName(name: string): { table: string; metadata: string } | undefined {
  const k = name.lastIndexOf('$');
  return k > 0 && k < name.length - 1 ? { table: name.slice(0, k), metadata: name.slice(k + 1).toLowerCase() } : undefined;
}

/** The rows of metadata table `name` of `table` at `version`. NotFound naming the known ones when it has none of that name. */
export async function metadataRows(table: LakeTable, name: string, version: VersionSelector, signal?: AbortSignal): Promise<MetadataRows> {
  if (table.inspect && table.inspectTables?.includes(name)) {
    const arrow = await table.inspect(name, { ...version, signal });
    const columns = arrow.schema.fields.map((f) => f.name);
    return { columns, rows: arrow.batches.flatMap((b) => sqlRowsOf(b, columns)) };
  }
  const fn = (MODEL_TABLES as Readonly<Record<string, (typeof MODEL_TABLES)[ModelTableName] | undefined>>)[METADATA_TABLE_ALIASES[name] ?? name];
  if (!fn) throw messageError('NotFound', 'error.sql', { message: errorRef('error.sql.noMetadataTable', { name, known: metadataTableNames(table).map((n) => `$${n}`).join(', ') }) }, { metadataTable: name });
  return fn(table, version, signal);
}
