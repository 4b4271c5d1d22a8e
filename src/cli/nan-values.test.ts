/**
 * A Delta table written by `lakescope create` + `append` from a CSV holding NaN, Infinity, -Infinity and -0.0
 * in a double column: every output of `scan` and `sql` keeps them apart from NULL. JSON has no NaN: the row
 * form writes the strings "NaN", "Infinity", "-Infinity" (what Spark's to_json writes for a non-finite
 * double), CSV and the text table the same words, an empty CSV field / ∅ stays NULL. In SQL they follow
 * Spark's NaN semantics (SQL reference, "NaN Semantics"): NaN = NaN, NaN above every other value.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaimonTable } from '../core/formats/paimon/table.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';
import { runMain } from './run-main.test-support.ts';

let dir: string;
let table: string;
beforeAll(async () => {
  installNodeParquetWasm();
  dir = mkdtempSync(join(tmpdir(), 'lakescope-nan-'));
  table = join(dir, 't');
  writeFileSync(join(dir, 'a.csv'), 'id,x\n1,NaN\n2,Infinity\n3,-Infinity\n4,1.5\n5,\n6,-0.0\n7,NaN\n');
  expect((await runMain(['create', table, '--table-format', 'delta', '--columns', 'id long not null, x double'])).code).toBe(0);
  expect((await runMain(['append', table, '--data', join(dir, 'a.csv')])).code).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const WANT = [
  { id: 1, x: 'NaN' }, { id: 2, x: 'Infinity' }, { id: 3, x: '-Infinity' }, { id: 4, x: 1.5 }, { id: 5, x: null }, { id: 6, x: 0 }, { id: 7, x: 'NaN' },
];

describe('lakescope scan and sql with NaN and ±Infinity', () => {
  it('scan --format json, jsonl and canonical write "NaN", "Infinity", "-Infinity"; null only for NULL', async () => {
    const json = await runMain(['scan', table, '--format', 'json']);
    expect(json.err).toBe('');
    expect((JSON.parse(json.out) as unknown[]).sort((a, b) => Number((a as { id: number }).id) - Number((b as { id: number }).id))).toEqual(WANT);
    const canonical = await runMain(['scan', table, '--format', 'canonical']);
    expect(canonical.out.trim()).toBe(`[${WANT.map((r) => JSON.stringify(r)).sort().join(',')}]`);
    const jsonl = await runMain(['scan', table, '--format', 'jsonl']);
    expect(jsonl.out).toContain('{"id":1,"x":"NaN"}');
  });

  it('scan --format csv and the text table print the words, NULL as an empty field / ∅', async () => {
    const csv = (await runMain(['scan', table, '--format', 'csv'])).out.trim().split('\n').slice(1).sort();
    expect(csv).toEqual(['1,NaN', '2,Infinity', '3,-Infinity', '4,1.5', '5,', '6,0', '7,NaN']);
    const text = (await runMain(['scan', table])).out;
    expect(text).toMatch(/^ 1\s+NaN$/m);
    expect(text).toMatch(/^ 3\s+-Infinity$/m);
    expect(text).toMatch(/^ 5\s+∅$/m);
  });

  it('sql: comparisons, ORDER BY, GROUP BY and MIN/MAX as Spark; json and canonical keep NaN apart from NULL', async () => {
    const rows = async (query: string) => JSON.parse((await runMain(['sql', table, query, '--format', 'json'])).out) as Record<string, unknown>[];
    expect((await rows('SELECT id FROM t WHERE x > 1 ORDER BY id')).map((r) => r.id)).toEqual([1, 2, 4, 7]);
    expect((await rows('SELECT id FROM t WHERE x = \'NaN\' ORDER BY id')).map((r) => r.id)).toEqual([1, 7]);
    expect((await rows('SELECT id, x FROM t ORDER BY x, id')).map((r) => r.id)).toEqual([5, 3, 6, 4, 2, 1, 7]);
    expect(await rows('SELECT x, COUNT(*) AS c FROM t WHERE x = \'NaN\' OR x IS NULL GROUP BY x ORDER BY x')).toEqual([{ x: null, c: 1 }, { x: 'NaN', c: 2 }]);
    expect(await rows('SELECT MIN(x) AS lo, MAX(x) AS hi FROM t')).toEqual([{ lo: '-Infinity', hi: 'NaN' }]);
    const canonical = await runMain(['sql', table, 'SELECT id, x FROM t WHERE id IN (1, 5, 6)', '--format', 'canonical']);
    expect(canonical.out.trim()).toBe('[{"id":1,"x":"NaN"},{"id":5,"x":null},{"id":6,"x":0}]');
    const csv = (await runMain(['sql', table, 'SELECT id, x FROM t WHERE id IN (2, 3, 5) ORDER BY id', '--format', 'csv'])).out.trim();
    expect(csv.split('\n')).toEqual(['id,x', '2,Infinity', '3,-Infinity', '5,']);
  });
});

describe('a Paimon append table with a NaN-only file', () => {
  it('scan writes "NaN"; sql x > 5 reads the NaN-only file (Paimon keeps no NaN count) and answers as Spark', async () => {
    const paimon = join(dir, 'p');
    await PaimonTable.create(new FsStorage(paimon), { columns: [{ name: 'id', type: 'BIGINT' }, { name: 'x', type: 'DOUBLE' }] });
    writeFileSync(join(dir, 'p1.csv'), 'id,x\n1,NaN\n2,NaN\n');
    writeFileSync(join(dir, 'p2.csv'), 'id,x\n3,1\n4,2\n');
    writeFileSync(join(dir, 'p3.csv'), 'id,x\n5,10\n6,-Infinity\n');
    for (const f of ['p1.csv', 'p2.csv', 'p3.csv']) expect((await runMain(['append', paimon, '--data', join(dir, f)])).code).toBe(0);
    const scanned = JSON.parse((await runMain(['scan', paimon, '--format', 'json'])).out) as { id: number; x: unknown }[];
    expect(scanned.sort((a, b) => a.id - b.id).map((r) => r.x)).toEqual(['NaN', 'NaN', 1, 2, 10, '-Infinity']);
    const sql = async (query: string) => JSON.parse((await runMain(['sql', paimon, query, '--format', 'json'])).out) as Record<string, unknown>[];
    expect((await sql('SELECT id FROM p WHERE x > 5 ORDER BY id')).map((r) => r.id)).toEqual([1, 2, 5]);
    expect((await sql('SELECT id FROM p WHERE x < 5 ORDER BY id')).map((r) => r.id)).toEqual([3, 4, 6]);
    expect((await sql('SELECT id FROM p ORDER BY x DESC, id')).map((r) => r.id)).toEqual([1, 2, 5, 4, 3, 6]);
  });
});
