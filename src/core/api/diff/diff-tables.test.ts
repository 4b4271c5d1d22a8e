/**
 * The metadata diff (issue 15 acceptance): a compaction shows as rewritten files with the same rows and
 * no row changes; a schema evolution as its exact field changes — on fixtures written by Paimon and Hudi
 * and on Iceberg tables made by our own writer (compaction, then add/rename/widen/make optional).
 */
import { describe, expect, it } from 'vitest';
import { TABLE_READERS } from '../table-formats.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { createTable } from '../../formats/iceberg/commit/create-table.ts';
import { appendRows } from '../../formats/iceberg/commit/append.ts';
import { prepareCompaction } from '../../formats/iceberg/commit/compaction.ts';
import { prepareSchemaUpdate } from '../../formats/iceberg/commit/schema-evolution.ts';
import { EVENTS_SCHEMA, events } from '../../../testing/iceberg-writer-fixtures.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../testing/fixtures.ts';
import { openFixture } from '../../../testing/golden.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { diffTables } from './diff-tables.ts';
import { diffRows } from './row-diff.ts';

installNodeParquetWasm();

const fixture = (name: string) => {
  const [format] = name.split('/') as ['iceberg' | 'paimon' | 'delta' | 'hudi'];
  const fx = listFixtures(format).find((f) => f.name === name);
  if (!fx) throw new Error(`fixture ${name} missing`);
  return fx;
};

const sortChanges = <T extends { kind: string; fieldId?: number }>(xs: readonly T[]) =>
  [...xs].sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : (a.fieldId ?? 0) - (b.fieldId ?? 0)));

describe.skipIf(!FIXTURES_PRESENT)('metadata diff on fixtures', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('paimon COMPACT (append_complex_data 3 → 4): rewritten, same rows, no row changes', async () => {
    const table = await openFixture(fixture('paimon/append_complex_data'));
    const d = await diffTables(table, { version: '3' }, { version: '4' });
    expect(d.rewrite).toMatchObject({ operations: ['COMPACT'], removedFiles: 3, addedFiles: 1, removedRecords: '6', addedRecords: '6', sameRows: true });
    expect(d.files.unchanged).toBe(2);
    expect(d.partitions).toEqual([{ partition: 'f1=10', added: { files: 1, records: '6', bytes: '1358' }, removed: { files: 3, records: '6', bytes: String(1279 + 1262 + 1202) }, deletesChanged: 0 }]);
    expect(d.schema.changes).toEqual([]);
    const rows = await diffRows(table, { version: '3' }, { version: '4' });
    expect(rows.counts).toEqual({ added: 0, removed: 0, changed: 0 });
    expect(rows.read.skippedTasks).toBe(2); // the f1=20 files live in both are never read
  });

  it('hudi clustering (mor_v9 replacecommit): rewritten, same rows, no row changes', async () => {
    const fx = fixture('hudi/mor_v9_txns_simple_nometa');
    const table = await openFixture(fx);
    const ids = fx.expected.versions.map((v) => v.id);
    const k = ids.indexOf('20260307135840454');
    const d = await diffTables(table, { version: ids[k - 1]! }, { version: ids[k]! });
    expect(d.rewrite).toMatchObject({ operations: ['replacecommit'], sameRows: true });
    expect(d.files.added).toHaveLength(3);
    const rows = await diffRows(table, { version: ids[k - 1]! }, { version: ids[k]! });
    expect(rows.counts).toEqual({ added: 0, removed: 0, changed: 0 });
  });

  it('paimon schema evolution (pk_dv_schema_evolution 4 → 5): the exact field changes by field id', async () => {
    const table = await openFixture(fixture('paimon/pk_dv_schema_evolution_pk_table_with_alter_table'));
    const d = await diffTables(table, { version: '4' }, { version: '5' });
    // schema/schema-0: 0 key0, 1 key1, 2 key2, 3 a, 4 b, 5 c, 6 d, 7 k
    // schema/schema-1: 1 key1, 7 k, 2 key_2, 4 c, 8 d, 6 a, 0 key0, 9 e
    expect(d.schema).toMatchObject({ fromSchemaId: '0', toSchemaId: '1', matchedBy: 'field-id' });
    expect(sortChanges(d.schema.changes)).toEqual(sortChanges([
      { kind: 'dropped', fieldId: 3, before: 'a', from: 'INT' },
      { kind: 'dropped', fieldId: 5, before: 'c', from: 'INT' },
      { kind: 'added', fieldId: 8, after: 'd', to: 'INT' },
      { kind: 'added', fieldId: 9, after: 'e', to: 'INT' },
      { kind: 'renamed', fieldId: 2, before: 'key2', after: 'key_2', from: 'key2', to: 'key_2' },
      { kind: 'renamed', fieldId: 4, before: 'b', after: 'c', from: 'b', to: 'c' },
      { kind: 'renamed', fieldId: 6, before: 'd', after: 'a', from: 'd', to: 'a' },
      // key0 moved from first to next-to-last, k from last to second; key1, key2, b, d keep their order
      { kind: 'reordered', fieldId: 0, before: 'key0', after: 'key0', from: '0', to: '6' },
      { kind: 'reordered', fieldId: 7, before: 'k', after: 'k', from: '7', to: '1' },
    ]));
    expect(d.files.added).toEqual([]);
    expect(d.files.removed).toEqual([]);
    const rows = await diffRows(table, { version: '4' }, { version: '5' });
    expect(rows.schemaMapped).toBe(true);
    expect(rows.columns).toEqual(['key1', 'k', 'key_2', 'c', 'd', 'a', 'key0', 'e']);
    expect(rows.key).toEqual(['key0', 'key1', 'key_2']);
  });
});

