/**
 * Generates a large synthetic Delta table for the checkpoint benchmark (bench/delta-checkpoint.ts): a
 * classic checkpoint at version `commits` holding `files` add actions, then `commits` JSON commits after it.
 * The checkpoint Parquet is written directly with the Delta writer's encoder (commit/checkpoint.ts
 * `encodeCheckpoint`, parquet-wasm), not by replaying commits, so 100,000 files take seconds.
 *
 *   npx tsx bench/generate-delta.ts --files 100000 --commits 100 --out /tmp/big-delta
 *
 * Shape: columns id (long), ts (timestamp), day (string, the partition column; 100 days). Every file
 * has 1,000 rows and `stats` JSON (numRecords, min/max of id and ts, nullCount), so filters skip files.
 * The log holds what a table whose older log files were cleaned up holds (PROTOCOL.md "Metadata
 * Cleanup"): `_last_checkpoint`, the checkpoint of version C and commit C's own JSON, then commits
 * C+1 … 2C, each adding 10 files and removing 5 of the checkpoint's. No data files are written (planning
 * reads only the log). The live file count is `files + 5 * commits`.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { encodeCheckpoint, type CheckpointRow } from '../src/core/formats/delta/commit/checkpoint.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';

const DAY_MS = 86_400_000;
const BASE_MS = 1_700_000_000_000;
const ROWS_PER_FILE = 1000;
const ADDS_PER_COMMIT = 10;
const REMOVES_PER_COMMIT = 5;

export interface GenerateDeltaOptions {
  readonly files: number;
  readonly commits: number;
  readonly out: string;
}

export interface GeneratedDelta {
  readonly files: number;
  readonly commits: number;
  readonly checkpointVersion: number;
  readonly checkpointBytes: number;
  /** Live files at the newest version. */
  readonly liveFiles: number;
  readonly ms: number;
}

const SCHEMA = JSON.stringify({
  type: 'struct',
  fields: [
    { name: 'id', type: 'long', nullable: false, metadata: {} },
    { name: 'ts', type: 'timestamp', nullable: true, metadata: {} },
    { name: 'day', type: 'string', nullable: true, metadata: {} },
  ],
});
const pad = (v: number) => String(v).padStart(20, '0');
const dayOf = (i: number) => new Date(BASE_MS + (i % 100) * DAY_MS).toISOString().slice(0, 10);
const pathOf = (i: number) => `day=${dayOf(i)}/part-${String(i).padStart(6, '0')}-c000.snappy.parquet`;

/** The add action of file number `i` (its ids are i*1000 … i*1000+999, its times within its day). */
function addOf(i: number, dataChange: boolean) {
  const ts0 = new Date(BASE_MS + (i % 100) * DAY_MS).toISOString();
  const ts1 = new Date(BASE_MS + (i % 100) * DAY_MS + DAY_MS - 1).toISOString();
  const stats = JSON.stringify({
    numRecords: ROWS_PER_FILE, minValues: { id: i * ROWS_PER_FILE, ts: ts0 }, maxValues: { id: i * ROWS_PER_FILE + ROWS_PER_FILE - 1, ts: ts1 },
    nullCount: { id: 0, ts: 0 },
  });
  return { path: pathOf(i), partitionValues: { day: dayOf(i) }, size: 50_000 + (i % 997), modificationTime: BASE_MS + i, dataChange, stats };
}

const protocol = { minReaderVersion: 1, minWriterVersion: 2 };
const metaData = {
  id: '6c1e9d3c-2b1f-4c38-9d0e-5f1a2b3c4d5e', format: { provider: 'parquet', options: {} }, schemaString: SCHEMA,
  partitionColumns: ['day'], configuration: {}, createdTime: BASE_MS,
};
const commitInfo = (v: number, op: string) => ({ commitInfo: { timestamp: BASE_MS + v * 1000, operation: op, operationParameters: { mode: 'Append' }, engineInfo: 'lakescope-bench' } });

/** Writes the table into `opts.out` (emptied first). */
export async function generateDeltaTable(opts: GenerateDeltaOptions): Promise<GeneratedDelta> {
  const t0 = performance.now();
  const F = opts.files; const C = opts.commits;
  if (F < REMOVES_PER_COMMIT * C) throw new Error(`generate-delta: ${F} files cannot lose ${REMOVES_PER_COMMIT} per commit over ${C} commits`);
  installNodeParquetWasm();
  const log = join(opts.out, '_delta_log');
  await rm(opts.out, { recursive: true, force: true });
  await mkdir(log, { recursive: true });
  const asMap = (o: Record<string, string>) => new Map(Object.entries(o));
  const rows: CheckpointRow[] = [
    { protocol: { ...protocol, readerFeatures: null, writerFeatures: null } },
    { metaData: { ...metaData, name: null, description: null, format: { provider: 'parquet', options: new Map() }, configuration: new Map(), createdTime: BigInt(BASE_MS) } },
  ];
  for (let i = 0; i < F; i++) {
    const a = addOf(i, false);
    rows.push({ add: { ...a, partitionValues: asMap(a.partitionValues), size: BigInt(a.size), modificationTime: BigInt(a.modificationTime), tags: null, deletionVector: null } });
  }
  const bytes = await encodeCheckpoint(rows);
  const cp = C;
  await writeFile(join(log, `${pad(cp)}.checkpoint.parquet`), bytes);
  await writeFile(join(log, '_last_checkpoint'), JSON.stringify({ version: cp, size: rows.length, sizeInBytes: bytes.length, numOfAddFiles: F }));
  // Commit C itself (its adds are the checkpoint's last ones; readers with the checkpoint never read it).
  const lastAdds = Array.from({ length: Math.min(ADDS_PER_COMMIT, F) }, (_, k) => ({ add: addOf(F - 1 - k, true) }));
  await writeFile(join(log, `${pad(cp)}.json`), [commitInfo(cp, 'WRITE'), ...lastAdds].map((a) => JSON.stringify(a)).join('\n'));
  let next = F;
  for (let c = 1; c <= C; c++) {
    const v = cp + c;
    const actions: unknown[] = [commitInfo(v, 'WRITE')];
    for (let k = 0; k < REMOVES_PER_COMMIT; k++) {
      const i = (c - 1) * REMOVES_PER_COMMIT + k;
      actions.push({ remove: { path: pathOf(i), deletionTimestamp: BASE_MS + v * 1000, dataChange: true, extendedFileMetadata: true, partitionValues: { day: dayOf(i) }, size: 50_000 + (i % 997) } });
    }
    for (let k = 0; k < ADDS_PER_COMMIT; k++) actions.push({ add: addOf(next++, true) });
    await writeFile(join(log, `${pad(v)}.json`), actions.map((a) => JSON.stringify(a)).join('\n'));
  }
  return {
    files: F, commits: C, checkpointVersion: cp, checkpointBytes: bytes.length,
    liveFiles: F + (ADDS_PER_COMMIT - REMOVES_PER_COMMIT) * C, ms: performance.now() - t0,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { files: { type: 'string', default: '100000' }, commits: { type: 'string', default: '100' }, out: { type: 'string' } } });
  if (!values.out) throw new Error('generate-delta: --out <dir> is required');
  const g = await generateDeltaTable({ files: Number(values.files), commits: Number(values.commits), out: resolve(values.out) });
  console.log(`generated a checkpoint of ${g.files} files (${(g.checkpointBytes / 1e6).toFixed(1)} MB) at version ${g.checkpointVersion} + ${g.commits} commits in ${(g.ms / 1000).toFixed(1)} s; ${g.liveFiles} live files`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
