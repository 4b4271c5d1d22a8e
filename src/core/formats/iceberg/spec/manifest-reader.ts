/**
 * Reading a manifest's entries straight from its Avro encoding (issue 17: decoding entries into record
 * arrays and then reading those by key was a fifth of planning 100,000 entries, and the arrays garbage).
 *
 * A reader is compiled once per writer schema and partition tuple type: one step per field of
 * `manifest_entry`, its `data_file` struct and the `partition` struct, in schema order. A field the entry
 * model reads is decoded into its slot of a reused {@link RawEntry} — with the same decoders, lazy column
 * metrics included, as `readAvroFile(…, { lazy: MANIFEST_LAZY_FIELDS, recordsAsArrays: true })` uses, so
 * the values are the same — and any other field is stepped over with a skipper that checks its encoding.
 * Each raw entry then goes through the same {@link buildEntry} as the generic path. A schema this reader
 * does not cover (a struct inside a union, no data_file struct) is read by the generic path instead.
 */
import { type AvroCursor, type AvroDecodeFn, type AvroField, type AvroType, type RecentLong, AvroPairMap, compileDecoder, compileSkipper, lazyFieldDecoder, readAvroFile, readAvroFileWith } from '../../../codecs/avro/index.ts';
import { messageError } from '../../../message-error.ts';
import { ENCODED_METRICS, ENCODED_METRIC_VALUE_KINDS, type MetricMaker, type MetricMakers } from './manifest-metrics.ts';
import { D, E, type EntryContext, MANIFEST_LAZY_FIELDS, type ManifestEntry, type RawEntry, S, buildEntry, entryContext, newRawEntry, parseManifest } from './manifest.ts';
import type { ManifestFile } from './manifest-list.ts';
import type { PartitionTupleField } from './partition-spec.ts';

type RecordType = Extract<AvroType, { kind: 'record' }>;
type Step = (c: AvroCursor, raw: RawEntry) => void;

/**
 * A compiled reader: the steps of one entry record, whether its data_file struct has a partition struct,
 * and the makers of metric maps kept as positions (undefined where the metrics are read as lazy values).
 */
interface EntryReader {
  readonly steps: readonly Step[];
  readonly hasPartition: boolean;
  readonly metricMakers?: MetricMakers;
}

/**
 * The entries of a manifest file, as {@link parseManifest} of the file read with MANIFEST_LAZY_FIELDS
 * and array records would give them (same values, same checks, same inheritance). Errors name the file.
 */
export function readManifestEntries(bytes: Uint8Array, manifest: ManifestFile, partitionFields: readonly PartitionTupleField[], file: string): ManifestEntry[] {
  let ctx: EntryContext | undefined;
  let raw: RawEntry | undefined;
  let generic = false;
  const { records } = readAvroFileWith(bytes, { name: file }, (header) => {
    const reader = entryReader(header.type, partitionFields);
    if (!reader) { generic = true; return skipAll(header.type); }
    ctx = entryContext(manifest, partitionFields, file, reader.hasPartition, undefined, reader.metricMakers);
    raw = newRawEntry(partitionFields.length);
    raw[S.hasDataFile] = true; // a struct, never null (a union around it is left to the generic path)
    raw[S.hasPartition] = reader.hasPartition;
    const { steps } = reader;
    const n = steps.length;
    return (c, index) => {
      for (let i = 0; i < n; i++) steps[i]!(c, raw!);
      return buildEntry(raw!, ctx!, index);
    };
  });
  if (!generic) return records as ManifestEntry[];
  return parseManifest(readAvroFile(bytes, { name: file, lazy: MANIFEST_LAZY_FIELDS, recordsAsArrays: true }), manifest, partitionFields, file);
}

/** Steps over whole records (the file is then read again by the generic path: rare schemas only). */
function skipAll(type: AvroType): (c: AvroCursor) => undefined {
  const skip = compileSkipper(type);
  return (c) => { skip(c); return undefined; };
}