describe('metadata diff on tables made by our writer (Iceberg)', () => {
  it('compaction: rewritten with the same rows; schema evolution: exact field changes; rows compared in the later schema', async () => {
    const storage = new MemoryStorage();
    await createTable(storage, { location: 'mem://t', schema: EVENTS_SCHEMA, formatVersion: 2, partitionSpec: { fields: [{ name: 'category', transform: 'identity', 'source-id': 2 }] } });
    for (let i = 0; i < 3; i++) await appendRows(storage, events(i * 10, 10));
    await (await prepareCompaction(storage, { targetFileSizeBytes: 1 << 20 })).apply();
    const table = await TABLE_READERS.iceberg!.open(storage);
    const [, , third, compacted] = await table.versions();
    const d = await diffTables(table, { version: third!.id }, { version: compacted!.id });
    expect(d.rewrite).toMatchObject({ operations: ['replace'], removedFiles: 6, addedFiles: 2, removedRecords: '30', addedRecords: '30', sameRows: true });
    expect(d.partitions.map((p) => [p.partition, p.removed.files, p.added.files])).toEqual([['category=even', 3, 1], ['category=odd', 3, 1]]);
    expect((await diffRows(table, { version: third!.id }, { version: compacted!.id })).counts).toEqual({ added: 0, removed: 0, changed: 0 });

    await (await prepareSchemaUpdate(storage, [
      { op: 'add-column', name: 'note', type: 'string' },
      { op: 'rename-column', name: 'ts', newName: 'event_ts' },
      { op: 'promote-column', name: 'amount', type: 'decimal(14,2)' },
      { op: 'make-optional', name: 'id' },
    ])).apply();
    await appendRows(storage, [{ id: 100n, category: 'even', event_ts: 1_700_000_000_000_000n, amount: 5n, tags: null, note: 'new' }]);
    const t2 = await TABLE_READERS.iceberg!.open(storage);
    const last = (await t2.versions()).at(-1)!;
    const e = await diffTables(t2, { version: compacted!.id }, { version: last.id });
    expect(e.rewrite).toBeUndefined();
    expect(e.files.added).toHaveLength(1);
    expect(sortChanges(e.schema.changes)).toEqual(sortChanges([
      { kind: 'added', fieldId: 7, after: 'note', to: 'string' },
      { kind: 'renamed', fieldId: 3, before: 'ts', after: 'event_ts', from: 'ts', to: 'event_ts' },
      { kind: 'type-widened', fieldId: 4, before: 'amount', after: 'amount', from: 'decimal(12,2)', to: 'decimal(14,2)' },
      { kind: 'nullability', fieldId: 1, before: 'id', after: 'id', from: 'required', to: 'optional' },
    ]));
    const r = await diffRows(t2, { version: compacted!.id }, { version: last.id });
    expect(r.schemaMapped).toBe(true);
    expect(r.counts).toEqual({ added: 1, removed: 0, changed: 0 });
    expect(r.added[0]!.row).toEqual({ id: 100, category: 'even', event_ts: '2023-11-14T22:13:20.000000Z', amount: '0.05', tags: null, note: 'new' });
    expect(r.added[0]!.provenance).toMatchObject({ version: last.id, fileGone: true, position: '0' });
    // Backwards: the same rows, removed instead of added, still in the later schema.
    const back = await diffRows(t2, { version: last.id }, { version: compacted!.id });
    expect(back.removed.map((x) => x.row)).toEqual([r.added[0]!.row]);
    expect(back.columns).toEqual(r.columns);
  });
});
