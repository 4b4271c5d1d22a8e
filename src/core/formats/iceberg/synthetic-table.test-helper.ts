/**
 * Test helper: small Iceberg tables built in memory with exact features the fixtures lack (promotions,
 * initial defaults, nested renames, global equality deletes, DVs next to position deletes). Uses the
 * write-side helpers (Parquet with metrics, manifests, manifest lists) only to produce test input.
 */
import { MemoryStorage } from '../../io/memory-storage.ts';
import { stringifyJson } from '../../util/json.ts';
import { deletionVectorFile } from './commit/delete-files.ts';
import { RoaringBitmap64 } from '../../codecs/roaring.ts';
import { writeParquet } from './commit/data-file-writer.ts';
import type { DataFile, FileContent } from './spec/manifest.ts';
import { type PartitionSpec, partitionType } from './spec/partition-spec.ts';
import type { Schema } from './spec/schema.ts';
import { manifestFileOf, writeManifestList } from './spec/write-manifest-list.ts';
import { writeManifest } from './spec/write-manifest.ts';
import { partitionSpecToJson, schemaToJson } from './spec/write-json.ts';
import type { NestedField } from './spec/types.ts';
import type { Value } from '../../expr/types.ts';

const LOCATION = 's3://warehouse/db/synthetic';

export interface SyntheticFile {
  readonly name: string;
  readonly content: FileContent;
  readonly specId: number;
  readonly partition: readonly (Value | null)[];
  /** Rows (data, equality deletes) or positions by data file name (position deletes). */
  readonly rows?: readonly Record<string, unknown>[];
  /** Fields the file is written with (a subset/older version of the schema). */
  readonly fields?: readonly NestedField[];
  readonly equalityIds?: readonly number[];
  readonly positions?: readonly [dataFile: string, pos: number][];
  /** A deletion vector of these positions of `referencedDataFile` (v3). */
  readonly dv?: { readonly referencedDataFile: string; readonly positions: readonly number[] };
  /** Written with this explicit data sequence number instead of inheriting the snapshot's. */
  readonly sequenceNumber?: bigint;
  /** Rows per Parquet row group. */
  readonly rowGroupSize?: number;
}

export interface SyntheticTable {
  readonly formatVersion: 2 | 3;
  readonly schemas: readonly Schema[];
  readonly specs: readonly PartitionSpec[];
  /** Snapshots in order; each adds its files (sequence number = index + 1). */
  readonly snapshots: readonly { readonly files: readonly SyntheticFile[] }[];
}

const path = (name: string) => `${LOCATION}/data/${name}`;

/** Writes the table into a new MemoryStorage rooted at the table folder. */
export async function buildTable(t: SyntheticTable): Promise<MemoryStorage> {
  const storage = new MemoryStorage('memory synthetic');
  const schema = t.schemas[t.schemas.length - 1];
  const snapshots: Record<string, unknown>[] = [];
  let manifests: ReturnType<typeof manifestFileOf>[] = [];
  let nextRowId = 0n;
  for (const [i, snap] of t.snapshots.entries()) {
    const snapshotId = BigInt(1000 + i); const seq = BigInt(i + 1);
    const written = new Map<string, DataFile>();
    for (const f of snap.files) written.set(f.name, await writeFile(storage, f, schema));
    for (const content of ['data', 'deletes'] as const) {
      for (const spec of t.specs) {
        const files = snap.files.filter((f) => (f.content === 'data') === (content === 'data') && f.specId === spec.specId);
        if (files.length === 0) continue;
        const m = writeManifest(files.map((f) => ({ status: 'added' as const, snapshotId, sequenceNumber: f.sequenceNumber, fileSequenceNumber: f.sequenceNumber, dataFile: written.get(f.name)! })), {
          formatVersion: t.formatVersion, spec, partition: partitionType(spec, schema), schema, content, snapshotId,
        });
        const mpath = `${LOCATION}/metadata/m-${i}-${content}-${spec.specId}.avro`;
        await storage.write(`metadata/m-${i}-${content}-${spec.specId}.avro`, m.bytes);
        manifests = [...manifests, manifestFileOf(m, mpath, seq)];
      }
    }
    const list = writeManifestList(manifests, { formatVersion: t.formatVersion, snapshotId, parentSnapshotId: i > 0 ? snapshotId - 1n : undefined, sequenceNumber: seq, firstRowId: t.formatVersion >= 3 ? nextRowId : undefined });
    manifests = [...list.manifests];
    nextRowId += list.assignedRows;
    await storage.write(`metadata/snap-${snapshotId}.avro`, list.bytes);
    snapshots.push({
      'snapshot-id': snapshotId, ...(i > 0 ? { 'parent-snapshot-id': snapshotId - 1n } : {}), 'sequence-number': seq, 'timestamp-ms': 1_700_000_000_000 + i * 1000,
      summary: { operation: i === 0 ? 'append' : 'overwrite' }, 'manifest-list': `${LOCATION}/metadata/snap-${snapshotId}.avro`, 'schema-id': schema.schemaId,
      ...(t.formatVersion >= 3 ? { 'first-row-id': nextRowId - list.assignedRows, 'added-rows': list.assignedRows } : {}),
    });
  }
  const last = BigInt(1000 + t.snapshots.length - 1);
  const meta = {
    'format-version': t.formatVersion, 'table-uuid': '00000000-0000-0000-0000-000000000001', location: LOCATION,
    'last-sequence-number': BigInt(t.snapshots.length), 'last-updated-ms': 1_700_000_100_000, 'last-column-id': 100,
    schemas: t.schemas.map(schemaToJson), 'current-schema-id': schema.schemaId,
    'partition-specs': t.specs.map(partitionSpecToJson), 'default-spec-id': t.specs[0].specId, 'last-partition-id': 1999,
    'sort-orders': [{ 'order-id': 0, fields: [] }], 'default-sort-order-id': 0, properties: {},
    'current-snapshot-id': last, snapshots, refs: { main: { 'snapshot-id': last, type: 'branch' } },
    'snapshot-log': snapshots.map((s) => ({ 'snapshot-id': s['snapshot-id'], 'timestamp-ms': s['timestamp-ms'] })), 'metadata-log': [],
    ...(t.formatVersion >= 3 ? { 'next-row-id': nextRowId } : {}),
  };
  await storage.write('metadata/v1.metadata.json', new TextEncoder().encode(stringifyJson(meta)));
  return storage;
}

