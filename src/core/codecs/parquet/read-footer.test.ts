/**
 * read-footer.ts against hyparquet's full footer parse: on every Parquet file of the shared fixtures
 * (Iceberg, Delta incl. checkpoints, Paimon, Hudi writers) every field it decodes equals hyparquet's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetMetadata, type FileMetaData } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { isLakeError } from '../../errors.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT } from '../../../testing/fixtures.ts';
import { parquetFooterForDecoding, parquetFooterOfFile } from './footer.ts';
import { readFooterForDecoding } from './read-footer.ts';

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

/** hyparquet's metadata cut to the fields read-footer.ts decodes. */
function decodedPart(m: FileMetaData): unknown {
  return {
    version: m.version, schema: m.schema, num_rows: m.num_rows, key_value_metadata: m.key_value_metadata, created_by: m.created_by, metadata_length: m.metadata_length,
    row_groups: m.row_groups.map((g) => ({
      total_byte_size: g.total_byte_size, num_rows: g.num_rows, file_offset: g.file_offset, total_compressed_size: g.total_compressed_size, ordinal: g.ordinal,
      columns: g.columns.map((c) => ({
        file_path: c.file_path, file_offset: c.file_offset,
        meta_data: c.meta_data && {
          type: c.meta_data.type, encodings: c.meta_data.encodings, path_in_schema: c.meta_data.path_in_schema, codec: c.meta_data.codec,
          num_values: c.meta_data.num_values, total_uncompressed_size: c.meta_data.total_uncompressed_size, total_compressed_size: c.meta_data.total_compressed_size,
          data_page_offset: c.meta_data.data_page_offset, index_page_offset: c.meta_data.index_page_offset, dictionary_page_offset: c.meta_data.dictionary_page_offset,
        },
      })),
    })),
  };
}

const bufferOf = (b: Uint8Array) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

describe.skipIf(!FIXTURES_PRESENT)('readFooterForDecoding on every fixture file', () => {
  it('decodes what hyparquet decodes, field for field, and leaves out only statistics-like fields', () => {
    const files = walk(FIXTURES_DIR).filter((f) => f.endsWith('.parquet'));
    expect(files.length).toBeGreaterThan(500);
    const left: string[] = [];
    let statistics = 0;
    for (const file of files) {
      const bytes = new Uint8Array(readFileSync(file));
      const ours = readFooterForDecoding(bytes);
      const theirs = parquetMetadata(bufferOf(bytes));
      if (!ours) { left.push(file); continue; }
      expect(decodedPart(ours), file).toEqual(decodedPart(theirs));
      // Nothing is decoded beyond that: statistics and the like stay absent.
      for (const g of ours.row_groups) for (const c of g.columns) {
        expect(c.meta_data?.statistics, file).toBeUndefined();
        if (theirs.row_groups[0]?.columns[0]?.meta_data?.statistics) statistics++;
      }
    }
    expect(statistics).toBeGreaterThan(100); // the fixtures do carry statistics: they were skipped, not missing
    // Files left to hyparquet are the exception (none among these writers' files today).
    expect(left).toEqual([]);
  });
});

/** A footer with the given Thrift bytes, framed as a file: "PAR1" + footer + length + "PAR1". */
function fileWithFooter(footer: number[]): Uint8Array {
  const out = new Uint8Array(4 + footer.length + 8);
  out.set([0x50, 0x41, 0x52, 0x31]);
  out.set(footer, 4);
  new DataView(out.buffer).setUint32(4 + footer.length, footer.length, true);
  out.set([0x50, 0x41, 0x52, 0x31], 8 + footer.length);
  return out;
}

describe('readFooterForDecoding outside its common case', () => {
  // FileMetaData { 1: version 1, 2: schema [{ 4: name 's' }], 3: num_rows 0, 4: row_groups [] }
  const minimal = [0x15, 0x02, 0x19, 0x1c, 0x48, 0x01, 0x73, 0x00, 0x16, 0x00, 0x19, 0x0c];

  it('decodes a minimal footer as hyparquet does', () => {
    const bytes = fileWithFooter([...minimal, 0x00]);
    expect(decodedPart(readFooterForDecoding(bytes)!)).toEqual(decodedPart(parquetMetadata(bufferOf(bytes))));
  });

  it('leaves a GeoParquet file, a truncated footer and bad magic to hyparquet (undefined)', () => {
    // + 5: key_value_metadata [{ 1: 'geo', 2: '{}' }]
    const geo = fileWithFooter([...minimal, 0x19, 0x1c, 0x18, 0x03, 0x67, 0x65, 0x6f, 0x18, 0x02, 0x7b, 0x7d, 0x00, 0x00]);
    expect(readFooterForDecoding(geo)).toBeUndefined();
    expect(parquetMetadata(bufferOf(geo)).key_value_metadata).toEqual([{ key: 'geo', value: '{}' }]);
    expect(readFooterForDecoding(fileWithFooter(minimal))).toBeUndefined(); // no STOP byte
    const bad = fileWithFooter([...minimal, 0x00]);
    bad[bad.length - 1] = 0x32;
    expect(readFooterForDecoding(bad)).toBeUndefined();
  });

  it('parquetFooterForDecoding gives parquetFooterOfFile\'s DataInvalid error, naming the file', () => {
    const cut = fileWithFooter([...minimal, 0x00]);
    cut[cut.length - 1] = 0x32; // "PAR2"
    const err = (f: () => unknown) => { try { f(); } catch (e) { return e; } return undefined; };
    const ours = err(() => parquetFooterForDecoding(cut, 'data/a.parquet'));
    const theirs = err(() => parquetFooterOfFile(cut, 'data/a.parquet'));
    expect(isLakeError(ours, 'DataInvalid')).toBe(true);
    expect((ours as Error).message).toBe((theirs as Error).message);
    expect((ours as Error).message).toMatch(/^parquet: invalid footer/);
    expect(isLakeError(ours) && ours.context.file).toBe('data/a.parquet');
  });
});
