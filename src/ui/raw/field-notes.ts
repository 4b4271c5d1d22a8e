/**
 * Short explanations of the fields of each raw file kind, with the spec section that defines them — the
 * Raw view's teaching text. Written from the specs: Iceberg table spec (Manifests, Manifest Lists,
 * Table Metadata), Puffin spec, Parquet metadata, Paimon file specs.
 */

export const ICEBERG_SPEC = 'https://iceberg.apache.org/spec/';
const PUFFIN_SPEC = 'https://iceberg.apache.org/puffin-spec/';
const PARQUET_SPEC = 'https://parquet.apache.org/docs/file-format/metadata/';
export const PAIMON_SPEC = 'https://paimon.apache.org/docs/master/concepts/spec/';
export const DELTA_SPEC = 'https://github.com/delta-io/delta/blob/master/PROTOCOL.md';

export interface FieldNote { readonly text: string; readonly href: string }

const ice = (anchor: string) => `${ICEBERG_SPEC}#${anchor}`;
type Notes = Readonly<Record<string, readonly [string, string]>>;

const MANIFEST_ENTRY: Notes = {
  status: ['0 EXISTING, 1 ADDED, 2 DELETED. Deleted entries are kept for history and never scanned.', ice('manifest-entry-fields')],
  snapshot_id: ['Snapshot that added (or deleted) the file; inherited from the manifest when null.', ice('manifest-entry-fields')],
  sequence_number: ['Data sequence number: the relative age of the content, used to decide which deletes apply. Inherited when null.', ice('sequence-number-inheritance')],
  file_sequence_number: ['Sequence number of the snapshot that added the file (never used to prune deletes).', ice('manifest-entry-fields')],
  data_file: ['The file itself: path, format, partition tuple, record count, size and column metrics.', ice('data-file-fields')],
  'data_file.content': ['0 data, 1 position deletes, 2 equality deletes.', ice('data-file-fields')],
  'data_file.file_path': ['Full URI of the file as written (Lakescope maps it onto the folder you opened).', ice('data-file-fields')],
  'data_file.file_format': ['parquet, avro, orc — or puffin for deletion vectors.', ice('data-file-fields')],
  'data_file.partition': ['The partition tuple: one value per field of the manifest’s partition spec.', ice('partitioning')],
  'data_file.record_count': ['Rows in the file (for a deletion vector: how many rows it deletes).', ice('data-file-fields')],
  'data_file.file_size_in_bytes': ['Total file size; lets readers fetch the footer without a HEAD request.', ice('data-file-fields')],
  'data_file.column_sizes': ['Column id → bytes on disk of that column.', ice('data-file-fields')],
  'data_file.value_counts': ['Column id → values, nulls and NaNs included.', ice('field-level-metrics-and-statistics')],
  'data_file.null_value_counts': ['Column id → null values; lets `is null` / `not null` skip files.', ice('field-level-metrics-and-statistics')],
  'data_file.nan_value_counts': ['Column id → NaN values (floating columns).', ice('field-level-metrics-and-statistics')],
  'data_file.lower_bounds': ['Column id → lower bound, single-value serialised (Appendix D); used to skip files.', ice('appendix-d-single-value-serialization')],
  'data_file.upper_bounds': ['Column id → upper bound (strings may be truncated upwards).', ice('appendix-d-single-value-serialization')],
  'data_file.split_offsets': ['Row group start offsets, for splitting the file across readers.', ice('data-file-fields')],
  'data_file.equality_ids': ['Equality delete files: the field ids whose values identify deleted rows.', ice('equality-delete-files')],
  'data_file.sort_order_id': ['Sort order the file was written with.', ice('sorting')],
  'data_file.first_row_id': ['v3 row lineage: the _row_id of the file’s first row.', ice('first-row-id-inheritance')],
  'data_file.referenced_data_file': ['The one data file these deletes apply to (required for deletion vectors).', ice('deletion-vectors')],
  'data_file.content_offset': ['Deletion vector: where its blob starts inside the Puffin file.', ice('deletion-vectors')],
  'data_file.content_size_in_bytes': ['Deletion vector: the blob’s length.', ice('deletion-vectors')],
};

