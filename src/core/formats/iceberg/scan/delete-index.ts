/**
 * Which delete files apply to which data file (spec "Scan Planning", the scope rules):
 * - a deletion vector applies when its `referenced_data_file` is the data file, the data file's data
 *   sequence number is ≤ the DV's, and both have the same spec and partition;
 * - a position delete file applies when (if set) its `referenced_data_file` is the data file, data seq ≤
 *   delete seq, same spec and partition, and no DV applies to the data file (a DV replaces them);
 * - an equality delete file applies when data seq < delete seq (strictly) and the partition is the same
 *   or the delete file's spec is unpartitioned (a global delete).
 * Partition equality compares float values by their bits with NaN normalised (spec note 3 of the scope
 * rules): here -0 and +0 differ and every NaN is the same.
 *
 * Paths are matched by {@link pathMatchKey}, not as written: engines that write to HDFS (Impala, Hive)
 * put `hdfs://host:port/w/t/…` in a delete where the manifests say `/w/t/…`, S3 writers mix `s3://`,
 * `s3a://` and `s3n://`, and percent-encoding differs. An exact match would silently bring deleted rows
 * back. Each delete file matched only after normalising is recorded in {@link DeleteIndex.normalised}.
 */
import type { Value } from '../../../expr/types.ts';
import type { ManifestEntry } from '../spec/manifest.ts';
import { isUnpartitioned, type PartitionSpec } from '../spec/partition-spec.ts';
import { decodeBinaryValue } from '../spec/single-value.ts';
import { compareStrings } from '../../../expr/compare.ts';
import { pathMatchKey, splitUri } from '../../../util/paths.ts';

/** Field id of `file_path` in position delete files (spec "Position Delete Files"). */
export const DELETE_FILE_PATH_ID = 2147483546;
export const DELETE_POS_ID = 2147483545;

/** A stable text key of (spec id, partition values) for equality tests and grouping. */
export function partitionKey(specId: number, values: readonly (Value | null)[]): string {
  return `${specId}|${values.map(valueKey).join('|')}`;
}

export function valueKey(v: Value | null): string {
  if (v === null) return 'null';
  if (typeof v === 'number') return Number.isNaN(v) ? 'n:NaN' : Object.is(v, -0) ? 'n:-0' : `n:${v}`;
  if (typeof v === 'bigint') return `b:${v}`;
  if (typeof v === 'string') return `s:${JSON.stringify(v)}`;
  if (typeof v === 'boolean') return `t:${v}`;
  return `x:${Array.from(v, (x) => x.toString(16).padStart(2, '0')).join('')}`;
}

interface Indexed { readonly entry: ManifestEntry; readonly partition: string }

/** Delete files of one snapshot, indexed for matching against data files. */
export class DeleteIndex {
  private readonly dvsByPath = new Map<string, Indexed[]>();
  private readonly posByPath = new Map<string, Indexed[]>();
  private readonly posByPartition = new Map<string, Indexed[]>();
  private readonly eqByPartition = new Map<string, Indexed[]>();
  private readonly eqGlobal: Indexed[] = [];
  /**
   * Delete files that name a data file in another spelling than the manifest (another scheme or authority,
   * other percent-encoding), by delete file path: how the delete names it and how the manifest does.
   */
  readonly normalised = new Map<string, { readonly written: string; readonly manifest: string }>();

  /** @param specs the table's partition specs by id (to tell global equality deletes) */
  constructor(deletes: readonly ManifestEntry[], specs: ReadonlyMap<number, PartitionSpec>) {
    for (const entry of deletes) {
      const f = entry.dataFile;
      const item = { entry, partition: partitionKey(f.specId, f.partition) };
      if (f.content === 'position-deletes') {
        if (f.fileFormat === 'puffin') push(this.dvsByPath, pathMatchKey(f.referencedDataFile ?? ''), item);
        else if (f.referencedDataFile !== undefined) push(this.posByPath, pathMatchKey(f.referencedDataFile), item);
        else push(this.posByPartition, item.partition, item);
      } else if (f.content === 'equality-deletes') {
        const spec = specs.get(f.specId);
        if (!spec || isUnpartitioned(spec)) this.eqGlobal.push(item);
        else push(this.eqByPartition, item.partition, item);
      }
    }
  }

