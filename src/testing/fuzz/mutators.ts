/**
 * The mutations a fuzz case applies to one file of a table copy. Each says whether it is STRUCTURAL
 * (truncation, swapped files, length fields, sizes that disagree with the metadata: the reader must
 * fail, never give rows) or a VALUE change (bit flips, random bytes, a changed digit: it may go
 * unnoticed where no checksum covers the bytes).
 */
import type { Rng } from './prng.ts';
import { avroLayout, encodeLength, hudiLogLengthFields, paimonDvLengthFields, parquetFooterLength, puffinLengthFields, type LengthField } from './structure.ts';

/** What a fixture file is, by its place in the table layout. */
export type FileKind =
  | 'iceberg-metadata' | 'iceberg-version-hint' | 'iceberg-manifest-list' | 'iceberg-manifest' | 'iceberg-data'
  | 'iceberg-delete' | 'iceberg-puffin'
  | 'paimon-snapshot' | 'paimon-hint' | 'paimon-schema' | 'paimon-manifest-list' | 'paimon-manifest'
  | 'paimon-index-manifest' | 'paimon-data' | 'paimon-index'
  | 'delta-commit' | 'delta-checkpoint' | 'delta-checkpoint-json' | 'delta-sidecar' | 'delta-last-checkpoint' | 'delta-crc' | 'delta-data' | 'delta-dv'
  | 'hudi-properties' | 'hudi-instant' | 'hudi-instant-avro' | 'hudi-pending-instant' | 'hudi-log' | 'hudi-base'
  | 'other';

/** The kind of a file from its key relative to the table root. */
export function fileKind(format: 'iceberg' | 'paimon' | 'delta' | 'hudi', key: string): FileKind {
  const name = key.slice(key.lastIndexOf('/') + 1);
  if (format === 'delta') return deltaKind(key, name);
  if (format === 'hudi') return hudiKind(key, name);
  if (format === 'iceberg') {
    if (name.endsWith('.metadata.json')) return 'iceberg-metadata';
    if (name === 'version-hint.text') return 'iceberg-version-hint';
    if (name.endsWith('.avro')) return name.startsWith('snap-') ? 'iceberg-manifest-list' : 'iceberg-manifest';
    if (name.endsWith('.puffin')) return 'iceberg-puffin';
    if (name.endsWith('.parquet')) return /delete/i.test(name) ? 'iceberg-delete' : 'iceberg-data';
    return 'other';
  }
  if (key.startsWith('snapshot/')) return name === 'LATEST' || name === 'EARLIEST' ? 'paimon-hint' : 'paimon-snapshot';
  if (key.startsWith('schema/')) return 'paimon-schema';
  if (key.startsWith('manifest/')) {
    if (name.startsWith('manifest-list-')) return 'paimon-manifest-list';
    if (name.startsWith('index-manifest-')) return 'paimon-index-manifest';
    return 'paimon-manifest';
  }
  if (key.startsWith('index/')) return 'paimon-index';
  if (name.endsWith('.parquet') || name.endsWith('.orc')) return 'paimon-data';
  return 'other';
}

/** Delta: `_delta_log/` commits (JSON lines), checkpoints (Parquet; v2 tops may be JSON), `_last_checkpoint`, CRCs; data and DV files. */
function deltaKind(key: string, name: string): FileKind {
  if (key.startsWith('_delta_log/')) {
    if (name === '_last_checkpoint') return 'delta-last-checkpoint';
    if (name.endsWith('.crc')) return 'delta-crc';
    if (key.startsWith('_delta_log/_sidecars/')) return 'delta-sidecar';
    if (name.includes('.checkpoint')) return name.endsWith('.json') ? 'delta-checkpoint-json' : 'delta-checkpoint';
    if (/^\d{20}\.json$/.test(name)) return 'delta-commit';
    return 'other';
  }
  if (name.endsWith('.bin')) return 'delta-dv';
  if (name.endsWith('.parquet')) return 'delta-data';
  return 'other';
}