const MANIFEST_LIST: Notes = {
  manifest_path: ['Location of the manifest file.', ice('manifest-lists')],
  manifest_length: ['Manifest size in bytes.', ice('manifest-lists')],
  partition_spec_id: ['The partition spec the manifest was written with (specs evolve; old manifests keep theirs).', ice('partition-evolution')],
  content: ['0 data manifest, 1 delete manifest.', ice('manifest-lists')],
  sequence_number: ['Sequence number when the manifest was added; inherited by its ADDED entries.', ice('sequence-numbers')],
  min_sequence_number: ['Smallest data sequence number of live files in the manifest.', ice('manifest-lists')],
  added_snapshot_id: ['Snapshot that wrote this manifest.', ice('manifest-lists')],
  added_files_count: ['Entries with status ADDED.', ice('manifest-lists')],
  existing_files_count: ['Entries with status EXISTING.', ice('manifest-lists')],
  deleted_files_count: ['Entries with status DELETED.', ice('manifest-lists')],
  added_rows_count: ['Rows in ADDED files.', ice('manifest-lists')],
  existing_rows_count: ['Rows in EXISTING files.', ice('manifest-lists')],
  deleted_rows_count: ['Rows in DELETED files.', ice('manifest-lists')],
  partitions: ['Per partition field: contains null/NaN and lower/upper bounds — lets planning skip the whole manifest.', ice('manifest-lists')],
  first_row_id: ['v3 row lineage: first _row_id assigned to rows of ADDED files.', ice('first-row-id-assignment')],
};

const TABLE_METADATA: Notes = {
  'format-version': ['Iceberg format version: 1 analytic tables, 2 row-level deletes, 3 extended types, DVs, row lineage.', ice('format-versioning')],
  'table-uuid': ['Identity of the table; a writer must refuse metadata with a different UUID.', ice('table-metadata-fields')],
  location: ['Base location the writer used; Lakescope re-roots it onto where you opened the table.', ice('table-metadata-fields')],
  'last-sequence-number': ['Highest sequence number assigned so far.', ice('sequence-numbers')],
  'last-updated-ms': ['When this metadata file was written.', ice('table-metadata-fields')],
  'last-column-id': ['Highest field id ever assigned; new columns get higher ids.', ice('schema-evolution')],
  schemas: ['Every schema the table has had, by schema id.', ice('schemas-and-data-types')],
  'current-schema-id': ['Schema used for new writes and for reading the current snapshot.', ice('table-metadata-fields')],
  'partition-specs': ['Every partition spec, by spec id.', ice('partitioning')],
  'default-spec-id': ['Spec used for new writes.', ice('partition-evolution')],
  'last-partition-id': ['Highest partition field id assigned.', ice('partitioning')],
  properties: ['Table properties (write settings, retention, name mapping …).', ice('table-metadata-fields')],
  'current-snapshot-id': ['The snapshot readers see by default (the main branch head).', ice('snapshots')],
  snapshots: ['Every snapshot still kept: id, parent, time, operation, summary and its manifest list.', ice('snapshots')],
  'snapshot-log': ['Which snapshot was current when — used for time travel by timestamp.', ice('table-metadata-fields')],
  'metadata-log': ['Previous metadata files (past states of the table).', ice('table-metadata-fields')],
  'sort-orders': ['Sort orders, by order id.', ice('sorting')],
  'default-sort-order-id': ['Sort order used for new writes.', ice('sorting')],
  refs: ['Branches and tags: named pointers to snapshots, with retention.', ice('snapshot-references')],
  statistics: ['Puffin table statistics files per snapshot (informational).', ice('table-statistics')],
  'partition-statistics': ['Per-partition statistics files per snapshot.', ice('partition-statistics')],
  'next-row-id': ['v3 row lineage: the next _row_id to assign.', ice('row-lineage')],
};

