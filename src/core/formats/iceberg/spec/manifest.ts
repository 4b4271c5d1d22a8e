/**
 * Manifests (spec "Manifests", "Manifest Entry Fields", "Sequence Number Inheritance", "First Row ID
 * Inheritance"). Entries are parsed by field id into one model for v1–v3, with inherited values filled in:
 * a null snapshot id or sequence number of an ADDED entry takes the manifest's (from the manifest list),
 * v1 entries get sequence number 0, and v3 data files with a null `first_row_id` get the manifest's
 * `first_row_id` plus the record counts of the files before them that also had none.
 */
import type { AvroFile } from '../../../codecs/avro/index.ts';
import { formatUuid } from '../../../expr/literal.ts';
import type { Value } from '../../../expr/types.ts';
import { type RecordShape, fieldKey, fieldType, recordShape, unwrapOptional } from './avro-record.ts';
import { EncodedMetricsDataFile, type MetricMakers, NO_RARE_FIELDS, type RareDataFileFields, boundMetrics, longMetrics } from './manifest-metrics.ts';
import type { ManifestFile } from './manifest-list.ts';
import { optBig, optBytes, optNum } from './manifest-list.ts';
import type { PartitionTupleField } from './partition-spec.ts';
import { decodeBigEndianTwos } from './single-value.ts';
import type { IcebergType } from './types.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';

export { MANIFEST_LAZY_FIELDS } from './manifest-metrics.ts';

export type EntryStatus = 'existing' | 'added' | 'deleted';
export type FileContent = 'data' | 'position-deletes' | 'equality-deletes';

export interface DataFile {
  readonly content: FileContent;
  /** As written in the manifest (absolute, possibly of another location: re-rooted when read). */
  readonly filePath: string;
  /** Lower case: `parquet`, `avro`, `orc`, `puffin`. */
  readonly fileFormat: string;
  readonly specId: number;
  /** Partition values in the order of the spec's fields, as internal values (expr/types.ts). */
  readonly partition: readonly (Value | null)[];
  readonly recordCount: bigint;
  readonly fileSizeInBytes: bigint;
  readonly columnSizes?: ReadonlyMap<number, bigint>;
  readonly valueCounts?: ReadonlyMap<number, bigint>;
  readonly nullValueCounts?: ReadonlyMap<number, bigint>;
  readonly nanValueCounts?: ReadonlyMap<number, bigint>;
  readonly lowerBounds?: ReadonlyMap<number, Uint8Array>;
  readonly upperBounds?: ReadonlyMap<number, Uint8Array>;
  readonly keyMetadata?: Uint8Array;
  readonly splitOffsets?: readonly bigint[];
  readonly equalityIds?: readonly number[];
  readonly sortOrderId?: number;
  readonly firstRowId?: bigint;
  readonly referencedDataFile?: string;
  readonly contentOffset?: bigint;
  readonly contentSizeInBytes?: bigint;
}

export interface ManifestEntry {
  readonly status: EntryStatus;
  readonly snapshotId?: bigint;
  /** Data sequence number after inheritance. */
  readonly sequenceNumber: bigint;
  readonly fileSequenceNumber: bigint;
  readonly dataFile: DataFile;
}

/** The key-value metadata of a manifest file (spec "Manifest Metadata"). */
export interface ManifestMetadata {
  readonly schemaJson?: string;
  readonly schemaId?: number;
  readonly partitionSpecJson?: string;
  readonly partitionSpecId?: number;
  readonly formatVersion?: number;
  readonly content?: string;
}

const STATUS: Record<number, EntryStatus> = { 0: 'existing', 1: 'added', 2: 'deleted' };
const CONTENT: Record<number, FileContent> = { 0: 'data', 1: 'position-deletes', 2: 'equality-deletes' };
/** Field ids of the manifest_entry fields read (spec "Manifest Entry Fields"). */
export const E = { status: 0, snapshotId: 1, seq: 3, fileSeq: 4, dataFile: 2 } as const;
/** Field ids of the data_file fields read (spec "Manifests", data_file struct). */
export const D = {
  content: 134, path: 100, format: 101, partition: 102, recordCount: 103, size: 104, columnSizes: 108, valueCounts: 109,
  nullCounts: 110, nanCounts: 137, lower: 125, upper: 128, keyMetadata: 131, splitOffsets: 132, equalityIds: 135,
  sortOrderId: 140, firstRowId: 142, referencedDataFile: 143, contentOffset: 144, contentSize: 145,
} as const;

