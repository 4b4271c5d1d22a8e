/**
 * `changes(a, b)` from the formats' own change logs (issue 15): Paimon's changelog files on tables made by
 * our writer (`changelog-producer = input`), expected rows computed here from the writes; Hudi's
 * incremental query on every Hudi fixture, expected rows computed from ../shared/fixtures/expected. Where
 * a log does not hold a version (a Paimon COMPACT snapshot, a Hudi commit that removed records) that
 * version is derived and named.
 */
import type { RecordBatch } from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../testing/fixtures.ts';
import { canonicalRows, type CanonicalRow } from '../../arrow/index.ts';
import { MemoryStorage } from '../../io/memory-storage.ts';
import { openHudiTable } from '../../formats/hudi/index.ts';
import { PaimonTable } from '../../formats/paimon/table.ts';
import { noteText } from '../../messages/note.ts';
import { changes } from './changes.ts';
import type { ChangeLogDto } from './diff-dto.ts';

beforeAll(() => installNodeParquetWasm());

const text = (r: unknown) => JSON.stringify(r);
const sorted = (rows: readonly unknown[]) => rows.map(text).sort();

async function rowsAt(table: PaimonTable, version: string): Promise<CanonicalRow[]> {
  const plan = await table.planScan({ version });
  const batches: RecordBatch[] = [];
  for (const t of plan.tasks) for await (const b of table.read(t)) batches.push(b);
  return canonicalRows(batches, { columns: plan.columns });
}

/** The log applied by its upsert key to `start` (an insert replaces the row of its key, a delete removes it). */
function applyByKey(log: ChangeLogDto, start: readonly CanonicalRow[]): string[] {
  const key = (r: Record<string, unknown>) => text(log.upsertKey!.map((k) => r[k]));
  const state = new Map(start.map((r) => [key(r), text(r)]));
  for (const r of log.rows) {
    if (r.changeType === 'insert' || r.changeType === 'update-after') state.set(key(r.row), text(r.row));
    else state.delete(key(r.row));
  }
  return [...state.values()].sort();
}

type Row = { id: number; part: string; name: string | null };

describe('paimon: changes read the changelog files our writer made (changelog-producer = input)', () => {
  it('each commit\'s written records with their row kinds, snapshot and changelog file position; the COMPACT snapshot derived', async () => {
    const table = await PaimonTable.create(new MemoryStorage('paimon-changelog'), {
      columns: [{ name: 'id', type: 'INT' }, { name: 'part', type: 'STRING' }, { name: 'name', type: 'STRING' }],
      partitionKeys: ['part'], primaryKeys: ['part', 'id'], buckets: 2, changelogProducer: 'input',
    });
    const writes: { kind: 'upsert' | 'delete'; rows: Row[] }[] = [
      { kind: 'upsert', rows: Array.from({ length: 10 }, (_, i) => ({ id: i, part: i % 2 ? 'a' : 'b', name: `v1-${i}` })) },
      // Updates of existing keys, a new key, and one key written twice in the same commit.
      { kind: 'upsert', rows: [{ id: 1, part: 'a', name: 'v2-1' }, { id: 2, part: 'b', name: null }, { id: 11, part: 'a', name: 'v2-11' }, { id: 1, part: 'a', name: 'v2-1b' }] },
      { kind: 'delete', rows: [{ id: 3, part: 'a', name: null }, { id: 4, part: 'b', name: null }, { id: 11, part: 'a', name: null }] },
    ];
    const results = [];
    for (const w of writes) results.push(await table.writeRows(w.kind, w.rows));
    await table.reload();
    const compacted = await table.compact({ strategy: 'full' });
    expect(compacted.snapshotId).toBeDefined();
    const last = await table.writeRows('upsert', [{ id: 5, part: 'a', name: 'v5-5' }]);
    await table.reload();
    const ids = [...results.map((r) => r.snapshotId), compacted.snapshotId!, last.snapshotId];

    for (const [k, w] of [...writes, { kind: 'upsert' as const, rows: [{ id: 5, part: 'a', name: 'v5-5' }] }].entries()) {
      const at = k < 3 ? k : 4;
      const r = k < 3 ? results[k]! : last;
      const from = at === 0 ? undefined : ids[at - 1]!;
      if (from === undefined) continue; // the first snapshot has no parent to start after
      const log = await changes(table, { version: from }, { version: r.snapshotId });
      expect(log).toMatchObject({ source: 'format', sourceName: 'Paimon changelog files', derivedVersions: [], versions: [r.snapshotId] });
      expect(log.upsertKey && [...log.upsertKey].sort()).toEqual(['id', 'part']);
      // Every record as written (a key written twice shows twice), +I as insert and -D as delete.
      const want = w.rows.map((x) => text([w.kind === 'delete' ? 'delete' : 'insert', x])).sort();
      expect(log.rows.map((x) => text([x.changeType, x.row])).sort()).toEqual(want);
      expect(log.rows.every((x) => x.version === r.snapshotId)).toBe(true);
      // Provenance: the changelog files this commit wrote, each read row by row from position 0.
      for (const file of new Set(log.rows.map((x) => x.provenance!.files[0]!))) {
        expect(r.changelogFiles).toContain(file);
        const positions = log.rows.filter((x) => x.provenance!.files[0] === file).map((x) => Number(x.provenance!.position));
        expect(positions).toEqual(positions.map((_, i) => i));
      }
      expect(applyByKey(log, await rowsAt(table, from))).toEqual(sorted(await rowsAt(table, r.snapshotId)));
    }

    // The whole history: the COMPACT snapshot has no changelog files and is derived (no rows: a compaction changes none).
    const all = await changes(table, { version: ids[0]! }, { version: ids.at(-1)! });
    expect(all.source).toBe('format');
    expect(all.derivedVersions).toEqual([compacted.snapshotId]);
    expect(all.rows.filter((x) => x.version === compacted.snapshotId)).toEqual([]);
    expect(all.notes.map((n) => noteText(n)).join(' ')).toMatch(new RegExp(`${compacted.snapshotId}: no changelog files`));
    expect(all.rows.map((x) => x.version)).toEqual([...all.rows.map((x) => x.version)].sort((a, b) => Number(a) - Number(b)));
    expect(applyByKey(all, await rowsAt(table, ids[0]!))).toEqual(sorted(await rowsAt(table, ids.at(-1)!)));

    // Asked to derive: update-before/after pairs by the primary key, the same end state.
    const derived = await changes(table, { version: ids[0]! }, { version: ids[1]! }, { derive: true });
    expect(derived.source).toBe('derived');
    expect(derived.rows.filter((x) => x.changeType === 'update-after').map((x) => x.row.id).sort()).toEqual([1, 2]);
  });

  it('a table without a changelog producer: derived, saying why', async () => {
    const table = await PaimonTable.create(new MemoryStorage('paimon-nolog'), {
      columns: [{ name: 'id', type: 'INT' }, { name: 'name', type: 'STRING' }], primaryKeys: ['id'], buckets: 1,
    });
    const a = await table.writeRows('upsert', [{ id: 1, name: 'x' }, { id: 2, name: 'y' }]);
    const b = await table.writeRows('upsert', [{ id: 2, name: 'z' }]);
    await table.reload();
    const log = await changes(table, { version: a.snapshotId }, { version: b.snapshotId });
    expect(log.source).toBe('derived');
    expect(log.derivedVersions).toEqual([b.snapshotId]);
    expect(log.notes.map((n) => noteText(n)).join(' ')).toContain('changelog-producer = none');
    expect(log.rows.map((x) => [x.changeType, x.row.name])).toEqual([['update-before', 'y'], ['update-after', 'z']]);
  });
});

