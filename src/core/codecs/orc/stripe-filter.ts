/**
 * Pruning with ORC statistics (ORC specification, "Column Statistics", "Row Index", "Bloom Filter
 * Index"): file-level statistics per stripe (the Metadata section) choose stripes; the row index of a
 * stripe chooses row groups of `rowIndexStride` rows. Statistics become typed ranges; a caller's
 * predicate says whether a unit whose columns lie in those ranges can hold a matching row. Missing
 * statistics are "unknown" and must be read as "might match".
 */
import type { ByteSource } from '../../util/byte-source.ts';
import { bloomMightContain } from './bloom-filter.ts';
import { asOrcError } from './errors.ts';
import { decodeBloomFilterIndex, decodeRowIndex, Kind, StreamKind, type BloomFilterProto, type ColumnStatisticsProto } from './proto-messages.ts';
import type { OrcType } from './schema.ts';
import { StripeStreams } from './stripe.ts';
import type { OrcTail } from './tail.ts';

/**
 * One column's statistics as values of its type: integers bigint, float/double number, strings
 * string, dates days, decimals unscaled bigint at the column's scale, timestamps wall-clock
 * nanoseconds (only from ORC 1.6+ `minimumUtc`/`maximumUtc`), booleans boolean.
 */
export interface OrcColumnRange {
  readonly count?: bigint;
  readonly hasNull?: boolean;
  readonly min?: bigint | number | string | boolean;
  readonly max?: bigint | number | string | boolean;
}

/** Decides from column ranges (by column id) whether a unit of `rows` rows might hold a matching row. */
export type OrcRangePredicate = (range: (columnId: number) => OrcColumnRange | undefined, rows: number) => boolean;

/** Parses a decimal statistic ("-12.5") to an unscaled bigint at `scale`, rounded toward `side`. */
export function parseDecimalStat(text: string, scale: number, side: -1 | 1): bigint | undefined {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m || (m[2] === '' && !m[3])) return undefined;
  const frac = m[3] ?? '';
  const kept = frac.slice(0, scale).padEnd(scale, '0');
  let v = BigInt(`${m[2] || '0'}${kept}`);
  const dropped = /[1-9]/.test(frac.slice(scale));
  const neg = m[1] === '-';
  if (neg) v = -v;
  if (dropped) v += neg ? (side < 0 ? -1n : 0n) : (side > 0 ? 1n : 0n);
  return v;
}

/** The typed range of one column's statistics. */
export function columnRange(t: OrcType, s: ColumnStatisticsProto | undefined): OrcColumnRange | undefined {
  if (!s) return undefined;
  const base = { count: s.numberOfValues, hasNull: s.hasNull };
  switch (t.kind) {
    case Kind.BYTE: case Kind.SHORT: case Kind.INT: case Kind.LONG: return { ...base, min: s.int?.min, max: s.int?.max };
    case Kind.FLOAT: case Kind.DOUBLE: return { ...base, min: s.double?.min, max: s.double?.max };
    case Kind.STRING: case Kind.VARCHAR: case Kind.CHAR:
      return { ...base, min: s.string?.min ?? s.string?.lowerBound, max: s.string?.max ?? s.string?.upperBound };
    case Kind.DATE: return { ...base, min: s.date?.min, max: s.date?.max };
    case Kind.DECIMAL: return {
      ...base,
      min: s.decimal?.min === undefined ? undefined : parseDecimalStat(s.decimal.min, t.scale, -1),
      max: s.decimal?.max === undefined ? undefined : parseDecimalStat(s.decimal.max, t.scale, 1),
    };
    case Kind.TIMESTAMP: case Kind.TIMESTAMP_INSTANT: {
      const ts = s.timestamp;
      // minimumUtc/maximumUtc: the wall clock as if UTC, in ms; the nanos fields hold (ns % 1e6) + 1.
      return {
        ...base,
        min: ts?.minUtc === undefined ? undefined : ts.minUtc * 1_000_000n + BigInt(ts.minNanos ? ts.minNanos - 1 : 0),
        max: ts?.maxUtc === undefined ? undefined : ts.maxUtc * 1_000_000n + BigInt(ts.maxNanos ? ts.maxNanos - 1 : 999_999),
      };
    }
    case Kind.BOOLEAN: {
      const trues = s.bucket?.count[0];
      if (trues === undefined || s.numberOfValues === undefined) return base;
      return { ...base, min: trues < s.numberOfValues ? false : true, max: trues > 0n };
    }
    default: return base;
  }
}

/** All column types by id. */
function typesById(root: OrcType | undefined): OrcType[] {
  const out: OrcType[] = [];
  const walk = (t: OrcType): void => { out[t.id] = t; t.children.forEach(walk); };
  if (root) walk(root);
  return out;
}

