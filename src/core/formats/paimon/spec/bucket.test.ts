/**
 * Paimon's bucket function against the fixtures: every row of every data file of every fixture with
 * fixed buckets is hashed with our function and must land in the `bucket-N` folder Paimon put it in.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Value } from '../../../expr/index.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../../testing/fixtures.ts';
import { readDataFile } from '../scan/data-file.ts';
import { bucketKeyFields, bucketOf, hashBytesByWords } from './bucket.ts';
import { encodeBinaryRow } from './binary-row.ts';
import { parseDataType, type DataType } from './data-type.ts';
import { parseManifest } from './manifest-entry.ts';
import { parseTableSchema, type TableSchema } from './schema.ts';

const ROOT = join(FIXTURES_DIR, 'paimon');
beforeAll(() => installNodeParquetWasm());
if (!FIXTURES_PRESENT) console.warn(FIXTURES_SKIP_REASON);

/** Every data file under a `bucket-N` folder: its key, bucket folder number and size. */
function dataFiles(table: string): { key: string; name: string; folderBucket: number; size: number }[] {
  const out: { key: string; name: string; folderBucket: number; size: number }[] = [];
  const walk = (dir: string, bucket: number | undefined): void => {
    for (const e of readdirSync(dir)) {
      const p = join(dir, e);
      if (statSync(p).isDirectory()) {
        const m = /^bucket-(\d+)$/.exec(e);
        walk(p, m ? Number(m[1]) : bucket);
      } else if (bucket !== undefined && /\.(parquet|orc)$/.test(e)) {
        out.push({ key: relative(join(ROOT, table), p), name: e, folderBucket: bucket, size: statSync(p).size });
      }
    }
  };
  walk(join(ROOT, table), undefined);
  return out;
}

/** Data file name → (schema id, row count) from every manifest of the table. */
function fileMetas(table: string): Map<string, { schemaId: number; rowCount: bigint }> {
  const out = new Map<string, { schemaId: number; rowCount: bigint }>();
  const dir = join(ROOT, table, 'manifest');
  for (const f of readdirSync(dir).filter((x) => /^manifest-(?!list-)/.test(x))) {
    for (const e of parseManifest(new Uint8Array(readFileSync(join(dir, f))), f).entries) {
      out.set(e.file.fileName, { schemaId: e.file.schemaId, rowCount: e.file.rowCount });
    }
  }
  return out;
}

/** A value read from Arrow as the BinaryRow encoder takes it (the key types the fixtures hash). */
function keyValue(v: unknown, t: DataType): Value | null {
  if (v === null || v === undefined) return null;
  switch (t.root) {
    case 'TINYINT': case 'SMALLINT': case 'INT': case 'DATE': case 'FLOAT': case 'DOUBLE': return Number(v);
    case 'BIGINT': return BigInt(v as bigint);
    case 'CHAR': case 'VARCHAR': return String(v);
    case 'BOOLEAN': return Boolean(v);
    case 'BINARY': case 'VARBINARY': return v as Uint8Array;
    default: throw new Error(`bucket test: no conversion for bucket key type ${t.root}; extend keyValue`);
  }
}

const tables = FIXTURES_PRESENT ? readdirSync(ROOT) : [];

