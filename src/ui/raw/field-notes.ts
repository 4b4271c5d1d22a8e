/**
 * Short explanations of the fields of each raw file kind, with the spec section that defines them — the
 * Raw view's teaching text. Written from the specs: Iceberg table spec (Manifests, Manifest Lists,
 * Table Metadata), Puffin spec, Parquet metadata, Paimon file specs. The texts are catalog messages
 * (core/messages/en-raw.ts and zh-raw.ts), shown in the reader's language.
 */
import type { enRaw } from '../../core/messages/en-raw.ts';

/** The key of a Raw tab note. */
export type RawNoteKey = keyof typeof enRaw;

export const ICEBERG_SPEC = 'https://iceberg.apache.org/spec/';
const PUFFIN_SPEC = 'https://iceberg.apache.org/puffin-spec/';
const PARQUET_SPEC = 'https://parquet.apache.org/docs/file-format/metadata/';
export const PAIMON_SPEC = 'https://paimon.apache.org/docs/master/concepts/spec/';
export const DELTA_SPEC = 'https://github.com/delta-io/delta/blob/master/PROTOCOL.md';

/** A note: its catalog key (core/messages/en-raw.ts, no parameters) and the spec section it comes from. */
export interface FieldNote { readonly key: RawNoteKey; readonly href: string }

const ice = (anchor: string) => `${ICEBERG_SPEC}#${anchor}`;
type Notes = Readonly<Record<string, readonly [RawNoteKey, string]>>;

const MANIFEST_ENTRY: Notes = {
  status: ['ui.rawNote.manifest.status', ice('manifest-entry-fields')],
  snapshot_id: ['ui.rawNote.manifest.snapshot_id', ice('manifest-entry-fields')],
  sequence_number: ['ui.rawNote.manifest.sequence_number', ice('sequence-number-inheritance')],
  file_sequence_number: ['ui.rawNote.manifest.file_sequence_number', ice('manifest-entry-fields')],
  data_file: ['ui.rawNote.manifest.data_file', ice('data-file-fields')],
  'data_file.content': ['ui.rawNote.manifest.data_file.content', ice('data-file-fields')],
  'data_file.file_path': ['ui.rawNote.manifest.data_file.file_path', ice('data-file-fields')],
  'data_file.file_format': ['ui.rawNote.manifest.data_file.file_format', ice('data-file-fields')],
  'data_file.partition': ['ui.rawNote.manifest.data_file.partition', ice('partitioning')],
  'data_file.record_count': ['ui.rawNote.manifest.data_file.record_count', ice('data-file-fields')],
  'data_file.file_size_in_bytes': ['ui.rawNote.manifest.data_file.file_size_in_bytes', ice('data-file-fields')],
  'data_file.column_sizes': ['ui.rawNote.manifest.data_file.column_sizes', ice('data-file-fields')],
  'data_file.value_counts': ['ui.rawNote.manifest.data_file.value_counts', ice('field-level-metrics-and-statistics')],
  'data_file.null_value_counts': ['ui.rawNote.manifest.data_file.null_value_counts', ice('field-level-metrics-and-statistics')],
  'data_file.nan_value_counts': ['ui.rawNote.manifest.data_file.nan_value_counts', ice('field-level-metrics-and-statistics')],
  'data_file.lower_bounds': ['ui.rawNote.manifest.data_file.lower_bounds', ice('appendix-d-single-value-serialization')],
  'data_file.upper_bounds': ['ui.rawNote.manifest.data_file.upper_bounds', ice('appendix-d-single-value-serialization')],
  'data_file.split_offsets': ['ui.rawNote.manifest.data_file.split_offsets', ice('data-file-fields')],
  'data_file.equality_ids': ['ui.rawNote.manifest.data_file.equality_ids', ice('equality-delete-files')],
  'data_file.sort_order_id': ['ui.rawNote.manifest.data_file.sort_order_id', ice('sorting')],
  'data_file.first_row_id': ['ui.rawNote.manifest.data_file.first_row_id', ice('first-row-id-inheritance')],
  'data_file.referenced_data_file': ['ui.rawNote.manifest.data_file.referenced_data_file', ice('deletion-vectors')],
  'data_file.content_offset': ['ui.rawNote.manifest.data_file.content_offset', ice('deletion-vectors')],
  'data_file.content_size_in_bytes': ['ui.rawNote.manifest.data_file.content_size_in_bytes', ice('deletion-vectors')],
};

