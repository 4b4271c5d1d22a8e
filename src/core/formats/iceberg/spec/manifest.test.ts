import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AvroPairMap, readAvroFile } from '../../../codecs/avro/index.ts';
import { isLakeError } from '../../../errors.ts';
import { parseJson } from '../../../util/json.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { MANIFEST_LAZY_FIELDS, parseManifest, type DataFile } from './manifest.ts';
import { parseManifestList } from './manifest-list.ts';
import { readManifestEntries } from './manifest-reader.ts';
import { ENCODED_METRICS, EncodedMetricsDataFile, plainDataFile } from './manifest-metrics.ts';
import { partitionType } from './partition-spec.ts';
import { currentSchema, findSpec, parseTableMetadata } from './table-metadata.ts';

const fixtures = listFixtures('iceberg');
const local = (root: string, location: string, path: string) => join(root, path.slice(path.indexOf(location.replace(/^[a-z0-9]+:\/\/[^/]*/, '')) + location.replace(/^[a-z0-9]+:\/\/[^/]*/, '').length));

function loadLatest(root: string) {
  const names = readdirSync(join(root, 'metadata')).filter((f) => f.endsWith('.metadata.json')).sort();
  return parseTableMetadata(parseJson(readFileSync(join(root, 'metadata', names[names.length - 1]), 'utf8')));
}

/** Every manifest of every snapshot of every Iceberg fixture, with its bytes and partition tuple type. */
function* fixtureManifests() {
  for (const fx of fixtures) {
    const meta = loadLatest(fx.root);
    const schema = currentSchema(meta);
    for (const snap of meta.snapshots) {
      const listPath = local(fx.root, meta.location, snap.manifestList!);
      for (const mf of parseManifestList(readAvroFile(readFileSync(listPath)), listPath)) {
        const path = local(fx.root, meta.location, mf.path);
        yield { mf, path, bytes: readFileSync(path), pfields: partitionType(findSpec(meta, mf.partitionSpecId)!, schema) };
      }
    }
  }
}

