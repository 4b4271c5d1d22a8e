/**
 * The column metrics of a manifest entry (spec "Manifests", data_file fields 108–110, 125, 128, 137:
 * column sizes, value/null/NaN counts, lower/upper bounds), decoded only when someone asks.
 *
 * Why lazy: planning reads every live entry of a snapshot (100,000 in the benchmark) but needs the
 * metrics only of the columns a filter names, and without a filter none at all. The manifest is read
 * with {@link MANIFEST_LAZY_FIELDS}, so the Avro decoder checks these fields' encoding but keeps each
 * undecoded: as an `AvroPairMap` (Iceberg writes int-keyed maps as arrays of key/value records), which
 * answers `get(columnId)` from the encoded bytes and keeps nothing else, or — for any other encoding —
 * as an `AvroLazy` that a {@link MetricMap} decodes into the same Map the eager path builds, on first use.
 */
import { AvroLazy, type AvroLazyFields, AvroPairMap } from '../../../codecs/avro/index.ts';
import { LakeError, toLakeError } from '../../../errors.ts';
import { LazyMap } from '../../../util/lazy-map.ts';
import { mapEntries } from './avro-record.ts';
import type { DataFile } from './manifest.ts';
import { errorRef } from '../../../messages/message-parts.ts';

/** Field ids of the metric maps. */
const METRIC_FIELD_IDS: ReadonlySet<number> = new Set([108, 109, 110, 137, 125, 128]);

/** The lazy-field rule for reading manifests (by Iceberg field id, as every manifest field is read). */
export const MANIFEST_LAZY_FIELDS: AvroLazyFields = {
  key: 'iceberg-manifest-metrics',
  test: (f) => {
    const id = f.attrs['field-id'];
    // Only map-shaped fields (an array of key/value records, or an Avro map): anything else is read eagerly and ignored as before.
    const branches = f.type.kind === 'union' ? f.type.branches.filter((b) => b.kind !== 'null') : [f.type];
    return (typeof id === 'number' || typeof id === 'bigint') && METRIC_FIELD_IDS.has(Number(id))
      && branches.length > 0 && branches.every((b) => b.kind === 'array' || b.kind === 'map');
  },
  factory: AvroPairMap.factory,
};

type Convert<V> = (raw: unknown) => Map<number, V>;

/** A metric map decoded on first use; decoding errors name the manifest. */
class MetricMap<V> extends LazyMap<number, V> {
  constructor(private raw: AvroLazy | undefined, private readonly convert: Convert<V>, private readonly file: string) {
    super();
  }

  protected load(): Map<number, V> {
    const raw = this.raw!;
    this.raw = undefined; // let the Avro block go once decoded
    try {
      return this.convert(raw.decode());
    } catch (e) {
      const le = toLakeError(e, 'avro', { file: this.file }, 'DataInvalid');
      throw new LakeError(le.code, `iceberg manifest: ${this.file}: ${le.message}`, { ...le.context, file: this.file }, { cause: le, ref: le.ref && errorRef('error.iceberg.manifest.inFile', { file: this.file, message: le.ref }) });
    }
  }
}

/** A map<int, long> metric field (decoded Avro value or AvroLazy) as a map; undefined when absent. */
export function longMetrics(v: unknown, file: string): ReadonlyMap<number, bigint> | undefined {
  if (v instanceof AvroPairMap && v.valueKind === 'long') return v as AvroPairMap<bigint>;
  return v instanceof AvroLazy ? new MetricMap(v, longMap, file) : isMapValue(v) ? longMap(v) : undefined;
}

/** A map<int, binary> metric field (decoded Avro value or AvroLazy) as a map; undefined when absent. */
export function boundMetrics(v: unknown, file: string): ReadonlyMap<number, Uint8Array> | undefined {
  // Bounds read through an AvroPairMap are views into the manifest's block, which it keeps alive anyway.
  if (v instanceof AvroPairMap && (v.valueKind === 'bytes' || v.valueKind === 'fixed')) return v as AvroPairMap<Uint8Array>;
  return v instanceof AvroLazy ? new MetricMap(v, bytesMap, file) : isMapValue(v) ? bytesMap(v) : undefined;
}

/** What {@link mapEntries} reads: an array of key/value records or a Map. */
function isMapValue(v: unknown): boolean {
  return Array.isArray(v) || v instanceof Map;
}

function longMap(v: unknown): Map<number, bigint> {
  const out = new Map<number, bigint>();
  for (const [k, x] of mapEntries(v) ?? []) {
    const val = typeof x === 'bigint' ? x : typeof x === 'number' ? BigInt(x) : undefined;
    if (val !== undefined) out.set(Number(k), val);
  }
  return out;
}

/** Bounds are copied, so cached metadata does not pin the decompressed Avro block they were views into. */
function bytesMap(v: unknown): Map<number, Uint8Array> {
  const out = new Map<number, Uint8Array>();
  for (const [k, x] of mapEntries(v) ?? []) if (x instanceof Uint8Array) out.set(Number(k), x.slice());
  return out;
}

/**
 * Makes one metric map of an entry from where its encoding starts in the manifest block: an
 * {@link AvroPairMap} (counts: long values; bounds: bytes/fixed values, views into the block).
 */
export type MetricMaker = (bytes: Uint8Array, pos: number) => ReadonlyMap<number, unknown>;

/**
 * Makers of the six metric maps, in {@link ENCODED_METRICS} order (undefined: the writer's schema has no such field).
 * One per manifest schema, shared by its entries.
 */
export type MetricMakers = readonly (MetricMaker | undefined)[];

