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
import { errorText, type ErrorRef } from '../messages/message-parts.ts';
import { zh } from '../messages/zh.ts';
import { openTable } from './open-table.ts';
import { planScan } from './plan-scan.ts';
import { readTasks } from './read-tasks.ts';
import type { TableFormatName } from './dto.ts';

const CASES: readonly [string, TableFormatName][] = [
  ['iceberg/v2_spark_position_deletes', 'iceberg'], ['paimon/pk_dv_partitioned_pk_09', 'paimon'], ['paimon/append_complex_data', 'paimon'],
  ['delta/checkpoint-v2-table', 'delta'], ['delta/table-with-dv-small', 'delta'], ['hudi/cow_v6_nonpartitioned', 'hudi'], ['hudi/mor_v6_trips_8i1u_avro_log', 'hudi'],
];

/**
 * Damage that keeps a file well-formed but makes it say something a reader refuses or cannot use (a field of the
 * wrong kind, a feature this reader lacks, a checksum that does not match): [fixture, format, file, edit of its
 * text, a catalog key the error must carry (itself or quoted inside it)].
 */
const ICEBERG_METADATA = [1, 2, 3, 4, 5].map((v) => `metadata/v${v}.metadata.json`);
const json = (edit: (o: Record<string, any>) => void) => (text: string): string => { const o = JSON.parse(text); edit(o); return JSON.stringify(o); };
const lines = (edit: (o: Record<string, any>) => void) => (text: string): string => text.split('\n').map((l) => (l.trim() ? json(edit)(l) : l)).join('\n');
const EDITS: readonly [string, TableFormatName, string | readonly string[], (text: string) => string, string][] = [
  ['delta/table-with-dv-small', 'delta', '_delta_log/00000000000000000000.json', lines((o) => { if (o.protocol) o.protocol.readerFeatures.push('variantType'); }), 'error.delta.reason.variant'],
  ['delta/table-with-dv-small', 'delta', '_delta_log/00000000000000000001.json',
    lines((o) => { if (o.add?.deletionVector) o.add.deletionVector.pathOrInlineDv = `${o.add.deletionVector.pathOrInlineDv.slice(0, -1)}~`; }), 'error.delta.dvNotZ85'],
  ['delta/table-with-dv-small', 'delta', '_delta_log/00000000000000000000.json',
    lines((o) => { if (o.metaData) o.metaData.schemaString = JSON.stringify({ ...JSON.parse(o.metaData.schemaString), type: 'array' }); }), 'error.delta.schema.notStructIn'],
  // Every metadata file, or opening falls back to the newest readable one.
  ['iceberg/v2_spark_position_deletes', 'iceberg', ICEBERG_METADATA, json((o) => { o['current-snapshot-id'] = 42; }), 'error.iceberg.json.currentSnapshot'],
  ['iceberg/v2_spark_position_deletes', 'iceberg', ICEBERG_METADATA, json((o) => { o.schemas[0].fields[0].type = 'int128'; }), 'error.iceberg.json.unknownType'],
  ['hudi/cow_v6_nonpartitioned', 'hudi', '.hoodie/hoodie.properties', (t) => t.replace(/hoodie\.table\.checksum=\d+/, 'hoodie.table.checksum=1'), 'error.hudi.props.checksum'],
  ['paimon/pk_dv_partitioned_pk_09', 'paimon', 'schema/schema-0', json((o) => { o.fields[o.fields.length - 1].type = 'FOO'; }), 'error.paimon.type.unknown'],
];

/** Every catalog key a reference carries, its own and those of the references it quotes. */
function keysOf(ref: ErrorRef): string[] {
  return [ref.key, ...Object.values(ref.params ?? {}).flatMap((v) => (typeof v === 'object' && v !== null && 'key' in v ? keysOf(v as ErrorRef) : []))];
}

async function firstError(fixture: string, format: TableFormatName, key: string | readonly string[], damage: (b: Uint8Array) => Uint8Array): Promise<unknown> {
  const storage = await memoryCopy(join(FIXTURES_DIR, fixture));
  for (const k of typeof key === 'string' ? [key] : key) await storage.write(k, damage(await storage.read(k)));
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

  for (const [fixture, format, key, edit, want] of EDITS) {
    it(`${fixture}: ${String(key)} edited to fail with ${want} names it in Chinese`, async () => {
      installNodeParquetWasm();
      const e = await firstError(fixture, format, key, (b) => new TextEncoder().encode(edit(new TextDecoder().decode(b))));
      expect(isLakeError(e), String(e)).toBe(true);
      const le = e as LakeError;
      expect(le.ref, le.message).toBeDefined();
      expect(keysOf(le.ref!), le.message).toContain(want);
      expect(errorText(le.ref!)).toBe(le.message);
      expect(errorText(le.ref!, zh)).toMatch(/[\u4e00-\u9fff]/);
    }, 60_000);
  }
});
