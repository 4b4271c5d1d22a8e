/**
 * Issue 20: whatever file of a table is truncated or overwritten with garbage, the error a person meets opening
 * and reading it carries its catalog message — English exactly as its message (what the CLI prints), and Chinese
 * in zh-CN — rather than reaching a zh-CN reader in English marked "not translated". Every file of one or two
 * fixtures of each format is damaged in turn (a memory copy), then the table is opened, its versions listed and
 * the two newest planned and read. Binary files are also damaged byte by byte where their structure says (Roaring
 * bitmaps of deletion vectors behind their CRC, Avro manifests' header, schema and sync marker), and the error must
 * name the file and carry the catalog key of the cause.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../testing/fixtures.ts';
import { memoryCopy } from '../../testing/iceberg-writer-fixtures.ts';
import { isLakeError, type LakeError } from '../errors.ts';
import { errorText, type ErrorRef } from '../messages/message-parts.ts';
import { zh } from '../messages/zh.ts';
import { crc32 } from '../util/bytes.ts';
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

/**
 * Byte-level damage (issue 20, binary files): a copy of the file with `bytes` written (or XORed in, `xor`) where `at`
 * says — a byte offset (negative: from the end), or the first (`last`: the last) occurrence of a byte pattern (a
 * string's UTF-8 or bytes) plus `skip` — refusing an edit that
 * finds nothing or runs past the end, so a case can never pass by damaging nothing. `crc`, when given, recomputes
 * a CRC-32 the format keeps over a range (a Delta deletion vector's `[size][bitmap][crc]` record) so that the
 * damage reaches the parser behind the checksum instead of stopping at it.
 */
interface ByteEdit {
  readonly at: number | { readonly find: string | readonly number[]; readonly skip?: number; readonly last?: boolean };
  readonly bytes: readonly number[];
  readonly xor?: boolean;
  readonly crc?: (b: Uint8Array) => { readonly from: number; readonly to: number; readonly at: number };
}

function indexOfBytes(b: Uint8Array, pattern: readonly number[], last = false): number {
  const starts = [...Array(b.length - pattern.length + 1).keys()];
  const hit = (i: number) => pattern.every((x, j) => b[i + j] === x);
  return last ? starts.reverse().find(hit) ?? -1 : starts.find(hit) ?? -1;
}

function patchBytes(edit: ByteEdit): (b: Uint8Array) => Uint8Array {
  return (b) => {
    const out = b.slice();
    const at = typeof edit.at === 'number' ? (edit.at < 0 ? b.length + edit.at : edit.at) : (() => {
      const pattern = typeof edit.at.find === 'string' ? [...new TextEncoder().encode(edit.at.find)] : edit.at.find;
      const i = indexOfBytes(b, pattern, edit.at.last);
      if (i < 0) throw new Error(`byte edit: ${JSON.stringify(edit.at.find)} not found`);
      return i + (edit.at.skip ?? 0);
    })();
    if (at < 0 || edit.bytes.length === 0 || at + edit.bytes.length > b.length) throw new Error(`byte edit: ${edit.bytes.length} bytes at ${at} of ${b.length}`);
    out.set(edit.xor ? edit.bytes.map((x, i) => x ^ b[at + i]!) : edit.bytes, at);
    if (edit.crc) {
      const { from, to, at: crcAt } = edit.crc(out);
      new DataView(out.buffer, out.byteOffset).setUint32(crcAt, crc32(out.subarray(from, to)));
    }
    return out;
  };
}

/**
 * Paimon's deletion-vector index file (paimon-core `DeletionVectorsIndexFile`): version byte 1, then per vector
 * `[length (BE)][magic (BE) + 32-bit portable Roaring][CRC-32 (BE) of magic + bitmap]`. `edit` applies to every
 * vector's Roaring bitmap (offsets from its start), each CRC recomputed so the damage reaches the bitmap parser.
 */
function eachPaimonBitmap(edit: ByteEdit): (b: Uint8Array) => Uint8Array {
  return (b) => {
    const out = b.slice();
    const view = new DataView(out.buffer, out.byteOffset);
    let vectors = 0;
    for (let p = 1; p + 8 <= out.length; vectors++) {
      const size = view.getUint32(p);
      out.set(patchBytes(edit)(out.subarray(p + 8, p + 4 + size)), p + 8);
      view.setUint32(p + 4 + size, crc32(out.subarray(p + 4, p + 4 + size)));
      p += 8 + size;
    }
    return vectors ? out : b;
  };
}

/** The table's files under `folder` whose names end with `suffix` (every manifest, so none is left readable). */
const filesOf = (fixture: string, folder: string, suffix: string): string[] =>
  FIXTURES_PRESENT ? readdirSync(join(FIXTURES_DIR, fixture, folder)).filter((n) => n.endsWith(suffix)).sort().map((n) => `${folder}/${n}`) : [];

