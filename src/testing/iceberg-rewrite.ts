/**
 * Copies of Iceberg fixtures with their paths rewritten by our own codecs, as other engines would have
 * written them: manifests, manifest lists and metadata files naming paths under another prefix (HDFS,
 * s3/s3a/s3n, relative to a writer's working folder), and position delete files whose `file_path`
 * spells the data files otherwise than the manifests do. For tests only: the fixtures stay untouched.
 */
import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAvroFile, writeAvroFile } from '../core/codecs/avro/index.ts';
import { bytesSource, readParquetRows } from '../core/codecs/parquet/index.ts';
import { DELETE_FILE_PATH, DELETE_POS } from '../core/formats/iceberg/commit/delete-files.ts';
import { writeParquet } from '../core/formats/iceberg/commit/data-file-writer.ts';
import { utf8Encode } from '../core/util/bytes.ts';
import { parseJson, stringifyJson } from '../core/util/json.ts';

export interface IcebergRewrite {
  /** Every path metadata names (location, manifest lists, manifests, data and delete files); default: as is. */
  readonly path?: (path: string) => string;
  /** How delete files name their data files (`file_path` rows, DV `referenced_data_file`); default: `path`. */
  readonly deleteTarget?: (path: string) => string;
}

type AvroRecord = Record<string, unknown>;
interface KeyValue { key: number; value: unknown }

/** Copies the table at `src` to `dest` (which must not exist) and rewrites its paths there. */
export async function rewriteIcebergCopy(src: string, dest: string, rw: IcebergRewrite): Promise<void> {
  cpSync(src, dest, { recursive: true });
  const path = rw.path ?? ((p: string) => p);
  const target = rw.deleteTarget ?? path;
  const meta = join(dest, 'metadata');
  const names = readdirSync(meta);
  const lists = names.filter((n) => n.startsWith('snap-') && n.endsWith('.avro'));
  const manifests = names.filter((n) => n.endsWith('.avro') && !n.startsWith('snap-'));
  const location = String((parseJson(readFileSync(join(meta, names.find((n) => n.endsWith('.metadata.json'))!), 'utf8')) as AvroRecord).location).replace(/\/+$/, '');
  const localOf = (p: string) => join(dest, p.slice(p.indexOf(location) + location.length + 1));

  const manifestSizes = new Map<string, number>();
  for (const name of manifests) {
    const file = readAvroFile(readFileSync(join(meta, name)));
    const records = file.records as AvroRecord[];
    for (const entry of records) {
      const df = entry.data_file as AvroRecord;
      const original = df.file_path as string;
      if (df.content === 1 && String(df.file_format).toLowerCase() === 'parquet') {
        const written = await rewritePositionDeletes(localOf(original), target);
        df.file_size_in_bytes = BigInt(written.size);
        setBound(df, 'lower_bounds', written.lower);
        setBound(df, 'upper_bounds', written.upper);
      }
      if (typeof df.referenced_data_file === 'string') df.referenced_data_file = target(df.referenced_data_file);
      df.file_path = path(original);
    }
    const bytes = writeAvro(file, records);
    writeFileSync(join(meta, name), bytes);
    manifestSizes.set(name, bytes.length);
  }
  for (const name of lists) {
    const file = readAvroFile(readFileSync(join(meta, name)));
    const records = file.records as AvroRecord[];
    for (const m of records) {
      const base = String(m.manifest_path).slice(String(m.manifest_path).lastIndexOf('/') + 1);
      if (manifestSizes.has(base)) m.manifest_length = BigInt(manifestSizes.get(base)!);
      m.manifest_path = path(m.manifest_path as string);
    }
    writeFileSync(join(meta, name), writeAvro(file, records));
  }
  for (const name of names.filter((n) => n.endsWith('.metadata.json'))) {
    const md = parseJson(readFileSync(join(meta, name), 'utf8')) as AvroRecord;
    md.location = path(md.location as string);
    for (const s of (md.snapshots ?? []) as AvroRecord[]) {
      if (typeof s['manifest-list'] === 'string') s['manifest-list'] = path(s['manifest-list']);
      if (Array.isArray(s.manifests)) s.manifests = (s.manifests as string[]).map(path);
    }
    for (const l of (md['metadata-log'] ?? []) as AvroRecord[]) l['metadata-file'] = path(l['metadata-file'] as string);
    for (const st of [...((md.statistics ?? []) as AvroRecord[]), ...((md['partition-statistics'] ?? []) as AvroRecord[])]) {
      st['statistics-path'] = path(st['statistics-path'] as string);
    }
    writeFileSync(join(meta, name), stringifyJson(md));
  }
}

function writeAvro(file: ReturnType<typeof readAvroFile>, records: readonly unknown[]): Uint8Array {
  const metadata: Record<string, Uint8Array> = {};
  for (const [k, v] of file.rawMetadata) if (!k.startsWith('avro.')) metadata[k] = v;
  return writeAvroFile(file.schema, records, { codec: file.codec, metadata });
}

/** Rewrites a position delete file's `file_path` column; returns its new size and path bounds. */
async function rewritePositionDeletes(local: string, target: (p: string) => string): Promise<{ size: number; lower: string; upper: string }> {
  const bytes = new Uint8Array(readFileSync(local));
  const rows = (await readParquetRows(bytesSource(bytes, local))).map((r) => ({ file_path: target(r.file_path as string), pos: BigInt(r.pos as bigint | number) }));
  rows.sort((a, b) => (a.file_path < b.file_path ? -1 : a.file_path > b.file_path ? 1 : Number(a.pos - b.pos)));
  const pq = writeParquet(rows, [DELETE_FILE_PATH, DELETE_POS], { boundTruncate: Number.MAX_SAFE_INTEGER });
  writeFileSync(local, pq.bytes);
  return { size: pq.bytes.length, lower: rows[0]!.file_path, upper: rows[rows.length - 1]!.file_path };
}

function setBound(df: AvroRecord, field: 'lower_bounds' | 'upper_bounds', value: string): void {
  const list = (df[field] ?? []) as KeyValue[];
  df[field] = [...list.filter((kv) => kv.key !== DELETE_FILE_PATH.id), { key: DELETE_FILE_PATH.id, value: utf8Encode(value) }];
}