/** Hudi: `.hoodie/` properties and timeline instants (layout 1 JSON, layout 2 Avro), log files, base files. */
function hudiKind(key: string, name: string): FileKind {
  if (key.startsWith('.hoodie/')) {
    if (key.startsWith('.hoodie/metadata/') || key.startsWith('.hoodie/.')) return 'other';
    if (name === 'hoodie.properties') return 'hudi-properties';
    if (!/^\d{14,17}/.test(name)) return 'other';
    if (name.endsWith('.requested') || name.endsWith('.inflight')) return 'hudi-pending-instant';
    return key.startsWith('.hoodie/timeline/') ? 'hudi-instant-avro' : 'hudi-instant';
  }
  if (/^\..+\.log\.\d+/.test(name)) return 'hudi-log';
  if (name.endsWith('.parquet')) return 'hudi-base';
  return 'other';
}

/**
 * The files a case may mutate: Iceberg and Paimon skip dot-files (Hadoop `.crc` siblings); Hudi keeps
 * `.hoodie/` and its dot-named log files but not the CRC siblings; Delta keeps `_delta_log/`.
 */
export function isTarget(format: 'iceberg' | 'paimon' | 'delta' | 'hudi', key: string): boolean {
  const name = key.slice(key.lastIndexOf('/') + 1);
  if (format === 'hudi') return !name.endsWith('.crc') && fileKind(format, key) !== 'other';
  return !key.split('/').some((p) => p.startsWith('.'));
}

/** True for pointer files whose content is only a hint (a bad hint may be ignored, as engines do). */
export function isHint(kind: FileKind): boolean {
  return kind === 'iceberg-version-hint' || kind === 'paimon-hint' || kind === 'delta-last-checkpoint' || kind === 'delta-crc';
}

const JSON_KINDS: ReadonlySet<FileKind> = new Set(['iceberg-metadata', 'paimon-snapshot', 'paimon-schema', 'delta-commit', 'delta-checkpoint-json', 'hudi-instant', 'hudi-properties']);
const AVRO_KINDS: ReadonlySet<FileKind> = new Set(['iceberg-manifest-list', 'iceberg-manifest', 'paimon-manifest-list', 'paimon-manifest', 'paimon-index-manifest', 'hudi-instant-avro']);
const PARQUET_KINDS: ReadonlySet<FileKind> = new Set(['iceberg-data', 'iceberg-delete', 'paimon-data', 'delta-data', 'delta-checkpoint', 'delta-sidecar', 'hudi-base']);

export interface FixtureFile {
  readonly key: string;
  readonly kind: FileKind;
  readonly bytes: Uint8Array;
}

/** The result of one mutation. */
export interface Mutation {
  readonly name: string;
  readonly structural: boolean;
  readonly bytes: Uint8Array;
  /** Byte spans [start, end) changed in place (value mutations only; used to tell "bytes never read"). */
  readonly spans?: readonly (readonly [number, number])[];
  readonly detail: string;
}

interface Mutator {
  readonly name: string;
  readonly structural: boolean;
  readonly weight: (f: FixtureFile) => number;
  readonly apply: (f: FixtureFile, rng: Rng, others: readonly FixtureFile[]) => Omit<Mutation, 'name' | 'structural'> | undefined;
}

function lengthFields(f: FixtureFile): LengthField[] {
  if (AVRO_KINDS.has(f.kind)) return avroLayout(f.bytes)?.blocks.flatMap((b) => [b.count, b.size]) ?? [];
  if (PARQUET_KINDS.has(f.kind)) {
    const p = parquetFooterLength(f.bytes);
    return p ? [p] : [];
  }
  if (f.kind === 'iceberg-puffin') return puffinLengthFields(f.bytes);
  // Delta DV files share Paimon's framing: version byte 1, then (size i32 BE, bitmap, CRC) per vector.
  if (f.kind === 'paimon-index' || f.kind === 'delta-dv') return paimonDvLengthFields(f.bytes);
  if (f.kind === 'hudi-log') return hudiLogLengthFields(f.bytes);
  return [];
}

function splice(b: Uint8Array, start: number, end: number, insert: Uint8Array): Uint8Array {
  const out = new Uint8Array(b.length - (end - start) + insert.length);
  out.set(b.subarray(0, start));
  out.set(insert, start);
  out.set(b.subarray(end), start + insert.length);
  return out;
}

function randomBytes(rng: Rng, n: number): Uint8Array {
  return Uint8Array.from({ length: n }, () => rng.int(256));
}