const PUFFIN: Notes = {
  blobs: ['One entry per blob: type, fields, snapshot and sequence number, offset and length, compression.', `${PUFFIN_SPEC}#blobmetadata`],
  'blobs.type': ['Blob type; deletion-vector-v1 holds a Roaring bitmap of deleted row positions.', `${PUFFIN_SPEC}#deletion-vector-v1-blob-type`],
  'blobs.offset': ['Where the blob starts in the file (matches content_offset in the manifest).', `${PUFFIN_SPEC}#blobmetadata`],
  'blobs.length': ['Blob length in bytes.', `${PUFFIN_SPEC}#blobmetadata`],
  'blobs.properties': ['Per-blob properties, e.g. referenced-data-file and cardinality for a DV.', `${PUFFIN_SPEC}#deletion-vector-v1-blob-type`],
  properties: ['File-level properties (e.g. created-by).', `${PUFFIN_SPEC}#filemetadata`],
};

const PARQUET: Notes = {
  version: ['Parquet format version of the footer.', PARQUET_SPEC],
  schema: ['The file schema, flattened depth-first; field_id links columns to Iceberg/Paimon field ids.', PARQUET_SPEC],
  num_rows: ['Rows in the file.', PARQUET_SPEC],
  row_groups: ['Row groups: horizontal slices, each with column chunks and min/max statistics used to skip them.', PARQUET_SPEC],
  key_value_metadata: ['Writer metadata (e.g. the Arrow or Iceberg schema).', PARQUET_SPEC],
  created_by: ['The writing library and version.', PARQUET_SPEC],
  metadata_length: ['Size of the footer in bytes.', PARQUET_SPEC],
};

const ORC_SPEC = 'https://orc.apache.org/specification/ORCv1/';
const orc = (anchor: string) => `${ORC_SPEC}#${anchor}`;

const ORC: Notes = {
  postscript: ['The uncompressed tail of the file: compression codec and block size, footer and metadata lengths, format version.', orc('postscript')],
  'postscript.compression': ['Codec of every stream and of the footer: NONE, ZLIB (raw deflate), SNAPPY, LZO, LZ4 or ZSTD, in chunks with a 3-byte header.', orc('compression')],
  'postscript.version': ['File format version: 0.11 (Hive 0.11) or 0.12 (RLE v2 and later).', orc('postscript')],
  'postscript.writerVersion': ['Which writer bugs the file has fixed (readers use it to distrust old statistics and bloom filters).', orc('postscript')],
  schema: ['The type tree: a struct of columns; column ids are the pre-order positions in `types`.', orc('type-information')],
  types: ['Every column of the type tree in pre-order; `fieldId` comes from the `iceberg.id` (or `paimon.id`) attribute.', orc('type-information')],
  'types.attributes': ['Key/value attributes of a type: Iceberg writes the field id as `iceberg.id`.', orc('type-information')],
  numberOfRows: ['Rows in the file.', orc('footer')],
  rowIndexStride: ['Rows per row group: every stride has index entries (stream positions and statistics) used to skip it.', orc('row-index')],
  writer: ['The writing implementation (Java, C++, Presto, Trino …).', orc('footer')],
  stripes: ['Stripes: horizontal slices with index streams, data streams and a footer. Only the stripes a filter can match are read.', orc('stripes')],
  'stripes.streams': ['Streams of the stripe in file order: PRESENT (nulls), DATA, LENGTH, DICTIONARY_DATA, SECONDARY, ROW_INDEX, BLOOM_FILTER_UTF8 …', orc('stripes')],
  'stripes.encodings': ['Per column: DIRECT or DICTIONARY, with RLE v1 or (_V2) RLE v2 integers.', orc('column-encodings')],
  'stripes.writerTimezone': ['Time zone the writer stored timestamps in (relative to 2015-01-01 there); values are shown as that wall clock.', orc('stripes')],
  'stripes.statistics': ['Column statistics of the stripe (from the metadata section): used to skip stripes.', orc('column-statistics')],
  statistics: ['File-level statistics per column id: value count, nulls, min/max, sums.', orc('column-statistics')],
  metadata: ['User metadata written by the application.', orc('footer')],
};

