import type { RecordBatch } from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { canonicalRows, sortCanonicalRows, type CanonicalRow } from '../../../arrow/index.ts';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { utf8Decode } from '../../../util/bytes.ts';
import { parseJson } from '../../../util/json.ts';
import { PaimonTable } from '../table.ts';
import { parseManifest } from '../spec/manifest-entry.ts';
import { bucketKeyFields, bucketOf } from '../spec/bucket.ts';
import { MANIFEST_LIST_WRITER_SCHEMA, MANIFEST_WRITER_SCHEMA } from '../spec/write-layout.ts';
import type { RowWriteKind } from './write-rows.ts';

beforeAll(() => installNodeParquetWasm());

async function readRows(table: PaimonTable, version?: string): Promise<CanonicalRow[]> {
  const batches: RecordBatch[] = [];
  const plan = await table.planScan(version === undefined ? {} : { version });
  for (const t of plan.tasks) for await (const b of table.read(t)) batches.push(b);
  return sortCanonicalRows(canonicalRows(batches, { columns: plan.columns }));
}

/** A 64-bit value in canonical form (fixtures/expected/README.md): a number when safe, else decimal text. */
const long = (v: bigint | null | undefined): number | string | null => (v === undefined || v === null ? null : Number.isSafeInteger(Number(v)) ? Number(v) : String(v));
/** The canonical form of a row as written here (`at` TIMESTAMP(6) is ISO text with Z, as the canonical form writes every timestamp). */
const canon = (r: Row): CanonicalRow => ({ id: r.id, part: r.part, name: r.name ?? null, amount: r.amount ?? null, at: r.at ? `${r.at}Z` : null, big: long(r.big) });

type Row = { id: number; part: string; name?: string | null; amount?: string | null; at?: string | null; big?: bigint | null };

