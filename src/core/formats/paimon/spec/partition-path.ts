/**
 * Where a data file lives: `<partition path><bucket dir>/<file name>` (paimon-core
 * `FileStorePathFactory.relativeBucketPath`). The partition path is `k1=v1/k2=v2/` with each value
 * rendered by `InternalRowPartitionComputer.generatePartValues` — with `partition.legacy-name` (the
 * default, true) that is Java's `toString()` of the internal value (a DATE is its day number, a
 * TIMESTAMP a `LocalDateTime` string), otherwise a cast to STRING — then escaped by
 * `PartitionPathUtils.escapePathName`. Null or empty values use `partition.default-name`.
 */
import type { Value } from '../../../expr/index.ts';
import { formatDate } from '../../../expr/index.ts';
import { decodeBinaryRow } from './binary-row.ts';
import type { DataField } from './data-type.ts';
import { partitionFields, type TableSchema } from './schema.ts';
import { messageError } from '../../../message-error.ts';

/** Characters `PartitionPathUtils` escapes as `%XX`. */
const ESCAPED = new Set<number>([
  ...Array.from({ length: 32 }, (_, i) => i),
  ...'"#%\'*/:=?\\{}[]^'.split('').map((c) => c.charCodeAt(0)),
  0x7f,
]);

/** `PartitionPathUtils.escapePathName`. */
export function escapePathName(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    out += c < 128 && ESCAPED.has(c) ? `%${c.toString(16).toUpperCase().padStart(2, '0')}` : ch;
  }
  return out;
}

export interface PartitionPathOptions {
  readonly defaultName: string;
  /** `partition.legacy-name` (default true). */
  readonly legacyName: boolean;
  /** `v1/v2/` instead of `k1=v1/k2=v2/` (format tables only; Paimon tables always write names). */
  readonly onlyValue?: boolean;
}

/** Reads the partition path options from table options, with Paimon's defaults. */
export function partitionPathOptions(options: Readonly<Record<string, string>>): PartitionPathOptions {
  return {
    defaultName: options['partition.default-name'] ?? '__DEFAULT_PARTITION__',
    legacyName: (options['partition.legacy-name'] ?? 'true').toLowerCase() !== 'false',
  };
}

/** The partition folder (with trailing '/', '' when unpartitioned). Must hold: Paimon's spelling for every supported type. */
export function partitionPath(fields: readonly DataField[], values: readonly (Value | null | undefined)[], opts: PartitionPathOptions): string {
  return fields.map((f, i) => {
    const v = values[i];
    let text = v === null || v === undefined ? '' : partitionValueString(f, v, opts.legacyName);
    if (text.trim() === '') text = opts.defaultName;
    return (opts.onlyValue ? '' : `${escapePathName(f.name)}=`) + escapePathName(text) + '/';
  }).join('');
}

/**
 * The folder of a (partition, bucket) under the table root, with trailing '/'
 * (`FileStorePathFactory.relativeBucketPath`: optional `data-file.path-directory`, partition path, `bucket-N`).
 */
export function bucketFolder(schema: TableSchema, partition: Uint8Array, bucket: number): string {
  const fields = partitionFields(schema);
  const dir = schema.options['data-file.path-directory'];
  const path = partitionPath(fields, decodeBinaryRow(partition, fields.map((f) => f.type)), partitionPathOptions(schema.options)) + bucketDir(bucket) + '/';
  return dir ? `${dir.replace(/\/+$/, '')}/${path}` : path;
}

/** The bucket folder name (`bucket-N`; `bucket-postpone` for postpone-bucket tables). */
export function bucketDir(bucket: number): string {
  return bucket === -2 ? 'bucket-postpone' : `bucket-${bucket}`;
}

/** One partition value as Paimon writes it into the path. */
function partitionValueString(f: DataField, v: Value, legacy: boolean): string {
  const t = f.type;
  switch (t.root) {
    case 'DATE': return legacy ? String(v) : formatDate(Number(v));
    case 'FLOAT': case 'DOUBLE': return javaDoubleString(Number(v));
    case 'DECIMAL': return decimalString(BigInt(v as bigint), t.scale ?? 0);
    case 'TIMESTAMP': case 'TIMESTAMP_LTZ': return localDateTimeString(BigInt(v as bigint), (t.precision ?? 6) > 6);
    case 'TIME': return String(Number(BigInt(v as bigint) / 1000n)); // internal millis of day
    case 'BINARY': case 'VARBINARY':
      throw messageError('Unsupported', 'error.paimon.partition.binary', { column: f.name });
    default: return typeof v === 'bigint' ? v.toString() : String(v);
  }
}

/** `BigDecimal.toPlainString` of an unscaled value. */
export function decimalString(unscaled: bigint, scale: number): string {
  const neg = unscaled < 0n;
  const digits = (neg ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  const body = scale === 0 ? digits : `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
  return neg ? `-${body}` : body;
}

/** Java `Double.toString`: integral values end in `.0`; exponent form below 1e-3 and from 1e7. */
export function javaDoubleString(d: number): string {
  if (Number.isNaN(d)) return 'NaN';
  if (!Number.isFinite(d)) return d > 0 ? 'Infinity' : '-Infinity';
  if (d === 0) return Object.is(d, -0) ? '-0.0' : '0.0';
  const abs = Math.abs(d);
  if (abs >= 1e-3 && abs < 1e7) {
    const s = String(d);
    return s.includes('.') ? s : `${s}.0`;
  }
  const [mantissa, exp] = d.toExponential().split('e');
  const m = mantissa!.includes('.') ? mantissa! : `${mantissa}.0`;
  return `${m}E${Number(exp)}`;
}

/** Java `LocalDateTime.toString` of an epoch value in µs (or ns when `nanos`): seconds and fraction only when non-zero. */
export function localDateTimeString(value: bigint, nanos: boolean): string {
  const perSecond = nanos ? 1_000_000_000n : 1_000_000n;
  let secs = value / perSecond;
  let frac = value % perSecond;
  if (frac < 0n) { frac += perSecond; secs -= 1n; }
  const date = new Date(Number(secs) * 1000);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const y = date.getUTCFullYear();
  let s = `${y < 0 ? '-' : ''}${String(Math.abs(y)).padStart(4, '0')}-${p2(date.getUTCMonth() + 1)}-${p2(date.getUTCDate())}T${p2(date.getUTCHours())}:${p2(date.getUTCMinutes())}`;
  const fracNanos = nanos ? frac : frac * 1000n;
  if (date.getUTCSeconds() !== 0 || fracNanos !== 0n) {
    s += `:${p2(date.getUTCSeconds())}`;
    if (fracNanos !== 0n) {
      const f = fracNanos.toString().padStart(9, '0');
      s += '.' + (f.endsWith('000000') ? f.slice(0, 3) : f.endsWith('000') ? f.slice(0, 6) : f);
    }
  }
  return s;
}
