/**
 * The explorer's use cases over the real Iceberg fixtures, opened as a warehouse (the fixtures folder)
 * the way the worker opens them: describe, explain a filter, page rows, decode raw files.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRowsText } from '../arrow/canonical.ts';
import { isLakeError } from '../errors.ts';
import { CountingStorage } from '../io/counting-storage.ts';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../testing/fixtures.ts';
import { describeTable, openTable } from './open-table.ts';
import { explainScan, parseFilter } from './explain-scan.ts';
import { RowCursor } from './row-cursor.ts';
import type { TableFormatName } from './dto.ts';

beforeAll(() => installNodeParquetWasm());
const warehouse = () => new FsStorage(FIXTURES_DIR, { readOnly: true });
const fixtures = listFixtures('iceberg');

describe.skipIf(!FIXTURES_PRESENT)('table use cases on the Iceberg fixtures', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('describeTable gives versions, schemas, specs and metadata files with warehouse-relative keys', async () => {
    const root = 'iceberg/v2_spark_position_deletes/';
    const table = await openTable(warehouse(), root, 'iceberg');
    const d = await describeTable(table, root, 'iceberg');
    const fx = fixtures.find((f) => f.name === 'iceberg/v2_spark_position_deletes')!;
    expect(d.versions.map((v) => v.id)).toEqual(fx.expected.versions.map((v) => v.id));
    expect(d.versions.find((v) => v.isCurrent)?.id).toBe(fx.expected.current);
    expect(d.columns).toEqual(fx.expected.columns);
    expect(d.states.map((f) => f.name)).toEqual(['v1.metadata.json', 'v2.metadata.json', 'v3.metadata.json', 'v4.metadata.json', 'v5.metadata.json']);
    expect(d.states.filter((f) => f.isCurrent).map((f) => f.key)).toEqual([`${root}metadata/v5.metadata.json`]);
    expect(d.stateKey).toBe(`${root}metadata/v5.metadata.json`);
    expect(d.formatVersion).toBe(2);
    expect(d.relocatedFrom).toBeDefined();
    expect(structuredClone(d)).toEqual(d);
  });

  it('describeTable carries the warnings of a table whose newest metadata file is torn', async () => {
    const { MemoryStorage } = await import('../io/memory-storage.ts');
    const { listAll } = await import('../io/storage.ts');
    const src = warehouse();
    const mem = new MemoryStorage();
    const root = 'iceberg/v2_spark_position_deletes/';
    for await (const o of listAll(src, { prefix: root })) await mem.write(o.key, await src.read(o.key));
    await mem.write(`${root}metadata/v6.metadata.json`, new TextEncoder().encode('{"format-version": 2, "table-uu'));
    const d = await describeTable(await openTable(mem, root, 'iceberg'), root, 'iceberg');
    expect(d.versions.find((v) => v.isCurrent)?.id).toBe(fixtures.find((f) => f.name === 'iceberg/v2_spark_position_deletes')!.expected.current);
    expect(d.warnings?.join(' ')).toMatch(/v6\.metadata\.json/);
    expect(d.writeRefusal).toMatch(/^writes are refused: the newest metadata\/v6\.metadata\.json cannot be read/);
  });

  it('a format without a reader is Unsupported, naming it', async () => {
    // Every format detection knows has a reader now; a name outside the registry stands in for one.
    const e = await openTable(warehouse(), 'delta/table-with-dv-small/', 'lance' as TableFormatName).catch((x) => x);
    expect(isLakeError(e, 'Unsupported')).toBe(true);
    expect(e.message).toMatch(/^table: .*lance/);
  });

  it('a Delta table opens through the readers registry', async () => {
    const table = await openTable(warehouse(), 'delta/table-with-dv-small/', 'delta');
    expect(table.format).toBe('delta');
    expect((await table.versions()).length).toBeGreaterThan(0);
  });

  it('a Hudi table opens through the readers registry', async () => {
    const table = await openTable(warehouse(), 'hudi/mor_v6_trips_8i1u_avro_log/', 'hudi');
    expect(table.format).toBe('hudi');
    expect((await table.versions()).map((v) => v.operation)).toEqual(['deltacommit', 'deltacommit']);
  });

  it('parseFilter: blank is no filter; bad syntax is DataInvalid', () => {
    expect(parseFilter('  ')).toBeUndefined();
    expect(parseFilter("a = 1 and b > 'x'")).toBeDefined();
    const e = (() => { try { parseFilter('a = = 1'); } catch (x) { return x; } })();
    expect(isLakeError(e, 'DataInvalid')).toBe(true);
  });

  it('explainScan on a partitioned table reports skipped files and their reasons', async () => {
    const root = 'iceberg/v1_spark_partitioned_hour_identity/';
    const table = await openTable(warehouse(), root, 'iceberg');
    const all = await explainScan(table, root, {});
    const cols = (await table.schemas()).find((s) => s.isCurrent)!.columns.map((c) => `${c.name}:${c.type}`);
    expect(all.skipped).toEqual([]);
    expect(all.files.length).toBeGreaterThan(1);
    expect(all.files.every((f) => f.key.startsWith(root) && Number(f.records) > 0)).toBe(true);
    // A predicate on an identity partition column prunes whole files.
    const identity = (await table.partitionSpecs()).flatMap((s) => s.fields).find((f) => f.transform === 'identity');
    expect(identity, cols.join(', ')).toBeDefined();
    const col = identity!.sourceNames[0];
    const filtered = await explainScan(table, root, { filter: `${col} = 'no such value'` });
    expect(filtered.filter).toContain(col);
    expect(filtered.files.length).toBeLessThan(all.files.length);
    expect(filtered.skipped.length).toBeGreaterThan(0);
    expect(filtered.skipped.every((s) => s.reason.length > 0)).toBe(true);
  });

  for (const fx of fixtures) {
    it(`RowCursor pages every version of ${fx.name} to exactly the expected rows`, async () => {
      const root = `${fx.name}/`;
      const table = await openTable(warehouse(), root, 'iceberg');
      for (const v of fx.expected.versions) {
        const cursor = await RowCursor.open(table, { version: v.id });
        const rows: unknown[] = [];
        for (let offset = 0; ; offset += 7) {
          const page = await cursor.page(offset, 7);
          rows.push(...page.rows);
          if (page.done && page.rows.length < 7) {
            expect(page.rowsRead).toBe(v.rowCount);
            break;
          }
        }
        expect(rows.length).toBe(v.rowCount);
        if (v.rows) expect(canonicalRowsText(rows)).toBe(canonicalRowsText(v.rows));
      }
    });
  }

  it('RowCursor reads only the files the first page needs', async () => {
    const root = 'iceberg/v1_spark_partitioned_hour_identity/';
    const counting = new CountingStorage(warehouse());
    const table = await openTable(counting, root, 'iceberg');
    const cursor = await RowCursor.open(table, {});
    expect(cursor.info.plannedFiles).toBeGreaterThan(2);
    const dataReads = () => counting.log.filter((c) => c.method === 'read' && c.key.endsWith('.parquet')).map((c) => c.key);
    const before = new Set(dataReads());
    const page = await cursor.page(0, 1);
    expect(page.rows).toHaveLength(1);
    expect(page.done).toBe(false);
    const read = new Set(dataReads().filter((k) => !before.has(k)));
    expect(read.size).toBeLessThan(cursor.info.plannedFiles);
    expect(page.columns.map((c) => c.name)).toEqual(cursor.info.columns);
    expect(page.columns.some((c) => c.kind === 'number')).toBe(true);
  });

  it('RowCursor applies a pushed-down filter and a column projection', async () => {
    const root = 'iceberg/v2_spark_position_deletes/';
    const table = await openTable(warehouse(), root, 'iceberg');
    const fx = fixtures.find((f) => f.name === 'iceberg/v2_spark_position_deletes')!;
    const current = fx.expected.versions.find((v) => v.id === fx.expected.current)!;
    const expected = (current.rows as Record<string, unknown>[]).filter((r) => r['Origin Country'] === 'USA').map((r) => ({ 'Breed Name': r['Breed Name'] }));
    const cursor = await RowCursor.open(table, { filter: "\"Origin Country\" = 'USA'", columns: ['Breed Name'] });
    const page = await cursor.page(0, 100);
    expect(page.done).toBe(true);
    expect(canonicalRowsText(page.rows)).toBe(canonicalRowsText(expected));
    expect(expected.length).toBeGreaterThan(0);
  });

  it('RowCursor rejects an out-of-range page and keeps at most maxRows', async () => {
    const root = 'iceberg/v2_spark_position_deletes/';
    const table = await openTable(warehouse(), root, 'iceberg');
    const cursor = await RowCursor.open(table, { maxRows: 5 });
    await expect(cursor.page(-1, 5)).rejects.toMatchObject({ code: 'DataInvalid' });
    await expect(cursor.page(0, 100_000)).rejects.toMatchObject({ code: 'DataInvalid' });
    const page = await cursor.page(0, 50);
    expect(page.rows).toHaveLength(5);
    expect(page.cappedAt).toBe(5);
    expect(page.done).toBe(false);
  });
});

describe.skipIf(!FIXTURES_PRESENT)('table use cases on the Paimon fixtures', () => {
  for (const fx of listFixtures('paimon')) {
    it(`describes ${fx.name} and pages its current version to the expected rows`, async () => {
      const root = `${fx.name}/`;
      const table = await openTable(warehouse(), root, 'paimon');
      const d = await describeTable(table, root, 'paimon');
      expect(d.versions.map((v) => v.id)).toEqual(fx.expected.versions.map((v) => v.id));
      expect(d.columns).toEqual(fx.expected.columns);
      const current = fx.expected.versions.find((v) => v.id === fx.expected.current)!;
      const cursor = await RowCursor.open(table, { version: current.id });
      const page = await cursor.page(0, 5000);
      expect(page.done).toBe(true);
      expect(page.rows.length).toBe(current.rowCount);
      if (current.rows) expect(canonicalRowsText(page.rows)).toBe(canonicalRowsText(current.rows));
    });
  }
});
