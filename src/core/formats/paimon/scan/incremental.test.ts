/**
 * Incremental reads over every pair of consecutive versions of every fixture: applying the changes to
 * the expected rows of `from` must give the expected rows of `to`, and unchanged keys yield nothing.
 */
import type { RecordBatch } from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows, canonicalRowsText } from '../../../arrow/index.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, listFixtures } from '../../../../testing/fixtures.ts';
import { openPaimonTable } from '../index.ts';

beforeAll(() => installNodeParquetWasm());

type Row = Record<string, unknown>;

describe.skipIf(!FIXTURES_PRESENT)('paimon incremental read', () => {
  for (const fx of listFixtures('paimon')) {
    const versions = fx.expected.versions;
    for (let k = 1; k < versions.length; k++) {
      const [a, b] = [versions[k - 1]!, versions[k]!];
      const sameColumns = JSON.stringify(Object.keys(a.rows![0] ?? b.rows![0] ?? {})) === JSON.stringify(Object.keys(b.rows![0] ?? a.rows![0] ?? {}));
      it.skipIf(!sameColumns)(`${fx.name}: ${a.id} → ${b.id}`, async () => {
        const table = await openPaimonTable(new FsStorage(fx.root, { readOnly: true }));
        const batches: RecordBatch[] = [];
        for await (const batch of table.readChanges({ version: a.id }, { version: b.id })) batches.push(batch);
        const changes = canonicalRows(batches);
        const pk = (await table.view({ version: b.id })).schema.primaryKeys;
        const keyOf = (r: Row) => JSON.stringify(pk.length ? pk.map((c) => r[c]) : r);
        const state = new Map<string, Row[]>();
        for (const r of a.rows as Row[]) state.set(keyOf(r), [...(state.get(keyOf(r)) ?? []), r]);
        for (const c of changes) {
          const { _ROW_KIND: kind, ...row } = c;
          const list = state.get(keyOf(row)) ?? [];
          if (kind === '-D') {
            expect(list.length, `deleting a row that is not there: ${JSON.stringify(row)}`).toBeGreaterThan(0);
            list.pop();
          } else if (kind === '+U') {
            expect(list.length).toBe(1);
            expect(JSON.stringify(list[0])).not.toBe(JSON.stringify(row));
            list[0] = row;
          } else {
            expect(kind).toBe('+I');
            if (pk.length) expect(list.length).toBe(0);
            list.push(row);
          }
          state.set(keyOf(row), list);
        }
        expect(canonicalRowsText([...state.values()].flat())).toBe(canonicalRowsText(b.rows!));
        if (canonicalRowsText(a.rows!) === canonicalRowsText(b.rows!)) expect(changes).toEqual([]);
      });
    }
  }

  it('pk_mor 1 → 2 is exactly: Alice updated, Tony deleted', async () => {
    const fx = listFixtures('paimon').find((f) => f.name === 'paimon/pk_mor_pk_table_scan_and_read_mor')!;
    const table = await openPaimonTable(new FsStorage(fx.root, { readOnly: true }));
    const batches: RecordBatch[] = [];
    for await (const batch of table.readChanges({ version: '1' }, { version: '2' })) batches.push(batch);
    expect(canonicalRowsText(canonicalRows(batches))).toBe(canonicalRowsText([
      { _ROW_KIND: '+U', f0: 'Alice', f1: 10, f2: 1, f3: 19.1 },
      { _ROW_KIND: '-D', f0: 'Tony', f1: 10, f2: 0, f3: 14.1 },
    ]));
  });
});
