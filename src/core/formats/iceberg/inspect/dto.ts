/**
 * Iceberg metadata as the common model's plain DTOs (formats/table-format.ts): ids and counters as
 * decimal strings, types as the spec writes them.
 */
import type { ColumnDto, PartitionSpecDto, RecordCountDto, SchemaDto, SortOrderDto, VersionCountsDto, VersionDto, VersionTotalsDto } from '../../table-format.ts';
import { recordsAreLive } from '../spec/snapshot.ts';
import { fieldName } from '../spec/schema.ts';
import type { Schema } from '../spec/schema.ts';
import { currentSchema, type TableMetadata } from '../spec/table-metadata.ts';
import { transformToString } from '../spec/transform.ts';
import { type IcebergType, type NestedField, typeToString } from '../spec/types.ts';
import { stringifyJson } from '../../../util/json.ts';

/**
 * Snapshots, oldest first, with the refs that point at each. Built in one pass without spreads: a table
 * of 10,000 snapshots is described on every open, before its timeline can paint (issue 17).
 */
export function versionDtos(meta: TableMetadata): VersionDto[] {
  const refsOf = new Map<bigint, { name: string; type: 'branch' | 'tag' }[]>();
  for (const r of meta.refs) {
    const list = refsOf.get(r.snapshotId);
    if (list) list.push({ name: r.name, type: r.type });
    else refsOf.set(r.snapshotId, [{ name: r.name, type: r.type }]);
  }
  const sorted = [...meta.snapshots].sort((a, b) => a.timestampMs - b.timestampMs || (a.sequenceNumber < b.sequenceNumber ? -1 : 1));
  const out = new Array<VersionDto>(sorted.length);
  for (let i = 0; i < sorted.length; i++) {
    const s = sorted[i]!;
    out[i] = {
      id: String(s.snapshotId),
      parentId: s.parentSnapshotId === undefined ? undefined : String(s.parentSnapshotId),
      timestampMs: s.timestampMs,
      operation: s.operation,
      summary: s.summary,
      totals: versionTotals(s.summary),
      schemaId: s.schemaId === undefined ? undefined : String(s.schemaId),
      sequenceNumber: String(s.sequenceNumber),
      refs: refsOf.get(s.snapshotId)?.map((r) => ({ name: r.name, type: r.type })) ?? [],
      isCurrent: s.snapshotId === meta.currentSnapshotId,
    };
  }
  return out;
}

/** `total-records` counts rows in data files: live only when no delete file is live (spec/snapshot.ts). */
function recordCount(summary: Readonly<Record<string, string>>): RecordCountDto {
  const live = recordsAreLive(summary);
  return live ? { count: summary['total-records']!, live } : { count: summary['total-records']!, live, basis: 'before deletes' };
}

/**
 * The common totals from the snapshot summary (spec "Optional Snapshot Summary Fields"): `total-*` for
 * the table after the commit, `added-*` / `deleted-*` / `removed-*` for the commit itself. A key the
 * writer left out stays absent.
 */
export function versionTotals(summary: Readonly<Record<string, string>>): VersionTotalsDto {
  const out: { -readonly [K in keyof VersionTotalsDto]: VersionTotalsDto[K] } = {};
  if (summary['total-records'] !== undefined) out.records = recordCount(summary);
  const dataFiles = summary['total-data-files'];
  const deleteFiles = summary['total-delete-files'];
  const bytes = summary['total-files-size'];
  if (dataFiles !== undefined) out.dataFiles = dataFiles;
  if (deleteFiles !== undefined) out.deleteFiles = deleteFiles;
  if (bytes !== undefined) out.bytes = bytes;
  const added = counts(summary['added-records'], summary['added-data-files'], summary['added-delete-files'], summary['added-files-size']);
  const removed = counts(summary['deleted-records'], summary['deleted-data-files'], summary['removed-delete-files'], summary['removed-files-size']);
  if (added) out.added = added;
  if (removed) out.removed = removed;
  return out;
}

function counts(records?: string, dataFiles?: string, deleteFiles?: string, bytes?: string): VersionCountsDto | undefined {
  if (records === undefined && dataFiles === undefined && deleteFiles === undefined && bytes === undefined) return undefined;
  const out: { -readonly [K in keyof VersionCountsDto]: VersionCountsDto[K] } = {};
  if (records !== undefined) out.records = records;
  if (dataFiles !== undefined) out.dataFiles = dataFiles;
  if (deleteFiles !== undefined) out.deleteFiles = deleteFiles;
  if (bytes !== undefined) out.bytes = bytes;
  return out;
}

export function schemaDtos(meta: TableMetadata): SchemaDto[] {
  return meta.schemas.map((s) => ({
    schemaId: String(s.schemaId), columns: s.fields.map(columnDto), identifierFieldIds: s.identifierFieldIds,
    isCurrent: s.schemaId === meta.currentSchemaId,
  }));
}

function columnDto(f: NestedField): ColumnDto {
  return {
    id: f.id, name: f.name, type: typeToString(f.type), required: f.required, doc: f.doc,
    initialDefault: f.initialDefault === undefined ? undefined : stringifyJson(f.initialDefault),
    writeDefault: f.writeDefault === undefined ? undefined : stringifyJson(f.writeDefault),
    children: childFields(f.type)?.map(columnDto),
  };
}

function childFields(t: IcebergType): NestedField[] | undefined {
  if (t.kind === 'struct') return [...t.fields];
  if (t.kind === 'list') return [{ id: t.elementId, name: 'element', required: t.elementRequired, type: t.element }];
  if (t.kind === 'map') return [{ id: t.keyId, name: 'key', required: true, type: t.key }, { id: t.valueId, name: 'value', required: t.valueRequired, type: t.value }];
  return undefined;
}

/** Source column names: current schema first, then older schemas (a dropped source keeps its old name). */
function sourceName(meta: TableMetadata, id: number): string {
  for (const s of [currentSchema(meta), ...[...meta.schemas].reverse()]) {
    const n = fieldName(s as Schema, id);
    if (n) return n;
  }
  return '?';
}

export function partitionSpecDtos(meta: TableMetadata): PartitionSpecDto[] {
  return meta.partitionSpecs.map((s) => ({
    specId: String(s.specId), isDefault: s.specId === meta.defaultSpecId,
    fields: s.fields.map((f) => ({ name: f.name, fieldId: f.fieldId, sourceIds: f.sourceIds, sourceNames: f.sourceIds.map((id) => sourceName(meta, id)), transform: transformToString(f.transform) })),
  }));
}

export function sortOrderDtos(meta: TableMetadata): SortOrderDto[] {
  return meta.sortOrders.map((o) => ({
    orderId: String(o.orderId), isDefault: o.orderId === meta.defaultSortOrderId,
    fields: o.fields.map((f) => ({ sourceIds: f.sourceIds, sourceNames: f.sourceIds.map((id) => sourceName(meta, id)), transform: transformToString(f.transform), direction: f.direction, nullOrder: f.nullOrder })),
  }));
}
