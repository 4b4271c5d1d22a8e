/**
 * The version list of a Paimon table (the Snapshots and Tags system tables, `$snapshots` / `$tags`):
 * every snapshot file of the main branch, oldest first, with its commit kind, user and identifier,
 * watermark and record counters, plus the tags and branches pointing at it. A tag whose snapshot has
 * expired still describes a readable version (the tag file is a full snapshot copy) and is listed too.
 */
import type { SchemaDto, ColumnDto, VersionDto, PartitionSpecDto, RecordCountDto, SortOrderDto } from '../../table-format.ts';
import { pool } from '../../../util/async.ts';
import { formatDataType, type DataField } from '../spec/data-type.ts';
import { keyFields, partitionFields, type TableSchema } from '../spec/schema.ts';
import { NO_WATERMARK, type Snapshot } from '../spec/snapshot.ts';
import type { PaimonMetadata } from '../io/metadata.ts';

type Ref = VersionDto['refs'][number];

/** The summary counters of a snapshot as strings (VersionDto.summary). */
function snapshotSummary(s: Snapshot): Record<string, string> {
  const out: Record<string, string> = {
    commitKind: String(s.commitKind),
    commitUser: s.commitUser,
    commitIdentifier: s.commitIdentifier.toString(),
    schemaId: String(s.schemaId),
    baseManifestList: s.baseManifestList,
    deltaManifestList: s.deltaManifestList,
  };
  const put = (k: string, v: bigint | string | undefined) => { if (v !== undefined) out[k] = v.toString(); };
  put('changelogManifestList', s.changelogManifestList);
  put('indexManifest', s.indexManifest);
  put('totalRecordCount', s.totalRecordCount);
  put('deltaRecordCount', s.deltaRecordCount);
  put('changelogRecordCount', s.changelogRecordCount);
  if (s.watermark !== undefined && s.watermark !== NO_WATERMARK) put('watermark', s.watermark);
  put('statistics', s.statistics);
  for (const [k, v] of Object.entries(s.properties ?? {})) out[`property.${k}`] = v;
  return out;
}

/**
 * Lists the versions. Must hold: one entry per `snapshot-N` file, ascending by id, each with its
 * commitKind as operation and timeMillis as timestamp; tags and branches appear in `refs`.
 */
export async function listVersions(meta: PaimonMetadata, signal?: AbortSignal): Promise<VersionDto[]> {
  const ids = await meta.snapshotIds(signal);
  const snapshots = await pool(ids, 8, (id, _i, sig) => meta.snapshot(id, sig), signal);
  const refs = new Map<string, Ref[]>();
  const addRef = (id: bigint, ref: Ref) => refs.set(id.toString(), [...(refs.get(id.toString()) ?? []), ref]);
  const latest = ids[ids.length - 1];
  if (latest !== undefined) addRef(latest, { name: 'main', type: 'branch' });
  const tags = await meta.tags(signal);
  for (const t of tags) addRef(t.snapshot.id, { name: t.name, type: 'tag' });
  for (const b of await meta.branches(signal)) {
    const bm = meta.forBranch(b);
    const bLatest = await bm.latestSnapshotId(signal);
    if (bLatest !== undefined && ids.includes(bLatest)) {
      const [own, main] = await Promise.all([bm.snapshot(bLatest, signal), meta.snapshot(bLatest, signal)]);
      if (own.timeMillis === main.timeMillis && own.baseManifestList === main.baseManifestList) addRef(bLatest, { name: b, type: 'branch' });
    }
  }
  const all = [...snapshots];
  for (const t of tags) {
    if (!ids.includes(t.snapshot.id) && !all.some((s) => s.id === t.snapshot.id)) all.push(t.snapshot);
  }
  all.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const schemaIds = [...new Set(all.map((s) => s.schemaId))];
  // Only to say what the record counts mean: a schema that cannot be read leaves them "before merging".
  const loaded = await pool(schemaIds, 8, (id, _i, sig) => meta.schema(id, sig).catch(() => undefined), signal);
  const schemas = new Map(loaded.filter((x): x is TableSchema => x !== undefined).map((x) => [x.id, x]));
  return all.map((s) => {
    const expired = !ids.includes(s.id);
    const prev = ids.filter((x) => x < s.id).pop();
    return {
      id: s.id.toString(),
      ...(prev !== undefined && prev === s.id - 1n ? { parentId: prev.toString() } : {}),
      timestampMs: s.timeMillis,
      operation: String(s.commitKind),
      summary: expired ? { ...snapshotSummary(s), expired: 'true' } : snapshotSummary(s),
      // Only rows: file counts and bytes live in the manifest lists, not in the snapshot file.
      totals: s.totalRecordCount !== undefined ? { records: recordCount(s, schemas.get(s.schemaId)) } : {},
      schemaId: String(s.schemaId),
      refs: refs.get(s.id.toString()) ?? [],
      isCurrent: s.id === latest,
    };
  });
}

/**
 * What a snapshot's `totalRecordCount` means: the rows of every live data file. That is the live row
 * count only for an append table without deletion vectors. A primary-key table's files hold every
 * version of a key (and `-D` rows) until merged on read; an append table with an index manifest may
 * have rows marked deleted by deletion vectors.
 */
export function recordCount(s: Snapshot, schema: TableSchema | undefined): RecordCountDto {
  const count = (s.totalRecordCount ?? 0n).toString();
  if (schema === undefined || schema.primaryKeys.length > 0) return { count, live: false, basis: 'before merging by primary key' };
  if (s.indexManifest !== undefined) return { count, live: false, basis: 'before deletion vectors' };
  return { count, live: true };
}

function columnOf(f: DataField): ColumnDto {
  const t = f.type;
  const children = t.root === 'ROW' ? t.fields.map(columnOf) : undefined;
  return {
    id: f.id,
    name: f.name,
    type: formatDataType(t),
    required: !t.nullable,
    ...(f.description ? { doc: f.description } : {}),
    ...(children ? { children } : {}),
  };
}

/** Every schema file as a SchemaDto (primary-key field ids as identifier fields). */
export async function listSchemas(meta: PaimonMetadata, signal?: AbortSignal): Promise<SchemaDto[]> {
  const ids = await meta.schemaIds(signal);
  const current = ids[ids.length - 1];
  const schemas = await pool(ids, 8, (id, _i, sig) => meta.schema(id, sig), signal);
  return schemas.map((s) => ({
    schemaId: String(s.id),
    columns: s.fields.map(columnOf),
    identifierFieldIds: s.primaryKeys.map((k) => s.fields.find((f) => f.name === k)!.id),
    isCurrent: s.id === current,
  }));
}

/** Paimon partitions by column values only (identity); the partition keys never change after creation. */
export function partitionSpecOf(schema: TableSchema): PartitionSpecDto[] {
  return [{
    specId: '0',
    fields: partitionFields(schema).map((f) => ({ name: f.name, fieldId: f.id, sourceIds: [f.id], sourceNames: [f.name], transform: 'identity' })),
    isDefault: true,
  }];
}

/** Primary-key tables keep every sorted run ordered by the (trimmed) primary key; append tables have no order. */
export function sortOrderOf(schema: TableSchema): SortOrderDto[] {
  if (schema.primaryKeys.length === 0) return [];
  const fields = keyFields(schema);
  return [{
    orderId: '0',
    fields: fields.map((f) => ({ sourceIds: [f.id], sourceNames: [f.name], transform: 'identity', direction: 'asc', nullOrder: 'nulls-first' })),
    isDefault: true,
  }];
}