/**
 * The stripes that might hold a matching row, in file order. Must hold: a stripe is left out only
 * when the predicate says its statistics cannot match; without stripe statistics every stripe is kept.
 */
export function selectStripes(tail: OrcTail, predicate: OrcRangePredicate): number[] {
  const stripes = tail.footer.stripes;
  let stats: ColumnStatisticsProto[][] = [];
  try {
    stats = tail.stripeStatistics;
  } catch {
    stats = []; // a damaged Metadata section only costs pruning
  }
  const types = typesById(tail.schema);
  return stripes.flatMap((s, i) => {
    const st = stats.length === stripes.length ? stats[i] : undefined;
    if (!st) return [i];
    return predicate((id) => (types[id] ? columnRange(types[id]!, st[id]) : undefined), s.numberOfRows) ? [i] : [];
  });
}

/**
 * ORC-1055: the C++ writer 1.6.0–1.6.11 wrote wrong bloom filters; files from it have no
 * softwareVersion (before 1.6.11) or one in that range. The Java reader ignores their filters; so do we.
 */
function hasBadBloomFilters(tail: OrcTail): boolean {
  if (tail.footer.writer !== 1) return false;
  const v = tail.footer.softwareVersion;
  if (v === undefined) return true;
  const m = /^1\.6\.(\d+)(?:-|$)/.exec(v);
  return m !== null && Number(m[1]) <= 11;
}

/** A bloom-filter test: column id and the value's hash (see bloomHash). */
export interface BloomProbe { readonly column: number; readonly hash: bigint }

/**
 * The row groups of one stripe that might match: the row index's statistics through `predicate`,
 * then, for each probe, the column's BLOOM_FILTER_UTF8 (or, for non-string columns, BLOOM_FILTER)
 * filter. Reads the stripe's index streams and footer (not its data). Must hold: a row group is left
 * out only when its statistics or a bloom filter exclude it; without a row index all are kept.
 */
export async function selectRowGroups(source: ByteSource, tail: OrcTail, stripeIndex: number, predicate: OrcRangePredicate,
  probes: readonly BloomProbe[] = [], signal?: AbortSignal): Promise<number[]> {
  const info = tail.footer.stripes[stripeIndex]!;
  const stride = tail.footer.rowIndexStride;
  const groups = stride > 0 ? Math.ceil(info.numberOfRows / stride) : 1;
  const all = Array.from({ length: groups }, (_, i) => i);
  if (stride <= 0 || info.indexLength === 0) return all;
  const index = await source.read(info.offset, info.indexLength, signal);
  const footer = await source.read(info.offset + info.indexLength + info.dataLength, info.footerLength, signal);
  try {
    const stripe = new StripeStreams(info, index, 0, tail.codec, tail.footer.types.length, tail.file, footer);
    const types = typesById(tail.schema);
    const entries = types.map((t) => (stripe.has(t.id, StreamKind.ROW_INDEX) ? decodeRowIndex(stripe.stream(t.id, StreamKind.ROW_INDEX)!.bytes) : undefined));
    const blooms = new Map<number, BloomFilterProto[]>();
    for (const p of hasBadBloomFilters(tail) ? [] : probes) {
      const t = types[p.column];
      if (!t || blooms.has(p.column)) continue;
      const stringy = t.kind === Kind.STRING || t.kind === Kind.VARCHAR || t.kind === Kind.CHAR || t.kind === Kind.BINARY;
      // Decimal and timestamp filters changed hashing over the writer versions: not used.
      if (t.kind === Kind.DECIMAL || t.kind === Kind.TIMESTAMP || t.kind === Kind.TIMESTAMP_INSTANT) continue;
      const s = stripe.stream(p.column, StreamKind.BLOOM_FILTER_UTF8) ?? (stringy ? undefined : stripe.stream(p.column, StreamKind.BLOOM_FILTER));
      if (s) {
        // Pre-release Hive files wrote another layout under the same stream kind: an implausible
        // filter is no filter (a wrong skip would lose rows; a kept group only costs a read).
        let filters: BloomFilterProto[] | undefined;
        try {
          filters = decodeBloomFilterIndex(s.bytes);
        } catch {
          filters = undefined;
        }
        if (filters?.every((f) => f.numHashFunctions >= 1 && f.numHashFunctions <= 64 && f.bitset.length > 0)) blooms.set(p.column, filters);
      }
    }
    return all.filter((g) => {
      const rows = Math.min(stride, info.numberOfRows - g * stride);
      const ok = predicate((id) => (types[id] ? columnRange(types[id]!, entries[id]?.[g]?.statistics) : undefined), rows);
      if (!ok) return false;
      return probes.every((p) => {
        const f = blooms.get(p.column)?.[g];
        return !f || bloomMightContain(f, p.hash);
      });
    });
  } catch (e) {
    throw asOrcError(e, tail.file, `invalid row index of stripe ${stripeIndex}`);
  }
}
