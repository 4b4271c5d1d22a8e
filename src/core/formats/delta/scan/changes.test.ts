/**
 * Change data feed on the ten delta-cdf tables (../shared/fixtures/delta-cdf): the rows, change types
 * and versions delta-kernel-rs asserts in kernel/tests/integration/features/cdf.rs, transcribed as
 * facts (`_commit_timestamp` is left out there too: it depends on file modification times); and, for a
 * fixture without change data files, derived changes equal to the difference of the expected rows.
 */
import { join } from 'node:path';
import type { RecordBatch } from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows } from '../../../arrow/index.ts';
import { isLakeError } from '../../../errors.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { openDeltaTable } from '../index.ts';

beforeAll(() => installNodeParquetWasm());

const cdf = (name: string) => join(FIXTURES_DIR, 'delta-cdf', name);

async function changes(root: string, start: number, end?: number): Promise<string[]> {
  const table = await openDeltaTable(new FsStorage(root, { readOnly: true }));
  const batches: RecordBatch[] = [];
  for await (const b of table.changes(BigInt(start), end === undefined ? undefined : BigInt(end))) batches.push(b);
  return canonicalRows(batches).map((r) => {
    const { _commit_timestamp: ts, ...rest } = r;
    expect(typeof ts).toBe('string');
    return JSON.stringify(Object.values(rest));
  }).sort();
}

/** Facts as [column values…, _change_type, _commit_version] rows. */
const facts = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const ids = (values: number[], type: string, version: number) => values.map((id) => [id, type, version]);

