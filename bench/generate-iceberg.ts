/**
 * Generates a large synthetic Iceberg table (v2, day-partitioned) for the open + plan benchmarks, with the
 * project's own metadata writers (spec/write-manifest*.ts, commit/create-table + the metadata reducer).
 *
 *   npx tsx bench/generate-iceberg.ts --snapshots 1000 --manifests 200 --files 100000 --out /tmp/big [--data none|tiny] [--location URL] [--check]
 *
 * Shape: `--snapshots` appends of `files / snapshots` data files each. Appends merge into the newest small
 * manifest until it holds `files / manifests` entries (Java's merge-append), so the current snapshot has
 * `--manifests` manifests and `--files` files, and every snapshot has its own valid manifest list (time
 * travel works). Each file has 1,000 rows, a day partition (100 days) and id/ts bounds, so filters prune.
 *
 * Data files: `--data none` (default) writes none — planning reads only metadata, and this keeps generation
 * to seconds; `--data tiny` writes a real 1-row Parquet file per data file (slow for 100k files), so scans work.
 * `--check` opens the table with the read path and plans a full and a filtered scan, printing timings.
 */
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { FsStorage } from '../src/platform/node/fs-storage.ts';
import { applyUpdates } from '../src/core/formats/iceberg/commit/apply-updates.ts';
import { newTableMetadata } from '../src/core/formats/iceberg/commit/create-table.ts';
import { writeParquet } from '../src/core/formats/iceberg/commit/data-file-writer.ts';
import type { JsonDoc, TableUpdate } from '../src/core/formats/iceberg/commit/table-update.ts';
import type { DataFile } from '../src/core/formats/iceberg/spec/manifest.ts';
import type { ManifestFile } from '../src/core/formats/iceberg/spec/manifest-list.ts';
import { partitionType } from '../src/core/formats/iceberg/spec/partition-spec.ts';
import { parseTableMetadata } from '../src/core/formats/iceberg/spec/table-metadata.ts';
import { encodeBinaryValue } from '../src/core/formats/iceberg/spec/write-single-value.ts';
import { type ManifestEntryDraft, writeManifest } from '../src/core/formats/iceberg/spec/write-manifest.ts';
import { manifestFileOf, writeManifestList } from '../src/core/formats/iceberg/spec/write-manifest-list.ts';
import { utf8Encode } from '../src/core/util/bytes.ts';
import { stringifyJson } from '../src/core/util/json.ts';

const DAY_US = 86_400_000_000n;
const BASE_TS = 1_700_000_000_000_000n;
const ROWS_PER_FILE = 1000n;

export interface GenerateOptions {
  readonly snapshots: number;
  readonly manifests: number;
  readonly files: number;
  readonly out: string;
  /** 'none' (default): no data files; 'tiny': a real 1-row Parquet file per data file. */
  readonly data?: 'none' | 'tiny';
  /** The `location` written into the metadata (default `file://<out>`); e.g. the http URL the table is served at. */
  readonly location?: string;
}

/** What was generated. */
export interface Generated {
  readonly snapshots: number;
  readonly manifests: number;
  readonly files: number;
  readonly ms: number;
}

