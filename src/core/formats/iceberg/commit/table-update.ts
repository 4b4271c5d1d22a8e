/**
 * Table metadata changes as data: the update and requirement objects of the Iceberg REST catalog spec
 * (`TableUpdate`, `TableRequirement` in open-api/rest-catalog-open-api.yaml), in their wire form, so a
 * commit is a plain list that a file-system table applies here and a REST catalog could apply itself
 * (the pattern of pyiceberg's table/update/__init__.py: a pure reducer plus requirements).
 *
 * Nested objects (schema, spec, sort order, snapshot) are in their metadata JSON form (Appendix C); 64-bit
 * ids are bigint, as util/json parses and writes them.
 */

/** A JSON object as util/json parses it (longs may be number or bigint). */
export type JsonDoc = Record<string, unknown>;

export type TableUpdate =
  | { readonly action: 'assign-uuid'; readonly uuid: string }
  | { readonly action: 'upgrade-format-version'; readonly 'format-version': number }
  | { readonly action: 'add-schema'; readonly schema: JsonDoc }
  /** -1 = the schema added last in this change. */
  | { readonly action: 'set-current-schema'; readonly 'schema-id': number }
  | { readonly action: 'add-spec'; readonly spec: JsonDoc }
  | { readonly action: 'set-default-spec'; readonly 'spec-id': number }
  | { readonly action: 'add-sort-order'; readonly 'sort-order': JsonDoc }
  | { readonly action: 'set-default-sort-order'; readonly 'sort-order-id': number }
  | { readonly action: 'add-snapshot'; readonly snapshot: JsonDoc }
  | {
    readonly action: 'set-snapshot-ref'; readonly 'ref-name': string; readonly type: 'branch' | 'tag'; readonly 'snapshot-id': bigint;
    readonly 'min-snapshots-to-keep'?: number; readonly 'max-snapshot-age-ms'?: bigint; readonly 'max-ref-age-ms'?: bigint;
  }
  | { readonly action: 'remove-snapshot-ref'; readonly 'ref-name': string }
  | { readonly action: 'remove-snapshots'; readonly 'snapshot-ids': readonly bigint[] }
  | { readonly action: 'set-location'; readonly location: string }
  | { readonly action: 'set-properties'; readonly updates: Readonly<Record<string, string>> }
  | { readonly action: 'remove-properties'; readonly removals: readonly string[] }
  | { readonly action: 'set-statistics'; readonly statistics: JsonDoc }
  | { readonly action: 'remove-statistics'; readonly 'snapshot-id': bigint }
  | { readonly action: 'remove-partition-specs'; readonly 'spec-ids': readonly number[] }
  | { readonly action: 'remove-schemas'; readonly 'schema-ids': readonly number[] };

export type TableRequirement =
  | { readonly type: 'assert-create' }
  | { readonly type: 'assert-table-uuid'; readonly uuid: string }
  /** `snapshot-id` null = the ref must not exist. */
  | { readonly type: 'assert-ref-snapshot-id'; readonly ref: string; readonly 'snapshot-id': bigint | null }
  | { readonly type: 'assert-last-assigned-field-id'; readonly 'last-assigned-field-id': number }
  | { readonly type: 'assert-current-schema-id'; readonly 'current-schema-id': number }
  | { readonly type: 'assert-last-assigned-partition-id'; readonly 'last-assigned-partition-id': number }
  | { readonly type: 'assert-default-spec-id'; readonly 'default-spec-id': number }
  | { readonly type: 'assert-default-sort-order-id'; readonly 'default-sort-order-id': number };

/** The branch every table has once it has a snapshot. */
export const MAIN_BRANCH = 'main';

/** Table properties this package reads (spec "Table Properties"; names as in Java `TableProperties`). */
export const PROPS = {
  previousVersionsMax: 'write.metadata.previous-versions-max',
  deleteAfterCommit: 'write.metadata.delete-after-commit.enabled',
  maxSnapshotAgeMs: 'history.expire.max-snapshot-age-ms',
  minSnapshotsToKeep: 'history.expire.min-snapshots-to-keep',
  maxRefAgeMs: 'history.expire.max-ref-age-ms',
  targetFileSize: 'write.target-file-size-bytes',
  parquetCodec: 'write.parquet.compression-codec',
  deleteMode: 'write.delete.mode',
  gcEnabled: 'gc.enabled',
  manifestTargetSize: 'commit.manifest.target-size-bytes',
  manifestMergeEnabled: 'commit.manifest-merge.enabled',
} as const;

/** Iceberg's `commit.manifest.target-size-bytes` default (Java TableProperties): 8 MiB. */
const DEFAULT_MANIFEST_TARGET_BYTES = 8 * 1024 * 1024;

/** The table's manifest target size: its property when a positive number, else the 8 MiB default. */
export function manifestTargetBytes(properties: Readonly<Record<string, string>>): number {
  const n = Number(properties[PROPS.manifestTargetSize]);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_MANIFEST_TARGET_BYTES;
}

export const DEFAULT_PREVIOUS_VERSIONS_MAX = 100;
