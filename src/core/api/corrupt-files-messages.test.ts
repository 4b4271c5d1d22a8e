/**
 * Issue 20: whatever file of a table is truncated or overwritten with garbage, the error a person meets opening
 * and reading it carries its catalog message — English exactly as its message (what the CLI prints), and Chinese
 * in zh-CN — rather than reaching a zh-CN reader in English marked "not translated". Every file of one or two
 * fixtures of each format is damaged in turn (a memory copy), then the table is opened, its versions listed and
 * the two newest planned and read.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../testing/fixtures.ts';
import { memoryCopy } from '../../testing/iceberg-writer-fixtures.ts';
import { isLakeError, type LakeError } from '../errors.ts';
import { errorText } from '../messages/message-parts.ts';
import { zh } from '../messages/zh.ts';
import { openTable } from './open-table.ts';
import { planScan } from './plan-scan.ts';
import { readTasks } from './read-tasks.ts';
import type { TableFormatName } from './dto.ts';

const CASES: readonly [string, TableFormatName][] = [
  ['iceberg/v2_spark_position_deletes', 'iceberg'], ['paimon/pk_dv_partitioned_pk_09', 'paimon'], ['paimon/append_complex_data', 'paimon'],
  ['delta/checkpoint-v2-table', 'delta'], ['delta/table-with-dv-small', 'delta'], ['hudi/cow_v6_nonpartitioned', 'hudi'], ['hudi/mor_v6_trips_8i1u_avro_log', 'hudi'],
];

async function firstError(fixture: string, format: TableFormatName, key: string, damage: (b: Uint8Array) => Uint8Array): Promise<unknown> {
  const storage = await memoryCopy(join(FIXTURES_DIR, fixture));
  await storage.write(key, damage(await storage.read(key)));
  try {
    const table = await openTable(storage, '', format);
    for (const v of (await table.versions()).slice(-2)) {
      for await (const read of readTasks(table, await planScan(table, { version: v.id }))) void read;
    }
  } catch (e) {
    return e;
  }
  return undefined;
}

describe.skipIf(!FIXTURES_PRESENT)(`a damaged file of a table is explained in the reader's language ${FIXTURES_PRESENT ? '' : FIXTURES_SKIP_REASON}`, () => {
  for (const [fixture, format] of CASES) {
    it(`${fixture}: every file truncated to half, or overwritten with garbage`, async () => {
      installNodeParquetWasm();
      const keys = (await (await memoryCopy(join(FIXTURES_DIR, fixture))).list({ prefix: '' })).objects.map((o) => o.key);
      const without: string[] = [];
      let errors = 0;
      for (const key of keys) {
        for (const [mode, damage] of [['half', (b: Uint8Array) => b.subarray(0, Math.floor(b.length / 2))], ['garbage', (b: Uint8Array) => new Uint8Array(b.length).fill(0x41)]] as const) {
          const e = await firstError(fixture, format, key, damage);
          if (e === undefined) continue;
          errors++;
          expect(isLakeError(e), `${key} ${mode}: ${String(e)}`).toBe(true);
          const le = e as LakeError;
          if (!le.ref) { without.push(`${key} ${mode}: ${le.message}`); continue; }
          expect(errorText(le.ref), `${key} ${mode}`).toBe(le.message);
          expect(errorText(le.ref, zh), `${key} ${mode}`).toMatch(/[\u4e00-\u9fff]/);
        }
      }
      expect(errors).toBeGreaterThan(0);
      expect(without).toEqual([]);
    }, 120_000);
  }
});
