import { describe, expect, it } from 'vitest';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT } from '../../../testing/fixtures.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { runSql } from './run-sql.ts';
import { canonicalTimeLiteral, cteNames, findTableRefs, parseTime, rewriteQuery, tokenize } from './table-refs.ts';

installNodeParquetWasm();

describe('table references and their clauses', () => {
  it('finds FROM/JOIN references with version, tag, timestamp and change clauses, keeping 19-digit ids exact', () => {
    const q = `SELECT * FROM orders FOR VERSION AS OF 9158179788527662767 a
      JOIN "db/orders" FOR VERSION AS OF 'v1' AS b ON a.id = b.id
      JOIN x FOR TIMESTAMP AS OF '2024-05-01 12:00:00+02:00' ON true
      JOIN y CHANGES BETWEEN 3 AND '2024-05-02' c ON true
      WHERE a.s = 'FROM nowhere' -- FROM comment
      AND a.id IN (SELECT id FROM "t$snapshots")`;
    const refs = findTableRefs(q);
    expect(refs.map((r) => [r.name, r.selector, r.alias])).toEqual([
      ['orders', { kind: 'version', version: '9158179788527662767' }, 'a'],
      ['db/orders', { kind: 'version', version: 'v1' }, 'b'],
      ['x', { kind: 'timestamp', timestampMs: Date.UTC(2024, 4, 1, 10), text: '2024-05-01 12:00:00+02:00' }, undefined],
      ['y', { kind: 'changes', from: { version: '3' }, to: { timestampMs: Date.UTC(2024, 4, 2), text: '2024-05-02' } }, 'c'],
      ['t$snapshots', { kind: 'current' }, undefined],
    ]);
    expect(refs[2]!.hasAlias).toBe(false);
  });

  it('rewrites references to relations, maps offsets back, writes big integers as bigint, keeps a time literal as written', () => {
    const q = `SELECT id FROM orders FOR VERSION AS OF 5 WHERE sid = 9158179788527662767 AND ts > '2020-01-01T10:00:00Z'`;
    const refs = findTableRefs(q);
    const rw = rewriteQuery(q, refs, () => '__t1');
    expect(rw.text).toBe(`SELECT id FROM __t1 AS "orders" WHERE sid = 9158179788527662767n AND ts > '2020-01-01T10:00:00Z'`);
    const at = rw.text.indexOf('WHERE');
    expect(rw.originalOffset(at)).toBe(q.indexOf('WHERE'));
    expect(rw.originalOffset(rw.text.indexOf('__t1') + 2)).toBe(q.indexOf('orders'));
    expect(rw.originalOffset(3)).toBe(3);
  });

  it('leaves CTE names and subqueries alone; parses times (UTC unless a zone) and rejects malformed clauses with a position', () => {
    const q = 'WITH recent AS (SELECT * FROM t) SELECT * FROM recent';
    expect(cteNames(tokenize(q))).toEqual(new Set(['RECENT']));
    expect(parseTime('2024-01-31T08:00:00')).toBe(Date.UTC(2024, 0, 31, 8));
    expect(parseTime('2024-01-31T08:00:00-05:00')).toBe(Date.UTC(2024, 0, 31, 13));
    expect(parseTime('yesterday')).toBeUndefined();
    expect(parseTime('2025-04-31')).toBeUndefined(); // Date.parse rolled it over to May 1
    expect(parseTime('2025-03-30T24:00:00Z')).toBeUndefined();
    expect(canonicalTimeLiteral('2024-01-31 08:00:00.123456')).toBe('2024-01-31T08:00:00.123456Z');
    expect(canonicalTimeLiteral('2024-01-31')).toBeUndefined();
    // Sub-microsecond digits are kept (nanosecond columns), nine in all; more than nine is left for the typed check to refuse.
    expect(canonicalTimeLiteral('2008-12-28 00:00:00.000123456')).toBe('2008-12-28T00:00:00.000123456Z');
    expect(canonicalTimeLiteral('2008-12-28 00:00:00.0001234')).toBe('2008-12-28T00:00:00.000123400Z');
    expect(canonicalTimeLiteral('2008-12-28 00:00:00.0001234567')).toBeUndefined();
    expect(() => findTableRefs('SELECT *\nFROM t FOR VERSION AS OF x')).toThrow(/line 2, column 26/);
    expect(() => findTableRefs("SELECT * FROM t FOR TIMESTAMP AS OF 'soon'")).toThrow(/ISO-8601/);
    expect(() => tokenize("SELECT 'abc")).toThrow(/unclosed string at line 1, column 8/);
  });
});

describe.skipIf(!FIXTURES_PRESENT)('query errors point at their place in the query', () => {
  const storage = () => new FsStorage(FIXTURES_DIR, { readOnly: true });
  it('a wrong column in the select list: line, column and a caret under it', async () => {
    const q = 'SELECT id,\n       acton\nFROM "iceberg/v1_spark_partitioned_hour_identity"';
    const e = await runSql(storage(), { query: q }).catch((x: unknown) => x) as { code: string; message: string; context: Record<string, unknown> };
    expect(e.code).toBe('DataInvalid');
    expect(e.context).toMatchObject({ line: 2, column: 8, columnName: 'acton' });
    expect(e.message).toContain('Column "acton" not found');
    expect(e.message).toContain('\n         acton\n         ^^^^^');
  });

  it('a wrong column in WHERE after a rewritten reference, and an unknown version at its reference', async () => {
    const q = 'SELECT * FROM "iceberg/v1_spark_partitioned_hour_identity" FOR VERSION AS OF 1 WHERE nope = 1';
    const e1 = await runSql(storage(), { query: q }).catch((x: unknown) => x) as { code: string; context: Record<string, unknown> };
    expect(e1.code).toBe('NotFound');
    expect(e1.context).toMatchObject({ line: 1, column: 15 });
    const q2 = 'SELECT * FROM "iceberg/v1_spark_partitioned_hour_identity" WHERE nope = 1';
    const e2 = await runSql(storage(), { query: q2 }).catch((x: unknown) => x) as { code: string; context: Record<string, unknown> };
    expect(e2.context).toMatchObject({ line: 1, column: q2.indexOf('nope') + 1 });
  });

  it('aborting stops the query with Aborted', async () => {
    const c = new AbortController();
    c.abort();
    await expect(runSql(storage(), { query: 'SELECT count(*) FROM "iceberg/v2_spark_position_deletes"' }, { signal: c.signal })).rejects.toMatchObject({ code: 'Aborted' });
  });
});