/** A deterministic pseudo-random sequence (so the test writes the same commits every run). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
}

describe('paimon write rows (primary-key table)', () => {
  it('upserts and deletes across commits read back exactly at every version, as level-0 files with sequence numbers and row kinds', async () => {
    const storage = new MemoryStorage('paimon-pk');
    const table = await PaimonTable.create(storage, {
      columns: [{ name: 'id', type: 'INT' }, { name: 'part', type: 'STRING' }, { name: 'name', type: 'STRING' }, { name: 'amount', type: 'DECIMAL(10, 2)' }, { name: 'at', type: 'TIMESTAMP(6)' }, { name: 'big', type: 'BIGINT' }],
      partitionKeys: ['part'], primaryKeys: ['part', 'id'], buckets: 3, changelogProducer: 'input',
    });
    const schemaText = utf8Decode(await storage.read('schema/schema-0'));
    expect(parseJson(schemaText)).toMatchObject({ id: 0, primaryKeys: ['part', 'id'], options: { bucket: '3', 'merge-engine': 'deduplicate', 'file.format': 'parquet', 'changelog-producer': 'input' } });
    expect(schemaText).toContain('"type" : "INT NOT NULL"');

    const rand = rng(7);
    const state = new Map<string, Row>();
    const expected: CanonicalRow[][] = [];
    const commits: { kind: RowWriteKind; rows: Row[] }[] = [];
    for (let c = 0; c < 6; c++) {
      const kind: RowWriteKind = c === 0 || rand() < 0.6 ? 'upsert' : 'delete';
      const rows: Row[] = [];
      for (let i = 0; i < 12; i++) {
        const id = Math.floor(rand() * 25);
        const part = rand() < 0.5 ? 'a' : 'b/c';
        rows.push(kind === 'delete' ? { id, part } : {
          id, part, name: rand() < 0.2 ? null : `n${c}-${i}`, amount: `${Math.floor(rand() * 10000) - 5000}.${String(i).padStart(2, '0')}`,
          at: `2024-0${1 + (i % 9)}-1${c}T0${i % 10}:00:00.${String(c * 1000 + i).padStart(6, '0')}`, big: i % 4 === 0 ? null : 9007199254740993n * BigInt(c + 1),
        });
      }
      commits.push({ kind, rows });
      for (const r of rows) {
        const k = `${r.part}|${r.id}`;
        if (kind === 'delete') state.delete(k); else state.set(k, r);
      }
      expected.push(sortCanonicalRows([...state.values()].map(canon)));
      const result = await table.writeRows(kind, rows);
      expect(result.snapshotId).toBe(String(c + 1));
      expect(result.changelogFiles.length).toBe(result.dataFiles.length);
    }
    expect(commits.some((c) => c.kind === 'delete')).toBe(true);
    for (let v = 0; v < expected.length; v++) expect(await readRows(table, String(v + 1)), `snapshot ${v + 1}`).toEqual(expected[v]);

    // Every file is at level 0, with growing sequence numbers per bucket, rows in the bucket Paimon's function gives.
    const lsm = await table.lsmView();
    expect(lsm.buckets.length).toBeGreaterThan(1);
    for (const b of lsm.buckets) {
      expect(b.levels.map((l) => l.level)).toEqual([0]);
      const seqs = b.levels[0]!.files.map((f) => [BigInt(f.minSequenceNumber), BigInt(f.maxSequenceNumber)] as const).sort((x, y) => (x[0] < y[0] ? -1 : 1));
      for (let i = 1; i < seqs.length; i++) expect(seqs[i]![0]).toBeGreaterThan(seqs[i - 1]![1]);
    }
    const bucketFields = bucketKeyFields(table.schema);
    expect(bucketFields.map((f) => f.name)).toEqual(['id']);
    for (const r of commits.flatMap((c) => c.rows)) {
      const b = bucketOf([r.id], bucketFields.map((f) => f.type), 3);
      const folder = `part=${r.part.replace('/', '%2F')}/bucket-${b}/`;
      expect(lsm.buckets.some((x) => x.partition === folder.split('/bucket-')[0] && x.bucket === b), folder).toBe(true);
    }
    // The manifests use Paimon's layout; snapshot 1 has the APPEND kind and counts what it added.
    const snap = await table.meta.snapshot(6n);
    expect(snap.commitKind).toBe('APPEND');
    expect(snap.changelogManifestList).toBeDefined();
    const list = await table.meta.manifestList(snap.deltaManifestList);
    expect(parseJson(list.schemaText)).toEqual(MANIFEST_LIST_WRITER_SCHEMA);
    const manifest = parseManifest(await storage.read(`manifest/${list.entries[0]!.fileName}`), 'm');
    expect(parseJson(manifest.schemaText)).toEqual(MANIFEST_WRITER_SCHEMA);
    expect(manifest.entries.every((e) => e.file.level === 0 && e.totalBuckets === 3 && e.file.fileSource === 'APPEND')).toBe(true);
  });

  it('keeps the last of several records of one key in a commit, and counts deletes in the file meta', async () => {
    const storage = new MemoryStorage('paimon-pk-dups');
    const table = await PaimonTable.create(storage, { columns: [{ name: 'k', type: 'BIGINT' }, { name: 'v', type: 'STRING NOT NULL' }], primaryKeys: ['k'] });
    await table.writeRows('upsert', [{ k: 1n, v: 'a' }, { k: 2n, v: 'b' }, { k: 1n, v: 'c' }]);
    expect(await readRows(table)).toEqual([{ k: 1, v: 'c' }, { k: 2, v: 'b' }]);
    await table.writeRows('delete', [{ k: 2 }]);
    expect(await readRows(table)).toEqual([{ k: 1, v: 'c' }]);
    expect(await readRows(table, '1')).toEqual([{ k: 1, v: 'c' }, { k: 2, v: 'b' }]);
    const lsm = await table.lsmView();
    const files = lsm.buckets[0]!.levels[0]!.files;
    expect(files.map((f) => [f.rowCount, f.deleteRowCount, f.minSequenceNumber, f.maxSequenceNumber])).toEqual(expect.arrayContaining([['2', '0', '1', '2'], ['1', '1', '3', '3']]));
  });
});

describe('paimon write rows (append table)', () => {
  it('appends to a bucket-unaware table and refuses upserts', async () => {
    const storage = new MemoryStorage('paimon-append');
    const table = await PaimonTable.create(storage, { columns: [{ name: 'x', type: 'INT' }, { name: 'd', type: 'DATE' }], partitionKeys: ['d'] });
    await table.writeRows('append', [{ x: 1, d: '2024-01-01' }, { x: 2, d: null }]);
    await table.writeRows('append', [{ x: 1, d: '2024-01-01' }]);
    expect(await readRows(table)).toEqual([{ x: 1, d: '2024-01-01' }, { x: 1, d: '2024-01-01' }, { x: 2, d: null }]);
    expect(await readRows(table, '1')).toEqual([{ x: 1, d: '2024-01-01' }, { x: 2, d: null }]);
    expect((await storage.list({ prefix: 'd=__DEFAULT_PARTITION__/bucket-0/data-' })).objects).toHaveLength(1);
    await expect(table.writeRows('upsert', [{ x: 1 }])).rejects.toMatchObject({ code: 'Unsupported' });
    await expect(table.writeRows('append', [{ x: 'nope' }])).rejects.toThrow(/row 1, column x/);
    await expect(PaimonTable.create(storage, { columns: [{ name: 'x', type: 'INT' }] })).rejects.toMatchObject({ code: 'Conflict' });
  });
});

describe('paimon row writes through the table model', () => {
  it('offers upsert/delete on a primary-key table; prepare previews the buckets, apply commits, undo rolls back', async () => {
    const storage = new MemoryStorage('paimon-model');
    const table = await PaimonTable.create(storage, { columns: [{ name: 'k', type: 'INT' }, { name: 'v', type: 'STRING' }], primaryKeys: ['k'], buckets: 4 });
    const caps = await table.capabilities();
    expect(caps.filter((c) => ['append', 'upsert', 'delete'].includes(c.kind)).map((c) => [c.kind, c.available, c.scope, c.rowsInput])).toEqual([['upsert', true, 'rows', 'rows'], ['delete', true, 'rows', 'keys']]);
    await expect(table.prepare({ kind: 'upsert', rows: [{ k: 'x' }] })).rejects.toThrow(/row 1, column k/);
    await table.writeRows('upsert', [{ k: 1, v: 'a' }]);
    const p = await table.prepare({ kind: 'upsert', rows: [{ k: 1, v: 'b' }, { k: 2, v: 'c' }] });
    expect(p.preview.operation).toBe('upsert');
    expect(p.preview.writes.filter((w) => w.kind === 'data').length).toBe(new Set([bucketOf([1], [table.schema.fields[0]!.type], 4), bucketOf([2], [table.schema.fields[0]!.type], 4)]).size);
    expect(p.preview.writes.some((w) => w.key === 'snapshot/snapshot-2')).toBe(true);
    const applied = await p.apply();
    expect(applied.currentAfter).toBe('2');
    expect(await readRows(table)).toEqual([{ k: 1, v: 'b' }, { k: 2, v: 'c' }]);
    const undo = await table.prepare(applied.undo!.action);
    await undo.apply();
    expect(await readRows(table)).toEqual([{ k: 1, v: 'a' }]);
  });
});
