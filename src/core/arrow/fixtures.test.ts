/**
 * The canonical row form and the Arrow helpers against real engine-written data: tables whose
 * current version has no deletes read as the union of their live data files must equal the expected
 * rows exactly (columns mapped by Parquet field id for Iceberg, as a renamed column requires).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Field, type RecordBatch } from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures, latestIcebergMetadata } from '../../testing/fixtures.ts';
import { readAvroFile } from '../codecs/avro/index.ts';
import { PARQUET_FIELD_ID_KEY, readParquetTable } from '../codecs/parquet/index.ts';
import { parseJson } from '../util/json.ts';
import { canonicalRows, sortCanonicalRows } from './canonical.ts';
import { batchFromColumns, concatBatches, constantData, nullData, renameColumns, selectColumns } from './columns.ts';
import { dropPositions, filterRows, takeRows } from './take.ts';

if (!FIXTURES_PRESENT) console.warn(`arrow fixtures test skipped: ${FIXTURES_SKIP_REASON}`);
beforeAll(() => installNodeParquetWasm());

type Rec = Record<string, unknown>;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

const latestMetadata = (root: string): Rec => latestIcebergMetadata(root);

/** Renames a file batch's top-level columns to the table schema's names by field id, in schema order. */
function byFieldId(batch: RecordBatch, schema: { id: number; name: string }[]): RecordBatch {
  const ids = batch.schema.fields.map((f) => Number(f.metadata.get(PARQUET_FIELD_ID_KEY)));
  const present = schema.filter((c) => ids.includes(c.id));
  const picked = selectColumns(batch, present.map((c) => batch.schema.fields[ids.indexOf(c.id)]!.name));
  return renameColumns(picked, present.map((c) => c.name));
}

describe.skipIf(!FIXTURES_PRESENT)('canonical rows of Iceberg tables without deletes', () => {
  for (const fx of listFixtures('iceberg')) {
    const meta = latestMetadata(fx.root);
    const current = (meta.snapshots as Rec[] | undefined)?.find((s) => s['snapshot-id'] === meta['current-snapshot-id']);
    const summary = current?.summary as Record<string, string> | undefined;
    if (!current || Number(summary?.['total-delete-files'] ?? 0) > 0) continue;
    it(fx.name, async () => {
      const location = meta.location as string;
      const local = (p: string) => join(fx.root, p.slice(location.length));
      // v1 metadata may only have `schema`; v2+ has `schemas` + `current-schema-id`.
      const currentSchema = (meta.schemas as Rec[] | undefined)?.find((s) => s['schema-id'] === meta['current-schema-id']) ?? meta.schema as Rec;
      const schema = (currentSchema.fields as Rec[])
        .map((f) => ({ id: f.id as number, name: f.name as string }));
      const list = readAvroFile(readFileSync(local(current['manifest-list'] as string)));
      const batches: RecordBatch[] = [];
      for (const m of list.records as Rec[]) {
        for (const e of readAvroFile(readFileSync(local(m.manifest_path as string))).records as Rec[]) {
          if (e.status === 2) continue;
          const path = (e.data_file as Rec).file_path as string;
          for (const b of await readParquetTable(new Uint8Array(readFileSync(local(path))), { name: path })) batches.push(byFieldId(b, schema));
        }
      }
      const table = concatBatches(batches);
      const rows = sortCanonicalRows(canonicalRows(table, { columns: fx.expected.columns }));
      const expected = fx.expected.versions.find((v) => v.id === fx.expected.current)!;
      expect(rows).toHaveLength(expected.rowCount);
      expect(rows).toEqual(expected.rows);
    });
  }
});

describe.skipIf(!FIXTURES_PRESENT)('canonical rows of paimon/append_complex_data (INT96 before 1970, decimals, binary)', () => {
  it('current snapshot = the live files of its manifests', async () => {
    const fx = listFixtures('paimon').find((f) => f.name === 'paimon/append_complex_data')!;
    const snap = parseJson(readFileSync(join(fx.root, 'snapshot', `snapshot-${fx.expected.current}`), 'utf8')) as Rec;
    const live = new Map<string, number>();
    for (const key of ['baseManifestList', 'deltaManifestList']) {
      for (const m of readAvroFile(readFileSync(join(fx.root, 'manifest', snap[key] as string))).records as Rec[]) {
        for (const e of readAvroFile(readFileSync(join(fx.root, 'manifest', m._FILE_NAME as string))).records as Rec[]) {
          const name = (e._FILE as Rec)._FILE_NAME as string;
          live.set(name, (live.get(name) ?? 0) + (e._KIND === 0 ? 1 : -1));
        }
      }
    }
    const files = walk(fx.root).filter((p) => (live.get(p.split('/').at(-1)!) ?? 0) > 0);
    expect(files.length).toBeGreaterThan(0);
    const batches: RecordBatch[] = [];
    for (const p of files) batches.push(...await readParquetTable(new Uint8Array(readFileSync(p)), { name: p }));
    const rows = sortCanonicalRows(canonicalRows(batches, { columns: fx.expected.columns }));
    expect(rows).toEqual(fx.expected.versions.find((v) => v.id === fx.expected.current)!.rows);
  });
});