/** Delta's deletion vector file: version byte, then `[size (BE)][bitmap][CRC-32 (BE) of the bitmap]` (protocol "Deletion Vector Format"). */
const DV_FILE = 'deletion_vector_61d16c75-6994-46b7-a15b-8b538852e50e.bin';
const dvCrc = (b: Uint8Array) => { const size = new DataView(b.buffer, b.byteOffset).getUint32(1); return { from: 5, to: 5 + size, at: 5 + size }; };
/** The bitmap after its 4-byte magic: 64-bit portable Roaring (bucket count, then per bucket a key and a 32-bit Roaring). */
const ROARING_COOKIE = [0x3a, 0x30, 0x00, 0x00]; // 12346, SERIAL_COOKIE_NO_RUNCONTAINER (Roaring format spec)
const MANIFESTS = filesOf('iceberg/v2_spark_position_deletes', 'metadata', '.avro').filter((k) => !k.includes('/snap-'));
const MANIFEST_LISTS = filesOf('iceberg/v2_spark_position_deletes', 'metadata', '.avro').filter((k) => k.includes('/snap-'));

/**
 * [fixture, format, files damaged alike, byte edit, the catalog key that says the cause (itself or quoted inside
 * the error)]. The message must name the damaged file (one of them, when several are damaged alike).
 */
const BYTE_EDITS: readonly [string, TableFormatName, readonly string[], ByteEdit | ((b: Uint8Array) => Uint8Array), string][] = [
  // Roaring bitmaps of a deletion vector: the checksum first, then (checksum recomputed) the bitmap's own structure.
  ['delta/table-with-dv-small', 'delta', [DV_FILE], { at: { find: ROARING_COOKIE, skip: 4 }, bytes: [0x02] }, 'error.delta.dv.crc'],
  ['delta/table-with-dv-small', 'delta', [DV_FILE], { at: 5, bytes: [0, 0, 0, 0], crc: dvCrc }, 'error.delta.dv.magic'],
  ['delta/table-with-dv-small', 'delta', [DV_FILE], { at: { find: ROARING_COOKIE }, bytes: [0x39, 0x30], crc: dvCrc }, 'error.roaring.cookie'],
  ['delta/table-with-dv-small', 'delta', [DV_FILE], { at: 9, bytes: [0xff, 0xff, 0xff, 0x7f], crc: dvCrc }, 'error.roaring.count'],
  // The array container's two positions (0, 9) swapped: no longer strictly ascending.
  ['delta/table-with-dv-small', 'delta', [DV_FILE], { at: { find: [0x00, 0x00, 0x09, 0x00], last: true }, bytes: [0x09, 0x00, 0x00, 0x00], crc: dvCrc }, 'error.roaring.arrayOrder'],
  // Paimon's 32-bit Roaring bitmaps (every vector of every index file): the cookie made 12345, a count of 2^31 containers.
  ['paimon/pk_dv_partitioned_pk_09', 'paimon', filesOf('paimon/pk_dv_partitioned_pk_09', 'index', ''), eachPaimonBitmap({ at: 0, bytes: [0x39, 0x30] }), 'error.roaring.cookie'],
  ['paimon/pk_dv_partitioned_pk_09', 'paimon', filesOf('paimon/pk_dv_partitioned_pk_09', 'index', ''), eachPaimonBitmap({ at: 4, bytes: [0, 0, 0, 0x80] }), 'error.roaring.containers'],
  // Avro container files: Iceberg manifests and manifest lists (Avro spec "Object Container Files").
  ['iceberg/v2_spark_position_deletes', 'iceberg', MANIFEST_LISTS, { at: 3, bytes: [0x02] }, 'error.avro.badMagic'],
  // The writer schema's record type renamed ("recxrd"), and the avro.schema key renamed so the header has none.
  ['iceberg/v2_spark_position_deletes', 'iceberg', MANIFESTS, { at: { find: '"record"', skip: 4 }, bytes: [0x78] }, 'error.avro.schema.unknownType'],
  ['iceberg/v2_spark_position_deletes', 'iceberg', MANIFESTS, { at: { find: 'avro.schema', skip: 10 }, bytes: [0x78] }, 'error.avro.noSchema'],
  // The length of the first header key made negative (zigzag 0x61 = -49): a bytes value cannot be read.
  ['iceberg/v2_spark_position_deletes', 'iceberg', MANIFESTS, { at: { find: 'avro.schema', skip: -1 }, bytes: [0x61] }, 'error.avro.negative'],
  // The sync marker closing the last block (the file's last 16 bytes) differs from the header's.
  ['iceberg/v2_spark_position_deletes', 'iceberg', MANIFESTS, { at: -1, bytes: [0xff], xor: true }, 'error.avro.syncMismatch'],
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

  for (const [fixture, format, files, edit, want] of BYTE_EDITS) {
    it(`${fixture}: ${files.length > 1 ? `${files.length} files` : files[0]} damaged byte by byte fails with ${want}, naming the file, in Chinese`, async () => {
      installNodeParquetWasm();
      const e = await firstError(fixture, format, files, typeof edit === 'function' ? edit : patchBytes(edit));
      expect(isLakeError(e), String(e)).toBe(true);
      const le = e as LakeError;
      expect(le.ref, le.message).toBeDefined();
      expect(keysOf(le.ref!), le.message).toContain(want);
      expect(errorText(le.ref!)).toBe(le.message);
      // The file is named in both languages (which one of several damaged files the reader met first may vary).
      const name = (f: string) => f.slice(f.lastIndexOf('/') + 1);
      expect(files.some((f) => le.message.includes(name(f))), le.message).toBe(true);
      expect(files.some((f) => errorText(le.ref!, zh).includes(name(f)))).toBe(true);
      expect(errorText(le.ref!, zh)).toMatch(/[\u4e00-\u9fff]/);
    }, 60_000);
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