describe.skipIf(!FIXTURES_PRESENT)('hudi: changes read the incremental query', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  for (const fx of listFixtures('hudi')) {
    it(`${fx.name}: at every step the inserts are the rows new or changed; commits that removed rows are derived`, async () => {
      const table = await openHudiTable(new FsStorage(fx.root, { readOnly: true }));
      const vs = fx.expected.versions;
      for (let k = 1; k < vs.length; k++) {
        const [a, b] = [vs[k - 1]!, vs[k]!];
        const log = await changes(table, { version: a.id }, { version: b.id });
        const key = table.config.recordKeyFields;
        const keysOf = (rows: readonly unknown[]) => new Set(rows.map((r) => text(key.map((c) => (r as Record<string, unknown>)[c]))));
        const removed = [...keysOf(a.rows!)].some((x) => !keysOf(b.rows!).has(x));
        if (removed) {
          // Rows went away: the incremental query cannot show it, so this commit is derived, the notes saying why.
          expect(log, `${a.id} → ${b.id}`).toMatchObject({ source: 'derived', derivedVersions: [b.id] });
          expect(log.notes.join(' ')).toMatch(new RegExp(`incremental query shows no removed record.*${b.id} \\(`));
        } else if (log.derivedVersions.length === 0) {
          expect(log).toMatchObject({ source: 'format', sourceName: 'Hudi incremental query', upsertKey: key });
          const before = new Set(a.rows!.map(text));
          expect(log.rows.every((r) => r.changeType === 'insert' && r.version === b.id)).toBe(true);
          expect(sorted(log.rows.map((r) => r.row)), `${a.id} → ${b.id}`).toEqual(sorted(b.rows!.filter((r) => !before.has(text(r)))));
        }
        expect(applyByKey({ ...log, upsertKey: key }, a.rows as CanonicalRow[])).toEqual(sorted(b.rows!));
      }
      if (vs.length > 2) {
        const all = await changes(table, { version: vs[0]!.id }, { version: vs.at(-1)!.id });
        expect(all).toMatchObject({ source: 'format', sourceName: 'Hudi incremental query' });
        expect(all.derivedVersions.length).toBeGreaterThan(0);
        expect(all.rows.map((r) => r.version)).toEqual(all.rows.map((r) => r.version).sort());
        expect(applyByKey(all, vs[0]!.rows as CanonicalRow[])).toEqual(sorted(vs.at(-1)!.rows!));
      }
    }, 120_000);
  }
});