const readers = new WeakMap<AvroType, Map<string, EntryReader | null>>();

/** The reader of entries of this writer schema for this partition tuple type (cached); undefined when not covered. */
function entryReader(type: AvroType, partitionFields: readonly PartitionTupleField[]): EntryReader | undefined {
  let byFields = readers.get(type);
  if (!byFields) readers.set(type, byFields = new Map());
  const key = partitionFields.map((f) => f.field.fieldId).join(',');
  let reader = byFields.get(key);
  if (reader === undefined) byFields.set(key, reader = compileEntryReader(type, partitionFields) ?? null);
  return reader ?? undefined;
}

/** Slots of the manifest_entry fields by field id. */
const ENTRY_SLOTS: ReadonlyMap<number, number> = new Map([[E.status, S.status], [E.snapshotId, S.snapshotId], [E.seq, S.seq], [E.fileSeq, S.fileSeq]]);

/** Slots of the data_file fields by field id (partition apart). */
const DATA_FILE_SLOTS: ReadonlyMap<number, number> = new Map([
  [D.content, S.content], [D.path, S.path], [D.format, S.format], [D.recordCount, S.recordCount], [D.size, S.size],
  [D.columnSizes, S.columnSizes], [D.valueCounts, S.valueCounts], [D.nullCounts, S.nullCounts], [D.nanCounts, S.nanCounts],
  [D.lower, S.lower], [D.upper, S.upper], [D.keyMetadata, S.keyMetadata], [D.splitOffsets, S.splitOffsets],
  [D.equalityIds, S.equalityIds], [D.sortOrderId, S.sortOrderId], [D.firstRowId, S.firstRowId], [D.referencedDataFile, S.refFile],
  [D.contentOffset, S.contentOffset], [D.contentSize, S.contentSize],
]);

function compileEntryReader(type: AvroType, partitionFields: readonly PartitionTupleField[]): EntryReader | undefined {
  if (type.kind !== 'record') return undefined;
  const dfIndex = chosenIndex(type, E.dataFile);
  const df = dfIndex === undefined ? undefined : type.fields[dfIndex]!.type;
  if (df?.kind !== 'record') return undefined;
  const partIndex = chosenIndex(df, D.partition);
  const part = partIndex === undefined ? undefined : df.fields[partIndex]!.type;
  if (part !== undefined && part.kind !== 'record') return undefined;
  // Partition values by the tuple field's position in the manifest's partition type (a field id the struct lacks: null).
  const partSlots = new Map<number, number>();
  partitionFields.forEach((f, i) => { if (!partSlots.has(f.field.fieldId)) partSlots.set(f.field.fieldId, S.partition + i); });
  const slotsOf = (r: RecordType, bySlotId: ReadonlyMap<number, number>, extra?: (id: number, i: number) => Step | undefined) => r.fields.map((f, i) => {
    const id = fieldId(f);
    const special = id === undefined ? undefined : extra?.(id, i);
    if (special) return special;
    const slot = id !== undefined && chosenIndex(r, id) === i ? bySlotId.get(id) : undefined;
    return slot === undefined ? skipStep(f) : valueStep(f, slot);
  });
  // Column metrics as positions in the block (EncodedMetricsDataFile) when every metric field the schema
  // has is an array of int-keyed pairs of the right value type (how Iceberg writes them); else lazy values.
  const makers = metricMakers(df);
  const dfSteps = slotsOf(df, DATA_FILE_SLOTS, (id, i) => (id === D.partition && i === partIndex && part ? structStep(slotsOf(part, partSlots))
    : makers && METRIC_INDEX.has(id) && chosenIndex(df, id) === i ? metricStep(df.fields[i]!, DATA_FILE_SLOTS.get(id)!) : undefined));
  // A writer that gave `status` no field id: the field named `status` (as the generic path finds it).
  const statusIndex = chosenIndex(type, E.status) ?? byName(type, 'status');
  const steps = type.fields.map((f, i) => {
    if (i === dfIndex) return structStep(dfSteps);
    if (i === statusIndex) return valueStep(f, S.status);
    const id = fieldId(f);
    const slot = id !== undefined && chosenIndex(type, id) === i ? ENTRY_SLOTS.get(id) : undefined;
    return slot === undefined || slot === S.status ? skipStep(f) : valueStep(f, slot);
  });
  return { steps, hasPartition: part !== undefined, metricMakers: makers };
}

