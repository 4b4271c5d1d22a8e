/**
 * English text of the errors met at the worker boundary, of stopped calls, and of Lakescope's own bugs (issue 20,
 * after en-errors10.ts). Each is the exact English message it had before it carried a reference.
 *
 * `error.internal` is the one message of every Internal error that signals a bug in Lakescope (a check of its
 * own invariants: columns of a batch that differ, an encoder used before it was built): its English is the
 * engine's own sentence, kept whole as data, because it is written for whoever fixes the bug and quoted in bug
 * reports as it is; the reader's language says that it is such a bug. The error panel's headline and advice for
 * the Internal code (en-ui.ts) already say what a reader can do.
 */

import { enBoundary } from './en-boundary.ts';

export const enErrors11 = {
  'error.internal': (p: { detail: string }) => p.detail,
  // error.aborted and the worker boundary's messages (worker/rpc.ts, worker/engine-host.ts): en-boundary.ts
  ...enBoundary,
  // Readers and writers that stop
  'error.read.stopped': () => 'read: stopped',
  'error.rows.closed': () => 'rows: cursor closed',
  'error.paimon.write.aborted': () => 'paimon write: aborted',
  // Decoding limits and bytes (util/decode-limits.ts, util/bytes.ts, util/json.ts)
  'error.decode.bomb': (p: { what: string; max: number; bytes: string }) =>
    `${p.what}: decompresses to more than ${p.max} bytes (claims or reaches ${p.bytes}) — refused as a possible decompression bomb`,
  'error.decode.bombLimit': (p: { what: string; max: number }) => `${p.what}: decompresses to more than ${p.max} bytes (limit) — refused as a possible decompression bomb`,
  'error.decode.gzip': (p: { what: string; detail: string }) => `${p.what}: not valid gzip (${p.detail})`,
  'error.bytes.hex': () => 'bytes: invalid hex string',
  'error.bytes.utf8': () => 'bytes: invalid UTF-8',
  'error.bytes.pastEnd': (p: { width: number; offset: number; length: number }) => `bytes: read of ${p.width} bytes at offset ${p.offset} past the end (${p.length} bytes)`,
  'error.json.depth': (p: { depth: number }) => `json: nested deeper than ${p.depth} levels (the decode limit; util/decode-limits.ts)`,
  // Puffin files: Iceberg v3 deletion vectors and statistics (codecs/puffin.ts); `error.within` puts `puffin` in front
  'error.puffin.short': (p: { bytes: number }) => `file of ${p.bytes} bytes is too short`,
  'error.puffin.magicStart': () => 'bad magic at file start',
  'error.puffin.magicEnd': () => 'bad magic at file end',
  'error.puffin.magicFooter': () => 'bad magic at footer start',
  'error.puffin.payloadSize': (p: { size: number }) => `footer payload size ${p.size} does not fit in the file`,
  'error.puffin.noBlobs': () => 'footer has no blobs list',
  'error.puffin.blobField': (p: { blob: number; field: string }) => `blob ${p.blob} has no valid ${p.field}`,
  'error.puffin.blobNo': (p: { blob: number; field: string }) => `blob ${p.blob} has no ${p.field}`,
  'error.puffin.blobBeyond': (p: { offset: number; length: number }) => `blob at ${p.offset}+${p.length} is beyond the file end`,
  'error.puffin.dvShort': (p: { bytes: number }) => `deletion vector of ${p.bytes} bytes is too short`,
  'error.puffin.dvLength': (p: { length: number; size: number }) => `deletion vector length ${p.length} does not match blob size ${p.size}`,
  'error.puffin.dvMagic': () => 'bad deletion vector magic',
  'error.puffin.dvCrc': () => 'deletion vector CRC mismatch',
  'error.puffin.dvBeyond': (p: { offset: number; length: number }) => `deletion vector at ${p.offset}+${p.length} is beyond the file end`,
  'error.puffin.overlap': (p: { size: number; offset: number; length: number }) => `footer payload size ${p.size} makes the footer overlap the blob at ${p.offset}+${p.length}`,
  'error.puffin.noBlobAt': (p: { offset: number; length: number }) => `the footer lists no blob at ${p.offset}+${p.length}`,
  'error.puffin.lz4': () => 'puffin: LZ4-compressed footers are not supported',
  'error.puffin.notJson': (p: { detail: string }) => `puffin: footer payload is not JSON: ${p.detail}`,
  'error.puffin.codec': (p: { codec: string }) => `puffin: blob compression ${p.codec} is not supported`,
  // The rows of the Data tab (api/row-cursor.ts)
  'error.rows.noIncremental': () => 'rows: this table format offers no incremental read ("changes since a version")',
  'error.rows.filterIncremental': () => 'rows: a filter cannot be combined with "changes since a version" yet',
  'error.rows.page': (p: { offset: number; limit: number; max: number }) => `rows: page ${p.offset}+${p.limit} is out of range (at most ${p.max} rows a page)`,
};
