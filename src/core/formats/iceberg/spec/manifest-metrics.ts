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
      throw new LakeError(le.code, `iceberg manifest: ${this.file}: ${le.message}`, { ...le.context, file: this.file }, { cause: le });
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