/** The metric fields by field id → their index in {@link ENCODED_METRICS}. */
const METRIC_INDEX: ReadonlyMap<number, number> = new Map([D.columnSizes, D.valueCounts, D.nullCounts, D.nanCounts, D.lower, D.upper].map((id, k) => [id, k]));

/**
 * Makers of the metric maps of this data_file type, or undefined when a metric field the reader would
 * keep lazily (MANIFEST_LAZY_FIELDS) is not an `array<record{int, V}>` with V of the metric's kind, alone or
 * beside null in a union — those are read as before (lazy values, decoded on use).
 */
function metricMakers(df: RecordType): MetricMakers | undefined {
  const makers: (MetricMaker | undefined)[] = ENCODED_METRICS.map(() => undefined);
  for (const [id, k] of METRIC_INDEX) {
    const i = chosenIndex(df, id);
    if (i === undefined) continue;
    const f = df.fields[i]!;
    if (!MANIFEST_LAZY_FIELDS.test(f)) return undefined;
    const branches = f.type.kind === 'union' ? f.type.branches.filter((b) => b.kind !== 'null') : [f.type];
    const t = branches[0];
    if (branches.length !== 1 || !t || !isPairArray(t, ENCODED_METRIC_VALUE_KINDS[k]!)) return undefined;
    const make = AvroPairMap.factory(t, compileDecoder(t, OPTIONS));
    makers[k] = make as unknown as MetricMaker; // an AvroPairMap: isPairArray is pairCodec's test
  }
  return makers;
}

/** `array<record{int, V}>` with V of one of `kinds` (what AvroPairMap reads; see codecs/avro/lazy-pair-map.ts). */
function isPairArray(t: AvroType, kinds: readonly string[]): boolean {
  const item = t.kind === 'array' ? t.items : undefined;
  return item?.kind === 'record' && item.fields.length === 2 && item.fields[0]!.type.kind === 'int' && kinds.includes(item.fields[1]!.type.kind);
}

/**
 * A metric field kept as a position: the slot gets where the map's encoding starts (S.block the block),
 * or null; the encoding is stepped over and checked as the lazy decoder does (codecs/avro/lazy.ts).
 */
function metricStep(f: AvroField, slot: number): Step {
  const t = f.type;
  if (t.kind !== 'union') {
    const skip = compileSkipper(t);
    return (c, raw) => { raw[slot] = c.pos; raw[S.block] = c.bytes; skip(c); };
  }
  const n = t.branches.length;
  const isNull = t.branches.map((b) => b.kind === 'null');
  const skips = t.branches.map((b) => compileSkipper(b));
  return (c, raw) => {
    const i = c.readInt();
    if (i < 0 || i >= n) throw messageError('DataInvalid', 'error.avro.unionBranch', { index: i, branches: n }, { offset: c.pos });
    if (isNull[i]) { raw[slot] = null; return; }
    raw[slot] = c.pos; raw[S.block] = c.bytes;
    skips[i]!(c);
  };
}

function fieldId(f: AvroField): number | undefined {
  const id = f.attrs['field-id'];
  return typeof id === 'number' || typeof id === 'bigint' ? Number(id) : undefined;
}