/** Reads the manifest's key-value metadata. */
export function manifestMetadata(avro: AvroFile): ManifestMetadata {
  const m = avro.metadata;
  const int = (k: string): number | undefined => (m[k] !== undefined && /^-?\d+$/.test(m[k]) ? Number(m[k]) : undefined);
  return {
    schemaJson: m.schema, schemaId: int('schema-id'), partitionSpecJson: m['partition-spec'], partitionSpecId: int('partition-spec-id'),
    formatVersion: int('format-version'), content: m.content,
  };
}

/**
 * Parses every entry of a decoded manifest. `manifest` is its manifest-list entry (for inheritance);
 * `partitionFields` is the partition tuple type of the spec it was written with. Throws DataInvalid,
 * naming the file and entry, for missing required fields or impossible values. Column metrics read
 * with {@link MANIFEST_LAZY_FIELDS} stay undecoded until used (manifest-metrics.ts).
 */
export function parseManifest(avro: AvroFile, manifest: ManifestFile, partitionFields: readonly PartitionTupleField[], file: string): ManifestEntry[] {
  const shape = recordShape(avro.type);
  const dfType = shape && fieldType(shape, E.dataFile);
  const dfShape = dfType && recordShape(dfType);
  if (!shape || !dfShape) throw messageError('DataInvalid', 'error.iceberg.manifest.noDataFile', undefined, { file });
  const partType = fieldType(dfShape, D.partition);
  const partShape = partType ? recordShape(partType) : undefined;
  // Records decoded as arrays (how TableFiles reads manifests: faster) or as objects: fields are read by key.
  const arrays = Array.isArray(avro.records[0]);
  const e = keysOf(shape, E, arrays);
  const ctx = entryContext(manifest, partitionFields, file, partShape !== undefined, {
    // A writer that gave `status` no field id: find it by name.
    e: e.status !== undefined ? e : { ...e, status: statusByName(avro.type, arrays) }, d: keysOf(dfShape, D, arrays),
    partKeys: partitionFields.map((f) => (partShape ? fieldKey(partShape, f.field.fieldId, arrays) : undefined)),
  });
  const records = avro.records;
  const out = new Array<ManifestEntry>(records.length);
  const raw = newRawEntry(partitionFields.length);
  for (let i = 0; i < records.length; i++) out[i] = buildEntry(fillRaw(records[i] as Rec, ctx, raw), ctx, i);
  return out;
}

/**
 * Slots of a {@link RawEntry}: the fields of one manifest entry as decoded, before checks and inheritance.
 * An array indexed by these constants (element stores, one shape), reused for every entry of a manifest.
 */
export const S = {
  status: 0, snapshotId: 1, seq: 2, fileSeq: 3, hasDataFile: 4, content: 5, path: 6, format: 7, hasPartition: 8,
  recordCount: 9, size: 10, columnSizes: 11, valueCounts: 12, nullCounts: 13, nanCounts: 14, lower: 15, upper: 16,
  keyMetadata: 17, splitOffsets: 18, equalityIds: 19, sortOrderId: 20, firstRowId: 21, refFile: 22, contentOffset: 23,
  contentSize: 24,
  /**
   * With {@link EntryContext.metricMakers}: the decompressed block the entry was read from, and the metric
   * slots hold where each map's encoding starts in it (a number), or null/undefined.
   */
  block: 25,
  /** Partition values follow, one slot per field of the manifest's partition tuple type. */
  partition: 26,
} as const;

/** The raw fields of one manifest entry, by {@link S} slot; `undefined` where the writer's schema has no such field. */
export type RawEntry = unknown[];

/** A raw entry with every slot undefined (`hasDataFile`/`hasPartition` false). */
export function newRawEntry(partitionFields: number): RawEntry {
  const raw = new Array<unknown>(S.partition + partitionFields).fill(undefined);
  raw[S.hasDataFile] = false; raw[S.hasPartition] = false;
  return raw;
}