const POS_FIELDS: NestedField[] = [
  { id: 2147483546, name: 'file_path', required: true, type: { kind: 'string' } },
  { id: 2147483545, name: 'pos', required: true, type: { kind: 'long' } },
];

async function writeFile(storage: MemoryStorage, f: SyntheticFile, schema: Schema): Promise<DataFile> {
  const key = `data/${f.name}`;
  if (f.dv) {
    // A whole Puffin file (magic, blob, footer listing it), as the spec and every writer have it.
    const { bytes, files } = deletionVectorFile([{ dataPath: path(f.dv.referencedDataFile), bitmap: RoaringBitmap64.from(f.dv.positions) }]);
    await storage.write(key, bytes);
    return {
      content: 'position-deletes', filePath: path(f.name), fileFormat: 'puffin', specId: f.specId, partition: f.partition,
      recordCount: BigInt(f.dv.positions.length), fileSizeInBytes: BigInt(bytes.length), referencedDataFile: path(f.dv.referencedDataFile),
      contentOffset: files[0]!.file.contentOffset!, contentSizeInBytes: files[0]!.file.contentSizeInBytes!,
    };
  }
  const fields = f.content === 'position-deletes' ? POS_FIELDS : f.fields ?? schema.fields;
  const rows = f.content === 'position-deletes' ? (f.positions ?? []).map(([file, pos]) => ({ file_path: path(file), pos: BigInt(pos) })) : f.rows ?? [];
  const w = writeParquet(rows, fields, { rowGroupSize: f.rowGroupSize });
  await storage.write(key, w.bytes);
  return {
    content: f.content, filePath: path(f.name), fileFormat: 'parquet', specId: f.specId, partition: f.partition,
    recordCount: w.recordCount, fileSizeInBytes: BigInt(w.bytes.length), ...w.metrics, splitOffsets: w.splitOffsets,
    equalityIds: f.equalityIds,
  };
}

/** A two-column schema (`id` long required, `s` string) for tables whose file sizes a test controls. */
export const ID_TEXT_SCHEMA: Schema = { schemaId: 0, identifierFieldIds: [], fields: [
  { id: 1, name: 'id', required: true, type: { kind: 'long' } }, { id: 2, name: 's', required: false, type: { kind: 'string' } },
] };

/**
 * `n` rows of {@link ID_TEXT_SCHEMA} whose strings do not compress away (seeded, the same every run): each
 * `s` is `words` base-36 words, so a row costs about 8·words + 8 bytes in a file.
 */
export function incompressibleRows(n: number, words: number): { id: bigint; s: string }[] {
  let x = 12345;
  const word = () => { x = (x * 1103515245 + 12345) % 2 ** 31; return x.toString(36); };
  return Array.from({ length: n }, (_, i) => ({ id: BigInt(i), s: Array.from({ length: words }, word).join('') }));
}
