/** `lakescope upsert|delete|append` on a Paimon table in a temp folder: preview, apply, read back. */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PaimonTable } from '../core/formats/paimon/table.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../platform/node/parquet-wasm-init.ts';
import { runMain } from './run-main.test-support.ts';

beforeAll(() => installNodeParquetWasm());


const temps: string[] = [];
afterEach(() => { while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true }); });

describe('lakescope row writes (Paimon)', () => {
  it('upserts from CSV and deletes from JSON; --dry-run writes nothing; append is refused on a primary-key table', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lakescope-paimon-rows-'));
    temps.push(dir);
    const table = join(dir, 't');
    await PaimonTable.create(new FsStorage(table), { columns: [{ name: 'id', type: 'BIGINT' }, { name: 'name', type: 'STRING' }], primaryKeys: ['id'], buckets: 2 });
    writeFileSync(join(dir, 'a.csv'), 'id,name\n1,one\n2,"t,wo"\n3,\n');
    writeFileSync(join(dir, 'b.csv'), 'id,name\n2,TWO\n');
    writeFileSync(join(dir, 'd.json'), '[{"id": 9007199254740993}, {"id": 3}]');

    const dry = await runMain(['upsert', table, '--data', join(dir, 'a.csv'), '--dry-run']);
    expect(dry.err).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/^upsert: Upsert 3 row\(s\) into \d bucket\(s\) as snapshot 1/m);
    expect(readdirSync(table).sort()).toEqual(['schema']);

    expect((await runMain(['upsert', table, '--data', join(dir, 'a.csv')])).out).toMatch(/applied upsert → snapshot\/snapshot-1/);
    expect((await runMain(['upsert', table, '--data', join(dir, 'b.csv')])).out).toMatch(/applied upsert → snapshot\/snapshot-2/);
    expect((await runMain(['delete', table, '--data', join(dir, 'd.json')])).out).toMatch(/applied delete → snapshot\/snapshot-3/);
    const scan = (v?: string) => runMain(['scan', table, '--format', 'canonical', ...(v ? ['--version', v] : [])]).then((r) => JSON.parse(r.out) as unknown[]);
    expect(await scan()).toEqual([{ id: 1, name: 'one' }, { id: 2, name: 'TWO' }]);
    expect(await scan('1')).toEqual([{ id: 1, name: 'one' }, { id: 2, name: 't,wo' }, { id: 3, name: null }]);

    const compact = await runMain(['compact', table, '--strategy', 'full']);
    expect(compact.out).toMatch(/applied compact → snapshot\/snapshot-4/);
    expect(await scan()).toEqual([{ id: 1, name: 'one' }, { id: 2, name: 'TWO' }]);
    expect((await runMain(['compact', table, '--strategy', 'sideways'])).err).toMatch(/--strategy is full or universal/);

    const refused = await runMain(['append', table, '--data', join(dir, 'b.csv')]);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toMatch(/Unsupported: paimon append: this is a primary-key table: use upsert/);
  });
});