/** The raw fields of a decoded record (array or object form), read by key (generic path). */
function fillRaw(r: Rec, ctx: EntryContext, raw: RawEntry): RawEntry {
  const { e, d } = ctx;
  raw[S.status] = at(r, e.status); raw[S.snapshotId] = at(r, e.snapshotId); raw[S.seq] = at(r, e.seq); raw[S.fileSeq] = at(r, e.fileSeq);
  const df = at(r, e.dataFile) as Rec | null | undefined;
  const hasDataFile = !!df && typeof df === 'object';
  raw[S.hasDataFile] = hasDataFile;
  if (!hasDataFile) return raw;
  raw[S.content] = at(df, d.content); raw[S.path] = at(df, d.path); raw[S.format] = at(df, d.format);
  raw[S.recordCount] = at(df, d.recordCount); raw[S.size] = at(df, d.size);
  raw[S.columnSizes] = at(df, d.columnSizes); raw[S.valueCounts] = at(df, d.valueCounts); raw[S.nullCounts] = at(df, d.nullCounts);
  raw[S.nanCounts] = at(df, d.nanCounts); raw[S.lower] = at(df, d.lower); raw[S.upper] = at(df, d.upper);
  raw[S.keyMetadata] = at(df, d.keyMetadata); raw[S.splitOffsets] = at(df, d.splitOffsets); raw[S.equalityIds] = at(df, d.equalityIds);
  raw[S.sortOrderId] = at(df, d.sortOrderId); raw[S.firstRowId] = at(df, d.firstRowId); raw[S.refFile] = at(df, d.referencedDataFile);
  raw[S.contentOffset] = at(df, d.contentOffset); raw[S.contentSize] = at(df, d.contentSize);
  const part = at(df, d.partition);
  const rec = part && typeof part === 'object' && ctx.hasPartition ? part as Rec : undefined;
  raw[S.hasPartition] = rec !== undefined;
  for (let i = 0; i < ctx.partKeys.length; i++) raw[S.partition + i] = rec ? at(rec, ctx.partKeys[i]) : undefined;
  return raw;
}

/**
 * A fresh context for the entries of one manifest. `hasPartition`: its data_file struct has a partition
 * record; `keys`: where fields sit in decoded records (only for {@link parseManifest}'s generic path).
 */
export function entryContext(manifest: ManifestFile, partitionFields: readonly PartitionTupleField[], file: string, hasPartition: boolean,
  keys: Pick<EntryContext, 'e' | 'd' | 'partKeys'> = NO_KEYS, metricMakers?: MetricMakers): EntryContext {
  // No object spread: V8 (Node 20) builds an object literal with properties after a spread on a slow path
  // (~20 µs here, once per manifest: 4 ms of planning 200 one-entry manifests).
  return {
    e: keys.e, d: keys.d, partKeys: keys.partKeys, partitionFields, hasPartition, manifest, file, metricMakers,
    // First Row ID Inheritance: only data files, in file order, counting files that had none themselves.
    nextRowId: manifest.content === 'data' ? manifest.firstRowId : undefined,
    bigints: new Map(), recent: [undefined, undefined, undefined, undefined, undefined], tuples: new Map(), singles: new Map(),
  };
}

const NO_KEYS: Pick<EntryContext, 'e' | 'd' | 'partKeys'> = {
  e: Object.fromEntries(Object.keys(E).map((k) => [k, undefined])) as Keys<typeof E>,
  d: Object.fromEntries(Object.keys(D).map((k) => [k, undefined])) as Keys<typeof D>,
  partKeys: [],
};

/** Where each field sits in the records (position or name, see avro-record.ts `fieldKey`), resolved once per manifest. */
type Keys<T extends Record<string, number>> = { readonly [K in keyof T]: Key };
type Key = string | number | undefined;
type Rec = Record<string | number, unknown>;

/** What parsing the entries of one manifest needs besides each entry's fields; see {@link entryContext}. */
export interface EntryContext {
  readonly e: Keys<typeof E>;
  readonly d: Keys<typeof D>;
  readonly partKeys: readonly Key[];
  readonly partitionFields: readonly PartitionTupleField[];
  readonly hasPartition: boolean;
  readonly manifest: ManifestFile;
  readonly file: string;
  /** Set by planning's reader: metric slots hold positions in the block ({@link S.block}), see {@link EncodedMetricsDataFile}. */
  readonly metricMakers: MetricMakers | undefined;
  nextRowId: bigint | undefined;
  /** Equal 64-bit values of this manifest's entries (sequence numbers, snapshot ids, counts) as one object each. */
  readonly bigints: Map<bigint, bigint>;
  /** The last value shared of each {@link BigField}. */
  readonly recent: (bigint | undefined)[];
  /** Equal partition tuples of this manifest's entries as one (frozen) array each. */
  readonly tuples: Map<string, readonly (Value | null)[]>;
  /** The same for one-field tuples, keyed by the value. */
  readonly singles: Map<Value | null, readonly (Value | null)[]>;
}