const MANIFEST_LIST: Notes = {
  manifest_path: ['ui.rawNote.manifestList.manifest_path', ice('manifest-lists')],
  manifest_length: ['ui.rawNote.manifestList.manifest_length', ice('manifest-lists')],
  partition_spec_id: ['ui.rawNote.manifestList.partition_spec_id', ice('partition-evolution')],
  content: ['ui.rawNote.manifestList.content', ice('manifest-lists')],
  sequence_number: ['ui.rawNote.manifestList.sequence_number', ice('sequence-numbers')],
  min_sequence_number: ['ui.rawNote.manifestList.min_sequence_number', ice('manifest-lists')],
  added_snapshot_id: ['ui.rawNote.manifestList.added_snapshot_id', ice('manifest-lists')],
  added_files_count: ['ui.rawNote.manifestList.added_files_count', ice('manifest-lists')],
  existing_files_count: ['ui.rawNote.manifestList.existing_files_count', ice('manifest-lists')],
  deleted_files_count: ['ui.rawNote.manifestList.deleted_files_count', ice('manifest-lists')],
  added_rows_count: ['ui.rawNote.manifestList.added_rows_count', ice('manifest-lists')],
  existing_rows_count: ['ui.rawNote.manifestList.existing_rows_count', ice('manifest-lists')],
  deleted_rows_count: ['ui.rawNote.manifestList.deleted_rows_count', ice('manifest-lists')],
  partitions: ['ui.rawNote.manifestList.partitions', ice('manifest-lists')],
  first_row_id: ['ui.rawNote.manifestList.first_row_id', ice('first-row-id-assignment')],
};

const TABLE_METADATA: Notes = {
  'format-version': ['ui.rawNote.metadata.format-version', ice('format-versioning')],
  'table-uuid': ['ui.rawNote.metadata.table-uuid', ice('table-metadata-fields')],
  location: ['ui.rawNote.metadata.location', ice('table-metadata-fields')],
  'last-sequence-number': ['ui.rawNote.metadata.last-sequence-number', ice('sequence-numbers')],
  'last-updated-ms': ['ui.rawNote.metadata.last-updated-ms', ice('table-metadata-fields')],
  'last-column-id': ['ui.rawNote.metadata.last-column-id', ice('schema-evolution')],
  schemas: ['ui.rawNote.metadata.schemas', ice('schemas-and-data-types')],
  'current-schema-id': ['ui.rawNote.metadata.current-schema-id', ice('table-metadata-fields')],
  'partition-specs': ['ui.rawNote.metadata.partition-specs', ice('partitioning')],
  'default-spec-id': ['ui.rawNote.metadata.default-spec-id', ice('partition-evolution')],
  'last-partition-id': ['ui.rawNote.metadata.last-partition-id', ice('partitioning')],
  properties: ['ui.rawNote.metadata.properties', ice('table-metadata-fields')],
  'current-snapshot-id': ['ui.rawNote.metadata.current-snapshot-id', ice('snapshots')],
  snapshots: ['ui.rawNote.metadata.snapshots', ice('snapshots')],
  'snapshot-log': ['ui.rawNote.metadata.snapshot-log', ice('table-metadata-fields')],
  'metadata-log': ['ui.rawNote.metadata.metadata-log', ice('table-metadata-fields')],
  'sort-orders': ['ui.rawNote.metadata.sort-orders', ice('sorting')],
  'default-sort-order-id': ['ui.rawNote.metadata.default-sort-order-id', ice('sorting')],
  refs: ['ui.rawNote.metadata.refs', ice('snapshot-references')],
  statistics: ['ui.rawNote.metadata.statistics', ice('table-statistics')],
  'partition-statistics': ['ui.rawNote.metadata.partition-statistics', ice('partition-statistics')],
  'next-row-id': ['ui.rawNote.metadata.next-row-id', ice('row-lineage')],
};

const PUFFIN: Notes = {
  blobs: ['ui.rawNote.puffin.blobs', `${PUFFIN_SPEC}#blobmetadata`],
  'blobs.type': ['ui.rawNote.puffin.blobs.type', `${PUFFIN_SPEC}#deletion-vector-v1-blob-type`],
  'blobs.offset': ['ui.rawNote.puffin.blobs.offset', `${PUFFIN_SPEC}#blobmetadata`],
  'blobs.length': ['ui.rawNote.puffin.blobs.length', `${PUFFIN_SPEC}#blobmetadata`],
  'blobs.properties': ['ui.rawNote.puffin.blobs.properties', `${PUFFIN_SPEC}#deletion-vector-v1-blob-type`],
  properties: ['ui.rawNote.puffin.properties', `${PUFFIN_SPEC}#filemetadata`],
};

const PARQUET: Notes = {
  version: ['ui.rawNote.parquet.version', PARQUET_SPEC],
  schema: ['ui.rawNote.parquet.schema', PARQUET_SPEC],
  num_rows: ['ui.rawNote.parquet.num_rows', PARQUET_SPEC],
  row_groups: ['ui.rawNote.parquet.row_groups', PARQUET_SPEC],
  key_value_metadata: ['ui.rawNote.parquet.key_value_metadata', PARQUET_SPEC],
  created_by: ['ui.rawNote.parquet.created_by', PARQUET_SPEC],
  metadata_length: ['ui.rawNote.parquet.metadata_length', PARQUET_SPEC],
};

const ORC_SPEC = 'https://orc.apache.org/specification/ORCv1/';
const orc = (anchor: string) => `${ORC_SPEC}#${anchor}`;