/** Generates the table into `opts.out` (emptied first). */
export async function generateIcebergTable(opts: GenerateOptions): Promise<Generated> {
  const S = opts.snapshots; const M = opts.manifests; const F = opts.files;
  if (!(S >= 1 && M >= 1 && F >= S && M <= S)) throw new Error('need snapshots >= 1, 1 <= manifests <= snapshots, files >= snapshots');
  const out = resolve(opts.out);
  const location = opts.location ?? `file://${out}`;
  const t0 = performance.now();
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const storage = new FsStorage(out);
  const base = newTableMetadata({
    location, formatVersion: 2,
    schema: { type: 'struct', fields: [
      { id: 1, name: 'id', required: true, type: 'long' }, { id: 2, name: 'ts', required: true, type: 'timestamptz' }, { id: 3, name: 'payload', required: false, type: 'string' },
    ] },
    partitionSpec: { fields: [{ name: 'ts_day', transform: 'day', 'source-id': 2 }] },
    now: () => 1_700_000_000_000,
  });
  const meta0 = parseTableMetadata(base, 'generated');
  const schema = meta0.schemas[0]; const spec = meta0.partitionSpecs[0];
  const partition = partitionType(spec, schema);
  const perManifest = Math.ceil(F / M);
  const perSnapshot = Math.floor(F / S);
  const rowsPerFile = opts.data === 'tiny' ? 1n : ROWS_PER_FILE;
  const writes: Promise<unknown>[] = [];
  const write = (key: string, bytes: Uint8Array) => { writes.push(storage.write(key, bytes)); };

  const closed: ManifestFile[] = [];
  let open: ManifestEntryDraft[] = [];
  let fileNo = 0;
  const updates: TableUpdate[] = [];
  let parent: bigint | undefined;
  for (let i = 1; i <= S; i++) {
    const snapshotId = BigInt(i);
    const seq = BigInt(i);
    const n = i === S ? F - fileNo : perSnapshot;
    // the open manifest's earlier entries are carried as EXISTING, explicitly numbered (spec "Sequence Number Inheritance")
    const carried = open.map((e) => (e.status === 'added' ? { ...e, status: 'existing' as const } : e));
    const added: ManifestEntryDraft[] = [];
    for (let k = 0; k < n; k++, fileNo++) {
      const tiny = opts.data === 'tiny' ? tinyFile(fileNo, schema.fields) : undefined;
      const df = dataFile(location, fileNo, tiny?.length);
      if (tiny) write(df.key, tiny);
      added.push({ status: 'added', snapshotId, dataFile: df.file });
    }
    let entries = [...carried, ...added];
    const listManifests: ManifestFile[] = [...closed];
    let current: ManifestFile | undefined;
    const emit = (list: ManifestEntryDraft[], name: string) => {
      const w = writeManifest(list, { formatVersion: 2, spec, partition, schema, content: 'data', snapshotId });
      const path = `${location}/metadata/${name}`;
      write(`metadata/${name}`, w.bytes);
      return manifestFileOf(w, path, seq);
    };
    while (entries.length >= perManifest && closed.length < M - 1) {
      closed.push(emit(entries.slice(0, perManifest), `gen-${i}-m${closed.length}.avro`));
      entries = entries.slice(perManifest);
    }
    if (entries.length) current = emit(entries, `gen-${i}-open.avro`);
    listManifests.length = 0;
    listManifests.push(...(current ? [current] : []), ...closed);
    // entries written as ADDED by this snapshot inherit its sequence number; carry them explicitly from now on
    open = entries.map((e) => (e.status === 'added' ? { ...e, sequenceNumber: seq, fileSequenceNumber: seq } : e));
    const list = writeManifestList(listManifests, { formatVersion: 2, snapshotId, parentSnapshotId: parent, sequenceNumber: seq });
    const listName = `snap-${snapshotId}-1-generated.avro`;
    write(`metadata/${listName}`, list.bytes);
    updates.push({
      action: 'add-snapshot', snapshot: {
        'snapshot-id': snapshotId, ...(parent ? { 'parent-snapshot-id': parent } : {}), 'sequence-number': seq, 'timestamp-ms': 1_700_000_000_000 + i * 60_000,
        'manifest-list': `${location}/metadata/${listName}`, 'schema-id': 0,
        summary: { operation: 'append', 'added-data-files': String(n), 'added-records': String(BigInt(n) * rowsPerFile), 'total-data-files': String(fileNo), 'total-records': String(BigInt(fileNo) * rowsPerFile), 'total-delete-files': '0' },
      },
    }, { action: 'set-snapshot-ref', 'ref-name': 'main', type: 'branch', 'snapshot-id': snapshotId });
    parent = snapshotId;
    if (writes.length > 64) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes.splice(0));
  const { doc } = applyUpdates(base as JsonDoc, updates, { nowMs: 1_700_000_000_000 + (S + 1) * 60_000 });
  await storage.write('metadata/v1.metadata.json', utf8Encode(stringifyJson(doc)));
  await storage.write('metadata/version-hint.text', utf8Encode('1'));
  return { snapshots: S, manifests: closed.length + (open.length ? 1 : 0), files: fileNo, ms: performance.now() - t0 };
}

