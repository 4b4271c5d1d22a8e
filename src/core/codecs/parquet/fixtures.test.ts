/**
 * Every Parquet file written by the engines in the shared fixtures (Iceberg, Delta incl. checkpoints,
 * Paimon, Hudi; snappy/zstd/gzip, INT96, decimals, nested lists/maps/structs) decodes with parquet-wasm
 * to as many rows as its footer says, and field ids in the footer match those on the Arrow fields.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Field } from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../testing/fixtures.ts';
import { bytesSource, readParquetFooter, readParquetToArrow, PARQUET_FIELD_ID_KEY, type ParquetField } from './index.ts';

if (!FIXTURES_PRESENT) console.warn(`parquet fixtures test skipped: ${FIXTURES_SKIP_REASON}`);
beforeAll(() => installNodeParquetWasm());

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]);
}

/** Pairs Arrow fields with footer fields by name, recursively, and checks the ids agree. Returns how many ids were compared. */
function compareIds(arrow: readonly Field[], parquet: readonly ParquetField[]): number {
  let n = 0;
  for (const f of arrow) {
    const p = parquet.find((x) => x.name === f.name);
    if (!p) continue;
    const id = f.metadata.get(PARQUET_FIELD_ID_KEY);
    expect(id, `${f.name} field id`).toBe(p.fieldId === undefined ? undefined : String(p.fieldId));
    if (id !== undefined) n++;
    n += compareIds(f.type.children ?? [], flattenRepeated(p.children));
  }
  return n;
}

/** Parquet LIST/MAP groups have an extra repeated level (list/element, key_value) that Arrow names differently. */
function flattenRepeated(children: readonly ParquetField[]): ParquetField[] {
  return children.flatMap((c) => (c.repetition === 'REPEATED' && c.children.length ? [c, ...c.children] : [c]));
}

describe.skipIf(!FIXTURES_PRESENT)('parquet: every fixture file', () => {
  for (const format of ['iceberg', 'delta', 'paimon', 'hudi']) {
    it(format, async () => {
      const files = walk(join(FIXTURES_DIR, format)).filter((f) => f.endsWith('.parquet'));
      expect(files.length).toBeGreaterThan(0);
      let idsCompared = 0;
      for (const path of files) {
        const bytes = new Uint8Array(readFileSync(path));
        const footer = await readParquetFooter(bytesSource(bytes, path));
        let rows = 0;
        for await (const batch of readParquetToArrow(bytes, { name: path })) {
          rows += batch.numRows;
          idsCompared += compareIds(batch.schema.fields, footer.fields);
        }
        expect(BigInt(rows), path).toBe(footer.numRows);
      }
      // Iceberg writers always write field ids; they must reach the Arrow fields.
      if (format === 'iceberg') expect(idsCompared).toBeGreaterThan(100);
    });
  }
});
