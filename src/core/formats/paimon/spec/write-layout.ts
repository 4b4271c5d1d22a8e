/**
 * The metadata layout our writer emits for tables it creates (paimon-core `manifest/ManifestEntrySerializer`,
 * `ManifestFileMetaSerializer`, paimon-api `Snapshot`), equal to what Paimon Java 1.3 writes: the Avro
 * writer schemas of manifests and manifest lists (record names `record`, `record__FILE`, … in namespace
 * `org.apache.paimon.avro.generated`, as Paimon's `AvroSchemaConverter` names them) and the snapshot JSON
 * keys in Jackson's field order. Tables that already have manifests keep their own writer schema (see
 * commit/manifest-writer.ts); these are for new tables.
 */
import type { JsonValue } from '../../../util/json.ts';
import { stringifyJson } from '../../../util/json.ts';

type Json = Record<string, unknown>;
const NS = 'org.apache.paimon.avro.generated';

/** An optional field as Paimon writes it: `["null", T]` with default null. */
const opt = (name: string, type: unknown): Json => ({ name, type: ['null', type], default: null });
const req = (name: string, type: unknown): Json => ({ name, type });

/** `SimpleStats` (min/max BinaryRows and per-field null counts) as a named record. */
function statsRecord(name: string): Json {
  return {
    type: 'record',
    name,
    fields: [req('_MIN_VALUES', 'bytes'), req('_MAX_VALUES', 'bytes'), opt('_NULL_COUNTS', { type: 'array', items: ['null', 'long'] })],
  };
}

/** Writer schema of a manifest file (`ManifestEntry` version 2 with `DataFileMeta` of Paimon 1.3). */
export const MANIFEST_WRITER_SCHEMA: Json = {
  type: 'record',
  name: 'record',
  namespace: NS,
  fields: [
    req('_VERSION', 'int'), req('_KIND', 'int'), req('_PARTITION', 'bytes'), req('_BUCKET', 'int'), req('_TOTAL_BUCKETS', 'int'),
    req('_FILE', {
      type: 'record',
      name: 'record__FILE',
      fields: [
        req('_FILE_NAME', 'string'), req('_FILE_SIZE', 'long'), req('_ROW_COUNT', 'long'),
        req('_MIN_KEY', 'bytes'), req('_MAX_KEY', 'bytes'),
        req('_KEY_STATS', statsRecord('record__FILE__KEY_STATS')),
        req('_VALUE_STATS', statsRecord('record__FILE__VALUE_STATS')),
        req('_MIN_SEQUENCE_NUMBER', 'long'), req('_MAX_SEQUENCE_NUMBER', 'long'),
        req('_SCHEMA_ID', 'long'), req('_LEVEL', 'int'),
        req('_EXTRA_FILES', { type: 'array', items: 'string' }),
        opt('_CREATION_TIME', { type: 'long', logicalType: 'timestamp-millis' }),
        opt('_DELETE_ROW_COUNT', 'long'), opt('_EMBEDDED_FILE_INDEX', 'bytes'), opt('_FILE_SOURCE', 'int'),
        opt('_VALUE_STATS_COLS', { type: 'array', items: 'string' }), opt('_EXTERNAL_PATH', 'string'),
        opt('_FIRST_ROW_ID', 'long'),
      ],
    }),
  ],
};

/** Writer schema of a manifest list (`ManifestFileMeta` version 2 with bucket and level ranges). */
export const MANIFEST_LIST_WRITER_SCHEMA: Json = {
  type: 'record',
  name: 'record',
  namespace: NS,
  fields: [
    req('_VERSION', 'int'), req('_FILE_NAME', 'string'), req('_FILE_SIZE', 'long'),
    req('_NUM_ADDED_FILES', 'long'), req('_NUM_DELETED_FILES', 'long'),
    req('_PARTITION_STATS', statsRecord('record__PARTITION_STATS')),
    req('_SCHEMA_ID', 'long'),
    opt('_MIN_BUCKET', 'int'), opt('_MAX_BUCKET', 'int'), opt('_MIN_LEVEL', 'int'), opt('_MAX_LEVEL', 'int'),
  ],
};

/** Writer schema texts (as stored under `avro.schema`), for `writeManifest` / `writeManifestList`. */
export const MANIFEST_WRITER_SCHEMA_TEXT = JSON.stringify(MANIFEST_WRITER_SCHEMA);
export const MANIFEST_LIST_WRITER_SCHEMA_TEXT = JSON.stringify(MANIFEST_LIST_WRITER_SCHEMA);

/** `Snapshot.CURRENT_VERSION`. */
export const SNAPSHOT_FORMAT_VERSION = 3;

/** The values of a new snapshot; optional ones are left out of the JSON when undefined, as Jackson's NON_NULL does. */
export interface SnapshotFields {
  readonly id: bigint;
  readonly schemaId: number;
  readonly baseManifestList: string;
  readonly baseManifestListSize?: bigint;
  readonly deltaManifestList: string;
  readonly deltaManifestListSize?: bigint;
  readonly changelogManifestList?: string;
  readonly changelogManifestListSize?: bigint;
  readonly indexManifest?: string;
  readonly commitUser: string;
  readonly commitIdentifier: bigint;
  readonly commitKind: string;
  readonly timeMillis: number;
  readonly totalRecordCount: bigint;
  readonly deltaRecordCount: bigint;
  readonly changelogRecordCount?: bigint;
  readonly watermark?: bigint;
  readonly statistics?: string;
  readonly properties?: Readonly<Record<string, string>>;
  readonly nextRowId?: bigint;
}

/**
 * Snapshot JSON with Paimon's keys in Paimon's order. Must hold: `changelogManifestList` is always
 * present (null when absent) and `logOffsets` is `{}` (Paimon 1.x before 1.4 writes both so); every
 * other optional key appears only when set.
 */
export function snapshotJson(f: SnapshotFields): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = { version: SNAPSHOT_FORMAT_VERSION, id: f.id, schemaId: BigInt(f.schemaId) };
  const put = (key: string, v: JsonValue | undefined): void => { if (v !== undefined) out[key] = v; };
  out.baseManifestList = f.baseManifestList;
  put('baseManifestListSize', f.baseManifestListSize);
  out.deltaManifestList = f.deltaManifestList;
  put('deltaManifestListSize', f.deltaManifestListSize);
  out.changelogManifestList = f.changelogManifestList ?? null;
  put('changelogManifestListSize', f.changelogManifestListSize);
  put('indexManifest', f.indexManifest);
  out.commitUser = f.commitUser;
  out.commitIdentifier = f.commitIdentifier;
  out.commitKind = f.commitKind;
  out.timeMillis = BigInt(f.timeMillis);
  out.logOffsets = {};
  out.totalRecordCount = f.totalRecordCount;
  out.deltaRecordCount = f.deltaRecordCount;
  put('changelogRecordCount', f.changelogRecordCount);
  put('watermark', f.watermark);
  put('statistics', f.statistics);
  put('properties', f.properties ? { ...f.properties } : undefined);
  put('nextRowId', f.nextRowId);
  return out;
}

/** The snapshot file text as Paimon's Jackson pretty printer lays it out (`"key" : value`, `{ }`). */
export function snapshotText(f: SnapshotFields): string {
  return stringifyJson(snapshotJson(f), 2)
    .replace(/^(\s*"(?:[^"\\]|\\.)*"):/gm, '$1 :')
    .replace(/\{\}/g, '{ }');
}