/** The metric fields, in the order of {@link MetricMakers} and of {@link EncodedMetricsDataFile}'s positions. */
export const ENCODED_METRICS = ['columnSizes', 'valueCounts', 'nullValueCounts', 'nanValueCounts', 'lowerBounds', 'upperBounds'] as const;

/** The value kinds an encoded metric map must have: counts are longs, bounds bytes (or fixed). */
export const ENCODED_METRIC_VALUE_KINDS: readonly (readonly string[])[] = [['long'], ['long'], ['long'], ['long'], ['bytes', 'fixed'], ['bytes', 'fixed']];

/** The fields of a data file that most entries leave empty. */
export type RareDataFileFields = Pick<DataFile, 'keyMetadata' | 'splitOffsets' | 'equalityIds' | 'sortOrderId' | 'firstRowId' | 'referencedDataFile' | 'contentOffset' | 'contentSizeInBytes'>;

/** Rare fields all absent: shared, so an entry without any makes no object for them. */
export const NO_RARE_FIELDS: RareDataFileFields = Object.freeze({});

/**
 * A data file as planning reads it (spec/manifest-reader.ts), its six column metric maps kept as positions
 * in the manifest's decompressed block and made into maps (AvroPairMaps, as the lazy decoder makes them)
 * only when asked (issue 17: four or six map objects per entry were ~a fifth of planning 100,000 entries,
 * most of it garbage-collector work copying what the cached manifest keeps alive). A getter returns a new
 * map object each time, reading the same bytes: equal contents. The other fields are plain own properties.
 */
export class EncodedMetricsDataFile implements DataFile {
  readonly content: DataFile['content'];
  readonly filePath: string;
  readonly fileFormat: string;
  readonly specId: number;
  readonly partition: DataFile['partition'];
  readonly recordCount: bigint;
  readonly fileSizeInBytes: bigint;
  readonly keyMetadata?: Uint8Array;
  readonly splitOffsets?: readonly bigint[];
  readonly equalityIds?: readonly number[];
  readonly sortOrderId?: number;
  readonly firstRowId?: bigint;
  readonly referencedDataFile?: string;
  readonly contentOffset?: bigint;
  readonly contentSizeInBytes?: bigint;
  readonly #bytes: Uint8Array | undefined;
  readonly #makers: MetricMakers;
  // Positions of the six maps in #bytes (-1: absent or null), as small integers: no object each.
  readonly #p0: number; readonly #p1: number; readonly #p2: number; readonly #p3: number; readonly #p4: number; readonly #p5: number;

  // The common fields one by one, the rare ones as one (usually shared) object: building an entry makes no
  // short-lived object holding all of them (issue 17: until the constructor is optimized and inlined,
  // such an argument object is allocated for every entry of a plan).
  constructor(content: DataFile['content'], filePath: string, fileFormat: string, specId: number, partition: DataFile['partition'],
    recordCount: bigint, fileSizeInBytes: bigint, rare: RareDataFileFields,
    bytes: Uint8Array | undefined, makers: MetricMakers, p0: number, p1: number, p2: number, p3: number, p4: number, p5: number) {
    this.content = content; this.filePath = filePath; this.fileFormat = fileFormat; this.specId = specId;
    this.partition = partition; this.recordCount = recordCount; this.fileSizeInBytes = fileSizeInBytes;
    this.keyMetadata = rare.keyMetadata; this.splitOffsets = rare.splitOffsets; this.equalityIds = rare.equalityIds;
    this.sortOrderId = rare.sortOrderId; this.firstRowId = rare.firstRowId; this.referencedDataFile = rare.referencedDataFile;
    this.contentOffset = rare.contentOffset; this.contentSizeInBytes = rare.contentSizeInBytes;
    this.#bytes = bytes; this.#makers = makers;
    this.#p0 = p0; this.#p1 = p1; this.#p2 = p2; this.#p3 = p3; this.#p4 = p4; this.#p5 = p5;
  }

  get columnSizes(): ReadonlyMap<number, bigint> | undefined { return this.#map(0, this.#p0) as ReadonlyMap<number, bigint> | undefined; }
  get valueCounts(): ReadonlyMap<number, bigint> | undefined { return this.#map(1, this.#p1) as ReadonlyMap<number, bigint> | undefined; }
  get nullValueCounts(): ReadonlyMap<number, bigint> | undefined { return this.#map(2, this.#p2) as ReadonlyMap<number, bigint> | undefined; }
  get nanValueCounts(): ReadonlyMap<number, bigint> | undefined { return this.#map(3, this.#p3) as ReadonlyMap<number, bigint> | undefined; }
  get lowerBounds(): ReadonlyMap<number, Uint8Array> | undefined { return this.#map(4, this.#p4) as ReadonlyMap<number, Uint8Array> | undefined; }
  get upperBounds(): ReadonlyMap<number, Uint8Array> | undefined { return this.#map(5, this.#p5) as ReadonlyMap<number, Uint8Array> | undefined; }

  #map(k: number, pos: number): ReadonlyMap<number, unknown> | undefined {
    const make = this.#makers[k];
    return pos < 0 || make === undefined || this.#bytes === undefined ? undefined : make(this.#bytes, pos);
  }
}

/**
 * `f` as a plain object whose every field is an own property. Must be used before copying a data file
 * with a spread (`{ ...f, x }`): an {@link EncodedMetricsDataFile}'s metric maps are getters on its
 * prototype, which a spread silently drops. A plain data file is returned as it is.
 */
export function plainDataFile(f: DataFile): DataFile {
  if (!(f instanceof EncodedMetricsDataFile)) return f;
  const out: { -readonly [K in keyof DataFile]: DataFile[K] } = { ...f };
  for (const k of ENCODED_METRICS) {
    const v = f[k];
    if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}
