/**
 * Acceptance of issue 16: queries over the fixtures at current and older versions whose answers the test
 * computes from fixtures/expected (never from the engine): filters, aggregates, GROUP BY, ORDER BY, LIMIT,
 * LIKE, time travel by id, timestamp and tag (tags made on copies by our writer), a join of two versions,
 * CHANGES BETWEEN, metadata tables — at least three per format — and EXPLAIN's pruning checked against the
 * requests a counting storage saw.
 */
import { describe, expect, it } from 'vitest';
import { CountingStorage } from '../../io/counting-storage.ts';
import type { Storage } from '../../io/storage.ts';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures, type Fixture, type FixtureFormat } from '../../../testing/fixtures.ts';
import { memoryCopy } from '../../../testing/iceberg-writer-fixtures.ts';
import { multisetMinus } from '../../../testing/multiset.ts';
import { openTable } from '../open-table.ts';
import { prepareWrite } from '../table-writes.ts';
import { runSql } from './run-sql.ts';
import { canonicalSqlValue } from './sql-values.ts';
import type { SqlTableDto } from './sql-contract.ts';

type Row = Record<string, unknown>;

const fixture = (format: FixtureFormat, name: string): Fixture => {
  const f = listFixtures(format).find((x) => x.name === `${format}/${name}`);
  if (!f) throw new Error(`no fixture ${format}/${name}`);
  return f;
};
const rowsAt = (f: Fixture, id: string): Row[] => {
  const v = f.expected.versions.find((x) => x.id === id);
  if (!v?.rows) throw new Error(`${f.name}@${id}: no expected rows`);
  return v.rows as Row[];
};
const warehouse = (): Storage => new FsStorage(FIXTURES_DIR, { readOnly: true });
/** The table's name in the warehouse (its path; the delta fixture with a subfolder root keeps it). */
const pathOf = (f: Fixture) => f.root.slice(FIXTURES_DIR.length + 1);