const MUTATORS: readonly Mutator[] = [
  {
    name: 'bit-flip', structural: false, weight: (f) => (f.bytes.length ? 4 : 0),
    apply: (f, rng) => {
      const out = f.bytes.slice();
      const spans: [number, number][] = [];
      const n = rng.range(1, 3);
      for (let i = 0; i < n; i++) {
        const at = rng.int(out.length);
        out[at]! ^= 1 << rng.int(8);
        spans.push([at, at + 1]);
      }
      return { bytes: out, spans, detail: `flipped bits at ${spans.map((s) => s[0]).join(',')}` };
    },
  },
  {
    name: 'random-bytes', structural: false, weight: (f) => (f.bytes.length ? 2 : 0),
    apply: (f, rng) => {
      const len = Math.min(f.bytes.length, rng.range(1, 8));
      const at = rng.int(f.bytes.length - len + 1);
      const out = f.bytes.slice();
      out.set(randomBytes(rng, len), at);
      return { bytes: out, spans: [[at, at + len]], detail: `${len} random bytes at ${at}` };
    },
  },
  {
    name: 'json-digit', structural: false, weight: (f) => (JSON_KINDS.has(f.kind) || isHint(f.kind) ? 2 : 0),
    apply: (f, rng) => {
      const digits: number[] = [];
      f.bytes.forEach((c, i) => { if (c >= 0x30 && c <= 0x39) digits.push(i); });
      if (!digits.length) return undefined;
      const at = rng.pick(digits);
      const out = f.bytes.slice();
      out[at] = 0x30 + ((out[at]! - 0x30 + rng.range(1, 9)) % 10);
      return { bytes: out, spans: [[at, at + 1]], detail: `digit at ${at} changed` };
    },
  },
  {
    name: 'truncate', structural: true, weight: (f) => (f.bytes.length ? 3 : 0),
    apply: (f, rng) => {
      const len = rng.int(f.bytes.length);
      return { bytes: f.bytes.slice(0, len), detail: `truncated ${f.bytes.length} → ${len} bytes` };
    },
  },
  {
    name: 'truncate-tail', structural: true, weight: (f) => (f.bytes.length > 1 ? 2 : 0),
    apply: (f, rng) => {
      const len = f.bytes.length - rng.range(1, Math.min(16, f.bytes.length));
      return { bytes: f.bytes.slice(0, len), detail: `truncated ${f.bytes.length} → ${len} bytes` };
    },
  },
  {
    name: 'truncate-at-avro-block', structural: true, weight: (f) => (AVRO_KINDS.has(f.kind) ? 2 : 0),
    apply: (f, rng) => {
      const layout = avroLayout(f.bytes);
      if (!layout) return undefined;
      const cuts = [layout.headerEnd, ...layout.blocks.map((b) => b.end)].filter((c) => c < f.bytes.length);
      if (!cuts.length) return undefined;
      const len = rng.pick(cuts);
      return { bytes: f.bytes.slice(0, len), detail: `truncated at an Avro block boundary ${f.bytes.length} → ${len} bytes` };
    },
  },
  {
    name: 'append', structural: true, weight: () => 2,
    apply: (f, rng) => {
      const extra = randomBytes(rng, rng.range(1, 64));
      return { bytes: splice(f.bytes, f.bytes.length, f.bytes.length, extra), detail: `${extra.length} bytes appended` };
    },
  },
  {
    name: 'avro-duplicate-block', structural: true, weight: (f) => (AVRO_KINDS.has(f.kind) ? 2 : 0),
    apply: (f, rng) => {
      const layout = avroLayout(f.bytes);
      if (!layout?.blocks.length) return undefined;
      const b = rng.pick(layout.blocks);
      return { bytes: splice(f.bytes, b.end, b.end, f.bytes.slice(b.start, b.end)), detail: `Avro block at ${b.start} duplicated` };
    },
  },
  {
    name: 'swap', structural: true, weight: () => 3,
    apply: (f, rng, others) => {
      const candidates = others.filter((o) => o.key !== f.key && !equalBytes(o.bytes, f.bytes));
      const same = candidates.filter((o) => o.kind === f.kind);
      const pool = same.length && rng.chance(0.75) ? same : candidates;
      if (!pool.length) return undefined;
      const o = rng.pick(pool);
      return { bytes: o.bytes.slice(), detail: `bytes of ${o.key} in its place` };
    },
  },
  {
    name: 'length-field', structural: true, weight: (f) => (lengthFields(f).length ? 4 : 0),
    apply: (f, rng) => {
      const field = rng.pick(lengthFields(f));
      const v = field.value;
      const choices = [0, v - 1, v + 1, v * 2 + 7, 2 ** 31 - 1, rng.int(2 ** 32)];
      if (field.encoding === 'avro-long' || field.encoding === 'i64be') choices.push(-1, -v - 1, 2 ** 40, v + rng.range(2, 1000));
      const value = rng.pick(choices.filter((c) => c !== v && (field.encoding !== 'i32be' || c < 2 ** 31)));
      const bytes = splice(f.bytes, field.offset, field.offset + field.width, encodeLength(field, value));
      return { bytes, detail: `${field.what} at ${field.offset}: ${v} → ${value}` };
    },
  },
  {
    name: 'empty', structural: true, weight: (f) => (f.bytes.length ? 1 : 0),
    apply: () => ({ bytes: new Uint8Array(0), detail: 'emptied' }),
  },
];

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Applies one weighted-random mutation that changes the file (retrying other mutators when one cannot apply). */
export function mutate(f: FixtureFile, rng: Rng, others: readonly FixtureFile[]): Mutation {
  for (let attempt = 0; attempt < 20; attempt++) {
    const m = rng.weighted(MUTATORS.map((x) => [x, x.weight(f)] as const));
    const r = m.apply(f, rng, others);
    if (!r || equalBytes(r.bytes, f.bytes)) continue;
    // Cutting or adding only whitespace around a JSON document changes no structure.
    if (m.structural && (JSON_KINDS.has(f.kind) || isHint(f.kind)) && sameTrimmedText(r.bytes, f.bytes)) {
      return { name: 'whitespace-only', structural: false, bytes: r.bytes, detail: r.detail };
    }
    return { name: m.name, structural: m.structural, ...r };
  }
  const bytes = splice(f.bytes, f.bytes.length, f.bytes.length, Uint8Array.of(0));
  return { name: 'append', structural: true, bytes, detail: '1 byte appended' };
}