describe.skipIf(!FIXTURES_PRESENT)('manifest lists and manifests of the fixtures', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  for (const fx of fixtures) {
    it(`${fx.name}: every snapshot's manifests parse with inheritance applied`, () => {
      const meta = loadLatest(fx.root);
      const schema = currentSchema(meta);
      for (const snap of meta.snapshots) {
        const listPath = local(fx.root, meta.location, snap.manifestList!);
        const list = parseManifestList(readAvroFile(readFileSync(listPath)), listPath);
        expect(list.length).toBeGreaterThan(0);
        let live = 0n;
        for (const mf of list) {
          const spec = findSpec(meta, mf.partitionSpecId)!;
          const path = local(fx.root, meta.location, mf.path);
          const entries = parseManifest(readAvroFile(readFileSync(path)), mf, partitionType(spec, schema), path);
          for (const e of entries) {
            expect(e.snapshotId).toBeDefined();
            if (meta.formatVersion >= 2 && e.status === 'added') expect(e.sequenceNumber).toBe(mf.sequenceNumber);
            if (meta.formatVersion === 1) expect(e.sequenceNumber).toBe(0n);
            expect(e.dataFile.partition.length).toBe(spec.fields.length);
            if (e.status !== 'deleted' && e.dataFile.content === 'data') live += e.dataFile.recordCount;
          }
        }
        expect(String(live)).toBe(snap.summary['total-records']);
      }
    });
  }

  it('manifests read as scan planning reads them (straight from the encoding, or array records; lazy column metrics) parse exactly like eagerly decoded object records in every fixture manifest', () => {
    let compared = 0;
    let encoded = 0;
    for (const { mf, path, bytes, pfields } of fixtureManifests()) {
      const eager = parseManifest(readAvroFile(bytes), mf, pfields, path);
      const lazy = parseManifest(readAvroFile(bytes, { lazy: MANIFEST_LAZY_FIELDS, recordsAsArrays: true }), mf, pfields, path);
      // Planning's reader (issue 17): entries straight from the encoding, no record arrays.
      const direct = readManifestEntries(bytes, mf, pfields, path);
      expect(lazy.length).toBe(eager.length);
      expect(direct.length).toBe(eager.length);
      // Planning's reader keeps the metric maps as positions in the block (issue 17), made into maps when asked.
      encoded += direct.filter((e) => e.dataFile instanceof EncodedMetricsDataFile).length;
      [...lazy, ...direct].forEach((e, j) => {
        const i = j % eager.length;
        const plain = (f: DataFile) => Object.fromEntries(Object.entries(f).filter(([k]) => !(ENCODED_METRICS as readonly string[]).includes(k)));
        expect(plain(e.dataFile)).toEqual(plain(eager[i].dataFile));
        expect([e.status, e.snapshotId, e.sequenceNumber, e.fileSequenceNumber]).toEqual([eager[i].status, eager[i].snapshotId, eager[i].sequenceNumber, eager[i].fileSequenceNumber]);
        for (const m of ENCODED_METRICS) {
          const want = eager[i].dataFile[m];
          const got = e.dataFile[m];
          expect(got === undefined).toBe(want === undefined);
          if (want && got) {
            expect(got).toBeInstanceOf(AvroPairMap); // answered from the encoded bytes
            expect([...got.entries()]).toEqual([...want.entries()]);
            expect(got.size).toBe(want.size);
            for (const k of want.keys()) {
              expect(got.get(k)).toEqual(want.get(k));
              expect(got.has(k)).toBe(true);
            }
            expect(got.get(-7)).toBeUndefined();
            expect(got.has(-7)).toBe(false);
            compared++;
          }
        }
      });
    }
    expect(compared).toBeGreaterThan(100);
    expect(encoded).toBeGreaterThan(50);
  });

  it('a data file read by planning, made plain, keeps its metric maps through a spread (its getters do not)', () => {
    let checked = 0;
    for (const { mf, path, bytes, pfields } of fixtureManifests()) {
      for (const e of readManifestEntries(bytes, mf, pfields, path)) {
        if (!(e.dataFile instanceof EncodedMetricsDataFile) || e.dataFile.valueCounts === undefined) continue;
        for (const copy of [{ ...plainDataFile(e.dataFile) }, { ...plainDataFile(e.dataFile), firstRowId: undefined }]) {
          for (const m of ENCODED_METRICS) {
            const want = e.dataFile[m];
            expect(copy[m] === undefined).toBe(want === undefined);
            if (want) expect([...copy[m]!.entries()]).toEqual([...want.entries()]);
          }
          expect(copy.filePath).toBe(e.dataFile.filePath);
        }
        // The trap plainDataFile exists for: a spread of the class instance loses the maps.
        expect(({ ...e.dataFile } as DataFile).valueCounts).toBeUndefined();
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('reads v1 partition tuples by field id (hour + identity) and v1 lists without content', () => {
    const fx = fixtures.find((f) => f.name.includes('v1_spark'))!;
    const meta = loadLatest(fx.root);
    const listPath = local(fx.root, meta.location, meta.snapshots[0].manifestList!);
    const [mf] = parseManifestList(readAvroFile(readFileSync(listPath)), listPath);
    expect([mf.content, mf.sequenceNumber, mf.addedFilesCount, mf.addedRowsCount]).toEqual(['data', 0n, 20, 20n]);
    expect(mf.partitions?.[0].containsNull).toBe(false);
    const entries = parseManifest(readAvroFile(readFileSync(local(fx.root, meta.location, mf.path))), mf, partitionType(meta.partitionSpecs[0], currentSchema(meta)), mf.path);
    expect(entries[0].dataFile.partition).toEqual([438296, 'view']);
    expect(entries[0].dataFile.fileFormat).toBe('parquet');
    expect(entries[0].dataFile.lowerBounds?.get(1)).toEqual(new Uint8Array([1, 0, 0, 0]));
  });

  it('reads v3 deletion vectors and inherits first_row_id', () => {
    const fx = fixtures.find((f) => f.name.includes('v3_'))!;
    const meta = loadLatest(fx.root);
    const snap = meta.snapshots.find((s) => s.snapshotId === meta.currentSnapshotId)!;
    const listPath = local(fx.root, meta.location, snap.manifestList!);
    const list = parseManifestList(readAvroFile(readFileSync(listPath)), listPath);
    const read = (i: number) => parseManifest(readAvroFile(readFileSync(local(fx.root, meta.location, list[i].path))), list[i], [], list[i].path);
    expect(read(0).map((e) => e.dataFile.firstRowId)).toEqual([0n, 1n, 2n, 3n, 4n]);
    const dvs = read(1);
    expect(dvs.map((e) => [e.dataFile.content, e.dataFile.fileFormat, e.dataFile.contentOffset, e.dataFile.contentSizeInBytes, e.sequenceNumber])).toEqual([
      ['position-deletes', 'puffin', 4n, 42n, 2n], ['position-deletes', 'puffin', 46n, 42n, 2n],
    ]);
    expect(dvs[0].dataFile.referencedDataFile).toMatch(/00003-3-.*\.parquet$/);
    expect(dvs[0].dataFile.firstRowId).toBeUndefined();
  });

  it('reads equality delete files with their equality ids', () => {
    const fx = fixtures.find((f) => f.name.includes('v2_java'))!;
    const meta = loadLatest(fx.root);
    const snap = meta.snapshots.find((s) => s.snapshotId === meta.currentSnapshotId)!;
    const listPath = local(fx.root, meta.location, snap.manifestList!);
    const deletes = parseManifestList(readAvroFile(readFileSync(listPath)), listPath).filter((m) => m.content === 'deletes');
    const all = deletes.flatMap((mf) => parseManifest(readAvroFile(readFileSync(local(fx.root, meta.location, mf.path))), mf, [], mf.path));
    expect(all.filter((e) => e.dataFile.content === 'equality-deletes').map((e) => e.dataFile.equalityIds)).toEqual([[1]]);
  });

  it('rejects a manifest entry without a file path, naming file and entry', () => {
    const fx = fixtures.find((f) => f.name.includes('v1_spark'))!;
    const meta = loadLatest(fx.root);
    const listPath = local(fx.root, meta.location, meta.snapshots[0].manifestList!);
    const [mf] = parseManifestList(readAvroFile(readFileSync(listPath)), listPath);
    const avro = readAvroFile(readFileSync(local(fx.root, meta.location, mf.path)));
    const broken = { ...avro, records: avro.records.map((r, i) => (i === 3 ? { ...(r as object), data_file: { ...(r as { data_file: object }).data_file, file_path: null } } : r)) };
    let e: unknown;
    try { parseManifest(broken, mf, [], 'm0.avro'); } catch (x) { e = x; }
    expect(isLakeError(e, 'DataInvalid')).toBe(true);
    expect((e as Error).message).toBe('iceberg manifest: entry 3 has no file_path');
    expect((e as { context: object }).context).toEqual({ file: 'm0.avro', entry: 3 });
  });
});

describe.skipIf(!FIXTURES_PRESENT)('manifest entries share repeated values (fewer objects per entry)', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  it('equal partition tuples of one manifest are one frozen array', () => {
    let shared = 0;
    for (const fx of fixtures) {
      const meta = loadLatest(fx.root);
      const schema = currentSchema(meta);
      for (const snap of meta.snapshots) {
        const listPath = local(fx.root, meta.location, snap.manifestList!);
        for (const mf of parseManifestList(readAvroFile(readFileSync(listPath)), listPath)) {
          const path = local(fx.root, meta.location, mf.path);
          const entries = parseManifest(readAvroFile(readFileSync(path), { lazy: MANIFEST_LAZY_FIELDS, recordsAsArrays: true }), mf, partitionType(findSpec(meta, mf.partitionSpecId)!, schema), path);
          const byText = new Map<string, readonly unknown[]>();
          for (const e of entries) {
            const p = e.dataFile.partition;
            if (p.some((v) => v instanceof Uint8Array)) continue;
            const text = JSON.stringify(p, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
            const first = byText.get(text);
            if (first) { expect(p).toBe(first); shared++; } else byText.set(text, p);
            expect(Object.isFrozen(p)).toBe(true);
          }
        }
      }
    }
    expect(shared).toBeGreaterThan(0);
  });
});
