/** ORC: tail (postscript, footer, metadata), stripes, RLE v1/v2, every compression, Arrow batches, statistics pruning. */
export { readOrcTail, readOrcTailSync, TAIL_READ_BYTES } from './tail.ts';
export { readOrcRecordsSync, isOrcFile, valueOf } from './records.ts';
export type { OrcTail } from './tail.ts';
export { readOrcToArrow, readOrcTable, orcArrowSchema, topColumns, decodeStripe, readStripeFooter } from './arrow-reader.ts';
export { selectStripes, selectRowGroups, columnRange, parseDecimalStat } from './stripe-filter.ts';
export type { OrcColumnRange, OrcRangePredicate, BloomProbe } from './stripe-filter.ts';
export { bloomHash, bloomMightContain, murmur3Hash64, longHash } from './bloom-filter.ts';
export { zoneOffsets, ORC_EPOCH_UTC } from './timezone.ts';
export type { ReadOrcOptions } from './arrow-reader.ts';
export { buildTypeTree, typeString, arrowType, arrowField, fieldIdOf, FIELD_ID_ATTRIBUTES } from './schema.ts';
export type { OrcType } from './schema.ts';
export { COMPRESSION_NAMES, TYPE_KINDS, STREAM_KIND_NAMES, ENCODING_NAMES } from './proto-messages.ts';
export type { ColumnStatisticsProto, Footer, PostScript, StripeFooter, StripeInformation } from './proto-messages.ts';
export { describeOrc } from './describe.ts';