/** The position of the field with this id — the last one, as avro-record.ts `recordShape` resolves duplicates. */
function chosenIndex(r: RecordType, id: number): number | undefined {
  for (let i = r.fields.length - 1; i >= 0; i--) if (fieldId(r.fields[i]!) === id) return i;
  return undefined;
}

function byName(r: RecordType, name: string): number | undefined {
  const i = r.fields.findIndex((f) => f.name === name);
  return i < 0 ? undefined : i;
}

/** The decoder options planning reads manifests with (see io/table-files.ts before issue 17's reader). */
const OPTIONS = { lazy: MANIFEST_LAZY_FIELDS, recordsAsArrays: true } as const;

function decoderOf(f: AvroField, slot: number): AvroDecodeFn {
  if (MANIFEST_LAZY_FIELDS.test(f)) return lazyFieldDecoder(f.type, (t) => compileDecoder(t, OPTIONS), MANIFEST_LAZY_FIELDS.factory);
  if (slot === S.format && f.type.kind === 'string') return readFormatOrString;
  return compileDecoder(f.type, OPTIONS);
}

/** Slots of longs that consecutive entries usually repeat (a manifest's snapshot id and sequence numbers; equal counts). */
const REPEATED_LONGS: ReadonlySet<number> = new Set([S.snapshotId, S.seq, S.fileSeq, S.recordCount, S.size]);

/**
 * A step for a `long` (or `["null","long"]` in either order) that repeats across entries: the bigint of the
 * previous entry is reused when the encoding is the same (AvroCursor.readLongRepeated); undefined for other types.
 */
function repeatedLongStep(f: AvroField, slot: number): Step | undefined {
  const t = f.type;
  const recent: RecentLong = { zigzag: -1, value: 0n };
  if (t.kind === 'long') return (c, raw) => { raw[slot] = c.readLongRepeated(recent); };
  if (t.kind !== 'union' || t.branches.length !== 2) return undefined;
  const kinds = t.branches.map((b) => b.kind);
  const longAt = kinds.indexOf('long');
  if (longAt < 0 || !kinds.includes('null')) return undefined;
  return (c, raw) => {
    const i = c.readInt();
    if (i === longAt) raw[slot] = c.readLongRepeated(recent);
    else if (i === 1 - longAt) raw[slot] = null;
    else throw messageError('DataInvalid', 'error.avro.unionBranch', { index: i, branches: 2 }, { offset: c.pos });
  };
}

function valueStep(f: AvroField, slot: number): Step {
  if (REPEATED_LONGS.has(slot)) {
    const step = repeatedLongStep(f, slot);
    if (step) return step;
  }
  const decode = decoderOf(f, slot);
  return (c, raw) => { raw[slot] = decode(c); };
}

function skipStep(f: AvroField): Step {
  const skip = compileSkipper(f.type);
  return (c) => skip(c);
}

function structStep(steps: readonly Step[]): Step {
  const n = steps.length;
  return (c, raw) => { for (let i = 0; i < n; i++) steps[i]!(c, raw); };
}

/** Names every manifest repeats (`file_format`), returned without building a string per entry. */
const KNOWN = ['PARQUET', 'parquet', 'AVRO', 'avro', 'ORC', 'orc', 'PUFFIN', 'puffin'].map((s) => ({ s, bytes: Array.from(s, (ch) => ch.charCodeAt(0)) }));

/** Avro `string`, as `c.readString()` gives it; a known file format name is the shared constant. */
function readFormatOrString(c: AvroCursor): string {
  const start = c.pos;
  const len = c.readLength('string length');
  if (len <= 7 && len <= c.remaining) {
    const b = c.bytes; const at = c.pos;
    for (const k of KNOWN) {
      if (k.bytes.length !== len) continue;
      let same = true;
      for (let i = 0; i < len; i++) if (b[at + i] !== k.bytes[i]) { same = false; break; }
      if (same) { c.pos = at + len; return k.s; }
    }
  }
  c.pos = start;
  return c.readString();
}
