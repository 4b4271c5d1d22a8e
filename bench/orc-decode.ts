/**
 * Benchmark: decoding ORC with Lakescope's reader (src/core/codecs/orc), beside parquet-wasm decoding a
 * Parquet file of the same rows.
 *
 * 1. Reads the ORC project's reference file `demo-11-zlib.orc` (1,920,800 rows, 9 int/string columns,
 *    zlib, 385 stripes) from the shared fixtures.
 * 2. Writes its rows as one Parquet file with our writer (`writeParquet` with parquet-wasm, SNAPPY, as
 *    Iceberg appends do).
 * 3. Times, in one process and run, alternating order: our ORC reader (bytes in memory → Arrow batches)
 *    and parquet-wasm (`readParquet` → Arrow IPC → apache-arrow Table, the same path our Parquet reader
 *    takes). Median of `--runs` (default 5). Rows/s, and MB/s of the file's bytes (10^6 bytes).
 * Prints a table and writes bench/out/orc-decode.json.
 *
 *   npx tsx bench/orc-decode.ts [--runs 5] [--file path/to/file.orc]
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { tableFromIPC } from 'apache-arrow';
import { readOrcTable, readOrcTail } from '../src/core/codecs/orc/index.ts';
import { Kind } from '../src/core/codecs/orc/proto-messages.ts';
import { ensureParquetWasm } from '../src/core/codecs/parquet/wasm-init.ts';
import { writeParquet } from '../src/core/formats/iceberg/commit/data-file-writer.ts';
import type { NestedField } from '../src/core/formats/iceberg/spec/types.ts';
import { bytesSource } from '../src/core/util/byte-source.ts';
import { installNodeParquetWasm } from '../src/platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR } from '../src/testing/fixtures.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' }, file: { type: 'string' } } });
const runs = Number(args.runs);
const path = args.file ?? join(FIXTURES_DIR, 'orc', 'demo-11-zlib.orc');
const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };

const ICEBERG_TYPE: Partial<Record<number, string>> = {
  [Kind.BOOLEAN]: 'boolean', [Kind.BYTE]: 'int', [Kind.SHORT]: 'int', [Kind.INT]: 'int', [Kind.LONG]: 'long',
  [Kind.FLOAT]: 'float', [Kind.DOUBLE]: 'double', [Kind.STRING]: 'string', [Kind.VARCHAR]: 'string', [Kind.CHAR]: 'string', [Kind.DATE]: 'date',
};

async function main(): Promise<void> {
  installNodeParquetWasm();
  const wasm = await ensureParquetWasm();
  const orc = new Uint8Array(await readFile(path));
  const tail = await readOrcTail(bytesSource(orc, path));
  const columns = tail.schema!.children;
  const fields: NestedField[] = columns.map((c, i) => {
    const type = ICEBERG_TYPE[c.kind];
    if (!type) throw new Error(`bench: column ${c.name} (${c.kindName}) has no flat Iceberg type`);
    return { id: i + 1, name: c.name, required: false, type: { kind: type } as NestedField['type'] };
  });
  const rowCount = tail.footer.numberOfRows;
  console.log(`${path}: ${rowCount.toLocaleString()} rows, ${columns.length} columns, ${(orc.length / 1e6).toFixed(2)} MB, ${tail.footer.stripes.length} stripes`);

  // The same rows as Parquet, written by our writer.
  const rows: Record<string, unknown>[] = [];
  for (const b of await readOrcTable(orc, { tail })) {
    const cols = columns.map((c) => [...b.getChild(c.name)!]);
    for (let i = 0; i < b.numRows; i++) {
      const r: Record<string, unknown> = {};
      columns.forEach((c, k) => { r[c.name] = cols[k]![i] ?? null; });
      rows.push(r);
    }
  }
  const parquet = writeParquet(rows, fields, { wasm, codec: 'SNAPPY' }).bytes;
  rows.length = 0;
  console.log(`parquet (our writer, SNAPPY): ${(parquet.length / 1e6).toFixed(2)} MB`);

  const orcMs: number[] = [];
  const pqMs: number[] = [];
  const timeOrc = async (): Promise<void> => {
    const t = performance.now();
    const batches = await readOrcTable(orc, { tail: undefined });
    const n = batches.reduce((a, b) => a + b.numRows, 0);
    orcMs.push(performance.now() - t);
    if (n !== rowCount) throw new Error(`orc rows ${n}`);
  };
  const timeParquet = (): void => {
    const t = performance.now();
    const table = tableFromIPC(wasm.readParquet(parquet).intoIPCStream());
    pqMs.push(performance.now() - t);
    if (table.numRows !== rowCount) throw new Error(`parquet rows ${table.numRows}`);
  };
  await timeOrc(); timeParquet(); orcMs.length = 0; pqMs.length = 0; // warm-up
  for (let r = 0; r < runs; r++) {
    if (r % 2 === 0) { await timeOrc(); timeParquet(); } else { timeParquet(); await timeOrc(); }
  }
  const o = median(orcMs);
  const p = median(pqMs);
  const result = {
    file: path, rows: rowCount, runs,
    orc: { bytes: orc.length, medianMs: o, rowsPerSecond: rowCount / (o / 1000), mbPerSecond: orc.length / 1e6 / (o / 1000), runsMs: orcMs },
    parquetWasm: { bytes: parquet.length, medianMs: p, rowsPerSecond: rowCount / (p / 1000), mbPerSecond: parquet.length / 1e6 / (p / 1000), runsMs: pqMs },
    ratio: o / p,
  };
  console.table({
    'lakescope orc': { 'median ms': o.toFixed(0), 'rows/s': Math.round(result.orc.rowsPerSecond).toLocaleString(), 'MB/s': result.orc.mbPerSecond.toFixed(1), MB: (orc.length / 1e6).toFixed(2) },
    'parquet-wasm': { 'median ms': p.toFixed(0), 'rows/s': Math.round(result.parquetWasm.rowsPerSecond).toLocaleString(), 'MB/s': result.parquetWasm.mbPerSecond.toFixed(1), MB: (parquet.length / 1e6).toFixed(2) },
  });
  console.log(`ORC decode takes ${result.ratio.toFixed(2)}× the time of parquet-wasm on the same rows`);
  await mkdir(join('bench', 'out'), { recursive: true });
  await writeFile(join('bench', 'out', 'orc-decode.json'), JSON.stringify(result, null, 2));
}

await main();