/**
 * Fewer objects per entry (issue 17: the garbage collector was ~22% of planning 100,000 entries, most of
 * it copying what the plan keeps alive): values that repeat across a manifest's entries — sequence
 * numbers, snapshot ids, record counts, partition tuples — are kept once. Each table is bounded, so a
 * manifest of distinct values costs a lookup per value, not memory.
 */
const MAX_SHARED = 4096;

function shareBig(ctx: EntryContext, v: bigint, field: BigField): bigint {
  // The same field of consecutive entries usually holds the same value (a manifest's sequence numbers and
  // snapshot id, equal record counts): compared with the last one shared for that field (BigInts compare
  // by value) before the map lookup, which hashes the value.
  const recent = ctx.recent[field];
  if (recent === v) return recent;
  let known = ctx.bigints.get(v);
  if (known === undefined) {
    known = v;
    if (ctx.bigints.size < MAX_SHARED) ctx.bigints.set(v, v);
  }
  ctx.recent[field] = known;
  return known;
}

/** The 64-bit fields {@link shareBig} shares, each with its own last value. */
const enum BigField { recordCount, size, snapshotId, seq, fileSeq }

function optShareBig(ctx: EntryContext, v: unknown, field: BigField): bigint | undefined {
  const b = optBig(v);
  return b === undefined ? undefined : shareBig(ctx, b, field);
}

const keysCache = new WeakMap<RecordShape, Map<object, unknown>>();

/** The keys of the fields `ids` names (cached per record shape, id table and record form). */
function keysOf<T extends Record<string, number>>(shape: RecordShape, ids: T, arrays: boolean): Keys<T> {
  let byIds = keysCache.get(shape);
  if (!byIds) keysCache.set(shape, (byIds = new Map()));
  let both = byIds.get(ids) as { arrays?: Keys<T>; objects?: Keys<T> } | undefined;
  if (!both) byIds.set(ids, (both = {}));
  const form = arrays ? 'arrays' : 'objects';
  let keys = both[form];
  if (!keys) {
    const out: Record<string, Key> = {};
    for (const k of Object.keys(ids)) out[k] = fieldKey(shape, ids[k]!, arrays);
    both[form] = keys = out as Keys<T>;
  }
  return keys;
}

function statusByName(type: AvroFile['type'], arrays: boolean): Key {
  const t = unwrapOptional(type);
  const i = t.kind === 'record' ? t.fields.findIndex((f) => f.name === 'status') : -1;
  return i < 0 ? undefined : arrays ? i : 'status';
}

function at(rec: Rec, key: Key): unknown {
  return key === undefined ? undefined : rec[key];
}

/**
 * The entry of a raw entry: checks required fields and impossible values (DataInvalid naming file and
 * entry), applies inheritance, shares repeated values. `index` is the entry's position in the manifest.
 */