describe('paimon MurmurHash3 (hashBytesByWords)', () => {
  it('is the x86 32-bit MurmurHash3 over little-endian words: reference vectors', () => {
    // MurmurHash3_x86_32 reference values (SMHasher): "" seed 0 → 0, "" seed 1 → 0x514E28B7,
    // 0xffffffff seed 0 → 0x76293B50, 0x21436587 seed 0 → 0xF55B516B, 0x21436587 seed 0x5082EDEE → 0x2362F9DE.
    const u32 = (x: number) => new Uint8Array(new Uint32Array([x]).buffer);
    expect(hashBytesByWords(new Uint8Array(0), 0) >>> 0).toBe(0);
    expect(hashBytesByWords(new Uint8Array(0), 1) >>> 0).toBe(0x514e28b7);
    expect(hashBytesByWords(u32(0xffffffff), 0) >>> 0).toBe(0x76293b50);
    expect(hashBytesByWords(u32(0x87654321), 0) >>> 0).toBe(0xf55b516b);
    expect(hashBytesByWords(u32(0x87654321), 0x5082edee) >>> 0).toBe(0x2362f9de);
  });

  it('gives the buckets Paimon Java gives row (5, 6, 7) of INT fields with 100 buckets', () => {
    // The values asserted in paimon-core's FixedBucketRowKeyExtractorTest.testBucket:
    // bucket key a → 96, (a, b) → 27, (a, b, c) → 40.
    const int = parseDataType('INT');
    expect(bucketOf([5], [int], 100)).toBe(96);
    expect(bucketOf([5, 6], [int, int], 100)).toBe(27);
    expect(bucketOf([5, 6, 7], [int, int, int], 100)).toBe(40);
  });

  it('takes bucket-key, else the primary key without partition fields', () => {
    const schema = (options: Record<string, string>, pk: string[], part: string[]) => parseTableSchema(JSON.stringify({
      version: 3, id: 0, highestFieldId: 2, partitionKeys: part, primaryKeys: pk, options,
      fields: ['a', 'b', 'c'].map((name, id) => ({ id, name, type: 'INT' })),
    }));
    expect(bucketKeyFields(schema({ 'bucket-key': 'c' }, ['a', 'b'], [])).map((f) => f.name)).toEqual(['c']);
    expect(bucketKeyFields(schema({}, ['a', 'b'], ['a'])).map((f) => f.name)).toEqual(['b']);
    expect(() => bucketKeyFields(schema({}, [], []))).toThrow(/neither a bucket-key nor a primary key/);
  });

  it('refuses byte counts that are not whole words', () => {
    expect(() => hashBytesByWords(new Uint8Array(3))).toThrow(/not a whole number of words/);
  });

  it('hashes a non-compact decimal over the 16 bytes Java reserves for it', () => {
    const t = [{ root: 'DECIMAL', precision: 23, scale: 5, nullable: true }] as unknown as DataType[];
    const row = encodeBinaryRow([12345n], t);
    expect(row.length).toBe(4 + 8 + 8 + 16);
  });
});

describe.skipIf(!FIXTURES_PRESENT)('paimon bucket function on every fixture row', () => {
  for (const table of tables) {
    it(`${table}: every row lands in the bucket folder Paimon put it in`, async () => {
      const schemaFile = (id: number) => join(ROOT, table, 'schema', `schema-${id}`);
      const latest = parseTableSchema(readFileSync(schemaFile(0), 'utf8'));
      const numBuckets = Number(latest.options.bucket ?? '-1');
      if (numBuckets < 1) return; // dynamic / postpone buckets are not hashed
      const storage = new FsStorage(join(ROOT, table), { readOnly: true });
      const metas = fileMetas(table);
      const schemas = new Map<number, TableSchema>();
      const schemaOf = (id: number) => {
        if (!schemas.has(id)) schemas.set(id, parseTableSchema(readFileSync(schemaFile(id), 'utf8')));
        return schemas.get(id)!;
      };
      const files = dataFiles(table);
      expect(files.length).toBeGreaterThan(0);
      let rows = 0;
      const seen = new Set<number>();
      const distinct = new Map<string, number>();
      for (const f of files) {
        const meta = metas.get(f.name);
        expect(meta, `${f.key} is in a manifest`).toBeDefined();
        const schema = schemaOf(meta!.schemaId);
        expect(existsSync(schemaFile(meta!.schemaId))).toBe(true);
        const keys = bucketKeyFields(schema);
        const file = {
          key: f.key, fileName: f.name, schemaId: schema.id, level: 0, rowCount: String(meta!.rowCount),
          fileSize: f.size, minSequenceNumber: '0', maxSequenceNumber: '0',
        };
        for await (const batch of readDataFile({ storage, file, fileSchema: schema, readSchema: schema, systemColumns: false })) {
          const columns = keys.map((k) => batch.getChild(k.name)!);
          for (let r = 0; r < batch.numRows; r++) {
            const values = keys.map((k, i) => keyValue(columns[i]!.get(r), k.type));
            const bucket = bucketOf(values, keys.map((k) => k.type), numBuckets);
            if (bucket !== f.folderBucket) throw new Error(`${f.key} row ${r} key ${JSON.stringify(values)}: ours ${bucket}, Paimon's ${f.folderBucket}`);
            distinct.set(JSON.stringify(values), bucket);
            rows++;
          }
        }
        seen.add(f.folderBucket);
      }
      expect(rows).toBeGreaterThan(0);
      console.log(`${table}: ${rows} rows in ${files.length} files over buckets ${[...seen].sort().join(',')} of ${numBuckets}; keys → bucket ${JSON.stringify([...distinct])}`);
    });
  }
});