const ORC: Notes = {
  postscript: ['ui.rawNote.orc.postscript', orc('postscript')],
  'postscript.compression': ['ui.rawNote.orc.postscript.compression', orc('compression')],
  'postscript.version': ['ui.rawNote.orc.postscript.version', orc('postscript')],
  'postscript.writerVersion': ['ui.rawNote.orc.postscript.writerVersion', orc('postscript')],
  schema: ['ui.rawNote.orc.schema', orc('type-information')],
  types: ['ui.rawNote.orc.types', orc('type-information')],
  'types.attributes': ['ui.rawNote.orc.types.attributes', orc('type-information')],
  numberOfRows: ['ui.rawNote.orc.numberOfRows', orc('footer')],
  rowIndexStride: ['ui.rawNote.orc.rowIndexStride', orc('row-index')],
  writer: ['ui.rawNote.orc.writer', orc('footer')],
  stripes: ['ui.rawNote.orc.stripes', orc('stripes')],
  'stripes.streams': ['ui.rawNote.orc.stripes.streams', orc('stripes')],
  'stripes.encodings': ['ui.rawNote.orc.stripes.encodings', orc('column-encodings')],
  'stripes.writerTimezone': ['ui.rawNote.orc.stripes.writerTimezone', orc('stripes')],
  'stripes.statistics': ['ui.rawNote.orc.stripes.statistics', orc('column-statistics')],
  statistics: ['ui.rawNote.orc.statistics', orc('column-statistics')],
  metadata: ['ui.rawNote.orc.metadata', orc('footer')],
};

const PAIMON_SNAPSHOT: Notes = {
  id: ['ui.rawNote.paimonSnapshot.id', `${PAIMON_SPEC}snapshot/`],
  schemaId: ['ui.rawNote.paimonSnapshot.schemaId', `${PAIMON_SPEC}schema/`],
  baseManifestList: ['ui.rawNote.paimonSnapshot.baseManifestList', `${PAIMON_SPEC}manifest/`],
  deltaManifestList: ['ui.rawNote.paimonSnapshot.deltaManifestList', `${PAIMON_SPEC}manifest/`],
  changelogManifestList: ['ui.rawNote.paimonSnapshot.changelogManifestList', `${PAIMON_SPEC}manifest/`],
  indexManifest: ['ui.rawNote.paimonSnapshot.indexManifest', `${PAIMON_SPEC}tableindex/`],
  commitKind: ['ui.rawNote.paimonSnapshot.commitKind', `${PAIMON_SPEC}snapshot/`],
  timeMillis: ['ui.rawNote.paimonSnapshot.timeMillis', `${PAIMON_SPEC}snapshot/`],
  totalRecordCount: ['ui.rawNote.paimonSnapshot.totalRecordCount', `${PAIMON_SPEC}snapshot/`],
  deltaRecordCount: ['ui.rawNote.paimonSnapshot.deltaRecordCount', `${PAIMON_SPEC}snapshot/`],
};

const BY_ROLE: Readonly<Record<string, Notes>> = {
  'iceberg-manifest': MANIFEST_ENTRY,
  'iceberg-manifest-list': MANIFEST_LIST,
  'iceberg-metadata': TABLE_METADATA,
  'iceberg-metadata-gzip': TABLE_METADATA,
  'puffin-footer': PUFFIN,
  'parquet-footer': PARQUET,
  'orc-footer': ORC,
  'paimon-snapshot': PAIMON_SNAPSHOT,
};

/** What a whole file of a role is, one or two sentences, with its spec section. */
export const ROLE_NOTES: Readonly<Record<string, FieldNote>> = {
  'iceberg-metadata': { key: 'ui.rawNote.role.iceberg-metadata', href: ice('table-metadata') },
  'iceberg-metadata-gzip': { key: 'ui.rawNote.role.iceberg-metadata-gzip', href: ice('naming-for-gzip-compressed-metadata-json-files') },
  'iceberg-manifest-list': { key: 'ui.rawNote.role.iceberg-manifest-list', href: ice('manifest-lists') },
  'iceberg-manifest': { key: 'ui.rawNote.role.iceberg-manifest', href: ice('manifests') },
  'puffin-footer': { key: 'ui.rawNote.role.puffin-footer', href: `${PUFFIN_SPEC}#footer-structure` },
  'parquet-footer': { key: 'ui.rawNote.role.parquet-footer', href: PARQUET_SPEC },
  'orc-footer': { key: 'ui.rawNote.role.orc-footer', href: ORC_SPEC },
  'paimon-snapshot': { key: 'ui.rawNote.role.paimon-snapshot', href: `${PAIMON_SPEC}snapshot/` },
  'paimon-schema': { key: 'ui.rawNote.role.paimon-schema', href: `${PAIMON_SPEC}schema/` },
  'delta-commit': { key: 'ui.rawNote.role.delta-commit', href: `${DELTA_SPEC}#actions` },
};

/** The note for a field path (dotted; list indexes removed) of a file role, if there is one. */
export function fieldNote(role: string | undefined, path: string): FieldNote | undefined {
  const notes = role ? BY_ROLE[role] : undefined;
  const n = notes?.[path.replace(/\.\d+(?=\.|$)/g, '')];
  return n ? { key: n[0], href: n[1] } : undefined;
}