export function buildEntry(r: RawEntry, ctx: EntryContext, index: number): ManifestEntry {
  const { manifest, file } = ctx;
  const status = STATUS[r[S.status] as number] ?? fail(ctx, index, errorRef('error.iceberg.entry.status', undefined));
  if (!r[S.hasDataFile]) return fail(ctx, index, errorRef('error.iceberg.entry.hasNo', { field: 'data_file' }));
  const contentRaw = r[S.content];
  const content = contentRaw === undefined || contentRaw === null ? 'data' : CONTENT[contentRaw as number] ?? fail(ctx, index, errorRef('error.iceberg.entry.content', { content: String(contentRaw) }));
  const filePath = r[S.path];
  if (typeof filePath !== 'string' || filePath === '') fail(ctx, index, errorRef('error.iceberg.entry.hasNo', { field: 'file_path' }));
  const recordCount = r[S.recordCount];
  if (typeof recordCount !== 'bigint' || recordCount < 0n) fail(ctx, index, errorRef('error.iceberg.entry.hasNoValid', { field: 'record_count' }));
  const size = r[S.size];
  if (typeof size !== 'bigint' || size < 0n) fail(ctx, index, errorRef('error.iceberg.entry.hasNoValid', { field: 'file_size_in_bytes' }));
  const equalityIds = optIntList(r[S.equalityIds]);
  if (content === 'equality-deletes' && (!equalityIds || equalityIds.length === 0)) fail(ctx, index, errorRef('error.iceberg.entry.eqIds', undefined));
  const fileFormat = formatName(r[S.format]);
  let firstRowId = optBig(r[S.firstRowId]);
  if (content === 'data' && firstRowId === undefined && ctx.nextRowId !== undefined) {
    firstRowId = ctx.nextRowId;
    ctx.nextRowId += recordCount as bigint;
  }
  const makers = ctx.metricMakers;
  const rare = rareFields(r, equalityIds, firstRowId);
  const dataFile: DataFile = makers ? new EncodedMetricsDataFile(content, filePath as string, fileFormat, manifest.partitionSpecId, readPartition(r, ctx),
    shareBig(ctx, recordCount as bigint, BigField.recordCount), shareBig(ctx, size as bigint, BigField.size), rare,
    r[S.block] as Uint8Array | undefined, makers, posAt(r, S.columnSizes), posAt(r, S.valueCounts), posAt(r, S.nullCounts), posAt(r, S.nanCounts), posAt(r, S.lower), posAt(r, S.upper)) : {
    content, filePath: filePath as string, fileFormat, specId: manifest.partitionSpecId,
    partition: readPartition(r, ctx),
    recordCount: shareBig(ctx, recordCount as bigint, BigField.recordCount), fileSizeInBytes: shareBig(ctx, size as bigint, BigField.size),
    columnSizes: longMetrics(r[S.columnSizes], file), valueCounts: longMetrics(r[S.valueCounts], file),
    nullValueCounts: longMetrics(r[S.nullCounts], file), nanValueCounts: longMetrics(r[S.nanCounts], file),
    lowerBounds: boundMetrics(r[S.lower], file), upperBounds: boundMetrics(r[S.upper], file),
    keyMetadata: rare.keyMetadata, splitOffsets: rare.splitOffsets, equalityIds: rare.equalityIds, sortOrderId: rare.sortOrderId, firstRowId: rare.firstRowId,
    referencedDataFile: rare.referencedDataFile, contentOffset: rare.contentOffset, contentSizeInBytes: rare.contentSizeInBytes,
  };
  if (fileFormat === 'puffin' && (dataFile.referencedDataFile === undefined || dataFile.contentOffset === undefined || dataFile.contentSizeInBytes === undefined)) {
    fail(ctx, index, errorRef('error.iceberg.entry.dv', undefined));
  }
  return new Entry(status, optShareBig(ctx, r[S.snapshotId], BigField.snapshotId) ?? manifest.addedSnapshotId,
    shareBig(ctx, inherit(r[S.seq], status, manifest), BigField.seq), shareBig(ctx, inherit(r[S.fileSeq], status, manifest), BigField.fileSeq), dataFile);
}

/**
 * A manifest entry as {@link buildEntry} makes it: a class, not an object literal, on purpose. V8 tracks an
 * allocation site per literal and, once most of its objects outlive a scavenge (a cached manifest keeps
 * every entry), switches it to old-space allocation, throwing away the optimized code of the function that
 * holds it; on a cold plan of 100,000 entries buildEntry was recompiled twice that way (~50 and ~25 ms of
 * compiling, baseline code meanwhile). With a class there is no site and no such switch: measured in 10
 * cold plans each, the planning thread's CPU 675 → 610 ms (medians; issue 17). Own properties only, so
 * spreads and structured clones see the same fields as before.
 */
class Entry implements ManifestEntry {
  constructor(readonly status: EntryStatus, readonly snapshotId: bigint | undefined, readonly sequenceNumber: bigint, readonly fileSequenceNumber: bigint, readonly dataFile: DataFile) {}
}

/** The rare fields of a raw entry ({@link NO_RARE_FIELDS} when all are absent, as for most entries). */
function rareFields(r: RawEntry, equalityIds: number[] | undefined, firstRowId: bigint | undefined): RareDataFileFields {
  const keyMetadata = optBytes(r[S.keyMetadata]);
  const offsets = r[S.splitOffsets];
  const splitOffsets = Array.isArray(offsets) ? offsets.map((x) => optBig(x) ?? 0n) : undefined;
  const sortOrderId = optNum(r[S.sortOrderId]);
  const ref = r[S.refFile];
  const referencedDataFile = typeof ref === 'string' ? ref : undefined;
  const contentOffset = optBig(r[S.contentOffset]);
  const contentSizeInBytes = optBig(r[S.contentSize]);
  if (keyMetadata === undefined && splitOffsets === undefined && equalityIds === undefined && sortOrderId === undefined && firstRowId === undefined
    && referencedDataFile === undefined && contentOffset === undefined && contentSizeInBytes === undefined) return NO_RARE_FIELDS;
  return { keyMetadata, splitOffsets, equalityIds, sortOrderId, firstRowId, referencedDataFile, contentOffset, contentSizeInBytes };
}