// delta-kernel-rs prints its facts as tables, where an empty string and a null look alike; the three
// blank comments of cdf-table-with-cdc-and-dvs are empty strings in the data files.
describe.skipIf(!FIXTURES_PRESENT)('delta change data feed: delta-kernel-rs facts', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('cdf-table-with-dv: deletion vectors added and restored, changes derived from the vector differences', async () => {
    expect(await changes(cdf('cdf-table-with-dv'), 0)).toEqual(facts([
      ...range(0, 9).map((v) => [v, 'insert', 0]),
      [0, 'delete', 1], [9, 'delete', 1], [0, 'insert', 2], [9, 'insert', 2],
      [0, 'delete', 3], [1, 'delete', 3], [4, 'delete', 3], [5, 'delete', 3], [1, 'insert', 4], [4, 'insert', 4],
      [3, 'delete', 5], [0, 'insert', 5], [5, 'insert', 5], [3, 'insert', 6],
    ]));
  });

  it('cdf-table: change data files with update pre/post images', async () => {
    const people: [number, string, string][] = [[1, 'Steve', '2023-12-22'], [2, 'Bob', '2023-12-23'], [3, 'Dave', '2023-12-23'], [4, 'Kate', '2023-12-23'],
      [5, 'Emily', '2023-12-24'], [6, 'Carl', '2023-12-24'], [7, 'Dennis', '2023-12-24'], [8, 'Claire', '2023-12-25'], [9, 'Ada', '2023-12-25'], [10, 'Borb', '2023-12-25']];
    expect(await changes(cdf('cdf-table'), 0)).toEqual(facts([
      ...people.map((p) => [...p, 'insert', 0]),
      [3, 'Dave', '2023-12-22', 'update_postimage', 1], [3, 'Dave', '2023-12-23', 'update_preimage', 1],
      [4, 'Kate', '2023-12-22', 'update_postimage', 1], [4, 'Kate', '2023-12-23', 'update_preimage', 1],
      [2, 'Bob', '2023-12-22', 'update_postimage', 1], [2, 'Bob', '2023-12-23', 'update_preimage', 1],
      [7, 'Dennis', '2023-12-24', 'update_preimage', 2], [7, 'Dennis', '2023-12-29', 'update_postimage', 2],
      [5, 'Emily', '2023-12-24', 'update_preimage', 2], [5, 'Emily', '2023-12-29', 'update_postimage', 2],
      [6, 'Carl', '2023-12-24', 'update_preimage', 2], [6, 'Carl', '2023-12-29', 'update_postimage', 2],
      [7, 'Dennis', '2023-12-29', 'delete', 3],
    ]));
  });

  it('cdf-table-simple: version ranges 0..0, 1..1, 2..2, 0..2; end before start and start after the last version fail', async () => {
    const v0 = ids(range(0, 9), 'insert', 0);
    const v1 = ids(range(0, 9), 'delete', 1);
    const v2 = ids(range(20, 24), 'insert', 2);
    expect(await changes(cdf('cdf-table-simple'), 0, 0)).toEqual(facts(v0));
    expect(await changes(cdf('cdf-table-simple'), 1, 1)).toEqual(facts(v1));
    expect(await changes(cdf('cdf-table-simple'), 2, 2)).toEqual(facts(v2));
    expect(await changes(cdf('cdf-table-simple'), 0, 2)).toEqual(facts([...v0, ...v1, ...v2]));
    const e1 = await changes(cdf('cdf-table-simple'), 1, 0).catch((e: unknown) => e);
    expect(isLakeError(e1, 'DataInvalid') && (e1 as Error).message).toMatch(/start version 1 is after the end version 0/);
    const e2 = await changes(cdf('cdf-table-simple'), 3, 4).catch((e: unknown) => e);
    expect(isLakeError(e2) && (e2 as Error).message).toMatch(/^delta changes: commit 3 does not exist/);
  });

  it('cdf-table-update-ops, cdf-table-data-change (dataChange=false is not a change), cdf-table-delete-conditional-two-rows', async () => {
    expect(await changes(cdf('cdf-table-update-ops'), 0, 2)).toEqual(facts([
      ...ids(range(0, 9), 'insert', 0), ...ids(range(20, 24), 'update_pre', 1), ...ids(range(30, 34), 'update_post', 2),
    ]));
    expect(await changes(cdf('cdf-table-data-change'), 0, 1)).toEqual(facts(ids(range(0, 9), 'insert', 0)));
    expect(await changes(cdf('cdf-table-delete-conditional-two-rows'), 0)).toEqual(facts([...ids(range(0, 9), 'insert', 0), [2, 'delete', 1], [8, 'delete', 1]]));
  });

  it('cdf-table-non-partitioned: long, boolean, double and smallint columns; inserts after a delete', async () => {
    const row = (id: number, name: string, day: string, long: number | string, type: string, v: number) => [id, name, day, long, true, 3.14, 1, type, v];
    expect(await changes(cdf('cdf-table-non-partitioned'), 0)).toEqual(facts([
      row(1, 'Steve', '2024-04-14', 1, 'insert', 0), row(2, 'Bob', '2024-04-15', 1, 'insert', 0), row(3, 'Dave', '2024-04-15', 2, 'insert', 0),
      row(4, 'Kate', '2024-04-15', 3, 'insert', 0), row(5, 'Emily', '2024-04-16', 4, 'insert', 0), row(6, 'Carl', '2024-04-16', 5, 'insert', 0),
      row(7, 'Dennis', '2024-04-16', 6, 'insert', 0), row(8, 'Claire', '2024-04-17', 7, 'insert', 0), row(9, 'Ada', '2024-04-17', 8, 'insert', 0),
      row(10, 'Borb', '2024-04-17', '99999999999999999', 'insert', 0),
      row(3, 'Dave', '2024-04-15', 2, 'update_preimage', 1), row(3, 'Dave', '2024-04-14', 2, 'update_postimage', 1),
      row(4, 'Kate', '2024-04-15', 3, 'update_preimage', 1), row(4, 'Kate', '2024-04-14', 3, 'update_postimage', 1),
      row(2, 'Bob', '2024-04-15', 1, 'update_preimage', 1), row(2, 'Bob', '2024-04-14', 1, 'update_postimage', 1),
      row(7, 'Dennis', '2024-04-16', 6, 'update_preimage', 2), row(7, 'Dennis', '2024-04-14', 6, 'update_postimage', 2),
      row(5, 'Emily', '2024-04-16', 4, 'update_preimage', 2), row(5, 'Emily', '2024-04-14', 4, 'update_postimage', 2),
      row(6, 'Carl', '2024-04-16', 5, 'update_preimage', 2), row(6, 'Carl', '2024-04-14', 5, 'update_postimage', 2),
      row(7, 'Dennis', '2024-04-14', 6, 'delete', 3), row(1, 'Alex', '2024-04-14', 1, 'insert', 4), row(2, 'Alan', '2024-04-15', 1, 'insert', 4),
    ]));
  });

  it('cdf-table-partitioned: partition values in change rows', async () => {
    expect(await changes(cdf('cdf-table-partitioned'), 0, 2)).toEqual(facts([
      [0, 'old', 0, 'insert', 0], [1, 'old', 1, 'insert', 0], [2, 'old', 0, 'insert', 0], [3, 'old', 1, 'insert', 0], [4, 'old', 0, 'insert', 0], [5, 'old', 1, 'insert', 0],
      [3, 'old', 1, 'delete', 1], [1, 'old', 1, 'update_preimage', 1], [1, 'new', 1, 'update_postimage', 1],
      [0, 'old', 0, 'delete', 2], [2, 'old', 0, 'delete', 2], [4, 'old', 0, 'delete', 2],
    ]));
  });

  it('cdf-column-mapping-name-mode from version 1', async () => {
    expect(await changes(cdf('cdf-column-mapping-name-mode'), 1)).toEqual(facts([
      [1, 'Alice', 100, 'delete', 4], [2, 'Bob', 200, 'update_preimage', 2], [2, 'Bob', 250, 'update_postimage', 2], [4, 'David', 400, 'insert', 3],
    ]));
  });

  it('cdf-table-with-cdc-and-dvs: change data files and deletion vectors mixed over 26 versions', async () => {
    expect(await changes(cdf('cdf-table-with-cdc-and-dvs'), 0)).toEqual(facts([
      [1, 'initial', 'insert', 0], [2, 'insert1', 'insert', 1], [3, 'insert1-delete1', 'insert', 1], [4, 'insert1-delete2', 'insert', 1],
      [5, 'insert1-delete2', 'insert', 1], [3, 'insert1-delete1', 'delete', 2], [3, 'insert1-delete1', 'insert', 4], [4, 'insert1-delete2', 'delete', 5],
      [5, 'insert1-delete2', 'delete', 5], [4, 'insert1-delete2', 'insert', 7], [5, 'insert2', 'insert', 8], [1, 'initial', 'update_preimage', 9],
      [1, 'update1', 'update_postimage', 9], [2, 'insert1', 'update_preimage', 9], [2, 'update1', 'update_postimage', 9],
      [3, 'insert1-delete1', 'update_preimage', 9], [3, 'update1', 'update_postimage', 9], [1, 'update1', 'delete', 10],
      [2, 'update1', 'update_preimage', 12], [2, 'update2', 'update_postimage', 12], [6, 'insert3', 'insert', 14], [7, 'insert3', 'insert', 14],
      [8, 'insert4', 'insert', 15], [9, 'insert4', 'insert', 15], [8, 'insert4', 'delete', 16], [7, 'insert3', 'delete', 16],
      [10, 'merge1-insert', 'insert', 18], [11, 'merge1-insert', 'insert', 18], [9, 'merge1-update', 'update_postimage', 18],
      [9, 'insert4', 'update_preimage', 18], [11, 'merge1-insert', 'update_preimage', 20], [11, '', 'update_postimage', 20],
      [12, 'merge2-insert', 'insert', 22], [11, '', 'delete', 22], [3, 'update1', 'delete', 24], [4, 'insert1-delete2', 'delete', 24],
      [5, 'insert2', 'delete', 24], [2, 'update2', 'delete', 24], [6, 'insert3', 'delete', 24], [9, 'merge1-update', 'delete', 24],
      [0, 'new', 'insert', 25], [1, 'after-large-delete', 'insert', 25], [2, '', 'insert', 25],
    ]));
  });
});

