import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, FIXTURES_SKIP_REASON } from '../src/testing/fixtures.ts';
import { fingerprintBatches, runOrcDecodeBench } from './orc-decode.ts';

// The CI-sized form of bench/orc-decode.ts: a 10,000-row ORC file of the shared fixtures (int + string,
// snappy, 2 stripes) instead of the 1.9M-row demo file; no timing asserted — both decoders give the ORC
// project's expected rows.
const NAME = 'TestOrcFile.testSnappy';
const FILE = join(FIXTURES_DIR, 'orc', `${NAME}.orc`);
const EXPECTED = join(FIXTURES_DIR, 'orc', 'expected', `${NAME}.jsn.gz`);

describe('bench/orc-decode', () => {
  if (!existsSync(FILE) || !existsSync(EXPECTED)) {
    it.skip(FIXTURES_SKIP_REASON, () => {});
    return;
  }
  it(`${NAME}: our ORC reader and parquet-wasm (on our writer's Parquet of the same rows) agree with the expected rows`, async () => {
    const r = await runOrcDecodeBench({ path: FILE, runs: 1 });
    // The ORC project's own JSON of the file: one object per line.
    const rows = gunzipSync(readFileSync(EXPECTED)).toString('utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);
    const expected = fingerprintBatches(r.columns, [{ numRows: rows.length, getChild: (c) => ({ get: (i) => rows[i]![c] ?? null }) }]);
    expect(r.columns).toEqual(['int1', 'string1']);
    expect(r.rows).toBe(rows.length);
    expect(r.fingerprints.orc).toEqual(expected);
    expect(r.fingerprints.parquetWasm).toEqual(expected);
    expect([r.orc.runsMs.length, r.parquetWasm.runsMs.length]).toEqual([1, 1]);
    expect(r.parquetWasm.bytes).toBeGreaterThan(0);
  }, 60_000);
});
