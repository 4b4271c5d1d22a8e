/**
 * An ORC file's tail and stripe footers as plain display data (for the Raw view): postscript,
 * footer (types with field ids, stripes, column statistics, user metadata) and, per stripe, its
 * streams, column encodings and writer time zone. Names follow orc_proto.proto.
 */
import { COMPRESSION_NAMES, ENCODING_NAMES, STREAM_KIND_NAMES, TYPE_KINDS, type ColumnStatisticsProto, type StripeFooter } from './proto-messages.ts';
import { fieldIdOf, typeString, type OrcType } from './schema.ts';
import type { OrcTail } from './tail.ts';

/** Known writer ids (orc_proto.proto, Footer.writer). */
const WRITERS = ['ORC_JAVA', 'ORC_CPP', 'PRESTO', 'SCRITCHLEY_GO', 'TRINO', 'CUDF'];

function flatTypes(root: OrcType | undefined): OrcType[] {
  const out: OrcType[] = [];
  const walk = (t: OrcType): void => { out.push(t); t.children.forEach(walk); };
  if (root) walk(root);
  return out;
}

function stats(s: ColumnStatisticsProto): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) if (v !== undefined) out[k] = v;
  return out;
}

/** Must hold: JSON-safe apart from bigints (toDisplay turns them into strings). */
export function describeOrc(tail: OrcTail, stripeFooters: ReadonlyMap<number, StripeFooter> = new Map()): Record<string, unknown> {
  const ps = tail.postscript;
  let stripeStats: ColumnStatisticsProto[][] = [];
  try {
    stripeStats = tail.stripeStatistics;
  } catch {
    stripeStats = [];
  }
  return {
    postscript: {
      footerLength: ps.footerLength,
      compression: COMPRESSION_NAMES[ps.compression] ?? ps.compression,
      compressionBlockSize: ps.compressionBlockSize,
      version: ps.version.join('.'),
      metadataLength: ps.metadataLength,
      writerVersion: ps.writerVersion,
    },
    schema: tail.schema ? typeString(tail.schema) : '',
    numberOfRows: tail.footer.numberOfRows,
    rowIndexStride: tail.footer.rowIndexStride,
    writer: tail.footer.writer === undefined ? undefined : WRITERS[tail.footer.writer] ?? tail.footer.writer,
    softwareVersion: tail.footer.softwareVersion,
    types: flatTypes(tail.schema).map((t) => ({
      id: t.id, name: t.name, kind: TYPE_KINDS[t.kind], fieldId: fieldIdOf(t),
      ...(t.attributes.size ? { attributes: Object.fromEntries(t.attributes) } : {}),
    })),
    stripes: tail.footer.stripes.map((s, i) => {
      const f = stripeFooters.get(i);
      return {
        offset: s.offset, indexLength: s.indexLength, dataLength: s.dataLength, footerLength: s.footerLength, numberOfRows: s.numberOfRows,
        ...(f ? {
          writerTimezone: f.writerTimezone,
          streams: f.streams.map((st) => ({ kind: STREAM_KIND_NAMES[st.kind] ?? st.kind, column: st.column, length: st.length })),
          encodings: f.columns.map((e, column) => ({ column, kind: ENCODING_NAMES[e.kind] ?? e.kind, ...(e.dictionarySize ? { dictionarySize: e.dictionarySize } : {}) })),
        } : {}),
        ...(stripeStats[i] ? { statistics: stripeStats[i]!.map(stats) } : {}),
      };
    }),
    statistics: tail.footer.statistics.map(stats),
    metadata: Object.fromEntries(tail.footer.metadata.map((m) => [m.name, new TextDecoder().decode(m.value)])),
  };
}
