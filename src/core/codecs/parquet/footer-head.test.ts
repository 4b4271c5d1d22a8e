/**
 * The footer head (schema, rows, row groups with statistics) read without the key/value metadata equals
 * the whole footer's, for every Parquet file of the shared fixtures; its reads are counted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../testing/fixtures.ts';
import { bytesSource, readParquetFooter, readParquetFooterHead, FOOTER_HEAD_BYTES, type ByteSource } from './index.ts';

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

function counted(source: ByteSource): ByteSource & { reads: [number, number][] } {
  const reads: [number, number][] = [];
  return { size: source.size, name: source.name, reads, read: (o, n, s) => { reads.push([o, n]); return source.read(o, n, s); } };
}

describe.skipIf(!FIXTURES_PRESENT)('parquet footer head', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('equals the whole footer without its key/value metadata, for every fixture Parquet file', async () => {
    const files = walk(FIXTURES_DIR).filter((f) => f.endsWith('.parquet'));
    expect(files.length).toBeGreaterThan(50);
    let hudi = 0;
    for (const f of files) {
      const bytes = new Uint8Array(readFileSync(f));
      const whole = await readParquetFooter(bytesSource(bytes, f));
      const source = counted(bytesSource(bytes, f));
      const head = await readParquetFooterHead(source);
      expect(head.metadata.row_groups, f).toEqual(whole.metadata.row_groups);
      expect([head.metadata.schema, head.numRows, head.fields], f).toEqual([whole.metadata.schema, whole.numRows, whole.fields]);
      expect(head.metadata.key_value_metadata).toBeUndefined();
      const footerLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(bytes.length - 8, true);
      expect(source.reads[0]).toEqual([bytes.length - 8, 8]);
      if (f.includes('/hudi')) {
        hudi++;
        // Hudi's footers (~430 KB with the bloom filter) are read for 8 + 16 KiB.
        expect(source.reads, f).toEqual([[bytes.length - 8, 8], [bytes.length - 8 - footerLength, Math.min(footerLength, FOOTER_HEAD_BYTES)]]);
      }
    }
    expect(hudi).toBeGreaterThan(20);
  });

  it('a cut or foreign file is DataInvalid naming the file', async () => {
    const f = walk(join(FIXTURES_DIR, 'hudi')).find((x) => x.endsWith('.parquet'))!;
    const bytes = new Uint8Array(readFileSync(f));
    for (const bad of [bytes.subarray(0, bytes.length - 3), bytes.subarray(bytes.length - 1000), new Uint8Array(5)]) {
      await expect(readParquetFooterHead(bytesSource(bad, 'x.parquet'))).rejects.toMatchObject({ code: 'DataInvalid', context: { file: 'x.parquet' } });
    }
  });
});