describe.skipIf(!FIXTURES_PRESENT)('derived changes equal the difference of the expected rows (fixtures without change data files)', () => {
  for (const fx of listFixtures('delta').filter((f) => f.name === 'delta/table-with-dv-small' || f.name === 'delta/dv-partitioned-with-checkpoint')) {
    it(`${fx.name}: every version's inserts and deletes are the multiset difference of the rows before and after`, async () => {
      const table = await openDeltaTable(new FsStorage(fx.root, { readOnly: true }));
      const versions = fx.expected.versions;
      for (let i = 1; i < versions.length; i++) {
        const before = (versions[i - 1]!.rows ?? []).map((r) => JSON.stringify(r));
        const after = (versions[i]!.rows ?? []).map((r) => JSON.stringify(r));
        const minus = (a: string[], b: string[]) => { const left = [...b]; return a.filter((x) => { const k = left.indexOf(x); if (k < 0) return true; left.splice(k, 1); return false; }); };
        const batches: RecordBatch[] = [];
        const v = BigInt(versions[i]!.id);
        for await (const b of table.changes(v, v)) batches.push(b);
        const rows = canonicalRows(batches);
        const of = (type: string) => rows.filter((r) => r._change_type === type).map((r) => JSON.stringify(Object.fromEntries(fx.expected.columns.map((c) => [c, r[c]])))).sort();
        const inserts = of('insert'); const deletes = of('delete');
        // Rewritten rows may appear as a delete and an insert of the same row; the net change must match.
        expect(minus(inserts, deletes).sort(), `version ${v} inserts`).toEqual(minus(after, before).sort());
        expect(minus(deletes, inserts).sort(), `version ${v} deletes`).toEqual(minus(before, after).sort());
      }
    });
  }
});