describe.skipIf(!FIXTURES_PRESENT)('take / filter / null and constant columns on every fixture column type', () => {
  it('reversing rows with take reverses the canonical rows, for every batch of every fixture file', async () => {
    // The Parquet files of the 22 engine-written tables (the four format folders; the larger sets beside
    // them — delta-golden, hudi-more — are read by their formats' own tests).
    const files = ['iceberg', 'delta', 'paimon', 'hudi'].flatMap((f) => walk(join(FIXTURES_DIR, f))).filter((f) => f.endsWith('.parquet'));
    let checked = 0;
    for (const path of files) {
      for (const b of await readParquetTable(new Uint8Array(readFileSync(path)), { name: path })) {
        const rows = canonicalRows(b);
        const reversed = Int32Array.from({ length: b.numRows }, (_, i) => b.numRows - 1 - i);
        expect(canonicalRows(takeRows(b, reversed)), path).toEqual([...rows].reverse());
        const odd = filterRows(b, Array.from({ length: b.numRows }, (_, i) => i % 2 === 1));
        expect(canonicalRows(odd), path).toEqual(rows.filter((_, i) => i % 2 === 1));
        // A column of nulls of each field's type, and the batch built from them.
        const nulls = batchFromColumns(b.schema.fields, b.schema.fields.map((f) => nullData(f.type, 3)), 3);
        expect(canonicalRows(nulls)).toEqual(Array.from({ length: 3 }, () => Object.fromEntries(b.schema.fields.map((f) => [f.name, null]))));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('dropPositions removes the positions of a deletion set relative to the batch start', async () => {
    const fx = listFixtures('iceberg').find((f) => f.name === 'iceberg/v1_spark_partitioned_hour_identity')!;
    const path = walk(fx.root).find((p) => p.endsWith('.parquet'))!;
    const [b] = await readParquetTable(new Uint8Array(readFileSync(path)));
    const rows = canonicalRows(b!);
    const kept = dropPositions(b!, new Set([100, 100 + rows.length - 1]), 100);
    expect(canonicalRows(kept)).toEqual(rows.slice(0, -1).slice(1));
    expect(dropPositions(b!, new Set<number>(), 0)).toBe(b);
  });

  it('constant columns repeat a stored value of the column type', async () => {
    const fx = listFixtures('paimon').find((f) => f.name === 'paimon/append_complex_data')!;
    const path = walk(fx.root).find((p) => p.endsWith('.parquet'))!;
    const [b] = await readParquetTable(new Uint8Array(readFileSync(path)));
    const rows = canonicalRows(b!);
    // Rebuild each scalar column as a constant of row 0's stored value and compare its canonical form.
    for (const [k, f] of b!.schema.fields.entries()) {
      const d = b!.data.children[k]!;
      if (!d.getValid(0) || f.type.children?.length) continue;
      const stored = rawValue(d);
      const c = batchFromColumns([new Field(f.name, f.type)], [constantData(f.type, stored, 4)], 4);
      expect(canonicalRows(c).map((r) => r[f.name]), f.name).toEqual(Array(4).fill(rows[0]![f.name]));
    }
  });
});

/** Row 0's stored representation in the form constantData takes. */
function rawValue(d: RecordBatch['data']['children'][number]): unknown {
  const type = String(d.type);
  const v = d.values as unknown as ArrayLike<unknown> & Uint8Array;
  if (type.startsWith('Decimal')) {
    let x = 0n;
    for (let w = 3; w >= 0; w--) x = (x << 32n) | BigInt((d.values as Uint32Array)[w]!);
    return BigInt.asIntN(128, x);
  }
  if (type === 'Utf8' || type === 'LargeUtf8' || type === 'Binary' || type === 'LargeBinary') {
    const o = d.valueOffsets as Int32Array;
    return v.subarray(Number(o[0]), Number(o[1]));
  }
  if (type === 'Bool') return (v[d.offset >> 3]! & (1 << (d.offset & 7))) !== 0;
  return v[0];
}
