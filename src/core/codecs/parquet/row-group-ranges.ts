/**
 * Reading only some row groups of a large Parquet file: one ranged read per run of kept row groups
 * (row groups whose byte spans lie within {@link COALESCE_GAP_BYTES} of each other are fetched together),
 * never the whole file. parquet-wasm decodes a whole file's bytes, so each kept row group becomes a
 * compact one-row-group Parquet file: `PAR1`, its column chunks, a footer naming just that row group with
 * the chunk offsets moved (Parquet format, "File Format" and "Metadata": ColumnMetaData
 * `data_page_offset` / `dictionary_page_offset` are absolute file offsets), `PAR1`. The footer is the
 * file's own, edited in place of its Thrift (schema, key/value metadata, `created_by` untouched), so it
 * decodes to the same Arrow. (Re-encoding a parsed footer lost logical types parquet-wasm then rejected.)
 */
import type { ColumnChunk, FileMetaData, RowGroup } from 'hyparquet';
import { throwIfAborted } from '../../errors.ts';
import { internalError } from '../../message-error.ts';
import type { ByteSource } from './byte-source.ts';
import { dropFields, field, readStruct, type TList, type TStruct, writeStruct } from './thrift-compact.ts';

/** Kept row groups closer than this are fetched in one read (the gap's bytes cost less than a round trip). */
export const COALESCE_GAP_BYTES = 256 * 1024;

/**
 * A run grows past its first row group only while its span stays within this: merging saves a round trip,
 * which matters for small row groups; a large row group is a request of its own, so a reader that stops
 * after the first rows (the Data tab's first page) has fetched no more than the row group they are in.
 */
export const COALESCE_MAX_RUN_BYTES = 1024 * 1024;

/** A half-open byte span of a file. */
export interface ByteSpan { readonly offset: number; readonly end: number }

/** Where a column chunk's pages lie (its dictionary page, when present, comes first), as hyparquet reads it. */
function chunkSpan(c: ColumnChunk): ByteSpan {
  const m = c.meta_data!;
  const offset = Number(m.dictionary_page_offset || m.data_page_offset);
  return { offset, end: offset + Number(m.total_compressed_size) };
}

/** The span of all of a row group's column chunks. */
export function rowGroupSpan(rg: RowGroup): ByteSpan {
  const spans = rg.columns.map(chunkSpan);
  return { offset: Math.min(...spans.map((s) => s.offset)), end: Math.max(...spans.map((s) => s.end)) };
}

/** Row groups (in the order given) grouped into runs whose spans may be fetched as one (at most {@link COALESCE_MAX_RUN_BYTES} unless one row group is larger), with the run's span. */
export function coalesceRowGroups(metadata: FileMetaData, rowGroups: readonly number[], maxGap = COALESCE_GAP_BYTES): { span: ByteSpan; rowGroups: number[] }[] {
  const runs: { span: ByteSpan; rowGroups: number[] }[] = [];
  for (const rg of rowGroups) {
    const s = rowGroupSpan(metadata.row_groups[rg]!);
    const last = runs.at(-1);
    if (last && s.offset >= last.span.offset && s.offset - last.span.end <= maxGap && Math.max(last.span.end, s.end) - last.span.offset <= COALESCE_MAX_RUN_BYTES) {
      last.span = { offset: last.span.offset, end: Math.max(last.span.end, s.end) };
      last.rowGroups.push(rg);
    } else {
      runs.push({ span: s, rowGroups: [rg] });
    }
  }
  return runs;
}

/**
 * Fetches the given row groups run by run ({@link coalesceRowGroups}) and yields each as a compact
 * Parquet file, in the order given. Must hold: one ranged read of `source` per run, nothing else read.
 */
export async function* readRowGroupFiles(source: ByteSource, metadata: FileMetaData, rawFooter: Uint8Array, rowGroups: readonly number[], signal?: AbortSignal, maxGap = COALESCE_GAP_BYTES): AsyncGenerator<{ rowGroup: number; file: Uint8Array }> {
  for (const run of coalesceRowGroups(metadata, rowGroups, maxGap)) {
    throwIfAborted(signal, 'parquet read');
    const bytes = await source.read(run.span.offset, run.span.end - run.span.offset, signal);
    for (const rg of run.rowGroups) yield { rowGroup: rg, file: compactRowGroupFile(metadata, rawFooter, rg, bytes, run.span.offset) };
  }
}

/**
 * A one-row-group Parquet file holding row group `rg`, whose chunks are in `bytes` (file offset `base`).
 * The footer is `rawFooter` (the file's own Thrift bytes) edited field by field (thrift-compact.ts), so
 * whatever it says that this code does not know passes through unchanged.
 */
export function compactRowGroupFile(metadata: FileMetaData, rawFooter: Uint8Array, rg: number, bytes: Uint8Array, base: number): Uint8Array {
  const group = metadata.row_groups[rg]!;
  const { struct: footer } = readStruct(rawFooter);
  const groups = field(footer, 4)?.value as TList | undefined;
  const rawGroup = groups?.items[rg] as TStruct | undefined;
  const rawChunks = (rawGroup && field(rawGroup, 1)?.value as TList | undefined)?.items as TStruct[] | undefined;
  if (!groups || !rawGroup || rawChunks?.length !== group.columns.length) {
    // Both footers are parsed from the same bytes: a disagreement is a bug in one of the two parsers, not damage.
    throw internalError(`parquet footer: row group ${rg} is not where the parsed footer has it`);
  }
  const parts: Uint8Array[] = [];
  let at = 4;
  group.columns.forEach((c, i) => {
    const s = chunkSpan(c);
    parts.push(bytes.subarray(s.offset - base, s.end - base));
    const shift = BigInt(at - s.offset);
    const chunk = rawChunks[i]!;
    // ColumnChunk: 2 file_offset; 4–7 offset/column index offsets and lengths (left behind).
    dropFields(chunk, [4, 5, 6, 7]);
    const fileOffset = field(chunk, 2);
    if (fileOffset) fileOffset.value = (fileOffset.value as bigint) + shift;
    const meta = field(chunk, 3)?.value as TStruct | undefined;
    if (meta) {
      // ColumnMetaData: 9 data_page_offset, 11 dictionary_page_offset move; 10 index page, 14/15 bloom filter stay behind.
      dropFields(meta, [10, 14, 15]);
      for (const id of [9, 11]) { const f = field(meta, id); if (f && (id === 9 || f.value)) f.value = (f.value as bigint) + shift; }
    }
    at += s.end - s.offset;
  });
  // RowGroup: 5 file_offset, 6 total_compressed_size; FileMetaData: 3 num_rows, 4 row_groups.
  const groupOffset = field(rawGroup, 5);
  if (groupOffset) groupOffset.value = 4n;
  const compressed = field(rawGroup, 6);
  if (compressed) compressed.value = BigInt(at - 4);
  groups.items = [rawGroup];
  field(footer, 3)!.value = group.num_rows;
  const footerBytes = writeStruct(footer);
  const out = new Uint8Array(at + footerBytes.length + 8);
  const magic = [0x50, 0x41, 0x52, 0x31]; // 'PAR1'
  out.set(magic, 0);
  let p = 4;
  for (const part of parts) { out.set(part, p); p += part.length; }
  out.set(footerBytes, p);
  new DataView(out.buffer).setUint32(p + footerBytes.length, footerBytes.length, true);
  out.set(magic, p + footerBytes.length + 4);
  return out;
}