/** A metric slot's position in the block (-1: absent or null). */
function posAt(r: RawEntry, slot: number): number {
  const v = r[slot];
  return typeof v === 'number' ? v : -1;
}

/** DataInvalid `iceberg manifest: entry ${index} ${what}`, `what` the catalog message of what is wrong with it. */
function fail(ctx: EntryContext, index: number, what: ErrorRef): never {
  throw messageError('DataInvalid', 'error.iceberg.manifest.entry', { index, what }, { file: ctx.file, entry: index });
}

/** Sequence Number Inheritance: null → the manifest's number for ADDED entries, and always in v1 (manifest number 0). */
function inherit(v: unknown, status: EntryStatus, manifest: ManifestFile): bigint {
  return optBig(v) ?? (status === 'added' || manifest.sequenceNumber === 0n ? manifest.sequenceNumber : 0n);
}

const FORMATS: ReadonlyMap<unknown, string> = new Map(['parquet', 'avro', 'orc', 'puffin'].flatMap((f) => [[f.toUpperCase(), f], [f, f]]));

/** `file_format` in lower case (the common names without allocating a new string per entry). */
function formatName(v: unknown): string {
  return FORMATS.get(v) ?? String(v ?? '').toLowerCase();
}

function readPartition(r: RawEntry, ctx: EntryContext): readonly (Value | null)[] {
  const fields = ctx.partitionFields;
  const has = r[S.hasPartition] === true;
  if (fields.length === 0) return NO_PARTITION;
  if (fields.length === 1) return singleTuple(has ? normalizePartitionValue(fields[0]!.type, r[S.partition]) : null, ctx);
  const out = new Array<Value | null>(fields.length);
  // The tuple's text as a key (type and length before each value, so no two tuples share one); binary values
  // and -0 (which String() writes as 0, yet a float partition value distinct from 0) are not shared.
  let key = ''; let shareable = true;
  for (let i = 0; i < fields.length; i++) {
    const v = has ? normalizePartitionValue(fields[i]!.type, r[S.partition + i]) : null;
    out[i] = v;
    if (v === null) key += 'n;';
    else if (typeof v === 'object' || Object.is(v, -0)) shareable = false;
    else { const t = String(v); key += `${typeof v}${t.length}:${t};`; }
  }
  if (!shareable) return out;
  const known = ctx.tuples.get(key);
  if (known) return known;
  if (ctx.tuples.size < MAX_SHARED) ctx.tuples.set(key, Object.freeze(out));
  return out;
}

const NO_PARTITION: readonly (Value | null)[] = Object.freeze([]);

/**
 * A one-field tuple (the common case: one day/bucket/identity field), looked up by the value itself — no
 * key string, no array unless the value is new. Map keys compare by SameValueZero: 1, 1n and '1' stay
 * apart, NaN is one key; only -0 would merge with 0, so it is not shared.
 */
function singleTuple(v: Value | null, ctx: EntryContext): readonly (Value | null)[] {
  if ((v !== null && typeof v === 'object') || Object.is(v, -0)) return [v];
  const known = ctx.singles.get(v);
  if (known) return known;
  const tuple = [v];
  if (ctx.singles.size < MAX_SHARED) ctx.singles.set(v, Object.freeze(tuple));
  return tuple;
}

/** Converts an Avro partition value to the internal value of the partition field's type. */
export function normalizePartitionValue(type: IcebergType | undefined, raw: unknown): Value | null {
  if (raw === null || raw === undefined) return null;
  switch (type?.kind) {
    case 'int': case 'date': return typeof raw === 'bigint' ? Number(raw) : (raw as number);
    case 'long': case 'time': case 'timestamp': case 'timestamptz': case 'timestamp_ns': case 'timestamptz_ns':
      return typeof raw === 'number' ? BigInt(raw) : (raw as bigint);
    case 'decimal': return raw instanceof Uint8Array ? decodeBigEndianTwos(raw) : typeof raw === 'bigint' ? raw : BigInt(raw as number);
    case 'uuid': return raw instanceof Uint8Array ? formatUuid(raw) : String(raw).toLowerCase();
    default: break;
  }
  if (raw instanceof Uint8Array) return raw.slice();
  if (typeof raw === 'number' || typeof raw === 'bigint' || typeof raw === 'string' || typeof raw === 'boolean') return raw;
  return null;
}

function optIntList(v: unknown): number[] | undefined {
  return Array.isArray(v) ? v.map((x) => Number(x)) : undefined;
}
