/**
 * Manifest lists, manifests, index manifests and deletion-vector files of the real fixtures (zstd
 * Avro written by Paimon Java 0.9 and 1.x), entry merging, and writing manifests back.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RoaringBitmap64 } from '../../../codecs/roaring.ts';
import { isLakeError } from '../../../errors.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT } from '../../../../testing/fixtures.ts';
import { decodeBinaryRow } from './binary-row.ts';
import { parseDeletionVectorAt, serializeDeletionVectorV1 } from './deletion-vector.ts';
import { parseIndexManifest } from './index-manifest.ts';
import { mergeEntries, parseManifest, withKind, writeManifest } from './manifest-entry.ts';
import { parseManifestList, writeManifestList } from './manifest-list.ts';
import { parseAtomicType } from './data-type.ts';

const PK09 = join(FIXTURES_DIR, 'paimon/pk_dv_partitioned_pk_09');
const EVOL = join(FIXTURES_DIR, 'paimon/pk_dv_schema_evolution_pk_table_with_alter_table');
const read = (root: string, key: string) => new Uint8Array(readFileSync(join(root, key)));

describe.skipIf(!FIXTURES_PRESENT)('paimon manifests on the fixtures', () => {
  it('reads a 0.9 manifest list (union-wrapped records) and its manifests', () => {
    const list = parseManifestList(read(PK09, 'manifest/manifest-list-c63559b0-8ebb-4bf9-8e0c-91062d5e7391-14'), 'x');
    expect(list.entries.map((m) => [m.fileName.slice(-1), Number(m.numAddedFiles), Number(m.numDeletedFiles)])).toEqual([
      ['0', 3, 0], ['1', 3, 3], ['2', 1, 0], ['3', 1, 1], ['4', 2, 0], ['5', 1, 2], ['6', 1, 0],
    ]);
    expect(decodeBinaryRow(list.entries[0]!.partitionStats.maxValues, [parseAtomicType('INT')])).toEqual([20]);
    const m = parseManifest(read(PK09, 'manifest/manifest-8cf79434-32e4-4029-bf8e-befe856d268f-7'), 'x');
    expect(m.entries[0]).toMatchObject({ kind: 'DELETE', bucket: 0, totalBuckets: 2 });
    expect(m.entries[0]!.file).toMatchObject({ fileName: 'data-2b672a79-68bb-447c-8f8d-b4764e29b391-0.parquet', level: 3, rowCount: 1n, fileSource: 'COMPACT', minSequenceNumber: 4n });
    expect(decodeBinaryRow(m.entries[0]!.file.minKey, [parseAtomicType('STRING'), parseAtomicType('INT')])).toEqual(['Alice', 1]);
  });

  it('reads a 1.x manifest list with bucket/level ranges and manifests with _VALUE_STATS_COLS', () => {
    const list = parseManifestList(read(EVOL, 'manifest/manifest-list-5f5aa36a-d599-48b6-bb99-f446ffdddda8-0'), 'x');
    expect(list.entries[1]).toMatchObject({ minBucket: 0, maxBucket: 0, minLevel: 0, maxLevel: 5 });
    const m = parseManifest(read(EVOL, 'manifest/manifest-d8522231-63c2-44d5-8788-d6df9d9ee74c-1'), 'x');
    expect(m.entries.map((e) => [e.kind, e.file.level, Number(e.file.deleteRowCount)])).toEqual([['DELETE', 0, 0], ['ADD', 4, 0], ['DELETE', 0, 2]]);
    expect(m.entries[0]!.file.valueStatsCols).toBeUndefined();
  });

  it('reads deletion vectors (v1, 32-bit roaring) at the ranges the index manifest gives', () => {
    const entries = parseIndexManifest(read(PK09, 'manifest/index-manifest-03e2700b-8409-499b-8c27-a09ccee9348c-0'), 'x');
    const e = entries.find((x) => x.fileName.endsWith('-0'))!;
    expect(e.deletionVectors.map((r) => [r.dataFileName.slice(-10), r.offset, r.length])).toEqual([['-1.parquet', 1, 22], ['-0.parquet', 31, 22]]);
    const file = read(PK09, `index/${e.fileName}`);
    expect(e.deletionVectors.map((r) => parseDeletionVectorAt(file, r).toArray())).toEqual([[0], [0]]);
    const withCardinality = parseIndexManifest(read(EVOL, 'manifest/index-manifest-1dcd4aef-902a-4c73-9bf0-bcf30e88a160-0'), 'x');
    for (const ie of withCardinality) {
      const bytes = read(EVOL, `index/${ie.fileName}`);
      for (const r of ie.deletionVectors) expect(BigInt(parseDeletionVectorAt(bytes, r).size)).toBe(r.cardinality);
    }
  });

  it('round-trips a v1 deletion vector and rejects corrupt ones', () => {
    const dv = serializeDeletionVectorV1(RoaringBitmap64.from([3, 70000, 5]));
    const file = new Uint8Array([1, ...dv]);
    const range = { dataFileName: 'd', offset: 1, length: dv.length - 8 };
    expect(parseDeletionVectorAt(file, range).toArray()).toEqual([3, 5, 70000]);
    expect(() => parseDeletionVectorAt(file, { ...range, length: 3 })).toThrow(/does not match the index manifest/);
    const bad = file.slice();
    bad[bad.length - 2]! ^= 1;
    expect(() => parseDeletionVectorAt(bad, range, 'index/i')).toThrow(/^paimon deletion-vector: vector CRC mismatch/);
    expect(() => parseDeletionVectorAt(new Uint8Array([2, ...dv]), range)).toThrow(/unknown index file version 2/);
  });

  it('merges entries like FileEntry.mergeEntries and refuses a double ADD', () => {
    const m = parseManifest(read(PK09, 'manifest/manifest-8cf79434-32e4-4029-bf8e-befe856d268f-0'), 'x');
    const add = m.entries[0]!;
    const del = { ...add, kind: 'DELETE' as const };
    expect([...mergeEntries([add, del]).values()]).toEqual([]);
    expect([...mergeEntries([del]).values()]).toEqual([del]);
    try {
      mergeEntries([add, add], { file: 'manifest/list' });
      expect.unreachable();
    } catch (e) {
      expect(isLakeError(e, 'DataInvalid')).toBe(true);
      expect((e as { context: Record<string, unknown> }).context).toMatchObject({ file: 'manifest/list', dataFile: add.file.fileName });
    }
  });

  it('writes manifests and manifest lists that read back identically (same writer schema)', () => {
    const m = parseManifest(read(PK09, 'manifest/manifest-8cf79434-32e4-4029-bf8e-befe856d268f-7'), 'x');
    const again = parseManifest(writeManifest(m.schemaText, m.entries.map((e) => withKind(e, e.kind === 'ADD' ? 'DELETE' : 'ADD'))), 'y');
    expect(again.entries.map((e) => e.kind)).toEqual(m.entries.map((e) => (e.kind === 'ADD' ? 'DELETE' : 'ADD')));
    expect(again.entries.map((e) => e.file)).toEqual(m.entries.map((e) => e.file));
    const list = parseManifestList(read(PK09, 'manifest/manifest-list-c63559b0-8ebb-4bf9-8e0c-91062d5e7391-14'), 'x');
    expect(parseManifestList(writeManifestList(list.schemaText, list.entries.map((x) => x.raw)), 'y').entries.map((x) => x.raw))
      .toEqual(list.entries.map((x) => x.raw));
  });
});