async function query(sql: string, storage: Storage = warehouse(), tables?: SqlTableDto[]): Promise<Row[]> {
  const r = await runSql(storage, { query: sql, ...(tables ? { tables } : {}) });
  return r.rows.map((cells) => Object.fromEntries(r.columns.map((c, k) => [c.name, cells[k]])));
}
const json = (rows: readonly unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
const countBy = (rows: readonly Row[], col: string) => {
  const m = new Map<unknown, number>();
  for (const r of rows) m.set(r[col], (m.get(r[col]) ?? 0) + 1);
  return m;
};

describe.skipIf(!FIXTURES_PRESENT)('SQL over the fixtures, answers from fixtures/expected', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  describe('iceberg', () => {
    it('count(*) FOR VERSION AS OF each 19-digit snapshot id (v2_spark_position_deletes)', async () => {
      const f = fixture('iceberg', 'v2_spark_position_deletes');
      for (const v of f.expected.versions) {
        const rows = await query(`SELECT count(*) AS n FROM "${pathOf(f)}" FOR VERSION AS OF ${v.id}`);
        expect(rows, v.id).toEqual([{ n: v.rowCount }]);
      }
    });

    it('GROUP BY with count and ORDER BY (v1_spark_partitioned_hour_identity)', async () => {
      const f = fixture('iceberg', 'v1_spark_partitioned_hour_identity');
      const want = [...countBy(rowsAt(f, f.expected.current), 'action')].sort((a, b) => String(a[0]).localeCompare(String(b[0]))).map(([action, n]) => ({ action, n }));
      expect(await query(`SELECT action, count(*) AS n FROM "${pathOf(f)}" GROUP BY action ORDER BY action`)).toEqual(want);
    });

    it('a filter with ORDER BY … DESC and LIMIT (v1_spark_partitioned_hour_identity)', async () => {
      const f = fixture('iceberg', 'v1_spark_partitioned_hour_identity');
      const want = rowsAt(f, f.expected.current).filter((r) => r.action === 'click' && (r.id as number) > 3)
        .sort((a, b) => (b.id as number) - (a.id as number)).slice(0, 3).map((r) => ({ id: r.id, user: r.user }));
      expect(want.length).toBeGreaterThan(0);
      expect(await query(`SELECT id, "user" FROM "${pathOf(f)}" WHERE action = 'click' AND id > 3 ORDER BY id DESC LIMIT 3`)).toEqual(want);
    });

    it('FOR TIMESTAMP AS OF reads the version current then (v2_spark_position_deletes)', async () => {
      const f = fixture('iceberg', 'v2_spark_position_deletes');
      const v = f.expected.versions[1]!;
      const at = new Date(v.timestampMs + 1).toISOString();
      expect(json(await query(`SELECT * FROM "${pathOf(f)}" FOR TIMESTAMP AS OF '${at}'`))).toEqual(json(rowsAt(f, v.id)));
    });

    it('a join of two versions of one table: rows of the first version gone from the current one', async () => {
      const f = fixture('iceberg', 'v2_java_position_and_equality_deletes');
      const first = f.expected.versions[0]!;
      const now = new Set(rowsAt(f, f.expected.current).map((r) => r['Breed Name']));
      const want = [...new Set(rowsAt(f, first.id).map((r) => r['Breed Name']).filter((n) => !now.has(n)))].sort();
      expect(want.length).toBeGreaterThan(0);
      const rows = await query(`SELECT DISTINCT old."Breed Name" AS name FROM "${pathOf(f)}" FOR VERSION AS OF ${first.id} AS old
        LEFT JOIN "${pathOf(f)}" AS cur ON old."Breed Name" = cur."Breed Name" WHERE cur."Breed Name" IS NULL ORDER BY name`);
      expect(rows.map((r) => r.name)).toEqual(want);
    });

    it('CHANGES BETWEEN two snapshots: the deletes and inserts of each step, with their version', async () => {
      const f = fixture('iceberg', 'v2_spark_position_deletes');
      const [a, b, c] = f.expected.versions;
      const rows = await query(`SELECT * FROM "${pathOf(f)}" CHANGES BETWEEN ${a!.id} AND ${c!.id}`);
      const cols = f.expected.columns;
      const pick = (r: Row) => JSON.stringify(Object.fromEntries(cols.map((k) => [k, r[k] ?? null])));
      for (const [from, to] of [[a!, b!], [b!, c!]] as const) {
        const mine = rows.filter((r) => String(r._commit_version) === to.id);
        const before = rowsAt(f, from.id).map(pick);
        const after = rowsAt(f, to.id).map(pick);
        expect(mine.filter((r) => r._change_type === 'delete').map(pick).sort(), to.id).toEqual(multisetMinus(before, after));
        expect(mine.filter((r) => r._change_type === 'insert').map(pick).sort(), to.id).toEqual(multisetMinus(after, before));
      }
    });

    it('FOR VERSION AS OF a tag our writer made on a copy; $refs lists it', async () => {
      const f = fixture('iceberg', 'v2_spark_position_deletes');
      const storage = await memoryCopy(f.root);
      const first = f.expected.versions[0]!;
      const table = await openTable(storage, '', 'iceberg');
      await (await prepareWrite(table, { kind: 'tag', name: 'before_deletes', snapshotId: first.id })).apply();
      const tables: SqlTableDto[] = [{ name: 't', root: '', format: 'iceberg' }];
      expect(await query(`SELECT count(*) AS n FROM t FOR VERSION AS OF 'before_deletes'`, storage, tables)).toEqual([{ n: first.rowCount }]);
      expect(await query(`SELECT name, type, snapshot_id FROM "t$refs" WHERE name = 'before_deletes'`, storage, tables))
        .toEqual([{ name: 'before_deletes', type: 'TAG', snapshot_id: first.id }]);
    });

    it('$snapshots lists every version; a 19-digit id compares exactly', async () => {
      const f = fixture('iceberg', 'v2_spark_position_deletes');
      const rows = await query(`SELECT snapshot_id, operation FROM "${pathOf(f)}$snapshots" ORDER BY committed_at`);
      expect(rows).toEqual(f.expected.versions.map((v) => ({ snapshot_id: v.id, operation: v.operation })));
      const last = f.expected.versions.at(-1)!;
      expect(await query(`SELECT count(*) AS n FROM "${pathOf(f)}$snapshots" WHERE snapshot_id = ${last.id}`)).toEqual([{ n: 1 }]);
    });
  });

  describe('paimon', () => {
    it('count(*) at every snapshot (pk_mor_pk_table_scan_and_read_mor)', async () => {
      const f = fixture('paimon', 'pk_mor_pk_table_scan_and_read_mor');
      for (const v of f.expected.versions) {
        expect(await query(`SELECT count(*) AS n FROM "${pathOf(f)}" FOR VERSION AS OF ${v.id}`), v.id).toEqual([{ n: v.rowCount }]);
      }
    });

    it('GROUP BY with sum and max at an older and the current snapshot (pk_dv_partitioned_pk_09)', async () => {
      const f = fixture('paimon', 'pk_dv_partitioned_pk_09');
      for (const id of [f.expected.versions[1]!.id, f.expected.current]) {
        const groups = new Map<number, { n: number; s: number; m: number }>();
        for (const r of rowsAt(f, id)) {
          const g = groups.get(r.f1 as number) ?? { n: 0, s: 0, m: -Infinity };
          groups.set(r.f1 as number, { n: g.n + 1, s: g.s + (r.f2 as number), m: Math.max(g.m, r.f3 as number) });
        }
        const want = [...groups].sort((a, b) => a[0] - b[0]).map(([f1, g]) => ({ f1, n: g.n, s: g.s, m: g.m }));
        expect(await query(`SELECT f1, count(*) AS n, sum(f2) AS s, max(f3) AS m FROM "${pathOf(f)}" FOR VERSION AS OF ${id} GROUP BY f1 ORDER BY f1`), id).toEqual(want);
      }
    });

    it('LIKE with a pattern, ORDER BY and LIMIT (pk_dv_partitioned_pk_09)', async () => {
      const f = fixture('paimon', 'pk_dv_partitioned_pk_09');
      const want = rowsAt(f, f.expected.current).filter((r) => /^A.*e/.test(r.f0 as string)).sort((a, b) => ((a.f0 as string) < (b.f0 as string) ? -1 : 1)).slice(0, 2).map((r) => ({ f0: r.f0 }));
      expect(want.length).toBeGreaterThan(0);
      expect(await query(`SELECT f0 FROM "${pathOf(f)}" WHERE f0 LIKE 'A%e%' ORDER BY f0 LIMIT 2`)).toEqual(want);
    });

    it('FOR VERSION AS OF a tag our writer made on a copy (append_complex_data)', async () => {
      const f = fixture('paimon', 'append_complex_data');
      const storage = await memoryCopy(f.root);
      const v = f.expected.versions[1]!;
      const table = await openTable(storage, '', 'paimon');
      await (await prepareWrite(table, { kind: 'tag', name: 'v2tag', snapshotId: v.id })).apply();
      const tables: SqlTableDto[] = [{ name: 'append_complex_data', root: '', format: 'paimon' }];
      // f4 is TIMESTAMP(9): SQL holds all nine digits, the expected rows the canonical microseconds.
      const rows = (await query(`SELECT * FROM append_complex_data FOR VERSION AS OF 'v2tag'`, storage, tables)).map((r) => ({ ...r, f4: canonicalSqlValue(r.f4) }));
      expect(json(rows)).toEqual(json(rowsAt(f, v.id)));
    });

    it('a binary column compares as its hex text, on both executors: the comparison is not pushed to the format (append_complex_data)', async () => {
      // The format's filter would read '646164' as the bytes of that text and drop every row.
      const f = fixture('paimon', 'append_complex_data');
      const rows = rowsAt(f, f.expected.current) as { f6: string | null }[];
      for (const executor of ['columnar', 'squirreling'] as const) {
        const run = async (where: string) => (await runSql(warehouse(), { query: `SELECT f6 FROM "${pathOf(f)}" WHERE ${where}` }, { executor })).rows.map((r) => r[0]).sort();
        expect(await run("f6 = '646164'"), executor).toEqual(rows.filter((r) => r.f6 === '646164').map((r) => r.f6));
        expect(await run("f6 > '65'"), executor).toEqual(rows.filter((r) => r.f6 !== null && r.f6 > '65').map((r) => r.f6).sort());
      }
    });

    it('FOR TIMESTAMP AS OF a time written with a zone offset (pk_mor_pk_table_scan_and_read_mor)', async () => {
      const f = fixture('paimon', 'pk_mor_pk_table_scan_and_read_mor');
      const v = f.expected.versions[2]!;
      // The same instant written at +02:00: the zone must be honoured (without it, two hours later).
      const d = new Date(v.timestampMs + 2 * 3600_000 + 1);
      const at = `${d.toISOString().slice(0, 23)}+02:00`;
      expect(json(await query(`SELECT * FROM "${pathOf(f)}" FOR TIMESTAMP AS OF '${at}'`))).toEqual(json(rowsAt(f, v.id)));
    });

    it('CHANGES BETWEEN: applying the change rows to the older snapshot gives the newer one (pk_mor)', async () => {
      const f = fixture('paimon', 'pk_mor_pk_table_scan_and_read_mor');
      const [a, , , , e] = f.expected.versions;
      const rows = await query(`SELECT * FROM "${pathOf(f)}" CHANGES BETWEEN ${a!.id} AND ${e!.id}`);
      const cols = f.expected.columns;
      const pick = (r: Row) => JSON.stringify(Object.fromEntries(cols.map((k) => [k, r[k] ?? null])));
      let state = rowsAt(f, a!.id).map(pick);
      for (const v of f.expected.versions.slice(1)) {
        const step = rows.filter((r) => String(r._commit_version) === v.id);
        state = multisetMinus(state, step.filter((r) => r._change_type === 'delete' || r._change_type === 'update-before').map(pick));
        state = [...state, ...step.filter((r) => r._change_type === 'insert' || r._change_type === 'update-after').map(pick)];
      }
      expect(state.sort()).toEqual(rowsAt(f, e!.id).map(pick).sort());
    });
  });

  describe('delta', () => {
    it('count(*) at every version (checkpoint-v2-table)', async () => {
      const f = fixture('delta', 'checkpoint-v2-table');
      for (const v of f.expected.versions) {
        expect(await query(`SELECT count(*) AS n FROM "${pathOf(f)}" FOR VERSION AS OF ${v.id}`), v.id).toEqual([{ n: v.rowCount }]);
      }
    });

    it('GROUP BY a partition column with sum, at an older version and now (dv-partitioned-with-checkpoint)', async () => {
      const f = fixture('delta', 'dv-partitioned-with-checkpoint');
      for (const id of [f.expected.versions[3]!.id, f.expected.current]) {
        const sums = new Map<number, number>();
        for (const r of rowsAt(f, id)) sums.set(r.part as number, (sums.get(r.part as number) ?? 0) + (r.col1 as number));
        const want = [...sums].sort((x, y) => x[0] - y[0]).map(([part, s]) => ({ part, s }));
        expect(await query(`SELECT part, sum(col1) AS s FROM "${pathOf(f)}" FOR VERSION AS OF ${id} GROUP BY part ORDER BY part`), id).toEqual(want);
      }
    });

    it('a filter at an older version (table-with-dv-small; Delta times travel by commit file time, so by id here)', async () => {
      const f = fixture('delta', 'table-with-dv-small');
      const v = f.expected.versions[0]!;
      const want = rowsAt(f, v.id).filter((r) => (r.value as number) >= 3).map((r) => ({ value: r.value })).sort((a, b) => (a.value as number) - (b.value as number));
      expect(await query(`SELECT value FROM "${pathOf(f)}" FOR VERSION AS OF ${v.id} WHERE value >= 3 ORDER BY value`)).toEqual(want);
    });

    it('CHANGES BETWEEN two versions (table-with-dv-small): the deleted rows', async () => {
      const f = fixture('delta', 'table-with-dv-small');
      const [a, b] = f.expected.versions;
      const rows = await query(`SELECT value, _change_type FROM "${pathOf(f)}" CHANGES BETWEEN ${a!.id} AND ${b!.id} WHERE _change_type = 'delete'`);
      const gone = multisetMinus(rowsAt(f, a!.id).map((r) => JSON.stringify(r)), rowsAt(f, b!.id).map((r) => JSON.stringify(r)));
      expect(rows.map((r) => JSON.stringify({ value: r.value })).sort()).toEqual(gone);
    });
  });

  describe('hudi', () => {
    it('count(*) at every instant (cow_v8_simplekeygen_nonhivestyle, mor_v9_txns_simple_nometa)', async () => {
      for (const name of ['cow_v8_simplekeygen_nonhivestyle', 'mor_v9_txns_simple_nometa']) {
        const f = fixture('hudi', name);
        for (const v of f.expected.versions) {
          expect(await query(`SELECT count(*) AS n FROM "${pathOf(f)}" FOR VERSION AS OF ${v.id}`), `${name}@${v.id}`).toEqual([{ n: v.rowCount }]);
        }
      }
    });

    it('GROUP BY with sum over a decimal column, first and last instant (mor_v9_txns_simple_nometa)', async () => {
      const f = fixture('hudi', 'mor_v9_txns_simple_nometa');
      for (const id of [f.expected.versions[0]!.id, f.expected.current]) {
        const sums = new Map<string, { n: number; s: number }>();
        for (const r of rowsAt(f, id)) {
          const g = sums.get(r.currency as string) ?? { n: 0, s: 0 };
          sums.set(r.currency as string, { n: g.n + 1, s: g.s + Number(r.amount) });
        }
        const rows = await query(`SELECT currency, count(*) AS n, sum(amount) AS s FROM "${pathOf(f)}" FOR VERSION AS OF ${id} GROUP BY currency ORDER BY currency`);
        const want = [...sums].sort((a, b) => (a[0] < b[0] ? -1 : 1));
        expect(rows.map((r) => r.currency), id).toEqual(want.map((w) => w[0]));
        rows.forEach((r, k) => { expect(r.n).toBe(want[k]![1].n); expect(r.s as number).toBeCloseTo(want[k]![1].s, 6); });
      }
    });

    it('a filter on a double with ORDER BY (mor_v6_trips_8i1u_avro_log), now and at the first instant', async () => {
      const f = fixture('hudi', 'mor_v6_trips_8i1u_avro_log');
      for (const v of f.expected.versions) {
        const want = rowsAt(f, v.id).filter((r) => (r.fare as number) > 20).sort((a, b) => ((a.uuid as string) < (b.uuid as string) ? -1 : 1)).map((r) => ({ uuid: r.uuid, fare: r.fare }));
        expect(await query(`SELECT uuid, fare FROM "${pathOf(f)}" FOR VERSION AS OF ${v.id} WHERE fare > 20 ORDER BY uuid`), v.id).toEqual(want);
      }
    });
  });

  it('$snapshots of every fixture of every format lists its versions in order with their operation', async () => {
    for (const format of ['iceberg', 'paimon', 'delta', 'hudi'] as const) {
      for (const f of listFixtures(format)) {
        const rows = await query(`SELECT snapshot_id, operation FROM "${pathOf(f)}$snapshots" ORDER BY committed_at, snapshot_id`);
        expect(rows.map((r) => String(r.snapshot_id)), f.name).toEqual(f.expected.versions.map((v) => v.id));
        expect(rows.map((r) => r.operation), f.name).toEqual(f.expected.versions.map((v) => v.operation));
      }
    }
  });

  it('Hudi $timeline lists a completed instant for every version; Paimon $options and $schemas come from the model', async () => {
    const h = fixture('hudi', 'mor_v9_txns_simple_nometa');
    const instants = await query(`SELECT version FROM "${pathOf(h)}$timeline" ORDER BY version`);
    expect(instants.map((r) => String(r.version))).toEqual(expect.arrayContaining(h.expected.versions.map((v) => v.id)));
    const p = fixture('paimon', 'pk_dv_schema_evolution_pk_table_with_alter_table');
    const schemas = await query(`SELECT schema_id FROM "${pathOf(p)}$schemas" WHERE is_current`);
    expect(schemas).toHaveLength(1);
    const opts = await query(`SELECT key, value FROM "${pathOf(p)}$options" WHERE key = 'deletion-vectors.enabled'`);
    expect(opts).toEqual([{ key: 'deletion-vectors.enabled', value: 'true' }]);
  });

  it('EXPLAIN of a selective query on a partitioned table shows skipped files, and the run never fetches them', async () => {
    const f = fixture('iceberg', 'v1_spark_partitioned_hour_identity');
    const sql = `SELECT id, action FROM "${pathOf(f)}" WHERE event_time >= '2020-01-01T10:00:00Z' AND event_time < '2020-01-01T11:00:00Z'`;
    const explain = await runSql(warehouse(), { query: `EXPLAIN ${sql}` });
    const scan = explain.explain!.scans[0]!;
    expect(scan.filesSkipped).toBeGreaterThan(0);
    expect(scan.filesPlanned + scan.filesSkipped).toBe(20);
    expect(scan.filter).toMatch(/event_time/);
    expect(explain.explain!.text).toMatch(/files: \d+ to read, \d+ skipped/);

    const counting = new CountingStorage(warehouse());
    const run = await runSql(counting, { query: sql });
    const dataKeys = new Set(counting.log.filter((c) => c.method === 'read' && /\/data\//.test(c.key)).map((c) => c.key));
    expect(dataKeys.size).toBe(scan.filesPlanned);
    const want = rowsAt(f, f.expected.current).filter((r) => (r.event_time as string) >= '2020-01-01T10:00:00' && (r.event_time as string) < '2020-01-01T11:00:00');
    expect(json(run.rows.map(([id, action]) => ({ id, action })))).toEqual(json(want.map((r) => ({ id: r.id, action: r.action }))));
    expect(run.scans[0]!.bytesFetched).toBeGreaterThan(0);
  });
});
