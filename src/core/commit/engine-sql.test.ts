import { describe, expect, it } from 'vitest';
import { deltaEngineSql } from '../formats/delta/commit/engine-sql.ts';
import { paimonEngineSql } from '../formats/paimon/commit/engine-sql.ts';
import { partitionPairs, tableNameFromLocation, type EngineSql } from './engine-sql.ts';
import { icebergEngineSql } from '../formats/iceberg/commit/engine-sql.ts';
import { errorText } from '../messages/message-parts.ts';
import { zh } from '../messages/zh.ts';

/** Each note has a message rendering exactly it in English, and Chinese in zh-CN. */
function expectNotesTranslated(sql: EngineSql | undefined): void {
  expect(sql!.notes.length).toBeGreaterThan(0);
  sql!.notes.forEach((n, i) => {
    expect(errorText(sql!.noteMessages![i]!)).toBe(n);
    expect(errorText(sql!.noteMessages![i]!, zh)).toMatch(/[\u4e00-\u9fff]/);
  });
}

describe('engine SQL notes in the reader\'s language', () => {
  it('Iceberg (catalog, UTC), Delta (path, retention) and Paimon (catalog, bucket) notes: English as before, Chinese in zh-CN', () => {
    const meta = { location: 's3://b/wh/db/t', properties: {} } as unknown as Parameters<typeof icebergEngineSql>[0];
    const ice = icebergEngineSql(meta, { kind: 'rollback', toTimeMs: 0 });
    expect(ice!.notes).toEqual([
      'Replace <catalog> with the name of the Spark catalog holding this table; "db.t" is read from its location (s3://b/wh/db/t).',
      'The timestamp is UTC: run with spark.sql.session.timeZone=UTC.',
    ]);
    expectNotesTranslated(ice);
    const delta = deltaEngineSql({ location: '/data/t', configuration: {} }, { kind: 'vacuum', retentionHours: 24 });
    expect(delta!.notes).toEqual(["Replace /data/t with the table's URI as the cluster reaches it.", 'A retention under 7 days needs spark.databricks.delta.retentionDurationCheck.enabled = false.']);
    expectNotesTranslated(delta);
    const paimon = paimonEngineSql({ location: 's3://b/wh/shop.db/orders', options: {}, primaryKey: true }, { kind: 'compact', strategy: 'full', bucket: 2 });
    expect(paimon!.notes[1]).toBe("sys.compact has no bucket argument: the statement compacts every bucket of the named partitions (Lakescope's preview was bucket 2).");
    expectNotesTranslated(paimon);
  });
});

describe('the engine\'s name in the reader\'s language', () => {
  it('Iceberg, Delta and Paimon name their engine in English as before, and in Chinese with the product names kept', () => {
    const ice = icebergEngineSql({ location: 's3://b/wh/db/t', properties: {} } as unknown as Parameters<typeof icebergEngineSql>[0], { kind: 'rollback', toTimeMs: 0 });
    const delta = deltaEngineSql({ location: 's3://b/t', configuration: {} }, { kind: 'vacuum' });
    const paimon = paimonEngineSql({ location: 's3://b/wh/shop.db/orders', options: {}, primaryKey: true }, { kind: 'compact', strategy: 'full' });
    const names = [ice, delta, paimon].map((s) => s!.engine);
    expect(names).toEqual(['Spark SQL with the Iceberg runtime', 'Spark SQL with Delta Lake', 'Spark SQL with Paimon']);
    expect([ice, delta, paimon].map((s) => errorText(s!.engineMessage!))).toEqual(names);
    expect([ice, delta, paimon].map((s) => errorText(s!.engineMessage!, zh))).toEqual(['启用 Iceberg 运行时的 Spark SQL', '启用 Delta Lake 的 Spark SQL', '启用 Paimon 的 Spark SQL']);
  });
});

describe('engine SQL pieces', () => {
  it('reads db and table from warehouse-style locations', () => {
    expect(tableNameFromLocation('s3://bucket/warehouse/sales.db/orders/')).toEqual({ database: 'sales', table: 'orders' });
    expect(tableNameFromLocation('s3://bucket/wh/sales/orders')).toEqual({ database: 'sales', table: 'orders' });
    expect(tableNameFromLocation('file:///orders')).toEqual({ database: 'default', table: 'orders' });
    expect(partitionPairs('a=1/b=x=y')).toEqual([{ name: 'a', value: '1' }, { name: 'b', value: 'x=y' }]);
  });

  it('Delta OPTIMIZE narrows to the named partitions (quoted), several as an OR', () => {
    const sql = deltaEngineSql({ location: 's3://b/t/', configuration: { 'delta.targetFileSize': '1000' } }, {
      kind: 'compact', partitions: [{ partition: "day=2024-01-01/region=o'hare" }, { partition: 'day=2024-01-02/region=x' }],
    });
    expect(sql?.statements).toEqual([
      'SET spark.databricks.delta.optimize.maxFileSize = 1000;',
      "OPTIMIZE delta.`s3://b/t` WHERE (`day` = '2024-01-01' AND `region` = 'o\\'hare') OR (`day` = '2024-01-02' AND `region` = 'x');",
    ]);
    expect(deltaEngineSql({ location: 's3://b/t', configuration: {} }, { kind: 'rollback', snapshotId: '4' })?.statements).toEqual(['RESTORE TABLE delta.`s3://b/t` TO VERSION AS OF 4;']);
    expect(deltaEngineSql({ location: 's3://b/t', configuration: {} }, { kind: 'vacuum', retentionHours: 200 })?.statements).toEqual(['VACUUM delta.`s3://b/t` RETAIN 200 HOURS;']);
  });

  it('Paimon sys.compact takes partitions as k=v,k=v;… and the table option target-file-size', () => {
    const sql = paimonEngineSql({ location: 's3://b/wh/shop.db/orders', options: { 'target-file-size': '64mb' }, primaryKey: true }, {
      kind: 'compact', strategy: 'full', partitions: [{ partition: 'dt=20240101/hh=08' }, { partition: 'dt=20240102/hh=09' }],
    });
    expect(sql?.statements).toEqual([`CALL sys.compact(table => 'shop.orders', partitions => 'dt=20240101,hh=08;dt=20240102,hh=09', compact_strategy => 'full', options => 'target-file-size=${64 * 1024 * 1024}');`]);
    expect(paimonEngineSql({ location: 's3://b/wh/shop.db/orders', options: {}, primaryKey: false }, { kind: 'expire', retainLast: 3 })?.statements)
      .toEqual(["CALL sys.expire_snapshots(table => 'shop.orders', retain_min => 3);"]);
  });
});