function sameTrimmedText(a: Uint8Array, b: Uint8Array): boolean {
  const d = new TextDecoder();
  return d.decode(a).trim() === d.decode(b).trim();
}

/**
 * File kinds whose size no other metadata records and whose content nothing else counts: a structural
 * change there that still reads the exact rows (an equivalent file swapped in) cannot be told apart.
 */
export const UNSIZED_KINDS: ReadonlySet<FileKind> = new Set([
  'iceberg-metadata', 'iceberg-version-hint', 'iceberg-manifest-list', 'paimon-snapshot', 'paimon-hint', 'paimon-schema',
  'paimon-manifest-list', 'paimon-index-manifest',
  'hudi-properties', 'hudi-instant', 'hudi-instant-avro', 'hudi-pending-instant',
  'delta-commit', 'delta-checkpoint', 'delta-checkpoint-json',
  // A DV file holds several vectors; the log records each one's offset and size, never the file's size.
  'delta-dv',
]);

/**
 * True when a mutated Delta log file is still a valid log entry of other actions: another commit's or
 * checkpoint's bytes, or a commit cut right after a whole action line. Commits and classic checkpoints
 * carry neither their version nor a checksum (only the optional `.crc` of a version, and
 * `_last_checkpoint` for the newest checkpoint, could tell), so such a log reads other rows undetectably.
 */
export function deltaCommitStillValid(kind: FileKind, m: Mutation, original: Uint8Array): boolean {
  if (kind === 'delta-checkpoint') return m.name === 'swap';
  if (kind !== 'delta-commit' && kind !== 'delta-checkpoint-json') return false;
  if (m.name === 'swap') return true;
  if (!m.name.startsWith('truncate') || m.bytes.length === 0) return false;
  for (let i = 0; i < m.bytes.length; i++) if (m.bytes[i] !== original[i]) return false;
  return m.bytes[m.bytes.length - 1] === 0x0a || original[m.bytes.length] === 0x0a;
}