  /** The delete entries that apply to a data file entry, DVs first. */
  forDataFile(data: ManifestEntry): ManifestEntry[] {
    if (this.isEmpty) return []; // most snapshots have no delete files at all: no per-file work
    const f = data.dataFile;
    const seq = data.sequenceNumber;
    const part = partitionKey(f.specId, f.partition);
    const samePartition = (d: Indexed) => d.partition === part;
    const key = pathMatchKey(f.filePath);
    const dvs = (this.dvsByPath.get(key) ?? []).filter((d) => samePartition(d) && seq <= d.entry.sequenceNumber);
    const positional = dvs.length > 0 ? [] : [
      ...(this.posByPath.get(key) ?? []).filter((d) => samePartition(d) && seq <= d.entry.sequenceNumber),
      ...(this.posByPartition.get(part) ?? []).filter((d) => seq <= d.entry.sequenceNumber && this.mayReference(d.entry, f.filePath)),
    ];
    for (const d of [...dvs, ...positional]) {
      const written = d.entry.dataFile.referencedDataFile;
      if (written !== undefined && written !== f.filePath) this.noteNormalised(d.entry, written, f.filePath);
    }
    const equality = [...(this.eqByPartition.get(part) ?? []), ...this.eqGlobal].filter((d) => seq < d.entry.sequenceNumber);
    return [...dvs, ...positional, ...equality].map((d) => d.entry);
  }

  /** True when the snapshot has no delete files (nothing applies to any data file). */
  get isEmpty(): boolean {
    return this.dvsByPath.size === 0 && this.posByPath.size === 0 && this.posByPartition.size === 0 && this.eqByPartition.size === 0 && this.eqGlobal.length === 0;
  }

  private noteNormalised(del: ManifestEntry, written: string, manifest: string): void {
    if (!this.normalised.has(del.dataFile.filePath)) this.normalised.set(del.dataFile.filePath, { written, manifest });
  }

  /**
   * False when the position delete file's `file_path` bounds prove it holds no delete for `path` (the
   * metrics the reference implementation uses to skip position deletes of other files). Bounds compare
   * as strings only in one spelling: when they are written in another one (scheme, authority, escapes),
   * the file may still name `path`, so it is kept (and its rows are matched by {@link pathMatchKey}).
   */
  private mayReference(del: ManifestEntry, path: string): boolean {
    const lo = del.dataFile.lowerBounds?.get(DELETE_FILE_PATH_ID);
    const hi = del.dataFile.upperBounds?.get(DELETE_FILE_PATH_ID);
    const lower = lo ? decodeBinaryValue({ kind: 'string' }, lo) as string : undefined;
    const upper = hi ? decodeBinaryValue({ kind: 'string' }, hi) as string : undefined;
    // Upper bounds of strings may be truncated and incremented, so they stay ≥ every value: safe to compare.
    const outside = (lower !== undefined && compareStrings(path, lower) < 0) || (upper !== undefined && compareStrings(path, upper) > 0);
    if (!outside) return true;
    if ([lower, upper].every((b) => b === undefined || sameSpelling(path, b))) return false;
    if (lower !== undefined && lower === upper && pathMatchKey(lower) !== pathMatchKey(path)) return false; // names one other file
    // Written in another spelling: said in the plan when the normalised path lies within the normalised bounds.
    const key = pathMatchKey(path);
    if (lower !== undefined && compareStrings(key, pathMatchKey(lower)) >= 0 && (upper === undefined || compareStrings(key, pathMatchKey(upper)) <= 0)) {
      this.noteNormalised(del, lower, path);
    }
    return true;
  }
}

/**
 * True when two paths are written alike: same scheme and authority, and no percent-escape or character
 * that a writer might escape. Only then does string order of the written forms agree with identity.
 */
function sameSpelling(a: string, b: string): boolean {
  const x = splitUri(a); const y = splitUri(b);
  return x.scheme === y.scheme && x.authority === y.authority && PLAIN_PATH.test(x.path) && PLAIN_PATH.test(y.path);
}

/** Characters no writer percent-encodes in a path (RFC 3986 unreserved, '/', and the sub-delimiters Hive uses). */
const PLAIN_PATH = /^[A-Za-z0-9\-._~/=:+,@]*$/;

function push(map: Map<string, Indexed[]>, key: string, item: Indexed): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}