const PAIMON_SNAPSHOT: Notes = {
  id: ['Snapshot id: increases by one per commit.', `${PAIMON_SPEC}snapshot/`],
  schemaId: ['Schema the commit was written with.', `${PAIMON_SPEC}schema/`],
  baseManifestList: ['Manifests of every file before this commit.', `${PAIMON_SPEC}manifest/`],
  deltaManifestList: ['Manifests of the files this commit added or deleted.', `${PAIMON_SPEC}manifest/`],
  changelogManifestList: ['Manifests of changelog files produced by this commit.', `${PAIMON_SPEC}manifest/`],
  indexManifest: ['Index files (deletion vectors, bucket indexes) of this snapshot.', `${PAIMON_SPEC}tableindex/`],
  commitKind: ['APPEND, COMPACT, OVERWRITE or ANALYZE.', `${PAIMON_SPEC}snapshot/`],
  timeMillis: ['Commit time.', `${PAIMON_SPEC}snapshot/`],
  totalRecordCount: ['Rows in all data files after the commit (before merging keys).', `${PAIMON_SPEC}snapshot/`],
  deltaRecordCount: ['Rows this commit added (negative when compaction merged rows away).', `${PAIMON_SPEC}snapshot/`],
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
  'iceberg-metadata': { text: 'Iceberg table metadata: the root of a table state. Every commit writes a new file and atomically makes it current.', href: ice('table-metadata') },
  'iceberg-metadata-gzip': { text: 'Iceberg table metadata, gzip-compressed (Appendix F naming).', href: ice('naming-for-gzip-compressed-metadata-json-files') },
  'iceberg-manifest-list': { text: 'A manifest list (Avro): one record per manifest of a snapshot, with counts and partition bounds used to skip manifests.', href: ice('manifest-lists') },
  'iceberg-manifest': { text: 'A manifest (Avro): one entry per data or delete file, with its partition tuple and column metrics.', href: ice('manifests') },
  'puffin-footer': { text: 'A Puffin file: blobs (deletion vectors, statistics sketches) described by a JSON footer at the end of the file.', href: `${PUFFIN_SPEC}#footer-structure` },
  'parquet-footer': { text: 'The Parquet footer (read with two ranged requests at most): schema, row groups and their column statistics.', href: PARQUET_SPEC },
  'orc-footer': { text: 'An ORC file: postscript, footer (types, stripes, statistics) and each stripe\'s footer (streams, encodings). Small files (Paimon ORC manifests) show their rows too.', href: ORC_SPEC },
  'paimon-snapshot': { text: 'A Paimon snapshot: one commit, naming the manifest lists that describe the table after it.', href: `${PAIMON_SPEC}snapshot/` },
  'paimon-schema': { text: 'A Paimon schema file: fields with ids, partition and primary keys, options.', href: `${PAIMON_SPEC}schema/` },
  'delta-commit': { text: 'A Delta log commit: one JSON action per line (add, remove, metaData, protocol, commitInfo).', href: `${DELTA_SPEC}#actions` },
};

/** The note for a field path (dotted; list indexes removed) of a file role, if there is one. */
export function fieldNote(role: string | undefined, path: string): FieldNote | undefined {
  const notes = role ? BY_ROLE[role] : undefined;
  const n = notes?.[path.replace(/\.\d+(?=\.|$)/g, '')];
  return n ? { text: n[0], href: n[1] } : undefined;
}