/** A real one-row Parquet file for data file `i` (its id is the file's lower id bound). */
function tinyFile(i: number, fields: Parameters<typeof writeParquet>[1]): Uint8Array {
  return writeParquet([{ id: BigInt(i) * ROWS_PER_FILE, ts: BASE_TS + BigInt(i % 100) * DAY_US, payload: 'x' }], fields).bytes;
}

/**
 * A data file description: a day partition from its index and id bounds that do not overlap. Without a
 * real file it claims 1,000 rows and 1 MiB; with one (`tinySize`), its true single row and size.
 */
function dataFile(location: string, i: number, tinySize?: number): { key: string; file: DataFile } {
  const day = i % 100;
  const key = `data/ts_day=day-${day}/gen-${i}.parquet`;
  const rows = tinySize === undefined ? ROWS_PER_FILE : 1n;
  const lo = BigInt(i) * ROWS_PER_FILE; const hi = lo + rows - 1n;
  const ts = BASE_TS + BigInt(day) * DAY_US;
  const tsHi = tinySize === undefined ? ts + DAY_US - 1n : ts;
  return {
    key,
    file: {
      content: 'data', filePath: `${location}/${key}`, fileFormat: 'parquet', specId: 0, partition: [Number(ts / DAY_US)],
      recordCount: rows, fileSizeInBytes: BigInt(tinySize ?? 1_048_576),
      valueCounts: new Map([[1, rows], [2, rows]]), nullValueCounts: new Map([[1, 0n], [2, 0n]]),
      lowerBounds: new Map([[1, encodeBinaryValue({ kind: 'long' }, lo)!], [2, encodeBinaryValue({ kind: 'timestamptz' }, ts)!]]),
      upperBounds: new Map([[1, encodeBinaryValue({ kind: 'long' }, hi)!], [2, encodeBinaryValue({ kind: 'timestamptz' }, tsHi)!]]),
    },
  };
}

/** Opens the table with the read path and plans a full and a filtered scan (metadata only), printing timings. */
async function checkTable(storage: FsStorage): Promise<void> {
  const { openIcebergTable } = await import('../src/core/formats/iceberg/table.ts');
  const { parseWhere } = await import('../src/core/expr/parse.ts');
  let t = performance.now();
  const table = await openIcebergTable(storage);
  const open = performance.now() - t;
  t = performance.now();
  const full = await table.planScan({});
  const planAll = performance.now() - t;
  t = performance.now();
  const filtered = await table.planScan({ filter: parseWhere('id < 5000'), pruneRowGroups: false }); // no footers: files may be absent
  const planFiltered = performance.now() - t;
  console.log(`check: open ${open.toFixed(0)} ms; plan all ${planAll.toFixed(0)} ms (${full.tasks.length} tasks, ${full.counts.manifests.total} manifests); plan id < 5000 ${planFiltered.toFixed(0)} ms (${filtered.tasks.length} tasks)`);
}

async function cli(): Promise<void> {
  const { values } = parseArgs({
    options: {
      snapshots: { type: 'string', default: '1000' }, manifests: { type: 'string', default: '200' }, files: { type: 'string', default: '100000' },
      out: { type: 'string' }, data: { type: 'string', default: 'none' }, check: { type: 'boolean', default: false },
      location: { type: 'string' },
    },
  });
  if (!values.out) throw new Error('--out DIR is required');
  const g = await generateIcebergTable({
    snapshots: Number(values.snapshots), manifests: Number(values.manifests), files: Number(values.files), out: values.out,
    data: values.data === 'tiny' ? 'tiny' : 'none', ...(values.location ? { location: values.location } : {}),
  });
  console.log(`generated ${g.snapshots} snapshots, ${g.manifests} manifests in the current snapshot, ${g.files} data files (${values.data === 'tiny' ? 'tiny real Parquet files' : 'absent: metadata only'}) in ${(g.ms / 1000).toFixed(1)} s → ${resolve(values.out)}`);
  if (values.check) await checkTable(new FsStorage(resolve(values.out)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await cli();
