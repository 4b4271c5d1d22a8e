/**
 * `lakescope changes` reaches each format's own change log through the model: a Paimon table written by
 * `lakescope upsert/delete` with `changelog-producer = input` reads its changelog files; a Hudi fixture
 * reads the incremental query and names the commits it derived.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PaimonTable } from '../core/formats/paimon/table.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../testing/fixtures.ts';
import { runMain } from './run-main.test-support.ts';

beforeAll(() => installNodeParquetWasm());


const temps: string[] = [];
afterEach(() => { while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true }); });

describe('lakescope changes: the format\'s own change log', () => {
  it('paimon: the changelog files written by lakescope upsert/delete, with row kinds and snapshots', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lakescope-changes-'));
    temps.push(dir);
    const table = join(dir, 't');
    await PaimonTable.create(new FsStorage(table), { columns: [{ name: 'id', type: 'BIGINT' }, { name: 'name', type: 'STRING' }], primaryKeys: ['id'], buckets: 1, changelogProducer: 'input' });
    writeFileSync(join(dir, 'a.csv'), 'id,name\n1,one\n2,two\n');
    writeFileSync(join(dir, 'b.csv'), 'id,name\n2,TWO\n3,three\n');
    writeFileSync(join(dir, 'd.json'), '[{"id": 1}]');
    for (const [verb, file] of [['upsert', 'a.csv'], ['upsert', 'b.csv'], ['delete', 'd.json']]) expect((await runMain([verb!, table, '--data', join(dir, file!)])).code).toBe(0);

    const json = await runMain(['changes', table, '1', '3', '--format', 'json']);
    expect(json.err).toBe('');
    const log = JSON.parse(json.out) as { source: string; sourceName: string; upsertKey: string[]; rows: { changeType: string; version: string; row: Record<string, unknown> }[] };
    expect(log).toMatchObject({ source: 'format', sourceName: 'Paimon changelog files', upsertKey: ['id'] });
    expect(log.rows.map((r) => [r.version, r.changeType, r.row.id, r.row.name])).toEqual([
      ['2', 'insert', 2, 'TWO'], ['2', 'insert', 3, 'three'], ['3', 'delete', 1, null],
    ]);
    const text = await runMain(['changes', table, '1', '3']);
    expect(text.out).toMatch(/^changes after 1 up to 3: 3 rows from Paimon changelog files$/m);
    expect(text.out).toMatch(/^no before images: an insert replaces the row with the same id$/m);
  });

  it.skipIf(!FIXTURES_PRESENT)(`hudi: the incremental query, removing commits derived and named${FIXTURES_PRESENT ? '' : ` (${FIXTURES_SKIP_REASON})`}`, async () => {
    const root = join(FIXTURES_DIR, 'hudi', 'mor_v9_txns_simple_nometa');
    const r = await runMain(['changes', root, '20260307135827749', '20260307135840975']);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^changes after 20260307135827749 up to 20260307135840975: \d+ rows from Hudi incremental query$/m);
    expect(r.out).toMatch(/^derived \(not in the Hudi incremental query\): 20260307135832616/m);
  });
});
